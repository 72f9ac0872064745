/** Mounting the inspector inside a page (browser mode): an iframe whose document is the self-contained page. */
import { inspectorHtml } from './serve.js';

/** Options of {@link mountInspector}. */
export interface MountInspectorOptions {
  /** Origin of the mock (default: the page's own; give the `baseUrl` the handlers serve). */
  base?: string;
}

/**
 * Adds the inspector to `container` as a full-size iframe; its fetches go through the page's service worker,
 * so it shows the mock that `startMock` (or MSW's `setupWorker`) runs. Returns the iframe (remove it to unmount).
 * @example
 * const mock = await startMock();
 * mountInspector(document.getElementById('inspector')!);
 */
export function mountInspector(
  container: HTMLElement,
  options: MountInspectorOptions = {},
): HTMLIFrameElement {
  const frame = container.ownerDocument.createElement('iframe');
  frame.title = 'svc-mock inspector';
  frame.style.cssText = 'width: 100%; height: 100%; min-height: 600px; border: 0; display: block;';
  frame.srcdoc = inspectorHtml({ inline: true, base: options.base ?? container.ownerDocument.baseURI });
  container.append(frame);
  return frame;
}
