/** Typed ignore rules (`--ignore FILE`): fields left out of a diff, each with a reason; unused rules are reported. */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { isPlainObject, type StepDocument } from './normalise.js';

/** One rule: a JSON pointer (`*` matches one segment) or a field name anywhere, optionally scoped. */
export interface IgnoreRule {
  pointer?: string;
  field?: string;
  /** Why the difference does not matter (required, shown in reports). */
  reason: string;
  /** Only scenarios whose name or file matches this regular expression (case-insensitive). */
  scenario?: string;
  /** Only this step: an index into `steps`, a key such as `teardown[0]`, or the step's name. */
  step?: number | string;
}

/** An ignore file that cannot be used: exit code 2. */
export class IgnoreFileError extends Error {}

const RULE_KEYS = new Set(['pointer', 'field', 'reason', 'scenario', 'step']);

/** A rule as one line: `pointer /x (reason)` or `field x (reason)`, with its scope. */
export function describeRule(rule: IgnoreRule): string {
  const what = rule.pointer !== undefined ? `pointer ${rule.pointer}` : `field ${rule.field}`;
  const scope = [
    rule.scenario !== undefined ? `scenario /${rule.scenario}/` : '',
    rule.step !== undefined ? `step ${rule.step}` : '',
  ].filter(Boolean);
  return `${what}${scope.length ? ` in ${scope.join(', ')}` : ''}: ${rule.reason}`;
}

function checkRule(raw: unknown, where: string): IgnoreRule {
  if (!isPlainObject(raw)) throw new IgnoreFileError(`${where}: a rule is a mapping`);
  const unknown = Object.keys(raw).filter((k) => !RULE_KEYS.has(k));
  if (unknown.length) throw new IgnoreFileError(`${where}: unknown key ${unknown.join(', ')}`);
  const { pointer, field, reason, scenario, step } = raw;
  if ((pointer === undefined) === (field === undefined))
    throw new IgnoreFileError(`${where}: give either pointer or field`);
  if (pointer !== undefined && (typeof pointer !== 'string' || !pointer.startsWith('/')))
    throw new IgnoreFileError(`${where}: pointer must be a JSON pointer starting with /`);
  if (field !== undefined && (typeof field !== 'string' || field === ''))
    throw new IgnoreFileError(`${where}: field must be a field name`);
  if (typeof reason !== 'string' || reason.trim() === '')
    throw new IgnoreFileError(`${where}: reason is required`);
  if (scenario !== undefined) {
    if (typeof scenario !== 'string') throw new IgnoreFileError(`${where}: scenario must be a string`);
    try {
      new RegExp(scenario, 'i');
    } catch (error) {
      throw new IgnoreFileError(`${where}: scenario: ${(error as Error).message}`);
    }
  }
  if (step !== undefined && typeof step !== 'string' && !(typeof step === 'number' && Number.isInteger(step)))
    throw new IgnoreFileError(`${where}: step must be an index or a step key or name`);
  return raw as unknown as IgnoreRule;
}

/** Parses an ignore file's text (YAML or JSON): a list of rules, or `{ignore: [rules]}`. */
export function parseIgnoreRules(text: string, file = 'ignore file'): IgnoreRule[] {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new IgnoreFileError(`${file}: ${(error as Error).message}`);
  }
  const list = isPlainObject(data) ? data.ignore : (data ?? []);
  if (!Array.isArray(list)) throw new IgnoreFileError(`${file}: expected a list of rules or {ignore: [...]}`);
  return list.map((raw, i) => checkRule(raw, `${file}: rule ${i + 1}`));
}

/** Reads and parses an ignore file. */
export function loadIgnoreFile(path: string): IgnoreRule[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new IgnoreFileError(`--ignore ${path}: ${(error as Error).message}`);
  }
  return parseIgnoreRules(text, path);
}

/** Removes what `segments` (with `*` wildcards) points at under `node`; returns how many values it removed. */
function removeAt(node: unknown, segments: readonly string[]): number {
  const [head, ...rest] = segments;
  if (head === undefined) return 0;
  const keys = Array.isArray(node)
    ? node.map((_, i) => String(i))
    : isPlainObject(node)
      ? Object.keys(node)
      : [];
  let removed = 0;
  for (const key of keys) {
    if (head !== '*' && head !== key) continue;
    const container = node as Record<string, unknown>;
    if (rest.length) removed += removeAt(container[key], rest);
    else {
      // Array elements become undefined rather than shifting their neighbours' indices.
      if (Array.isArray(node)) node[Number(key)] = undefined;
      else delete container[key];
      removed++;
    }
  }
  return removed;
}

/** Removes every `field` key anywhere under `node`. */
function removeField(node: unknown, field: string): number {
  let removed = 0;
  if (Array.isArray(node)) for (const v of node) removed += removeField(v, field);
  else if (isPlainObject(node))
    for (const key of Object.keys(node)) {
      if (key === field) {
        delete node[key];
        removed++;
      } else removed += removeField(node[key], field);
    }
  return removed;
}

const parseSegments = (pointer: string): string[] =>
  pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));

/** Applies rules to step documents and counts what each rule removed over a whole run. */
export class IgnoreSet {
  readonly hits: number[];

  constructor(readonly rules: readonly IgnoreRule[]) {
    this.hits = rules.map(() => 0);
  }

  private applies(rule: IgnoreRule, scenario: { name: string; file: string }, key: string, name: string) {
    if (rule.scenario !== undefined) {
      const re = new RegExp(rule.scenario, 'i');
      if (!re.test(scenario.name) && !re.test(scenario.file)) return false;
    }
    if (rule.step === undefined) return true;
    return typeof rule.step === 'number'
      ? key === `steps[${rule.step}]`
      : rule.step === key || rule.step === name;
  }

  /**
   * Removes the matching values from `doc` (in place). A pointer is tried against the step document
   * (`/status`, `/body/...`, `/events/0/...`), the response body and each event.
   */
  apply(doc: StepDocument, scenario: { name: string; file: string }, key: string, name: string): void {
    this.rules.forEach((rule, i) => {
      if (!this.applies(rule, scenario, key, name)) return;
      if (rule.field !== undefined) {
        this.hits[i]! += removeField(doc, rule.field);
        return;
      }
      const segments = parseSegments(rule.pointer!);
      const roots = [doc, doc.body, ...(doc.events ?? [])];
      for (const root of roots) this.hits[i]! += removeAt(root, segments);
    });
  }

  /** Rules that removed nothing in the whole run (a stale rule must not hide anything unnoticed). */
  unmatched(): IgnoreRule[] {
    return this.rules.filter((_, i) => this.hits[i] === 0);
  }
}
