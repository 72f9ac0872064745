/**
 * The layout of a realm's prepared form: a validated fixture with the renders and personal rows its load made,
 * written once so that later loads of the same file skip JSON.parse of the messages, validation, Markdown and
 * building the rows. A JSON header, then sections of typed arrays (little-endian) and JSON texts, each at an
 * offset that is a multiple of 8. Browser-safe: reading and writing files is the command line's.
 */
import type { CompleteRealmFixture } from '../realm-fixture.js';

/** What the header's `format` says; another value is not read. */
export const PREPARED_FORM_FORMAT = 'svc-mock-prepared-form/1';

/** The file's first bytes ("SVCPREP1"), then the header's length (uint32 LE) and the header's JSON. */
export const MAGIC = Uint8Array.from([0x53, 0x56, 0x43, 0x50, 0x52, 0x45, 0x50, 0x31]);

/** Typed sections (one typed array each) and JSON sections (one JSON text each). */
export const TYPED_SECTIONS = {
  /** Per message, in file order. */
  id: Float64Array,
  sender: Float64Array,
  /** NaN without stream_id. */
  stream: Float64Array,
  timestamp: Float64Array,
  /** Indexes into `strings`; -1 when absent. */
  topic: Int32Array,
  content: Int32Array,
  client: Int32Array,
  /** Which of the optional columns the message has (SHAPE bits). */
  shape: Uint8Array,
  /** `to` of message i is toIds[toStart[i] .. toStart[i + 1]). */
  toStart: Int32Array,
  toIds: Float64Array,
  /** The fields outside the columns (see tape.ts). */
  extras: Float64Array,
  /** Per string of `strings`: RENDER bits of its render (0 for strings that are not a rendered content). */
  renderBits: Uint8Array,
  /** Personal rows: [user id, row count] pairs, then every user's ids and bits one after the other. */
  rowUsers: Float64Array,
  rowIds: Float64Array,
  rowBits: Uint16Array,
} as const;

/** Sections holding JSON text. */
export const JSON_SECTIONS = ['strings', 'htmls', 'mentions', 'extrasJson'] as const;

/** Name of a typed section. */
export type TypedSection = keyof typeof TYPED_SECTIONS;
/** Name of any section. */
export type SectionName = TypedSection | (typeof JSON_SECTIONS)[number];

/** Bits of the `shape` column: which optional fields a message has in the columns. */
export const SHAPE = { stream: 1, topic: 2, to: 4, client: 8 } as const;

/** Bits of `renderBits`: has_link, has_image, has_attachment, and the wildcard mention (two bits). */
export const RENDER = { link: 1, image: 2, attachment: 4, wildcardChannel: 8, wildcardTopic: 16 } as const;

/** The header: what the form was made from and by, the fixture without its messages, and the sections. */
export interface PreparedFormHeader {
  format: typeof PREPARED_FORM_FORMAT;
  /** The code that made it (a build id or a hash of the loader's sources): another code does not read it. */
  code: string;
  /** The realm file's SHA-256 (hex) and size in bytes: another file does not read it. */
  source: { sha256: string; size: number };
  /** The validated fixture (settings completed) with an empty message list. */
  fixture: CompleteRealmFixture;
  /** Channel description renders in load order (see render-cache.ts). */
  descriptions: Array<[string, string]>;
  messageCount: number;
  /** Where each section lies, from the start of the file. */
  sections: Record<SectionName, { offset: number; length: number }>;
}
