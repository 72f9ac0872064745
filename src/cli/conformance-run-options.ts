/** Parsers of the run flags of `svc-mock conformance` (time-outs, retries, jobs, bail). */
import { InvalidArgumentError } from 'commander';

/** `500`, `500ms`, `30s` or `1.5s` as milliseconds (a bare number is milliseconds). */
export function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value.trim());
  const ms = match ? Number(match[1]) * (match[2] === 's' ? 1000 : 1) : NaN;
  if (!Number.isFinite(ms) || ms <= 0)
    throw new InvalidArgumentError('Not a duration: give ms (500, 500ms) or seconds (30s).');
  return Math.round(ms);
}

/** A whole number from `min` up. */
export function countParser(min: number): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(`Not a whole number of at least ${min}.`);
    return n;
  };
}

/** `--bail [n]`: 1 without a number. */
export function parseBail(value: string): number {
  return countParser(1)(value);
}

/** `--tag T`, repeatable. */
export function collectTag(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/**
 * Standard output that survives a closed pipe (`svc-mock conformance --list | head -1`): after EPIPE nothing more
 * is written, and the run goes on (a running scenario still reaches its teardown).
 */
export function pipeSafeWriter(stream: NodeJS.WriteStream): (text: string) => void {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  return (text) => {
    if (!closed) stream.write(text);
  };
}
