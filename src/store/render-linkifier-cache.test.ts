import { describe, expect, it } from 'vitest';
import { devRealm } from '../testing/dev-realm.js';
import { createManualClock } from './clock.js';
import { addLinkifier, removeLinkifier, updateLinkifier } from './linkifiers/linkifiers.js';
import { loadRealm } from './load-realm.js';
import { createRandom } from './random.js';
import { renderContent } from './render.js';

const load = () =>
  loadRealm(devRealm(), {
    clock: createManualClock(1763700000000),
    random: createRandom(7),
    featureLevel: 435,
  });

describe('linkifier caches and the store change path', () => {
  it('renders with a linkifier as added, updated and removed through the store', () => {
    const store = load();
    const html = (): string => renderContent(store.state, 'see !45 and #7').html;
    const before = html();
    expect(before).not.toContain('https://one.example/45');
    const rule = addLinkifier(store, '!(?P<n>[0-9]+)', 'https://one.example/{n}');
    expect(html()).toContain('<a href="https://one.example/45">!45</a>');
    updateLinkifier(store, rule, '!(?P<n>[0-9]+)', 'https://two.example/{n}');
    expect(html()).toContain('<a href="https://two.example/45">!45</a>');
    expect(html()).not.toContain('one.example');
    updateLinkifier(
      store,
      store.state.linkifiers.find((l) => l.id === rule.id)!,
      'x(?P<n>[0-9]+)',
      'https://two.example/{n}',
    );
    expect(html()).not.toContain('two.example');
    removeLinkifier(store, rule.id);
    expect(html()).toBe(before);
  });
});
