/** Incoming-webhook bots may send messages and nothing else, as on the real server. */
import { expect, it } from 'vitest';
import { describeTransports } from '../testing/transports.js';
import { realmSnapshot } from './routes/realm-snapshot.test-util.js';

/** webhook-bot (bot_type 2) of the dev realm. */
const WEBHOOK_BOT = 'webhook-bot@svc.test';
const REFUSAL = {
  result: 'error',
  code: 'UNAUTHORIZED',
  msg: 'This API is not available to incoming webhook bots.',
};

describeTransports('incoming-webhook bots', (t) => {
  it('refuses every route but sending a message, with the credential error, changing nothing', async () => {
    const ctx = t();
    const bot = ctx.as(WEBHOOK_BOT);
    const before = realmSnapshot(ctx.app);
    for (const res of [
      await bot.get('users/me'),
      await bot.get('messages', { anchor: 'newest', num_before: 10, num_after: 0 }),
      await bot.post('register'),
      await bot.post('users/me/subscriptions', { subscriptions: [{ name: 'Verona' }] }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(REFUSAL);
    }
    expect(realmSnapshot(ctx.app)).toEqual(before);
  });

  it('lets it send a message to a channel', async () => {
    const res = await t()
      .as(WEBHOOK_BOT)
      .post('messages', { type: 'stream', to: 'Verona', topic: 'hooks', content: 'build passed' });
    expect(res.status).toBe(200);
  });
});
