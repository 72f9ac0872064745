/** Block syntax the API renders its own way: codehilite code blocks, ```quote and ```spoiler blocks. */
import type MarkdownIt from 'markdown-it';
import type { RendererRule, Token } from 'markdown-it';
import markdownItContainer from 'markdown-it-container';
import { escapeHtml } from './html.js';

// Display names of common languages (the highlighter's lexer names); other names are kept verbatim.
const LANGUAGE_NAMES: Record<string, string> = {
  bash: 'Bash',
  sh: 'Bash',
  shell: 'Bash',
  c: 'C',
  'c++': 'C++',
  cpp: 'C++',
  css: 'CSS',
  go: 'Go',
  html: 'HTML',
  java: 'Java',
  javascript: 'JavaScript',
  js: 'JavaScript',
  json: 'JSON',
  markdown: 'Markdown',
  md: 'Markdown',
  py: 'Python',
  python: 'Python',
  python3: 'Python',
  ruby: 'Ruby',
  rb: 'Ruby',
  rust: 'Rust',
  sql: 'SQL',
  text: 'Text only',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  yaml: 'YAML',
};

/** The codehilite wrapper around escaped code; `language` is the fence's first word, if any. */
export function codeBlockHtml(code: string, language: string): string {
  const name = language === '' ? '' : (LANGUAGE_NAMES[language.toLowerCase()] ?? language);
  const attr = name === '' ? '' : ` data-code-language="${escapeHtml(name)}"`;
  const body = code.endsWith('\n') ? code : `${code}\n`;
  // The highlighter escapes single quotes too.
  const escaped = escapeHtml(body).replace(/'/g, '&#39;');
  return `<div class="codehilite"${attr}><pre><span></span><code>${escaped}</code></pre></div>\n`;
}

function firstWord(info: string): string {
  return info.trim().split(/\s+/, 1)[0] ?? '';
}

// The plugin's published types describe the CommonJS build of markdown-it; this is its ESM signature.
type ContainerPlugin = (
  md: MarkdownIt,
  name: string,
  options: { marker: string; validate(params: string): boolean; render: RendererRule },
) => void;
const container = markdownItContainer as unknown as ContainerPlugin;

/** Registers the quote and spoiler containers for both fence markers. */
function containers(md: MarkdownIt): void {
  for (const [suffix, marker] of [
    ['', '`'],
    ['_tilde', '~'],
  ] as const) {
    container(md, `quote${suffix}`, {
      marker,
      validate: (params) => params.trim() === 'quote',
      render: (tokens: Token[], idx: number) =>
        tokens[idx]!.nesting === 1 ? '<blockquote>\n' : '</blockquote>\n',
    });
    container(md, `spoiler${suffix}`, {
      marker,
      validate: (params) => firstWord(params) === 'spoiler',
      render: (tokens: Token[], idx: number, _options, env) => {
        const token = tokens[idx]!;
        if (token.nesting !== 1) return '</div></div>\n';
        const header = token.info.trim().slice('spoiler'.length).trim();
        const headerHtml = header === '' ? '' : `<p>${md.renderInline(header, env)}</p>\n`;
        return `<div class="spoiler-block"><div class="spoiler-header">\n${headerHtml}</div><div class="spoiler-content" aria-hidden="true">\n`;
      },
    });
  }
}

/** Code blocks in the codehilite wrapper, plus quote and spoiler blocks. */
export function blocksPlugin(md: MarkdownIt): void {
  md.renderer.rules.fence = (tokens, idx) =>
    codeBlockHtml(tokens[idx]!.content, firstWord(tokens[idx]!.info));
  md.renderer.rules.code_block = (tokens, idx) => codeBlockHtml(tokens[idx]!.content, '');
  containers(md);
}
