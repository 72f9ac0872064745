/** The sending client's name comes from each request's own User-Agent, also when clients take turns. */
import { expect, it } from 'vitest';
import { describeTransports } from '../testing/transports.js';

const MEMBER = 'hamlet@svc.test';

describeTransports('client name of a sent message', (t) => {
  it('is the product token of the request that sent it, the last agent seen being no guide', async () => {
    const ctx = t();
    // Every request names its agent (over HTTP, fetch would otherwise send its own).
    const agents = ['SvcMobile/27.1', 'website', 'SvcMobile/27.1', '  ', 'ZulipTerminal 1.0', 'website'];
    const clients: string[] = [];
    for (const agent of agents) {
      const res = await ctx
        .as(MEMBER)
        .post(
          'messages',
          { type: 'stream', to: 'Denmark', topic: 'agents', content: 'x' },
          { headers: { 'user-agent': agent } },
        );
      expect(res.status).toBe(200);
      clients.push(ctx.app.store.state.messages.get(res.body.id as number)!.client);
    }
    expect(clients).toEqual(['SvcMobile', 'website', 'SvcMobile', 'Unspecified', 'ZulipTerminal', 'website']);
  });
});
