/** Organization configuration: linkifiers, code playgrounds and the personal-setting defaults for new users. */
import type {
  DeleteRealmFiltersFilterIdParams,
  DeleteRealmPlaygroundsPlaygroundIdParams,
  PatchRealmFiltersFilterIdParams,
  PatchRealmLinkifiersParams,
  PatchRealmUserSettingsDefaultsParams,
  PostRealmFiltersParams,
  PostRealmPlaygroundsParams,
} from '../../generated/types.js';
import { isRealmAdmin } from '../../store/access.js';
import {
  addLinkifier,
  checkLinkifier,
  checkLinkifierOrder,
  removeLinkifier,
  reorderLinkifiers,
  updateLinkifier,
  checkLinkifierExtras,
  type LinkifierExtras,
} from '../../store/linkifiers/linkifiers.js';
import { addPlayground, checkPlayground, removePlayground } from '../../store/playgrounds/playgrounds.js';
import { changeSettingsDefaults } from '../../store/settings/settings.js';
import type { UserRecord } from '../../store/state.js';
import { trimFields } from '../../versions/fields.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';
import { checkSettingValues } from './settings.js';
import { settingsSuccess } from './settings-response.js';

function requireAdmin(user: UserRecord): void {
  if (!isRealmAdmin(user)) throw errors.mustBeAdmin();
}

export const realmConfigRoutes = [
  defineRoute({
    method: 'GET',
    path: '/realm/linkifiers',
    schema: 'get-realm-linkifiers',
    summary: 'Linkifiers in the order they apply',
    handler({ store }) {
      const level = store.featureLevel;
      return { linkifiers: store.state.linkifiers.map((l) => trimFields('linkifier', { ...l }, level)) };
    },
  }),
  defineRoute<PostRealmFiltersParams>({
    method: 'POST',
    path: '/realm/filters',
    schema: 'post-realm-filters',
    summary: 'Add a linkifier',
    handler({ store, user, params }) {
      requireAdmin(user);
      const failure = checkLinkifier(store.state, params.pattern, params.url_template);
      if (failure) throw errors.validationFailed(failure);
      const extras: LinkifierExtras = {
        example_input: params.example_input || null,
        reverse_template: params.reverse_template || null,
        alternative_url_templates: params.alternative_url_templates ?? [],
      };
      const extrasFailure = checkLinkifierExtras(params.pattern, extras);
      if (extrasFailure) throw errors.validationFailed(extrasFailure);
      return { id: addLinkifier(store, params.pattern, params.url_template, extras).id };
    },
  }),
  defineRoute<PatchRealmFiltersFilterIdParams>({
    method: 'PATCH',
    path: '/realm/filters/{filter_id}',
    schema: 'patch-realm-filters-filter-id',
    summary: 'Change a linkifier',
    handler({ store, user, params }) {
      requireAdmin(user);
      const linkifier = store.state.linkifiers.find((l) => l.id === params.filter_id);
      if (!linkifier) throw errors.linkifierNotFound();
      const failure = checkLinkifier(store.state, params.pattern, params.url_template, linkifier.id);
      if (failure) throw errors.validationFailed(failure);
      // Left out: unchanged; an empty string: back to null.
      const extras: LinkifierExtras = {
        example_input:
          params.example_input === undefined
            ? (linkifier.example_input ?? null)
            : params.example_input || null,
        reverse_template:
          params.reverse_template === undefined
            ? (linkifier.reverse_template ?? null)
            : params.reverse_template || null,
        alternative_url_templates:
          params.alternative_url_templates ?? linkifier.alternative_url_templates ?? [],
      };
      const extrasFailure = checkLinkifierExtras(params.pattern, extras);
      if (extrasFailure) throw errors.validationFailed(extrasFailure);
      updateLinkifier(store, linkifier, params.pattern, params.url_template, extras);
      return {};
    },
  }),
  defineRoute<DeleteRealmFiltersFilterIdParams>({
    method: 'DELETE',
    path: '/realm/filters/{filter_id}',
    schema: 'delete-realm-filters-filter-id',
    summary: 'Remove a linkifier',
    handler({ store, user, params }) {
      requireAdmin(user);
      if (!store.state.linkifiers.some((l) => l.id === params.filter_id)) throw errors.linkifierNotFound();
      removeLinkifier(store, params.filter_id);
      return {};
    },
  }),
  defineRoute<PatchRealmLinkifiersParams>({
    method: 'PATCH',
    path: '/realm/linkifiers',
    schema: 'patch-realm-linkifiers',
    summary: 'Reorder the linkifiers',
    handler({ store, user, params }) {
      requireAdmin(user);
      const refusal = checkLinkifierOrder(store.state, params.ordered_linkifier_ids);
      if (refusal === 'duplicates') throw errors.linkifierOrderDuplicates();
      if (refusal === 'not_all') throw errors.linkifierOrderIncomplete();
      reorderLinkifiers(store, params.ordered_linkifier_ids);
      return {};
    },
  }),
  defineRoute<PostRealmPlaygroundsParams>({
    method: 'POST',
    path: '/realm/playgrounds',
    schema: 'post-realm-playgrounds',
    summary: 'Add a code playground',
    handler({ store, user, params }) {
      requireAdmin(user);
      const failure = checkPlayground(store.state, params);
      if (failure) throw errors.validationFailed(failure);
      return { id: addPlayground(store, params).id };
    },
  }),
  defineRoute<DeleteRealmPlaygroundsPlaygroundIdParams>({
    method: 'DELETE',
    path: '/realm/playgrounds/{playground_id}',
    schema: 'delete-realm-playgrounds-playground-id',
    summary: 'Remove a code playground',
    handler({ store, user, params }) {
      requireAdmin(user);
      if (!store.state.playgrounds.has(params.playground_id)) throw errors.invalidPlayground();
      removePlayground(store, params.playground_id);
      return {};
    },
  }),
  defineRoute<PatchRealmUserSettingsDefaultsParams>({
    method: 'PATCH',
    path: '/realm/user_settings_defaults',
    schema: 'patch-realm-user-settings-defaults',
    summary: 'Change the personal-setting defaults of users who join later',
    async handler({ store, user, params, request }) {
      requireAdmin(user);
      const { dense_mode, ...rest } = params;
      // dense_mode was a setting until level 364; from there the server ignores it.
      const changes = has('dense_mode_removed', store.featureLevel) ? rest : { ...rest, dense_mode };
      checkSettingValues(changes);
      changeSettingsDefaults(store, changes);
      return settingsSuccess(
        request,
        'PATCH /realm/user_settings_defaults',
        'patch-realm-user-settings-defaults',
        store.featureLevel,
      );
    },
  }),
];
