import { expect, it } from 'vitest';
import { MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

describeTransports('POST /submessage', (t) => {
  const events = (): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === 'submessage' ? [{ users: e.users, ...e.event }] : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const send = async (email: string) =>
    (
      await t()
        .as(email)
        .post('messages', { type: 'stream', to: 'Verona', topic: 'poll', content: '/poll Tea?' })
    ).body.id as number;
  const POLL = JSON.stringify({ widget_type: 'poll', extra_data: { question: 'Tea?', options: [] } });

  it("attaches the sender's submessage, then another reader's, and shows both on the message", async () => {
    const id = await send(MEMBER);
    expect(
      (await t().as(MEMBER).post('submessage', { message_id: id, msg_type: 'widget', content: POLL })).status,
    ).toBe(200);
    const vote = JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 });
    expect(
      (await t().as(MEMBER2).post('submessage', { message_id: id, msg_type: 'widget', content: vote }))
        .status,
    ).toBe(200);
    const got = await t().as(MEMBER2).get(`messages/${id}`);
    expect(got.body.message.submessages.map((s: Ev) => [s.sender_id, s.content])).toEqual([
      [idOf(MEMBER), POLL],
      [idOf(MEMBER2), vote],
    ]);
    const [first, second] = events() as [Ev, Ev];
    expect(first).toMatchObject({
      type: 'submessage',
      message_id: id,
      sender_id: idOf(MEMBER),
      msg_type: 'widget',
      content: POLL,
    });
    expect(first.users).toEqual(expect.arrayContaining([idOf(MEMBER), idOf(MEMBER2)]));
    expect(second.submessage_id).toBeGreaterThan(first.submessage_id);
  });

  it('refuses a first submessage from someone else, content that is not JSON and an unknown message', async () => {
    const id = await send(MEMBER);
    const other = await t()
      .as(MEMBER2)
      .post('submessage', { message_id: id, msg_type: 'widget', content: '{}' });
    expect(other.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'You cannot attach a submessage to this message.',
    });
    const notJson = await t()
      .as(MEMBER)
      .post('submessage', { message_id: id, msg_type: 'widget', content: '{oops' });
    expect(notJson.body.msg).toBe('Invalid json for submessage');
    const unknown = await t()
      .as(MEMBER)
      .post('submessage', { message_id: 99999999, msg_type: 'widget', content: '{}' });
    expect(unknown.body.msg).toBe('Invalid message(s)');
    expect((await t().as(MEMBER).get(`messages/${id}`)).body.message.submessages).toEqual([]);
    expect(events()).toEqual([]);
  });
});
