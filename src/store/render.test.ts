import { describe, expect, it } from 'vitest';
import { MEMBER } from '../testing/accounts.js';
import { devRealm } from '../testing/dev-realm.js';
import { describeTransports } from '../testing/transports.js';
import { createManualClock } from './clock.js';
import { loadRealm } from './load-realm.js';
import { createRandom } from './random.js';
import { invalidateRenderCache, renderContent, renderContext, topicLinks } from './render.js';

const load = () =>
  loadRealm(devRealm(), {
    clock: createManualClock(1763700000000),
    random: createRandom(7),
    featureLevel: 435,
  });

describe('render bridge', () => {
  it('resolves users, groups, channels, realm emoji and linkifiers from the realm', () => {
    const { state } = load();
    const r = renderContent(state, '@**King Hamlet** @*leadership* #**Denmark** :green_tick: #7');
    expect(r.html).toBe(
      '<p><span class="user-mention" data-user-id="10">@King Hamlet</span> ' +
        '<span class="user-group-mention" data-user-group-id="10">@leadership</span> ' +
        '<a class="stream" data-stream-id="3" href="/#narrow/stream/3-Denmark">#Denmark</a> ' +
        '<img alt=":green_tick:" class="emoji" src="/user_avatars/2/emoji/images/1.png" title="green tick"> ' +
        '<a href="https://github.com/svc/svc/issues/7">#7</a></p>',
    );
    expect([...r.mentionedGroupIds]).toEqual([10]);
    expect([...r.mentionedUserIds].sort((a, b) => a - b)).toEqual([9, 10, 11]);
  });

  it('expands nested groups to active members only', () => {
    const { state } = load();
    // core: direct member 15, subgroup leadership (9, 11).
    expect([...renderContent(state, '@*core*').mentionedUserIds].sort((a, b) => a - b)).toEqual([9, 11, 15]);
    state.users.get(11)!.is_active = false;
    expect([...renderContent(state, '@*leadership*').mentionedUserIds]).toEqual([9]);
  });

  it('does not mention deactivated groups', () => {
    const { state } = load();
    const r = renderContent(state, '@*retired-team*');
    expect(r.html).toBe('<p>@<em>retired-team</em></p>');
    expect(r.mentionedGroupIds.size).toBe(0);
  });

  it('does not mention deactivated users', () => {
    const { state } = load();
    expect(renderContent(state, '@**Ex Employee**').html).toBe('<p>@<strong>Ex Employee</strong></p>');
    expect(renderContent(state, '@**|18**').mentionedUserIds.size).toBe(0);
  });

  it('stops mentioning a user deactivated after the cache was built, without invalidation', () => {
    const { state } = load();
    expect(renderContent(state, '@**Iago**').mentionedUserIds.size).toBe(1);
    state.users.get(11)!.is_active = false;
    expect(renderContent(state, '@**Iago**').html).toBe('<p>@<strong>Iago</strong></p>');
    state.groups.get(9)!.deactivated = true;
    expect(renderContent(state, '@*hamletcharacters*').mentionedGroupIds.size).toBe(0);
  });

  it('sees users and realm emoji added after the cache was built, without invalidation', () => {
    const { state } = load();
    // A mention and an emoji that name nothing yet stay text, and build the cached context.
    expect(renderContent(state, '@**Fortinbras** arrives :crest:').html).toBe(
      '<p>@<strong>Fortinbras</strong> arrives :crest:</p>',
    );
    state.users.set(99, { ...state.users.get(10)!, user_id: 99, full_name: 'Fortinbras' });
    const mention = renderContent(state, '@**Fortinbras** arrives :crest:');
    expect(mention.html).toBe(
      '<p><span class="user-mention" data-user-id="99">@Fortinbras</span> arrives :crest:</p>',
    );
    expect([...mention.mentionedUserIds]).toEqual([99]);
    const emoji = [...state.realmEmoji.values()][0]!;
    state.realmEmoji.set(99, { ...emoji, id: 99, name: 'crest' });
    expect(renderContent(state, 'arrives :crest:').html).toBe(
      `<p>arrives <img alt=":crest:" class="emoji" src="${emoji.source_url}" title="crest"></p>`,
    );
  });

  it('keeps the cached context until invalidated, then sees renames', () => {
    const { state } = load();
    const first = renderContext(state);
    expect(renderContext(state)).toBe(first);
    renderContent(state, '@**King Hamlet**');
    state.users.get(10)!.full_name = 'King Claudius';
    invalidateRenderCache(state);
    expect(renderContext(state)).not.toBe(first);
    expect(renderContent(state, '@**King Claudius**').html).toBe(
      '<p><span class="user-mention" data-user-id="10">@King Claudius</span></p>',
    );
    expect(renderContent(state, '@**King Hamlet**').mentionedUserIds.size).toBe(0);
  });

  it('sees a replaced linkifier list without invalidation', () => {
    const { state } = load();
    expect(renderContent(state, 'RFC 1').hasLink).toBe(true);
    state.linkifiers = [];
    expect(renderContent(state, 'RFC 1').html).toBe('<p>RFC 1</p>');
  });

  it('finds topic links with the realm linkifiers', () => {
    const { state } = load();
    expect(topicLinks(state, 'RFC 2119 review')).toEqual([
      { text: 'RFC 2119', url: 'https://datatracker.ietf.org/doc/html/rfc2119' },
    ]);
  });
});

describeTransports('realm description rendering', (t) => {
  it('GET /server_settings returns the realm description rendered against the realm', async () => {
    t().app.store.state.realm.description = 'Run by @**King Hamlet** in #**Denmark** :tada:';
    const res = await t().anonymous.get('server_settings');
    expect(res.status).toBe(200);
    expect(res.body.realm_description).toBe(
      '<p>Run by <span class="user-mention" data-user-id="10">@King Hamlet</span> in ' +
        '<a class="stream" data-stream-id="3" href="/#narrow/stream/3-Denmark">#Denmark</a> ' +
        '<span aria-label="tada" class="emoji emoji-1f389" role="img" title="tada">:tada:</span></p>',
    );
  });

  it('POST /register returns the same rendered realm description', async () => {
    t().app.store.state.realm.description = 'Ask @_**Iago** about RFC 1149';
    const res = await t()
      .as(MEMBER)
      .post('register', { fetch_event_types: ['realm'] });
    expect(res.status).toBe(200);
    expect(res.body.realm_rendered_description).toBe(
      '<p>Ask <span class="user-mention silent" data-user-id="11">Iago</span> about ' +
        '<a href="https://datatracker.ietf.org/doc/html/rfc1149">RFC 1149</a></p>',
    );
  });
});
