/** Full-text search of the `search` operator: word matching with light stemming, quoted phrases, highlighting. */
import { STOP_WORDS } from './stop-words.js';

/** A parsed search query: stemmed words and lower-cased phrases; every one must match. */
export interface SearchQuery {
  words: string[];
  phrases: string[];
}

const WORD = /[\p{L}\p{N}]+/gu;
/** Words the server's English text search ignores: the list register sends as stop_words. */
const STOP = new Set(STOP_WORDS);

/** A crude English stemmer: enough that "messages" finds "message" and "testing" finds "test". */
export function stem(word: string): string {
  const w = word.toLowerCase();
  for (const suffix of ['ing', 'ed', 'es', 's']) {
    if (w.length - suffix.length >= 3 && w.endsWith(suffix)) return w.slice(0, -suffix.length);
  }
  return w;
}

/** Parses the operands of all search terms (joined with spaces). */
export function parseSearch(text: string): SearchQuery {
  const phrases: string[] = [];
  const rest = text.replace(/"([^"]*)"/g, (_, phrase: string) => {
    if (phrase.trim()) phrases.push(phrase.trim().toLowerCase());
    return ' ';
  });
  const words = [...rest.matchAll(WORD)]
    .map((m) => m[0].toLowerCase())
    .filter((w) => !STOP.has(w))
    .map(stem);
  return { words: [...new Set(words)], phrases };
}

const stemCache = new Map<string, Set<string>>();

function stemsOf(text: string): Set<string> {
  let stems = stemCache.get(text);
  if (!stems) {
    stems = new Set([...text.matchAll(WORD)].map((m) => stem(m[0])));
    if (stemCache.size > 50000) stemCache.clear();
    stemCache.set(text, stems);
  }
  return stems;
}

/** Whether content or topic match every word and phrase of the query. */
export function matchesSearch(query: SearchQuery, content: string, topic: string): boolean {
  const contentStems = stemsOf(content);
  const topicStems = stemsOf(topic);
  for (const word of query.words) if (!contentStems.has(word) && !topicStems.has(word)) return false;
  for (const phrase of query.phrases) {
    if (!content.toLowerCase().includes(phrase) && !topic.toLowerCase().includes(phrase)) return false;
  }
  return true;
}

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function highlightText(text: string, query: SearchQuery): string {
  const ranges: Array<[number, number]> = [];
  for (const m of text.matchAll(WORD)) {
    if (query.words.includes(stem(m[0]))) ranges.push([m.index!, m.index! + m[0].length]);
  }
  for (const phrase of query.phrases) {
    const re = new RegExp(escapeRegExp(escapeHtml(phrase)), 'gi');
    for (const m of text.matchAll(re)) ranges.push([m.index!, m.index! + m[0].length]);
  }
  if (ranges.length === 0) return text;
  ranges.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue;
    out += `${text.slice(at, start)}<span class="highlight">${text.slice(start, end)}</span>`;
    at = end;
  }
  return out + text.slice(at);
}

/** Wraps matches in the text of rendered HTML (never inside tags) in `<span class="highlight">`. */
export function highlightHtml(html: string, query: SearchQuery): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : highlightText(part, query)))
    .join('');
}

/** The HTML-escaped topic with matches highlighted. */
export function highlightTopic(topic: string, query: SearchQuery): string {
  return highlightText(escapeHtml(topic), query);
}
