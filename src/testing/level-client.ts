/** A minimal in-process client for tests that compare the mock's answers at several feature levels. */
import { createApp, type App } from '../api/app.js';
import { MEMBER } from './accounts.js';
import { preparedDevRealm } from './dev-realm.js';
import { basicAuth, encodeValue } from './transports.js';

/** One app per feature level on the dev realm; tests that change state use fresh names. */
export class LevelApps {
  private readonly apps = new Map<number, App>();

  /** The app serving `level`. */
  at(level: number): App {
    let app = this.apps.get(level);
    if (!app) {
      app = createApp({ realm: preparedDevRealm(), featureLevel: level, seed: 1, logError: () => {} });
      this.apps.set(level, app);
    }
    return app;
  }

  /** Sends a request as `email` (form-encoded, or a query for GET) and returns status and parsed body. */
  async send(
    level: number,
    email: string,
    method: string,
    path: string,
    params: Record<string, unknown> = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const app = this.at(level);
    const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, encodeValue(v)]));
    const query = method === 'GET' ? `?${form}` : '';
    const response = await app.fetch(
      new Request(`http://localhost:9991/api/v1${path}${query}`, {
        method,
        headers: { authorization: basicAuth(app, email) },
        ...(method === 'GET' ? {} : { body: form }),
      }),
    );
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** Like {@link send}, but throws unless the answer is a success. */
  async call(
    level: number,
    email: string,
    method: string,
    path: string,
    params: Record<string, unknown> = {},
  ): Promise<Record<string, unknown>> {
    const { status, body } = await this.send(level, email, method, path, params);
    if (status !== 200) throw new Error(`${method} ${path} at level ${level}: ${JSON.stringify(body)}`);
    return body;
  }
}

/**
 * Sends a request to `app` as `email` (a query for GET, a form otherwise) and returns status and parsed body:
 * for tests that build their own apps (a clock of their own, a level of their own).
 */
export async function callApp(
  app: App,
  method: string,
  path: string,
  params: Record<string, unknown> = {},
  email = MEMBER,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, encodeValue(v)]));
  const response = await app.fetch(
    new Request(`http://localhost/api/v1/${path}${method === 'GET' ? `?${form}` : ''}`, {
      method,
      headers: { authorization: basicAuth(app, email) },
      ...(method === 'GET' ? {} : { body: form }),
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
