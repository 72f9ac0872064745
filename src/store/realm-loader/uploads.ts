/** Loads uploaded files (with their bytes) from a realm fixture. */
import { base64ToBytes } from '../uploads/base64.js';
import type { LoadContext } from './context.js';

/** Adds the fixture's attachments whose owners exist; a path used twice is a problem. */
export function loadUploads({ data, state, problems, userExists }: LoadContext): void {
  const paths = new Set<string>();
  for (const [i, a] of (data.attachments ?? []).entries()) {
    if (!userExists(a.owner_id, `/attachments/${i}/owner_id`)) continue;
    if (paths.has(a.path_id)) {
      problems.push(`/attachments/${i}/path_id: ${a.path_id} is used twice`);
      continue;
    }
    paths.add(a.path_id);
    let content: Uint8Array;
    try {
      content = base64ToBytes(a.content_base64);
    } catch {
      problems.push(`/attachments/${i}/content_base64: not base64`);
      continue;
    }
    state.uploads.set(a.id, {
      id: a.id,
      owner_id: a.owner_id,
      path_id: a.path_id,
      name: a.name,
      content_type: a.content_type ?? 'application/octet-stream',
      create_time: a.create_time,
      content,
    });
  }
}
