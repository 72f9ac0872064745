import { afterAll, beforeAll, inject } from 'vitest';
import { createRealm, type RealmClient } from 'svc-mock/node';

/** This worker's realm, `worker-<pool id>`, made fresh for each test file and deleted after it. */
export let realm: RealmClient;

beforeAll(async () => {
  realm = await createRealm(inject('svcMockUrl'), { subdomain: `worker-${process.env.VITEST_POOL_ID}` });
});

afterAll(() => realm.delete());
