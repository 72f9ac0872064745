/** Emoji in Markdown: `:name:` syntax (unicode, realm and the product emoji) and emoji characters in text. */
import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import emojiRegex from 'emoji-regex';
import { envOf, type RenderContext } from './context.js';
import { SVC_EMOJI, emojiCodeForChars, emojiCodeForName, emojiNameForCode } from './emoji.js';
import { escapeHtml, pushHtml } from './html.js';

/** The span the API renders for a unicode emoji. */
export function unicodeEmojiHtml(name: string, code: string): string {
  const label = escapeHtml(name.replace(/_/g, ' '));
  return `<span aria-label="${label}" class="emoji emoji-${code}" role="img" title="${label}">:${escapeHtml(name)}:</span>`;
}

/** The HTML for `:name:`, or undefined when no emoji has that name (the text then stays literal). */
export function emojiNameHtml(context: RenderContext, name: string): string | undefined {
  const title = escapeHtml(name.replace(/_/g, ' '));
  const custom = context.realmEmoji?.(name);
  if (custom) {
    return `<img alt=":${escapeHtml(name)}:" class="emoji" src="${escapeHtml(custom.source_url)}" title="${title}">`;
  }
  if (name === SVC_EMOJI) {
    return `<img alt=":${name}:" class="emoji" src="/static/generated/emoji/images/emoji/unicode/${name}.png" title="${title}">`;
  }
  const code = emojiCodeForName(name);
  return code === undefined ? undefined : unicodeEmojiHtml(name, code);
}

const EMOJI_SYNTAX = /^:([\w+-]+):/;

function emojiRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3a /* : */) return false;
  const m = EMOJI_SYNTAX.exec(state.src.slice(state.pos));
  if (!m) return false;
  const html = emojiNameHtml(envOf(state.env).context, m[1]!);
  if (html === undefined) return false;
  if (!silent) pushHtml(state, html);
  state.pos += m[0].length;
  return true;
}

// Compiled once, on the first search: the pattern is large. Emoji are never plain ASCII, so ASCII-only text
// skips the search.
let emojiChars: RegExp | undefined;
const NON_ASCII = /[^\p{ASCII}]/u;
// A lone symbol with text presentation by default (©, ®, ™, ↔) is an emoji only when followed by U+FE0F.
const TEXT_DEFAULT = /^\P{Emoji_Presentation}$/u;

/** Splits text into plain pieces and the API's spans for the emoji characters it contains. */
export function splitEmojiChars(text: string): { text?: string; html?: string }[] {
  if (!NON_ASCII.test(text)) return [{ text }];
  const out: { text?: string; html?: string }[] = [];
  let last = 0;
  for (const m of text.matchAll((emojiChars ??= emojiRegex()))) {
    if (TEXT_DEFAULT.test(m[0])) continue;
    const code = emojiCodeForChars(m[0]);
    const name = emojiNameForCode(code);
    if (name === undefined) continue;
    if (m.index > last) out.push({ text: text.slice(last, m.index) });
    out.push({ html: unicodeEmojiHtml(name, code) });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** Adds the `:name:` rule (before linkify, which also starts at a colon). */
export function emojiPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('linkify', 'svc_emoji', emojiRule);
}
