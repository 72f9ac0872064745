/** The requests a scenario sends around its steps: actor facts, the target's clock, closing queues, the level probe. */
import type { Scenario } from '../generated/types.js';
import type { Alias } from './alias.js';
import { NO_RETRIES, withRetries, type RetryPolicy } from './retry.js';
import { send } from './session.js';
import { exchange, type StepContext } from './steps.js';
import type { Target } from './target.js';
import { placeholdersIn } from './template.js';
import type { Failure, StepRecord } from './transcript.js';

/** Reads `{actor.user_id|email|full_name}` for the actors the scenario mentions (GET /users/me as each). */
export async function actorFacts(scenario: Scenario, ctx: StepContext): Promise<Failure | undefined> {
  const mentioned = new Set(
    placeholdersIn(scenario).flatMap((p) => (p.includes('.') ? [p.split('.')[0]!] : [])),
  );
  for (const actor of Object.keys(scenario.actors)) {
    const account = ctx.accounts[actor];
    if (!mentioned.has(actor) || !account) continue;
    const { response } = await exchange('GET', '/users/me', {}, actor, ctx);
    const me = response.body as { user_id?: unknown; email?: unknown; full_name?: unknown } | null;
    if (response.status !== 200 || !me)
      return {
        kind: 'error',
        message: `GET /users/me as ${actor} answered ${response.status}: the account does not work`,
      };
    ctx.vars.set(`${actor}.user_id`, me.user_id);
    ctx.vars.set(`${actor}.email`, me.email);
    ctx.vars.set(`${actor}.full_name`, me.full_name);
  }
  return undefined;
}

/** Whether a step may have moved the mock's clock (POST to the control routes clock, reset, restore). */
export const movesClock = (step: StepRecord): boolean =>
  step.request?.method === 'POST' && /^\/svc-mock\/(clock|reset|restore)\b/.test(step.request.path);

/**
 * How far the target's clock runs ahead of the runner's (ms): read from GET /svc-mock/clock where there is one
 * (only for scenarios that use `{now}`, so the others see no extra request in the mock's request log).
 */
export async function clockOffset(ctx: StepContext, target: Target, now: () => number): Promise<number> {
  if (!target.features.has('control')) return 0;
  const response = await send('GET', '/svc-mock/clock', {}, { ...ctx, account: null }).catch(() => undefined);
  const serverNow = (response?.body as { now?: unknown } | null | undefined)?.now;
  return response?.status === 200 && typeof serverNow === 'number' ? serverNow * 1000 - now() : 0;
}

/** Deletes the queues the scenario registered, so a real server keeps none; answers are not judged. */
export async function closeQueues(ctx: StepContext): Promise<void> {
  for (const queue of ctx.queues.values()) {
    const account = ctx.accounts[queue.actor] ?? null;
    await send(
      'DELETE',
      '/events',
      { queue_id: queue.queueId },
      { fetch: ctx.fetch, baseUrl: ctx.baseUrl, account, aliases: ctx.aliases },
    ).catch(() => undefined);
  }
}

/**
 * Reads the target's svc_feature_level from GET /server_settings (aliases applied). With retries, a failed
 * connection or any 5xx answer is tried again, so one transient error does not abort the run.
 */
export async function readFeatureLevel(
  target: Target,
  aliases: readonly Alias[] = [],
  retry: RetryPolicy = NO_RETRIES,
): Promise<number> {
  const session = await target.session();
  try {
    const { value: response } = await withRetries(
      () =>
        send(
          'GET',
          '/server_settings',
          {},
          { fetch: session.fetch, baseUrl: target.baseUrl, account: null, aliases },
        ),
      retry,
      (r) => r.status >= 500,
    );
    const level = (response.body as { svc_feature_level?: unknown } | null)?.svc_feature_level;
    if (response.status !== 200 || typeof level !== 'number')
      throw new Error(`GET /server_settings answered ${response.status} without svc_feature_level`);
    return level;
  } finally {
    await session.close();
  }
}
