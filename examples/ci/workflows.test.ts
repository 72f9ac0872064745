/**
 * The two GitHub Actions workflows of examples/ci: their YAML is read back, and the svc-mock commands they hold
 * are run as written (from the sources) against servers started here: the mock workflow's `serve` and
 * `conformance` commands as they are, and the real-server workflow's account set-up and conformance run against
 * a `serve --no-control` standing in for the real server (its container cannot run on these machines).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startServeProcess, type ServeProcess } from '../../src/testing/serve-process.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
const cli = join(root, 'src/cli/run.ts');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
}
interface Workflow {
  name: string;
  on: unknown;
  jobs: { conformance: { steps: Step[]; services?: { server?: { image?: string } } } };
}

const read = (file: string): Workflow =>
  parse(readFileSync(join(root, 'examples/ci', file), 'utf8')) as Workflow;

/** The lines of a workflow's `run` blocks that start with `prefix`, split into words (quotes kept together). */
function commands(workflow: Workflow, prefix: string): string[][] {
  return workflow.jobs.conformance.steps
    .flatMap((step) => (step.run ?? '').split('\n'))
    .map((line) => line.trim())
    .filter((line) => line.startsWith(prefix))
    .map((line) => (line.match(/"[^"]*"|\S+/g) ?? []).map((word) => word.replace(/^"(.*)"$/, '$1')));
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1', CI: '1', ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

const servers: ServeProcess[] = [];
const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'svc-mock-workflow-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  for (const server of servers) {
    server.child.kill();
    await server.exited;
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('examples/ci/conformance-against-mock.yml', () => {
  const workflow = read('conformance-against-mock.yml');

  it('is a workflow whose steps each use an action or run commands', () => {
    expect(workflow.name).toMatch(/conformance/);
    expect(workflow.jobs.conformance.steps.length).toBeGreaterThan(3);
    for (const step of workflow.jobs.conformance.steps) expect(step.uses ?? step.run).toBeTruthy();
  });

  it('starts `svc-mock serve` and its conformance command passes against it, writing its reports', async () => {
    const [serve] = commands(workflow, 'npx svc-mock serve');
    const [conformance] = commands(workflow, 'npx svc-mock conformance');
    expect(serve).toBeDefined();
    expect(conformance).toBeDefined();
    // The workflow's fixed port is replaced by a free one; everything else runs as written.
    const serveArgs = serve!.slice(2).filter((w) => !['>', '2>&1', '&', 'serve.log'].includes(w));
    const port = serveArgs.indexOf('--port');
    const fixedPort = serveArgs[port + 1]!;
    serveArgs[port + 1] = '0';
    const server = await startServeProcess([tsx, cli, ...serveArgs], { cwd: root });
    servers.push(server);
    const args = conformance!.slice(2).map((w) => w.replace(`http://127.0.0.1:${fixedPort}`, server.url));
    const cwd = tempDir();
    const result = await run(tsx, [cli, ...args], cwd);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readFileSync(join(cwd, 'reports/conformance.xml'), 'utf8')).toMatch(/<testsuites/);
    expect(existsSync(join(cwd, 'reports/conformance.html'))).toBe(true);
  }, 180_000);
});

describe('examples/ci/conformance-against-server.yml', () => {
  const workflow = read('conformance-against-server.yml');

  it('starts the server image as a job service and runs conformance with --audit and the GitHub reporter', () => {
    expect(workflow.jobs.conformance.services?.server?.image).toBeTruthy();
    const [conformance] = commands(workflow, 'npx svc-mock conformance');
    expect(conformance).toEqual(expect.arrayContaining(['--audit', '--reporter', 'github']));
  });

  it('creates one account per role and passes with zero audit drift on a server without the control API', async () => {
    const server = await startServeProcess([tsx, cli, 'serve', '--port', '0', '--no-control'], {
      cwd: root,
    });
    servers.push(server);
    const env = {
      SVC_URL: server.url,
      SVC_OWNER_EMAIL: 'desdemona@svc.test',
      SVC_OWNER_API_KEY: 'desdemonaSvcDevApiKey0123456789a',
    };
    const cwd = tempDir();
    const [makeAccounts] = commands(workflow, 'node examples/ci/make-accounts.mjs');
    const made = await run(join(root, makeAccounts![1]!), makeAccounts!.slice(2), cwd, env);
    expect(made.stderr).toBe('');
    const book = JSON.parse(readFileSync(join(cwd, 'accounts.json'), 'utf8')) as Record<string, unknown[]>;
    expect(Object.keys(book).sort()).toEqual(['administrator', 'guest', 'member', 'moderator', 'owner']);
    const [conformance] = commands(workflow, 'npx svc-mock conformance');
    const args = conformance!.slice(2).map((w) => w.replace('$SVC_URL', server.url));
    const result = await run(tsx, [cli, ...args], cwd, env);
    expect(result.stdout).toMatch(/\d+ passed, 0 failed/);
    expect(result.code).toBe(0);
  }, 180_000);
});
