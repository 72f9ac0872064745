import { describe, expect, it } from 'vitest';
import { checkResponse } from './checks.js';
import { explainAgainst, explainSchema, groupLines } from './schema-explain.js';

const user = (i: number, extra: Record<string, unknown> = {}) => ({
  user_id: i,
  full_name: `u${i}`,
  ...extra,
});

describe('explainAgainst', () => {
  it('names the field whose presence a `not` forbids, once for all the array elements it hit', () => {
    const schema = {
      type: 'object',
      properties: {
        members: {
          type: 'array',
          items: {
            type: 'object',
            properties: { user_id: { type: 'integer' } },
            not: { required: ['is_billing_admin'] },
          },
        },
      },
    };
    const members = Array.from({ length: 147 }, (_, i) => user(i, { is_billing_admin: false }));
    expect(explainAgainst(schema, { members })).toEqual([
      '/members/*/is_billing_admin: present, but must not be (not) (147 elements)',
    ]);
    expect(explainAgainst(schema, { members: [user(1), user(2, { is_billing_admin: true })] })).toEqual([
      '/members/1/is_billing_admin: present, but must not be (not)',
    ]);
  });

  it('names the forbidden field of a `not` over alternatives (the fields a feature level does not send yet)', () => {
    const schema = { not: { anyOf: [{ required: ['a'] }, { required: ['b'] }, { required: ['c'] }] } };
    expect(explainAgainst(schema, { b: 1, c: 2 })).toEqual([
      '/b: present, but must not be (not)',
      '/c: present, but must not be (not)',
    ]);
    expect(explainAgainst({ not: { type: 'null' } }, null)).toEqual(['/: must not be null (not)']);
    expect(explainAgainst({ properties: { op: { not: { const: 'remove' } } } }, { op: 'remove' })).toEqual([
      '/op: "remove" is a value it must not have (not)',
    ]);
  });

  it('says which alternatives of a oneOf matched together, and why', () => {
    const schema = {
      oneOf: [{ required: ['request'] }, { required: ['register'] }, { required: ['await_events'] }],
    };
    expect(explainAgainst(schema, { request: 'GET /x', register: {} })).toEqual([
      '/: matches alternatives #0 and #1, but oneOf allows exactly one (/request: present, /register: present)',
    ]);
  });

  it('explains an anyOf that nothing matched by its nearest alternative, naming the field and keyword', () => {
    const schema = {
      type: 'object',
      properties: {
        events: {
          type: 'array',
          items: {
            anyOf: [
              { type: 'object', properties: { type: { const: 'heartbeat' } }, required: ['type'] },
              {
                type: 'object',
                properties: { type: { const: 'message' }, message: { type: 'object', required: ['id'] } },
                required: ['type', 'message'],
              },
            ],
          },
        },
      },
    };
    const events = [
      { type: 'message', message: { content: 'a' } },
      { type: 'message', message: { content: 'b' } },
      { type: 'heartbeat' },
    ];
    expect(explainAgainst(schema, { events })).toEqual([
      '/events/*: matches none of the 2 alternatives (anyOf); nearest #1: /events/*/message/id: missing (required) (2 elements)',
    ]);
  });

  it('names pointer, keyword and the value found for plain keywords', () => {
    const schema = {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        kind: { enum: ['a', 'b'] },
        name: { type: 'string', minLength: 2 },
      },
      required: ['id'],
      additionalProperties: false,
    };
    expect(explainAgainst(schema, { kind: 'c', name: 'x', extra: 1 })).toEqual([
      '/id: missing (required)',
      '/extra: not allowed here (additionalProperties)',
      '/kind: must be one of ["a","b"], got "c" (enum)',
      '/name: must NOT have fewer than 2 characters, got "x" (minLength)',
    ]);
  });
});

describe('groupLines', () => {
  it('keeps a cause hit once as it is, and counts distinct elements, not repeated lines', () => {
    expect(groupLines(['/a/0/x: missing (required)', '/a/0/x: missing (required)', '/b: bad'])).toEqual([
      '/a/0/x: missing (required)',
      '/b: bad',
    ]);
  });
});

describe('schema failures of responses', () => {
  it('names is_billing_admin in a users answer of the newest level, once for every member', () => {
    const body = {
      result: 'success',
      msg: '',
      members: Array.from({ length: 3 }, (_, i) => user(i, { is_billing_admin: true })),
    };
    const lines = explainSchema('endpoints/get-users.json#/$defs/response', body);
    expect(lines[0]).toBe('/members/*/is_billing_admin: present, but must not be (not) (3 elements)');
    const [failure] = checkResponse(
      'GET',
      '/api/v1/users',
      {},
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body,
      },
    ).filter((f) => f.kind === 'schema');
    expect(failure!.message).toContain(
      'response of GET /api/v1/users is invalid:\n  /members/*/is_billing_admin: present, but must not be (not) (3 elements)',
    );
    expect(failure!.message).not.toContain('/members/0');
  });

  it('names the pointer and keyword of an error envelope that breaks its schema', () => {
    const [failure] = checkResponse(
      'GET',
      '/api/v1/users',
      {},
      {
        status: 400,
        headers: { 'content-type': 'application/json' },
        body: { result: 'error', msg: 5, code: 'BAD_REQUEST' },
      },
    );
    expect(failure).toMatchObject({
      kind: 'schema',
      message: expect.stringContaining('/msg: must be string, got 5 (type)'),
    });
  });
});
