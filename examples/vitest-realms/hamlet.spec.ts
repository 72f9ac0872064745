import { expect, it } from 'vitest';
import { realm } from './worker-realm.js';

const EMAIL = 'hamlet@svc.test';

it("sees its own messages in its worker's realm and none of the other worker's", async () => {
  console.log(`${EMAIL} in realm ${realm.subdomain}`);
  expect(realm.subdomain).toBe(`worker-${process.env.VITEST_POOL_ID}`);
  const sent = await realm.fetch('/api/v1/messages', {
    as: EMAIL,
    method: 'POST',
    body: new URLSearchParams({ type: 'stream', to: 'Denmark', topic: 'recipe', content: `from ${EMAIL}` }),
  });
  expect(sent.status).toBe(200);
  // Both files send to this topic: in one shared realm the second would find both messages.
  const query = new URLSearchParams({
    anchor: 'newest',
    num_before: '10',
    num_after: '0',
    narrow: JSON.stringify([{ operator: 'topic', operand: 'recipe' }]),
  });
  const read = await realm.fetch(`/api/v1/messages?${query}`, { as: EMAIL });
  const { messages } = (await read.json()) as { messages: Array<{ content: string }> };
  expect(messages.map((m) => m.content)).toEqual([`<p>from ${EMAIL}</p>`]);
});
