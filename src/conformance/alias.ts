/** `--alias zulip=svc`: the target spells renamed identifiers with another prefix (keys and enum strings). */

/** One prefix mapping: the target's spelling and the scenarios' spelling. */
export interface Alias {
  theirs: string;
  ours: string;
}

/** Parses `theirs=ours` (e.g. `zulip=svc`); throws on a malformed value. */
export function parseAlias(text: string): Alias {
  const match = /^([A-Za-z][A-Za-z0-9]*)=([A-Za-z][A-Za-z0-9]*)$/.exec(text);
  if (!match) throw new Error(`--alias takes THEIRS=OURS, e.g. zulip=svc (got "${text}")`);
  return { theirs: match[1]!, ours: match[2]! };
}

function rename(value: unknown, from: string[], to: string[]): unknown {
  const swap = (s: string): string => {
    for (let i = 0; i < from.length; i++)
      if (s.startsWith(from[i]!)) return to[i]! + s.slice(from[i]!.length);
    return s;
  };
  if (typeof value === 'string') return swap(value);
  if (Array.isArray(value)) return value.map((v) => rename(v, from, to));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [swap(k), rename(v, from, to)]));
  return value;
}

/** Rewrites the scenarios' spelling (`svc_x`) into the target's (`zulip_x`) in outgoing parameters. */
export function aliasOutgoing(value: unknown, aliases: readonly Alias[]): unknown {
  if (!aliases.length) return value;
  return rename(
    value,
    aliases.map((a) => `${a.ours}_`),
    aliases.map((a) => `${a.theirs}_`),
  );
}

/** Rewrites the target's spelling back into the scenarios' in response bodies and events. */
export function aliasIncoming(value: unknown, aliases: readonly Alias[]): unknown {
  if (!aliases.length) return value;
  return rename(
    value,
    aliases.map((a) => `${a.theirs}_`),
    aliases.map((a) => `${a.ours}_`),
  );
}
