/** Loads alert words (and the has_alert_word flags they give), muted users and statuses. */
import { containsAlertWord } from '../user-preferences/alert-words.js';
import { FLAG_BITS } from '../state.js';
import type { LoadContext } from './context.js';

/** Adds each user's alert words, mutes and status; records a problem for unknown users or self-mutes. */
export function loadUserPreferences(context: LoadContext): void {
  const { data, state, problems, userExists } = context;
  for (const [i, entry] of (data.alert_words ?? []).entries()) {
    if (!userExists(entry.user_id, `/alert_words/${i}/user_id`)) continue;
    const words = state.alertWords.get(entry.user_id) ?? [];
    for (const word of entry.alert_words)
      if (!words.some((w) => w.toLowerCase() === word.toLowerCase())) words.push(word);
    if (words.length) state.alertWords.set(entry.user_id, words);
  }
  for (const [i, mute] of (data.muted_users ?? []).entries()) {
    if (!userExists(mute.user_id, `/muted_users/${i}/user_id`)) continue;
    if (!userExists(mute.muted_user_id, `/muted_users/${i}/muted_user_id`)) continue;
    if (mute.user_id === mute.muted_user_id) {
      problems.push(`/muted_users/${i}/muted_user_id: a user cannot mute themselves`);
      continue;
    }
    let mine = state.mutedUsers.get(mute.user_id);
    if (!mine) state.mutedUsers.set(mute.user_id, (mine = new Map()));
    mine.set(mute.muted_user_id, mute.timestamp);
  }
  for (const [i, s] of (data.user_status ?? []).entries()) {
    if (!userExists(s.user_id, `/user_status/${i}/user_id`)) continue;
    state.userStatuses.set(s.user_id, {
      away: s.away ?? false,
      status_text: s.status_text ?? '',
      emoji_name: s.emoji_name ?? '',
      emoji_code: s.emoji_code ?? '',
      reaction_type: s.reaction_type ?? 'unicode_emoji',
    });
  }
  flagAlertedMessages(context);
}

/** Gives has_alert_word to the loaded rows of users whose words occur in a message (run after messages). */
function flagAlertedMessages({ state }: LoadContext): void {
  for (const [userId, words] of state.alertWords) {
    const rows = state.index.flags.get(userId);
    if (!rows) continue;
    for (const id of state.index.byUser.get(userId) ?? []) {
      const message = state.messages.get(id);
      if (!message || !containsAlertWord(words, message.content)) continue;
      rows.set(id, rows.get(id)! | FLAG_BITS.has_alert_word);
    }
  }
}
