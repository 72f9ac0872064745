/** Saved snippets: GET/POST /saved_snippets, PATCH/DELETE /saved_snippets/{saved_snippet_id}. */
import type {
  DeleteSavedSnippetsSavedSnippetIdParams,
  PatchSavedSnippetsSavedSnippetIdParams,
  PostSavedSnippetsParams,
} from '../../generated/types.js';
import {
  createSnippet,
  deleteSnippet,
  editSnippet,
  findSnippet,
  formatSnippet,
  MAX_SNIPPET_TITLE_LENGTH,
  userSnippets,
} from '../../store/saved-snippets/saved-snippets.js';
import { MAX_MESSAGE_LENGTH } from '../../store/messages/send.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

const LIMITS = { title: MAX_SNIPPET_TITLE_LENGTH, content: MAX_MESSAGE_LENGTH };

/** Trims a title or content, then checks it (as the server does: surrounding whitespace never counts). */
function nonBlank(name: 'title' | 'content', value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw errors.blank(name);
  if ([...trimmed].length > LIMITS[name]) throw errors.tooLong(name, LIMITS[name]);
  return trimmed;
}

export const savedSnippetRoutes = [
  defineRoute({
    method: 'GET',
    path: '/saved_snippets',
    schema: 'get-saved-snippets',
    summary: "The caller's saved snippets",
    handler({ store, user }) {
      return { saved_snippets: userSnippets(store.state, user.user_id).map(formatSnippet) };
    },
  }),
  defineRoute<PostSavedSnippetsParams>({
    method: 'POST',
    path: '/saved_snippets',
    schema: 'post-saved-snippets',
    summary: 'Create a saved snippet',
    handler({ store, user, params }) {
      const title = nonBlank('title', params.title);
      const content = nonBlank('content', params.content);
      return { saved_snippet_id: createSnippet(store, user, title, content).id };
    },
  }),
  defineRoute<PatchSavedSnippetsSavedSnippetIdParams>({
    method: 'PATCH',
    path: '/saved_snippets/{saved_snippet_id}',
    schema: 'patch-saved-snippets-saved-snippet-id',
    summary: "Edit a saved snippet's title and/or content",
    handler({ store, user, params }) {
      const title = params.title === undefined ? undefined : nonBlank('title', params.title);
      const content = params.content === undefined ? undefined : nonBlank('content', params.content);
      // As on the real server, a request that changes nothing succeeds without looking the snippet up.
      if (title === undefined && content === undefined) return {};
      const snippet = findSnippet(store.state, user.user_id, params.saved_snippet_id);
      if (!snippet) throw errors.savedSnippetNotFound();
      editSnippet(store, snippet, { title, content });
      return {};
    },
  }),
  defineRoute<DeleteSavedSnippetsSavedSnippetIdParams>({
    method: 'DELETE',
    path: '/saved_snippets/{saved_snippet_id}',
    schema: 'delete-saved-snippets-saved-snippet-id',
    summary: 'Delete a saved snippet',
    handler({ store, user, params }) {
      const snippet = findSnippet(store.state, user.user_id, params.saved_snippet_id);
      if (!snippet) throw errors.savedSnippetNotFound();
      deleteSnippet(store, snippet);
      return {};
    },
  }),
];
