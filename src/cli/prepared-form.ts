/**
 * A realm file's prepared form, FILE.prepared beside it (`svc-mock realm prepare FILE`, `realm generate
 * --prepared`): the validated fixture with its renders and personal rows in a compact binary layout
 * (src/store/prepared-form/), read by `serve --realm FILE` instead of parsing, validating, rendering and indexing
 * the file again. It is read only when it was made from a file with the same SHA-256 and by the same code (the
 * script bundle's build id, or a hash of the loader's sources); otherwise the file is loaded as before.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PreparedRealm, validatedFixture } from '../store/load-realm.js';
import type { CompleteRealmFixture } from '../store/realm-fixture.js';
import {
  decodePreparedForm,
  headerLength,
  HEADER_PREFIX,
  parseHeader,
} from '../store/prepared-form/decode.js';
import { encodePreparedForm } from '../store/prepared-form/encode.js';
import { PREPARED_FORM_FORMAT, type PreparedFormHeader } from '../store/prepared-form/layout.js';
import { recordRenders } from '../store/render-cache.js';
import { BUILD_ID, type PreparedRealmFile } from './prepared-realm.js';

/** Where a realm file's prepared form lies. */
export const preparedFormPath = (realmFile: string): string => `${realmFile}.prepared`;

/** The source folders whose code decides what loading a realm makes (and so what a prepared form holds). */
const LOADER_FOLDERS = ['store', 'markdown', 'generated', 'schema', 'schemas'];

let sourcesHash: string | undefined;

/** A hash of the loader's code as it runs (src/ under tsx, dist/ from tsc), test files aside. */
function hashOfSources(): string {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir, { withFileTypes: true })
        .map((d) => (d.isDirectory() ? `${d.name}/` : d.name))
        .sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (name.endsWith('/')) walk(join(dir, name));
      else if (/\.(ts|js|json)$/.test(name) && !/\.test\.[tj]s$/.test(name)) {
        hash.update(`${join(dir, name)}\n`).update(readFileSync(join(dir, name)));
      }
    }
  };
  for (const folder of LOADER_FOLDERS) walk(join(root, folder));
  return hash.digest('hex');
}

/** The version of the code a prepared form is made by and read with. */
export function codeVersion(): string {
  if (BUILD_ID !== undefined) return `${PREPARED_FORM_FORMAT} build ${BUILD_ID}`;
  return `${PREPARED_FORM_FORMAT} sources ${(sourcesHash ??= hashOfSources())}`;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes FILE.prepared for a realm file: loads it as serve does (validation, renders recorded, rows built) and
 * writes the result, through a temporary file renamed into place. Returns its size in bytes. Throws
 * RealmLoadError for a bad realm, as serve would exit.
 */
export function writePreparedForm(realmFile: string, code = codeVersion()): number {
  const bytes = readFileSync(realmFile);
  const source = { sha256: sha256(bytes), size: bytes.length };
  const parsed = JSON.parse(bytes.toString('utf8')) as CompleteRealmFixture;
  const { renders, recorded } = recordRenders();
  // Loaded as serve loads the file: validated in place (message defaults filled in), rendered, indexed. The
  // loader keeps the messages' lists and changes no message, so they are encoded after it.
  const realm = PreparedRealm.from(parsed, { owned: true, renders });
  // The rest as a validated fixture holds it (settings completed); the messages are not copied for that.
  const fixture = { ...validatedFixture({ ...parsed, messages: [] }), messages: parsed.messages };
  const chunks = encodePreparedForm({ code, source, fixture, renders: recorded, rows: realm.personalRows() });
  const target = preparedFormPath(realmFile);
  const temp = `${target}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  let size = 0;
  try {
    for (const chunk of chunks) {
      for (let at = 0; at < chunk.length;) at += writeSync(fd, chunk, at, chunk.length - at);
      size += chunk.length;
    }
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, target);
  return size;
}

/** Reads `length` bytes at `position` into a buffer of their own. */
function readAt(fd: number, position: number, length: number): Buffer {
  // Not from the pool: typed views need the buffer's start, and the rows keep their buffer alive.
  const buffer = Buffer.allocUnsafeSlow(length);
  for (let at = 0; at < length;) {
    const n = readSync(fd, buffer, at, length - at, position + at);
    if (n === 0) throw new RangeError('prepared form is shorter than its header says');
    at += n;
  }
  return buffer;
}

/** A realm's prepared form, read back; or why it was not taken (made from another file, by another code...). */
export type PreparedFormRead =
  { form: ReturnType<typeof decodePreparedForm> } | { stale: string } | undefined;

/**
 * The prepared form beside a realm file when it was made from these bytes by this code; `{ stale }` naming why
 * not when there is one that does not fit (or is damaged); undefined when there is none.
 */
export function readPreparedForm(realmFile: string, bytes: Uint8Array, code?: string): PreparedFormRead {
  const path = preparedFormPath(realmFile);
  if (!existsSync(path)) return undefined;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    return { stale: `cannot open it (${(error as Error).message})` };
  }
  try {
    const length = headerLength(readAt(fd, 0, HEADER_PREFIX));
    const header: PreparedFormHeader | undefined =
      length === undefined ? undefined : parseHeader(readAt(fd, HEADER_PREFIX, length));
    if (!header) return { stale: 'it is not a prepared form this version reads' };
    // The code's version only now: a serve without a prepared form pays nothing (hashing sources takes a while).
    if (header.code !== (code ?? codeVersion()))
      return { stale: 'it was made by another version of svc-mock' };
    if (header.source.size !== bytes.length || header.source.sha256 !== sha256(bytes))
      return { stale: `it was made from another version of ${realmFile}` };
    return {
      form: decodePreparedForm(header, (name) =>
        readAt(fd, header.sections[name].offset, header.sections[name].length),
      ),
    };
  } catch (error) {
    return { stale: `it is damaged (${(error as Error).message})` };
  } finally {
    closeSync(fd);
  }
}

/**
 * The prepared form of `serve --realm FILE` as the server takes a recorded realm (see main.ts), when FILE.prepared
 * fits these bytes; a form that does not fit is named on standard error and the file is loaded as before.
 */
export function preparedFormFile(
  realmFile: string | undefined,
  bytes: Uint8Array,
): PreparedRealmFile | undefined {
  if (realmFile === undefined) return undefined;
  const read = readPreparedForm(realmFile, bytes);
  if (read && 'stale' in read) {
    console.error(
      `svc-mock: not using ${preparedFormPath(realmFile)}: ${read.stale}; loading ${realmFile} (svc-mock realm prepare ${realmFile} writes it again)`,
    );
  }
  return read && 'form' in read ? read.form : undefined;
}
