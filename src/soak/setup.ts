/**
 * The soak's channels, created by the realm's owner before any queue exists: two public channels every
 * soak user is subscribed to (messages go there and move between them, so every soak user keeps receiving
 * their events), and side channels the users join and leave (no message is ever sent there).
 */
import type { SoakHttp } from './http.js';
import type { SoakAccount, SoakHello } from './protocol.js';

/** A channel of the soak. */
export interface SoakChannel {
  stream_id: number;
  name: string;
}

/** Who takes part and where. */
export interface SoakWorld {
  users: SoakAccount[];
  /** The two channels every soak user is subscribed to. */
  channels: [SoakChannel, SoakChannel];
  /** Channels the users join and leave. */
  sides: SoakChannel[];
}

const SIDE_CHANNELS = 4;

async function subscribe(
  http: SoakHttp,
  owner: SoakAccount,
  names: string[],
  principals?: number[],
): Promise<void> {
  const form: Record<string, string> = { subscriptions: JSON.stringify(names.map((name) => ({ name }))) };
  if (principals) form.principals = JSON.stringify(principals);
  const answer = await http.call(owner, 'POST', 'users/me/subscriptions', form);
  if (answer.status !== 200) throw new Error(`cannot create ${names.join(', ')}: ${String(answer.body.msg)}`);
}

/** Creates the soak's channels and subscribes the users; returns the channel ids. */
export async function setupWorld(http: SoakHttp, hello: SoakHello): Promise<SoakWorld> {
  const main = ['soak-a', 'soak-b'];
  const sides = Array.from({ length: SIDE_CHANNELS }, (_, i) => `soak-side-${i + 1}`);
  await subscribe(
    http,
    hello.owner,
    main,
    hello.users.map((u) => u.user_id),
  );
  await subscribe(http, hello.owner, sides);
  const answer = await http.call(hello.owner, 'GET', 'streams');
  const streams = answer.body.streams as SoakChannel[];
  const find = (name: string): SoakChannel => {
    const found = streams.find((s) => s.name === name);
    if (!found) throw new Error(`channel ${name} was not created`);
    return { stream_id: found.stream_id, name };
  };
  return { users: hello.users, channels: [find(main[0]!), find(main[1]!)], sides: sides.map(find) };
}
