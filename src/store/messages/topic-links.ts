/** Linkifier matches in a topic (`topic_links` of the message object). */
import type { RealmState } from '../state.js';

const compiled = new Map<string, RegExp | null>();

function regexFor(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re === undefined) {
    try {
      // Linkifier patterns may use Python's named-group syntax.
      re = new RegExp(pattern.replace(/\(\?P</g, '(?<'), 'gu');
    } catch {
      re = null;
    }
    compiled.set(pattern, re);
  }
  return re;
}

/** Expands a simple RFC 6570 template with the match's named groups. */
function expand(template: string, groups: Record<string, string | undefined>): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) =>
    encodeURIComponent(groups[name] ?? ''),
  );
}

/** Every linkifier match in the topic, in text order, as `{text, url}`. */
export function topicLinks(state: RealmState, topic: string): Array<{ text: string; url: string }> {
  if (!topic || state.linkifiers.length === 0) return [];
  const found: Array<{ index: number; text: string; url: string }> = [];
  for (const linkifier of state.linkifiers) {
    const re = regexFor(linkifier.pattern);
    if (!re) continue;
    re.lastIndex = 0;
    for (const match of topic.matchAll(re)) {
      if (!match[0]) continue;
      found.push({
        index: match.index ?? 0,
        text: match[0],
        url: expand(linkifier.url_template, match.groups ?? {}),
      });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ text, url }) => ({ text, url }));
}
