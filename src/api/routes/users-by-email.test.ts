import { expect, it } from 'vitest';
import { ADMIN, MEMBER, MEMBER2 } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// Othello's email_address_visibility is 3 (administrators): his delivery address is hidden from members.
describeTransports('GET /users/{email} and e-mail visibility', (t) => {
  it('does not find a user by a delivery e-mail the caller may not see', async () => {
    const res = await t()
      .as(MEMBER)
      .get(`users/${encodeURIComponent(MEMBER2)}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('finds the same user by the API e-mail the caller sees', async () => {
    const id = t().app.store.state.usersByEmail.get(MEMBER2)!.user_id;
    const res = await t().as(MEMBER).get(`users/user${id}@${t().app.store.state.realm.email_domain}`);
    expect(res.status).toBe(200);
    expect(res.body.user.user_id).toBe(id);
  });

  it('finds the user by delivery e-mail for an administrator, who may see it', async () => {
    const res = await t()
      .as(ADMIN)
      .get(`users/${encodeURIComponent(MEMBER2)}`);
    expect(res.status).toBe(200);
    expect(res.body.user.delivery_email).toBe(MEMBER2);
  });

  it('lets users look themselves up by their own delivery e-mail', async () => {
    const res = await t()
      .as(MEMBER2)
      .get(`users/${encodeURIComponent(MEMBER2)}`);
    expect(res.status).toBe(200);
  });
});
