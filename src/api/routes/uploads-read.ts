/** Reading an upload's multipart body and deciding who may fetch an uploaded file. */
import { canReadMessage } from '../../store/access.js';
import type { RealmState, UploadRecord, UserRecord } from '../../store/state.js';
import { linkingMessages } from '../../store/uploads/uploads.js';
import { API_KEY } from '../auth.js';
import { errors } from '../errors/index.js';
import { readFormParts } from '../form-files.js';
import { RawResponse, type ApiRequest } from '../route.js';

/** The one file of a multipart body, or the server's refusal (none, or more than one). */
export async function uploadedFile(
  request: ApiRequest,
): Promise<{ name: string; contentType: string; content: Uint8Array }> {
  const { files } = await readFormParts(request);
  if (files.length === 0) throw errors.noFileUploaded();
  if (files.length > 1) throw errors.tooManyFiles();
  const file = files[0]!;
  // The part's own type; browsers send application/octet-stream for unknown ones.
  const contentType = file.type.split(';')[0]!.trim();
  return { name: file.name, contentType, content: file.bytes };
}

/** The caller: Basic auth (already checked by the dispatcher) or `?api_key=` alone, as avatars take it. */
export function uploadViewer(
  state: RealmState,
  user: UserRecord | undefined,
  apiKey: string | undefined,
): UserRecord {
  if (user) return user;
  if (apiKey === undefined) throw errors.notLoggedIn();
  if (!API_KEY.test(apiKey)) throw errors.malformedApiKey();
  const owner = state.usersByApiKey.get(apiKey);
  if (!owner) throw errors.invalidApiKey();
  if (!owner.is_active) throw errors.accountDeactivated();
  return owner;
}

/** Whether the viewer may fetch the file: its owner, or a reader of a message that links it. */
export function canFetchUpload(state: RealmState, viewer: UserRecord, upload: UploadRecord): boolean {
  if (viewer.user_id === upload.owner_id) return true;
  return linkingMessages(state, upload).some((m) => canReadMessage(state, viewer, m));
}

/** The file itself with its Content-Type (inline for what browsers show, else as a download). */
export function fileResponse(upload: UploadRecord): RawResponse {
  const inline = /^(image|audio|video)\/|^text\/plain$|^application\/pdf$/.test(upload.content_type);
  const disposition = `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(upload.name)}`;
  return new RawResponse(
    200,
    {
      'Content-Type': upload.content_type,
      'Content-Disposition': disposition,
      'Cache-Control': 'private, max-age=86400',
    },
    upload.content,
  );
}
