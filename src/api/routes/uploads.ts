/**
 * File uploads: POST /user_uploads, the file at GET /user_uploads/{path_id}, and the caller's attachments
 * (GET /attachments, DELETE /attachments/{attachment_id}).
 */
import type { DeleteAttachmentsAttachmentIdParams, GetUserUploadsFileParams } from '../../generated/types.js';
import {
  createUpload,
  deleteUpload,
  findUploadByPath,
  spaceUsed,
  storedBytes,
  userAttachments,
} from '../../store/uploads/uploads.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute, definePublicRoute } from '../route.js';
import { canFetchUpload, fileResponse, uploadedFile, uploadViewer } from './uploads-read.js';

/** The server's default largest file (max_file_upload_size_mib). */
const MAX_FILE_MIB = 25;

/** Upload endpoints: POST /user_uploads, the file at its URL, GET /attachments, DELETE /attachments/{id}. */
export const uploadRoutes = [
  defineRoute({
    method: 'POST',
    path: '/user_uploads',
    schema: 'post-user-uploads',
    summary: 'Upload a file (multipart, one file); answers its URL',
    largeBody: true,
    async handler({ store, services, user, request }) {
      const file = await uploadedFile(request);
      if (file.content.byteLength > MAX_FILE_MIB * 1024 * 1024) throw errors.fileTooLarge(MAX_FILE_MIB);
      if (storedBytes(store.state) + file.content.byteLength > services.limits.maxUploadStorage)
        throw errors.uploadQuotaExceeded();
      const upload = createUpload(store, user, file);
      const url = `/user_uploads/${upload.path_id}`;
      const out: Record<string, unknown> = { uri: url };
      if (has('upload_url', store.featureLevel)) out.url = url;
      if (has('upload_filename', store.featureLevel)) out.filename = upload.name;
      return out;
    },
  }),
  definePublicRoute<GetUserUploadsFileParams>({
    method: 'GET',
    path: '/user_uploads/{realm_id}/{dir}/{key}/{filename}',
    root: true,
    auth: 'optional',
    schema: 'get-user-uploads-file',
    summary: 'An uploaded file, to its owner and readers of a message linking it',
    handler({ store, user, params }) {
      const viewer = uploadViewer(store.state, user, params.api_key);
      const pathId = `${params.realm_id}/${params.dir}/${params.key}/${params.filename}`;
      const upload = findUploadByPath(store.state, pathId);
      // An inaccessible file looks like a missing one, so paths cannot be probed.
      if (!upload || !canFetchUpload(store.state, viewer, upload)) throw errors.notFound('Not Found');
      return fileResponse(upload);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/attachments',
    schema: 'get-attachments',
    summary: "The caller's uploaded files and the space they use",
    handler({ store, user }) {
      return {
        attachments: userAttachments(store.state, user.user_id, store.featureLevel),
        upload_space_used: spaceUsed(store.state, user.user_id),
      };
    },
  }),
  defineRoute<DeleteAttachmentsAttachmentIdParams>({
    method: 'DELETE',
    path: '/attachments/{attachment_id}',
    schema: 'delete-attachments-attachment-id',
    summary: 'Delete one of the caller’s uploaded files',
    handler({ store, user, params }) {
      const upload = store.state.uploads.get(params.attachment_id);
      if (!upload || upload.owner_id !== user.user_id) throw errors.invalidAttachment();
      deleteUpload(store, upload);
      return {};
    },
  }),
];
