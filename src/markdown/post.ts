/** Core pass over parsed tokens: linkifiers and emoji characters in text, link clean-up, image previews. */
import type MarkdownIt from 'markdown-it';
import type { StateCore, Token } from 'markdown-it';
import { envOf, type RenderEnv } from './context.js';
import { splitEmojiChars } from './emoji-rule.js';
import { escapeHtml } from './html.js';
import { linkifierMatches } from './linkifiers.js';

type TokenClass = StateCore['Token'];

const IMAGE_PATH = /\.(bmp|gif|jpe|jpe?g|png|webp)$/i;

/** Whether a URL points at an image the server would preview inline. */
export function isImageUrl(href: string): boolean {
  return IMAGE_PATH.test(href.replace(/[?#].*$/, ''));
}

/** Same-server links become relative, as the server stores them. */
function localHref(href: string, realmUrl: string): string {
  if (href.startsWith(`${realmUrl}/#narrow/`)) return href.slice(realmUrl.length + 1);
  if (href.startsWith(`${realmUrl}/user_uploads/`)) return href.slice(realmUrl.length);
  return href;
}

function html(T: TokenClass, content: string): Token {
  const t = new T('svc_html', '', 0);
  t.content = content;
  return t;
}

function text(T: TokenClass, content: string): Token {
  const t = new T('text', '', 0);
  t.content = content;
  return t;
}

/** Plain text: linkifier links when outside links, emoji characters as spans. */
function expandText(T: TokenClass, env: RenderEnv, token: Token, inLink: boolean): Token[] {
  const matches = inLink ? [] : linkifierMatches(token.content, env.context.linkifiers ?? []);
  // Most text has no linkifier match and no emoji character: the token then stays as it is.
  if (matches.length === 0 && token.content !== '') {
    const pieces = splitEmojiChars(token.content);
    if (pieces.length === 1 && pieces[0]!.html === undefined) return [token];
  }
  const out: Token[] = [];
  const pushPlain = (s: string): void => {
    for (const piece of splitEmojiChars(s)) out.push(piece.html ? html(T, piece.html) : text(T, piece.text!));
  };
  let last = 0;
  for (const m of matches) {
    if (m.start > last) pushPlain(token.content.slice(last, m.start));
    const open = new T('link_open', 'a', 1);
    open.attrSet('href', m.url);
    out.push(open, text(T, token.content.slice(m.start, m.end)), new T('link_close', 'a', -1));
    env.result.hasLink = true;
    last = m.end;
  }
  if (last < token.content.length) pushPlain(token.content.slice(last));
  return out;
}

/** Rewrites one inline token's children; returns image URLs to preview after the enclosing block. */
function processInline(
  T: TokenClass,
  env: RenderEnv,
  children: Token[],
): { children: Token[]; images: string[] } {
  const out: Token[] = [];
  const images: string[] = [];
  let linkDepth = 0;
  for (let i = 0; i < children.length; i++) {
    let token = children[i]!;
    if (token.type === 'image') {
      // The API has no inline image syntax: the image becomes a link (and so an inline preview).
      const open = new T('link_open', 'a', 1);
      open.attrSet('href', token.attrGet('src') ?? '');
      const label = token.content === '' ? [] : [text(T, token.content)];
      children.splice(i, 1, open, ...label, new T('link_close', 'a', -1));
      token = open;
    }
    if (token.type === 'link_open') {
      const href = localHref(token.attrGet('href') ?? '', env.context.realmUrl);
      token.attrs = [['href', href]];
      env.result.hasLink = true;
      if (href.startsWith('/user_uploads/')) env.result.hasAttachment = true;
      if (isImageUrl(href)) images.push(href);
      linkDepth++;
      out.push(token);
      if (children[i + 1]?.type === 'link_close') out.push(text(T, href));
      continue;
    }
    if (token.type === 'link_close') linkDepth--;
    if (token.type === 'text') out.push(...expandText(T, env, token, linkDepth > 0));
    else out.push(token);
  }
  return { children: emThenStrong(out), images };
}

/** `***x***` nests as <strong><em> on the server; markdown-it nests <em><strong>: swap such pairs. */
function emThenStrong(tokens: Token[]): Token[] {
  let nested = false;
  for (let i = 0; i + 1 < tokens.length && !nested; i++)
    nested = tokens[i]!.type === 'em_open' && tokens[i + 1]!.type === 'strong_open';
  if (!nested) return tokens;
  const match = new Map<number, number>();
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t.nesting === 1) stack.push(i);
    else if (t.nesting === -1) match.set(stack.pop() ?? -1, i);
  });
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.type !== 'em_open' || next?.type !== 'strong_open') return;
    const emClose = match.get(i);
    const strongClose = match.get(i + 1);
    if (emClose === undefined || strongClose !== emClose - 1) return;
    for (const [a, b] of [
      [i, i + 1],
      [strongClose, emClose],
    ] as const) {
      const [ta, tb] = [tokens[a]!, tokens[b]!];
      tokens[a] = tb;
      tokens[b] = ta;
    }
  });
  return tokens;
}

function postRule(state: StateCore): void {
  const env = envOf(state.env);
  const T = state.Token;
  const result: Token[] = [];
  let pending: string[] = [];
  for (const token of state.tokens) {
    if (token.type === 'inline' && token.children) {
      const { children, images } = processInline(T, env, token.children);
      token.children = children;
      pending.push(...images);
    }
    result.push(token);
    const endsTopLevelBlock = token.level === 0 && token.nesting !== 1 && token.type !== 'inline';
    if (endsTopLevelBlock && pending.length > 0) {
      env.result.hasImage = true;
      for (const src of pending) {
        const s = escapeHtml(src);
        const block = html(
          T,
          `<div class="message_inline_image"><a href="${s}"><img src="${s}"></a></div>\n`,
        );
        block.block = true;
        result.push(block);
      }
      pending = [];
    }
  }
  state.tokens = result;
}

/** Adds the pass after all other core rules (so markdown-it's own linkify has run). */
export function postPlugin(md: MarkdownIt): void {
  md.core.ruler.push('svc_post', postRule);
}
