/**
 * markdown-it's class, for the shared parser that render.ts makes on its first render. The command line's script
 * bundle replaces this module (src/tools/bundle-cli.ts) by one that evaluates markdown-it, with its entity
 * tables, only when this function is first called, so that a server start does not pay for it.
 */
import MarkdownIt from 'markdown-it';

/** The MarkdownIt constructor. */
export function markdownItClass(): typeof MarkdownIt {
  return MarkdownIt;
}
