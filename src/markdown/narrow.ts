/** Narrow URLs as the API writes them in channel and topic links. */

/** Percent-encodes like the server (only A-Z a-z 0-9 _ . - ~ stay), then `.` → `.2E` and `%` → `.`. */
export function encodeHashComponent(text: string): string {
  const percent = encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return percent.replace(/\./g, '%2E').replace(/%/g, '.');
}

/** The `<id>-<name>` slug of a channel in narrow URLs (spaces become dashes before encoding). */
export function channelSlug(streamId: number, name: string): string {
  return `${streamId}-${encodeHashComponent(name.replace(/ /g, '-'))}`;
}

/** The narrow hash of a channel, or of one of its topics. */
export function narrowHash(streamId: number, name: string, topic?: string): string {
  const base = `#narrow/stream/${channelSlug(streamId, name)}`;
  return topic === undefined ? base : `${base}/topic/${encodeHashComponent(topic)}`;
}
