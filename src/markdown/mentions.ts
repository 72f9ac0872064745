/** Inline rules for the API's own syntax: user, group and wildcard mentions, channel and topic links. */
import type MarkdownIt from 'markdown-it';
import type { StateInline } from 'markdown-it';
import { emptyRenderResult, envOf, type RenderEnv } from './context.js';
import { escapeHtml, pushHtml } from './html.js';
import { narrowHash } from './narrow.js';

/** Characters after which a mention may start (the server's look-behind). */
const MENTION_BOUNDARY = /[\s'"({[/<]/;

const CHANNEL_WILDCARDS = new Set(['all', 'everyone', 'channel', 'stream']);

function userMentionHtml(env: RenderEnv, body: string, silent: boolean, record: boolean): string | undefined {
  const { context } = env;
  // In markdown-it's validation mode nothing is recorded: a scratch result absorbs the side effects.
  const result = record ? env.result : emptyRenderResult();
  const lower = body.toLowerCase();
  const cls = silent ? 'user-mention silent' : 'user-mention';
  const at = silent ? '' : '@';
  if (CHANNEL_WILDCARDS.has(lower)) {
    if (!silent) result.wildcard = 'channel';
    return `<span class="${cls}" data-user-id="*">${at}${escapeHtml(body)}</span>`;
  }
  if (lower === 'topic') {
    if (!silent && result.wildcard === null) result.wildcard = 'topic';
    return `<span class="topic-mention${silent ? ' silent' : ''}">${at}${escapeHtml(body)}</span>`;
  }
  const bar = body.lastIndexOf('|');
  let user;
  if (bar >= 0) {
    const id = Number(body.slice(bar + 1));
    const name = body.slice(0, bar);
    if (!Number.isInteger(id)) return undefined;
    user = context.userById?.(id);
    if (user && name !== '' && user.full_name.toLowerCase() !== name.toLowerCase()) user = undefined;
  } else {
    user = context.userByName?.(body);
  }
  if (!user) return undefined;
  if (!silent) result.mentionedUserIds.add(user.user_id);
  return `<span class="${cls}" data-user-id="${user.user_id}">${at}${escapeHtml(user.full_name)}</span>`;
}

function groupMentionHtml(
  env: RenderEnv,
  body: string,
  silent: boolean,
  record: boolean,
): string | undefined {
  const { context } = env;
  const result = record ? env.result : emptyRenderResult();
  const group = context.groupByName?.(body);
  if (!group) return undefined;
  if (!silent && record) {
    result.mentionedGroupIds.add(group.id);
    for (const id of context.groupMemberIds?.(group.id) ?? []) result.mentionedUserIds.add(id);
  }
  const cls = silent ? 'user-group-mention silent' : 'user-group-mention';
  return `<span class="${cls}" data-user-group-id="${group.id}">${silent ? '' : '@'}${escapeHtml(group.name)}</span>`;
}

const MENTION = /^@(_?)(?:\*\*([^*]+)\*\*|\*([^*]+)\*)/;

/**
 * The mention `text` starts with (`@**user**`, `@*group*`, silent with `@_`): its HTML and length, recorded in
 * `env.result` when `record`; undefined when it is not one or names no one (the text then stays literal).
 */
export function mentionAt(
  env: RenderEnv,
  text: string,
  record: boolean,
): { html: string; length: number } | undefined {
  const m = MENTION.exec(text);
  if (!m) return undefined;
  const silent = m[1] === '_';
  const html =
    m[2] !== undefined
      ? userMentionHtml(env, m[2], silent, record)
      : groupMentionHtml(env, m[3]!, silent, record);
  return html === undefined ? undefined : { html, length: m[0].length };
}

function mentionRule(state: StateInline, silentMode: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x40 /* @ */) return false;
  if (state.pos > 0 && !MENTION_BOUNDARY.test(state.src[state.pos - 1]!)) return false;
  const mention = mentionAt(envOf(state.env), state.src.slice(state.pos), !silentMode);
  if (!mention) return false;
  if (!silentMode) pushHtml(state, mention.html);
  state.pos += mention.length;
  return true;
}

const CHANNEL_LINK = /^#\*\*([^*>]+)(?:>([^*]*))?\*\*/;

function channelLinkRule(state: StateInline, silentMode: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x23 /* # */) return false;
  const m = CHANNEL_LINK.exec(state.src.slice(state.pos));
  if (!m) return false;
  const { context } = envOf(state.env);
  const channel = context.channelByName?.(m[1]!);
  if (!channel) return false;
  if (!silentMode) {
    const topic = m[2];
    const href = `/${narrowHash(channel.stream_id, channel.name, topic)}`;
    const cls = topic === undefined ? 'stream' : 'stream-topic';
    const text = topic === undefined ? `#${channel.name}` : `#${channel.name} > ${topic}`;
    pushHtml(
      state,
      `<a class="${cls}" data-stream-id="${channel.stream_id}" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`,
    );
  }
  state.pos += m[0].length;
  return true;
}

/** Adds the mention and channel-link rules (they must run before emphasis claims the asterisks). */
export function mentionsPlugin(md: MarkdownIt): void {
  md.inline.ruler.before('emphasis', 'svc_mention', mentionRule);
  md.inline.ruler.before('emphasis', 'svc_channel_link', channelLinkRule);
}
