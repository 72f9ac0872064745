/**
 * The inspector: a page at /svc-mock/ that shows the mock's realm, event queues, request log and clock live,
 * and drives it through the control API. Browser-safe.
 */
export { withInspector } from './dispatcher.js';
export { answerInspector, inspectorAssets, inspectorFile, inspectorHtml, INSPECTOR_PATHS } from './serve.js';
export type { InspectorAssets, InspectorHtmlOptions } from './serve.js';
export { mountInspector } from './mount.js';
export type { MountInspectorOptions } from './mount.js';
export { INSPECTOR_HEADER } from '../mock/create-mock.js';
