/** Resolves a `--target` value to a target (apart from run-conformance.ts, which the diff modules import back). */
import { createHttpTarget, fetchMockAccounts } from './http-target.js';
import { createMockTarget } from './mock-target.js';
import { retryPolicy } from './run-flags.js';
import type { Target } from './target.js';

/**
 * The target a `--target` value names: `mock` in process, or a URL over HTTP (a server that answers
 * GET /svc-mock/accounts is a svc-mock server, so its control API counts as available).
 */
export async function createTarget(
  spec: string,
  options: { featureLevel?: number; timeoutMs?: number; retries?: number } = {},
): Promise<Target> {
  if (spec === 'mock') return createMockTarget({ featureLevel: options.featureLevel });
  const probe = createHttpTarget(spec, options);
  if ((await fetchMockAccounts(probe, retryPolicy(options))) === undefined) return probe;
  await probe.close();
  return createHttpTarget(spec, { ...options, features: ['control'] });
}
