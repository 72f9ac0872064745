import { describe, expect, it } from 'vitest';
import { schemaById } from '../../generated/schemas.js';
import { createRouter } from '../router.js';
import { routes } from './index.js';

describe('the route table', () => {
  it('gives every route a summary and an endpoint schema with params and response', () => {
    const incomplete = routes.filter((route) => {
      const file = schemaById(`endpoints/${route.schema}.json`);
      const defs = file?.$defs as Record<string, unknown> | undefined;
      return !route.summary || !defs?.params || !defs?.response;
    });
    expect(incomplete.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('has no two routes for the same method and path', () => {
    expect(() => createRouter(routes)).not.toThrow();
    expect(() => createRouter([routes[0]!, routes[0]!])).toThrow(/duplicate route/);
  });

  it('matches static segments before parameters and integers before strings', () => {
    const match = createRouter(routes);
    const me = match('GET', '/api/v1/users/me');
    const byId = match('GET', '/api/v1/users/10');
    const byEmail = match('GET', '/api/v1/users/iago@svc.test');
    expect(me.kind === 'route' && me.compiled.route.path).toBe('/users/me');
    expect(byId.kind === 'route' && byId.pathParams).toEqual({ user_id: '10' });
    expect(byEmail.kind === 'route' && Object.values(byEmail.pathParams)).toEqual(['iago@svc.test']);
  });
});
