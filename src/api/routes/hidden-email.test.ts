import { expect, it } from 'vitest';
import { ADMIN, GUEST, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// Othello's email_address_visibility is 3 (administrators): members and guests may not see his delivery address.
// Wherever the API takes an e-mail, such a caller must be answered exactly as for an address nobody has (with
// only the address itself differing in the message), so the hidden address cannot be probed; his display
// address (user{id}@...) and an administrator's view still work.
const NOBODY = 'nobody-at-all@svc.test';

/** One request per place that takes an e-mail, made with `email`. */
const probes: Record<string, (email: string) => [string, string, Record<string, unknown>]> = {
  'narrow sender': (email) => [
    'get',
    'messages',
    { anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'sender', operand: email }] },
  ],
  'narrow dm': (email) => [
    'get',
    'messages',
    { anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'dm', operand: email }] },
  ],
  'narrow dm-including': (email) => [
    'get',
    'messages',
    { anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'dm-including', operand: email }] },
  ],
  'narrow pm-with': (email) => [
    'get',
    'messages',
    { anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'pm-with', operand: email }] },
  ],
  'matches_narrow sender': (email) => [
    'get',
    'messages/matches_narrow',
    { msg_ids: [1], narrow: [{ operator: 'sender', operand: email }] },
  ],
  'direct message to': (email) => ['post', 'messages', { type: 'direct', to: [email], content: 'probe' }],
  'direct message to (comma-separated)': (email) => [
    'post',
    'messages',
    { type: 'direct', to: email, content: 'probe' },
  ],
  'subscription principals': (email) => [
    'post',
    'users/me/subscriptions',
    { subscriptions: [{ name: 'Verona' }], principals: [email] },
  ],
  'unsubscribe principals': (email) => [
    'delete',
    'users/me/subscriptions',
    { subscriptions: ['Verona'], principals: [email] },
  ],
  'user by e-mail': (email) => ['get', `users/${encodeURIComponent(email)}`, {}],
};

describeTransports('a delivery e-mail the caller may not see', (t) => {
  const call = async (
    caller: string,
    probe: (email: string) => [string, string, Record<string, unknown>],
    email: string,
  ) => {
    const [method, path, params] = probe(email);
    const client = t().as(caller) as unknown as Record<
      string,
      (p: string, q: object) => Promise<{ status: number; body: Record<string, unknown> }>
    >;
    return client[method]!(path, params);
  };

  for (const caller of [MEMBER, GUEST])
    for (const [name, probe] of Object.entries(probes))
      it(`is answered as an unknown address for ${caller.split('@')[0]}: ${name}`, async () => {
        const hidden = await call(caller, probe, MEMBER2);
        const unknown = await call(caller, probe, NOBODY);
        expect(unknown.status).toBe(400);
        expect(hidden.status).toBe(unknown.status);
        expect(JSON.stringify(hidden.body).replaceAll(MEMBER2, NOBODY)).toBe(JSON.stringify(unknown.body));
      });

  it('still resolves the display address for a member, and the delivery address for an administrator', async () => {
    const othello = t().app.store.state.usersByEmail.get(MEMBER2)!;
    const display = `user${othello.user_id}@${t().app.store.state.realm.email_domain}`;
    const asMember = await call(MEMBER, probes['narrow sender']!, display);
    expect(asMember.status).toBe(200);
    const asAdmin = await call(ADMIN, probes['narrow sender']!, MEMBER2);
    expect(asAdmin.status).toBe(200);
    expect(
      (asAdmin.body.messages as Array<{ sender_id: number }>).every((m) => m.sender_id === othello.user_id),
    ).toBe(true);
    const sent = await call(ADMIN, probes['direct message to']!, MEMBER2);
    expect(sent.status).toBe(200);
  });
});
