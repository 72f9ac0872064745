/**
 * Temporary URLs of uploaded files: GET /api/v1/user_uploads/{path_id} answers one, and
 * GET /user_uploads/temporary/{token}/{filename} serves the file through it without credentials.
 */
import type {
  GetUserUploadsTemporaryParams,
  GetUserUploadsTemporaryUrlParams,
} from '../../generated/types.js';
import { temporaryUrl, uploadForToken } from '../../store/uploads/temporary.js';
import { findUploadByPath } from '../../store/uploads/uploads.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { defineRoute, definePublicRoute } from '../route.js';
import { canFetchUpload, fileResponse } from './uploads-read.js';

/** Temporary URL endpoints: one to ask for a URL, one that serves the file through it. */
export const temporaryUploadRoutes = [
  defineRoute<GetUserUploadsTemporaryUrlParams>({
    method: 'GET',
    path: '/user_uploads/{realm_id}/{dir}/{key}/{filename}',
    schema: 'get-user-uploads-temporary-url',
    summary: 'A temporary URL of an uploaded file, usable without credentials for 60 seconds',
    handler({ store, user, params, request }) {
      if (!has('upload_temporary_url', store.featureLevel))
        throw errors.noSuchEndpoint(request.method, request.path);
      const pathId = `${params.realm_id}/${params.dir}/${params.key}/${params.filename}`;
      const upload = findUploadByPath(store.state, pathId);
      if (!upload || !canFetchUpload(store.state, user, upload)) throw errors.notFound('Not Found');
      return { url: temporaryUrl(store, upload) };
    },
  }),
  definePublicRoute<GetUserUploadsTemporaryParams>({
    method: 'GET',
    path: '/user_uploads/temporary/{token}/{filename}',
    root: true,
    auth: 'none',
    schema: 'get-user-uploads-temporary',
    summary: 'An uploaded file through a temporary URL (no credentials)',
    handler({ store, params }) {
      const upload = uploadForToken(store, params.token);
      if (!upload || upload.path_id.split('/').pop() !== params.filename) throw errors.notFound('Not Found');
      return fileResponse(upload);
    },
  }),
];
