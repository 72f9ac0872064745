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

/** The reverse-linkification fields of a linkifier (levels 471 and 478). */
export interface LinkifierExtras {
  example_input: string | null;
  reverse_template: string | null;
  alternative_url_templates: string[];
}

/** Extras of a linkifier without any. */
export const NO_EXTRAS: LinkifierExtras = {
  example_input: null,
  reverse_template: null,
  alternative_url_templates: [],
};

/** A stored linkifier with every field (realm files may leave the reverse-linkification fields out). */
export function completeLinkifier(linkifier: Linkifier): Linkifier {
  return {
    ...linkifier,
    example_input: linkifier.example_input ?? null,
    reverse_template: linkifier.reverse_template ?? null,
    alternative_url_templates: linkifier.alternative_url_templates ?? [],
  };
}

/**
 * Checks the reverse-linkification fields: reverse_template needs example_input, and each alternative URL
 * template uses exactly the pattern's groups (as url_template must).
 */
export function checkLinkifierExtras(pattern: string, extras: LinkifierExtras): ValidationFailure | null {
  if (extras.reverse_template !== null && extras.example_input === null)
    return fail('reverse_template', 'Reverse template requires example input.');
  const compiled = patternGroups(pattern);
  if ('error' in compiled) return null;
  for (const template of extras.alternative_url_templates) {
    const variables = templateVariables(template);
    if (!variables) return fail('alternative_url_templates', 'Invalid URL template.');
    const same =
      variables.size === compiled.groups.size && [...variables].every((v) => compiled.groups.has(v));
    if (!same)
      return fail(
        'alternative_url_templates',
        'Alternative URL templates must use the same groups as the linkifier pattern.',
      );
  }
  return null;
}

/** Appends a (checked) linkifier and emits realm_linkifiers. */
export function addLinkifier(
  store: Store,
  pattern: string,
  urlTemplate: string,
  extras: LinkifierExtras = NO_EXTRAS,
): Linkifier {
  const linkifier: Linkifier = {
    id: store.nextId('linkifier'),
    pattern,
    url_template: urlTemplate,
    ...extras,
  };
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
  extras: Partial<LinkifierExtras> = {},
): void {
  const updated = { ...linkifier, pattern, url_template: urlTemplate, ...extras };
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
