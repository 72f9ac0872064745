/** The `<time:…>` syntax: an ISO 8601 date-time or UNIX timestamp rendered as a `<time>` element. */
import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { escapeHtml, pushHtml } from './html.js';

const TIME = /^<time:([^>]+)>/;

/** The ISO form (without milliseconds) of a time given as text, or undefined when it is not a time. */
export function parseTime(text: string): string | undefined {
  const trimmed = text.trim();
  const date = /^-?\d+(\.\d+)?$/.test(trimmed) ? new Date(Number(trimmed) * 1000) : new Date(trimmed);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function timeRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
  const m = TIME.exec(state.src.slice(state.pos));
  if (!m) return false;
  if (!silent) {
    const iso = parseTime(m[1]!);
    pushHtml(
      state,
      iso === undefined
        ? `<span class="timestamp-error">Invalid time format: ${escapeHtml(m[1]!)}</span>`
        : `<time datetime="${iso}">${escapeHtml(m[1]!)}</time>`,
    );
  }
  state.pos += m[0].length;
  return true;
}

/** Adds the time rule before autolinks (which would otherwise take `<time:…>` as a URI). */
export function timePlugin(md: MarkdownIt): void {
  md.inline.ruler.before('autolink', 'svc_time', timeRule);
}
