/** Linkifiers: realm regexes whose matches in text (and topics) become links built from URL templates. */
import type { RE2JS } from 're2js';
import { re2jsClass } from './re2js-class.js';
import { parseTemplate, type Template } from 'url-template';
import type { LinkifierRule } from './context.js';

interface Compiled {
  regex: RE2JS;
  /** The user's named groups (the wrapper adds numbered ones). */
  names: string[];
  template: Template;
  /** A character every match contains (see {@link requiredCharacter}), or '' when none is known. */
  required: string;
}

/** Characters with a meaning in a pattern: a literal is any other. */
const SPECIAL = new Set('\\^$.|?*+()[]{}');

/**
 * A character every match of `pattern` contains: its first character when that is a literal that no quantifier
 * follows and the pattern has no alternation (`|` anywhere, so no branch can avoid it), else ''. Linkifiers
 * usually start with one (`#`, `RFC `): text without it is passed over without running the regex.
 */
export function requiredCharacter(pattern: string): string {
  const first = pattern.charAt(0);
  if (first === '' || SPECIAL.has(first) || pattern.includes('|')) return '';
  const next = pattern.charAt(1);
  return next === '?' || next === '*' || next === '+' || next === '{' ? '' : first;
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

/** A pattern in RE2 syntax: JavaScript-style named groups `(?<name>…)` become `(?P<name>…)`. */
function re2Pattern(pattern: string): string {
  return pattern.replace(/(?<!\\)((?:\\\\)*)\(\?<(?![=!])/g, '$1(?P<');
}

// Compiled forms keyed by pattern and template; invalid patterns are remembered as null and never match.
const compiled = new Map<string, Compiled | null>();
// The same per rule object (a render looks its rules up for every text token): checked against the rule's
// current pattern and template, so an edited rule object is compiled again.
const byRule = new WeakMap<LinkifierRule, { pattern: string; template: string; entry: Compiled | null }>();

function compile(rule: LinkifierRule): Compiled | null {
  const known = byRule.get(rule);
  if (known && known.pattern === rule.pattern && known.template === rule.url_template) return known.entry;
  const key = `${rule.pattern}\u0000${rule.url_template}`;
  let entry = compiled.get(key);
  if (entry === undefined) {
    try {
      // Matched with RE2 semantics (re2js: linear time), as the real server does: a pattern with nested
      // quantifiers such as (a+)+ cannot stall a render. RE2 has no look-around, so the server's boundaries
      // (after start/space/opening punctuation, not before \w) are matched as groups around the pattern.
      const source = `(?:^|[\\s"'(,:<])((?:${re2Pattern(rule.pattern)}))(?:\\W|$)`;
      const regex = re2jsClass().compile(source);
      const names = Object.keys(regex.namedGroups());
      entry = {
        regex,
        names,
        template: parseTemplate(rule.url_template),
        required: requiredCharacter(rule.pattern),
      };
    } catch {
      entry = null;
    }
    compiled.set(key, entry);
  }
  byRule.set(rule, { pattern: rule.pattern, template: rule.url_template, entry });
  return entry;
}

/**
 * Whether some linkifier could match in `text` or in any part of it: false when every rule needs a character
 * the text lacks (or its pattern does not compile), so none of its parts needs a test of its own.
 */
export function linkifierMayMatchWithin(text: string, rules: readonly LinkifierRule[]): boolean {
  for (const rule of rules) {
    const c = compile(rule);
    if (c && (c.required === '' || text.includes(c.required))) return true;
  }
  return false;
}

/** One linkifier match: [start, end) in the text and the expanded URL. */
export interface LinkifierMatch {
  start: number;
  end: number;
  url: string;
}

/** Whether any linkifier may match in the text (a cheap test before {@link linkifierMatches}). */
export function linkifierMatchesAny(text: string, rules: readonly LinkifierRule[]): boolean {
  for (const rule of rules) {
    const c = compile(rule);
    if (c && (c.required === '' || text.includes(c.required)) && c.regex.test(text)) return true;
  }
  return false;
}

/** Matches of all linkifiers in order; an earlier linkifier wins where matches overlap. Sorted by start. */
export function linkifierMatches(text: string, rules: readonly LinkifierRule[]): LinkifierMatch[] {
  const found: LinkifierMatch[] = [];
  for (const rule of rules) {
    const c = compile(rule);
    // test() is an unanchored search without a Matcher: most text has no match of any rule.
    if (!c || (c.required !== '' && !text.includes(c.required)) || !c.regex.test(text)) continue;
    const m = c.regex.matcher(text);
    // The next search starts at the end of the match itself: its trailing boundary character may open the next.
    for (let at = 0; at <= text.length && m.find(at);) {
      const start = m.start(1);
      const end = m.end(1);
      at = end > start ? end : m.end() > at ? m.end() : at + 1;
      if (end === start) continue;
      if (found.some((f) => start < f.end && f.start < end)) continue;
      const vars: Record<string, string> = {};
      for (const name of c.names) {
        const value = m.group(name);
        if (value !== null) vars[name] = value;
      }
      found.push({ start, end, url: c.template.expand(vars) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
