import { expect, it } from 'vitest';
import { ADMIN, GUEST } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';
import { legacyFilter, legacyPattern } from './realm-filters-legacy.js';

describeTransports('GET /realm/filters', (t) => {
  it('lists the linkifiers as [pattern, url_format, id] triples in their order', async () => {
    const res = await t().as(GUEST).get('realm/filters');
    expect(res.status).toBe(200);
    expect(res.body.filters).toEqual([
      ['#(?P<id>[0-9]+)', 'https://github.com/svc/svc/issues/%(id)s', 1],
      ['RFC (?P<rfc>[0-9]+)', 'https://datatracker.ietf.org/doc/html/rfc%(rfc)s', 2],
    ]);
  });

  it('follows changes made through the linkifier endpoints', async () => {
    const added = await t()
      .as(ADMIN)
      .post('realm/filters', { pattern: 'T(?P<n>[0-9]+)', url_template: 'https://t.example/{n}?q=100%25' });
    await t()
      .as(ADMIN)
      .patch('realm/linkifiers', { ordered_linkifier_ids: [added.body.id, 1, 2] });
    await t().as(ADMIN).delete('realm/filters/1');
    expect((await t().as(ADMIN).get('realm/filters')).body.filters).toEqual([
      ['T(?P<n>[0-9]+)', 'https://t.example/%(n)s?q=100%%25', added.body.id],
      ['RFC (?P<rfc>[0-9]+)', 'https://datatracker.ietf.org/doc/html/rfc%(rfc)s', 2],
    ]);
  });
});

it('turns RFC 6570 expressions into Python format fields and keeps look-alike syntax', () => {
  const linkifier = { id: 7, pattern: '(?<path>x)', url_template: 'https://x.example/{+path}/{#frag}{?a,b}' };
  expect(legacyFilter(linkifier)).toEqual(['(?P<path>x)', 'https://x.example/%(path)s/%(frag)s%(a)s', 7]);
  expect(legacyPattern('(?<a>x)(?:y)(?P<b>z)')).toBe('(?P<a>x)(?:y)(?P<b>z)');
});
