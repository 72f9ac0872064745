/** Writes a recorded scenario as YAML (short maps and lists on one line) and checks it loads. */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Document, isMap, isSeq, visit } from 'yaml';
import type { Scenario } from '../../generated/types.js';
import { parseScenario } from '../loader.js';

const FLOW_WIDTH = 72;

/** The scenario as YAML text: block style at the top, flow style for maps and lists that fit on a line. */
export function renderScenario(scenario: Scenario, header?: string): string {
  const doc = new Document(scenario);
  visit(doc, {
    Collection(_key, node, path) {
      if (path.length < 3 || !(isMap(node) || isSeq(node))) return;
      if (JSON.stringify(node.toJSON()).length <= FLOW_WIDTH) node.flow = true;
    },
  });
  if (header) doc.commentBefore = header;
  return doc.toString({ lineWidth: 110, flowCollectionPadding: true });
}

/** Renders, checks with the scenario loader (schema and placeholders), then writes `file` (via a temporary file). */
export function writeScenario(file: string, scenario: Scenario, header?: string): string {
  const text = renderScenario(scenario, header);
  parseScenario(text, file);
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.tmp-${process.pid}`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
  return text;
}
