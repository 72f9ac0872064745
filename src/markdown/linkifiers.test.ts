import { describe, expect, it } from 'vitest';
import { testRenderContext } from '../testing/render-context.js';
import { linkifierMatches, linkifierMatchesAny, requiredCharacter } from './linkifiers.js';
import { renderMarkdown } from './render.js';
import { topicLinks } from './topic-links.js';

const ISSUE = { pattern: '#(?<id>[0-9]+)', url_template: 'https://tracker.example/{id}' };
const LONG = { pattern: '#(?<id>[0-9]{3})', url_template: 'https://long.example/{id}' };

describe('linkifiers', () => {
  it('applies linkifiers in order: the earlier wins where matches overlap', () => {
    expect(linkifierMatches('see #123', [ISSUE, LONG])).toEqual([
      { start: 4, end: 8, url: 'https://tracker.example/123' },
    ]);
    expect(linkifierMatches('see #123', [LONG, ISSUE])).toEqual([
      { start: 4, end: 8, url: 'https://long.example/123' },
    ]);
  });

  it('compiles a rule object again when its pattern or template is changed in place', () => {
    const rule = { ...ISSUE };
    expect(linkifierMatches('see #123 and !45', [rule])).toEqual([
      { start: 4, end: 8, url: 'https://tracker.example/123' },
    ]);
    rule.pattern = '!(?<id>[0-9]+)';
    expect(linkifierMatches('see #123 and !45', [rule])).toEqual([
      { start: 13, end: 16, url: 'https://tracker.example/45' },
    ]);
    rule.url_template = 'https://other.example/{id}';
    expect(linkifierMatches('see #123 and !45', [rule])).toEqual([
      { start: 13, end: 16, url: 'https://other.example/45' },
    ]);
  });

  it('passes over text without the character every match of a rule contains, and only then', () => {
    expect(['#(?<id>[0-9]+)', 'RFC (?<rfc>[0-9]+)', '-x'].map(requiredCharacter)).toEqual(['#', 'R', '-']);
    // Optional, quantified, escaped, in a class or in an alternation: no character is known to be in every match.
    for (const pattern of ['#?T(?<id>[0-9]+)', '#*x', '#+x', '#{2}x', 'x|#y', '(?i)rfc', '\\#x', '[#]x', ''])
      expect(requiredCharacter(pattern), pattern).toBe('');
    expect(linkifierMatchesAny('see 123', [ISSUE])).toBe(false);
    expect(linkifierMatchesAny('see #123', [ISSUE])).toBe(true);
    const optional = { pattern: '#?T(?<id>[0-9]+)', url_template: 'https://t.example/{id}' };
    const either = { pattern: 'x|T(?<id>[0-9]+)', url_template: 'https://e.example/{id}' };
    expect(linkifierMatches('see T12', [optional])).toEqual([
      { start: 4, end: 7, url: 'https://t.example/12' },
    ]);
    expect(linkifierMatches('see T12', [either])).toEqual([
      { start: 4, end: 7, url: 'https://e.example/12' },
    ]);
    const ctx = testRenderContext({ linkifiers: [optional] });
    expect(renderMarkdown('see T12 now', ctx).html).toContain('href="https://t.example/12"');
  });

  it('expands RFC 6570 templates, percent-encoding the values', () => {
    const rule = { pattern: 'ticket (?<key>[A-Z]+ [0-9]+)', url_template: 'https://t.example/{key}' };
    const r = renderMarkdown('ticket AB 12', testRenderContext({ linkifiers: [rule] }));
    expect(r.html).toBe('<p><a href="https://t.example/AB%2012">ticket AB 12</a></p>');
  });

  it('links several matches of several linkifiers in one text', () => {
    const r = renderMarkdown('#1 and RFC 2616, #2', testRenderContext());
    expect(r.html).toBe(
      '<p><a href="https://github.com/svc/svc/issues/1">#1</a> and ' +
        '<a href="https://datatracker.ietf.org/doc/html/rfc2616">RFC 2616</a>, ' +
        '<a href="https://github.com/svc/svc/issues/2">#2</a></p>',
    );
  });

  it('matches in linear time: nested quantifiers on a long non-matching run do not backtrack', () => {
    // A backtracking engine takes 2^n steps here (seconds from n = 30); RE2 semantics answer at once.
    const nested = { pattern: '(?P<id>(a+)+)b', url_template: 'https://t.example/{id}' };
    expect(linkifierMatches(`${'a'.repeat(40)}!`, [nested])).toEqual([]);
    expect(linkifierMatches('x aab', [nested])).toEqual([{ start: 2, end: 5, url: 'https://t.example/aa' }]);
  });

  it("keeps the server's boundaries: not inside a word, next matches separated by one character", () => {
    expect(linkifierMatches('x#1 (#2,#3 a#4 #5b', [ISSUE]).map((m) => m.url)).toEqual([
      'https://tracker.example/2',
      'https://tracker.example/3',
    ]);
  });

  it('ignores an invalid pattern and keeps applying the others', () => {
    const bad = { pattern: '(?<x>[', url_template: 'https://bad/{x}' };
    expect(linkifierMatches('#5', [bad, ISSUE])).toEqual([
      { start: 0, end: 2, url: 'https://tracker.example/5' },
    ]);
  });
});

describe('topicLinks', () => {
  it('lists linkifier matches and URLs in a topic by position', () => {
    expect(topicLinks('fix #12 see https://x.y/z', testRenderContext())).toEqual([
      { text: '#12', url: 'https://github.com/svc/svc/issues/12' },
      { text: 'https://x.y/z', url: 'https://x.y/z' },
    ]);
  });

  it('is empty for a plain topic', () => {
    expect(topicLinks('castle', testRenderContext())).toEqual([]);
  });
});
