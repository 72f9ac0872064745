/** What a reader can see of a Map, for tests of classes that must behave as one. */

/** Everything a reader can see of `map`, in order, with `has` and `get` of each probed key. */
export function mapView<K, V>(map: Map<K, V>, probes: readonly K[]): unknown {
  const each: unknown[] = [];
  map.forEach((value, key, owner) => each.push([key, value, owner === map]));
  return {
    size: map.size,
    entries: [...map],
    keys: [...map.keys()],
    values: [...map.values()],
    each,
    has: probes.map((k) => map.has(k)),
    get: probes.map((k) => map.get(k)),
  };
}
