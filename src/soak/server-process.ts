/**
 * Child process of the soak: the mock's node server (as `serve` builds it) on a generated realm where members
 * may delete their messages and move them between channels. Over IPC only (never over HTTP) it forces a
 * garbage collection and reports memory and the number of live event queues.
 * Arguments: `--users N --seed S`.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startServer } from '../adapters/node/server.js';
import { generateRealm } from '../fixtures/generate/index.js';
import { createMock } from '../mock/create-mock.js';
import type { SoakAccount, SoakHello, SoakMemory } from './protocol.js';

const arg = (name: string): number => Number(process.argv[process.argv.indexOf(name) + 1]);
const users = arg('--users');
const seed = arg('--seed');

// Room for the roles a generated realm mixes in (owner, guests, deactivated accounts) besides members.
const realm = generateRealm({ users: users + Math.ceil(users / 4) + 5, channels: 4, messages: 200, seed });
const members = realm.user_groups.find((g) => g.name === 'role:members')!.id;
Object.assign(realm.realm.settings ?? (realm.realm.settings = {}), {
  can_delete_own_message_group: members,
  can_move_messages_between_channels_group: members,
  message_content_edit_limit_seconds: null,
  message_content_delete_limit_seconds: null,
});
const mock = createMock({ realm, seed, logError: (...args: unknown[]) => console.error(...args) });
const server = await startServer(mock, { port: 0, host: '127.0.0.1' });

const account = (u: { user_id: number; delivery_email: string; api_key: string }): SoakAccount => ({
  user_id: u.user_id,
  email: u.delivery_email,
  api_key: u.api_key,
});
const people = [...mock.store.state.users.values()].filter((u) => u.is_active && !u.is_bot);
const owner = people.find((u) => u.role === 100)!;
const soakUsers = people.filter((u) => u.role > 100 && u.role <= 400).slice(0, users);
if (soakUsers.length < users) throw new Error(`the generated realm has only ${soakUsers.length} members`);

// Exposed by flag at run time (not by a command-line switch), and callable over IPC only.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

process.on('message', (message: { cmd?: string }) => {
  if (message.cmd !== 'memory') return;
  gc();
  gc();
  const memory: SoakMemory = {
    heapUsed: process.memoryUsage().heapUsed,
    rss: process.memoryUsage.rss(),
    queues: mock.services.queues.size,
  };
  process.send!(memory);
});
const hello: SoakHello = { url: server.url, owner: account(owner), users: soakUsers.map(account) };
process.send!(hello);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
// A soak that ends without stopping this child (killed, crashed) closes the IPC channel: no orphan server.
process.on('disconnect', () => process.exit(0));
