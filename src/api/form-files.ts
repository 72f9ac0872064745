/** The parts of a multipart/form-data body, files with their bytes (the parameter reader keeps only text). */
import { errors } from './errors/index.js';
import type { ApiRequest } from './route.js';

/** One uploaded file of a form. */
export interface FormFile {
  field: string;
  name: string;
  /** The part's Content-Type as sent ('' when the part had none). */
  type: string;
  bytes: Uint8Array;
}

/**
 * The request's form: names of its plain fields and its files; empty for bodies that are empty or not
 * multipart (each caller answers that with its own error). A body that does not parse is a BAD_REQUEST.
 */
export async function readFormParts(request: ApiRequest): Promise<{ fields: string[]; files: FormFile[] }> {
  const header = request.header('content-type') ?? '';
  const body = request.body;
  if (!header.toLowerCase().startsWith('multipart/form-data') || !body?.length)
    return { fields: [], files: [] };
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  // The header as sent: the boundary is case-sensitive.
  const form = await new Response(bytes as BodyInit, { headers: { 'content-type': header } })
    .formData()
    .catch(() => {
      throw errors.badRequest('Malformed multipart/form-data body');
    });
  const fields: string[] = [];
  const files: FormFile[] = [];
  for (const [field, value] of form) {
    if (typeof value === 'string') fields.push(field);
    else
      files.push({
        field,
        name: value.name,
        type: value.type,
        bytes: new Uint8Array(await value.arrayBuffer()),
      });
  }
  return { fields, files };
}
