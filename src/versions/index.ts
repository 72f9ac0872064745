/**
 * The feature-level questions handlers ask: `has('string_anchors', store.featureLevel)`. The table of
 * behaviours is src/versions/table.ts; no other module compares feature levels with numbers
 * (src/versions/no-bare-levels.test.ts enforces it).
 */
import { BEHAVIOURS, type Behaviour, type BehaviourName } from './table.js';
import { releaseOf } from './releases.js';

export { BEHAVIOURS, releaseOf, type Behaviour, type BehaviourName };

/** The newest feature level the mock implements, and its default. */
export const NEWEST_FEATURE_LEVEL = 503;

/** Whether a server at `level` has the behaviour `name`. */
export function has(name: BehaviourName, level: number): boolean {
  const behaviour: Behaviour = BEHAVIOURS[name];
  return level >= behaviour.level && (behaviour.until === undefined || level < behaviour.until);
}

/** The level a behaviour appeared at. */
export function levelOf(name: BehaviourName): number {
  return BEHAVIOURS[name].level;
}

/** Why a feature level cannot be served, or undefined when it can (an integer from 0 to the newest). */
export function featureLevelProblem(level: number): string | undefined {
  if (!Number.isInteger(level) || level < 0) return `Not a feature level: ${level}.`;
  if (level > NEWEST_FEATURE_LEVEL)
    return `Feature level ${level} is newer than the newest this mock implements (${NEWEST_FEATURE_LEVEL}).`;
  return undefined;
}

/** Returns `level` when the mock can serve it; throws a RangeError with a readable message otherwise. */
export function checkFeatureLevel(level: number): number {
  const problem = featureLevelProblem(level);
  if (problem) throw new RangeError(problem);
  return level;
}

/** The same questions as one object, for the package's public API. */
export const versions = { has, levelOf, releaseOf, NEWEST_FEATURE_LEVEL };
