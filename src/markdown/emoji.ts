/** Unicode emoji names and codes (gemoji dataset) as the API names them: codes are dash-separated hex. */
import { gemojiEntries } from './emoji-data.js';

/** Name and code of the product's one extra emoji (reaction type svc_extra_emoji). */
export const SVC_EMOJI = 'svc';

// Names the API uses that the dataset lacks or spells otherwise; listed first so they win as canonical names.
const ALIASES: Record<string, string> = {
  thumbs_up: '1f44d',
  thumbs_down: '1f44e',
  check: '2714',
};

/** The API's code for an emoji string: code points in lower-case hex (at least 4 digits), without U+FE0F. */
export function emojiCodeForChars(chars: string): string {
  const parts: string[] = [];
  for (const ch of chars) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0xfe0f) continue;
    parts.push(cp.toString(16).padStart(4, '0'));
  }
  return parts.join('-');
}

/** The emoji string for an API code (inverse of emojiCodeForChars, without variation selectors). */
export function emojiCharsForCode(code: string): string {
  return String.fromCodePoint(...code.split('-').map((h) => parseInt(h, 16)));
}

interface Tables {
  byName: Map<string, string>;
  byCode: Map<string, string>;
}

let tables: Tables | undefined;

/** Slug of a dataset description ("thumbs up" → thumbs_up), a second spelling users type. */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9+]+/g, '_')
    .replace(/^_|_$/g, '');
}

// Built on first use so that importing the module costs nothing until emoji are needed.
function load(): Tables {
  if (tables) return tables;
  const byName = new Map<string, string>();
  const byCode = new Map<string, string>();
  for (const [name, code] of Object.entries(ALIASES)) {
    byName.set(name, code);
    if (!byCode.has(code)) byCode.set(code, name);
  }
  for (const entry of gemojiEntries()) {
    const code = emojiCodeForChars(entry.emoji);
    for (const name of entry.names) if (!byName.has(name)) byName.set(name, code);
    const described = slug(entry.description);
    if (described && !byName.has(described)) byName.set(described, code);
    if (!byCode.has(code) && entry.names[0]) byCode.set(code, entry.names[0]);
  }
  tables = { byName, byCode };
  return tables;
}

/** The unicode emoji code for a name (`smile` → `1f604`), or undefined when the name is not a unicode emoji. */
export function emojiCodeForName(name: string): string | undefined {
  return load().byName.get(name);
}

/** The canonical name for a unicode emoji code (`1f44d` → `thumbs_up`), or undefined for unknown codes. */
export function emojiNameForCode(code: string): string | undefined {
  return load().byCode.get(code.toLowerCase());
}
