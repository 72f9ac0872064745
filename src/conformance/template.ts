/** `{name}` placeholders in scenario values: captures, `{run}`, `{now}`, actor and queue facts; `{name+N}` adds to a number. */

const PLACEHOLDER = /\{\{|\{([A-Za-z_][A-Za-z0-9_.]*)([+-][0-9]+)?\}/g;
const WHOLE = /^\{([A-Za-z_][A-Za-z0-9_.]*)([+-][0-9]+)?\}$/;

/** Thrown when a value names a placeholder that has no value (yet). */
export class UnknownPlaceholderError extends Error {
  constructor(readonly placeholder: string) {
    super(`unknown placeholder {${placeholder}}`);
  }
}

/** Every placeholder name used anywhere in a value (strings inside lists and objects too). */
export function placeholdersIn(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(PLACEHOLDER)].flatMap((m) => (m[1] ? [m[1]] : []));
  if (Array.isArray(value)) return value.flatMap(placeholdersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholdersIn);
  return [];
}

/** Replaces placeholders; a string that is exactly one placeholder becomes the value with its own type. */
export function substitute(value: unknown, vars: ReadonlyMap<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(whole[1]!, whole[2], vars);
    return value.replace(PLACEHOLDER, (text, name: string | undefined, offset: string | undefined) => {
      if (!name) return '{';
      const v = lookup(name, offset, vars);
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  return value;
}

/** A placeholder's value; with an offset (`{now+60}`, `{ts-5}`) the value must be a number and the offset is added. */
function lookup(name: string, offset: string | undefined, vars: ReadonlyMap<string, unknown>): unknown {
  if (!vars.has(name)) throw new UnknownPlaceholderError(name);
  const v = vars.get(name);
  if (offset === undefined) return v;
  if (typeof v !== 'number') throw new TypeError(`{${name}${offset}}: ${name} is not a number`);
  return v + Number(offset);
}

/** Reads a JSON pointer (`/messages/0/id`); undefined when a segment is missing. */
export function readPointer(document: unknown, pointer: string): unknown {
  if (pointer === '') return document;
  let here: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}
