import { describe, expect, it } from 'vitest';
import { compareStates } from './compare.js';

const user = (id: number, extra: Record<string, unknown> = {}) => ({
  user_id: id,
  full_name: `User ${id}`,
  email: `u${id}@x`,
  is_active: true,
  ...extra,
});

describe('compareStates', () => {
  it('reports a changed field with its path, before and after', () => {
    const before = { users: { '17': user(17) } };
    const after = { users: { '17': user(17, { is_active: false }) } };
    expect(compareStates(before, after, 'r1')).toEqual([
      { path: '/users/17/is_active', before: true, after: false },
    ]);
  });

  it('leaves out new objects named with the run id, and their ids in member lists', () => {
    const before = {
      users: { '6': user(6) },
      user_groups: { '5': { id: 5, name: 'role:members', members: [6] } },
    };
    const after = {
      users: { '6': user(6), '40': user(40, { email: 'new.r1@x' }) },
      user_groups: {
        '5': { id: 5, name: 'role:members', members: [40, 6] },
        '9': { id: 9, name: 'group r1', members: [6] },
      },
    };
    expect(compareStates(before, after, 'r1')).toEqual([]);
  });

  it('reports an existing object renamed with the run id, and a new object without it', () => {
    const before = { channels: { '1': { stream_id: 1, name: 'Verona' } } };
    const after = {
      channels: { '1': { stream_id: 1, name: 'Verona r1' }, '2': { stream_id: 2, name: 'stray' } },
    };
    expect(compareStates(before, after, 'r1')).toEqual([
      { path: '/channels/1/name', before: 'Verona', after: 'Verona r1' },
      { path: '/channels/2', before: undefined, after: { stream_id: 2, name: 'stray' } },
    ]);
  });

  it('ignores volatile counts and secrets, and the order of plain lists', () => {
    const before = {
      channels: { '1': { stream_id: 1, subscriber_count: 3, stream_weekly_traffic: 0 } },
      accounts: { 'a@x': { alert_words: ['b', 'a'], me: { api_key: 'k1' } } },
    };
    const after = {
      channels: { '1': { stream_id: 1, subscriber_count: 4, stream_weekly_traffic: 9 } },
      accounts: { 'a@x': { alert_words: ['a', 'b'], me: { api_key: 'k2' } } },
    };
    expect(compareStates(before, after, 'r1')).toEqual([]);
  });

  it('names a removed object and strips secrets from the value it reports', () => {
    const before = { linkifiers: { '3': { id: 3, pattern: 'X', api_key: 'secret' } } };
    expect(compareStates(before, { linkifiers: {} }, 'r1')).toEqual([
      { path: '/linkifiers/3', before: { id: 3, pattern: 'X' }, after: undefined },
    ]);
  });
});
