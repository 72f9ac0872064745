/**
 * The server matches linkifier patterns with RE2 (linear time), which has no look-around and no
 * back-references; JavaScript's RegExp has both, so the mock refuses them itself (reference K).
 */

const LOOK_AROUND = ['=', '!', '<=', '<!', 'P='] as const;

/** Why RE2 would not compile a (Python-syntax) pattern that JavaScript can, or undefined. */
export function re2Unsupported(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && /[1-9k]/.test(next)) return `invalid escape sequence: \\${next}`;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      // A "]" right after "[" or "[^" is a literal member of the class.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    } else if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i + 2);
      const op = LOOK_AROUND.find((o) => rest.startsWith(o));
      if (op) return `invalid or unsupported Perl syntax: (?${op}`;
    }
  }
  return undefined;
}
