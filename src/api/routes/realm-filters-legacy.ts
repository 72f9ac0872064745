/** GET /realm/filters: the legacy linkifier list that older clients still call, beside GET /realm/linkifiers. */
import type { Linkifier } from '../../generated/types.js';
import { urlFormatString } from '../../versions/fields.js';
import { defineRoute } from '../route.js';

/** The pattern with Python-style named groups, as the legacy list spelled them. */
export function legacyPattern(pattern: string): string {
  return pattern.replace(/\(\?<(?![=!])/g, '(?P<');
}

/** One linkifier as a legacy [pattern, url_format, id] triple (the URL format as levels before 176 sent it). */
export function legacyFilter(linkifier: Linkifier): [string, string, number] {
  // urlFormatString takes any field value (it also converts register's linkifiers) and keeps a string a string.
  const urlFormat = urlFormatString(linkifier.url_template) as string;
  return [legacyPattern(linkifier.pattern), urlFormat, linkifier.id];
}

export const realmFilterLegacyRoutes = [
  defineRoute({
    method: 'GET',
    path: '/realm/filters',
    schema: 'get-realm-filters',
    summary: 'Linkifiers in the legacy [pattern, url_format, id] form',
    handler({ store }) {
      return { filters: store.state.linkifiers.map(legacyFilter) };
    },
  }),
];
