/**
 * Secrets never leave memory: the one place where what a run records (a ScenarioResult, a recorded scenario, a
 * report's text) loses every API key, password and key-bearing URL before any reporter or file sees it.
 */
import type { Account, AccountBook } from './accounts.js';
import { curlCommand } from './reporters/curl.js';
import type { ScenarioResult } from './transcript.js';

/** Field names whose string values are secrets (`api_key`, `giphy_api_key`, `password`, `key`, `token`...). */
const SECRET_FIELD =
  /^(?:[a-z0-9_]*_)?(?:api_key|password|key|token|secret|signature)$|^(?:authorization|cookie|set-cookie)$/i;

/** Whether a field (object key, parameter or header name) holds a secret. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

/** Text that stands for a secret: `<redacted api_key>` for a field, `<redacted>` inside a longer text. */
export const redactedMark = (field?: string): string =>
  field ? `<redacted ${field.toLowerCase()}>` : '<redacted>';

/** Secret values shorter than this are not searched for inside texts (they would hit ordinary words). */
const MIN_SECRET_LENGTH = 6;

/** Secrets that URLs carry: a key in the query, a temporary upload token, an invitation link's key, Basic auth. */
const URL_SECRETS: Array<[RegExp, string]> = [
  [/([?&](?:[a-z_]*api_key|key|token|signature|sig|password|secret)=)[^&#\s"'<>]+/gi, '$1<redacted>'],
  [/(\/user_uploads\/temporary\/)[^/\s"'<>?#]+/g, '$1<redacted>'],
  [/(\/join\/)[^/\s"'<>?#]+/g, '$1<redacted>'],
  [/(\bBasic\s+)[A-Za-z0-9+/]{12,}={0,2}/g, '$1<redacted>'],
];

/** A text none of {@link URL_SECRETS} can change lacks all of these. */
const URL_HINT = /=|\/user_uploads\/temporary\/|\/join\/|Basic\s/;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The secret strings a run knows: its accounts' keys and every value it saw under a secret field name. */
export class SecretSet {
  private readonly values = new Set<string>();
  private pattern: RegExp | undefined;

  /** Remembers a secret value (strings of at least 6 characters; others are ignored). */
  add(value: unknown): void {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || value.startsWith('<redacted'))
      return;
    if (this.values.has(value)) return;
    this.values.add(value);
    this.pattern = undefined;
    if (this !== everySecret) everySecret.add(value);
  }

  /** Remembers every account of a book (keys; e-mail addresses are not secret). */
  addBook(book: AccountBook): void {
    const accounts: Array<Account | undefined> = [
      ...Object.values(book.byRole).flat(),
      ...Object.values(book.byActor),
      book.fallback,
    ];
    for (const account of accounts) this.add(account?.api_key);
  }

  /** Every string under a secret field name inside `value` (any depth), remembered. */
  learn(value: unknown, field?: string): void {
    if (typeof value === 'string') {
      if (field !== undefined && isSecretField(field)) this.add(value);
    } else if (Array.isArray(value)) for (const item of value) this.learn(item, field);
    else if (isPlain(value)) for (const [key, item] of Object.entries(value)) this.learn(item, key);
  }

  /** `text` with every known secret and every key-bearing URL part replaced by `<redacted>`. */
  text(text: string): string {
    if (text.length < MIN_SECRET_LENGTH) return text;
    let out = text;
    if (this.values.size) {
      // Longest first, so a secret that contains another is replaced whole.
      this.pattern ??= new RegExp(
        [...this.values]
          .sort((a, b) => b.length - a.length)
          .map(escapeRegExp)
          .join('|'),
        'g',
      );
      out = out.replace(this.pattern, redactedMark());
    }
    // Most texts hold none of the URL patterns' anchors: one cheap scan instead of four replacements.
    if (URL_HINT.test(out))
      for (const [pattern, replacement] of URL_SECRETS) out = out.replace(pattern, replacement);
    return out;
  }

  /** A deep copy of `value` with secret fields replaced by `<redacted field>` and secrets in texts redacted. */
  value<T>(value: T): T {
    return this.copy(value, undefined) as T;
  }

  /** A deep copy of `value` with secrets in texts redacted, fields left as they are (a recorded scenario's placeholders). */
  texts<T>(value: T): T {
    return this.copy(value, undefined, false) as T;
  }

  private copy(value: unknown, field: string | undefined, byField = true): unknown {
    if (typeof value === 'string')
      return byField && field !== undefined && isSecretField(field) ? redactedMark(field) : this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.copy(item, field, byField));
    if (!isPlain(value)) return value;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[this.text(key)] = this.copy(item, key, byField);
    return out;
  }
}

// Every secret any set of this process learnt: the last pass over texts written where no account book is at hand.
const everySecret = new SecretSet();

/** `text` with every secret this process has learnt (any run, any side, any recording) and key-bearing URLs redacted. */
export function redactText(text: string): string {
  return everySecret.text(text);
}

/** Plain objects only: class instances (a diff's normalised ids) are kept as they are. */
function isPlain(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

// One set per account book: a key a response handed out in one scenario is still known in the next ones.
const sets = new WeakMap<object, SecretSet>();

/** The secret set of a run (its account book's keys, plus what its results taught it so far). */
export function secretsFor(book: AccountBook): SecretSet {
  let set = sets.get(book);
  if (!set) {
    set = new SecretSet();
    set.addBook(book);
    sets.set(book, set);
  }
  return set;
}

/** What {@link redactResult} may add to failed steps: a `curl` command reproducing the request. */
export interface RedactContext {
  /** The scenario's actors and their accounts (the e-mail goes into `curl -u`, never the key). */
  actors?: Record<string, Account | null>;
  /** The target's base URL for `curl`. */
  baseUrl?: string;
}

/**
 * A deep copy of a finished scenario with every secret redacted: fields named api_key, password, key, token,
 * secret (any depth, requests, responses, events, captures, failures), every known secret value inside any
 * string (the book's keys and each value seen under such a field in this run), and key-bearing URLs. Failed
 * steps with a request gain a `curl` command (the key as `$SVC_API_KEY`).
 * @example
 * const safe = redactResult(result, options.accounts, { actors, baseUrl: target.baseUrl });
 */
export function redactResult(
  result: ScenarioResult,
  book: AccountBook | SecretSet,
  context: RedactContext = {},
): ScenarioResult {
  const secrets = book instanceof SecretSet ? book : secretsFor(book);
  for (const account of Object.values(context.actors ?? {})) secrets.add(account?.api_key);
  secrets.learn(result);
  const safe = secrets.value(result);
  for (const step of safe.steps) {
    if (step.outcome !== 'failed' || !step.request) continue;
    const email = context.actors?.[step.request.actor]?.email;
    step.curl = curlCommand(step.request, { baseUrl: context.baseUrl, email });
  }
  return safe;
}

/** What a recording knows of its secrets: the accounts, the keys clients sent, every exchange it kept. */
export interface RecordingSecrets {
  book?: AccountBook;
  keys?: Iterable<string>;
  exchanges?: unknown;
}

/**
 * A recorded scenario with every secret the recording saw (accounts' keys, the keys clients sent, any value
 * under a secret field name in a request or an answer) and key-bearing URLs redacted from its texts; fields
 * keep their names and placeholders, so the scenario still replays.
 */
export function redactRecording<T>(scenario: T, known: RecordingSecrets): T {
  const secrets = new SecretSet();
  if (known.book) secrets.addBook(known.book);
  for (const key of known.keys ?? []) secrets.add(key);
  secrets.learn(known.exchanges);
  return secrets.texts(scenario);
}
