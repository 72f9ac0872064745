/**
 * Names of objects a recording created (a topic its first message opened, a channel, a user group...): a replay
 * on the same server must make new ones, so each becomes `<name> {run}` wherever the scenario writes it.
 */
import { isObject } from '../matchers.js';
import type { RecordedExchange } from './exchange.js';
import { decodeParam } from './request-shape.js';
import { escapeBraces } from './rules.js';

/** Where a creating request names what it creates: [method, path, how to read the names from its parameters]. */
const CREATING: Array<[string, string, (params: Record<string, string>) => unknown[]]> = [
  [
    'POST',
    '/api/v1/messages',
    (p) => (['stream', 'channel'].includes(p.type ?? '') ? [p.topic ?? p.subject] : []),
  ],
  [
    'POST',
    '/api/v1/scheduled_messages',
    (p) => (['stream', 'channel'].includes(p.type ?? '') ? [p.topic] : []),
  ],
  [
    'POST',
    '/api/v1/users/me/subscriptions',
    (p) => {
      const list = decodeParam(p.subscriptions ?? '');
      return Array.isArray(list) ? list.map((s) => (isObject(s) ? s.name : undefined)) : [];
    },
  ],
  ['POST', '/api/v1/user_groups/create', (p) => [p.name]],
  ['POST', '/api/v1/realm/playgrounds', (p) => [p.name]],
  ['POST', '/api/v1/realm/profile_fields', (p) => [p.name]],
];

/** Every string of a document (answers: names that existed before a request are not its creations). */
function stringsIn(value: unknown, out: Set<string>): void {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (isObject(value)) for (const v of Object.values(value)) stringsIn(v, out);
}

/**
 * The names the recording's successful creating requests introduced, each mapped to the text a scenario writes
 * (`release plan` -> `release plan {run}`); a name some earlier answer showed already existed and stays as it is.
 */
export function findRunNames(exchanges: readonly RecordedExchange[]): Map<string, string> {
  const seen = new Set<string>();
  const names = new Map<string, string>();
  for (const x of [...exchanges].sort((a, b) => a.seq - b.seq)) {
    const creating = CREATING.find(([method, path]) => method === x.method && path === x.path);
    if (creating && x.status < 300)
      for (const name of creating[2](x.params))
        if (typeof name === 'string' && name.trim() !== '' && !seen.has(name) && !names.has(name))
          names.set(name, `${escapeBraces(name)} {run}`);
    stringsIn(x.body, seen);
  }
  return names;
}
