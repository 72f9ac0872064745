/**
 * E-mail resolution around the access matrix: every route and parameter that takes an e-mail, sent by every
 * active caller with each planted delivery address (the keeper's, hidden from everyone; the quiet member's,
 * visible to administrators). A caller who may not see the address must get exactly the answer an address
 * nobody has gets (the address itself aside), with no marker in it; a caller who may see it gets the user.
 */
import { describe, expect, it } from 'vitest';
import { createMock, type Mock } from '../../mock/create-mock.js';
import { createManualClock } from '../../store/clock.js';
import { TEST_START_MS } from '../transports.js';
import { ACTIVE_CALLERS, CALLER_IDS, type CallerName } from './callers.js';
import { findLeaks } from './leaks.js';
import { sendAs } from './probes.js';
import { accessRealm, MARK } from './realm.js';

const NOBODY = 'qzv-nobody-at-all@svc.test';
const page = { anchor: 'newest', num_before: 5, num_after: 0 };

/** Every place the API takes an e-mail: method, path and parameters for an address. */
const PLACES: Record<string, (email: string) => [string, string, Record<string, unknown>]> = {
  'GET /messages narrow sender': (e) => [
    'GET',
    'messages',
    { ...page, narrow: [{ operator: 'sender', operand: e }] },
  ],
  'GET /messages narrow dm': (e) => [
    'GET',
    'messages',
    { ...page, narrow: [{ operator: 'dm', operand: e }] },
  ],
  'GET /messages narrow dm-including': (e) => [
    'GET',
    'messages',
    { ...page, narrow: [{ operator: 'dm-including', operand: e }] },
  ],
  'GET /messages narrow pm-with': (e) => [
    'GET',
    'messages',
    { ...page, narrow: [{ operator: 'pm-with', operand: e }] },
  ],
  'GET /messages/matches_narrow sender': (e) => [
    'GET',
    'messages/matches_narrow',
    { msg_ids: [1], narrow: [{ operator: 'sender', operand: e }] },
  ],
  'POST /messages/flags/narrow sender': (e) => [
    'POST',
    'messages/flags/narrow',
    { ...page, op: 'add', flag: 'starred', narrow: [{ operator: 'sender', operand: e }] },
  ],
  'POST /messages to': (e) => ['POST', 'messages', { type: 'direct', to: [e], content: 'probe' }],
  'POST /users/me/subscriptions principals': (e) => [
    'POST',
    'users/me/subscriptions',
    { subscriptions: [{ name: 'Verona' }], principals: [e] },
  ],
  'DELETE /users/me/subscriptions principals': (e) => [
    'DELETE',
    'users/me/subscriptions',
    { subscriptions: ['Verona'], principals: [e] },
  ],
  'GET /users/{email}': (e) => ['GET', `users/${encodeURIComponent(e)}`, {}],
};

const newMock = (): Mock =>
  createMock({ realm: accessRealm(), clock: createManualClock(TEST_START_MS), seed: 1, logError: () => {} });

const mayResolve = (caller: CallerName, email: string): boolean =>
  email === MARK.adminEmail && (caller === 'admin' || caller === 'owner');

describe('access matrix: e-mail resolution', () => {
  for (const caller of ACTIVE_CALLERS)
    for (const email of [MARK.hiddenEmail, MARK.adminEmail])
      it(`${caller} with ${email}: ${mayResolve(caller, email) ? 'resolved' : 'as an unknown address'}`, async () => {
        const problems: string[] = [];
        for (const [place, build] of Object.entries(PLACES)) {
          // A fresh realm per place: a resolved direct message or subscription must not change the next answer.
          const mock = newMock();
          const [method, path, params] = build(email);
          const answer = await sendAs(mock, CALLER_IDS[caller], method, path, params);
          const [, unknownPath, unknownParams] = build(NOBODY);
          const unknown = await sendAs(mock, CALLER_IDS[caller], method, unknownPath, unknownParams);
          const same =
            answer.text.replaceAll(email, NOBODY) === unknown.text && answer.status === unknown.status;
          if (mayResolve(caller, email) ? same : !same)
            problems.push(
              `${place}: ${answer.status} ${answer.text.slice(0, 160)} / unknown: ${unknown.text.slice(0, 120)}`,
            );
          const leaks = findLeaks(caller, answer.text.replaceAll(email, NOBODY));
          if (leaks.length) problems.push(`${place}: leaks ${leaks.join(', ')}`);
        }
        expect(problems).toEqual([]);
      });
});
