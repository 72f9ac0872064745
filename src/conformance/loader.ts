/** Reads scenario YAML files and refuses bad ones (naming file, line and reason) before anything is sent. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import type { Scenario, ScenarioStep } from '../generated/types.js';
import { checkValidator, describeErrors } from '../schema/validator.js';
import { checkMatchers } from './matcher-syntax.js';
import { placeholdersIn } from './template.js';

/** A scenario file that cannot be run: where and why; `problems` lists every bad file when several are. */
export class ScenarioFileError extends Error {
  /** Every bad file found (this one alone, or all of a selection). */
  problems: readonly ScenarioFileError[] = [this];

  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string,
  ) {
    super(`${file}:${line}: ${reason}`);
  }

  /** One error for a list of problems: the problem itself when there is one, else all of them, one a line. */
  static of(problems: readonly ScenarioFileError[]): ScenarioFileError {
    if (problems.length === 1) return problems[0]!;
    const [first] = problems;
    const all = new ScenarioFileError(first!.file, first!.line, first!.reason);
    all.message = `${problems.length} scenario files cannot be run:\n${problems.map((p) => `  ${p.message}`).join('\n')}`;
    all.problems = problems;
    return all;
  }
}

/** A validated scenario and where it came from. */
export interface LoadedScenario {
  file: string;
  scenario: Scenario;
}

/** Placeholders every scenario has; actors add `<actor>.user_id|email|full_name`, queues `<queue>.queue_id`. */
export const BUILTIN_PLACEHOLDERS = ['run', 'now'] as const;
/** Facts about each actor available as `{<actor>.<fact>}`. */
export const ACTOR_FACTS = ['user_id', 'email', 'full_name'] as const;

/** The actor a step runs as: its `as`, or the only actor. */
export function actorOf(step: ScenarioStep, scenario: Scenario): string | undefined {
  if (step.as) return step.as;
  const names = Object.keys(scenario.actors);
  return names.length === 1 ? names[0] : undefined;
}

/** The queue a `register` step creates or an `await_events` step reads. */
export function queueOf(step: ScenarioStep, scenario: Scenario): string | undefined {
  return step.await_events
    ? (step.await_events.queue ?? actorOf(step, scenario))
    : (step.queue ?? actorOf(step, scenario));
}

/** What a field takes, added to a schema error about it. */
const HINTS: Array<[RegExp, string]> = [
  [/\/timeout$/, 'a number of seconds or a duration such as 5s or 500ms'],
  [/\/expect\/status$/, 'an HTTP status (100-599) or a list of them'],
  [/\/capture\/[^/]+$/, 'a JSON pointer such as /id or /messages/0/id'],
  [/\/request$/, '"METHOD /path" with METHOD one of GET, POST, PATCH, PUT, DELETE'],
  [
    /^\/actors(\/|$)/,
    'lower-case actor names (a-z, 0-9, _) and roles owner, administrator, moderator, member, guest, bot or none',
  ],
];

type Locate = (path: ReadonlyArray<string | number>) => number;

function locator(doc: Document, counter: LineCounter): Locate {
  return (path) => {
    for (let n = path.length; n >= 0; n--) {
      const node = doc.getIn(path.slice(0, n), true) as { range?: [number, number, number] } | undefined;
      if (node?.range) return counter.linePos(node.range[0]).line;
    }
    return 1;
  };
}

const pointerToPath = (pointer: string): Array<string | number> =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s.replace(/~1/g, '/').replace(/~0/g, '~')));

/** Parses and validates one scenario's YAML text; throws ScenarioFileError. */
export function parseScenario(text: string, file: string): LoadedScenario {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  const problem = doc.errors[0];
  if (problem) {
    const line = problem.linePos?.[0]?.line ?? 1;
    throw new ScenarioFileError(file, line, `YAML: ${problem.message.split('\n')[0]}`);
  }
  const data = doc.toJS() as unknown;
  const locate = locator(doc, counter);
  const validate = checkValidator('scenario.json');
  if (!validate(data)) {
    const errors = validate.errors ?? [];
    // The deepest error is the most precise one (oneOf failures repeat their branch errors above it);
    // an unknown key says more than the step-kind choice it also breaks.
    const deepest = (list: typeof errors) =>
      [...list].sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
    const stepChoice = errors.find(
      (e) => e.keyword === 'oneOf' && /\/(steps|teardown)\/\d+$/.test(e.instancePath),
    );
    const chosen =
      deepest(errors.filter((e) => e.keyword === 'additionalProperties')) ?? stepChoice ?? deepest(errors)!;
    const extra =
      chosen.keyword === 'additionalProperties'
        ? [(chosen.params as { additionalProperty: string }).additionalProperty]
        : [];
    const named = errors.find((e) => e.keyword === 'propertyNames' && e.instancePath === chosen.instancePath);
    const hint = HINTS.find(([pattern]) => pattern.test(chosen.instancePath))?.[1];
    const reason =
      chosen === stepChoice
        ? `${chosen.instancePath}: a step needs exactly one of request, register, await_events, await_request`
        : `${describeErrors([chosen])[0]!}` +
          (named ? ` ("${String((named.params as { propertyName: unknown }).propertyName)}")` : '') +
          (hint && chosen.keyword !== 'additionalProperties' ? ` (expected ${hint})` : '');
    throw new ScenarioFileError(file, locate([...pointerToPath(chosen.instancePath), ...extra]), reason);
  }
  const scenario = data as Scenario;
  checkSemantics(scenario, (path, reason) => {
    throw new ScenarioFileError(file, locate(path), reason);
  });
  return { file, scenario };
}

/** Checks what the schema cannot: actors and queues exist, placeholders are defined, matchers are well formed. */
function checkSemantics(
  scenario: Scenario,
  fail: (path: Array<string | number>, reason: string) => never,
): void {
  const actors = Object.keys(scenario.actors);
  const known = new Set<string>(BUILTIN_PLACEHOLDERS);
  for (const [actor, role] of Object.entries(scenario.actors))
    if (role !== 'none') for (const fact of ACTOR_FACTS) known.add(`${actor}.${fact}`);
  const queues = new Set<string>();
  const walk = (steps: ScenarioStep[], section: 'steps' | 'teardown'): void => {
    // Requests started with `background:` and not yet awaited, with where they started.
    const running = new Map<string, number>();
    steps.forEach((step, i) => {
      const at = [section, i];
      const actor = actorOf(step, scenario);
      if (step.as !== undefined && !actors.includes(step.as))
        fail([...at, 'as'], `unknown actor "${step.as}" (actors: ${actors.join(', ')})`);
      if (actor === undefined && !step.await_events?.queue && step.await_request === undefined)
        fail(at, 'the step needs `as:` (the scenario has several actors)');
      checkBackground(step, at, running, fail);
      for (const [key, value] of [
        ['request', step.request],
        ['params', step.params],
        ['register', step.register],
        ['expect', step.expect],
        ['await_events', step.await_events],
      ] as const) {
        for (const name of placeholdersIn(value))
          if (!known.has(name))
            fail([...at, key], `unknown placeholder {${name}}: not captured by an earlier step nor built in`);
      }
      for (const [where, value] of [
        ['expect', step.expect?.body],
        ['await_events', step.await_events?.events],
      ] as const) {
        const bad = checkMatchers(value)[0];
        if (bad)
          fail(
            [...at, where, ...(where === 'expect' ? ['body'] : ['events']), ...pointerToPath(bad.path)],
            bad.reason,
          );
      }
      const queue = queueOf(step, scenario);
      if (step.register && queue) {
        queues.add(queue);
        known.add(`${queue}.queue_id`);
      }
      if (step.await_events && queue && !queues.has(queue))
        fail([...at, 'await_events'], `queue "${queue}" is not registered by an earlier step`);
      if (step.register && scenario.actors[actor!] === 'none')
        fail(at, 'an anonymous actor cannot register a queue');
      for (const name of Object.keys(step.capture ?? {})) known.add(name);
    });
    for (const [name, i] of running)
      fail(
        [section, i, 'background'],
        `the background request "${name}" is never awaited (await_request: ${name})`,
      );
  };
  walk(scenario.steps, 'steps');
  walk(scenario.teardown ?? [], 'teardown');
}

/** `background:` requests: named once, judged by a later `await_request` of the same section, awaited once. */
function checkBackground(
  step: ScenarioStep,
  at: Array<string | number>,
  running: Map<string, number>,
  fail: (path: Array<string | number>, reason: string) => never,
): void {
  const name = step.background;
  if (name !== undefined) {
    if (running.has(name)) fail([...at, 'background'], `a background request "${name}" is already running`);
    for (const key of ['expect', 'capture'] as const)
      if (step[key] !== undefined)
        fail([...at, key], `a background request has no ${key}: its await_request step checks the answer`);
    running.set(name, at[1] as number);
  }
  const awaited = step.await_request;
  if (awaited !== undefined) {
    if (!running.has(awaited))
      fail([...at, 'await_request'], `no earlier step of this section starts "${awaited}" with background:`);
    running.delete(awaited);
  }
}

/** Reads and validates one scenario file. */
export function loadScenarioFile(file: string): LoadedScenario {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScenarioFileError(file, 0, `cannot read: ${(error as Error).message}`);
  }
  return parseScenario(text, file);
}

/**
 * The scenario files named (files, or directories searched for *.yaml / *.yml), sorted. Missing paths throw
 * together, or join `problems` when it is given.
 */
export function scenarioFiles(paths: readonly string[], problems?: ScenarioFileError[]): string[] {
  const out: string[] = [];
  const missing: ScenarioFileError[] = problems ?? [];
  for (const path of paths) {
    let isDir = false;
    try {
      isDir = statSync(path).isDirectory();
    } catch {
      missing.push(new ScenarioFileError(path, 0, 'no such file or directory'));
      continue;
    }
    if (!isDir) out.push(path);
    else for (const name of readdirSync(path).sort()) if (/\.ya?ml$/.test(name)) out.push(join(path, name));
  }
  if (missing.length && !problems) throw ScenarioFileError.of(missing);
  return out;
}

/** Loads every scenario named; when any file is bad, one error names every bad file, so nothing runs. */
export function loadScenarios(paths: readonly string[]): LoadedScenario[] {
  const loaded: LoadedScenario[] = [];
  const problems: ScenarioFileError[] = [];
  for (const file of scenarioFiles(paths, problems)) {
    try {
      loaded.push(loadScenarioFile(file));
    } catch (error) {
      if (!(error instanceof ScenarioFileError)) throw error;
      problems.push(error);
    }
  }
  if (problems.length) throw ScenarioFileError.of(problems);
  return loaded;
}
