/** Shared helpers of the messages-area tests. */
import { expect } from 'vitest';
import type { App } from '../app.js';
import type { MessageRecord, UserRecord } from '../../store/state.js';

/** A fingerprint of the state a failed request must leave untouched. */
export function fingerprint(app: App): string {
  const { state } = app.store;
  const flags = [...state.index.flags.values()].reduce(
    (n, m) => n + [...m.values()].reduce((a, b) => a + b, 0),
    0,
  );
  const reactions = [...state.messages.values()].reduce((n, m) => n + m.reactions.length, 0);
  const edits = [...state.messages.values()].reduce((n, m) => n + m.edit_history.length, 0);
  return JSON.stringify([
    state.messages.size,
    flags,
    reactions,
    edits,
    state.userTopics.size,
    app.store.journal.length,
  ]);
}

/** Asserts an error envelope. */
export function expectError(
  res: { status: number; body: Record<string, unknown> },
  code: string,
  msg: string,
  status = 400,
): void {
  expect({ status: res.status, code: res.body.code, msg: res.body.msg }).toEqual({ status, code, msg });
  expect(res.body.result).toBe('error');
}

/** The id of a user by delivery e-mail. */
export function userId(app: App, email: string): number {
  return app.store.state.usersByEmail.get(email.toLowerCase())!.user_id;
}

/** Adds `count` active members (ids from 1000) so audiences can exceed the wildcard threshold. */
export function addExtraMembers(app: App, count: number): UserRecord[] {
  const { state } = app.store;
  const template = [...state.users.values()].find((u) => u.role === 400 && !u.is_bot && u.is_active)!;
  const added: UserRecord[] = [];
  for (let i = 0; i < count; i++) {
    const user: UserRecord = {
      ...template,
      user_id: 1000 + i,
      full_name: `Extra ${i}`,
      delivery_email: `extra${i}@svc.test`,
      api_key: `extra${String(i).padStart(27, '0')}`,
    };
    state.users.set(user.user_id, user);
    state.usersByEmail.set(user.delivery_email, user);
    state.usersByApiKey.set(user.api_key, user);
    added.push(user);
  }
  return added;
}

/** Ids of the user's own history that satisfy `pred`, ascending (the reference for narrowed fetches). */
export function ownIds(app: App, email: string, pred: (m: MessageRecord) => boolean = () => true): number[] {
  const rows = app.store.state.index.flags.get(userId(app, email))!;
  return [...app.store.state.messages.values()]
    .filter((m) => rows.has(m.id) && pred(m))
    .map((m) => m.id)
    .sort((a, b) => a - b);
}

/** The message ids of a GET /messages answer. */
export const ids = (res: { body: { messages: Array<{ id: number }> } }): number[] =>
  res.body.messages.map((m) => m.id);
