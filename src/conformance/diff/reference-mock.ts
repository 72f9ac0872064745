/**
 * The reference mock of `--against mock`: one in-process realm for the whole run, so it lives through the same
 * history as a target that keeps its state (a server), reset only when a scenario resets it through the control
 * API, as it does the target. Also the snapshot and restore of a side that offers the control API.
 */
import { fetchMockAccounts } from '../http-target.js';
import { createMockTarget } from '../mock-target.js';
import { readFeatureLevel } from '../runner.js';
import type { Target } from '../target.js';

/** A target whose sessions all reach one realm (the reference mock), unlike `--target mock`'s fresh realm each. */
export interface OneRealmTarget extends Target {
  oneRealm: true;
}

/** Whether a target keeps one realm across scenarios (a server, or the reference mock). */
export const isOneRealm = (target: Target): boolean => target.name !== 'mock' || 'oneRealm' in target;

/** An in-process mock at `featureLevel` whose every session is the same realm, control API on. */
export async function createReferenceMock(featureLevel?: number): Promise<OneRealmTarget> {
  const fresh = createMockTarget({ featureLevel });
  const one = await fresh.session();
  return {
    ...fresh,
    oneRealm: true,
    session: () => Promise.resolve({ fetch: one.fetch, close: () => Promise.resolve() }),
    async close() {
      await one.close();
      await fresh.close();
    },
  };
}

/** Takes and puts back a side's whole state (GET /svc-mock/snapshot, POST /svc-mock/restore). */
export interface StateControl {
  snapshot(): Promise<unknown>;
  restore(snapshot: unknown): Promise<void>;
}

async function call(target: Target, request: Request): Promise<Response> {
  const session = await target.session();
  try {
    const response = await session.fetch(request);
    if (!response.ok)
      throw new Error(`${request.method} ${new URL(request.url).pathname} answered ${response.status}`);
    return response;
  } finally {
    await session.close();
  }
}

/** The snapshot and restore of a one-realm target with the control API; undefined for any other. */
export function stateControl(target: Target): StateControl | undefined {
  if (!target.features.has('control') || !isOneRealm(target)) return undefined;
  return {
    snapshot: async () => (await call(target, new Request(`${target.baseUrl}/svc-mock/snapshot`))).json(),
    async restore(snapshot) {
      const request = new Request(`${target.baseUrl}/svc-mock/restore`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(snapshot),
      });
      await (await call(target, request)).arrayBuffer();
    },
  };
}

/**
 * Sends the reference mock the requests a svc-mock server got when the run opened it (its accounts, asked
 * twice: the probe and the list, and its feature level), so that both keep the same request log and change
 * counter (`GET /svc-mock/requests`, `GET /svc-mock/changes`).
 */
export async function mirrorOpening(reference: Target): Promise<void> {
  await fetchMockAccounts(reference);
  await fetchMockAccounts(reference);
  await readFeatureLevel(reference);
}
