/**
 * serve --state: the mock's state in a file. Reading validates it; writing is atomic (a temporary file in the
 * same directory, written and fsynced, renamed over the target, then the directory fsynced), so a crash at any
 * moment leaves the old state or the new one, never a torn file.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InvalidArgumentError } from 'commander';
import { parseDuration } from '../store/controllable-clock.js';
import { PreparedRealm, RealmLoadError } from '../store/load-realm.js';
import type { Store } from '../store/store.js';

/** A state file that exists but cannot be used; the message names the file and the problem. */
export class StateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StateFileError';
  }
}

/** Temporary files of a state file start with this (hidden, so a directory listing stays tidy). */
const tempPrefix = (path: string): string => `.${basename(path)}.tmp-`;

/**
 * Reads and validates a state file; undefined when there is none. A file that is not JSON or not a valid realm
 * throws StateFileError and is left as it is.
 */
export function readStateFile(path: string): PreparedRealm | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(`Cannot read state file ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(`State file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    return PreparedRealm.from(data);
  } catch (error) {
    if (error instanceof RealmLoadError)
      throw new StateFileError(`State file ${path} is not a valid realm: ${error.message}`);
    throw error;
  }
}

let written = 0;

/** Writes `text` to `path` atomically: temporary file, fsync, rename, fsync of the directory. */
export function writeFileAtomic(path: string, text: string): void {
  const dir = dirname(resolve(path));
  const temp = join(dir, `${tempPrefix(path)}${process.pid}-${++written}`);
  const fd = openSync(temp, 'w', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temp, path);
  try {
    const dirFd = openSync(dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Some systems cannot fsync a directory; the rename itself is still atomic there.
  }
}

/** Whether a process id belongs to a running process. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes temporary files a killed server left next to the state file (never another live server's). */
export function removeStaleTemps(path: string): string[] {
  const dir = dirname(resolve(path));
  const prefix = tempPrefix(path);
  const removed: string[] = [];
  if (!existsSync(dir)) return removed;
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (pid !== process.pid && Number.isInteger(pid) && isRunning(pid)) continue;
    rmSync(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** What persistence needs from the running mock. */
export interface PersistedMock {
  readonly store: Store;
  snapshot(): unknown;
}

/** A running persistence loop. */
export interface Persistence {
  /** Writes the state now if it changed since the last write (or always with `force`); true when written. */
  save(force?: boolean): boolean;
  /** Stops the periodic saves. */
  stop(): void;
}

/**
 * Saves the mock's state to `path` every `everyMs` when it changed. A change is a new store (reset, restore) or
 * a change counted by the store, so an idle server never rewrites the file and no state is compared deeply.
 */
export function startPersistence(
  mock: PersistedMock,
  options: {
    path: string;
    everyMs: number;
    /** The file already holds the current state (it was just loaded from it). */
    upToDate?: boolean;
    onError?: (error: unknown) => void;
  },
): Persistence {
  const { path, everyMs } = options;
  const onError = options.onError ?? ((error) => console.error(`svc-mock: cannot save ${path}:`, error));
  let savedStore: Store | undefined = options.upToDate ? mock.store : undefined;
  let savedChanges = options.upToDate ? mock.store.changes : -1;
  const save = (force = false): boolean => {
    const store = mock.store;
    if (!force && store === savedStore && store.changes === savedChanges) return false;
    const changes = store.changes;
    writeFileAtomic(path, `${JSON.stringify(mock.snapshot())}\n`);
    savedStore = store;
    savedChanges = changes;
    return true;
  };
  const timer = setInterval(() => {
    try {
      save();
    } catch (error) {
      onError(error);
    }
  }, everyMs);
  return { save, stop: () => clearInterval(timer) };
}

/** Parses --save-every: a duration with its unit (500ms, 5s, 1m), above zero. */
export function parseSaveEvery(value: string): number {
  const ms = /(ms|s|m|h)\s*$/.test(value) ? parseDuration(value) : undefined;
  if (ms === undefined || ms <= 0) throw new InvalidArgumentError('Not a duration (e.g. 500ms, 5s, 1m).');
  return ms;
}

/** Reads --state FILE for serve; a file that cannot be used stops the program with exit code 2. */
export function loadStateOrExit(path: string): PreparedRealm | undefined {
  try {
    return readStateFile(path);
  } catch (error) {
    if (!(error instanceof StateFileError)) throw error;
    console.error(`error: ${error.message}\nThe file was left as it is.`);
    process.exit(2);
  }
}
