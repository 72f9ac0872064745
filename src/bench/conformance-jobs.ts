/**
 * The whole scenario suite against the in-process mock, serial and with --jobs 4: each measurement runs in a fresh
 * process (module loading and schema compilation included, as a CLI run has them), alternating the two, and
 * prints wall time and the process's CPU time. On a machine with idle cores the wall time of --jobs follows the
 * CPU time whenever the suite is CPU-bound: async concurrency only overlaps waits (event polls).
 * Run: npx tsx src/bench/conformance-jobs.ts [runs per side, default 3]
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const child = process.argv[2] === '--child';

async function measure(jobs: number): Promise<void> {
  const wall0 = performance.now();
  const cpu0 = process.cpuUsage();
  const { runConformance } = await import('../conformance/run-conformance.js');
  const out: string[] = [];
  const code = await runConformance(
    { files: [], aliases: [], target: 'mock', runId: 'bench', jobs, reporters: [{ kind: 'console' }] },
    { out: (t) => out.push(t), err: (t) => out.push(t), tty: false, colour: false },
  );
  const cpu = process.cpuUsage(cpu0);
  const outcomes = out
    .join('')
    .split('\n')
    .filter((l) => /^(PASS|FAIL|SKIP) /.test(l))
    .map((l) => l.replace(/ \([^)]*\)$/, ''))
    .sort()
    .join('\n');
  process.stdout.write(
    JSON.stringify({
      jobs,
      code,
      wallMs: Math.round(performance.now() - wall0),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      outcomes,
    }),
  );
}

interface Sample {
  jobs: number;
  code: number;
  wallMs: number;
  cpuMs: number;
  outcomes: string;
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (child) await measure(Number(process.argv[3]));
else {
  const runs = Number(process.argv[2] ?? 3);
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++)
    for (const jobs of [1, 4]) {
      const text = execFileSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', String(jobs)],
        { encoding: 'utf8', maxBuffer: 64 << 20 },
      );
      const sample = JSON.parse(text) as Sample;
      samples.push(sample);
      console.log(`jobs ${jobs}: wall ${sample.wallMs} ms, cpu ${sample.cpuMs} ms, exit ${sample.code}`);
    }
  for (const jobs of [1, 4]) {
    const mine = samples.filter((s) => s.jobs === jobs);
    console.log(
      `jobs ${jobs}: median wall ${median(mine.map((s) => s.wallMs))} ms, median cpu ${median(mine.map((s) => s.cpuMs))} ms`,
    );
  }
  const same = new Set(samples.map((s) => s.outcomes)).size === 1;
  console.log(`same scenario outcomes in every run: ${same ? 'yes' : 'NO'}`);
}
