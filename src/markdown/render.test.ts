import { describe, expect, it } from 'vitest';
import { testRenderContext } from '../testing/render-context.js';
import { renderMarkdown } from './render.js';

const ctx = testRenderContext();
const html = (content: string): string => renderMarkdown(content, ctx).html;

// Section H of the reference facts, row by row: input → exact HTML.
const ROWS: [string, string, string][] = [
  ['paragraph', 'hello', '<p>hello</p>'],
  ['single newline', 'a\nb', '<p>a<br>\nb</p>'],
  ['blank line', 'a\n\nb', '<p>a</p>\n<p>b</p>'],
  ['bold', '**bold**', '<p><strong>bold</strong></p>'],
  ['bold italic nests strong outside', '***x***', '<p><strong><em>x</em></strong></p>'],
  ['double underscore is literal', '__x__', '<p>__x__</p>'],
  ['single underscore is literal', '_x_ snake_case_name', '<p>_x_ snake_case_name</p>'],
  ['italic', '*it*', '<p><em>it</em></p>'],
  ['strikethrough', '~~del~~', '<p><del>del</del></p>'],
  ['inline code is escaped', '`a<b & c`', '<p><code>a&lt;b &amp; c</code></p>'],
  [
    'fenced code',
    '```\nx = 1\n```',
    '<div class="codehilite"><pre><span></span><code>x = 1\n</code></pre></div>',
  ],
  [
    'fenced code with a language',
    '```python\nif a < b: pass\n```',
    '<div class="codehilite" data-code-language="Python"><pre><span></span><code>if a &lt; b: pass\n</code></pre></div>',
  ],
  [
    'unknown language kept verbatim',
    '~~~Brainfuck\n+.\n~~~',
    '<div class="codehilite" data-code-language="Brainfuck"><pre><span></span><code>+.\n</code></pre></div>',
  ],
  [
    'indented code',
    '    code <b>\n',
    '<div class="codehilite"><pre><span></span><code>code &lt;b&gt;\n</code></pre></div>',
  ],
  ['link', '[text](https://x.y)', '<p><a href="https://x.y">text</a></p>'],
  ['link without text shows the URL', '[](https://x.y)', '<p><a href="https://x.y">https://x.y</a></p>'],
  ['link title is dropped', '[t](https://x.y "T")', '<p><a href="https://x.y">t</a></p>'],
  ['bare URL', 'see https://x.y now', '<p>see <a href="https://x.y">https://x.y</a> now</p>'],
  [
    'bare image URL gets a preview',
    'https://x.y/a.png',
    '<p><a href="https://x.y/a.png">https://x.y/a.png</a></p>\n' +
      '<div class="message_inline_image"><a href="https://x.y/a.png"><img src="https://x.y/a.png"></a></div>',
  ],
  ['e-mail addresses are not linked', 'iago@svc.test', '<p>iago@svc.test</p>'],
  ['heading', '# Title', '<h1>Title</h1>'],
  ['heading level 6', '###### T', '<h6>T</h6>'],
  ['no heading without a space', '#Title', '<p>#Title</p>'],
  ['no setext headings', 'a\n===', '<p>a<br>\n===</p>'],
  ['bullet list', '* a', '<ul>\n<li>a</li>\n</ul>'],
  ['dash list', '- a\n- b', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>'],
  ['plus list', '+ a', '<ul>\n<li>a</li>\n</ul>'],
  ['ordered list', '1. a', '<ol>\n<li>a</li>\n</ol>'],
  ['ordered list with start', '3. a\n4. b', '<ol start="3">\n<li>a</li>\n<li>b</li>\n</ol>'],
  ['quote', '> quote', '<blockquote>\n<p>quote</p>\n</blockquote>'],
  ['quote block', '```quote\nquote\n```', '<blockquote>\n<p>quote</p>\n</blockquote>'],
  [
    'spoiler block',
    '```spoiler Header\nhidden *text*\n```',
    '<div class="spoiler-block"><div class="spoiler-header">\n<p>Header</p>\n</div>' +
      '<div class="spoiler-content" aria-hidden="true">\n<p>hidden <em>text</em></p>\n</div></div>',
  ],
  [
    'table',
    '| a | b |\n|---|---|\n| 1 | 2 |',
    '<table>\n<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>',
  ],
  [
    'user mention',
    '@**King Hamlet**',
    '<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>',
  ],
  [
    'user mention uses the stored name',
    '@**king hamlet**',
    '<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>',
  ],
  [
    'user mention with id',
    '@**King Hamlet|10**',
    '<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>',
  ],
  [
    'user mention by id alone',
    '@**|10**',
    '<p><span class="user-mention" data-user-id="10">@King Hamlet</span></p>',
  ],
  ['user mention with a wrong id', '@**King Hamlet|11**', '<p>@<strong>King Hamlet|11</strong></p>'],
  [
    'silent user mention',
    '@_**King Hamlet**',
    '<p><span class="user-mention silent" data-user-id="10">King Hamlet</span></p>',
  ],
  ['wildcard all', '@**all**', '<p><span class="user-mention" data-user-id="*">@all</span></p>'],
  [
    'wildcard everyone',
    '@**everyone**',
    '<p><span class="user-mention" data-user-id="*">@everyone</span></p>',
  ],
  ['wildcard stream', '@**stream**', '<p><span class="user-mention" data-user-id="*">@stream</span></p>'],
  ['wildcard channel', '@**channel**', '<p><span class="user-mention" data-user-id="*">@channel</span></p>'],
  ['topic wildcard', '@**topic**', '<p><span class="topic-mention">@topic</span></p>'],
  [
    'group mention',
    '@*hamletcharacters*',
    '<p><span class="user-group-mention" data-user-group-id="17">@hamletcharacters</span></p>',
  ],
  [
    'silent group mention',
    '@_*hamletcharacters*',
    '<p><span class="user-group-mention silent" data-user-group-id="17">hamletcharacters</span></p>',
  ],
  ['unknown user', '@**Nobody Known**', '<p>@<strong>Nobody Known</strong></p>'],
  ['unknown group', '@*nobodies*', '<p>@<em>nobodies</em></p>'],
  ['mention needs a boundary', 'a@**King Hamlet**', '<p>a@<strong>King Hamlet</strong></p>'],
  [
    'channel link',
    '#**Denmark**',
    '<p><a class="stream" data-stream-id="3" href="/#narrow/stream/3-Denmark">#Denmark</a></p>',
  ],
  [
    'channel link with spaces',
    '#**core team**',
    '<p><a class="stream" data-stream-id="2" href="/#narrow/stream/2-core-team">#core team</a></p>',
  ],
  [
    'topic link',
    '#**Denmark>castle**',
    '<p><a class="stream-topic" data-stream-id="3" href="/#narrow/stream/3-Denmark/topic/castle">#Denmark &gt; castle</a></p>',
  ],
  [
    'topic link encoding',
    '#**Denmark>castle life.v2**',
    '<p><a class="stream-topic" data-stream-id="3" href="/#narrow/stream/3-Denmark/topic/castle.20life.2Ev2">' +
      '#Denmark &gt; castle life.v2</a></p>',
  ],
  ['unknown channel', '#**Atlantis**', '<p>#<strong>Atlantis</strong></p>'],
  [
    'unicode emoji name',
    ':smile:',
    '<p><span aria-label="smile" class="emoji emoji-1f604" role="img" title="smile">:smile:</span></p>',
  ],
  [
    'emoji title replaces underscores',
    ':thumbs_up:',
    '<p><span aria-label="thumbs up" class="emoji emoji-1f44d" role="img" title="thumbs up">:thumbs_up:</span></p>',
  ],
  [
    'unicode emoji character',
    'hi 🐙',
    '<p>hi <span aria-label="octopus" class="emoji emoji-1f419" role="img" title="octopus">:octopus:</span></p>',
  ],
  [
    'emoji character with a variation selector',
    '❤️',
    '<p><span aria-label="heart" class="emoji emoji-2764" role="img" title="heart">:heart:</span></p>',
  ],
  ['unknown emoji name', ':no_such_emoji:', '<p>:no_such_emoji:</p>'],
  [
    'custom emoji',
    ':green_tick:',
    '<p><img alt=":green_tick:" class="emoji" src="/user_avatars/2/emoji/images/1.png" title="green tick"></p>',
  ],
  [
    'product emoji',
    ':svc:',
    '<p><img alt=":svc:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/svc.png" title="svc"></p>',
  ],
  ['emoji in code stays text', '`:smile:`', '<p><code>:smile:</code></p>'],
  [
    'time',
    '<time:2017-06-05T22:30:00Z>',
    '<p><time datetime="2017-06-05T22:30:00Z">2017-06-05T22:30:00Z</time></p>',
  ],
  [
    'time from a timestamp',
    '<time:1496701800>',
    '<p><time datetime="2017-06-05T22:30:00Z">1496701800</time></p>',
  ],
  ['invalid time', '<time:soon>', '<p><span class="timestamp-error">Invalid time format: soon</span></p>'],
  ['quotes in text stay literal', 'say "hi" it\'s', '<p>say "hi" it\'s</p>'],
  [
    'code blocks escape quotes like the highlighter',
    '```\nx = "a" + \'b\'\n```',
    '<div class="codehilite"><pre><span></span><code>x = &quot;a&quot; + &#39;b&#39;\n</code></pre></div>',
  ],
  [
    'table alignment',
    '| a |\n|:--|\n| 1 |',
    '<table>\n<thead>\n<tr>\n<th style="text-align: left;">a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n' +
      '<td style="text-align: left;">1</td>\n</tr>\n</tbody>\n</table>',
  ],
  ['text-presentation symbols stay text', '© 2024 ™', '<p>© 2024 ™</p>'],
  ['raw HTML is escaped', '<b>x</b>', '<p>&lt;b&gt;x&lt;/b&gt;</p>'],
  ['me message', '/me waves', '<p>/me waves</p>'],
  [
    'same-server narrow link becomes relative',
    '[x](http://localhost:9991/#narrow/stream/1-Denmark)',
    '<p><a href="#narrow/stream/1-Denmark">x</a></p>',
  ],
  [
    'relative narrow link',
    '[x](#narrow/stream/1-Denmark)',
    '<p><a href="#narrow/stream/1-Denmark">x</a></p>',
  ],
  ['linkifier', 'fix #123', '<p>fix <a href="https://github.com/svc/svc/issues/123">#123</a></p>'],
  ['linkifier not inside code', '`#123`', '<p><code>#123</code></p>'],
  ['linkifier not inside words', 'a#123', '<p>a#123</p>'],
  ['linkifier not inside links', '[see #123](https://x.y)', '<p><a href="https://x.y">see #123</a></p>'],
  [
    'image syntax becomes a link with a preview',
    '![pic](https://x.y/p.jpg)',
    '<p><a href="https://x.y/p.jpg">pic</a></p>\n' +
      '<div class="message_inline_image"><a href="https://x.y/p.jpg"><img src="https://x.y/p.jpg"></a></div>',
  ],
];

describe('renderMarkdown HTML', () => {
  it.each(ROWS)('%s', (_name, input, expected) => {
    expect(html(input)).toBe(expected);
  });

  it('renders an empty string as empty HTML', () => {
    expect(html('')).toBe('');
  });
});

describe('renderMarkdown flags', () => {
  it('reports links, images and attachments', () => {
    expect(renderMarkdown('plain', ctx)).toMatchObject({
      hasLink: false,
      hasImage: false,
      hasAttachment: false,
    });
    expect(renderMarkdown('https://x.y', ctx)).toMatchObject({ hasLink: true, hasImage: false });
    expect(renderMarkdown('https://x.y/a.gif', ctx)).toMatchObject({ hasLink: true, hasImage: true });
    expect(renderMarkdown('fix #1', ctx)).toMatchObject({ hasLink: true });
    const upload = renderMarkdown('[f.pdf](/user_uploads/2/ab/f.pdf)', ctx);
    expect(upload).toMatchObject({ hasLink: true, hasAttachment: true, hasImage: false });
    const absolute = renderMarkdown('http://localhost:9991/user_uploads/2/ab/f.png', ctx);
    expect(absolute).toMatchObject({ hasAttachment: true, hasImage: true });
    expect(absolute.html).toContain(
      '<a href="/user_uploads/2/ab/f.png">http://localhost:9991/user_uploads/2/ab/f.png</a>',
    );
  });

  it('puts image previews after the top-level block that links them', () => {
    expect(html('> https://x.y/a.png\n\nafter')).toBe(
      '<blockquote>\n<p><a href="https://x.y/a.png">https://x.y/a.png</a></p>\n</blockquote>\n' +
        '<div class="message_inline_image"><a href="https://x.y/a.png"><img src="https://x.y/a.png"></a></div>\n' +
        '<p>after</p>',
    );
  });

  it('renders without lookups: nothing resolves, nothing is flagged', () => {
    const r = renderMarkdown('@**King Hamlet** #**Denmark** :green_tick: #12', { realmUrl: 'http://x' });
    expect(r.html).toBe('<p>@<strong>King Hamlet</strong> #<strong>Denmark</strong> :green_tick: #12</p>');
    expect(r.mentionedUserIds.size).toBe(0);
  });
});
