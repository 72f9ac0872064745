import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports, type TransportContext } from '../../testing/transports.js';

const BOT = 'default-bot@svc.test';
const REFUSAL = 'You do not have permission to create new topics in this channel.';

/** Lets only the member (hamlet, the default bot's owner) start topics in Verona. */
function restrictVerona(t: TransportContext): { existingTopic: string } {
  const { state } = t.app.store;
  const verona = state.channelsByName.get('verona')!;
  verona.can_create_topic_group = {
    direct_members: [state.usersByEmail.get(MEMBER)!.user_id],
    direct_subgroups: [],
  };
  const existing = [...state.messages.values()].find((m) => m.stream_id === verona.stream_id)!;
  return { existingTopic: existing.topic };
}

const send = (t: TransportContext, email: string, topic: string) =>
  t.as(email).post('messages', { type: 'stream', to: 'Verona', topic, content: 'hello' });

describeTransports('can_create_topic_group when sending', (t) => {
  it('refuses a new topic to users outside the group, administrators included, and stores nothing', async () => {
    restrictVerona(t());
    const before = t().app.store.state.messages.size;
    for (const email of [MEMBER2, ADMIN]) {
      const res = await send(t(), email, 'brand new topic');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: REFUSAL });
    }
    expect(t().app.store.state.messages.size).toBe(before);
  });

  it('lets anyone who may post send to an existing topic (in any letter case)', async () => {
    const { existingTopic } = restrictVerona(t());
    expect((await send(t(), MEMBER2, existingTopic.toUpperCase())).status).toBe(200);
  });

  it('lets a group member start the topic, after which others may post in it', async () => {
    restrictVerona(t());
    expect((await send(t(), MEMBER, 'started by hamlet')).status).toBe(200);
    expect((await send(t(), MEMBER2, 'started by hamlet')).status).toBe(200);
  });

  it('lets a bot start a topic when its owner may', async () => {
    restrictVerona(t());
    expect((await send(t(), BOT, 'started by a bot')).body).toMatchObject({ result: 'success' });
  });
});

describeTransports(
  'can_create_topic_group below level 441',
  (t) => {
    it('is not enforced', async () => {
      restrictVerona(t());
      expect((await send(t(), MEMBER2, 'brand new topic')).status).toBe(200);
    });
  },
  { featureLevel: 440 },
);
