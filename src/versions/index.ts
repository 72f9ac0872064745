/**
 * The feature-level questions handlers ask: `has('string_anchors', store.featureLevel)`. The table of
 * behaviours is src/versions/table.ts; no other module compares feature levels with numbers
 * (src/versions/no-bare-levels.test.ts enforces it).
 */
import { BEHAVIOURS, type Behaviour, type BehaviourName } from './table.js';

export { BEHAVIOURS, type Behaviour, type BehaviourName };

/** The newest feature level the mock implements, and its default. */
export const NEWEST_FEATURE_LEVEL = 435;

/** Whether a server at `level` has the behaviour `name`. */
export function has(name: BehaviourName, level: number): boolean {
  const behaviour: Behaviour = BEHAVIOURS[name];
  return level >= behaviour.level && (behaviour.until === undefined || level < behaviour.until);
}

/** The level a behaviour appeared at. */
export function levelOf(name: BehaviourName): number {
  return BEHAVIOURS[name].level;
}

export const versions = { has, levelOf, NEWEST_FEATURE_LEVEL };
