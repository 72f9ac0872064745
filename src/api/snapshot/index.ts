/** The register snapshot: every section whose type was requested, built from the current state. */
import { botSections } from './bots.js';
import { channelSections } from './channels.js';
import type { SnapshotContext, SnapshotSection } from './context.js';
import { orgSections } from './org.js';
import { personalSections } from './personal.js';
import { realmSnapshot } from './realm.js';
import { serverDataSections } from './server-data.js';
import { userSections } from './users.js';
import { uploadsProfilesSections } from './uploads-profiles.js';
import { userPreferenceSections } from './user-preferences.js';

export type { SnapshotContext } from './context.js';

const realmSection: SnapshotSection = {
  types: ['realm'],
  build: (ctx) => realmSnapshot(ctx.store, ctx.services),
};

/** Every section, in the order their keys appear in the response. */
export const SNAPSHOT_SECTIONS: readonly SnapshotSection[] = [
  realmSection,
  ...personalSections,
  ...userPreferenceSections,
  ...channelSections,
  ...userSections,
  ...botSections,
  ...orgSections,
  ...uploadsProfilesSections,
  ...serverDataSections,
];

function selected(section: SnapshotSection, requested: ReadonlySet<string> | null): boolean {
  if (!requested) return !section.unless;
  if (section.unless?.some((t) => requested.has(t))) return false;
  return section.requireAll
    ? section.types.every((t) => requested.has(t))
    : section.types.some((t) => requested.has(t));
}

/** The snapshot keys for the requested types (null: every section). */
export function buildSnapshot(
  ctx: SnapshotContext,
  requested: ReadonlySet<string> | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const section of SNAPSHOT_SECTIONS)
    if (selected(section, requested)) Object.assign(out, section.build(ctx));
  return out;
}
