/** The `<time:…>` syntax: an ISO 8601 date-time or UNIX timestamp rendered as a `<time>` element. */
import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { escapeHtml, pushHtml } from './html.js';

const OPEN = '<time:';

// Where the last search for a closing `>` in a text started and what it found (-1: none after it). A text
// with many `<time:` and no `>` would otherwise be scanned to its end once per `<`: quadratic time.
let scanned = { src: '', from: 0, at: -1 };

/** The index of the first `>` at or after `from` in `src`, remembered across the calls of one render. */
function closingAngle(src: string, from: number): number {
  const last = scanned;
  if (last.src === src && from >= last.from && (last.at === -1 || from <= last.at)) return last.at;
  scanned = { src, from, at: src.indexOf('>', from) };
  return scanned.at;
}

/** The ISO form (without milliseconds) of a time given as text, or undefined when it is not a time. */
export function parseTime(text: string): string | undefined {
  const trimmed = text.trim();
  const date = /^-?\d+(\.\d+)?$/.test(trimmed) ? new Date(Number(trimmed) * 1000) : new Date(trimmed);
  if (Number.isNaN(date.getTime())) return undefined;
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function timeRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
  if (!state.src.startsWith(OPEN, state.pos)) return false;
  const start = state.pos + OPEN.length;
  const end = closingAngle(state.src, start);
  if (end <= start) return false;
  const text = state.src.slice(start, end);
  if (!silent) {
    const iso = parseTime(text);
    pushHtml(
      state,
      iso === undefined
        ? `<span class="timestamp-error">Invalid time format: ${escapeHtml(text)}</span>`
        : `<time datetime="${iso}">${escapeHtml(text)}</time>`,
    );
  }
  state.pos = end + 1;
  return true;
}

/** Adds the time rule before autolinks (which would otherwise take `<time:…>` as a URI). */
export function timePlugin(md: MarkdownIt): void {
  md.inline.ruler.before('autolink', 'svc_time', timeRule);
}
