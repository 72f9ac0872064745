/** Linkifiers: validated pattern/URL-template pairs, kept in state.linkifiers in their configured order. */
import type { Linkifier } from '../../generated/types.js';
import type { RealmState } from '../state.js';
import type { Store } from '../store.js';
import { patternGroups, templateVariables } from './url-template.js';

/** A refused linkifier: the first message, and all messages by field as the API's `errors` reports them. */
export interface ValidationFailure {
  message: string;
  errors: Record<string, string[]>;
}

const fail = (field: string, message: string): ValidationFailure => ({
  message,
  errors: { [field]: [message] },
});

/** Checks a linkifier: a valid pattern, a valid template, and template variables = the pattern's groups. */
export function checkLinkifier(
  state: RealmState,
  pattern: string,
  urlTemplate: string,
  exceptId?: number,
): ValidationFailure | null {
  const compiled = patternGroups(pattern);
  if ('error' in compiled) return fail('pattern', `Bad regular expression: ${compiled.error}`);
  const variables = templateVariables(urlTemplate);
  if (!variables) return fail('url_template', 'Invalid URL template.');
  const missingInPattern = [...variables].filter((v) => !compiled.groups.has(v)).sort();
  if (missingInPattern.length)
    return fail(
      '__all__',
      `Group '${missingInPattern[0]}' in URL template is not present in linkifier pattern.`,
    );
  const missingInUrl = [...compiled.groups].filter((g) => !variables.has(g)).sort();
  if (missingInUrl.length)
    return fail('__all__', `Group '${missingInUrl[0]}' in linkifier pattern is not present in URL template.`);
  if (state.linkifiers.some((l) => l.pattern === pattern && l.id !== exceptId))
    return fail('__all__', 'Realm filter with this Realm and Pattern already exists.');
  return null;
}

function announce(store: Store): void {
  store.emit(store.activeUserIds(), {
    type: 'realm_linkifiers',
    realm_linkifiers: store.state.linkifiers.map((l) => ({ ...l })),
  });
}

/** Appends a (checked) linkifier and emits realm_linkifiers. */
export function addLinkifier(store: Store, pattern: string, urlTemplate: string): Linkifier {
  const linkifier: Linkifier = { id: store.nextId('linkifier'), pattern, url_template: urlTemplate };
  // Changes replace the array, so caches keyed by it (topic links) see every change.
  store.state.linkifiers = [...store.state.linkifiers, linkifier];
  announce(store);
  return linkifier;
}

/** Replaces a linkifier's pattern and template (its position is kept). */
export function updateLinkifier(
  store: Store,
  linkifier: Linkifier,
  pattern: string,
  urlTemplate: string,
): void {
  const updated = { ...linkifier, pattern, url_template: urlTemplate };
  store.state.linkifiers = store.state.linkifiers.map((l) => (l.id === linkifier.id ? updated : l));
  announce(store);
}

/** Removes a linkifier. */
export function removeLinkifier(store: Store, id: number): void {
  store.state.linkifiers = store.state.linkifiers.filter((l) => l.id !== id);
  announce(store);
}

/** Why a reorder list is refused. */
export type ReorderRefusal = 'duplicates' | 'not_all';

/** Checks that `ids` lists every linkifier exactly once. */
export function checkLinkifierOrder(state: RealmState, ids: number[]): ReorderRefusal | null {
  if (new Set(ids).size !== ids.length) return 'duplicates';
  const existing = new Set(state.linkifiers.map((l) => l.id));
  if (ids.length !== existing.size || !ids.every((id) => existing.has(id))) return 'not_all';
  return null;
}

/** Puts the linkifiers in the given (checked) order; rendering applies them in this order. */
export function reorderLinkifiers(store: Store, ids: number[]): void {
  const byId = new Map(store.state.linkifiers.map((l) => [l.id, l]));
  store.state.linkifiers = ids.map((id) => byId.get(id)!);
  announce(store);
}
