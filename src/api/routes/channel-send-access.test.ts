import { expect, it } from 'vitest';
import { describeTransports } from '../../testing/transports.js';
import { realmSnapshot } from './realm-snapshot.test-util.js';

/** default-bot is owned by the member hamlet, who is subscribed to the private channel "core team". */
const OWNED_BOT = 'default-bot@svc.test';
/** webhook-bot is owned by ZOE, who is not subscribed to "core team". */
const OTHER_BOT = 'webhook-bot@svc.test';

describeTransports('Sending to a private channel', (t) => {
  it('lets a bot send when its owner is subscribed', async () => {
    const ctx = t();
    const res = await ctx
      .as(OWNED_BOT)
      .post('messages', { type: 'stream', to: 'core team', topic: 'bots', content: 'hello' });
    expect(res.status).toBe(200);
    expect(ctx.app.store.state.messages.get(res.body.id)!.stream_id).toBe(2);
  });

  it('refuses a bot whose owner is not subscribed, changing nothing', async () => {
    const ctx = t();
    const before = realmSnapshot(ctx.app);
    const res = await ctx
      .as(OTHER_BOT)
      .post('messages', { type: 'stream', to: 'core team', topic: 'bots', content: 'hello' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: "Not authorized to send to channel 'core team'",
    });
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });
});
