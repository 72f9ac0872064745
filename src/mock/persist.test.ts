import { describe, expect, it } from 'vitest';
import { createManualClock } from '../store/clock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { createMock, type Mock } from './create-mock.js';
import { createWebStorage, persistMock, type StateStorage } from './persist.js';

const HAMLET = `Basic ${btoa('hamlet@svc.test:hamletSvcDevApiKey0123456789abcd')}`;

function newMock(): Mock {
  return createMock({ realm: preparedDevRealm(), clock: createManualClock(Date.UTC(2025, 5, 1)) });
}

/** A StateStorage in memory that counts its saves. */
function memoryStorage(initial?: unknown): StateStorage & { saves: number; value: unknown } {
  return {
    saves: 0,
    value: initial,
    load() {
      return Promise.resolve(this.value);
    },
    save(snapshot) {
      this.saves++;
      this.value = structuredClone(snapshot);
      return Promise.resolve();
    },
    clear() {
      this.value = undefined;
      return Promise.resolve();
    },
  };
}

async function send(mock: Mock, content: string): Promise<number> {
  const response = await mock.fetch(
    new Request('http://svc.test/api/v1/messages', {
      method: 'POST',
      headers: { authorization: HAMLET },
      body: new URLSearchParams({ type: 'channel', to: 'Verona', topic: 'persist', content }),
    }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

async function contentOf(mock: Mock, id: number): Promise<unknown> {
  const response = await mock.fetch(
    new Request(`http://svc.test/api/v1/messages/${id}?apply_markdown=false`, {
      headers: { authorization: HAMLET },
    }),
  );
  return response.status === 200
    ? ((await response.json()) as { message: { content: string } }).message.content
    : response.status;
}

describe('persistMock', () => {
  it('restores what an earlier page saved, and saves only when the state changed', async () => {
    const storage = memoryStorage();
    const first = newMock();
    const persistence = await persistMock(first, { storage, saveEveryMs: 60_000 });
    expect(persistence.restored).toBe(false);
    await persistence.flush();
    expect(storage.saves).toBe(0);
    const id = await send(first, 'kept across a reload');
    await persistence.flush();
    await persistence.flush();
    expect(storage.saves).toBe(1);
    await persistence.stop();

    const second = newMock();
    expect(await contentOf(second, id)).toBe(400);
    const again = await persistMock(second, { storage, saveEveryMs: 60_000 });
    expect(again.restored).toBe(true);
    expect(await contentOf(second, id)).toBe('kept across a reload');
    await again.stop();
    expect(storage.saves).toBe(1);
  });

  it('counts a reset as a change, so the initial realm is saved again', async () => {
    const storage = memoryStorage();
    const mock = newMock();
    const persistence = await persistMock(mock, { storage, saveEveryMs: 60_000 });
    const id = await send(mock, 'gone after the reset');
    await persistence.flush();
    mock.reset();
    await persistence.stop();
    expect(storage.saves).toBe(2);
    const next = newMock();
    await (await persistMock(next, { storage })).stop();
    expect(await contentOf(next, id)).toBe(400);
  });

  it('discards a stored state that does not load, reports it and keeps the initial realm', async () => {
    const storage = memoryStorage({ format: 'not a realm' });
    const problems: unknown[] = [];
    const mock = newMock();
    const before = mock.snapshot();
    const persistence = await persistMock(mock, { storage, onError: (e) => problems.push(e) });
    await persistence.stop();
    expect(persistence.restored).toBe(false);
    expect(String(problems[0])).toMatch(/Invalid snapshot/);
    expect(storage.value).toBeUndefined();
    expect(mock.snapshot()).toEqual(before);
  });

  it('keeps the snapshot as JSON in a Web Storage', async () => {
    const items = new Map<string, string>();
    const fake = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    } as Storage;
    const storage = createWebStorage('svc-test', fake);
    const mock = newMock();
    const persistence = await persistMock(mock, { storage, saveEveryMs: 60_000 });
    const id = await send(mock, 'in web storage');
    await persistence.stop();
    expect(JSON.parse(items.get('svc-test')!)).toEqual(mock.snapshot());
    const next = newMock();
    await (await persistMock(next, { storage })).stop();
    expect(await contentOf(next, id)).toBe('in web storage');
  });
});
