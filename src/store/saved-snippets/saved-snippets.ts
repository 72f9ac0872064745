/** Saved snippets: per-user reusable message texts, with saved_snippets events to their owner. */
import type { RealmState, SavedSnippetRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { ownedRecords, putOwned, removeOwned } from '../owner-index.js';

/** Longest title accepted (characters). */
export const MAX_SNIPPET_TITLE_LENGTH = 60;

/** A snippet as the API shows it. */
export function formatSnippet(snippet: SavedSnippetRecord): Omit<SavedSnippetRecord, 'user_id'> {
  return {
    id: snippet.id,
    title: snippet.title,
    content: snippet.content,
    date_created: snippet.date_created,
  };
}

/** The user's snippets in creation order. */
export function userSnippets(state: RealmState, userId: number): SavedSnippetRecord[] {
  return ownedRecords(state.savedSnippets, state.byOwner.savedSnippets, userId).sort((a, b) => a.id - b.id);
}

/** The user's own snippet with this id. */
export function findSnippet(state: RealmState, userId: number, id: number): SavedSnippetRecord | undefined {
  const snippet = state.savedSnippets.get(id);
  return snippet?.user_id === userId ? snippet : undefined;
}

/** Creates a snippet (title and content already checked) and emits saved_snippets/add. */
export function createSnippet(
  store: Store,
  user: UserRecord,
  title: string,
  content: string,
): SavedSnippetRecord {
  const snippet: SavedSnippetRecord = {
    id: store.nextId('snippet'),
    user_id: user.user_id,
    title,
    content,
    date_created: store.now(),
  };
  putOwned(
    store.state.savedSnippets,
    store.state.byOwner.savedSnippets,
    snippet.user_id,
    snippet.id,
    snippet,
  );
  store.emit([user.user_id], { type: 'saved_snippets', op: 'add', saved_snippet: formatSnippet(snippet) });
  return snippet;
}

/** Changes a snippet's title and/or content and emits saved_snippets/update. */
export function editSnippet(
  store: Store,
  snippet: SavedSnippetRecord,
  changes: { title?: string; content?: string },
): void {
  if (changes.title !== undefined) snippet.title = changes.title;
  if (changes.content !== undefined) snippet.content = changes.content;
  store.emit([snippet.user_id], {
    type: 'saved_snippets',
    op: 'update',
    saved_snippet: formatSnippet(snippet),
  });
}

/** Deletes a snippet and emits saved_snippets/remove. */
export function deleteSnippet(store: Store, snippet: SavedSnippetRecord): void {
  removeOwned(store.state.savedSnippets, store.state.byOwner.savedSnippets, snippet.user_id, snippet.id);
  store.emit([snippet.user_id], { type: 'saved_snippets', op: 'remove', saved_snippet_id: snippet.id });
}
