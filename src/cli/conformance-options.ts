/** Option parsers shared by `svc-mock conformance` and its subcommands. */
import { InvalidArgumentError } from 'commander';
import { parseAlias, type Alias } from '../conformance/alias.js';

/** A `--reporter kind[=file]` parser accepting these kinds (every kind but those of `fileOptional` needs a file). */
export function reporterParser<Kind extends string>(
  kinds: readonly Kind[],
  fileOptional: readonly string[] = ['console'],
): (
  value: string,
  previous: Array<{ kind: Kind; file?: string }> | undefined,
) => Array<{ kind: Kind; file?: string }> {
  return (value, previous) => {
    const [kind, ...rest] = value.split('=');
    const file = rest.join('=') || undefined;
    if (!(kinds as readonly string[]).includes(kind!))
      throw new InvalidArgumentError(`Unknown reporter "${kind}" (${kinds.join(', ')}).`);
    if (!fileOptional.includes(kind!) && !file)
      throw new InvalidArgumentError(`The ${kind} reporter needs a file: ${kind}=FILE.`);
    return [...(previous ?? []), { kind: kind as Kind, file }];
  };
}

/** `--alias theirs=ours`, repeatable. */
export function parseAliasOption(value: string, previous: Alias[]): Alias[] {
  try {
    return [...previous, parseAlias(value)];
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** `--feature-level N`: a non-negative integer. */
export function parseLevel(value: string): number {
  const level = Number(value);
  if (!Number.isInteger(level) || level < 0) throw new InvalidArgumentError('Not a feature level.');
  return level;
}
