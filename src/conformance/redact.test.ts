import { describe, expect, it } from 'vitest';
import type { AccountBook } from './accounts.js';
import { isSecretField, redactResult, SecretSet } from './redact.js';
import { shellQuote } from './reporters/curl.js';
import type { ScenarioResult } from './transcript.js';

const KEY = 'hamletSvcDevApiKey0123456789abcd';
const BOT_KEY = 'botKeyHandedOutByTheServer000001';
const book = (): AccountBook => ({
  byRole: { member: [{ email: 'hamlet@svc.test', api_key: KEY }] },
  byActor: {},
});

const result = (): ScenarioResult => ({
  file: 'scenarios/x.yaml',
  name: 'x',
  outcome: 'failed',
  runId: 'r1',
  featureLevel: 400,
  durationMs: 3,
  steps: [
    {
      section: 'steps',
      index: 0,
      name: 'POST /register',
      outcome: 'passed',
      captures: { k1: BOT_KEY },
      failures: [],
      request: { method: 'POST', path: '/api/v1/register', params: {}, actor: 'a', role: 'member' },
      response: {
        status: 200,
        headers: { 'set-cookie': 'sessionid=abcdefgh' },
        body: { realm_bots: [{ email: 'bot@svc.test', api_key: BOT_KEY, is_active: true }] },
      },
    },
    {
      section: 'steps',
      index: 1,
      name: 'POST /fetch_api_key',
      outcome: 'failed',
      captures: {},
      failures: [
        { kind: 'mismatch', message: `body/url: differs`, expected: 'x', actual: `/a?api_key=${KEY}` },
      ],
      request: {
        method: 'POST',
        path: '/api/v1/fetch_api_key',
        params: { username: 'hamlet@svc.test', password: 'hamlet-svc-dev' },
        actor: 'a',
        role: 'member',
      },
      response: {
        status: 200,
        headers: {},
        body: {
          api_key: KEY,
          url: '/user_uploads/temporary/Vgi9UNVHiXUGMQfPbDbGxm6haRTwPiRF/rota.txt',
          invite_link: 'http://svc.test/join/P93pFXlFkD5J3LgIRRCPDdTv/',
          note: `the bot's key is ${BOT_KEY}; the password was hamlet-svc-dev`,
        },
      },
    },
  ],
  failures: [{ kind: 'mismatch', message: `key ${KEY} differs`, step: 'steps[1] POST /fetch_api_key' }],
});

describe('redactResult', () => {
  it('replaces secret fields, known secrets in any text and key-bearing URLs, leaving the original intact', () => {
    const original = result();
    const safe = redactResult(original, book(), {
      actors: { a: { email: 'hamlet@svc.test', api_key: KEY } },
      baseUrl: 'https://chat.example.com',
    });
    const text = JSON.stringify(safe);
    for (const secret of [
      KEY,
      BOT_KEY,
      'hamlet-svc-dev',
      'Vgi9UNVHiXUGMQfPbDbGxm6haRTwPiRF',
      'P93pFXlFkD5J3LgIRRCPDdTv',
      'sessionid',
    ])
      expect(text).not.toContain(secret);
    const body = safe.steps[1]!.response!.body as Record<string, string>;
    expect(body.api_key).toBe('<redacted api_key>');
    expect(body.url).toBe('/user_uploads/temporary/<redacted>/rota.txt');
    expect(body.invite_link).toBe('http://svc.test/join/<redacted>/');
    expect(body.note).toBe("the bot's key is <redacted>; the password was <redacted>");
    expect(safe.steps[0]!.captures.k1).toBe('<redacted>');
    expect(safe.steps[1]!.request!.params.password).toBe('<redacted password>');
    expect(safe.steps[1]!.failures[0]!.actual).toBe('/a?api_key=<redacted>');
    expect(safe.failures[0]!.message).toBe('key <redacted> differs');
    // The runner keeps using its own copy.
    expect(JSON.stringify(original)).toContain(KEY);
  });

  it('gives failed steps a curl command with the e-mail and the key as $SVC_API_KEY', () => {
    const safe = redactResult(result(), book(), {
      actors: { a: { email: 'hamlet@svc.test', api_key: KEY } },
      baseUrl: 'https://chat.example.com',
    });
    expect(safe.steps[0]!.curl).toBeUndefined();
    expect(safe.steps[1]!.curl).toBe(
      'curl -sS -X POST "https://chat.example.com/api/v1/fetch_api_key" -u "hamlet@svc.test:${SVC_API_KEY}" ' +
        '--data-urlencode "username=hamlet@svc.test" --data-urlencode "password=${SVC_PASSWORD}"',
    );
  });

  it('remembers a key a response handed out for the later scenarios of the same book', () => {
    const shared = book();
    redactResult(result(), shared);
    const later: ScenarioResult = {
      ...result(),
      steps: [],
      failures: [{ kind: 'error', message: `sent ${BOT_KEY}`, step: 'x' }],
    };
    expect(redactResult(later, shared).failures[0]!.message).toBe('sent <redacted>');
    expect(redactResult(later, book()).failures[0]!.message).toBe(`sent ${BOT_KEY}`);
  });
});

describe('SecretSet', () => {
  it('names secret fields and ignores short or non-string values', () => {
    expect(
      ['api_key', 'giphy_api_key', 'password', 'key', 'token', 'Authorization'].every(isSecretField),
    ).toBe(true);
    expect(['api_keys_count', 'keyword', 'has_zoom_token_x', 'email'].some(isSecretField)).toBe(false);
    const set = new SecretSet();
    set.add('abc');
    set.add(12345678);
    expect(set.text('abc 12345678')).toBe('abc 12345678');
    expect(set.value({ password: true, n: [{ token: 'tok-123456' }] })).toEqual({
      password: true,
      n: [{ token: '<redacted token>' }],
    });
  });

  it('redacts ?api_key= and Basic credentials in any text', () => {
    const set = new SecretSet();
    expect(set.text('GET /avatar/1?s=50&api_key=zzzzzzzz&x=1')).toBe(
      'GET /avatar/1?s=50&api_key=<redacted>&x=1',
    );
    expect(set.text('Authorization: Basic aGFtbGV0QHN2Yy50ZXN0Onh4eA==')).toBe(
      'Authorization: Basic <redacted>',
    );
  });
});

describe('shellQuote', () => {
  it('quotes for a shell and turns every redaction mark into a variable, wherever it stands', () => {
    expect(shellQuote('a "b" $c `d` \\e')).toBe('"a \\"b\\" \\$c \\`d\\` \\\\e"');
    expect(shellQuote('/x?api_key=<redacted>&k=<redacted api_key>&p=<redacted password>!')).toBe(
      '"/x?api_key=${SVC_SECRET}&k=${SVC_API_KEY}&p=${SVC_PASSWORD}!"',
    );
  });
});
