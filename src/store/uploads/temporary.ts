/** Temporary URLs of uploaded files: usable without credentials for a minute, never saved in realm files. */
import type { UploadRecord } from '../state.js';
import type { Store } from '../store.js';

/** How long a temporary URL answers, as on the server. */
export const TEMPORARY_URL_SECONDS = 60;

interface Grant {
  uploadId: number;
  expires: number;
}

// Per store, so that apps never see each other's tokens; the grants die with the store.
const grants = new WeakMap<Store, Map<string, Grant>>();

/** A new temporary URL for the upload: `/user_uploads/temporary/<token>/<file name>`. */
export function temporaryUrl(store: Store, upload: UploadRecord): string {
  let mine = grants.get(store);
  if (!mine) grants.set(store, (mine = new Map()));
  const now = store.now();
  // Expired grants go when new ones are made, so the map stays as small as the live ones.
  for (const [token, grant] of mine) if (grant.expires <= now) mine.delete(token);
  const token = store.random.alphanumeric(32);
  mine.set(token, { uploadId: upload.id, expires: now + TEMPORARY_URL_SECONDS });
  return `/user_uploads/temporary/${token}/${upload.path_id.split('/').pop()!}`;
}

/** The upload a temporary token still grants, if any. */
export function uploadForToken(store: Store, token: string): UploadRecord | undefined {
  const grant = grants.get(store)?.get(token);
  if (!grant || grant.expires <= store.now()) return undefined;
  return store.state.uploads.get(grant.uploadId);
}
