import { describe, expect, it } from 'vitest';
import type { Route } from './route.js';
import { createRouter } from './router.js';

const route = (method: string, path: string): Route => ({ method, path, schema: null }) as unknown as Route;

describe('createRouter', () => {
  const getMessages = route('GET', '/messages');
  const postMessages = route('POST', '/messages');
  const getUser = route('GET', '/users/{email}');
  const match = createRouter([getMessages, postMessages, getUser]);
  const routeOf = (method: string, path: string): Route | undefined => {
    const found = match(method, path);
    return found.kind === 'route' ? found.compiled.route : undefined;
  };

  it('gives each method of a path its own route, asked in any order and again', () => {
    for (let i = 0; i < 3; i++) {
      expect(routeOf('POST', '/api/v1/messages')).toBe(postMessages);
      expect(routeOf('GET', '/api/v1/messages')).toBe(getMessages);
      expect(routeOf('HEAD', '/api/v1/messages')).toBe(getMessages);
    }
    expect(match('DELETE', '/api/v1/messages')).toEqual({
      kind: 'method-not-allowed',
      allowed: ['GET', 'POST'],
    });
    expect(match('GET', '/api/v1/nothing')).toEqual({ kind: 'not-found' });
  });

  it('gives the parameters of each request of a path with parameters', () => {
    const first = match('GET', '/api/v1/users/a%40x.test');
    const second = match('GET', '/api/v1/users/b%40x.test');
    expect(first).toMatchObject({ kind: 'route', pathParams: { email: 'a@x.test' } });
    expect(second).toMatchObject({ kind: 'route', pathParams: { email: 'b@x.test' } });
  });
});
