import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../api/routes/index.js';
import { endpointsPagePath, realmsPagePath, withRouteTable } from './readme-routes.js';

describe('docs/endpoints.md endpoint table', () => {
  it('lists exactly the route table (run `npm run readme` after adding routes)', async () => {
    const page = readFileSync(endpointsPagePath, 'utf8');
    expect(await withRouteTable(page, routes)).toBe(page);
  });
});

describe('docs/realms.md accounts table', () => {
  it('gives the dev realm e-mails, roles, API keys and passwords exactly', () => {
    const readme = readFileSync(realmsPagePath, 'utf8');
    const realm = JSON.parse(
      readFileSync(new URL('../../fixtures/dev-realm.json', import.meta.url), 'utf8'),
    ) as {
      users: Array<{ delivery_email: string; role: number; api_key: string; password?: string }>;
    };
    const roles: Record<string, number> = {
      owner: 100,
      administrator: 200,
      moderator: 300,
      member: 400,
      guest: 600,
    };
    const rows = [
      ...readme.matchAll(
        /^\|\s*`([^`]+@[^`]+)`\s*\|\s*(\w+)\s*\|\s*`([A-Za-z0-9]{32})`\s*\|\s*`([^`]+)`\s*\|$/gm,
      ),
    ];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const [, email, role, key, password] of rows) {
      const user = realm.users.find((u) => u.delivery_email === email);
      expect(user, email).toBeDefined();
      expect({ role: user!.role, key: user!.api_key, password: user!.password }).toEqual({
        role: roles[role!],
        key,
        password,
      });
    }
  });
});
