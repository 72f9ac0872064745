import { describe, expect, it } from 'vitest';
import { preparedDevRealm } from '../testing/dev-realm.js';
import { createManualClock } from './clock.js';
import { createDrafts, deleteAllDrafts, deleteDraft, userDrafts } from './drafts/drafts.js';
import { createRandom } from './random.js';
import { createSnippet, deleteSnippet, userSnippets } from './saved-snippets/saved-snippets.js';
import { deleteScheduledMessage, userScheduledMessages } from './scheduled-messages/scheduled-messages.js';
import type { RealmState } from './state.js';
import type { Store } from './store.js';

const newStore = (): Store =>
  preparedDevRealm().createStore({
    clock: createManualClock(1763700000 * 1000),
    random: createRandom(7),
    featureLevel: 435,
  });

/** The index, rebuilt by a full scan, for comparison with the kept one. */
function scanned(state: RealmState): RealmState['byOwner'] {
  const group = (records: Iterable<[number, number]>) => {
    const out = new Map<number, Set<number>>();
    for (const [owner, id] of records) out.set(owner, (out.get(owner) ?? new Set()).add(id));
    return out;
  };
  return {
    drafts: group([...state.drafts.values()].map((d) => [d.user_id, d.id])),
    savedSnippets: group([...state.savedSnippets.values()].map((s) => [s.user_id, s.id])),
    scheduledMessages: group(
      [...state.scheduledMessages.values()].map((s) => [s.sender_id, s.scheduled_message_id]),
    ),
  };
}

describe('per-owner indexes of drafts, saved snippets and scheduled messages', () => {
  it('are built by the loader for the fixture records and survive the per-store copy', () => {
    const { state } = newStore();
    expect(state.byOwner).toEqual(scanned(state));
    expect(state.byOwner.drafts.get(11)).toEqual(new Set([1, 2]));
    expect(userDrafts(state, 11).map((d) => d.id)).toEqual([1, 2]);
    expect(userSnippets(state, 10).map((s) => s.id)).toEqual([1, 2]);
    expect(userScheduledMessages(state, 10).map((s) => s.scheduled_message_id)).toEqual([1]);
  });

  it('follow creation and deletion, and one store never sees another store’s changes', () => {
    const a = newStore();
    const b = newStore();
    const hamlet = a.state.users.get(10)!;
    const [draftId] = createDrafts(a, hamlet, [{ type: '', to: [], topic: '', content: 'x', timestamp: 5 }]);
    createSnippet(a, hamlet, 'T', 'C');
    deleteSnippet(a, a.state.savedSnippets.get(1)!);
    deleteScheduledMessage(a, a.state.scheduledMessages.get(1)!);
    expect(userDrafts(a.state, 10).map((d) => d.id)).toEqual([draftId, 3]);
    expect(a.state.byOwner).toEqual(scanned(a.state));
    deleteDraft(a, a.state.drafts.get(draftId!)!);
    deleteAllDrafts(a, 11);
    expect(a.state.byOwner).toEqual(scanned(a.state));
    expect(a.state.byOwner.drafts.has(11)).toBe(false);
    expect(b.state.byOwner).toEqual(scanned(b.state));
    expect(userDrafts(b.state, 11)).toHaveLength(2);
    expect(userScheduledMessages(b.state, 10)).toHaveLength(1);
  });
});
