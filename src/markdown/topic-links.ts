/** Links found in a topic name (the message object's `topic_links`): linkifier matches and bare URLs. */
import type { RenderContext } from './context.js';
import { linkifierMatches } from './linkifiers.js';
import { markdown } from './render.js';

/** One topic link as the API sends it. */
export interface TopicLink {
  text: string;
  url: string;
}

/** Linkifier matches (in linkifier order, earlier wins) and URLs in the topic, sorted by position. */
export function topicLinks(topic: string, context: RenderContext): TopicLink[] {
  const found = linkifierMatches(topic, context.linkifiers ?? []).map((m) => ({
    start: m.start,
    end: m.end,
    text: topic.slice(m.start, m.end),
    url: m.url,
  }));
  for (const m of markdown().linkify.match(topic) ?? []) {
    if (found.some((f) => m.index < f.end && f.start < m.lastIndex)) continue;
    found.push({ start: m.index, end: m.lastIndex, text: m.raw, url: m.url });
  }
  return found.sort((a, b) => a.start - b.start).map(({ text, url }) => ({ text, url }));
}
