/** Alert words: per-user words or phrases that flag messages containing them (has_alert_word). */
import { FLAG_BITS, type RealmState, type UserRecord } from '../state.js';
import type { Store } from '../store.js';

/** Longest alert word accepted (characters, counted before surrounding whitespace is stripped). */
export const MAX_ALERT_WORD_LENGTH = 100;

// The server's boundary rule: the character before a match must be one of these (or the match starts the
// content), and the one after one of the others (or the match ends it). A double quote after a word does
// not count (the server's set holds the two-character string '",' instead), so "word" in quotes only
// matches when followed by more punctuation.
const BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const AFTER = new Set([' ', '\n', ')', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);

/** The user's alert words in the order they were added. */
export function userAlertWords(state: RealmState, userId: number): string[] {
  return [...(state.alertWords.get(userId) ?? [])];
}

/** Whether `word` (lowercased) occurs in `content` (lowercased) at word boundaries, as the server checks. */
function occursAtBoundary(content: string, word: string): boolean {
  for (let at = content.indexOf(word); at !== -1; at = content.indexOf(word, at + 1)) {
    // The server looks at position start-1 but accepts any position <= 0: a word starting at the second
    // character matches whatever the first one is.
    const before = at - 1;
    const after = at + word.length;
    const startOk = before <= 0 || BEFORE.has(content[before]!);
    const endOk = after >= content.length || AFTER.has(content[after]!);
    if (startOk && endOk) return true;
  }
  return false;
}

/** Whether the content contains one of the words (case-insensitively, at word boundaries). */
export function containsAlertWord(words: readonly string[], content: string): boolean {
  const lower = content.toLowerCase();
  return words.some((w) => occursAtBoundary(lower, w.toLowerCase()));
}

/** Users (among everyone with alert words) for whom the content contains one of their words. */
export function usersAlertedBy(state: RealmState, content: string): Set<number> {
  const out = new Set<number>();
  for (const [userId, words] of state.alertWords) if (containsAlertWord(words, content)) out.add(userId);
  return out;
}

/** The has_alert_word bit for one user of a message with this content. */
export function alertWordBit(alerted: ReadonlySet<number>, userId: number): number {
  return alerted.has(userId) ? FLAG_BITS.has_alert_word : 0;
}

function emitAlertWords(store: Store, userId: number): void {
  store.emit([userId], { type: 'alert_words', alert_words: userAlertWords(store.state, userId) });
}

/**
 * Adds words (already stripped, none empty): a word equal to an existing one but for case is skipped, and of
 * several new words differing only in case the last one is kept. Emits alert_words (even when nothing
 * changed, as the server does) and returns the whole list.
 */
export function addAlertWords(store: Store, user: UserRecord, words: readonly string[]): string[] {
  const current = store.state.alertWords.get(user.user_id) ?? [];
  const existing = new Set(current.map((w) => w.toLowerCase()));
  const added = new Map<string, string>();
  for (const word of words) if (!existing.has(word.toLowerCase())) added.set(word.toLowerCase(), word);
  const next = [...current, ...added.values()];
  if (next.length) store.state.alertWords.set(user.user_id, next);
  emitAlertWords(store, user.user_id);
  return userAlertWords(store.state, user.user_id);
}

/** Removes words, compared case-insensitively; emits alert_words and returns the whole list. */
export function removeAlertWords(store: Store, user: UserRecord, words: readonly string[]): string[] {
  const gone = new Set(words.map((w) => w.toLowerCase()));
  const next = (store.state.alertWords.get(user.user_id) ?? []).filter((w) => !gone.has(w.toLowerCase()));
  if (next.length) store.state.alertWords.set(user.user_id, next);
  else store.state.alertWords.delete(user.user_id);
  emitAlertWords(store, user.user_id);
  return userAlertWords(store.state, user.user_id);
}
