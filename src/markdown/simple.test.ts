/**
 * The fast path (simple.ts) against the full renderer: generated lines and every message of the dev realm and
 * of a generated realm render to the same result both ways.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApp } from '../api/app.js';
import { generateRealm } from '../fixtures/generate/index.js';
import { addLinkifier, removeLinkifier } from '../store/linkifiers/linkifiers.js';
import { renderContent, renderContext } from '../store/render.js';
import type { RenderContext } from './context.js';
import { renderFully, renderMarkdown, renderMarkedLine, renderSimple } from './render.js';
import { simpleLine } from './simple.js';

const devRealm = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;

const context: RenderContext = {
  realmUrl: 'http://localhost:9991',
  linkifiers: [
    { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.test/{id}' },
    { pattern: 'PR(?P<id>[0-9]+)', url_template: 'https://review.test/{id}' },
  ],
};

// Words that are plain, that linkify or a linkifier turns into links, and that other rules take.
const WORDS = [
  'a',
  'benchmark',
  'message',
  'with',
  'some',
  'markup',
  'Hello',
  'x1',
  '42',
  'PR12',
  'PR',
  'example.com',
  'www.test',
  'localhost',
  'a.b',
  'e.g.',
  'end.',
  'why?',
  'yes!',
  'semi;',
  '"quoted"',
  "it's",
  '(aside)',
  'well-known',
  '-',
  '1.',
  '1)',
  '#12',
  '@all',
  ':smile:',
  '_x_',
  'a_b',
  '`c`',
  '~~s~~',
  '<b>',
  'a&b',
  'x/y',
  'http://h.test',
  'ftp',
  'mailto',
  'é',
  '🐙',
  '|',
  '>',
  '+',
  '=',
  '\\',
  '[x]',
];
const word = fc.constantFrom(...WORDS);
const marker = fc.constantFrom('', '', '*', '**', '***');
const gap = fc.constantFrom(' ', ' ', '  ', '\n', '\n\n', '', '\t');
const span = fc
  .tuple(marker, fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '', ',', '.', '!', '*'))
  .map(([m, ws, after]) => `${m}${ws.join(' ')}${m}${after}`);
const line = fc
  .tuple(
    fc.constantFrom('', '', ' ', '* ', '1. ', '# ', '> '),
    fc.array(fc.tuple(span, gap), { maxLength: 6 }),
  )
  .map(([lead, parts]) => lead + parts.map(([s, g]) => s + g).join(''));
// Lines close to what the fast path takes: plain words, emphasis spans, punctuation after them.
const PLAIN_WORDS = [
  'a',
  'message',
  'Hello',
  'x1',
  '42',
  'end.',
  'why?',
  'semi;',
  "it's",
  '(aside)',
  'well-known',
];
// Single hazards in otherwise plain lines: links, linkifier matches and other rules' syntax.
const HAZARDS = [
  'PR12',
  'a.b',
  'example.com',
  'LocalHost',
  'www.x.org',
  'v1.2.3',
  '_x_',
  'a_b',
  ':smile:',
  '@all',
  '#12',
  'a&b',
  '<b>',
  '`c`',
  'x~y',
];
const plainSpan = fc
  .tuple(
    fc.constantFrom('', '', '*', '**'),
    fc.array(fc.constantFrom(...PLAIN_WORDS, ...PLAIN_WORDS, ...HAZARDS), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('', '', ',', '.', '!'),
  )
  .map(([m, ws, after]) => (m === '' ? ws.join(' ') : `${m}${ws.join(' ').replace(/\W+$/, '')}${m}${after}`));
const plainLine = fc
  .tuple(
    fc.constantFrom(...PLAIN_WORDS.slice(0, 4), '*a*', '**x1**'),
    fc.array(fc.tuple(fc.constantFrom(' ', ' ', ' ', ' ', '', '('), plainSpan), { maxLength: 6 }),
  )
  .map(([head, spans]) => head + spans.map(([gap, text]) => gap + text).join(''));
const noise = fc.string({
  unit: fc.constantFrom(...'ab1 *_.,!?;:\'"()-@#&<>`~\n'.split('')),
  maxLength: 24,
});

/** The fast path's rendering compared with the full renderer's; true when the fast path took the content. */
function sameBothWays(content: string, ctx: RenderContext): boolean {
  const fast = renderSimple(content, ctx.linkifiers);
  if (fast) expect(fast).toEqual(renderFully(content, ctx));
  expect(renderMarkdown(content, ctx)).toEqual(renderFully(content, ctx));
  return fast !== undefined;
}

describe('renderer fast path', () => {
  it('renders the benchmark line as the full renderer does', () => {
    const content = 'a benchmark message with **some** markup';
    expect(simpleLine(content)).toBe('<p>a benchmark message with <strong>some</strong> markup</p>');
    expect(sameBothWays(content, context)).toBe(true);
  });

  it('leaves lines with links, linkifier matches, block syntax or other rules to the full renderer', () => {
    for (const content of ['see example.com', 'fixed in PR12', '* item', '1. item', 'a _b_', 'x\ny', 'a  ']) {
      expect(sameBothWays(content, context)).toBe(false);
    }
  });

  it('gives the full renderer result for generated lines', () => {
    let taken = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.oneof(plainLine, plainLine, line, noise), (content) => {
        runs++;
        if (sameBothWays(content, context)) taken++;
      }),
      { numRuns: 4000, seed: 14 },
    );
    // The generators must exercise the fast path itself, not only its refusals.
    expect(taken).toBeGreaterThan(runs / 10);
  });

  it('follows linkifiers added and removed through the store on plain lines', () => {
    const { store } = createApp({ realm: devRealm });
    const html = (): string => renderContent(store.state, 'fixed in **build** QX17 today').html;
    const plain = '<p>fixed in <strong>build</strong> QX17 today</p>';
    expect(html()).toBe(plain);
    const rule = addLinkifier(store, 'QX(?P<n>[0-9]+)', 'https://qx.example/{n}');
    expect(html()).toBe(
      '<p>fixed in <strong>build</strong> <a href="https://qx.example/17">QX17</a> today</p>',
    );
    removeLinkifier(store, rule.id);
    expect(html()).toBe(plain);
  });

  it.each([
    ['the dev realm', () => devRealm],
    ['a generated realm (5,000 messages, seed 3)', () => generateRealm({ messages: 5000, seed: 3 })],
  ])('renders every message of %s the same both ways', (_name, realm) => {
    const { state } = createApp({ realm: realm() }).store;
    const ctx = renderContext(state);
    let taken = 0;
    for (const message of state.messages.values()) if (sameBothWays(message.content, ctx)) taken++;
    expect(taken).toBeGreaterThan(0);
  });

  it('gives the full renderer result for lines of mentions and a closing named emoji', () => {
    const { state } = createApp({ realm: devRealm }).store;
    const ctx = renderContext(state);
    const users = [...state.users.values()];
    const active = users.find((u) => u.is_active && !u.is_bot)!;
    const inactive = users.find((u) => !u.is_active);
    const group = [...state.groups.values()].find((g) => !g.deactivated && !g.is_system_group);
    const realmEmoji = [...state.realmEmoji.values()].find((e) => !e.deactivated);
    const mentions = [
      `@**${active.full_name}|${active.user_id}**`,
      `@**${active.full_name}**`,
      `@_**${active.full_name}|${active.user_id}**`,
      `@**${active.full_name.toUpperCase()}|${active.user_id}**`,
      `@**Somebody Else|${active.user_id}**`,
      `@**|${active.user_id}**`,
      '@**all**',
      '@_**everyone**',
      '@**topic**',
      '@**Nobody At All**',
      '@**x|99999**',
      ...(inactive ? [`@**${inactive.full_name}|${inactive.user_id}**`] : []),
      ...(group ? [`@*${group.name}*`, `@_*${group.name}*`] : []),
      '@*no such group*',
      '@all',
      '@**a*b**',
    ];
    const emoji = [
      ':joy:',
      ':+1:',
      ':svc:',
      ':no_such_emoji:',
      ':smile',
      'x:joy:',
      ...(realmEmoji ? [`:${realmEmoji.name}:`] : []),
    ];
    const head = fc.constantFrom('', ...mentions);
    const tail = fc.constantFrom('', '', ...emoji);
    // Mostly a fast-path line set off by a space from each mark, else text joined to the marks otherwise.
    // Lines with mentions inside: set off by spaces, or joined to the text around them otherwise.
    const inner = fc
      .tuple(
        plainLine,
        fc.array(
          fc.tuple(fc.constantFrom(...mentions), fc.constantFrom(' ', ' ', ' ', '', ',', '('), plainLine),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
      )
      .map(
        ([first, rest]) => first + rest.map(([m, gap, text]) => `${gap || ' '}${m}${gap}${text}`).join(''),
      );
    const middle = fc.oneof(
      { weight: 3, arbitrary: plainLine.map((text) => ({ text, spaced: true })) },
      { weight: 2, arbitrary: inner.map((text) => ({ text, spaced: true })) },
      fc
        .tuple(fc.constantFrom(...mentions), fc.constantFrom('', ' ', '  '), fc.constantFrom(...mentions))
        .map(([a, gap, b]) => ({ text: a + gap + b, spaced: true })),
      fc.constantFrom('', ' ', '  ', ',', ' *', '* ', ' ,').map((text) => ({ text, spaced: false })),
      fc.oneof(plainLine, line).map((text) => ({ text, spaced: false })),
    );
    let taken = 0;
    let runs = 0;
    fc.assert(
      fc.property(head, middle, tail, (h, m, t) => {
        runs++;
        const content = m.spaced ? `${h}${h && ' '}${m.text}${t && ' '}${t}` : h + m.text + t;
        const marked = renderMarkedLine(content, ctx);
        if (marked) {
          taken++;
          expect(marked).toEqual(renderFully(content, ctx));
        }
        expect(renderMarkdown(content, ctx)).toEqual(renderFully(content, ctx));
      }),
      { numRuns: 4000, seed: 7 },
    );
    // Many generated marks name nothing and many lines hold a hazard or a mention joined to text: about one in
    // twenty is taken.
    expect(taken).toBeGreaterThan(runs / 40);
    // The common shapes themselves are taken.
    for (const content of [
      `@**${active.full_name}|${active.user_id}** can you look at this?`,
      'that works :+1:',
      `@**${active.full_name}|${active.user_id}** :joy:`,
      `thanks @**${active.full_name}|${active.user_id}** and @**all** for this :tada:`,
    ])
      expect(renderMarkedLine(content, ctx)?.html).toBe(renderFully(content, ctx).html);
  });
});
