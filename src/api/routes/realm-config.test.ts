import { expect, it } from 'vitest';
import { ADMIN, MEMBER } from '../../testing/accounts.js';
import { describeTransports } from '../../testing/transports.js';

/** The reverse-linkification fields of a linkifier without any (feature levels 471 and 478). */
const NO_REVERSE = { example_input: null, reverse_template: null, alternative_url_templates: [] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary event payloads
type Ev = Record<string, any>;

describeTransports('linkifiers and code playgrounds', (t) => {
  const state = () => t().app.store.state;
  const journalOf = (type: string): Ev[] =>
    t().app.store.journal.flatMap((e) =>
      typeof e.event !== 'function' && e.event.type === type ? [e.event] : [],
    );
  const linkifiers = () => JSON.stringify(state().linkifiers);
  const playgrounds = () => JSON.stringify([...state().playgrounds.values()]);

  it('lists linkifiers in their configured order', async () => {
    const res = await t().as(MEMBER).get('realm/linkifiers');
    expect(res.body.linkifiers).toEqual([
      {
        id: 1,
        pattern: '#(?<id>[0-9]+)',
        url_template: 'https://github.com/svc/svc/issues/{id}',
        ...NO_REVERSE,
      },
      {
        id: 2,
        pattern: 'RFC (?<rfc>[0-9]+)',
        url_template: 'https://datatracker.ietf.org/doc/html/rfc{rfc}',
        ...NO_REVERSE,
      },
    ]);
  });

  it('adds, changes, reorders and removes linkifiers, emitting the full list each time', async () => {
    const add = await t().as(ADMIN).post('realm/filters', {
      pattern: 'T(?<ticket>\\d+)-(?<sub>\\w+)',
      url_template: 'https://t.example/{ticket}{?sub}',
    });
    expect(add.status).toBe(200);
    const id = add.body.id;
    expect(state().linkifiers.map((l) => l.id)).toEqual([1, 2, id]);
    expect(
      (
        await t()
          .as(ADMIN)
          .patch(`realm/filters/${id}`, { pattern: 'T(?<n>\\d+)', url_template: 'https://t.example/{n}' })
      ).status,
    ).toBe(200);
    expect(state().linkifiers[2]).toEqual({
      id,
      pattern: 'T(?<n>\\d+)',
      url_template: 'https://t.example/{n}',
      ...NO_REVERSE,
    });
    expect(
      (
        await t()
          .as(ADMIN)
          .patch('realm/linkifiers', { ordered_linkifier_ids: [id, 2, 1] })
      ).status,
    ).toBe(200);
    expect(
      (await t().as(MEMBER).get('realm/linkifiers')).body.linkifiers.map((l: { id: number }) => l.id),
    ).toEqual([id, 2, 1]);
    expect((await t().as(ADMIN).delete('realm/filters/2')).status).toBe(200);
    expect(state().linkifiers.map((l) => l.id)).toEqual([id, 1]);
    const events = journalOf('realm_linkifiers') as Array<{ realm_linkifiers: Array<{ id: number }> }>;
    expect(events.map((e) => e.realm_linkifiers.map((l) => l.id))).toEqual([
      [1, 2, id],
      [1, 2, id],
      [id, 2, 1],
      [id, 1],
    ]);
  });

  it('accepts Python named groups, as the API documents patterns, and renders with them', async () => {
    const add = await t().as(ADMIN).post('realm/filters', {
      pattern: '(?P<key>[A-Z]+)-(?P<num>\\d+)',
      url_template: 'https://jira.example/browse/{key}-{num}',
    });
    expect(add.status).toBe(200);
    const rendered = await t().as(MEMBER).post('messages/render', { content: 'see ABC-12 and XY-3' });
    expect(rendered.body.rendered).toContain('href="https://jira.example/browse/ABC-12"');
    expect(rendered.body.rendered).toContain('href="https://jira.example/browse/XY-3"');
    const missing = await t().as(ADMIN).post('realm/filters', {
      pattern: 'Q(?P<q>\\d+)',
      url_template: 'https://q.example/{other}',
    });
    expect(missing.body.msg).toBe("Group 'other' in URL template is not present in linkifier pattern.");
  });

  it('accepts look-around look-alikes that are escaped or inside a class', async () => {
    const add = await t().as(ADMIN).post('realm/filters', {
      pattern: '[(?=](?P<id>\\d+)\\(?!\\\\',
      url_template: 'https://x.example/{id}',
    });
    expect(add.status).toBe(200);
  });

  const bad: Array<[string, Record<string, unknown>, string, string]> = [
    [
      'an invalid regular expression',
      { pattern: '(?<id>[0-9+', url_template: 'https://x/{id}' },
      'pattern',
      'Bad regular expression: ',
    ],
    [
      'a look-ahead (RE2 has no look-around)',
      { pattern: '(?P<id>[0-9]+)(?=x)', url_template: 'https://x/{id}' },
      'pattern',
      'Bad regular expression: invalid or unsupported Perl syntax: (?=',
    ],
    [
      'a look-behind',
      { pattern: '(?<!y)(?P<id>[0-9]+)', url_template: 'https://x/{id}' },
      'pattern',
      'Bad regular expression: invalid or unsupported Perl syntax: (?<!',
    ],
    [
      'a named back-reference (RE2 has none)',
      { pattern: '(?P<id>[A-Z]+)-(?P=id)', url_template: 'https://x/{id}' },
      'pattern',
      'Bad regular expression: invalid or unsupported Perl syntax: (?P=',
    ],
    [
      'a numbered back-reference',
      { pattern: '(?P<id>[A-Z]+)-\\1', url_template: 'https://x/{id}' },
      'pattern',
      'Bad regular expression: invalid escape sequence: \\1',
    ],
    [
      'an invalid URL template',
      { pattern: '(?<id>[0-9]+)', url_template: 'https://x/{id' },
      'url_template',
      'Invalid URL template.',
    ],
    [
      'a stray closing brace',
      { pattern: '(?<id>[0-9]+)', url_template: 'https://x/{id}}' },
      'url_template',
      'Invalid URL template.',
    ],
    [
      'a template variable missing from the pattern',
      { pattern: '(?<id>[0-9]+)', url_template: 'https://x/{id}/{x}' },
      '__all__',
      "Group 'x' in URL template is not present in linkifier pattern.",
    ],
    [
      'a group missing from the template',
      { pattern: '(?<id>[0-9]+)(?<a>z)', url_template: 'https://x/{id}' },
      '__all__',
      "Group 'a' in linkifier pattern is not present in URL template.",
    ],
    [
      'a duplicate pattern',
      { pattern: '#(?<id>[0-9]+)', url_template: 'https://x/{id}' },
      '__all__',
      'Realm filter with this Realm and Pattern already exists.',
    ],
  ];
  for (const [what, params, field, msg] of bad) {
    it(`refuses a linkifier with ${what}`, async () => {
      const before = linkifiers();
      const res = await t().as(ADMIN).post('realm/filters', params);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.msg.startsWith(msg)).toBe(true);
      expect(res.body.errors).toEqual({ [field]: [res.body.msg] });
      expect(linkifiers()).toBe(before);
      expect(journalOf('realm_linkifiers')).toEqual([]);
    });
  }

  it('refuses linkifier changes to non-administrators and unknown ids', async () => {
    const before = linkifiers();
    const admin = { code: 'BAD_REQUEST', msg: 'Must be an organization administrator' };
    expect(
      (await t().as(MEMBER).post('realm/filters', { pattern: 'a(?<b>c)', url_template: 'https://x/{b}' }))
        .body,
    ).toMatchObject(admin);
    expect(
      (await t().as(MEMBER).patch('realm/filters/1', { pattern: 'a(?<b>c)', url_template: 'https://x/{b}' }))
        .body,
    ).toMatchObject(admin);
    expect((await t().as(MEMBER).delete('realm/filters/1')).body).toMatchObject(admin);
    expect(
      (
        await t()
          .as(MEMBER)
          .patch('realm/linkifiers', { ordered_linkifier_ids: [2, 1] })
      ).body,
    ).toMatchObject(admin);
    expect(
      (await t().as(ADMIN).patch('realm/filters/9', { pattern: 'a(?<b>c)', url_template: 'https://x/{b}' }))
        .body,
    ).toMatchObject({ msg: 'Linkifier not found.' });
    expect((await t().as(ADMIN).delete('realm/filters/9')).body).toMatchObject({
      msg: 'Linkifier not found.',
    });
    expect(
      (
        await t()
          .as(ADMIN)
          .patch('realm/linkifiers', { ordered_linkifier_ids: [1, 1] })
      ).body,
    ).toMatchObject({ msg: 'The ordered list must not contain duplicated linkifiers' });
    expect(
      (
        await t()
          .as(ADMIN)
          .patch('realm/linkifiers', { ordered_linkifier_ids: [1] })
      ).body,
    ).toMatchObject({ msg: 'The ordered list must enumerate all existing linkifiers exactly once' });
    expect(
      (
        await t()
          .as(ADMIN)
          .patch('realm/linkifiers', { ordered_linkifier_ids: [1, 3] })
      ).body,
    ).toMatchObject({ msg: 'The ordered list must enumerate all existing linkifiers exactly once' });
    expect(linkifiers()).toBe(before);
  });

  it('adds and removes code playgrounds, emitting the full list', async () => {
    const res = await t().as(ADMIN).post('realm/playgrounds', {
      name: 'Go',
      highlighter_language: 'Go',
      url_template: 'https://go.dev/play/?code={code}',
    });
    expect(res.status).toBe(200);
    expect(state().playgrounds.get(res.body.id)).toEqual({
      id: res.body.id,
      name: 'Go',
      highlighter_language: 'Go',
      url_template: 'https://go.dev/play/?code={code}',
    });
    expect((await t().as(ADMIN).delete('realm/playgrounds/1')).status).toBe(200);
    const events = journalOf('realm_playgrounds') as Array<{ realm_playgrounds: Array<{ id: number }> }>;
    expect(events.map((e) => e.realm_playgrounds.map((p) => p.id))).toEqual([
      [1, 2, res.body.id],
      [2, res.body.id],
    ]);
  });

  const badPlaygrounds: Array<[string, Record<string, unknown>, string, string]> = [
    [
      'a language over 40 characters',
      { highlighter_language: 'x'.repeat(41) },
      'pygments_language',
      'Ensure this value has at most 40 characters (it has 41).',
    ],
    [
      'disallowed characters in the language',
      { highlighter_language: 'C$' },
      'pygments_language',
      'Invalid characters in pygments language',
    ],
    ['an invalid template', { url_template: 'https://x/{code' }, 'url_template', 'Invalid URL template.'],
    [
      'a template without code',
      { url_template: 'https://x/{src}' },
      '__all__',
      'Missing the required variable "code" in the URL template',
    ],
    [
      'a template with another variable',
      { url_template: 'https://x/{code}{&lang}' },
      '__all__',
      '"code" should be the only variable present in the URL template',
    ],
    [
      'a duplicate name and language',
      { name: 'Python playground', highlighter_language: 'Python' },
      '__all__',
      'Realm playground with this Realm, Pygments language and Name already exists.',
    ],
  ];
  for (const [what, params, field, msg] of badPlaygrounds) {
    it(`refuses a playground with ${what}`, async () => {
      const before = playgrounds();
      const res = await t()
        .as(ADMIN)
        .post('realm/playgrounds', {
          name: 'X',
          highlighter_language: 'C++',
          url_template: 'https://x/{code}',
          ...params,
        });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', msg, errors: { [field]: [msg] } });
      expect(playgrounds()).toBe(before);
      expect(journalOf('realm_playgrounds')).toEqual([]);
    });
  }

  it('refuses playground changes to non-administrators and unknown ids', async () => {
    const before = playgrounds();
    expect(
      (
        await t().as(MEMBER).post('realm/playgrounds', {
          name: 'X',
          highlighter_language: 'C',
          url_template: 'https://x/{code}',
        })
      ).body,
    ).toMatchObject({ msg: 'Must be an organization administrator' });
    expect((await t().as(MEMBER).delete('realm/playgrounds/1')).body).toMatchObject({
      msg: 'Must be an organization administrator',
    });
    expect((await t().as(ADMIN).delete('realm/playgrounds/99')).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid playground',
    });
    expect(
      (await t().as(ADMIN).post('realm/playgrounds', { name: 'X', url_template: 'https://x/{code}' })).body,
    ).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING' });
    expect(playgrounds()).toBe(before);
  });
});
