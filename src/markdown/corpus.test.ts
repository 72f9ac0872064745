/**
 * Corpus check for renderer optimisations: every message of the dev realm and of a generated realm is rendered
 * again and the HTML and findings (mentions, wildcard, link/image/attachment flags) must hash to the values
 * recorded with the renderer before its hot path was optimised.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createApp } from '../api/app.js';
import { generateRealm } from '../fixtures/generate/index.js';
import { renderContent } from '../store/render.js';

const devRealm = JSON.parse(
  readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
) as unknown;

// Contents that exercise every rule against the dev realm's users, groups, channels, emoji and linkifiers.
const EXTRA = [
  'a benchmark message with **some** markup',
  '@**Iago** and @_**Hamlet** and @**all** and @*hamletcharacters* and @**topic**',
  '#**Verona** and #**Verona>test** and #**no such channel** see #123 and RFC 7231 (#45), x#6',
  ':smile: :octopus: :no_such_emoji: 🐙 ©️ © text and ™',
  '```spoiler Title\nhidden *text*\n```\n\n```python\nx = 1\n```\n\n> quote\n\n- a\n- b\n\n| a | b |\n|:-|-:|\n| 1 | 2 |',
  'https://example.com/a.png and [link](http://localhost:9991/#narrow/channel/1) and /user_uploads/1/ab/x.txt',
  '<time:2024-01-01T00:00:00Z> _under_ __score__ ~~strike~~ `code` ![img](https://example.com/b.jpg)',
];

/** Hash of every rendering of the realm's messages (plus the extra contents as its first sender). */
function corpusHash(realm: unknown): { hash: string; count: number } {
  const { store } = createApp({ realm });
  const { state } = store;
  const digest = createHash('sha256');
  let count = 0;
  const add = (content: string, senderId: number): void => {
    const sender = state.users.get(senderId);
    const r = renderContent(state, content, sender);
    digest.update(
      JSON.stringify([
        r.html,
        [...r.mentionedUserIds].sort((a, b) => a - b),
        [...r.mentionedGroupIds].sort((a, b) => a - b),
        r.wildcard,
        r.hasLink,
        r.hasImage,
        r.hasAttachment,
      ]),
    );
    count++;
  };
  const messages = [...state.messages.values()].sort((a, b) => a.id - b.id);
  for (const content of EXTRA) add(content, messages[0]!.sender_id);
  for (const m of messages) add(m.content, m.sender_id);
  return { hash: digest.digest('hex'), count };
}

describe('renderer corpus', () => {
  it('renders every dev-realm message as recorded', () => {
    const { hash, count } = corpusHash(devRealm);
    expect(count).toBeGreaterThan(300);
    expect(hash).toBe('489592f6d20db4f31f2167045571894c2115c0c5d3e0895e19b3ff08877fd0f2');
  });

  it('renders every message of a generated realm (5,000 messages, seed 1) as recorded', () => {
    const { hash, count } = corpusHash(generateRealm({ messages: 5000, seed: 1 }));
    expect(count).toBe(5000 + EXTRA.length);
    expect(hash).toBe('811b08c2fa49bb9f3c93fef381a401a22152055358ed031a89f57183638bd30d');
  });
});
