/** Linkifiers: realm regexes whose matches in text (and topics) become links built from URL templates. */
import { parseTemplate, type Template } from 'url-template';
import type { LinkifierRule } from './context.js';

interface Compiled {
  regex: RegExp;
  template: Template;
}

/**
 * A linkifier pattern in JavaScript syntax: the API's patterns are Python regexes, whose named groups
 * `(?P<name>…)` and back-references `(?P=name)` become `(?<name>…)` and `\k<name>` (escaped parentheses kept).
 */
export function jsPattern(pattern: string): string {
  return pattern
    .replace(/(?<!\\)((?:\\\\)*)\(\?P</g, '$1(?<')
    .replace(/(?<!\\)((?:\\\\)*)\(\?P=(\w+)\)/g, '$1\\k<$2>');
}

// Compiled forms keyed by pattern and template; invalid patterns are remembered as null and never match.
const compiled = new Map<string, Compiled | null>();

function compile(rule: LinkifierRule): Compiled | null {
  const key = `${rule.pattern}\u0000${rule.url_template}`;
  let entry = compiled.get(key);
  if (entry !== undefined) return entry;
  try {
    // The server only matches at word-ish boundaries: after start/space/opening punctuation, not before \w.
    const source = `(?<![^\\s"'(,:<])(?:${jsPattern(rule.pattern)})(?!\\w)`;
    entry = { regex: new RegExp(source, 'gu'), template: parseTemplate(rule.url_template) };
  } catch {
    entry = null;
  }
  compiled.set(key, entry);
  return entry;
}

/** One linkifier match: [start, end) in the text and the expanded URL. */
export interface LinkifierMatch {
  start: number;
  end: number;
  url: string;
}

/** Matches of all linkifiers in order; an earlier linkifier wins where matches overlap. Sorted by start. */
export function linkifierMatches(text: string, rules: readonly LinkifierRule[]): LinkifierMatch[] {
  const found: LinkifierMatch[] = [];
  for (const rule of rules) {
    const c = compile(rule);
    if (!c) continue;
    c.regex.lastIndex = 0;
    for (const m of text.matchAll(c.regex)) {
      if (m[0] === '') continue;
      const start = m.index;
      const end = start + m[0].length;
      if (found.some((f) => start < f.end && f.start < end)) continue;
      const vars: Record<string, string> = {};
      for (const [name, value] of Object.entries(m.groups ?? {})) if (value !== undefined) vars[name] = value;
      found.push({ start, end, url: c.template.expand(vars) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
