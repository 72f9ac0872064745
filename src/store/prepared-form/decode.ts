/** Reads a realm's prepared form (see layout.ts) back into what PreparedRealm.from takes. */
import type { FixtureMessage } from '../../generated/types.js';
import type { RenderResult } from '../../markdown/context.js';
import type { CompleteRealmFixture } from '../realm-fixture.js';
import type { MessageSource } from '../realm-loader/context.js';
import { recordedRenders, type LoadRenders } from '../render-cache.js';
import type { RealmState } from '../state.js';
import { UserRows } from '../user-rows.js';
import { TapeReader } from './tape.js';
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

/** A prepared form read back: PreparedRealm.from(fixture, { owned, validated: true, renders, rows, messages }). */
export interface DecodedPreparedForm {
  fixture: CompleteRealmFixture;
  renders: LoadRenders;
  rows: Map<number, UserRows>;
  /** The messages, when in id order: then read while loading (PrepareOptions.messages), the fixture's list empty. */
  messages?: MessageSource;
}

/** Bytes of the file's start needed to read the header's length. */
export const HEADER_PREFIX = MAGIC.length + 4;

/** The header's length from the file's first HEADER_PREFIX bytes, or undefined when they are not a prepared form. */
export function headerLength(prefix: Uint8Array): number | undefined {
  if (prefix.length < HEADER_PREFIX) return undefined;
  for (let i = 0; i < MAGIC.length; i++) if (prefix[i] !== MAGIC[i]) return undefined;
  return new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength).getUint32(MAGIC.length, true);
}

/** The header read from its bytes, or undefined when it is not one this code reads. */
export function parseHeader(bytes: Uint8Array): PreparedFormHeader | undefined {
  let header: PreparedFormHeader;
  try {
    header = JSON.parse(new TextDecoder().decode(bytes)) as PreparedFormHeader;
  } catch {
    return undefined;
  }
  if (typeof header !== 'object' || header === null || header.format !== PREPARED_FORM_FORMAT)
    return undefined;
  const { sections } = header;
  if (typeof sections !== 'object' || sections === null) return undefined;
  for (const name of [...Object.keys(TYPED_SECTIONS), ...JSON_SECTIONS]) {
    const s = sections[name as SectionName] as { offset?: unknown; length?: unknown } | undefined;
    if (!s || !Number.isInteger(s.offset) || !Number.isInteger(s.length)) return undefined;
  }
  return header;
}

/** A typed view of a section's bytes (copied when not aligned for the type). */
function typed<K extends TypedSection>(name: K, bytes: Uint8Array): InstanceType<(typeof TYPED_SECTIONS)[K]> {
  const Type = TYPED_SECTIONS[name];
  const size = Type.BYTES_PER_ELEMENT;
  if (bytes.byteLength % size) throw new RangeError(`section ${name} has a partial element`);
  const own = bytes.byteOffset % size ? bytes.slice() : bytes;
  return new Type(own.buffer as ArrayBuffer, own.byteOffset, own.byteLength / size) as InstanceType<
    (typeof TYPED_SECTIONS)[K]
  >;
}

/**
 * The fixture's messages from the columns, read in file order (the tape of extras is read front to back), each
 * as the validated fixture held it.
 */
function messageReader(
  count: number,
  section: <K extends TypedSection>(name: K) => InstanceType<(typeof TYPED_SECTIONS)[K]>,
  strings: readonly string[],
  extras: TapeReader,
): { ids: Float64Array; source: MessageSource } {
  const id = section('id');
  const sender = section('sender');
  const stream = section('stream');
  const timestamp = section('timestamp');
  const topic = section('topic');
  const content = section('content');
  const client = section('client');
  const shape = section('shape');
  const toStart = section('toStart');
  const toIds = section('toIds');
  if (id.length !== count || toStart.length !== count + 1)
    throw new RangeError('message columns differ in length');
  let next = 0;
  const read = (i: number): FixtureMessage => {
    if (i !== next++) throw new RangeError('prepared messages are read in file order');
    const bits = shape[i]!;
    // Every message gets every field (undefined when absent) in one order: one shape for the loader to read.
    const m: FixtureMessage = {
      id: id[i]!,
      sender_id: sender[i]!,
      stream_id: bits & SHAPE.stream ? stream[i] : undefined,
      topic: bits & SHAPE.topic ? strings[topic[i]!] : undefined,
      to: bits & SHAPE.to ? Array.from(toIds.subarray(toStart[i]!, toStart[i + 1]!)) : undefined,
      content: strings[content[i]!]!,
      timestamp: timestamp[i]!,
      client: bits & SHAPE.client ? strings[client[i]!] : undefined,
      reactions: undefined,
      edit_history: undefined,
      last_edit_timestamp: undefined,
      last_moved_timestamp: undefined,
      unread_by: undefined,
      starred_by: undefined,
    };
    if (extras.next() === i) extras.read(m as unknown as Record<string, unknown>);
    return m;
  };
  return { ids: id, source: { count, read } };
}

const ascending = (ids: Float64Array): boolean => {
  for (let i = 1; i < ids.length; i++) if (ids[i - 1]! > ids[i]!) return false;
  return true;
};

/** One empty set for every render without mentions: loaded records never change their mention set in place. */
const NO_MENTIONS: Set<number> = new Set();

/** The recorded message renders by content, and the description renders in load order. */
function rendersOf(
  header: PreparedFormHeader,
  strings: readonly string[],
  htmls: ReadonlyArray<string | null>,
  bits: Uint8Array,
  mentions: Array<[number, number[], number[]]>,
): LoadRenders {
  const byText = new Map<string, RenderResult>();
  const mentionsAt = new Map(mentions.map(([at, users, groups]) => [at, [users, groups] as const]));
  for (let i = 0; i < strings.length; i++) {
    const html = htmls[i];
    if (typeof html !== 'string') continue;
    const b = bits[i]!;
    const m = mentionsAt.get(i);
    byText.set(strings[i]!, {
      html,
      mentionedUserIds: m?.[0].length ? new Set(m[0]) : NO_MENTIONS,
      mentionedGroupIds: m?.[1].length ? new Set(m[1]) : NO_MENTIONS,
      wildcard: b & RENDER.wildcardChannel ? 'channel' : b & RENDER.wildcardTopic ? 'topic' : null,
      hasLink: (b & RENDER.link) !== 0,
      hasImage: (b & RENDER.image) !== 0,
      hasAttachment: (b & RENDER.attachment) !== 0,
    });
  }
  const descriptions = recordedRenders({ descriptions: header.descriptions, messages: [] });
  return {
    // A text without a recorded render (none, for the realm it was made from) is rendered as usual.
    message: (state: RealmState, content: string) =>
      byText.get(content) ?? descriptions.message(state, content),
    description: descriptions.description,
  };
}

/** Each user's rows, viewing the rows sections (no copy). */
function rowsOf(users: Float64Array, ids: Float64Array, bits: Uint16Array): Map<number, UserRows> {
  const rows = new Map<number, UserRows>();
  let at = 0;
  for (let i = 0; i + 1 < users.length; i += 2) {
    const count = users[i + 1]!;
    rows.set(users[i]!, UserRows.fromArrays(ids.subarray(at, at + count), bits.subarray(at, at + count)));
    at += count;
  }
  if (at !== ids.length) throw new RangeError('row sections differ in length');
  return rows;
}

/**
 * A prepared form read back from its header and its sections' bytes (`read(name)`; give the rows sections
 * their own buffers: the realm keeps them). Throws on data of another shape (a damaged file).
 */
export function decodePreparedForm(
  header: PreparedFormHeader,
  read: (name: SectionName) => Uint8Array,
): DecodedPreparedForm {
  const text = new TextDecoder();
  const json = <T>(name: (typeof JSON_SECTIONS)[number]): T => JSON.parse(text.decode(read(name))) as T;
  const section = <K extends TypedSection>(name: K) => typed(name, read(name));
  const strings = json<string[]>('strings');
  const extras = new TapeReader(section('extras'), strings, json<unknown[]>('extrasJson'));
  const { ids, source } = messageReader(header.messageCount, section, strings, extras);
  // Messages in id order (the common case) are read one at a time while loading; others are listed here.
  const inOrder = ascending(ids);
  const messages = inOrder ? [] : Array.from({ length: source.count }, (_, i) => source.read(i));
  const renders = rendersOf(
    header,
    strings,
    json<Array<string | null>>('htmls'),
    section('renderBits'),
    json<Array<[number, number[], number[]]>>('mentions'),
  );
  const rows = rowsOf(section('rowUsers'), section('rowIds'), section('rowBits'));
  return {
    fixture: { ...header.fixture, messages },
    renders,
    rows,
    ...(inOrder ? { messages: source } : {}),
  };
}
