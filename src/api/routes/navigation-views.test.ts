import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

const ALERTS = { fragment: 'narrow/is/alerted', is_pinned: true, name: 'Alerts' };
const path = (fragment: string) => `navigation_views/${encodeURIComponent(fragment)}`;

describeTransports('navigation views', (t) => {
  const events = (): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === 'navigation_view'
        ? [{ users: e.users, ...e.event }]
        : [],
    );
  const idOf = (email: string) => t().app.store.state.usersByEmail.get(email)!.user_id;
  const list = async (email: string) => (await t().as(email).get('navigation_views')).body.navigation_views;
  const registered = async (email: string) =>
    (
      await t()
        .as(email)
        .post('register', { fetch_event_types: ['navigation_views'] })
    ).body.navigation_views;

  it('adds a custom view and a built-in view setting, each shown only to its owner', async () => {
    expect((await t().as(MEMBER).post('navigation_views', ALERTS)).status).toBe(200);
    const inbox = await t().as(MEMBER).post('navigation_views', { fragment: 'inbox', is_pinned: false });
    expect(inbox.status).toBe(200);
    const views = [ALERTS, { fragment: 'inbox', is_pinned: false, name: null }];
    expect(await list(MEMBER)).toEqual(views);
    expect(await registered(MEMBER)).toEqual(views);
    expect(await list(ADMIN)).toEqual([]);
    expect(events()).toEqual([
      { users: [idOf(MEMBER)], type: 'navigation_view', op: 'add', navigation_view: ALERTS },
      { users: [idOf(MEMBER)], type: 'navigation_view', op: 'add', navigation_view: views[1] },
    ]);
  });

  const refusals: Array<[string, Record<string, unknown>, string]> = [
    [
      'a built-in view with a name',
      { fragment: 'recent', is_pinned: true, name: 'Mine' },
      'Built-in views cannot have a custom name.',
    ],
    [
      'a custom view without a name',
      { fragment: 'narrow/is/alerted', is_pinned: true },
      'Custom views must have a valid name.',
    ],
    ['a custom view with a blank name', { ...ALERTS, name: '   ' }, 'Custom views must have a valid name.'],
    ['the same fragment twice', { ...ALERTS, name: 'Other' }, 'Navigation view already exists.'],
    ['the same name twice', { ...ALERTS, fragment: 'narrow/is/followed' }, 'Navigation view already exists.'],
  ];
  for (const [what, params, msg] of refusals) {
    it(`refuses ${what} and changes nothing`, async () => {
      await t().as(MEMBER).post('navigation_views', ALERTS);
      const before = await list(MEMBER);
      const res = await t().as(MEMBER).post('navigation_views', params);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
      expect(await list(MEMBER)).toEqual(before);
      expect(events()).toHaveLength(1);
    });
  }

  it('updates is_pinned and name by fragment, with only the given fields in the event', async () => {
    await t().as(MEMBER).post('navigation_views', ALERTS);
    expect((await t().as(MEMBER).patch(path(ALERTS.fragment), { is_pinned: false })).status).toBe(200);
    expect((await t().as(MEMBER).patch(path(ALERTS.fragment), { name: 'Alert words' })).status).toBe(200);
    expect(await list(MEMBER)).toEqual([{ ...ALERTS, is_pinned: false, name: 'Alert words' }]);
    expect(events().slice(1)).toEqual([
      {
        users: [idOf(MEMBER)],
        type: 'navigation_view',
        op: 'update',
        fragment: ALERTS.fragment,
        data: { is_pinned: false },
      },
      {
        users: [idOf(MEMBER)],
        type: 'navigation_view',
        op: 'update',
        fragment: ALERTS.fragment,
        data: { name: 'Alert words' },
      },
    ]);
  });

  it("refuses to update another user's view, a built-in name and a taken name", async () => {
    await t().as(MEMBER).post('navigation_views', ALERTS);
    await t().as(MEMBER).post('navigation_views', { fragment: 'inbox', is_pinned: true });
    const other = await t().as(ADMIN).patch(path(ALERTS.fragment), { is_pinned: false });
    expect(other.status).toBe(404);
    expect(other.body.msg).toBe('Navigation view does not exist.');
    expect((await t().as(MEMBER).patch('navigation_views/inbox', { name: 'Box' })).body.msg).toBe(
      'Built-in views cannot have a custom name.',
    );
    expect((await t().as(MEMBER).patch(path(ALERTS.fragment), { name: 'Alerts' })).body.msg).toBe(
      'Navigation view already exists.',
    );
    expect(await list(MEMBER)).toEqual([ALERTS, { fragment: 'inbox', is_pinned: true, name: null }]);
    expect(events()).toHaveLength(2);
  });

  it('removes a view by fragment and emits navigation_view/remove; a second removal is 404', async () => {
    await t().as(MEMBER).post('navigation_views', ALERTS);
    expect((await t().as(MEMBER).delete(path(ALERTS.fragment))).status).toBe(200);
    expect(await list(MEMBER)).toEqual([]);
    expect(await registered(MEMBER)).toEqual([]);
    expect(events()[1]).toEqual({
      users: [idOf(MEMBER)],
      type: 'navigation_view',
      op: 'remove',
      fragment: ALERTS.fragment,
    });
    const again = await t().as(MEMBER).delete(path(ALERTS.fragment));
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Navigation view does not exist.' });
  });
});

describeTransports(
  'navigation views at feature level 389',
  (t) => {
    it('has no /navigation_views endpoints yet', async () => {
      expect((await t().as(MEMBER).get('navigation_views')).status).toBe(404);
      expect((await t().as(MEMBER).post('navigation_views', ALERTS)).status).toBe(404);
      expect(t().app.store.state.navigationViews.size).toBe(0);
    });
  },
  { featureLevel: 389 },
);
