import { describe, expect, it } from 'vitest';
import { MEMBER, MEMBER2, ADMIN } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';
import { matchesQueueNarrow, unsupportedNarrowOperator } from './narrow.js';

describeTransports('register narrows of levels 446 and 489', (t) => {
  const user = (email: string) => t().app.store.state.usersByEmail.get(email)!;
  const contents = async (email: string, queueId: string) =>
    ((await pollNow(t().as(email), queueId, -1)).body.events as Array<{ message: { content: string } }>).map(
      (e) => e.message.content,
    );
  const send = (content: string) =>
    t().as(ADMIN).post('messages', { type: 'stream', to: 'Verona', topic: 'narrows', content });

  it('gives a mentions queue exactly the messages that mention the user directly and visibly', async () => {
    const hamlet = user(MEMBER);
    const byId = await registerQueue(t().as(MEMBER2), { narrow: [['mentions', String(hamlet.user_id)]] });
    const byEmail = await registerQueue(t().as(MEMBER2), { narrow: [['mentions', MEMBER.toUpperCase()]] });
    for (const content of [
      `hello @**${hamlet.full_name}**`,
      `quietly @_**${hamlet.full_name}**`,
      'nobody at all',
      '@**all** of you',
      `again @**${hamlet.full_name}|${hamlet.user_id}**`,
    ])
      expect((await send(content)).status).toBe(200);
    const expected = [`hello @**${hamlet.full_name}**`, `again @**${hamlet.full_name}|${hamlet.user_id}**`];
    expect(await contents(MEMBER2, byId)).toEqual(expected);
    expect(await contents(MEMBER2, byEmail)).toEqual(expected);
  });

  it('matches channels:archived to a message only while its channel is archived', () => {
    const { state } = t().app.store;
    const message = [...state.messages.values()].find((m) => m.stream_id !== null)!;
    const channel = state.channels.get(message.stream_id!)!;
    const wasArchived = channel.is_archived;
    expect(matchesQueueNarrow(state, [['channels', 'archived']], message, [])).toBe(wasArchived);
    channel.is_archived = !wasArchived;
    expect(matchesQueueNarrow(state, [['streams', 'archived']], message, [])).toBe(!wasArchived);
  });

  it('accepts channels:archived (its queue gets no message of a live channel) and refuses other channels operands', async () => {
    const archived = await registerQueue(t().as(MEMBER2), { narrow: [['channels', 'archived']] });
    expect((await send('live channel')).status).toBe(200);
    expect(await contents(MEMBER2, archived)).toEqual([]);
    const res = await t()
      .as(MEMBER2)
      .post('register', { narrow: [['channels', 'public']] });
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Operator channels not supported.' });
  });
});

describeTransports(
  'register narrows below their levels',
  (t) => {
    it('refuses mentions at 445', async () => {
      const res = await t()
        .as(MEMBER2)
        .post('register', { narrow: [['mentions', MEMBER]] });
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Operator mentions not supported.' });
    });
  },
  { featureLevel: 445 },
);

describe('register narrow operators by level', () => {
  it('accepts mentions from 446 and channels:archived (alone of its operands) from 489', () => {
    expect(unsupportedNarrowOperator([['mentions', '1']], 446)).toBeUndefined();
    expect(unsupportedNarrowOperator([['mentions', '1']], 445)).toBe('mentions');
    expect(unsupportedNarrowOperator([['channels', 'archived']], 489)).toBeUndefined();
    expect(unsupportedNarrowOperator([['streams', 'archived']], 489)).toBeUndefined();
    expect(unsupportedNarrowOperator([['channels', 'archived']], 488)).toBe('channels');
    expect(unsupportedNarrowOperator([['channels', 'web-public']], 503)).toBe('channels');
  });
});
