import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../adapters/node/server.js';
import { createMock } from '../mock/create-mock.js';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { INSPECTOR_PATHS, answerInspector, inspectorAssets, inspectorHtml } from './index.js';

describe('inspector assets', () => {
  const { html, script, style } = inspectorAssets();

  it('ships a script that parses and a page that has every element the script looks up', () => {
    expect(() => new Function(script)).not.toThrow();
    const ids = [...script.matchAll(/\$\('([\w-]+)'\)/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(20);
    for (const id of new Set(ids)) expect(html, id).toContain(`id="${id}"`);
  });

  it('labels every form control of the page and links its own script and stylesheet', () => {
    const controls = [...html.matchAll(/<(?:input|select|textarea)[^>]*\bid="([\w-]+)"/g)].map((m) => m[1]!);
    expect(controls.length).toBeGreaterThan(5);
    for (const id of controls) expect(html, id).toContain(`for="${id}"`);
    expect(html).toContain(`src="${INSPECTOR_PATHS.script}"`);
    expect(html).toContain(`href="${INSPECTOR_PATHS.style}"`);
    expect(style).toContain('prefers-color-scheme: dark');
  });

  it('inlines the script and stylesheet for a mounted copy, and names the mock it talks to', () => {
    const page = inspectorHtml({ inline: true, base: 'http://localhost:9991/"x' });
    expect(page).not.toContain(INSPECTOR_PATHS.script);
    expect(page).not.toContain(INSPECTOR_PATHS.style);
    expect(page).toContain(`<script type="module">${script}</script>`);
    expect(page).toContain(`<style>${style}</style>`);
    expect(page).toContain('<meta name="svc-mock-base" content="http://localhost:9991/&quot;x">');
    expect(inspectorHtml()).toBe(html);
  });

  it('answers only GET and HEAD of its paths, and only when the control API is on', () => {
    const on = createMock({ realm: preparedDevRealm(), logError: () => {} });
    const off = createMock({ realm: preparedDevRealm(), control: false, logError: () => {} });
    expect(answerInspector(on, 'GET', '/svc-mock/')?.body).toBe(html);
    expect(answerInspector(on, 'HEAD', INSPECTOR_PATHS.script)?.body).toBe(script);
    expect(answerInspector(on, 'POST', '/svc-mock/')).toBeUndefined();
    expect(answerInspector(on, 'GET', '/svc-mock/clock')).toBeUndefined();
    expect(answerInspector(off, 'GET', '/svc-mock/')).toBeUndefined();
    expect(answerInspector({ handle: () => undefined }, 'GET', '/svc-mock/')).toBeUndefined();
  });
});

describe('the node server at /svc-mock/', () => {
  let on: RunningServer;
  let off: RunningServer;
  beforeAll(async () => {
    on = await startServer(createMock({ realm: preparedDevRealm(), logError: () => {} }), { port: 0 });
    off = await startServer(createMock({ realm: preparedDevRealm(), control: false, logError: () => {} }), {
      port: 0,
    });
  });
  afterAll(async () => {
    await on?.close();
    await off?.close();
  });

  it('serves the page, its script and its stylesheet with their types', async () => {
    const cases = [
      [INSPECTOR_PATHS.html, 'text/html', '<title>svc-mock inspector</title>'],
      [INSPECTOR_PATHS.script, 'text/javascript', 'fetch(url, init)'],
      [INSPECTOR_PATHS.style, 'text/css', '.panels'],
    ] as const;
    for (const [path, type, text] of cases) {
      const res = await fetch(`${on.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await res.text()).toContain(text);
    }
    const bare = await fetch(`${on.url}/svc-mock`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/svc-mock/']);
    expect((await fetch(`${on.url}/svc-mock/inspector/nothing.js`)).status).toBe(404);
  });

  it('answers the 404 error envelope when the control API is off', async () => {
    for (const path of Object.values(INSPECTOR_PATHS)) {
      const res = await fetch(`${off.url}${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ result: 'error', code: 'BAD_REQUEST' });
    }
  });
});
