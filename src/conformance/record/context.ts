/** What the recorder knows while it turns exchanges into steps: people, secrets, captures and queues in scope. */
import type { Person } from './people.js';
import { EMAIL, EMAILS_IN, escapeBraces, valueKey } from './rules.js';

/** The state shared by the shaping of paths, parameters and expectations. */
export interface ShapeContext {
  byEmail: Map<string, Person>;
  byUserId: Map<number, Person>;
  /** Every API key met (identities and the accounts book): never written. */
  apiKeys: Set<string>;
  /** Captured values in scope: value key -> the captures of that value, with their kind of id. */
  captures: Map<string, Array<{ kind: string; name: string }>>;
  /** Queues registered so far: queue id -> queue name. */
  queues: Map<string, string>;
  /** E-mails of no known account, written as an address made per run: lower-case e-mail -> template. */
  pseudonyms: Map<string, string>;
  /** People a placeholder names: they become actors. */
  used: Set<Person>;
  /** Names of objects the recording created -> the text a replay writes (`release plan {run}`). */
  runNames: Map<string, string>;
}

/** A context over the people of a recording. */
export function createShapeContext(
  people: readonly Person[],
  extraKeys: Iterable<string> = [],
  runNames: Map<string, string> = new Map(),
): ShapeContext {
  const byEmail = new Map<string, Person>();
  const byUserId = new Map<number, Person>();
  for (const p of people) {
    for (const e of p.emails) if (!byEmail.has(e)) byEmail.set(e, p);
    if (p.userId !== undefined && !byUserId.has(p.userId)) byUserId.set(p.userId, p);
  }
  return {
    byEmail,
    byUserId,
    apiKeys: new Set([...people.map((p) => p.apiKey), ...extraKeys].filter((k) => k.length >= 8)),
    captures: new Map(),
    queues: new Map(),
    pseudonyms: new Map(),
    used: new Set(),
    runNames,
  };
}

/** `{actor.fact}` for a person, who thereby becomes an actor. */
export function personPlaceholder(
  ctx: ShapeContext,
  person: Person,
  fact: 'user_id' | 'email' | 'full_name',
): string {
  ctx.used.add(person);
  return `{${person.actor}.${fact}}`;
}

/** Whether a person already is an actor (or sends requests): expectations name only those, never add one. */
export const isActor = (ctx: ShapeContext, person: Person): boolean =>
  person.identity || ctx.used.has(person);

/** The placeholder of a captured value (of that kind of id, when the key tells) or queue id in scope, if any. */
export function capturedPlaceholder(ctx: ShapeContext, value: unknown, kind?: string): string | undefined {
  if (typeof value === 'string') {
    const queue = ctx.queues.get(value);
    if (queue) return `{${queue}.queue_id}`;
  }
  const key = valueKey(value);
  const list = key ? (ctx.captures.get(key) ?? []) : [];
  const found = kind === undefined ? list[0] : list.find((c) => c.kind === kind);
  return found ? `{${found.name}}` : undefined;
}

/** Brings a capture into scope. */
export function addCapture(ctx: ShapeContext, value: unknown, kind: string, name: string): void {
  const key = valueKey(value)!;
  ctx.captures.set(key, [...(ctx.captures.get(key) ?? []), { kind, name }]);
}

/**
 * An e-mail as the file writes it: a known account's `{actor.email}`, or an address made per run for others.
 * In a request every address of an account counts and unknown ones get a per-run address; in an expected body
 * only the address the server shows (`{actor.email}` on a replay) and addresses already made; otherwise undefined.
 */
export function emailPlaceholder(ctx: ShapeContext, email: string, inRequest: boolean): string | undefined {
  const lower = email.toLowerCase();
  const person = ctx.byEmail.get(lower);
  if (person && (inRequest || (person.email.toLowerCase() === lower && isActor(ctx, person))))
    return personPlaceholder(ctx, person, 'email');
  const made = ctx.pseudonyms.get(lower);
  if (made || !inRequest) return made;
  const domain = lower.split('@')[1]!;
  const template = `recorded${ctx.pseudonyms.size + 1}.{run}@${escapeBraces(domain)}`;
  ctx.pseudonyms.set(lower, template);
  return template;
}

/** A text with its e-mails replaced (and `{` escaped); undefined when an address cannot be replaced. */
export function replaceEmails(ctx: ShapeContext, text: string, inRequest: boolean): string | undefined {
  if (EMAIL.test(text)) return emailPlaceholder(ctx, text, inRequest);
  let out = '';
  let last = 0;
  for (const match of text.matchAll(EMAILS_IN)) {
    const replaced = emailPlaceholder(ctx, match[0], inRequest);
    if (replaced === undefined) return undefined;
    out += escapeBraces(text.slice(last, match.index)) + replaced;
    last = match.index + match[0].length;
  }
  return out + escapeBraces(text.slice(last));
}

/** Whether a text holds an API key met in the recording. */
export const holdsKey = (ctx: ShapeContext, text: string): boolean =>
  [...ctx.apiKeys].some((key) => text.includes(key));
