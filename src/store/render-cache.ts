/**
 * Renders a realm loader may take instead of rendering: a realm file's renders depend only on the file and the
 * renderer, so they can be recorded once (e.g. at build time for the dev realm) and given back on later loads.
 */
import type { RenderResult } from '../markdown/context.js';
import { renderContent } from './render.js';
import type { RealmState } from './state.js';

/** What the loader renders: called where it would call renderContent, with the state as it is at that point. */
export interface LoadRenders {
  /** The render of a message's content (renderContent without a sender). */
  message(state: RealmState, content: string): RenderResult;
  /** The rendered HTML of a channel description. */
  description(state: RealmState, text: string): string;
}

/** A recorded message render: html, mentioned users, mentioned groups, wildcard, has_link, has_image, has_attachment. */
export type RecordedMessage = [
  string,
  number[],
  number[],
  'channel' | 'topic' | null,
  boolean,
  boolean,
  boolean,
];

/** Every render of one load: descriptions (text, html) and messages (content, render) in the order rendered. */
export interface RecordedRenders {
  descriptions: Array<[string, string]>;
  messages: Array<[string, RecordedMessage]>;
}

/** Renders as the loader does, and keeps what it rendered. */
export function recordRenders(): { renders: LoadRenders; recorded: RecordedRenders } {
  const recorded: RecordedRenders = { descriptions: [], messages: [] };
  const renders: LoadRenders = {
    message(state, content) {
      const r = renderContent(state, content);
      recorded.messages.push([
        content,
        [
          r.html,
          [...r.mentionedUserIds],
          [...r.mentionedGroupIds],
          r.wildcard,
          r.hasLink,
          r.hasImage,
          r.hasAttachment,
        ],
      ]);
      return r;
    },
    description(state, text) {
      const { html } = renderContent(state, text);
      recorded.descriptions.push([text, html]);
      return html;
    },
  };
  return { renders, recorded };
}

const isMessage = (value: unknown): value is RecordedMessage =>
  Array.isArray(value) &&
  value.length === 7 &&
  typeof value[0] === 'string' &&
  Array.isArray(value[1]) &&
  value[1].every(Number.isInteger) &&
  Array.isArray(value[2]) &&
  value[2].every(Number.isInteger) &&
  (value[3] === null || value[3] === 'channel' || value[3] === 'topic') &&
  typeof value[4] === 'boolean' &&
  typeof value[5] === 'boolean' &&
  typeof value[6] === 'boolean';

const isPair = (value: unknown): value is [string, unknown] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'string';

/** Recorded renders read back from JSON, or undefined when the data has another shape. */
export function parseRecordedRenders(data: unknown): RecordedRenders | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { descriptions, messages } = data as Record<string, unknown>;
  if (!Array.isArray(descriptions) || !Array.isArray(messages)) return undefined;
  if (!descriptions.every((d) => isPair(d) && typeof d[1] === 'string')) return undefined;
  if (!messages.every((m) => isPair(m) && isMessage(m[1]))) return undefined;
  return { descriptions, messages } as RecordedRenders;
}

/**
 * Recorded renders given back to the loader; a text that was not recorded is rendered as usual. Only for the
 * realm they were recorded from (the caller checks that, e.g. by a hash of the file's bytes).
 */
export function recordedRenders(recorded: RecordedRenders): LoadRenders {
  // Descriptions are taken in the order rendered: each is rendered while channels are still being added, so the
  // same text may render differently for two channels. Messages render once all channels are there.
  let next = 0;
  const messages = new Map(recorded.messages);
  return {
    message(state, content) {
      const m = messages.get(content);
      if (!m) return renderContent(state, content);
      return {
        html: m[0],
        mentionedUserIds: new Set(m[1]),
        mentionedGroupIds: new Set(m[2]),
        wildcard: m[3],
        hasLink: m[4],
        hasImage: m[5],
        hasAttachment: m[6],
      };
    },
    description(state, text) {
      const d = recorded.descriptions[next++];
      return d && d[0] === text ? d[1] : renderContent(state, text).html;
    },
  };
}
