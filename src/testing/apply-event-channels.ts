/** applyEvent for channels, subscriptions and user groups. */
/* eslint-disable @typescript-eslint/no-explicit-any -- snapshots are plain JSON */
import {
  ascending,
  byId,
  byName,
  channelEntries,
  removeWhere,
  upsert,
  type Event,
  type Snapshot,
} from './apply-event-helpers.js';
/** subscription events. */
export function applySubscription(s: Snapshot, e: Event): void {
  switch (e.op) {
    case 'add':
      for (const sub of e.subscriptions) {
        removeWhere(s.never_subscribed, (c) => c.stream_id === sub.stream_id);
        removeWhere(s.unsubscribed, (c) => c.stream_id === sub.stream_id);
        // Keep subscriber lists only when the snapshot has them (include_subscribers).
        const withLists = 'subscribers' in (s.subscriptions[0] ?? {});
        const entry = { ...sub };
        if (!withLists) delete entry.subscribers;
        upsert(s.subscriptions, 'stream_id', entry);
        for (const stream of (s.streams as any[] | undefined) ?? []) {
          if (stream.stream_id === sub.stream_id) stream.subscriber_count = sub.subscriber_count;
        }
      }
      s.subscriptions.sort(byName);
      break;
    case 'remove':
      for (const { stream_id } of e.subscriptions) {
        const sub = s.subscriptions.find((c: any) => c.stream_id === stream_id);
        removeWhere(s.subscriptions, (c) => c.stream_id === stream_id);
        if (sub) s.unsubscribed.push(sub);
        for (const entry of channelEntries(s, stream_id)) entry.subscriber_count--;
      }
      s.unsubscribed.sort(byName);
      break;
    case 'update':
      for (const sub of s.subscriptions.filter((c: any) => c.stream_id === e.stream_id)) {
        sub[e.property] = e.value;
        if (e.property === 'in_home_view') sub.is_muted = !e.value;
        if (e.property === 'is_muted') sub.in_home_view = !e.value;
      }
      break;
    case 'peer_add':
    case 'peer_remove':
      for (const streamId of e.stream_ids) {
        for (const entry of channelEntries(s, streamId)) {
          const set = new Set<number>(entry.subscribers ?? []);
          for (const id of e.user_ids) {
            // Without subscriber lists a client can only trust the event.
            const had = entry.subscribers ? set.has(id) : e.op === 'peer_remove';
            if (e.op === 'peer_add' && !had) {
              set.add(id);
              entry.subscriber_count++;
            }
            if (e.op === 'peer_remove' && had) {
              set.delete(id);
              entry.subscriber_count--;
            }
          }
          if (entry.subscribers) entry.subscribers = [...set].sort(ascending);
        }
      }
      break;
  }
}

/** stream events. */
export function applyStream(s: Snapshot, e: Event): void {
  if (e.op === 'create') {
    for (const c of e.streams) {
      // Each list keeps its own copy: later events update every entry once.
      if (s.streams) upsert(s.streams, 'stream_id', { ...c });
      // A channel the user is not in shows up as never subscribed (subscription/add may follow).
      const subscribed = (s.subscriptions as any[] | undefined)?.some((x) => x.stream_id === c.stream_id);
      if (s.never_subscribed && !subscribed) {
        upsert(s.never_subscribed, 'stream_id', { ...c });
        s.never_subscribed.sort(byName);
      }
    }
  }
  if (e.op === 'delete')
    for (const c of e.streams)
      for (const k of ['streams', 'subscriptions', 'never_subscribed', 'unsubscribed'])
        removeWhere(s[k], (x) => x.stream_id === c.stream_id);
  if (e.op === 'update') {
    for (const entry of channelEntries(s, e.stream_id)) {
      entry[e.property] = e.value;
      for (const extra of ['rendered_description', 'history_public_to_subscribers', 'is_web_public']) {
        if (extra in e) entry[extra] = e[extra];
      }
    }
    // Channel lists are ordered by name.
    if (e.property === 'name')
      for (const k of ['subscriptions', 'unsubscribed', 'never_subscribed'])
        (s[k] as any[] | undefined)?.sort(byName);
  }
}

/** user_group events. */
export function applyGroup(s: Snapshot, e: Event): void {
  const groups = s.realm_user_groups as any[];
  const group = groups.find((g) => g.id === (e.group_id ?? e.group?.id));
  switch (e.op) {
    case 'add':
      groups.push(e.group);
      groups.sort(byId('id'));
      break;
    case 'update':
      Object.assign(group, e.data);
      break;
    case 'add_members':
      group.members = [...new Set([...group.members, ...e.user_ids])].sort(ascending);
      break;
    case 'remove_members':
      group.members = group.members.filter((id: number) => !e.user_ids.includes(id));
      break;
    case 'add_subgroups':
      group.direct_subgroup_ids = [...new Set([...group.direct_subgroup_ids, ...e.direct_subgroup_ids])].sort(
        ascending,
      );
      break;
    case 'remove_subgroups':
      group.direct_subgroup_ids = group.direct_subgroup_ids.filter(
        (id: number) => !e.direct_subgroup_ids.includes(id),
      );
      break;
    case 'remove':
      removeWhere(groups, (g) => g.id === e.group_id);
      break;
  }
}
