/** The parts of a multipart/form-data body, files with their bytes (the parameter reader keeps only text). */
import { getMultipartBoundary, MultipartParseError, parseMultipart } from '@remix-run/multipart-parser';
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
 * A file's bytes are a view into the body, not a copy: an upload is held once, whatever its size (the body's
 * own size limit bounds every part).
 */
export async function readFormParts(request: ApiRequest): Promise<{ fields: string[]; files: FormFile[] }> {
  const header = request.header('content-type') ?? '';
  const body = request.body;
  if (!header.toLowerCase().startsWith('multipart/form-data') || !body?.length)
    return { fields: [], files: [] };
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  // The header as sent: the boundary is case-sensitive.
  const boundary = getMultipartBoundary(header);
  if (!boundary) throw errors.badRequest('Malformed multipart/form-data body');
  const fields: string[] = [];
  const files: FormFile[] = [];
  try {
    for (const part of parseMultipart(bytes, {
      boundary,
      maxFileSize: bytes.length,
      maxTotalSize: bytes.length,
    })) {
      // As browsers' FormData reads it: a part with a filename is a file, any other a text field.
      if (part.filename === undefined) {
        if (part.name !== undefined) fields.push(part.name);
        continue;
      }
      files.push({
        field: part.name ?? '',
        name: part.filename ?? '',
        type: part.headers['content-type'] ?? '',
        // One chunk (the body came whole): its view; else the chunks joined.
        bytes: part.content.length === 1 ? part.content[0]! : part.bytes,
      });
    }
  } catch (error) {
    if (error instanceof MultipartParseError) throw errors.badRequest('Malformed multipart/form-data body');
    throw error;
  }
  return { fields, files };
}
