import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

const BOT = 'default-bot@svc.test';

describeTransports('GET /bots/{bot_id}/api_key', (t) => {
  const userOf = (email: string) => t().app.store.state.usersByEmail.get(email)!;

  it("answers the bot's key to its owner and to administrators", async () => {
    const bot = userOf(BOT);
    expect(bot.bot_owner_id).toBe(userOf(MEMBER).user_id);
    for (const email of [MEMBER, ADMIN]) {
      const res = await t().as(email).get(`bots/${bot.user_id}/api_key`);
      expect(res.body).toEqual({ result: 'success', msg: '', api_key: bot.api_key });
    }
  });

  it('refuses other members, and users that are not bots', async () => {
    const other = await t()
      .as(MEMBER2)
      .get(`bots/${userOf(BOT).user_id}/api_key`);
    expect(other.body).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Insufficient permission',
    });
    const human = await t()
      .as(ADMIN)
      .get(`bots/${userOf(MEMBER).user_id}/api_key`);
    expect(human.body).toMatchObject({ result: 'error', msg: 'No such bot' });
  });
});

describeTransports(
  'GET /bots/{bot_id}/api_key below feature level 463',
  (t) => {
    it('does not exist (404)', async () => {
      const bot = t().app.store.state.usersByEmail.get(BOT)!;
      const res = await t().as(MEMBER).get(`bots/${bot.user_id}/api_key`, {}, { unchecked: true });
      expect(res.status).toBe(404);
    });
  },
  { featureLevel: 462 },
);
