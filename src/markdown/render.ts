/** Markdown to HTML as the API renders message content, channel descriptions and snippets. */
import MarkdownIt from 'markdown-it';

/** What rendering learned about the content besides its HTML. */
export interface RenderResult {
  html: string;
  mentionedUserIds: Set<number>;
  wildcard: 'channel' | 'topic' | null;
  hasLink: boolean;
  hasImage: boolean;
  hasAttachment: boolean;
}

/** Realm data the renderer resolves mentions, links and emoji against. */
export interface RenderContext {
  realmUrl: string;
}

const md = new MarkdownIt({ html: false, linkify: true, breaks: true });
// The API's Markdown has no underscore emphasis and no setext headings.
md.disable(['lheading']);

const IMAGE_URL = /\.(png|jpe?g|gif|webp|bmp|svg)(\?[^\s]*)?$/i;

/** Renders Markdown to the API's HTML. */
export function renderMarkdown(content: string, _context: RenderContext): RenderResult {
  const env = {};
  const tokens = md.parse(content, env);
  let hasLink = false;
  let hasImage = false;
  let hasAttachment = false;
  for (const block of tokens) {
    for (const token of block.children ?? []) {
      if (token.type !== 'link_open') continue;
      const href = token.attrGet('href') ?? '';
      hasLink = true;
      if (IMAGE_URL.test(href)) hasImage = true;
      if (href.startsWith('/user_uploads/')) hasAttachment = true;
    }
  }
  const html = md.renderer.render(tokens, md.options, env).trimEnd();
  return { html, mentionedUserIds: new Set(), wildcard: null, hasLink, hasImage, hasAttachment };
}
