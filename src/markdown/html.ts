/** Small HTML helpers shared by the rules. */
import type { StateInline } from 'markdown-it';

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(s: string): string {
  // Most names and texts have nothing to escape: one test instead of four replacements.
  if (!HTML_SPECIAL.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const HTML_SPECIAL = /[&<>"]/;

/** Pushes a finished HTML fragment as one inline token (rendered verbatim by the svc_html rule). */
export function pushHtml(state: StateInline, html: string): void {
  state.push('svc_html', '', 0).content = html;
}
