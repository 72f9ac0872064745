/** Scanning answers and events for planted markers a caller may not see. */
import type { CallerName } from './callers.js';
import { MARK } from './realm.js';

const ADMINS: readonly CallerName[] = ['admin', 'owner'];

/** Who may see each marker (everyone else must never receive it). */
const ALLOWED: Record<keyof typeof MARK, readonly CallerName[]> = {
  // Administrators have metadata access to every channel (name, description, subscribers), not content.
  channel: ADMINS,
  topic: [],
  message: [],
  dm: [],
  draft: [],
  snippet: [],
  scheduled: [],
  hiddenEmail: [],
  adminEmail: ADMINS,
  // Spectators see every user's public fields, as the real server's register answer does.
  keeperName: ['none', 'bot', 'member', 'moderator', 'admin', 'owner'],
  // Administrators see every bot with its API key (realm_bots); the keeper is no caller.
  botKey: ADMINS,
};

/** The markers `caller` must not see, with their names. */
export function forbiddenMarkers(caller: CallerName): [string, string][] {
  return Object.entries(MARK)
    .filter(([name]) => !ALLOWED[name as keyof typeof MARK].includes(caller))
    .map(([name, text]) => [name, text]);
}

/** Names of the forbidden markers found in `text` (compared case-insensitively). */
export function findLeaks(caller: CallerName, text: string): string[] {
  const lower = text.toLowerCase();
  return forbiddenMarkers(caller)
    .filter(([, marker]) => lower.includes(marker.toLowerCase()))
    .map(([name]) => name);
}
