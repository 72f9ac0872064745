/** Renders Markdown against the realm: the store's bridge to src/markdown (mentions, links, emoji, linkifiers). */
import { renderMarkdown, type RenderResult } from '../markdown/render.js';
import type { RealmState } from './state.js';

/** Renders message or description content for this realm. */
export function renderContent(state: RealmState, content: string): RenderResult {
  return renderMarkdown(content, { realmUrl: state.realm.url });
}
