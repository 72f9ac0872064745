/** The svc-mock command line: serve the mock, list accounts and routes. */
import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { createApp, type App } from '../api/app.js';
import { parseSize } from '../api/limits.js';
import { startServer } from '../adapters/node/server.js';
import { useServerGcSettings } from '../adapters/node/gc.js';
import { parseAllowedHosts, type AllowedHosts } from '../adapters/node/control-guard.js';
import { DEFAULT_CORS_ORIGINS, parseCorsOrigins, type CorsOrigins } from '../adapters/node/cors.js';
import { PreparedRealm, RealmLoadError } from '../store/load-realm.js';
import { listAccounts as listStoreAccounts } from '../mock/accounts.js';
import { createMock, type Mock } from '../mock/create-mock.js';
import { formatAccountsTable } from './accounts-table.js';
import { keepCachedRenders, preparedRealmFile, type PreparedRealmFile } from './prepared-realm.js';
import { preparedFormFile } from './prepared-form.js';
import { formatRequestLine } from './request-line.js';
import { closeServer } from './shutdown.js';
import { registerConformance } from './conformance.js';
import { generateFromSpec, registerRealm } from './realm.js';
import { loadRealmSource } from './realm-sources.js';
import { parseRealmCount, parseRealmHost, startRealms } from './serve-realms.js';
import { loadStateOrExit, parseSaveEvery, removeStaleTemps, startPersistence } from './state-file.js';
import {
  addTrafficOptions,
  describeTraffic,
  trafficFromFlags,
  type TrafficFlags,
} from './traffic-options.js';
import type { Traffic } from '../api/traffic/index.js';
import { featureLevelProblem, NEWEST_FEATURE_LEVEL } from '../versions/index.js';

const DEV_REALM = new URL('../../fixtures/dev-realm.json', import.meta.url);

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('Not a port number.');
  return port;
}

function parseLevel(value: string): number {
  const level = Number(value);
  const problem = featureLevelProblem(level);
  if (problem) throw new InvalidArgumentError(problem);
  return level;
}

/** Loads a realm file and builds the app, exiting with a readable message when the file is bad. */
function loadApp(
  realmPath: string | undefined,
  options: {
    production?: boolean;
    featureLevel?: number;
    generated?: unknown;
    traffic?: Traffic;
    seed?: number;
    /** Serve through createMock with the control API on or off (serve only). */
    control?: boolean;
    /** Print one line per request (serve --log). */
    log?: boolean;
    /** Largest request body in bytes (serve --max-body). */
    maxBody?: number;
    /** Most bytes of uploaded files held (serve --max-upload-storage). */
    maxUploadStorage?: number;
    /** Base domain of realm subdomains besides localhost (serve --realm-host). */
    realmHost?: string;
  },
): App {
  const limits =
    options.maxBody || options.maxUploadStorage
      ? {
          ...(options.maxBody ? { maxBody: options.maxBody } : {}),
          ...(options.maxUploadStorage ? { maxUploadStorage: options.maxUploadStorage } : {}),
        }
      : undefined;
  const file = realmPath ?? DEV_REALM;
  let realm: unknown;
  let recorded: PreparedRealmFile | undefined;
  try {
    if (options.generated !== undefined) realm = options.generated;
    else {
      const bytes = readFileSync(file);
      // The build's record of these bytes (the dev realm), when the control API's path prepares the realm.
      // Or the realm file's own prepared form (FILE.prepared, `svc-mock realm prepare`) when made from these bytes.
      if (options.control !== undefined)
        recorded = preparedRealmFile(bytes) ?? preparedFormFile(realmPath, bytes);
      realm = recorded ? recorded.fixture : JSON.parse(bytes.toString('utf8'));
    }
  } catch (error) {
    fail(`Cannot read realm file ${String(file)}: ${(error as Error).message}`);
  }
  try {
    if (options.control !== undefined) {
      // A realm just parsed from the file is nobody else's: prepare it in place instead of on a copy.
      const prepared =
        options.generated === undefined
          ? PreparedRealm.from(realm, {
              owned: true,
              renders: recorded?.renders,
              validated: recorded !== undefined,
              rows: recorded?.rows,
              messages: recorded?.messages,
            })
          : realm instanceof PreparedRealm
            ? realm
            : PreparedRealm.from(realm);
      const mock = createMock({
        realm: prepared,
        // Realms made from the dev realm share the server's own prepared dev realm when it serves that.
        realmSources:
          realmPath === undefined && options.generated === undefined ? { dev: prepared } : undefined,
        loadRealmSource,
        realmHost: options.realmHost,
        production: options.production,
        featureLevel: options.featureLevel,
        traffic: options.traffic,
        seed: options.seed,
        control: options.control,
        // Nothing in a server reads the store's journal of emitted events (tests in process do).
        journalSize: 0,
        onRequest: options.log
          ? (entry, subdomain) => console.log(formatRequestLine(entry, subdomain))
          : undefined,
        limits,
      });
      if (recorded) keepCachedRenders(mock.store.state, recorded);
      return mock;
    }
    return createApp({
      realm,
      production: options.production,
      featureLevel: options.featureLevel,
      traffic: options.traffic,
      seed: options.seed,
      journalSize: 0,
      limits,
    });
  } catch (error) {
    if (error instanceof RealmLoadError) fail(error.message);
    throw error;
  }
}

function parseCors(value: string): CorsOrigins {
  try {
    return parseCorsOrigins(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function parseHosts(value: string): AllowedHosts {
  try {
    return parseAllowedHosts(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function parseMaxBody(value: string): number {
  const bytes = parseSize(value);
  if (bytes === undefined) throw new InvalidArgumentError('expected a size such as 1mb, 512kb or 2000000');
  return bytes;
}

/** Hosts only this machine can reach: the control API is on by default only there. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127\./.test(host);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Accounts of the realm as the `accounts` command prints them. */
export function listAccounts(app: App): Array<Record<string, unknown>> {
  return listStoreAccounts(app.store);
}

/** The same rows as `accounts --json`, as a table. */
function printAccounts(app: App): void {
  for (const line of formatAccountsTable(listAccounts(app))) console.log(line);
}

/**
 * What stops `serve` from listening, in one line, for the errors a user can fix (a port taken, a port that needs
 * privileges, a host that is not this machine's); undefined for anything else.
 */
export function listenProblem(error: unknown, host: string, port: number): string | undefined {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: another server is listening there (choose a free port with --port, or --port 0 for any)`;
    case 'EACCES':
      return `cannot listen on ${where}: not allowed (ports below 1024 need privileges; choose another with --port)`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: ${host} is not an address of this machine (--host)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot listen on ${where}: the host name ${host} could not be resolved (--host)`;
    default:
      return undefined;
  }
}

/**
 * Builds the program. Given the command a command line names (its first argument), only that command is added:
 * its options, help and errors are the same, and a start (`serve`) does not set up the other commands'
 * dozens of options. Anything else (no argument, `--help`, an unknown command) gets every command.
 */
export function buildProgram(only?: string): Command {
  const program = new Command('svc-mock')
    .description('Stateful in-memory mock server of the svc team messaging API')
    .version('0.1.0');
  const names = only !== undefined && Object.hasOwn(COMMANDS, only) ? [only] : Object.keys(COMMANDS);
  for (const add of new Set(names.map((name) => COMMANDS[name]!))) add(program);
  return program;
}

/** Adds `serve`. */
function addServe(program: Command): void {
  addTrafficOptions(program.command('serve'))
    .description('Start the mock API server')
    .option('-p, --port <port>', 'port to listen on (0 picks a free one)', parsePort, 9991)
    .option('-H, --host <host>', 'address to listen on', '127.0.0.1')
    .option('-r, --realm <file>', 'realm fixture JSON (default: the dev realm)')
    .option('--production', 'behave as a production server (no /dev_fetch_api_key)')
    .option(
      '--feature-level <n>',
      `feature level to emulate, 0 to ${NEWEST_FEATURE_LEVEL} (default: the newest)`,
      parseLevel,
    )
    .option('--control', 'serve the /svc-mock control API (default: only on a loopback --host)')
    .option('--no-control', 'do not serve the /svc-mock control API')
    .option(
      '--generate <spec>',
      'serve a generated realm: users=N,channels=N,messages=N,seed=N[,start=ISO|unix]',
    )
    .option('--log', 'print one line per request: method, path, user, status, milliseconds')
    .option(
      '--cors <origins>',
      'origins a page may call it from: ORIGIN[,ORIGIN] or * (default: http://localhost:* and http://127.0.0.1:*)',
      parseCors,
    )
    .option('--no-cors', 'send no CORS headers')
    .option(
      '--allowed-hosts <hosts>',
      'host names the /svc-mock routes answer besides localhost, *.localhost and the listening address: HOST[,*.DOMAIN] or *',
      parseHosts,
    )
    .option('--max-body <size>', 'largest request body, e.g. 1mb, 512kb (default 1mb)', parseMaxBody)
    .option(
      '--max-upload-storage <size>',
      'most bytes of uploaded files kept in memory, e.g. 20mb (default 100mb)',
      parseMaxBody,
    )
    .option(
      '--max-body-memory <size>',
      'most bytes of request bodies held at once, all requests together; past it 429 (default 64mb)',
      parseMaxBody,
    )
    .option(
      '--realms <n>',
      'create N more realms at start, r1..rN, each at http://rI.localhost:PORT',
      parseRealmCount,
    )
    .option(
      '--realm-host <domain>',
      'base domain of realm subdomains besides localhost: a Host SUB.DOMAIN selects the realm SUB',
      parseRealmHost,
    )
    .option('--state <file>', 'keep the state in this file: load it when it exists, save it when changed')
    .option(
      '--save-every <duration>',
      'with --state: how often a changed state is saved',
      parseSaveEvery,
      5000,
    )
    .action(
      async (
        opts: {
          port: number;
          host: string;
          realm?: string;
          production?: boolean;
          featureLevel?: number;
          generate?: string;
          control?: boolean;
          log?: boolean;
          cors?: CorsOrigins;
          allowedHosts?: AllowedHosts;
          maxBody?: number;
          maxUploadStorage?: number;
          maxBodyMemory?: number;
          state?: string;
          saveEvery: number;
          realms?: number;
          realmHost?: string;
        } & TrafficFlags,
      ) => {
        if (opts.generate !== undefined && opts.realm !== undefined) {
          console.error('error: give either --realm or --generate, not both');
          process.exit(2);
        }
        // A state file that exists wins over --realm/--generate; a corrupt one exits with code 2, untouched.
        if (opts.state !== undefined) removeStaleTemps(opts.state);
        const saved = opts.state !== undefined ? loadStateOrExit(opts.state) : undefined;
        // --generate builds the realm in memory (a bad spec exits with code 2) instead of reading a file.
        const generated =
          saved ?? (opts.generate !== undefined ? await generateFromSpec(opts.generate) : undefined);
        const traffic = trafficFromFlags(opts);
        const control = opts.control ?? isLoopbackHost(opts.host);
        const app = loadApp(opts.realm, { ...opts, generated, traffic, control });
        const cors = opts.cors ?? DEFAULT_CORS_ORIGINS;
        const running = await startServer(app, {
          port: opts.port,
          host: opts.host,
          cors,
          // The mock-only routes answer realm hosts under --realm-host as they answer *.localhost.
          allowedHosts:
            opts.realmHost === undefined || opts.allowedHosts === '*'
              ? opts.allowedHosts
              : [...(opts.allowedHosts ?? []), opts.realmHost, `*.${opts.realmHost}`],
          ...(opts.maxBodyMemory ? { limits: { maxBodyMemory: opts.maxBodyMemory } } : {}),
        }).catch((error: unknown) => {
          const problem = listenProblem(error, opts.host, opts.port);
          if (problem === undefined) throw error;
          console.error(`error: ${problem}`);
          process.exit(1);
        });
        // Set once the realm is loaded: loading keeps nearly all it allocates, which V8's defaults suit.
        useServerGcSettings();
        const realms = await startRealms(app as Mock, running.port, opts.realms ?? 0, opts.realmHost);
        // One write for the whole banner: a server start pays for no console formatting of each line.
        const banner = [
          `Listening on ${running.url}`,
          `Realm: ${app.store.state.realm.name} (${saved ? `state file ${opts.state}` : (opts.realm ?? (opts.generate ? `generated: ${opts.generate}` : 'dev realm'))}); API at ${running.url}/api/v1\n`,
        ];
        const persistence =
          opts.state === undefined
            ? undefined
            : startPersistence(app as Mock, { path: opts.state, everyMs: opts.saveEvery, upToDate: !!saved });
        if (opts.state !== undefined)
          banner.push(
            `State: ${opts.state} (${saved ? 'loaded' : 'new'}); saved every ${opts.saveEvery} ms when changed and on exit\n`,
          );
        banner.push(
          `${describeTraffic(traffic)}\n`,
          `CORS: ${cors === false ? 'off' : cors === '*' ? 'any origin' : cors.join(', ')} (--cors, --no-cors)\n`,
          ...realms,
          control
            ? `Control API: ${running.url}/svc-mock/ (reset, snapshot, restore, clock, accounts, requests, faults)\nInspector: open ${running.url}/svc-mock/ in a browser\n`
            : 'Control API: off (--control turns it on)\n',
          ...formatAccountsTable(listAccounts(app)),
        );
        process.stdout.write(`${banner.join('\n')}\n`);
        const stop = (): void => {
          persistence?.stop();
          closeServer(app, running).then(
            () => {
              try {
                persistence?.save();
              } catch (error) {
                console.error(`svc-mock: cannot save ${opts.state}:`, error);
                process.exit(1);
              }
              process.exit(0);
            },
            () => process.exit(1),
          );
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      },
    );
}

/** Adds `accounts` and `routes`. */
function addListings(program: Command): void {
  program
    .command('accounts')
    .description("List the realm's accounts and API keys")
    .option('-r, --realm <file>', 'realm fixture JSON (default: the dev realm)')
    .option('--json', 'print JSON')
    .action((opts: { realm?: string; json?: boolean }) => {
      const app = loadApp(opts.realm, {});
      if (opts.json) console.log(JSON.stringify(listAccounts(app), null, 2));
      else printAccounts(app);
    });
  program
    .command('routes')
    .description('List the implemented endpoints')
    .action(() => {
      const app = loadApp(undefined, {});
      for (const r of app.routes) {
        console.log(
          `${r.method.padEnd(6)} ${(r.root ? r.path : `/api/v1${r.path}`).padEnd(48)} ${r.summary}`,
        );
      }
    });
}

/**
 * What each command adds to the program, in the order help lists them (accounts and routes are added together,
 * under both names).
 */
const COMMANDS: Record<string, (program: Command) => void> = {
  serve: addServe,
  accounts: addListings,
  routes: addListings,
  conformance: registerConformance,
  realm: registerRealm,
};
