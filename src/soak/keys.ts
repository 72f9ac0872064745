/**
 * Event keys: the name of what an event reports, the same for every queue that receives it (a message's
 * id, a reaction's message, user and emoji, ...). The k-th event with one key in a queue is occurrence k.
 */

/** Key of a message event (channel or direct). */
export const messageKey = (id: number): string => `m:${id}`;
/** Key of an update_message event (content edit, topic or channel move) of one message. */
export const updateKey = (id: number): string => `u:${id}`;
/** Key of a delete_message event of one message. */
export const deleteKey = (id: number): string => `d:${id}`;
/** Key of a reaction event. */
export const reactionKey = (op: string, id: number, userId: number, code: string): string =>
  `r${op === 'add' ? '+' : '-'}:${id}:${userId}:${code}`;
/** Key of the subscription add/remove event the subscribing user gets. */
export const ownSubscriptionKey = (op: string, streamId: number, userId: number): string =>
  `s${op === 'add' ? '+' : '-'}:${streamId}:${userId}`;
/** Key of the peer_add/peer_remove event the other users get. */
export const peerKey = (op: string, streamId: number, userId: number): string =>
  `p${op === 'peer_add' ? '+' : '-'}:${streamId}:${userId}`;

type Event = Record<string, unknown>;

/**
 * The keys of one received event, as seen by a queue of `viewerId`; heartbeats have none. An event the
 * soak never causes gets a key of its own (`?:type`), so it shows up as unexpected.
 */
export function eventKeys(event: Event, viewerId: number): string[] {
  switch (event.type) {
    case 'heartbeat':
      return [];
    case 'message':
      return [messageKey((event.message as { id: number }).id)];
    case 'update_message':
      return [updateKey(event.message_id as number)];
    case 'delete_message':
      return (event.message_ids as number[]).map(deleteKey);
    case 'reaction':
      return [
        reactionKey(
          event.op as string,
          event.message_id as number,
          event.user_id as number,
          String(event.emoji_code),
        ),
      ];
    case 'subscription': {
      const op = event.op as string;
      if (op === 'add' || op === 'remove')
        return (event.subscriptions as Array<{ stream_id: number }>).map((s) =>
          ownSubscriptionKey(op, s.stream_id, viewerId),
        );
      if (op === 'peer_add' || op === 'peer_remove')
        return (event.stream_ids as number[]).flatMap((s) =>
          (event.user_ids as number[]).map((u) => peerKey(op, s, u)),
        );
      return [`?:subscription/${op}`];
    }
    default:
      return [`?:${String(event.type)}`];
  }
}

/** Interns keys as small integers (a queue stores numbers, not strings). */
export class KeyTable {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];

  /** The key's number, allocated on first sight. */
  id(key: string): number {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(key, id);
      this.names.push(key);
    }
    return id;
  }

  /** The key of a number. */
  name(id: number): string {
    return this.names[id] ?? `#${id}`;
  }
}
