/** Uploaded files: stored bytes, the URL they are served at, and attachment events to their owner. */
import { has } from '../../versions/index.js';
import type { Attachment } from '../../generated/types.js';
import type { MessageRecord, RealmState, UploadRecord, UserRecord } from '../state.js';
import type { Store } from '../store.js';

/**
 * A file name safe in a URL path segment, close to the original: letters, digits, `.`, `-` and `_` kept,
 * other runs of characters become one `-` (as the server does, the name never starts with a dot).
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(-200);
  return clean === '' ? 'uploaded-file' : clean;
}

/** Bytes held by every upload of the realm (the total `maxUploadStorage` bounds). */
export function storedBytes(state: RealmState): number {
  let total = 0;
  for (const upload of state.uploads.values()) total += upload.content.byteLength;
  return total;
}

/** Bytes of the owner's uploads (the `upload_space_used` of attachment answers). */
export function spaceUsed(state: RealmState, ownerId: number): number {
  let total = 0;
  for (const upload of state.uploads.values())
    if (upload.owner_id === ownerId) total += upload.content.byteLength;
  return total;
}

/** The upload stored under `path_id`, if any. */
export function findUploadByPath(state: RealmState, pathId: string): UploadRecord | undefined {
  for (const upload of state.uploads.values()) if (upload.path_id === pathId) return upload;
  return undefined;
}

/**
 * Messages of the owner's history whose content links the upload. Only messages flagged as linking an
 * upload are read, so this costs one pass over the owner's history and only when they have uploads.
 */
export function linkingMessages(state: RealmState, upload: UploadRecord): MessageRecord[] {
  const history = state.index.byUser.get(upload.owner_id) ?? [];
  const needle = `/user_uploads/${upload.path_id}`;
  const out: MessageRecord[] = [];
  for (const id of history) {
    const message = state.messages.get(id);
    if (message?.has_attachment && message.content.includes(needle)) out.push(message);
  }
  return out;
}

/**
 * An upload as a server at `level` shows it, with the messages that link it: their ids from level 472, {id,
 * date_sent} objects before; times in seconds from level 443, milliseconds before.
 */
export function formatAttachment(state: RealmState, upload: UploadRecord, level: number): Attachment {
  const scale = has('attachment_times_in_seconds', level) ? 1 : 1000;
  const linking = linkingMessages(state, upload);
  const base = {
    id: upload.id,
    name: upload.name,
    path_id: upload.path_id,
    size: upload.content.byteLength,
    create_time: upload.create_time * scale,
  };
  if (has('attachment_message_ids', level)) return { ...base, message_ids: linking.map((m) => m.id) };
  return {
    ...base,
    messages: linking.map((m) => ({ id: m.id, date_sent: m.timestamp * scale })),
  } as Attachment;
}

/** The user's uploads, oldest first, as the API lists them. */
export function userAttachments(state: RealmState, userId: number, level: number): Attachment[] {
  const out: Attachment[] = [];
  for (const upload of state.uploads.values())
    if (upload.owner_id === userId) out.push(formatAttachment(state, upload, level));
  return out.sort((a, b) => a.id - b.id);
}

/** Stores a file for `owner` (limits already checked) and emits attachment/add to them. */
export function createUpload(
  store: Store,
  owner: UserRecord,
  file: { name: string; contentType: string; content: Uint8Array },
): UploadRecord {
  const { state, random } = store;
  const safeName = sanitizeFileName(file.name);
  const upload: UploadRecord = {
    id: store.nextId('attachment'),
    owner_id: owner.user_id,
    path_id: `${state.realm.id}/${random.alphanumeric(2)}/${random.alphanumeric(24)}/${safeName}`,
    name: file.name.split(/[\\/]/).pop() || safeName,
    content_type: file.contentType || 'application/octet-stream',
    create_time: store.now(),
    content: file.content,
  };
  state.uploads.set(upload.id, upload);
  store.emit([owner.user_id], {
    type: 'attachment',
    op: 'add',
    attachment: formatAttachment(state, upload, store.featureLevel),
    upload_space_used: spaceUsed(state, owner.user_id),
  });
  return upload;
}

/** Deletes an upload (its URL stops answering) and emits attachment/remove to its owner. */
export function deleteUpload(store: Store, upload: UploadRecord): void {
  store.state.uploads.delete(upload.id);
  store.emit([upload.owner_id], {
    type: 'attachment',
    op: 'remove',
    attachment: { id: upload.id },
    upload_space_used: spaceUsed(store.state, upload.owner_id),
  });
}

/**
 * After a message by an upload's owner links it (sent, or edited to link it or no longer link it), the owner
 * gets attachment/update with the messages that link it now. Only uploads named in the text are touched.
 */
export function noteUploadLinks(store: Store, message: MessageRecord, previousContent = ''): void {
  const { state } = store;
  for (const upload of state.uploads.values()) {
    if (upload.owner_id !== message.sender_id) continue;
    const needle = `/user_uploads/${upload.path_id}`;
    if (!message.content.includes(needle) && !previousContent.includes(needle)) continue;
    store.emit([upload.owner_id], {
      type: 'attachment',
      op: 'update',
      attachment: formatAttachment(state, upload, store.featureLevel),
      upload_space_used: spaceUsed(state, upload.owner_id),
    });
  }
}
