/** Which edit history a message shows, per the realm's message_edit_history_visibility_policy. */
import type { EditHistoryEntry } from '../../generated/types.js';
import type { EditRecord, MessageRecord, RealmState } from '../state.js';

/** The visibility policy in effect ('all', 'moves' or 'none'). */
export function editHistoryPolicy(state: RealmState): 'all' | 'moves' | 'none' {
  if (state.settings.allow_edit_history === false) return 'none';
  return (state.settings.message_edit_history_visibility_policy as 'all' | 'moves' | 'none') ?? 'all';
}

function isMove(entry: EditRecord): boolean {
  return entry.prev_topic !== undefined || entry.prev_stream !== undefined;
}

/** The `edit_history` of the message object (newest first), or undefined when absent or hidden. */
export function visibleEditHistory(state: RealmState, record: MessageRecord): EditHistoryEntry[] | undefined {
  const policy = editHistoryPolicy(state);
  if (policy === 'none' || record.edit_history.length === 0) return undefined;
  const entries: EditHistoryEntry[] = [];
  for (const entry of record.edit_history) {
    if (policy === 'moves') {
      if (!isMove(entry)) continue;
      const { prev_content: _c, prev_rendered_content: _r, ...move } = entry;
      entries.push({ ...move });
    } else {
      entries.push({ ...entry });
    }
  }
  return entries.length ? entries : undefined;
}
