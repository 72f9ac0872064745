/** Writes a realm's prepared form (see layout.ts) from a validated fixture and what its load made. */
import type { FixtureMessage } from '../../generated/types.js';
import type { CompleteRealmFixture } from '../realm-fixture.js';
import type { RecordedRenders } from '../render-cache.js';
import type { UserRows } from '../user-rows.js';
import { TapeWriter } from './tape.js';
import {
  JSON_SECTIONS,
  MAGIC,
  PREPARED_FORM_FORMAT,
  RENDER,
  SHAPE,
  TYPED_SECTIONS,
  type PreparedFormHeader,
  type SectionName,
  type TypedSection,
} from './layout.js';

/** What a prepared form is made of. */
export interface PreparedFormInput {
  code: string;
  source: PreparedFormHeader['source'];
  /** The validated fixture (validatedFixture's output), as loaded. */
  fixture: CompleteRealmFixture;
  /** Every render its load made (recordRenders). */
  renders: RecordedRenders;
  /** The personal rows its load built (PreparedRealm.personalRows). */
  rows: ReadonlyMap<number, UserRows>;
}

/** Message fields the columns hold (when of the expected type); any other goes to `extras` as JSON. */
const COLUMNS = new Set(['id', 'sender_id', 'stream_id', 'topic', 'to', 'content', 'timestamp', 'client']);

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'number');

type Sections = { [K in TypedSection]: InstanceType<(typeof TYPED_SECTIONS)[K]> } & {
  [K in (typeof JSON_SECTIONS)[number]]: string;
};

/** The message columns, the string table and the extras of a fixture's messages. */
function messageColumns(messages: readonly FixtureMessage[], intern: (text: string) => number) {
  const n = messages.length;
  const id = new Float64Array(n);
  const sender = new Float64Array(n);
  const stream = new Float64Array(n).fill(Number.NaN);
  const timestamp = new Float64Array(n);
  const topic = new Int32Array(n).fill(-1);
  const content = new Int32Array(n).fill(-1);
  const client = new Int32Array(n).fill(-1);
  const shape = new Uint8Array(n);
  const toStart = new Int32Array(n + 1);
  const toIds: number[] = [];
  const extras = new TapeWriter(intern);
  for (let i = 0; i < n; i++) {
    const m = messages[i]! as unknown as Record<string, unknown>;
    // The loader reads these four on every message; the validated fixture has them with these types.
    if (typeof m.id !== 'number' || typeof m.sender_id !== 'number' || typeof m.timestamp !== 'number')
      throw new TypeError(`message ${i} is not validated`);
    if (typeof m.content !== 'string') throw new TypeError(`message ${i} is not validated`);
    id[i] = m.id;
    sender[i] = m.sender_id;
    timestamp[i] = m.timestamp;
    content[i] = intern(m.content);
    let bits = 0;
    const rest: Record<string, unknown> = {};
    let hasRest = false;
    for (const key in m) {
      const value = m[key];
      if (key === 'stream_id' && typeof value === 'number') {
        stream[i] = value;
        bits |= SHAPE.stream;
      } else if (key === 'topic' && typeof value === 'string') {
        topic[i] = intern(value);
        bits |= SHAPE.topic;
      } else if (key === 'client' && typeof value === 'string') {
        client[i] = intern(value);
        bits |= SHAPE.client;
      } else if (key === 'to' && isIdList(value)) {
        for (const v of value) toIds.push(v);
        bits |= SHAPE.to;
      } else if (
        !COLUMNS.has(key) ||
        key === 'stream_id' ||
        key === 'topic' ||
        key === 'client' ||
        key === 'to'
      ) {
        rest[key] = value;
        hasRest = true;
      }
    }
    shape[i] = bits;
    toStart[i + 1] = toIds.length;
    if (hasRest) extras.message(i, rest);
  }
  return { id, sender, stream, timestamp, topic, content, client, shape, toStart, toIds, extras };
}

const RENDER_WILDCARD = { channel: RENDER.wildcardChannel, topic: RENDER.wildcardTopic } as const;

/** Every section of a prepared form. */
function sectionsOf(input: PreparedFormInput): Sections {
  const strings: string[] = [];
  const positions = new Map<string, number>();
  const intern = (text: string): number => {
    let at = positions.get(text);
    if (at === undefined) positions.set(text, (at = strings.push(text) - 1));
    return at;
  };
  const columns = messageColumns(input.fixture.messages, intern);
  const htmls: Array<string | null> = [];
  const renderBits: number[] = [];
  const mentions: Array<[number, number[], number[]]> = [];
  for (const [text, [html, users, groups, wildcard, link, image, attachment]] of input.renders.messages) {
    const at = positions.get(text);
    // A render of a text no message holds (there is none today) is not needed again.
    if (at === undefined) continue;
    htmls[at] = html;
    renderBits[at] =
      (link ? RENDER.link : 0) |
      (image ? RENDER.image : 0) |
      (attachment ? RENDER.attachment : 0) |
      (wildcard ? RENDER_WILDCARD[wildcard] : 0);
    if (users.length || groups.length) mentions.push([at, users, groups]);
  }
  const bits = new Uint8Array(strings.length);
  for (let i = 0; i < strings.length; i++) bits[i] = renderBits[i] ?? 0;
  const rowUsers: number[] = [];
  let total = 0;
  for (const [userId, rows] of input.rows) {
    rowUsers.push(userId, rows.size);
    total += rows.size;
  }
  const rowIds = new Float64Array(total);
  const rowBits = new Uint16Array(total);
  let at = 0;
  for (const rows of input.rows.values()) {
    const { ids, bits: flags } = rows.toArrays();
    rowIds.set(ids, at);
    rowBits.set(flags, at);
    at += ids.length;
  }
  // Holes (strings that are not a rendered content) are written as null.
  for (let i = 0; i < strings.length; i++) htmls[i] ??= null;
  return {
    ...columns,
    toIds: Float64Array.from(columns.toIds),
    renderBits: bits,
    rowUsers: Float64Array.from(rowUsers),
    rowIds,
    rowBits,
    strings: JSON.stringify(strings),
    htmls: JSON.stringify(htmls),
    mentions: JSON.stringify(mentions),
    extras: Float64Array.from(columns.extras.tape),
    extrasJson: JSON.stringify(columns.extras.json),
  };
}

const pad8 = (n: number): number => (n + 7) & ~7;

/** The bytes of a realm's prepared form, as chunks to write one after the other. */
export function encodePreparedForm(input: PreparedFormInput): Uint8Array[] {
  const sections = sectionsOf(input);
  const encoder = new TextEncoder();
  const bodies = new Map<SectionName, Uint8Array>();
  for (const name of Object.keys(TYPED_SECTIONS) as TypedSection[]) {
    const array = sections[name];
    bodies.set(name, new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  }
  for (const name of JSON_SECTIONS) bodies.set(name, encoder.encode(sections[name]));
  const { messages: _messages, ...rest } = input.fixture;
  const header: Omit<PreparedFormHeader, 'sections'> = {
    format: PREPARED_FORM_FORMAT,
    code: input.code,
    source: input.source,
    fixture: { ...rest, messages: [] } as CompleteRealmFixture,
    descriptions: input.renders.descriptions,
    messageCount: input.fixture.messages.length,
  };
  // Offsets depend on the header's length, which depends on the offsets: the header is padded to a bound.
  const draft = encoder.encode(JSON.stringify(header)).length;
  const start = pad8(MAGIC.length + 4 + draft + 64 * bodies.size + 256);
  const placed: Record<string, { offset: number; length: number }> = {};
  let offset = start;
  for (const [name, body] of bodies) {
    placed[name] = { offset, length: body.length };
    offset = pad8(offset + body.length);
  }
  const head = encoder.encode(JSON.stringify({ ...header, sections: placed }));
  if (MAGIC.length + 4 + head.length > start) throw new RangeError('prepared form header overflow');
  const first = new Uint8Array(start).fill(0x20);
  first.set(MAGIC, 0);
  new DataView(first.buffer).setUint32(MAGIC.length, head.length, true);
  first.set(head, MAGIC.length + 4);
  const chunks: Uint8Array[] = [first];
  let written = start;
  for (const body of bodies.values()) {
    chunks.push(body);
    written += body.length;
    const gap = pad8(written) - written;
    if (gap) chunks.push(new Uint8Array(gap));
    written += gap;
  }
  return chunks;
}
