import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runScenarios } from '../runner.js';
import { createMockTarget, devRealmAccounts } from '../mock-target.js';
import { redactResult } from '../redact.js';
import type { Scenario } from '../../generated/types.js';
import { NEWEST_FEATURE_LEVEL } from '../../versions/index.js';
import { curlCommand } from './curl.js';

/** What the shell makes of a curl command's arguments (printed one per line instead of run). */
function shellWords(command: string, env: Record<string, string>): string[] {
  const script = `set -- ${command.replace(/^curl /, '')}; for a in "$@"; do printf '%s\\n' "$a"; done`;
  return execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH, ...env } })
    .toString()
    .split('\n')
    .slice(0, -1);
}

describe('curlCommand', () => {
  it('sends a json: step body as JSON with its content type, the key as an environment variable', () => {
    const command = curlCommand(
      {
        method: 'POST',
        path: '/svc-mock/faults',
        params: {
          rules: [{ path: '/x', status: 503 }],
          note: 'it\'s "$HOME"',
          api_key: '<redacted api_key>',
        },
        json: true,
        actor: 'admin',
        role: 'administrator',
      },
      { baseUrl: 'https://chat.example.com', email: 'iago@svc.test' },
    );
    expect(command).not.toContain('--data-urlencode');
    const words = shellWords(command, { SVC_API_KEY: 'k3y' });
    expect(words.slice(0, 6)).toEqual([
      '-sS',
      '-X',
      'POST',
      'https://chat.example.com/svc-mock/faults',
      '-u',
      'iago@svc.test:k3y',
    ]);
    expect(words[6]).toBe('-H');
    expect(words[7]).toBe('Content-Type: application/json');
    expect(words[8]).toBe('--data-raw');
    expect(JSON.parse(words[9]!)).toEqual({
      rules: [{ path: '/x', status: 503 }],
      note: 'it\'s "$HOME"',
      api_key: 'k3y',
    });
  });

  it('keeps form parameters as --data-urlencode pairs', () => {
    const command = curlCommand({
      method: 'POST',
      path: '/api/v1/messages',
      params: { to: [10], content: 'a b' },
      actor: 'a',
      role: 'member',
    });
    expect(shellWords(command, {}).slice(-4)).toEqual([
      '--data-urlencode',
      'to=[10]',
      '--data-urlencode',
      'content=a b',
    ]);
  });
});

describe('a failed json: step', () => {
  it('carries a curl whose body is the JSON the runner sent', async () => {
    const scenario = {
      name: 'json curl',
      mutates: false,
      actors: { admin: 'administrator' },
      steps: [
        {
          actor: 'admin',
          request: 'POST /svc-mock/faults',
          json: { rules: 'not a list' },
          expect: { status: 200 },
        },
      ],
    } as unknown as Scenario;
    const accounts = devRealmAccounts();
    const [result] = await runScenarios([{ file: 'json-curl.yaml', scenario }], {
      target: createMockTarget(),
      accounts,
      featureLevel: NEWEST_FEATURE_LEVEL,
      runId: 'curl',
    });
    const step = redactResult(result!, accounts, {
      actors: { admin: { email: 'iago@svc.test', api_key: 'x' } },
    }).steps[0]!;
    expect(step.outcome).toBe('failed');
    const words = shellWords(step.curl!, { SVC_API_KEY: 'k' });
    expect(words.slice(-4, -1)).toEqual(['-H', 'Content-Type: application/json', '--data-raw']);
    expect(JSON.parse(words.at(-1)!)).toEqual({ rules: 'not a list' });
  });
});
