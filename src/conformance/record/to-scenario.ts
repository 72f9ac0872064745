/** Turns recorded exchanges into a scenario: actors, steps with captures and matchers, and no credentials. */
import type { Scenario, ScenarioStep } from '../../generated/types.js';
import { addCapture, createShapeContext, type ShapeContext } from './context.js';
import type { RecordedExchange } from './exchange.js';
import { expectBody, expectEvent } from './expectation.js';
import { nameActors, type Person } from './people.js';
import { planCaptures, planSteps, type PlannedStep } from './plan.js';
import { shapeParams, shapeRequestLine } from './request-shape.js';
import { findRunNames } from './run-names.js';
import { splitTeardown } from './teardown.js';

/** Options of {@link toScenario}. */
export interface ToScenarioOptions {
  /** The recorded server, named in the scenario's name and description. */
  target: string;
  /** When the recording started. */
  recordedAt: Date;
  /** API keys beyond the people's (e.g. every key of the accounts file), also kept out. */
  apiKeys?: Iterable<string>;
  name?: string;
  /** Names of objects the recording made, as a replay writes them (see findRunNames). */
  runNames?: Map<string, string>;
}

/** A recorded scenario and what could not be carried over faithfully. */
export interface RecordedScenario {
  scenario: Scenario;
  warnings: string[];
}

const ANONYMOUS = 'anonymous';

function actorOf(ctx: ShapeContext, x: RecordedExchange, people: readonly Person[]): string {
  if (!x.credentials) return ANONYMOUS;
  const lower = x.credentials.email.toLowerCase();
  const person = people.find((p) => p.emails.includes(lower))!;
  ctx.used.add(person);
  return person.actor;
}

function buildStep(ctx: ShapeContext, planned: PlannedStep, people: readonly Person[]): ScenarioStep {
  const x = planned.exchange;
  const as = actorOf(ctx, x, people);
  if (planned.kind === 'await')
    return {
      as,
      await_events: {
        queue: planned.queue!,
        events: planned.events!.map((e) => expectEvent(ctx, e, x.endedAt) as Record<string, unknown>),
      },
    };
  const params = shapeParams(ctx, x.params, x.startedAt);
  if (planned.kind === 'register')
    return {
      as,
      register: params,
      queue: planned.queue!,
      expect: { status: 200, body: { queue_id: { $type: 'string' }, last_event_id: { $type: 'integer' } } },
    };
  const step: ScenarioStep = { as, request: shapeRequestLine(ctx, x.method, x.path) };
  if (Object.keys(params).length) step.params = params;
  const body = expectBody(ctx, x.body, x.status, x.endedAt);
  step.expect =
    body === undefined ? { status: x.status } : { status: x.status, body: body as Record<string, unknown> };
  if (x.path.startsWith('/svc-mock/')) step.requires = ['control'];
  return step;
}

function buildSteps(
  planned: readonly PlannedStep[],
  people: readonly Person[],
  options: ToScenarioOptions,
): { steps: ScenarioStep[]; used: Set<Person> } {
  const ctx = createShapeContext(people, options.apiKeys, options.runNames);
  const steps: ScenarioStep[] = [];
  for (const p of planned) {
    const step = buildStep(ctx, p, people);
    if (p.captures.length) step.capture = Object.fromEntries(p.captures.map((c) => [c.name, c.pointer]));
    for (const c of p.captures) addCapture(ctx, c.value, c.kind, c.name);
    if (p.kind === 'register') ctx.queues.set(p.queueId!, p.queue!);
    steps.push(step);
  }
  return { steps, used: ctx.used };
}

/** Builds the scenario of a recording: one step per exchange (polls as `await_events`), ids as captures. */
export function toScenario(
  exchanges: readonly RecordedExchange[],
  people: readonly Person[],
  options: ToScenarioOptions,
): RecordedScenario {
  const warnings: string[] = [];
  const planned = planSteps(exchanges, warnings);
  planCaptures(planned, people);
  // A first pass finds who the steps name: only they (and the places before them) are actors.
  const runNames = findRunNames(exchanges);
  const firstPass = buildSteps(planned, people, { ...options, runNames }).used;
  const named = nameActors(people.filter((p) => firstPass.has(p)));
  const keys = [...people.map((p) => p.apiKey), ...(options.apiKeys ?? [])];
  const built = buildSteps(planned, named.people, { ...options, apiKeys: keys, runNames });
  const used = built.used;
  const { steps, teardown } = splitTeardown(built.steps);
  const placeholders = named.actors.filter(
    ([name]) => !named.people.some((p) => p.actor === name && used.has(p)),
  );
  const actors: Record<string, NonNullable<Scenario['actors'][string]>> = {};
  for (const [name, role] of named.actors) actors[name] = role;
  if (placeholders.length)
    warnings.push(
      `${placeholders.map(([name]) => name).join(', ')} only hold their place, so that a replay gives every actor ` +
        'the account it had in the recording',
    );
  if (exchanges.some((x) => !x.credentials)) actors[ANONYMOUS] = 'none';
  const when = options.recordedAt.toISOString();
  const mutating = exchanges.some((x) => x.method !== 'GET');
  const scenario: Scenario = {
    name: options.name ?? `recorded against ${options.target} at ${when}`,
    description:
      `Recorded by svc-mock conformance record through a proxy in front of ${options.target}, starting ${when}: ` +
      `${exchanges.length} exchanges. Server-assigned ids are captures, volatile fields matchers; ` +
      `no credentials or e-mail addresses are written.` +
      (warnings.length ? ` Notes: ${[...new Set(warnings)].join('; ')}.` : ''),
    mutates: mutating,
    tags: ['recorded'],
    actors,
    steps: steps as Scenario['steps'],
    ...(teardown.length ? { teardown } : {}),
  };
  if ([...steps, ...teardown].some((s) => s.requires)) scenario.requires = ['control'];
  return { scenario, warnings: [...new Set(warnings)] };
}
