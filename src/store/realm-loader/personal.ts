/** Loads per-user records: drafts, saved snippets, scheduled messages and topic visibility policies. */
import type { LoadContext } from './context.js';
import { putOwned } from '../owner-index.js';

/** Adds drafts, snippets, scheduled messages and user topics whose owners exist. */
export function loadPersonalRecords({ data, state, userExists }: LoadContext): void {
  for (const [i, d] of (data.drafts ?? []).entries()) {
    if (!userExists(d.user_id, `/drafts/${i}/user_id`)) continue;
    putOwned(state.drafts, state.byOwner.drafts, d.user_id, d.id, { ...d, topic: d.topic ?? '' });
  }
  for (const [i, s] of (data.saved_snippets ?? []).entries()) {
    if (userExists(s.user_id, `/saved_snippets/${i}/user_id`))
      putOwned(state.savedSnippets, state.byOwner.savedSnippets, s.user_id, s.id, s);
  }
  for (const [i, s] of (data.scheduled_messages ?? []).entries()) {
    if (!userExists(s.sender_id, `/scheduled_messages/${i}/sender_id`)) continue;
    putOwned(state.scheduledMessages, state.byOwner.scheduledMessages, s.sender_id, s.scheduled_message_id, {
      ...s,
      topic: s.topic ?? '',
      failed: !!s.failed,
      read_by_sender: null,
      delivered_message_id: null,
    });
  }
  for (const [i, t] of (data.user_topics ?? []).entries()) {
    if (!userExists(t.user_id, `/user_topics/${i}/user_id`)) continue;
    state.userTopics.set(`${t.user_id}\u0000${t.stream_id}\u0000${t.topic_name.toLowerCase()}`, t);
  }
}

/** Cross-references the schema cannot express: ids that must name existing users, channels and folders. */
export function checkReferences({ data, state, problems }: LoadContext): void {
  const channel = (id: number, where: string): void => {
    if (!state.channels.has(id)) problems.push(`${where}: no channel with id ${id}`);
  };
  const user = (id: number, where: string): void => {
    if (!state.users.has(id)) problems.push(`${where}: no user with id ${id}`);
  };
  for (const key of ['new_stream_announcements_stream_id', 'signup_announcements_stream_id'] as const) {
    const id = state.settings[key] as number | null;
    if (id !== null && id !== -1) channel(id, `/realm/settings/${key}`);
  }
  data.channels.forEach((c, i) => {
    if (c.folder_id != null && !state.channelFolders.has(c.folder_id)) {
      problems.push(`/channels/${i}/folder_id: no channel folder with id ${c.folder_id}`);
    }
  });
  data.realm_emoji?.forEach(
    (e, i) => e.author_id != null && user(e.author_id, `/realm_emoji/${i}/author_id`),
  );
  data.drafts?.forEach((d, i) => {
    if (d.type === 'stream') d.to.forEach((id) => channel(id, `/drafts/${i}/to`));
    if (d.type === 'private') d.to.forEach((id) => user(id, `/drafts/${i}/to`));
  });
  data.scheduled_messages?.forEach((s, i) => {
    if (s.type === 'stream') channel(s.to as number, `/scheduled_messages/${i}/to`);
    else (s.to as number[]).forEach((id) => user(id, `/scheduled_messages/${i}/to`));
  });
  data.user_topics?.forEach((t, i) => channel(t.stream_id, `/user_topics/${i}/stream_id`));
}
