/** Drafts: GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}. */
import type {
  DeleteDraftsDraftIdParams,
  PatchDraftsDraftIdParams,
  PostDraftsParams,
} from '../../generated/types.js';
import {
  checkDraft,
  createDrafts,
  deleteDraft,
  editDraft,
  findDraft,
  formatDraft,
  userDrafts,
  type DraftFields,
} from '../../store/drafts/drafts.js';
import type { UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

function requireSync(user: UserRecord): void {
  if (!user.settings.enable_drafts_synchronization) throw errors.draftsDisabled();
}

function checked(store: Store, user: UserRecord, input: Parameters<typeof checkDraft>[2]): DraftFields {
  const result = checkDraft(store, user, input);
  if ('refusal' in result) throw errors.draftRefused(result.refusal, store.featureLevel);
  return result.fields;
}

export const draftRoutes = [
  defineRoute({
    method: 'GET',
    path: '/drafts',
    schema: 'get-drafts',
    summary: "The caller's drafts, oldest edit first",
    handler({ store, user }) {
      requireSync(user);
      const drafts = userDrafts(store.state, user.user_id).map(formatDraft);
      return { count: drafts.length, drafts };
    },
  }),
  defineRoute<PostDraftsParams>({
    method: 'POST',
    path: '/drafts',
    schema: 'post-drafts',
    summary: 'Create drafts',
    handler({ store, user, params }) {
      requireSync(user);
      const fields = (params.drafts ?? []).map((d) => checked(store, user, d));
      return { ids: createDrafts(store, user, fields) };
    },
  }),
  defineRoute<PatchDraftsDraftIdParams>({
    method: 'PATCH',
    path: '/drafts/{draft_id}',
    schema: 'patch-drafts-draft-id',
    summary: 'Replace a draft',
    handler({ store, user, params }) {
      requireSync(user);
      const draft = findDraft(store.state, user.user_id, params.draft_id);
      if (!draft) throw errors.draftNotFound();
      editDraft(store, draft, checked(store, user, params.draft));
      return {};
    },
  }),
  defineRoute<DeleteDraftsDraftIdParams>({
    method: 'DELETE',
    path: '/drafts/{draft_id}',
    schema: 'delete-drafts-draft-id',
    summary: 'Delete a draft',
    handler({ store, user, params }) {
      requireSync(user);
      const draft = findDraft(store.state, user.user_id, params.draft_id);
      if (!draft) throw errors.draftNotFound();
      deleteDraft(store, draft);
      return {};
    },
  }),
];
