// asciiOnly: the script bundle written in ASCII evaluates to the same values (regular expressions, template
// literals untagged and String.raw, identifiers), and leaves what it cannot rewrite safely as it is.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import jsMd5 from 'js-md5';
import { asciiOnly } from './bundle-cli.js';
import md5Node from './md5-node.js';

const isAscii = (text: string): boolean => !/[^\0-\x7f]/.test(text);
const run = (code: string): unknown => runInNewContext(code);

describe('asciiOnly', () => {
  it('rewrites regular expressions, templates and identifiers into ASCII that evaluates the same', () => {
    const cases = [
      '/ẞ/g.test("Straẞe")',
      '"x ✔ ✔ y".replace(/^x (✔ )+/, "")',
      '[/😀+/u.test("😀😀"), /[😀]/u.test("😀"), new RegExp(/😀/.source, "u").test("😀"), /[à-ÿ]+/.exec("façade")[0]]',
      '`brand ◆ ${1 + 1} … end`',
      'String.raw`<span>◆</span> a\\n ${"x"} b — 😀`',
      '`outer ◆ ${`inner — ${"deep"} ✔`} tail …`',
      'const café = "ok"; café',
      '/* comment ✔ */ "plain"',
    ];
    for (const code of cases) {
      const ascii = asciiOnly(code);
      expect(isAscii(ascii), ascii).toBe(true);
      expect(run(ascii), code).toEqual(run(code));
    }
  });

  it('leaves a template with another tag, and a character after a backslash, as they are', () => {
    const tagged = 'const tag = (s) => s.raw.join("|"); tag`a ◆ ${1} b`';
    expect(asciiOnly(tagged)).toBe(tagged);
    expect(run(asciiOnly(tagged))).toBe('a ◆ | b');
    const escaped = '/\\✔/.test("✔")';
    expect(run(asciiOnly(escaped))).toBe(true);
    expect(asciiOnly(escaped)).toContain('\\✔');
  });

  it('returns ASCII code unchanged', () => {
    const code = 'const a = `x ${1}`; /y/.test("y")';
    expect(asciiOnly(code)).toBe(code);
  });
});

describe('md5-node (js-md5 in the script bundle)', () => {
  it('gives the digests js-md5 gives', () => {
    for (const text of ['', 'hamlet@svc.test', 'ÉLÈVE@svc.test', 'शिव@svc.test', '😀 x'.repeat(40)]) {
      expect(md5Node.md5(text), text).toBe(jsMd5.md5(text));
      expect(md5Node(text), text).toBe(jsMd5.md5(text));
    }
    expect(md5Node.md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
  });
});
