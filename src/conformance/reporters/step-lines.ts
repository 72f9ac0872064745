/** Line numbers of scenario steps, from the YAML parser's source ranges (annotations point at the failed step). */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';

/** Where a failure belongs in its scenario file: the step's line, or the file's first line. */
export type LineOf = (file: string, label: string) => number;

/** The 1-based line of `steps[i]` / `teardown[i]` (the step's first key) in a scenario's YAML text, else 1. */
export function stepLineIn(text: string, label: string): number {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  const at = /^(steps|teardown)\[(\d+)\]/.exec(label);
  // Failures outside a step (reading the actors' facts) belong to the actors.
  const path = at ? [at[1]!, Number(at[2])] : ['actors'];
  const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
  return node?.range ? counter.linePos(node.range[0]).line : 1;
}

/** A {@link LineOf} that reads each scenario file once; an unreadable file gives line 1. */
export function createLineOf(): LineOf {
  const texts = new Map<string, string | undefined>();
  return (file, label) => {
    if (!texts.has(file)) {
      let text: string | undefined;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        text = undefined;
      }
      texts.set(file, text);
    }
    const text = texts.get(file);
    return text === undefined ? 1 : stepLineIn(text, label);
  };
}
