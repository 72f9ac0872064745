/** GET /messages, GET /messages/{message_id} and GET /messages/matches_narrow. */
import type {
  GetMessagesMatchesNarrowParams,
  GetMessagesMessageIdParams,
  GetMessagesParams,
} from '../../generated/types.js';
import { canReadMessage } from '../../store/access.js';
import { formatMessageWithFlags } from '../../store/messages/format.js';
import { fetchRange, firstUnreadAnchor, LARGER_THAN_MAX_MESSAGE_ID } from '../../store/narrow/fetch.js';
import type { CompiledNarrow } from '../../store/narrow/resolve.js';
import { escapeHtml, highlightHtml, highlightTopic } from '../../store/narrow/search.js';
import type { MessageRecord, UserRecord } from '../../store/state.js';
import type { Store } from '../../store/store.js';
import { errors } from '../errors/index.js';
import type { JsonText } from '../json-text.js';
import { encodeShort } from '../json-text.js';
import { messagesJson } from '../message-json.js';
import { memoPage } from '../page-memo.js';
import { defineRoute, type ApiRequest } from '../route.js';
import { narrowFromParam } from './messages-narrow.js';
import { has } from '../../versions/index.js';

/** Most messages one GET /messages may ask for. */
export const MAX_MESSAGES_PER_FETCH = 5000;

/**
 * Resolves the anchor parameter to an id (reference I.2). Endpoints that take the anchor "date" (GET /messages)
 * pass `date` with their anchor_date parameter.
 */
export function resolveAnchor(
  store: Store,
  user: UserRecord,
  narrow: CompiledNarrow,
  anchor: string,
  date?: { anchorDate: string | undefined },
): number {
  if (anchor === 'newest') return LARGER_THAN_MAX_MESSAGE_ID;
  if (anchor === 'date' && date && has('anchor_date', store.featureLevel))
    return dateAnchor(store, narrow, date.anchorDate);
  if (anchor === 'oldest') return 0;
  if (anchor === 'first_unread') return firstUnreadAnchor(store.state, user, narrow);
  if (!/^-?\d+$/.test(anchor.trim())) throw errors.invalidAnchor();
  const n = Number(anchor.trim());
  return Math.min(Math.max(n, 0), LARGER_THAN_MAX_MESSAGE_ID);
}

/** The first message of the narrow the user can read sent at or after `anchorDate`; the newest when none is. */
function dateAnchor(store: Store, narrow: CompiledNarrow, anchorDate: string | undefined): number {
  if (anchorDate === undefined) throw errors.missingArgument('anchor_date');
  // ISO 8601 only: a date, or a date and time with an optional zone (Date.parse reads more than that).
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(anchorDate.trim()))
    throw errors.invalidAnchorDate();
  const millis = Date.parse(anchorDate.trim().replace(' ', 'T'));
  if (Number.isNaN(millis)) throw errors.invalidAnchorDate();
  const seconds = millis / 1000;
  const range = fetchRange(store.state, narrow, {
    anchor: 0,
    numBefore: 0,
    numAfter: MAX_MESSAGES_PER_FETCH,
    includeAnchor: true,
  });
  // Message ids grow with time, so the first one at or after the time starts the answer.
  let next = range.messages.find((m) => m.timestamp >= seconds);
  let after = range.messages.at(-1)?.id;
  while (!next && after !== undefined && !range.foundNewest) {
    const more = fetchRange(store.state, narrow, {
      anchor: after,
      numBefore: 0,
      numAfter: MAX_MESSAGES_PER_FETCH,
      includeAnchor: false,
    });
    next = more.messages.find((m) => m.timestamp >= seconds);
    after = more.messages.at(-1)?.id;
    if (more.foundNewest) break;
  }
  return next ? next.id : LARGER_THAN_MAX_MESSAGE_ID;
}

/** Checks the range parameters shared with POST /messages/flags/narrow. */
export function checkRange(numBefore: number, numAfter: number, includeAnchor: boolean): void {
  if (numBefore + numAfter > MAX_MESSAGES_PER_FETCH) throw errors.tooManyMessages();
  if (!includeAnchor && numBefore > 0 && numAfter > 0) throw errors.anchorNotAtEnd();
}

const encoder = new TextEncoder();
const CLOSE_PAGE = encoder.encode(']}');

/**
 * The answer's fields: `head` (the fields before `messages`, in the answer's order), then the messages. A
 * message's text (and its search highlights) is the same on every fetch until the store changes, so the fields
 * are made as UTF-8 from cached pieces.
 */
function pageFields(
  store: Store,
  user: UserRecord,
  narrow: CompiledNarrow,
  records: MessageRecord[],
  params: GetMessagesParams,
  head: Record<string, number | boolean>,
): JsonText {
  const options = {
    applyMarkdown: params.apply_markdown !== false,
    clientExtavatar: params.client_extavatar !== false,
    allowEmptyTopicName: params.allow_empty_topic_name === true,
  };
  let open = '{';
  for (const key in head) open += `"${key}":${head[key]},`;
  open += '"messages":[';
  // The head repeats for the newest or oldest page and a message_ids fetch; an anchor id makes it new text.
  const { anchor } = head;
  const repeated = anchor === undefined || anchor === 0 || anchor === LARGER_THAN_MAX_MESSAGE_ID;
  const bytes = repeated ? encodeShort(open) : encoder.encode(open);
  return messagesJson(store, records, user, options, narrow.search, bytes, CLOSE_PAGE);
}

const EXCLUSIVE_WITH_IDS = [
  'anchor',
  'include_anchor',
  'num_before',
  'num_after',
  'use_first_unread_anchor',
] as const;

/** One GET /messages answer, assembled from cached message bytes (see pageFields). */
function fetchPage(store: Store, user: UserRecord, params: GetMessagesParams, request: ApiRequest): JsonText {
  if (params.message_ids !== undefined) {
    const conflicting = EXCLUSIVE_WITH_IDS.filter((k) => params[k] !== undefined);
    if (conflicting.length) throw errors.unsupportedCombination(['message_ids', ...conflicting]);
    const narrow = narrowFromParam(store, user, params.narrow, true, request);
    const records = [...new Set(params.message_ids)]
      .sort((a, b) => a - b)
      .map((id) => store.state.messages.get(id))
      .filter((m): m is MessageRecord => !!m && canReadMessage(store.state, user, m) && narrow.filter(m));
    return pageFields(store, user, narrow, records, params, {
      found_anchor: false,
      found_oldest: false,
      found_newest: false,
      history_limited: false,
    });
  }
  if (params.use_first_unread_anchor && params.anchor !== undefined)
    throw errors.unsupportedCombination(['anchor', 'use_first_unread_anchor']);
  // Servers before feature level 1 took integer anchors only (use_first_unread_anchor was the way then).
  if (
    params.anchor !== undefined &&
    !has('string_anchors', store.featureLevel) &&
    !/^-?\d+$/.test(params.anchor.trim())
  )
    throw errors.invalidAnchor();
  const anchorParam = params.use_first_unread_anchor ? 'first_unread' : params.anchor;
  if (anchorParam === undefined) throw errors.missingAnchor();
  if (params.num_before === undefined) throw errors.missingArgument('num_before');
  if (params.num_after === undefined) throw errors.missingArgument('num_after');
  const includeAnchor = params.include_anchor !== false;
  checkRange(params.num_before, params.num_after, includeAnchor);
  const narrow = narrowFromParam(store, user, params.narrow, true, request);
  const anchor = resolveAnchor(store, user, narrow, anchorParam, { anchorDate: params.anchor_date });
  const range = fetchRange(store.state, narrow, {
    anchor,
    numBefore: params.num_before,
    numAfter: params.num_after,
    includeAnchor,
  });
  return pageFields(store, user, narrow, range.messages, params, {
    anchor,
    found_anchor: range.foundAnchor,
    found_oldest: range.foundOldest,
    found_newest: range.foundNewest,
    history_limited: false,
  });
}

/** Message fetching routes. */
export const messageFetchRoutes = [
  defineRoute<GetMessagesParams>({
    method: 'GET',
    path: '/messages',
    schema: 'get-messages',
    summary: 'Fetch messages around an anchor or by ID, filtered by a narrow',
    sharedParams: true,
    handler({ store, user, params, request }) {
      return memoPage(store, user, params, () => fetchPage(store, user, params, request));
    },
  }),
  defineRoute<GetMessagesMatchesNarrowParams>({
    method: 'GET',
    path: '/messages/matches_narrow',
    schema: 'get-messages-matches-narrow',
    summary: 'Which of the given messages match a narrow, with search highlighting',
    handler({ store, user, params, request }) {
      // The server answers from the user's own rows only: no unsubscribed channel history here.
      const narrow = narrowFromParam(store, user, params.narrow, false, request);
      const messages: Record<string, { match_content: string; match_subject: string }> = {};
      for (const id of params.msg_ids) {
        const m = store.state.messages.get(id);
        if (!m || !narrow.matches(m)) continue;
        messages[String(id)] = narrow.search
          ? {
              match_content: highlightHtml(m.rendered_content, narrow.search),
              match_subject: highlightTopic(m.topic, narrow.search),
            }
          : { match_content: m.rendered_content, match_subject: escapeHtml(m.topic) };
      }
      return { messages };
    },
  }),
  defineRoute<GetMessagesMessageIdParams>({
    method: 'GET',
    path: '/messages/{message_id}',
    schema: 'get-messages-message-id',
    summary: 'One message with its raw Markdown',
    handler({ store, user, params }) {
      const m = store.state.messages.get(params.message_id);
      if (!m || !canReadMessage(store.state, user, m)) throw errors.invalidMessage();
      const message = formatMessageWithFlags(
        store.state,
        m,
        user,
        {
          applyMarkdown: params.apply_markdown !== false,
          clientExtavatar: true,
          allowEmptyTopicName: params.allow_empty_topic_name === true,
        },
        store.featureLevel,
      );
      return { message, raw_content: m.content };
    },
  }),
];
