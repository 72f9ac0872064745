/** Derived organization facts that requests read often, computed once per change rather than per request. */
import { renderContent } from './render.js';
import type { RealmState } from './state.js';

const descriptionCache = new WeakMap<RealmState, { text: string; html: string }>();

/** The organization description as HTML (re-rendered only when the description text changes). */
export function renderedRealmDescription(state: RealmState): string {
  const cached = descriptionCache.get(state);
  if (cached?.text === state.realm.description) return cached.html;
  const html = renderContent(state, state.realm.description).html;
  descriptionCache.set(state, { text: state.realm.description, html });
  return html;
}

/**
 * Takes `html` as the render of the organization description `text` (recorded for this realm), as if it had been
 * rendered; ignored when the description is another text.
 */
export function keepRenderedRealmDescription(state: RealmState, text: string, html: string): void {
  if (state.realm.description === text) descriptionCache.set(state, { text, html });
}

/** Absolute URL of the organization icon. */
export function realmIconUrl(state: RealmState): string {
  return new URL(state.realm.icon_url ?? '/static/images/logo/svc-icon-128x128.png', state.realm.url).href;
}
