/** GET /realm/filters: the legacy linkifier list that older clients still call, beside GET /realm/linkifiers. */
import type { Linkifier } from '../../generated/types.js';
import { defineRoute } from '../route.js';

/** The pattern with Python-style named groups, as the legacy list spelled them. */
export function legacyPattern(pattern: string): string {
  return pattern.replace(/\(\?<(?![=!])/g, '(?P<');
}

/**
 * The URL template as a Python format string: `{name}` (any RFC 6570 operator) becomes `%(name)s` and a
 * literal `%` is doubled. A multi-variable expression keeps its first variable (the legacy format had no lists).
 */
export function legacyUrlFormat(template: string): string {
  return template
    .split(/(\{[^}]*\})/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replaceAll('%', '%%');
      const name = part
        .slice(1, -1)
        .replace(/^[+#./;?&]/, '')
        .split(',')[0]!
        .replace(/[:*].*$/, '');
      return `%(${name})s`;
    })
    .join('');
}

/** One linkifier as a legacy [pattern, url_format, id] triple. */
export function legacyFilter(linkifier: Linkifier): [string, string, number] {
  return [legacyPattern(linkifier.pattern), legacyUrlFormat(linkifier.url_template), linkifier.id];
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
