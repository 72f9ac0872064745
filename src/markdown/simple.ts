/**
 * The renderer's fast path: one line of plain words, simple punctuation and `*em*` / `**strong**` spans needs
 * none of markdown-it's machinery. Anything else (or anything in doubt) is left to the full renderer;
 * simple.test.ts proves both give the same HTML over generated inputs and the realms' messages.
 */

const SPACE = 0x20;
const STAR = 0x2a;

// Plain characters: letters, digits, space and punctuation no inline or block rule starts at
// (no & < > for escaping, no _ ` ~ [ \ : @ # | for rules, no / for links, no line breaks).
const PLAIN = new Uint8Array(128);
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.!?;\'"()-')
  PLAIN[c.charCodeAt(0)] = 1;

function isAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

/** After a closing marker: the end, a space or punctuation that cannot open (so the run only closes). */
function endsSpan(c: number): boolean {
  return c === -1 || c === SPACE || c === 0x2c || c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3b;
}

/**
 * The paragraph HTML of `content` when it is one line of plain text with non-nested emphasis whose markers
 * open after a space (or at the start) before a letter or digit, and close after a letter or digit before a
 * space, the end or , . ! ? ; — undefined for anything else.
 */
export function simpleLine(content: string): string | undefined {
  const n = content.length;
  if (n === 0) return undefined;
  // Block syntax starts a line (lists, headings, code, rules): the line must start with a letter or a marker
  // directly before a letter or digit.
  const first = content.charCodeAt(0);
  if (!isLetter(first) && first !== STAR) return undefined;
  if (content.charCodeAt(n - 1) === SPACE) return undefined;
  // Built by concatenation (no arrays of parts or runs: a send renders one such line), flattened at the end.
  let html = '<p>';
  let open = 0;
  let start = 0;
  let i = 0;
  while (i < n) {
    const c = content.charCodeAt(i);
    if (c !== STAR) {
      if (c >= 128 || PLAIN[c] !== 1) return undefined;
      i++;
      continue;
    }
    let end = i + 1;
    while (end < n && content.charCodeAt(end) === STAR) end++;
    const run = end - i;
    if (run > 2) return undefined;
    const next = end < n ? content.charCodeAt(end) : -1;
    if (open === 0) {
      if (i > 0 && content.charCodeAt(i - 1) !== SPACE) return undefined;
      if (!isAlnum(next)) return undefined;
    } else {
      if (run !== open || !isAlnum(content.charCodeAt(i - 1)) || !endsSpan(next)) return undefined;
    }
    if (i > start) html += content.slice(start, i);
    html += open === 0 ? (run === 2 ? '<strong>' : '<em>') : run === 2 ? '</strong>' : '</em>';
    open = open === 0 ? run : 0;
    i = start = end;
  }
  if (open !== 0) return undefined;
  if (n > start) html += start === 0 ? content : content.slice(start);
  html += '</p>';
  // Reading a character makes V8 flatten the concatenation into one string: the stored message keeps one flat
  // string, not a tree of pieces until its first serialisation.
  html.charCodeAt(0);
  return html;
}

const MARKERS = /\*{1,2}/;

/**
 * The text runs of a line {@link simpleLine} accepts, in order (empty runs left out): the text between its
 * emphasis markers, which the full renderer would make text tokens of. Every `*` of such a line is a marker.
 */
export function simpleTexts(line: string): string[] {
  return line.split(MARKERS).filter((text) => text !== '');
}
