// Message events are formatted once per shape, not per user: each viewer still gets their own avatar_url
// (null for a sender whose real e-mail they may see, with client_extavatar) and their own flags.
import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { pollNow, registerQueue } from '../../testing/event-queues.js';
import { describeTransports } from '../../testing/transports.js';

interface MessageEvent {
  type: string;
  message: { id: number; avatar_url: string | null; sender_full_name: string };
  flags: string[];
}

describeTransports('message events per viewer shape', (t) => {
  const messageEvents = async (email: string, queueId: string): Promise<MessageEvent[]> =>
    ((await pollNow(t().as(email), queueId, -1)).body.events as MessageEvent[]).filter(
      (e) => e.type === 'message',
    );

  it('gives an administrator and a member their own avatar_url for a sender with admins-only e-mail', async () => {
    const { state } = t().app.store;
    const ids = [ADMIN, MEMBER, MEMBER2].map((e) => state.usersByEmail.get(e)!.user_id);
    const channel = [...state.channels.values()].find(
      (c) => !c.is_archived && ids.every((id) => state.subscribers.get(c.stream_id)?.has(id)),
    )!;
    // 3: only administrators may see the real address.
    expect((await t().as(MEMBER2).patch('settings', { email_address_visibility: 3 })).status).toBe(200);
    const adminQueue = await registerQueue(t().as(ADMIN), {
      client_extavatar: true,
      event_types: ['message'],
    });
    const memberQueue = await registerQueue(t().as(MEMBER), {
      client_extavatar: true,
      event_types: ['message'],
    });
    const plainQueue = await registerQueue(t().as(ADMIN), {
      client_extavatar: false,
      event_types: ['message'],
    });
    const sent = await t()
      .as(MEMBER2)
      .post('messages', { type: 'stream', to: channel.name, topic: 'shape', content: 'hi @**King Hamlet**' });
    expect(sent.status).toBe(200);
    const [admin] = await messageEvents(ADMIN, adminQueue);
    const [member] = await messageEvents(MEMBER, memberQueue);
    const [plain] = await messageEvents(ADMIN, plainQueue);
    expect(admin!.message.id).toBe(sent.body.id);
    expect(admin!.message.avatar_url).toBeNull();
    expect(member!.message.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
    expect(plain!.message.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
    expect(member!.flags).toContain('mentioned');
    expect(admin!.flags).not.toContain('mentioned');
  });

  it('gives every viewer the URL of an avatar the server serves, whether or not they may see the e-mail', async () => {
    const { state } = t().app.store;
    // The administrator's avatar is uploaded (dev realm); the sender's own client may see the address, and with
    // visibility 1 (everyone) so may the others: a Gravatar sender's avatar_url would be null for all of them.
    const sender = state.usersByEmail.get(ADMIN)!;
    expect(sender.avatar_source).toBe('U');
    const ids = [ADMIN, MEMBER, MEMBER2].map((e) => state.usersByEmail.get(e)!.user_id);
    const channel = [...state.channels.values()].find(
      (c) => !c.is_archived && ids.every((id) => state.subscribers.get(c.stream_id)?.has(id)),
    )!;
    expect((await t().as(ADMIN).patch('settings', { email_address_visibility: 1 })).status).toBe(200);
    const queues: Array<[string, string]> = [];
    for (const email of [ADMIN, MEMBER, MEMBER2])
      queues.push([
        email,
        await registerQueue(t().as(email), { client_extavatar: true, event_types: ['message'] }),
      ]);
    queues.push([
      MEMBER,
      await registerQueue(t().as(MEMBER), { client_extavatar: false, event_types: ['message'] }),
    ]);
    const sent = await t()
      .as(ADMIN)
      .post('messages', { type: 'stream', to: channel.name, topic: 'shape', content: 'uploaded' });
    expect(sent.status).toBe(200);
    const url = `/user_avatars/${state.realm.id}/${sender.user_id}.png?version=${sender.avatar_version}`;
    for (const [email, queue] of queues) {
      const [event] = await messageEvents(email, queue);
      expect(event!.message.id).toBe(sent.body.id);
      expect(event!.message.avatar_url).toBe(url);
    }
  });

  it('reads the sender afresh for each message: a visibility change shows in the next event', async () => {
    const { state } = t().app.store;
    const ids = [MEMBER, MEMBER2].map((e) => state.usersByEmail.get(e)!.user_id);
    const channel = [...state.channels.values()].find(
      (c) => !c.is_archived && ids.every((id) => state.subscribers.get(c.stream_id)?.has(id)),
    )!;
    const queue = await registerQueue(t().as(MEMBER), { client_extavatar: true, event_types: ['message'] });
    const send = async (): Promise<void> => {
      const sent = await t()
        .as(MEMBER2)
        .post('messages', { type: 'stream', to: channel.name, topic: 'shape', content: 'again' });
      expect(sent.status).toBe(200);
    };
    // 1: everyone may see the real address (avatar_url null for a client that computes it); then 3: admins only.
    expect((await t().as(MEMBER2).patch('settings', { email_address_visibility: 1 })).status).toBe(200);
    await send();
    expect((await t().as(MEMBER2).patch('settings', { email_address_visibility: 3 })).status).toBe(200);
    await send();
    const [before, after] = await messageEvents(MEMBER, queue);
    expect(before!.message.avatar_url).toBeNull();
    expect(after!.message.avatar_url).toMatch(/^https:\/\/secure\.gravatar\.com\/avatar\//);
  });
});
