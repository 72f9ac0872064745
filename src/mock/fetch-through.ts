/**
 * Two helpers create-mock.ts and realms.ts share, apart from both so that neither imports the other's values:
 * `mock.fetch` over a plain-record handler, and retiring an app from the shared clock.
 */
import type { App } from '../api/app.js';
import { ConnectionDroppedError, responseText, type ApiRequest, type ApiResponse } from '../api/route.js';
import { cancelScheduledDelivery } from '../store/scheduled-messages/delivery.js';

/** Stops what an app left armed on the shared clock: its queues (as a restart) and scheduled deliveries. */
export function retire(app: App): void {
  app.services.queues.closeAll();
  for (const id of app.store.state.scheduledMessages.keys()) cancelScheduledDelivery(app.store, id);
}

/** `mock.fetch`: a Request translated to the plain record `handle` takes (the Host is the URL's unless set). */
export async function fetchThrough(
  request: Request,
  handle: (request: ApiRequest) => Promise<ApiResponse>,
): Promise<Response> {
  const url = new URL(request.url);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const response = await handle({
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    // fetch sends the URL's host as Host: a Request object carries none of its own.
    header: (name) => request.headers.get(name) ?? (name === 'host' ? url.host : undefined),
    body: hasBody ? new Uint8Array(await request.arrayBuffer()) : null,
    signal: request.signal,
  });
  if (response.drop) throw new ConnectionDroppedError();
  const body = responseText(response);
  return new Response(body, { status: response.status, headers: response.headers });
}
