import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { renderHtml } from './html.js';
import { CURL, sampleReport, TRICKY } from './sample-report.test-util.js';

const report = sampleReport();
const doc = parseDocument(renderHtml(report), { decodeEntities: true });
const byClass = (name: string, root: Element | typeof doc = doc): Element[] =>
  DomUtils.getElementsByClassName(name, root as never, true) as Element[];
const text = (el: Element): string => DomUtils.textContent(el);

describe('renderHtml', () => {
  it('is one self-contained document: no script, no stylesheet or image fetched', () => {
    expect(DomUtils.getElementsByTagName('script', doc)).toHaveLength(0);
    expect(DomUtils.getElementsByTagName('link', doc)).toHaveLength(0);
    expect(DomUtils.getElementsByTagName('img', doc)).toHaveLength(0);
    expect(DomUtils.getElementsByTagName('style', doc)).toHaveLength(1);
  });

  it('reads back the summary counts and one row per scenario with outcome, name, file and time', () => {
    const summary = DomUtils.getElementById('summary', doc)!;
    expect(summary.attribs).toMatchObject({
      'data-passed': '2',
      'data-failed': '2',
      'data-skipped': '1',
      'data-retries': '1',
      'data-flaky': '1',
    });
    const rows = byClass('scenario').map((row) => [
      row.attribs['data-outcome'],
      ...DomUtils.getElementsByTagName('td', row).map(text),
    ]);
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      ['passed', 'PASS', 'reads settings', 'scenarios/a.yaml', '12 ms'],
      ['failed', 'FAIL', `sends ${TRICKY}`, 'scenarios/b.yaml', '1.5 s'],
      ['failed', 'FAIL', 'cannot reach', 'scenarios/c.yaml', '30.0 s'],
      ['skipped', 'SKIP', 'is skipped', 'scenarios/d.yaml', ''],
      ['passed', 'PASS', 'passes on retry', 'scenarios/e.yaml', '40 ms'],
    ]);
  });

  it('shows each failed step with its diff, curl and request and response excerpts, text escaped', () => {
    const articles = byClass('failure');
    expect(articles.map((a) => [a.attribs['data-file'], a.attribs['data-scenario']])).toEqual([
      ['scenarios/b.yaml', `sends ${TRICKY}`],
      ['scenarios/c.yaml', 'cannot reach'],
    ]);
    const step = byClass('step', articles[0]!)[0]!;
    expect(step.attribs['data-step']).toBe('steps[1] POST /messages');
    const diff = text(byClass('diff', step)[0]!);
    expect(diff).toContain(
      '[mismatch] steps[1] POST /messages: body/id: differs\n  - expected 1\n  + actual   2',
    );
    expect(diff).toContain(`[schema] steps[1] POST /messages: /note: ${TRICKY}`);
    expect(text(byClass('expected', step)[0]!)).toBe('  - expected 1');
    expect(text(byClass('curl', step)[0]!)).toBe(CURL);
    expect(text(byClass('request', step)[0]!)).toContain('POST /api/v1/messages\nas hamlet (member)');
    expect(text(byClass('response', step)[0]!)).toContain('HTTP 200\ncontent-type: application/json');
    expect(text(byClass('response', step)[0]!)).toContain(JSON.stringify(TRICKY));
    expect(text(byClass('diff', articles[1]!)[0]!)).toContain(
      '[network] teardown[0] DELETE /x: connection refused',
    );
  });

  it('lists the coverage: its summary line and one row per endpoint', () => {
    const coverage = DomUtils.getElementById('coverage', doc)!;
    expect(text(byClass('coverage-summary', coverage)[0]!)).toMatch(/^coverage: endpoints \d+\/\d+/);
    const rows = DomUtils.getElementsByTagName('tr', byClass('endpoints', coverage)[0]!);
    expect(rows).toHaveLength(report.coverage.endpoints.length + 1);
  });
});
