/** The mock-only control API: reset, snapshot, restore, clock, accounts and request log (root paths under /svc-mock/). */
import type { GetSvcMockRequestsParams, PostSvcMockClockParams } from '../../generated/types.js';
import { requireControl } from '../control.js';
import { errors } from '../errors/index.js';
import { definePublicRoute, RawResponse, type RouteContext } from '../route.js';

type Empty = Record<string, never>;

const control = ({ services, request }: Pick<RouteContext<unknown>, 'services' | 'request'>) =>
  requireControl(services, request);

const timeAnswer = (now: number) => ({ now: now / 1000, iso: new Date(now).toISOString() });

/** The restore body is a whole realm fixture: read it as JSON rather than as form parameters. */
function snapshotBody({ request }: Pick<RouteContext<unknown>, 'request'>): unknown {
  const type = (request.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('application/json'))
    throw errors.badRequest('Send the snapshot as the request body with Content-Type: application/json');
  const body = request.body;
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body ?? new Uint8Array());
  try {
    return JSON.parse(text);
  } catch {
    throw errors.malformedJsonBody();
  }
}

/** Control routes; each answers the unknown-endpoint 404 when the app has no control surface. */
export const controlRoutes = [
  definePublicRoute<Empty>({
    method: 'POST',
    path: '/svc-mock/reset',
    root: true,
    auth: 'none',
    schema: 'post-svc-mock-reset',
    summary: 'Mock only: back to the initial realm (event queues are dropped)',
    handler(context) {
      control(context).reset();
      return {};
    },
  }),
  definePublicRoute<Empty>({
    method: 'POST',
    path: '/svc-mock/restore',
    root: true,
    auth: 'none',
    schema: 'post-svc-mock-restore',
    summary: 'Mock only: replace the state with a realm fixture (JSON body)',
    handler(context) {
      const target = control(context);
      target.restore(snapshotBody(context));
      // A raw answer: the fixture's fields are not parameters to report as ignored.
      return new RawResponse(200, { 'Content-Type': 'application/json' }, { result: 'success', msg: '' });
    },
  }),
  definePublicRoute<Empty>({
    method: 'GET',
    path: '/svc-mock/snapshot',
    root: true,
    auth: 'none',
    schema: 'get-svc-mock-snapshot',
    summary: 'Mock only: the whole state as a realm fixture (for --realm, restore)',
    handler(context) {
      // The fixture itself, not wrapped in a success envelope, so the answer can be saved and served as it is.
      return new RawResponse(200, { 'Content-Type': 'application/json' }, control(context).snapshot());
    },
  }),
  definePublicRoute<Empty>({
    method: 'GET',
    path: '/svc-mock/clock',
    root: true,
    auth: 'none',
    schema: 'get-svc-mock-clock',
    summary: "Mock only: the mock's current time",
    handler: (context) => timeAnswer(control(context).clock.now()),
  }),
  definePublicRoute<PostSvcMockClockParams>({
    method: 'POST',
    path: '/svc-mock/clock',
    root: true,
    auth: 'none',
    schema: 'post-svc-mock-clock',
    summary: 'Mock only: jump the clock forward (advance=10m or set=UNIX seconds)',
    async handler(context) {
      const { clock } = control(context);
      const { advance, set } = context.params;
      if ((advance === undefined) === (set === undefined))
        throw errors.badRequest('Give exactly one of advance (e.g. 90s, 10m, 2h, 1d) or set (UNIX seconds)');
      // Answers once the polls pending at the jump have settled and what fell due has been delivered.
      if (advance !== undefined) await clock.advance(advance);
      else await clock.set(set!);
      return timeAnswer(clock.now());
    },
  }),
  definePublicRoute<Empty>({
    method: 'GET',
    path: '/svc-mock/accounts',
    root: true,
    auth: 'none',
    schema: 'get-svc-mock-accounts',
    summary: "Mock only: the realm's accounts and API keys",
    handler: (context) => ({ accounts: control(context).accounts() }),
  }),
  definePublicRoute<GetSvcMockRequestsParams>({
    method: 'GET',
    path: '/svc-mock/requests',
    root: true,
    auth: 'none',
    schema: 'get-svc-mock-requests',
    summary: 'Mock only: the recent request log (limit, since)',
    handler: (context) => ({
      requests: control(context).requests({ limit: context.params.limit, since: context.params.since }),
    }),
  }),
];
