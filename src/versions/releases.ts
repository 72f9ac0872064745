/**
 * The release each feature level belongs to, from the server's API changelog: the level a major release
 * shipped with, and the levels reserved for its maintenance releases. Level 0 is the release before levels.
 */
const RELEASES: ReadonlyArray<{ readonly level: number; readonly release: string }> = [
  { level: 0, release: '2.1' },
  { level: 25, release: '3.0' },
  { level: 65, release: '4.0' },
  { level: 122, release: '5.0' },
  { level: 156, release: '6.0' },
  { level: 185, release: '7.0' },
  { level: 237, release: '8.0' },
  { level: 277, release: '9.0' },
  { level: 371, release: '10.0' },
  { level: 421, release: '11.0' },
  { level: 498, release: '12.0' },
];

/** Levels just after a release that its maintenance releases used (e.g. 278 was 9.2). */
const MAINTENANCE: ReadonlyArray<{ readonly from: number; readonly to: number; readonly release: string }> = [
  { from: 26, to: 27, release: '3.1' },
  { from: 66, to: 69, release: '4.1' },
  { from: 123, to: 124, release: '5.1' },
  { from: 157, to: 158, release: '6.1' },
  { from: 186, to: 187, release: '7.1' },
  { from: 238, to: 239, release: '8.1' },
  { from: 278, to: 279, release: '9.2' },
  { from: 422, to: 424, release: '11.1' },
  { from: 499, to: 501, release: '12.1' },
];

/**
 * A plausible version number for a server at `level`: the release that shipped it ("9.0"), a maintenance
 * release ("9.2"), or the development series of the next release ("10.0-dev").
 * @example releaseOf(277) // "9.0"
 */
export function releaseOf(level: number): string {
  const maintenance = MAINTENANCE.find((m) => level >= m.from && level <= m.to);
  if (maintenance) return maintenance.release;
  const next = RELEASES.find((r) => r.level >= level);
  if (!next) {
    const major = Number(RELEASES[RELEASES.length - 1]!.release.split('.')[0]) + 1;
    return `${major}.0-dev`;
  }
  return next.level === level ? next.release : `${next.release}-dev`;
}
