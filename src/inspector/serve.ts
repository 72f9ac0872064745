/** Serving the inspector page at /svc-mock/: the files by path, and the answer a server gives for them. */
import type { ApiResponse } from '../api/route.js';
import { INSPECTOR_HTML } from './assets/page.js';
import { INSPECTOR_SCRIPT } from './assets/script.js';
import { INSPECTOR_CSS } from './assets/style.js';

/** The inspector's three files as text. */
export interface InspectorAssets {
  /** The page, served at `/svc-mock/` (its asset URLs are relative to it). */
  html: string;
  /** The ES module, served at `/svc-mock/inspector/app.js`. */
  script: string;
  /** The stylesheet, served at `/svc-mock/inspector/app.css`. */
  style: string;
}

/** The inspector's HTML, JS and CSS as strings (browser-safe: for a browser entry that serves them itself). */
export function inspectorAssets(): InspectorAssets {
  return { html: INSPECTOR_HTML, script: INSPECTOR_SCRIPT, style: INSPECTOR_CSS };
}

/** Options of {@link inspectorHtml}. */
export interface InspectorHtmlOptions {
  /** Origin of the mock the page talks to (default: the page's own base URL). */
  base?: string;
  /** Put the script and stylesheet into the page itself (for an iframe's srcdoc), instead of loading them. */
  inline?: boolean;
}

const escapeAttribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The inspector page as one string: as served at /svc-mock/, or self-contained (`inline`) for a browser-mode
 * mock, whose service worker answers the page's fetches but not its navigation.
 * @example
 * iframe.srcdoc = inspectorHtml({ inline: true });
 */
export function inspectorHtml(options: InspectorHtmlOptions = {}): string {
  let html = INSPECTOR_HTML;
  if (options.base !== undefined)
    html = html.replace(
      '<title>',
      `<meta name="svc-mock-base" content="${escapeAttribute(options.base)}">\n<title>`,
    );
  if (!options.inline) return html;
  // A script's text must not close its own element; the stylesheet's neither.
  const script = INSPECTOR_SCRIPT.replace(/<\/script/gi, '<\\/script');
  const style = INSPECTOR_CSS.replace(/<\/style/gi, '<\\/style');
  return html
    .replace('<link rel="stylesheet" href="/svc-mock/inspector/app.css">', () => `<style>${style}</style>`)
    .replace(
      '<script type="module" src="/svc-mock/inspector/app.js"></script>',
      () => `<script type="module">${script}</script>`,
    );
}

/** Where each file lives under the control API's root. */
export const INSPECTOR_PATHS = {
  html: '/svc-mock/',
  script: '/svc-mock/inspector/app.js',
  style: '/svc-mock/inspector/app.css',
} as const;

const TYPES = {
  html: 'text/html; charset=utf-8',
  script: 'text/javascript; charset=utf-8',
  style: 'text/css; charset=utf-8',
} as const;

/** The inspector file at `path` with its content type, or undefined when the path is not one of them. */
export function inspectorFile(path: string): { contentType: string; body: string } | undefined {
  const assets = inspectorAssets();
  for (const kind of ['html', 'script', 'style'] as const)
    if (INSPECTOR_PATHS[kind] === path) return { contentType: TYPES[kind], body: assets[kind] };
  return undefined;
}

// The page renders the mock's own message HTML: allow nothing from elsewhere.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'";

const hasControl = (target: unknown): boolean =>
  typeof target === 'object' &&
  target !== null &&
  'services' in target &&
  (target as { services?: { control?: unknown } }).services?.control !== undefined;

/**
 * The answer to a GET or HEAD of an inspector path when `target` (an App or Mock) has the control API on;
 * undefined otherwise, so the request goes on to the app (which answers the unknown-endpoint 404).
 */
export function answerInspector(target: unknown, method: string, path: string): ApiResponse | undefined {
  if ((method !== 'GET' && method !== 'HEAD') || !path.startsWith('/svc-mock')) return undefined;
  if (!hasControl(target)) return undefined;
  if (path === '/svc-mock') return { status: 301, headers: { Location: '/svc-mock/' }, body: null };
  const file = inspectorFile(path);
  if (!file) return undefined;
  return {
    status: 200,
    headers: {
      'Content-Type': file.contentType,
      'Cache-Control': 'no-cache',
      'Content-Security-Policy': CSP,
    },
    body: file.body,
  };
}
