/**
 * The actions of a soak client and the events each one causes: who receives them follows the event rules
 * (a message to its recipients; reactions, edits, moves and deletes to the users with a personal row of the
 * message; a subscription change to the user, and peer events to everyone else who sees the channel).
 */
import type { Rng } from '../fixtures/generate/rng.js';
import { emojiCodeForName } from '../markdown/emoji.js';
import { deleteKey, messageKey, ownSubscriptionKey, peerKey, reactionKey, updateKey } from './keys.js';
import type { Delivery } from './oracle.js';
import type { SoakAccount } from './protocol.js';
import type { SoakWorld } from './setup.js';

/** A message a client sent and has not deleted. */
export interface Live {
  id: number;
  sender: SoakAccount;
  /** Users with a personal row: every soak user for a channel message, the pair for a direct one. */
  audience: number[];
  /** Index of the soak channel it is in, or -1 for a direct message. */
  channel: number;
  /** Reactions in place, as `userId:emoji name`. */
  reactions: Set<string>;
}

/** One client's users, messages and side-channel memberships. */
export interface Client {
  index: number;
  users: SoakAccount[];
  rng: Rng;
  live: Live[];
  /** `userId:stream_id` of the side channels joined. */
  joined: Set<string>;
}

const KINDS = [
  ['channel', 24],
  ['direct', 10],
  ['react', 16],
  ['unreact', 8],
  ['edit', 10],
  ['topic', 7],
  ['move', 5],
  ['subscription', 8],
  ['delete', 12],
] as const;

/** What a client does in one request. */
export type Kind = (typeof KINDS)[number][0];

/** One request to send; `apply` (after a 200) updates the client and names the events it caused. */
export interface Plan {
  kind: Kind;
  user: SoakAccount;
  method: string;
  path: string;
  form: Record<string, string>;
  apply(body: Record<string, unknown>): Delivery[];
}

const WEIGHT = KINDS.reduce((sum, [, weight]) => sum + weight, 0);
const EMOJI = ['smile', 'heart', 'tada', 'rocket', 'eyes', 'octopus', 'fire', 'star'];
const NO_NOTICES = { send_notification_to_old_thread: 'false', send_notification_to_new_thread: 'false' };

function pickKind(rng: Rng): Kind {
  let roll = rng.next() * WEIGHT;
  for (const [kind, weight] of KINDS) if ((roll -= weight) < 0) return kind;
  return 'channel';
}

function sendPlan(client: Client, world: SoakWorld, direct: boolean, seq: number): Plan {
  const { rng } = client;
  const user = rng.pick(client.users);
  const partner = client.users.find((u) => u !== user)!;
  const channel = direct ? -1 : rng.int(0, 1);
  const audience = direct ? [user.user_id, partner.user_id] : world.users.map((u) => u.user_id);
  const content = `soak message ${seq} from client ${client.index}`;
  const form: Record<string, string> = direct
    ? { type: 'direct', to: JSON.stringify([partner.user_id]), content }
    : {
        type: 'channel',
        to: String(world.channels[channel]!.stream_id),
        topic: `topic ${rng.int(0, 4)}`,
        content,
      };
  return {
    kind: direct ? 'direct' : 'channel',
    user,
    method: 'POST',
    path: 'messages',
    form,
    apply(body) {
      const id = body.id as number;
      client.live.push({ id, sender: user, audience, channel, reactions: new Set() });
      return [{ key: messageKey(id), users: audience }];
    },
  };
}

function reactPlan(client: Client, message: Live, remove: boolean): Plan | undefined {
  const { rng } = client;
  const reactors = client.users.filter((u) => message.audience.includes(u.user_id));
  const user = rng.pick(reactors);
  const mine = EMOJI.filter((e) => message.reactions.has(`${user.user_id}:${e}`) === remove);
  if (mine.length === 0) return undefined;
  const emoji = rng.pick(mine);
  return {
    kind: remove ? 'unreact' : 'react',
    user,
    method: remove ? 'DELETE' : 'POST',
    path: `messages/${message.id}/reactions`,
    form: { emoji_name: emoji },
    apply() {
      const entry = `${user.user_id}:${emoji}`;
      if (remove) message.reactions.delete(entry);
      else message.reactions.add(entry);
      const key = reactionKey(remove ? 'remove' : 'add', message.id, user.user_id, emojiCodeForName(emoji)!);
      return [{ key, users: message.audience }];
    },
  };
}

function editPlan(client: Client, world: SoakWorld, message: Live, kind: Kind, seq: number): Plan {
  const other = 1 - message.channel;
  const form: Record<string, string> =
    kind === 'edit'
      ? { content: `soak edit ${seq}` }
      : kind === 'topic'
        ? { topic: `topic ${client.rng.int(5, 9)} ${seq}`, propagate_mode: 'change_one', ...NO_NOTICES }
        : {
            stream_id: String(world.channels[other]!.stream_id),
            propagate_mode: 'change_one',
            ...NO_NOTICES,
          };
  return {
    kind,
    user: message.sender,
    method: 'PATCH',
    path: `messages/${message.id}`,
    form,
    apply() {
      if (kind === 'move') message.channel = other;
      return [{ key: updateKey(message.id), users: message.audience }];
    },
  };
}

function deletePlan(client: Client, message: Live): Plan {
  return {
    kind: 'delete',
    user: message.sender,
    method: 'DELETE',
    path: `messages/${message.id}`,
    form: {},
    apply() {
      client.live.splice(client.live.indexOf(message), 1);
      return [{ key: deleteKey(message.id), users: message.audience }];
    },
  };
}

function subscriptionPlan(client: Client, world: SoakWorld): Plan {
  const user = client.rng.pick(client.users);
  const side = client.rng.pick(world.sides);
  const entry = `${user.user_id}:${side.stream_id}`;
  const leave = client.joined.has(entry);
  const others = world.users.filter((u) => u !== user).map((u) => u.user_id);
  return {
    kind: 'subscription',
    user,
    method: leave ? 'DELETE' : 'POST',
    path: 'users/me/subscriptions',
    form: { subscriptions: JSON.stringify(leave ? [side.name] : [{ name: side.name }]) },
    apply() {
      if (leave) client.joined.delete(entry);
      else client.joined.add(entry);
      return [
        {
          key: ownSubscriptionKey(leave ? 'remove' : 'add', side.stream_id, user.user_id),
          users: [user.user_id],
        },
        { key: peerKey(leave ? 'peer_remove' : 'peer_add', side.stream_id, user.user_id), users: others },
      ];
    },
  };
}

/** The client's next request, drawn from its random source; `seq` makes contents and topics unique. */
export function planAction(client: Client, world: SoakWorld, seq: number): Plan {
  for (;;) {
    const kind = client.live.length === 0 && client.rng.chance(0.8) ? 'channel' : pickKind(client.rng);
    if (kind === 'channel' || kind === 'direct') return sendPlan(client, world, kind === 'direct', seq);
    if (kind === 'subscription') return subscriptionPlan(client, world);
    if (client.live.length === 0) continue;
    const message = client.rng.pick(client.live);
    if (kind === 'delete') return deletePlan(client, message);
    if (kind === 'react' || kind === 'unreact') {
      const plan = reactPlan(client, message, kind === 'unreact');
      if (plan) return plan;
      continue;
    }
    if (message.channel < 0 && kind !== 'edit') continue;
    return editPlan(client, world, message, kind, seq);
  }
}
