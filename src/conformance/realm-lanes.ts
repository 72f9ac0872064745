/**
 * `--jobs N` against a svc-mock server that makes realms (`POST /svc-mock/realms`): each job runs its scenarios
 * in a dev realm of its own, so every scenario may run beside the others, as on the in-process mock. The realms
 * are deleted when the run ends.
 */
import { checkAccounts } from './account-check.js';
import { accountsFromList, type AccountBook } from './accounts.js';
import type { Alias } from './alias.js';
import { createHttpTarget } from './http-target.js';
import type { LoadedScenario } from './loader.js';
import { schedule } from './parallel.js';
import type { RetryPolicy } from './retry.js';
import { runScenario, type RunOptions } from './runner.js';
import { retryReads, type Target } from './target.js';
import type { ScenarioResult } from './transcript.js';

/** One job's realm: its subdomain, a target at its URL and its accounts as the realm sees them. */
export interface RealmLane {
  subdomain: string;
  target: Target;
  accounts: AccountBook;
}

/** The lanes of a run, and how to delete their realms. */
export interface RealmLanes {
  lanes: RealmLane[];
  /** Deletes every realm (also those of a half-made set) and closes the lanes' connections. */
  close(): Promise<void>;
}

/** Options of {@link openRealmLanes}. */
export interface RealmLaneOptions {
  jobs: number;
  runId: string;
  timeoutMs?: number;
  retry: RetryPolicy;
  aliases: readonly Alias[];
}

/** The subdomain of a run's k-th realm: one DNS label made of the run id. */
const laneSubdomain = (runId: string, k: number): string =>
  `conformance-${runId
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)}-${k}`.replace(/--+/g, '-');

/**
 * One dev realm per job on `target`, or undefined when the run has one job, the target is not a svc-mock server
 * (no control API) or does not list realms (`GET /svc-mock/realms`).
 */
export async function openRealmLanes(
  target: Target,
  options: RealmLaneOptions,
): Promise<RealmLanes | undefined> {
  if (options.jobs <= 1 || target.name === 'mock' || !target.features.has('control')) return undefined;
  const session = await target.session();
  const made: string[] = [];
  const lanes: RealmLane[] = [];
  const close = async (): Promise<void> => {
    await Promise.all(lanes.map((lane) => lane.target.close()));
    const closing = await target.session();
    try {
      for (const subdomain of made)
        await closing
          .fetch(new Request(`${target.baseUrl}/svc-mock/realms/${subdomain}`, { method: 'DELETE' }))
          .then((r) => r.body?.cancel());
    } finally {
      await closing.close();
    }
  };
  try {
    const listed = await session.fetch(new Request(`${target.baseUrl}/svc-mock/realms`));
    const body = (await listed.json().catch(() => undefined)) as { realms?: unknown } | undefined;
    if (!listed.ok || !Array.isArray(body?.realms)) return undefined;
    const root = new URL(target.baseUrl);
    for (let k = 1; k <= options.jobs; k++) {
      const subdomain = laneSubdomain(options.runId, k);
      const created = await session.fetch(
        new Request(`${target.baseUrl}/svc-mock/realms`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ subdomain, source: 'dev' }),
        }),
      );
      const realm = (await created.json()) as {
        msg?: string;
        realm_url?: string;
        accounts?: Array<Record<string, unknown>>;
      };
      if (!created.ok || !realm.realm_url || !realm.accounts)
        throw new Error(`POST /svc-mock/realms (${subdomain}): ${created.status} ${realm.msg ?? ''}`);
      made.push(subdomain);
      // The realm's name on the target's port, every connection to the target's own address.
      const url = new URL(realm.realm_url);
      url.port = root.port;
      const laneTarget = createHttpTarget(url.origin, {
        timeoutMs: options.timeoutMs,
        features: [...target.features],
        connectTo: root.hostname.replace(/^\[|\]$/g, ''),
      });
      const accounts = await checkAccounts(
        retryReads(laneTarget, options.retry),
        accountsFromList(realm.accounts),
        { aliases: options.aliases },
      ).catch(async (error: unknown) => {
        await laneTarget.close();
        throw error;
      });
      lanes.push({ subdomain, target: laneTarget, accounts });
    }
    return { lanes, close };
  } catch (error) {
    await close();
    throw error;
  } finally {
    await session.close();
  }
}

/**
 * Runs the scenarios `jobs` at once, each lane's in its own realm: every scenario may run beside the others.
 * Results in the selection's order, as {@link schedule} gives them.
 */
export function runInRealmLanes(
  scenarios: readonly LoadedScenario[],
  lanes: readonly RealmLane[],
  options: RunOptions,
): Promise<ScenarioResult[]> {
  const one = { ...options, onResult: undefined };
  return schedule(
    scenarios,
    (loaded, lane) =>
      runScenario(loaded, { ...one, target: lanes[lane]!.target, accounts: lanes[lane]!.accounts }),
    { ...options, jobs: lanes.length, concurrent: () => true },
  );
}
