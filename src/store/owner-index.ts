/**
 * Personal records (drafts, saved snippets, scheduled messages) kept together with their per-owner index
 * (owner id → record ids), so listing one user's records never scans the realm.
 */

/** owner user id → ids of the records that user owns. */
export type OwnerIndex = Map<number, Set<number>>;

/** Stores `record` under `id` and indexes it under its owner. */
export function putOwned<T>(
  records: Map<number, T>,
  index: OwnerIndex,
  ownerId: number,
  id: number,
  record: T,
): void {
  records.set(id, record);
  let ids = index.get(ownerId);
  if (!ids) index.set(ownerId, (ids = new Set()));
  ids.add(id);
}

/** Removes record `id` and its index entry. */
export function removeOwned<T>(
  records: Map<number, T>,
  index: OwnerIndex,
  ownerId: number,
  id: number,
): void {
  records.delete(id);
  const ids = index.get(ownerId);
  if (!ids) return;
  ids.delete(id);
  if (!ids.size) index.delete(ownerId);
}

/** The records `ownerId` owns, found through the index. */
export function ownedRecords<T>(records: Map<number, T>, index: OwnerIndex, ownerId: number): T[] {
  const out: T[] = [];
  for (const id of index.get(ownerId) ?? []) {
    const record = records.get(id);
    if (record) out.push(record);
  }
  return out;
}
