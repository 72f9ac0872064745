/** Narrow wire format (reference D.1): objects or legacy pairs → validated, canonical terms. */
import { has, NEWEST_FEATURE_LEVEL, type BehaviourName } from '../../versions/index.js';

/** One validated narrow term with its canonical operator name. */
export interface NarrowTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

/**
 * A narrow that cannot be used. `kind` says how the API reports it: `structure` (REQUEST_VARIABLE_INVALID),
 * `value` (BAD_REQUEST with `message`), `operator` (BAD_NARROW with `message` as desc).
 */
export class NarrowError extends Error {
  constructor(
    readonly kind: 'structure' | 'value' | 'operator',
    message: string,
  ) {
    super(message);
    this.name = 'NarrowError';
  }
}

/** Operator aliases → canonical names. */
const ALIASES: Record<string, string> = {
  stream: 'channel',
  streams: 'channels',
  'pm-with': 'dm',
  pm_with: 'dm',
  group_pm_with: 'group-pm-with',
  subject: 'topic',
};

/** Operators whose operand may be a string or an integer. */
const STRING_OR_INT = new Set([
  'id',
  'channel',
  'sender',
  'group-pm-with',
  'dm-including',
  'with',
  'near',
  'mentions',
]);

function checkOperand(operator: string, operand: unknown): string | number | number[] {
  if (operator === 'dm') {
    if (typeof operand === 'string' || (typeof operand === 'number' && Number.isInteger(operand)))
      return operand;
    if (Array.isArray(operand) && operand.every((x) => Number.isInteger(x))) return operand as number[];
    throw new NarrowError('value', 'elem["operand"] is not a string or an integer list');
  }
  if (STRING_OR_INT.has(operator)) {
    if (typeof operand === 'string' || (typeof operand === 'number' && Number.isInteger(operand)))
      return operand;
    throw new NarrowError('value', 'elem["operand"] is not a string or integer');
  }
  if (typeof operand !== 'string') throw new NarrowError('value', 'elem["operand"] is not a string');
  if (operator === 'search' && operand.trim() === '')
    throw new NarrowError('value', 'elem["operand"] cannot be blank.');
  return operand;
}

/** Operator names that appeared at some level, with the behaviour that brought them. */
const LATER_OPERATORS: Readonly<Record<string, BehaviourName>> = {
  dm: 'dm_narrow',
  'dm-including': 'dm_narrow',
  channel: 'channel_narrow',
  channels: 'channel_narrow',
  mentions: 'mentions_narrow',
};

/** The canonical name of an operator; one a level did not know yet is unknown there. */
function canonicalOperator(name: string, level: number): string {
  const since = LATER_OPERATORS[name];
  if (since && !has(since, level)) throw new NarrowError('operator', `unknown operator ${name}`);
  return ALIASES[name] ?? name;
}

function parseElement(elem: unknown, level: number): NarrowTerm {
  if (Array.isArray(elem)) {
    if (elem.length !== 2 || !elem.every((x) => typeof x === 'string'))
      throw new NarrowError('structure', 'bad element');
    const operator = canonicalOperator(elem[0] as string, level);
    return { operator, operand: checkOperand(operator, elem[1]), negated: false };
  }
  if (elem === null || typeof elem !== 'object') throw new NarrowError('structure', 'bad element');
  const dict = elem as Record<string, unknown>;
  if (!('operator' in dict)) throw new NarrowError('value', 'operator key is missing from elem');
  if (!('operand' in dict)) throw new NarrowError('value', 'operand key is missing from elem');
  if (typeof dict.operator !== 'string') throw new NarrowError('value', 'elem["operator"] is not a string');
  if (dict.negated !== undefined && typeof dict.negated !== 'boolean')
    throw new NarrowError('value', 'elem["negated"] is not a boolean');
  const operator = canonicalOperator(dict.operator, level);
  return { operator, operand: checkOperand(operator, dict.operand), negated: dict.negated === true };
}

/**
 * Parses a decoded `narrow` parameter (undefined → no narrow) as a server at `level` reads it. Throws
 * {@link NarrowError}.
 */
export function parseNarrow(value: unknown, level = NEWEST_FEATURE_LEVEL): NarrowTerm[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new NarrowError('structure', 'not a list');
  return value.map((elem) => parseElement(elem, level));
}
