/** Request parameters: reading query and bodies, decoding JSON-in-form values, schema validation. */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { schemaById } from '../generated/schemas.js';
import { inputValidator } from '../schema/validator.js';
import { errors, type ApiError } from './errors/index.js';
import { checkListItems, DEFAULT_LIMITS, jsonDepth, type RequestLimits } from './limits.js';
import type { ApiRequest, RequestSeen } from './route.js';

// Decoding without { stream: true } keeps no state between calls: one decoder serves every request.
const UTF8 = new TextDecoder();

type Schema = Record<string, unknown>;

/** How one declared parameter is decoded from its form value. */
interface ParamSpec {
  /** The raw string is the value (string-only parameters). */
  rawOnly: boolean;
  /** A value that is not JSON may still be taken as a plain string. */
  stringAllowed: boolean;
}

/** A route's compiled parameter handling. */
export interface ParamsPlan {
  specs: Map<string, ParamSpec>;
  validate: ValidateFunction | null;
}

function resolveRef(ref: string, baseId: string): { schema: Schema; baseId: string } {
  const [file, pointer] = ref.split('#');
  const base = baseId.includes('/') ? baseId.slice(0, baseId.lastIndexOf('/') + 1) : '';
  let id = baseId;
  if (file) {
    const parts = (base + file).split('/');
    const out: string[] = [];
    for (const part of parts) {
      if (part === '..') out.pop();
      else if (part !== '.') out.push(part);
    }
    id = out.join('/');
  }
  let node: unknown = schemaById(id);
  for (const key of (pointer ?? '').split('/').filter(Boolean)) node = (node as Schema)?.[key];
  if (!node) throw new Error(`cannot resolve $ref ${ref} from ${baseId}`);
  return { schema: node as Schema, baseId: id };
}

/** The JSON types a schema admits (following $ref, oneOf, anyOf, enum and const). */
function typesOf(schema: Schema, baseId: string): Set<string> {
  const out = new Set<string>();
  const add = (value: unknown): void => {
    out.add(
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'array'
          : typeof value === 'object'
            ? 'object'
            : typeof value,
    );
  };
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(schema.$ref, baseId);
    return typesOf(target.schema, target.baseId);
  }
  const type = schema.type;
  if (typeof type === 'string') out.add(type);
  if (Array.isArray(type)) type.forEach((t) => out.add(t as string));
  if ('const' in schema) add(schema.const);
  if (Array.isArray(schema.enum) && type === undefined) schema.enum.forEach(add);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const sub of (schema[key] as Schema[] | undefined) ?? [])
      typesOf(sub, baseId).forEach((t) => out.add(t));
  }
  if (out.size === 0)
    ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'].forEach((t) => out.add(t));
  return out;
}

/** Compiles the parameter plan of `endpoints/<name>.json#/$defs/params` (none: every parameter is ignored). */
export function compileParams(schemaName: string | null): ParamsPlan {
  const id = `endpoints/${schemaName}.json`;
  const params = schemaName
    ? ((schemaById(id)?.$defs as Schema | undefined)?.params as Schema | undefined)
    : undefined;
  if (!params) return { specs: new Map(), validate: null };
  const specs = new Map<string, ParamSpec>();
  for (const [name, sub] of Object.entries((params.properties as Record<string, Schema>) ?? {})) {
    const types = typesOf(sub, id);
    specs.set(name, { rawOnly: types.size === 1 && types.has('string'), stringAllowed: types.has('string') });
  }
  // Compiled on the endpoint's first request, not when the app is built: compiling every route's parameter
  // schema up front was most of an app's construction (start-up to the first answer).
  let validate: ValidateFunction | undefined;
  return {
    specs,
    get validate(): ValidateFunction {
      return (validate ??= inputValidator(`${id}#/$defs/params`));
    },
  };
}

/** Whether JSON request bodies are read as parameters: only on the mock's own control routes. */
function takesJsonBody(request: ApiRequest): boolean {
  return request.path.startsWith('/svc-mock/');
}

/**
 * Whether JSON.parse could accept `text`: JSON starts with `{`, `[`, `"`, `-` or a digit, or is a literal.
 * Anything else would only throw, and a thrown error (its stack captured) costs more than the whole parse.
 */
function mayBeJson(text: string): boolean {
  const trimmed = text.trim();
  const c = trimmed.charCodeAt(0);
  if (c === 0x7b || c === 0x5b || c === 0x22 || c === 0x2d || (c >= 0x30 && c <= 0x39)) return true;
  return trimmed === 'true' || trimmed === 'false' || trimmed === 'null';
}

/** Parses a JSON value under the depth limit (a deep value would overflow the stack of whatever walks it). */
function parseJsonValue(name: string, text: string, limits: RequestLimits): unknown {
  if (jsonDepth(text, limits.maxJsonDepth) > limits.maxJsonDepth)
    throw errors.jsonTooDeep(name, limits.maxJsonDepth);
  const value: unknown = JSON.parse(text);
  checkListItems(name, value, limits.maxListItems);
  return value;
}

/** Adds one parameter, refusing more than the limit allows (every pair counts, a repeated name too). */
function addParam(
  raw: Map<string, string>,
  count: number,
  limits: RequestLimits,
  k: string,
  v: string,
): number {
  if (++count > limits.maxParams) throw errors.tooManyParams(limits.maxParams);
  raw.set(k, v);
  return count;
}

/** Surrogate code units: a lone one becomes U+FFFD in URLSearchParams (left to it). */
const SURROGATE = /[\uD800-\uDFFF]/;

/** `+` stands for a space in urlencoded text. */
const withSpaces = (text: string): string => (text.includes('+') ? spaced(text) : text);

/**
 * Longest text split without URLSearchParams. A value cut from the text may keep the whole text alive (V8 slices
 * strings of 13 characters or more), and a stored value (a message's content) must not hold a large body.
 */
const SPLIT_MAX = 512;

// A short ASCII value is copied here with each `+` made a space, then decoded; the views of the first n bytes are
// kept (at most SPLIT_MAX + 1 of them), not made per value.
const VALUE_BYTES = new Uint8Array(SPLIT_MAX);
const valueViews: Uint8Array[] = [];
const valueView = (n: number): Uint8Array => (valueViews[n] ??= VALUE_BYTES.subarray(0, n));

/**
 * `text` with each `+` a space. An ASCII text is decoded from bytes into one flat string: replaceAll would build it
 * of a piece per word (a message's content has a `+` per word), and the stored content would keep them all.
 */
function spaced(text: string): string {
  const n = text.length;
  if (n > SPLIT_MAX) return text.replaceAll('+', ' ');
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x80) return text.replaceAll('+', ' ');
    VALUE_BYTES[i] = c === 0x2b ? 0x20 : c;
  }
  return UTF8.decode(valueView(n));
}

/**
 * Adds the pairs of an urlencoded text (a query string or a form body) after `count` parameters. A short text
 * without percent escapes or surrogates (most forms and queries) is split here as URLSearchParams splits it
 * (pairs on `&`, empty ones skipped, the name up to the first `=`, `+` as a space, a leading `?` dropped)
 * without its object and pair arrays; anything else goes through URLSearchParams.
 */
function addEncoded(raw: Map<string, string>, count: number, limits: RequestLimits, text: string): number {
  if (text.length > SPLIT_MAX || text.includes('%') || SURROGATE.test(text)) {
    for (const [k, v] of new URLSearchParams(text)) count = addParam(raw, count, limits, k, v);
    return count;
  }
  const end = text.length;
  let start = text.charCodeAt(0) === 0x3f ? 1 : 0;
  // The first `=` at or after `start` (-1: none left), looked up again only once passed: one scan in all.
  let eq = text.indexOf('=', start);
  let pair = 0;
  while (start < end) {
    let amp = text.indexOf('&', start);
    if (amp < 0) amp = end;
    if (eq >= 0 && eq < start) eq = text.indexOf('=', start);
    if (amp > start) {
      const named = eq >= 0 && eq < amp;
      const slot = 2 * pair++;
      const name = piece(text, start, named ? eq : amp, slot);
      const value = named ? piece(text, eq + 1, amp, slot + 1) : '';
      count = addParam(raw, count, limits, name, value);
    }
    start = amp + 1;
  }
  return count;
}

// The names and short values of the last split text, by position: a client sends the same fields in the same
// order, most values (type, channel, topic) again and again. A piece equal to the one kept for its position is
// given as kept (compared in place: no string cut, and maps know its hash already). A kept piece has no `+` left,
// so it can only equal text that decodes to itself.
const KEPT_PIECES = 32;
const KEPT_LENGTH = 64;
const keptPieces: string[] = [];

/** The decoded text[from, to) (`+` as a space), the kept piece of its `slot` when equal. */
function piece(text: string, from: number, to: number, slot: number): string {
  const length = to - from;
  if (length === 0) return '';
  const kept = slot < KEPT_PIECES ? keptPieces[slot] : undefined;
  if (kept !== undefined && kept.length === length && text.startsWith(kept, from)) return kept;
  const cut = withSpaces(text.slice(from, to));
  if (slot < KEPT_PIECES && length <= KEPT_LENGTH) keptPieces[slot] = cut;
  return cut;
}

// A client sends the same Content-Type on every request: the kind of the last one seen is kept.
let lastContentType: string | undefined;
let lastKind: 'multipart' | 'json' | 'form' = 'form';

/** How a body with this Content-Type is read: multipart, JSON or (anything else) urlencoded. */
function bodyKind(header: string): 'multipart' | 'json' | 'form' {
  if (header !== lastContentType) {
    const contentType = header.toLowerCase();
    lastKind = contentType.startsWith('multipart/form-data')
      ? 'multipart'
      : /^application\/([\w.+-]+\+)?json\b/.test(contentType)
        ? 'json'
        : 'form';
    lastContentType = header;
  }
  return lastKind;
}

/**
 * Reads every request parameter (query string, then body fields) as strings. As on the real server, API
 * parameters come from the query string and form bodies (urlencoded or multipart) only: a JSON body adds
 * none, except on the mock's control routes (/svc-mock/faults), which take JSON. Only a multipart body is
 * decoded asynchronously: anything else gives the map itself, with no promise to wait for.
 */
export function readRawParams(
  request: ApiRequest,
  limits: RequestLimits = DEFAULT_LIMITS,
  seen?: RequestSeen,
): Map<string, string> | Promise<Map<string, string>> {
  const raw = new Map<string, string>();
  const count = request.query ? addEncoded(raw, 0, limits, request.query) : 0;
  const body = request.body;
  if (body === null || body.length === 0 || request.method === 'GET') return raw;
  const header = request.header('content-type') ?? '';
  const kind = bodyKind(header);
  if (kind === 'multipart') return readMultipart(raw, count, limits, body, header);
  const isJson = kind === 'json';
  if (isJson && !takesJsonBody(request)) return raw;
  const text = typeof body === 'string' ? body : UTF8.decode(body);
  // The request log shows this text rather than decode the bytes again.
  if (seen) seen.body = text;
  if (!isJson) {
    addEncoded(raw, count, limits, text);
    return raw;
  }
  let parsed: unknown;
  try {
    parsed = parseJsonValue('body', text, limits);
  } catch (error) {
    if (error instanceof SyntaxError) throw errors.malformedJsonBody();
    throw error;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw errors.malformedJsonBody();
  let added = count;
  for (const [k, v] of Object.entries(parsed))
    added = addParam(raw, added, limits, k, typeof v === 'string' ? v : JSON.stringify(v));
  return raw;
}

/** The string fields of a multipart body, after the query's `count` parameters in `raw`. */
async function readMultipart(
  raw: Map<string, string>,
  count: number,
  limits: RequestLimits,
  body: Uint8Array | string,
  header: string,
): Promise<Map<string, string>> {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  // The header as sent: the boundary is case-sensitive (browsers send `----WebKitFormBoundary…`).
  const form = await new Response(bytes as BodyInit, { headers: { 'content-type': header } })
    .formData()
    .catch(() => {
      throw errors.badRequest('Malformed multipart/form-data body');
    });
  // Files are not parameters (as on the server): the upload route reads them from the body itself.
  let added = count;
  for (const [k, v] of form) if (typeof v === 'string') added = addParam(raw, added, limits, k, v);
  return raw;
}

/** `/to/0/name` → `to[0]["name"]`, the way the API names nested values in messages. */
function fieldName(path: string): string {
  const [first, ...rest] = path.split('/').filter(Boolean);
  return (first ?? '') + rest.map((p) => (/^\d+$/.test(p) ? `[${p}]` : `["${p}"]`)).join('');
}

function toApiError(error: ErrorObject, raw: Map<string, string>): ApiError {
  const p = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && error.instancePath === '')
    return errors.missingArgument(String(p.missingProperty));
  const name = fieldName(error.instancePath) || String(p.missingProperty ?? '');
  const top = error.instancePath.split('/')[1] ?? '';
  switch (error.keyword) {
    case 'required':
      return errors.badRequest(`${name}["${String(p.missingProperty)}"] key is missing`);
    case 'type':
      return errors.wrongType(name, String(p.type).split(',')[0]!);
    case 'maxLength':
      return errors.tooLong(name, Number(p.limit));
    case 'minLength':
      return errors.blank(name);
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return errors.invalidVariable(top, raw.get(top) ?? '');
    case 'additionalProperties':
      return errors.badRequest(`${name} has an unexpected key '${String(p.additionalProperty)}'`);
    default:
      return errors.invalidValue(name);
  }
}

/** Picks the error to report: a failed oneOf/anyOf as a whole rather than one of its branches. */
function primaryError(list: readonly ErrorObject[]): ErrorObject {
  const union = list.find((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  return union ?? list[0]!;
}

/** Decodes and validates raw parameters; returns typed params and the names the endpoint ignored. */
export function decodeParams(
  plan: ParamsPlan,
  raw: Map<string, string>,
  pathParams: Record<string, string>,
  limits: RequestLimits = DEFAULT_LIMITS,
): { params: Record<string, unknown>; ignored: string[] } {
  const params: Record<string, unknown> = {};
  const ignored: string[] = [];
  // Names, then values by name: iterating the entries would make a [name, value] array per parameter.
  for (const name of raw.keys()) decodeParam(plan, params, ignored, pathParams, name, raw.get(name)!, limits);
  for (const name in pathParams)
    decodeParam(plan, params, ignored, pathParams, name, pathParams[name]!, limits);
  if (plan.validate && !plan.validate(params))
    throw toApiError(primaryError(plan.validate.errors ?? []), raw);
  return { params, ignored: ignored.length > 1 ? ignored.sort() : ignored };
}

/** Decodes one parameter into `params` (or names it in `ignored` when the endpoint does not take it). */
function decodeParam(
  plan: ParamsPlan,
  params: Record<string, unknown>,
  ignored: string[],
  pathParams: Record<string, string>,
  name: string,
  value: string,
  limits: RequestLimits,
): void {
  const spec = plan.specs.get(name);
  if (!spec) {
    if (!(name in pathParams)) ignored.push(name);
    return;
  }
  if (spec.rawOnly) {
    params[name] = value;
    return;
  }
  // A plain word (a channel name, a queue id) is no JSON: take it as text without a thrown SyntaxError.
  if (!mayBeJson(value)) {
    if (!spec.stringAllowed) throw errors.notValidJson(name);
    params[name] = value;
    return;
  }
  try {
    params[name] = parseJsonValue(name, value, limits);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    if (!spec.stringAllowed) throw errors.notValidJson(name);
    params[name] = value;
  }
}
