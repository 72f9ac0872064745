import { describe, expect, it } from 'vitest';
import { wrkScript } from './generator.js';

describe('wrkScript', () => {
  const spec = {
    method: 'GET' as const,
    path: '/api/v1/messages?anchor=1',
    headers: { authorization: 'Basic eA==' },
  };

  it('sends one request with its method, path and headers when no rotation is given', () => {
    const script = wrkScript(spec);
    expect(script).toContain('wrk.method = "GET"');
    expect(script).toContain('wrk.path = "/api/v1/messages?anchor=1"');
    expect(script).toContain('wrk.headers["authorization"] = "Basic eA=="');
    expect(script).not.toContain('request = function');
  });

  it('formats every path of a rotation once and hands them out in turn', () => {
    const paths = ['/api/v1/messages?anchor=1', '/api/v1/messages?anchor=2', '/api/v1/messages?anchor=3'];
    const script = wrkScript({ ...spec, paths });
    expect(script).toContain(`local paths = {${paths.map((p) => JSON.stringify(p)).join(', ')}}`);
    expect(script).toMatch(/init = function\(args\)\n.*wrk\.format\(nil, path\)/);
    expect(script).toMatch(
      /request = function\(\)\n\s+turn = turn % #requests \+ 1\n\s+return requests\[turn\]/,
    );
  });

  it('refuses strings wrk could not quote', () => {
    expect(() => wrkScript({ ...spec, paths: ['/é'] })).toThrow(/printable ASCII/);
  });
});
