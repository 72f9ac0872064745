import type { TestProject } from 'vitest/node';
import { createMock } from 'svc-mock';
import { startServer } from 'svc-mock/node';
import realm from 'svc-mock/fixtures/dev-realm.json' with { type: 'json' };

declare module 'vitest' {
  export interface ProvidedContext {
    svcMockUrl: string;
  }
}

/** Starts one server on a free port for the run; the workers learn its URL with inject('svcMockUrl'). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = createMock({ realm, realmSources: { dev: realm } });
  const server = await startServer(mock, { port: 0 });
  // Realm URLs on the port the server got: http://<subdomain>.localhost:PORT.
  mock.realms.setBaseUrl(`http://localhost:${server.port}`);
  project.provide('svcMockUrl', server.url);
  return () => server.close();
}
