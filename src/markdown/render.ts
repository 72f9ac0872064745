/** Markdown to HTML as the API renders message content, channel descriptions and snippets. */
import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { emptyRenderResult, type RenderContext, type RenderEnv, type RenderResult } from './context.js';
import { blocksPlugin } from './blocks.js';
import { emojiNameHtml, emojiPlugin } from './emoji-rule.js';
import { mentionAt, mentionsPlugin } from './mentions.js';
import { linkifierMatchesAny, linkifierMayMatchWithin } from './linkifiers.js';
import { markdownItClass } from './markdown-it-class.js';
import { postPlugin } from './post.js';
import { simpleLine, simpleTexts } from './simple.js';
import { timePlugin } from './time-rule.js';

export type { RenderContext, RenderResult } from './context.js';

const NEEDS_ESCAPE = /[&<>]/;
const LOCALHOST = /localhost/i;

/** Text escaping as the server does it: quotes stay as they are outside attributes. */
function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Underscores never emphasise: a run of them is plain text (so `_x_` and `__x__` stay literal). */
function underscoreRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5f /* _ */) return false;
  let end = state.pos;
  while (state.src.charCodeAt(end) === 0x5f) end++;
  if (!silent) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

function createMarkdown(): MarkdownIt {
  const md = new (markdownItClass())({ html: false, linkify: true, breaks: true });
  // No setext headings on the server; e-mail addresses are not linkified.
  md.disable(['lheading']);
  md.linkify.set({ fuzzyEmail: false });
  md.inline.ruler.before('emphasis', 'svc_underscore', underscoreRule);
  md.use(mentionsPlugin).use(emojiPlugin).use(timePlugin).use(blocksPlugin).use(postPlugin);
  md.renderer.rules.svc_html = (tokens, idx) => tokens[idx]!.content;
  md.renderer.rules.text = (tokens, idx) => escapeText(tokens[idx]!.content);
  md.renderer.rules.code_inline = (tokens, idx) => `<code>${escapeText(tokens[idx]!.content)}</code>`;
  md.renderer.rules.th_open = md.renderer.rules.td_open = (tokens, idx, options, _env, self) => {
    // The server writes table alignment as `text-align: left;`.
    const style = tokens[idx]!.attrGet('style');
    if (style) tokens[idx]!.attrSet('style', `${style.replace(':', ': ')};`);
    return self.renderToken(tokens, idx, options);
  };
  md.renderer.rules.s_open = () => '<del>';
  md.renderer.rules.s_close = () => '</del>';
  return md;
}

let shared: MarkdownIt | undefined;

/**
 * The shared parser (markdown-it instances are reusable; per-render data travels in env), made on first use:
 * a server whose renders were recorded (src/store/render-cache.ts) starts and answers without it.
 */
export function markdown(): MarkdownIt {
  return (shared ??= createMarkdown());
}

// A fast-path line mentions no one: its results share one empty set. Only the mention rule adds to a result's
// sets, and only to a result made for its own render (renderFully's, or a marked line's that starts with one).
const NO_MENTIONS = new Set<number>();

/** A result without mentions, links or images, sharing the empty sets. */
function plainResult(html: string): RenderResult {
  return {
    html,
    mentionedUserIds: NO_MENTIONS,
    mentionedGroupIds: NO_MENTIONS,
    wildcard: null,
    hasLink: false,
    hasImage: false,
    hasAttachment: false,
  };
}

/**
 * The rendering of a line the fast path accepts (see simple.ts), when no text run of it would become a link
 * (markdown-it's linkify, tested as its core rule does, or a realm linkifier); undefined otherwise.
 */
export function renderSimple(
  content: string,
  linkifiers: RenderContext['linkifiers'],
): RenderResult | undefined {
  const html = simpleLine(content);
  if (html === undefined) return undefined;
  // linkify-it's pretest looks for a scheme (a colon or //), an @, or a host (a dot, or localhost): a fast-path
  // line has no colon, slash or @, so without a dot or localhost its large regex cannot match.
  const linkify = (content.includes('.') || LOCALHOST.test(content)) && markdown().linkify.pretest(content);
  // A realm linkifier needs a character the line may lack (`#`, `R`): then no text run of it can match either.
  const rules = linkifiers?.length && linkifierMayMatchWithin(content, linkifiers) ? linkifiers : undefined;
  if (linkify || rules) {
    for (const text of simpleTexts(content)) {
      if (linkify && markdown().linkify.test(text)) return undefined;
      if (rules && linkifierMatchesAny(text, rules)) return undefined;
    }
  }
  return plainResult(html);
}

// A named emoji that ends a line.
const LAST_EMOJI = /:([\w+-]+):$/;

/**
 * The HTML of the text before, between or after the marks of a line (mentions, a closing emoji): nothing, one
 * space between two marks, or a line the fast path takes set off by a space from each mark beside it;
 * undefined for anything else.
 */
function betweenMarks(text: string, afterMark: boolean, beforeMark: boolean): string | undefined {
  if (text === '') return '';
  if (text === ' ') return afterMark && beforeMark ? ' ' : undefined;
  const lead = afterMark ? ' ' : '';
  const trail = beforeMark ? ' ' : '';
  if (!text.startsWith(lead) || !text.endsWith(trail)) return undefined;
  const simple = renderSimple(text.slice(lead.length, text.length - trail.length), undefined);
  return simple && `${lead}${simple.html.slice(3, -4)}${trail}`;
}

/**
 * The rendering of a line of mentions (`@**Name|12**`, `@*group*`, silent ones) and a closing named emoji
 * (`:tada:`) between lines the fast path takes (`@**Name|12** can you look? :eyes:`): the mention and emoji
 * rules' own HTML around the fast path's. Undefined for anything else: a mention or emoji that names nothing,
 * a mention not after a space, other text beside a mark, or content where a realm linkifier may match (left to
 * the full renderer).
 */
export function renderMarkedLine(content: string, context: RenderContext): RenderResult | undefined {
  const linkifiers = context.linkifiers;
  if (linkifiers?.length && linkifierMayMatchWithin(content, linkifiers)) return undefined;
  let end = content.length;
  let tail = '';
  const emoji = LAST_EMOJI.exec(content);
  if (emoji) {
    const html = emojiNameHtml(context, emoji[1]!);
    if (html === undefined) return undefined;
    tail = html;
    end = emoji.index;
  }
  // A fast-path line has no `@` (nor has an emoji's name): each one must start a mention.
  const mentions = content.includes('@');
  if (!mentions && !tail) return undefined;
  // Without a mention the result shares the fast path's empty sets.
  const result = mentions ? emptyRenderResult() : plainResult('');
  const env = { context, result };
  let html = '<p>';
  let from = 0;
  for (let at = content.indexOf('@'); at >= 0; at = content.indexOf('@', from)) {
    if (at > 0 && content.charCodeAt(at - 1) !== 0x20) return undefined;
    const mention = mentionAt(env, content.slice(at, end), true);
    const text = mention && betweenMarks(content.slice(from, at), from > 0, true);
    if (text === undefined) return undefined;
    html += text + mention!.html;
    from = at + mention!.length;
  }
  const text = betweenMarks(content.slice(from, end), from > 0, tail !== '');
  if (text === undefined) return undefined;
  result.html = `${html}${text}${tail}</p>`;
  return result;
}

/** Renders Markdown to the API's HTML and reports mentions, wildcards, links, images and attachments. */
export function renderMarkdown(content: string, context: RenderContext): RenderResult {
  return (
    renderSimple(content, context.linkifiers) ??
    renderMarkedLine(content, context) ??
    renderFully(content, context)
  );
}

/** The same through markdown-it and the project's rules, whatever the content (the fast path's reference). */
export function renderFully(content: string, context: RenderContext): RenderResult {
  const env: RenderEnv = {
    context,
    result: emptyRenderResult(),
  };
  const md = markdown();
  const tokens = md.parse(content, env);
  env.result.html = md.renderer.render(tokens, md.options, env).trimEnd();
  return env.result;
}
