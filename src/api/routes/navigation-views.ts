/** Navigation views: GET/POST /navigation_views, PATCH/DELETE /navigation_views/{fragment} (feature level 390). */
import type {
  DeleteNavigationViewsFragmentParams,
  PatchNavigationViewsFragmentParams,
  PostNavigationViewsParams,
} from '../../generated/types.js';
import {
  addNavigationView,
  BUILT_IN_VIEW_FRAGMENTS,
  findNavigationView,
  formatNavigationView,
  navigationViewNameTaken,
  removeNavigationView,
  updateNavigationView,
  userNavigationViews,
} from '../../store/navigation-views/navigation-views.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

/** The fragment without surrounding whitespace (the server strips it); a blank one is refused. */
function fragmentOf(value: string): string {
  const fragment = value.trim();
  if (fragment === '') throw errors.blank('fragment');
  return fragment;
}

export const navigationViewRoutes = [
  defineRoute({
    method: 'GET',
    path: '/navigation_views',
    schema: 'get-navigation-views',
    summary: "The caller's navigation views",
    handler({ store, user }) {
      return {
        navigation_views: userNavigationViews(store.state, user.user_id).map(formatNavigationView),
      };
    },
  }),
  defineRoute<PostNavigationViewsParams>({
    method: 'POST',
    path: '/navigation_views',
    schema: 'post-navigation-views',
    summary: 'Add a navigation view (or settings for a built-in one)',
    handler({ store, user, params }) {
      const fragment = fragmentOf(params.fragment);
      const name = params.name?.trim();
      if (BUILT_IN_VIEW_FRAGMENTS.includes(fragment)) {
        if (name !== undefined) throw errors.builtInViewNamed();
      } else if (!name) throw errors.customViewUnnamed();
      // The same fragment or the same name twice: both are "already exists".
      if (findNavigationView(store.state, user.user_id, fragment)) throw errors.navigationViewExists();
      if (name !== undefined && navigationViewNameTaken(store.state, user.user_id, name))
        throw errors.navigationViewExists();
      addNavigationView(store, user, { fragment, is_pinned: params.is_pinned, name: name ?? null });
      return {};
    },
  }),
  defineRoute<PatchNavigationViewsFragmentParams>({
    method: 'PATCH',
    path: '/navigation_views/{fragment}',
    schema: 'patch-navigation-views-fragment',
    summary: "Change a navigation view's is_pinned and/or name",
    handler({ store, user, params }) {
      const fragment = fragmentOf(params.fragment);
      const name = params.name?.trim();
      if (name === '') throw errors.blank('name');
      // The server checks the name before it looks the view up, as here.
      if (name !== undefined && BUILT_IN_VIEW_FRAGMENTS.includes(fragment)) throw errors.builtInViewNamed();
      if (name !== undefined && navigationViewNameTaken(store.state, user.user_id, name))
        throw errors.navigationViewExists();
      const view = findNavigationView(store.state, user.user_id, fragment);
      if (!view) throw errors.navigationViewNotFound();
      updateNavigationView(store, user.user_id, view, { name, is_pinned: params.is_pinned });
      return {};
    },
  }),
  defineRoute<DeleteNavigationViewsFragmentParams>({
    method: 'DELETE',
    path: '/navigation_views/{fragment}',
    schema: 'delete-navigation-views-fragment',
    summary: 'Remove a navigation view',
    handler({ store, user, params }) {
      const fragment = fragmentOf(params.fragment);
      if (!findNavigationView(store.state, user.user_id, fragment)) throw errors.navigationViewNotFound();
      removeNavigationView(store, user.user_id, fragment);
      return {};
    },
  }),
];
