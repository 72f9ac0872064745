/** Shared pieces of the applyEvent reducer: snapshot types and list helpers. */
/* eslint-disable @typescript-eslint/no-explicit-any -- snapshots are plain JSON */
/** A register snapshot as plain JSON. */
export type Snapshot = Record<string, any>;
/** An event as plain JSON. */
export type Event = Record<string, any>;

/** Sorts records by a numeric key. */
export const byId = (key: string) => (a: any, b: any) => a[key] - b[key];
/** Sorts numbers ascending. */
export const ascending = (a: number, b: number) => a - b;
/** Sorts records by name as the snapshot does. */
export const byName = (a: any, b: any) => String(a.name).localeCompare(String(b.name));

/** Replaces the item with the same key, or appends it. */
export function upsert(list: any[], key: string, item: any): void {
  const at = list.findIndex((x) => x[key] === item[key]);
  if (at >= 0) list[at] = item;
  else list.push(item);
}

/** Removes every item that passes the test. */
export function removeWhere(list: any[] | undefined, test: (x: any) => boolean): void {
  if (!list) return;
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i])) list.splice(i, 1);
}

/** Every channel-shaped entry of the snapshot with this id. */
export function channelEntries(s: Snapshot, streamId: number): any[] {
  return ['subscriptions', 'unsubscribed', 'never_subscribed', 'streams']
    .flatMap((k) => (s[k] as any[] | undefined) ?? [])
    .filter((c) => c.stream_id === streamId);
}
