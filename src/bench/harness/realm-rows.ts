/**
 * Generated-realm rows: generating, loading (time in process; RSS of the built `serve --realm` process) and
 * resetting the 100k-message realm against absolute limits, and GET /messages (channel + topic narrow, 100
 * before an anchor) on realms of 10k, 100k and 1M messages against the 10k figure, plus the store's lookup
 * against a linear scan. Each figure comes from a fresh child process pinned to core 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild } from './processes.js';
import { serveFigures, type ServeFigures } from './serve-rss.js';
import type { GenerateResult, LoadResult, PageResult } from './realm-process.js';
import { makeRow, spread, type Row } from './stats.js';
import type { RunSettings } from './throughput.js';

const SCRIPT = new URL('./realm-process.ts', import.meta.url);

/** The realm the absolute figures are about: 1,000 users, 200 channels, 100,000 messages. */
const BIG = { messages: 100_000, users: 1000, channels: 200 };

/**
 * Realms of the GET /messages rows. The million-message realm has fewer users and channels (100 and 20):
 * with 1,000 users its personal rows (one per user and message received, ~19 million) would take minutes and
 * gigabytes to build, beyond the ten-minute budget of `npm run bench`; a page's work does not depend on them.
 */
const PAGE_REALMS = [
  { label: '10k', messages: 10_000, users: 1000, channels: 200 },
  { label: '100k', messages: 100_000, users: 1000, channels: 200 },
  { label: '1M', messages: 1_000_000, users: 100, channels: 20 },
];

async function inChild<T>(args: string[]): Promise<T> {
  const { child, hello } = await startChild<T>(0, SCRIPT, args);
  await child.stop();
  return hello;
}

const constant = (value: number): number[] => [value];

/** An absolute row: the baseline column holds the limit, so the ratio is figure / limit (≤ 1 passes). */
function absolute(
  fields: { key: string; name: string; unit: Row['unit']; notes: string[] },
  runs: number[],
  limit: number,
): Row {
  return makeRow({ ...fields, target: { op: '<=', value: 1 } }, runs, constant(limit));
}

/** Measures the generated-realm rows (runs: generations and loads of the 100k realm). */
export async function realmRows(settings: RunSettings, wanted: (key: string) => boolean): Promise<Row[]> {
  const rows: Row[] = [];
  const cores = `absolute figure (the baseline column is the limit); ${availableParallelism()} cores`;
  const dir = mkdtempSync(join(tmpdir(), 'svc-mock-bench-'));
  const file = join(dir, 'big.json');
  const { messages, users, channels } = BIG;
  const size = `${messages.toLocaleString('en-US')} messages, ${users} users, ${channels} channels`;
  try {
    if (wanted('realm-generate') || wanted('realm-load') || wanted('realm-rss') || wanted('realm-reset')) {
      const generated: GenerateResult[] = [];
      for (let i = 0; i < settings.runs; i++)
        generated.push(
          await inChild<GenerateResult>([
            'generate',
            String(messages),
            String(users),
            String(channels),
            file,
          ]),
        );
      const loads: LoadResult[] = [];
      for (let i = 0; i < settings.runs; i++) loads.push(await inChild<LoadResult>(['load', file]));
      const served: ServeFigures[] = [];
      for (let i = 0; i < settings.runs; i++) served.push(await serveFigures(file));
      const mb = (generated[0]!.bytes / 1e6).toFixed(1);
      rows.push(
        absolute(
          { key: 'realm-generate', name: `generate the 100k realm (${size})`, unit: 'ms', notes: [cores] },
          generated.map((g) => g.ms),
          5000,
        ),
        absolute(
          {
            key: 'realm-load',
            name: 'load the 100k realm from its file (as serve --realm)',
            unit: 'ms',
            notes: [
              cores,
              `${mb} MB file, ${loads[0]!.messages} messages: read, JSON.parse, validate, render, index, createMock`,
              `CPU time of the loads: ${loads.map((l) => (l.cpuMs / 1000).toFixed(2)).join(', ')} s (wall-clock above)`,
            ],
          },
          loads.map((l) => l.ms),
          2000,
        ),
        absolute(
          {
            key: 'realm-rss',
            name: 'RSS of serve --realm (100k realm) at its first answer',
            unit: 'MB',
            notes: [
              cores,
              'VmRSS of `node bin/svc-mock.js serve --realm FILE` (dist) when it first answers',
              `spawn to first answer: ${served.map((s) => (s.ms / 1000).toFixed(2)).join(', ')} s; ` +
                `RSS of the in-process loads (dist): ${loads.map((l) => (l.rss / 1e6).toFixed(0)).join(', ')} MB`,
            ],
          },
          served.map((s) => s.rss / 1e6),
          400,
        ),
        absolute(
          {
            key: 'realm-reset',
            name: 'mock.reset() of the 100k realm',
            unit: 'ms',
            notes: [
              cores,
              `medians of 20 resets (after 5 unmeasured ones) in each of ${settings.runs} processes`,
            ],
          },
          loads.map((l) => spread(l.resets).median),
          50,
        ),
      );
    }
    if (PAGE_REALMS.some((r) => wanted(`realm-page-${r.label.toLowerCase()}`)) || wanted('realm-lookup')) {
      const pages: PageResult[] = [];
      for (const r of PAGE_REALMS)
        pages.push(
          await inChild<PageResult>(['page', String(r.messages), String(r.users), String(r.channels)]),
        );
      const [small, mid, large] = pages as [PageResult, PageResult, PageResult];
      const page = (label: string, p: PageResult, realm: (typeof PAGE_REALMS)[number]): Row =>
        makeRow(
          {
            key: `realm-page-${label.toLowerCase()}`,
            name: `GET /messages, topic narrow, 100 before an anchor: ${label} vs 10k realm`,
            unit: 'ms',
            target: { op: '<=', value: 1.5 },
            notes: [
              `in process (app.handle); ${p.messages} messages (${realm.users} users, ${realm.channels} channels), ` +
                `topic of ${p.topicMessages}; the baseline is the 10k realm (topic of ${small.topicMessages})`,
            ],
          },
          p.handle,
          small.handle,
        );
      rows.push(page('100k', mid, PAGE_REALMS[1]!), page('1M', large, PAGE_REALMS[2]!));
      const lookup = makeRow(
        {
          key: 'realm-lookup',
          name: "store's lookup vs a linear scan (100k realm, same narrow and page)",
          unit: 'ms',
          target: { op: '<=', value: 0.01 },
          notes: [
            'compileNarrow + fetchRange against every message tested with the same narrow; ≤ 0.01× is ≥ 100× faster',
            `1M realm: lookup ${spread(large.lookup).median.toFixed(3)} ms, scan ${spread(large.scan).median.toFixed(1)} ms`,
          ],
        },
        mid.lookup,
        mid.scan,
      );
      rows.push(lookup);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows.filter((r) => wanted(r.key));
}
