/** Drafts: validation, the change path (with drafts events to the owner) and the API shape. */
import { stripContent, truncateContent } from '../messages/send.js';
import { hasContentAccess } from '../access.js';
import { normalizeTopic, truncateTopic } from '../topics.js';
import type { DraftRecord, RealmState, UserRecord } from '../state.js';
import type { Store } from '../store.js';
import { ownedRecords, putOwned, removeOwned } from '../owner-index.js';

/** A draft as a client submits it (POST /drafts item, PATCH /drafts `draft`). */
export interface DraftInput {
  type: '' | 'stream' | 'private';
  to: number[];
  topic: string;
  content: string;
  timestamp?: number;
}

/** Why a submitted draft was refused; the API layer turns it into an error. */
export type DraftRefusal =
  | { kind: 'not_one_channel' }
  | { kind: 'invalid_channel' }
  | { kind: 'invalid_user'; id: number }
  | { kind: 'topic_null_bytes' }
  | { kind: 'content_empty' }
  | { kind: 'content_null_bytes' }
  | { kind: 'negative_timestamp' };

/** The stored fields of a valid draft. */
export type DraftFields = Omit<DraftRecord, 'id' | 'user_id'>;

/** Draft as the API shows it (GET /drafts, drafts events). */
export function formatDraft(draft: DraftRecord): Omit<DraftRecord, 'user_id'> {
  return {
    id: draft.id,
    type: draft.type,
    to: [...draft.to],
    topic: draft.topic,
    content: draft.content,
    timestamp: draft.timestamp,
  };
}

/** Validates and normalizes one submitted draft the way the server does before storing it. */
export function checkDraft(
  store: Store,
  user: UserRecord,
  input: DraftInput,
): { fields: DraftFields } | { refusal: DraftRefusal } {
  const { state } = store;
  const content = stripContent(input.content);
  if (content === '') return { refusal: { kind: 'content_empty' } };
  if (content.includes('\0')) return { refusal: { kind: 'content_null_bytes' } };
  const timestamp = input.timestamp === undefined ? store.now() : Math.round(input.timestamp);
  if (timestamp < 0) return { refusal: { kind: 'negative_timestamp' } };
  let topic = '';
  let to: number[] = [];
  if (input.type === 'stream') {
    topic = truncateTopic(normalizeTopic(state, input.topic));
    if (topic.includes('\0')) return { refusal: { kind: 'topic_null_bytes' } };
    if (input.to.length !== 1) return { refusal: { kind: 'not_one_channel' } };
    const channel = state.channels.get(input.to[0]!);
    if (!channel || !hasContentAccess(state, user, channel)) return { refusal: { kind: 'invalid_channel' } };
    to = [channel.stream_id];
  } else if (input.type === 'private') {
    for (const id of input.to) {
      if (!state.users.has(id)) return { refusal: { kind: 'invalid_user', id } };
    }
    to = directRecipients(input.to, user.user_id);
  }
  return { fields: { type: input.type, to, topic, content: truncateContent(content), timestamp } };
}

/** The other participants of a direct message, sorted; a self-conversation is `[self]`. */
export function directRecipients(ids: number[], selfId: number): number[] {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const others = unique.filter((id) => id !== selfId);
  return others.length ? others : unique;
}

/** The user's drafts, oldest edit first (GET /drafts). */
export function userDrafts(state: RealmState, userId: number): DraftRecord[] {
  const mine = ownedRecords(state.drafts, state.byOwner.drafts, userId);
  return mine.sort((a, b) => a.timestamp - b.timestamp || a.id - b.id);
}

/** Stores valid drafts and emits one drafts/add event; returns their ids in submission order. */
export function createDrafts(store: Store, user: UserRecord, list: DraftFields[]): number[] {
  const created = list.map((fields) => {
    const draft: DraftRecord = { id: store.nextId('draft'), user_id: user.user_id, ...fields };
    putOwned(store.state.drafts, store.state.byOwner.drafts, draft.user_id, draft.id, draft);
    return draft;
  });
  if (created.length)
    store.emit([user.user_id], { type: 'drafts', op: 'add', drafts: created.map(formatDraft) });
  return created.map((d) => d.id);
}

/** The user's own draft with this id. */
export function findDraft(state: RealmState, userId: number, id: number): DraftRecord | undefined {
  const draft = state.drafts.get(id);
  return draft?.user_id === userId ? draft : undefined;
}

/** Replaces a draft's fields and emits drafts/update. */
export function editDraft(store: Store, draft: DraftRecord, fields: DraftFields): void {
  Object.assign(draft, fields);
  store.emit([draft.user_id], { type: 'drafts', op: 'update', draft: formatDraft(draft) });
}

/** Deletes a draft and emits drafts/remove. */
export function deleteDraft(store: Store, draft: DraftRecord): void {
  removeOwned(store.state.drafts, store.state.byOwner.drafts, draft.user_id, draft.id);
  store.emit([draft.user_id], { type: 'drafts', op: 'remove', draft_id: draft.id });
}

/**
 * Deletes every draft of a user when drafts synchronization is turned off. Silent, as on the real server:
 * remove events would make clients drop the copies they now keep locally.
 */
export function deleteAllDrafts(store: Store, userId: number): void {
  const { drafts, byOwner } = store.state;
  for (const draft of userDrafts(store.state, userId)) removeOwned(drafts, byOwner.drafts, userId, draft.id);
}
