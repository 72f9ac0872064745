/**
 * Custom emoji: GET /realm/emoji, POST and DELETE /realm/emoji/{emoji_name}, and the uploaded images at
 * their source_url (/user_avatars/{realm_id}/emoji/images/{file}).
 */
import type {
  DeleteRealmEmojiEmojiNameParams,
  GetUserAvatarsEmojiParams,
  GroupSettingValue,
  PostRealmEmojiEmojiNameParams,
} from '../../generated/types.js';
import { emojiCodeForName } from '../../markdown/emoji.js';
import { isRealmAdmin } from '../../store/access.js';
import { isUserInGroupSetting } from '../../store/groups.js';
import {
  addRealmEmoji,
  deactivateRealmEmoji,
  EMOJI_IMAGE_TYPES,
  type EmojiImageType,
  findActiveEmoji,
  realmEmojiMap,
} from '../../store/realm-emoji/realm-emoji.js';
import type { UserRecord } from '../../store/state.js';
import { base64ToBytes, bytesToBase64 } from '../../store/uploads/base64.js';
import { has } from '../../versions/index.js';
import { errors } from '../errors/index.js';
import { readFormParts } from '../form-files.js';
import { defineRoute, definePublicRoute, RawResponse } from '../route.js';
import { emojiPlaceholderSvg } from './emoji-placeholder.js';

const FILE = /^(\d+)\.([a-z]+)$/;
/** The server's largest custom emoji file (MAX_EMOJI_FILE_SIZE_MIB). */
const MAX_EMOJI_MIB = 5;

/** The server's name rules: trimmed, spaces to underscores, [0-9a-z_-] ending in a letter or digit. */
function checkEmojiName(raw: string): string {
  const name = raw.trim().replaceAll(' ', '_');
  if (name === '') throw errors.emojiNameMissing();
  if (!/^[0-9a-z_-]+$/.test(name)) throw errors.emojiNameBadCharacters();
  if (/[_-]$/.test(name)) throw errors.emojiNameBadEnd();
  return name;
}

/** Guests and bots never add emoji (members then need the realm's can_add_custom_emoji_group). */
function checkMayAdd(user: UserRecord): void {
  if (user.role === 600) throw errors.notForGuests();
  if (user.is_bot) throw errors.notForBots();
}

export const realmEmojiRoutes = [
  defineRoute({
    method: 'GET',
    path: '/realm/emoji',
    schema: 'get-realm-emoji',
    summary: 'Custom emoji of the organization, deactivated ones included',
    handler({ store }) {
      return { emoji: realmEmojiMap(store.state) };
    },
  }),
  defineRoute<PostRealmEmojiEmojiNameParams>({
    method: 'POST',
    path: '/realm/emoji/{emoji_name}',
    schema: 'post-realm-emoji-emoji-name',
    summary: 'Upload a custom emoji (multipart, one image file)',
    largeBody: true,
    async handler({ store, user, params, request }) {
      checkMayAdd(user);
      const name = checkEmojiName(params.emoji_name);
      // The loader has turned `role:` names into group ids, so the setting is a group-setting value here.
      const group = store.state.settings.can_add_custom_emoji_group as GroupSettingValue;
      if (!isUserInGroupSetting(store.state, group, user.user_id)) throw errors.insufficientPermission();
      if (findActiveEmoji(store.state, name)) throw errors.emojiNameTaken();
      const { fields, files } = await readFormParts(request);
      if (files.length !== 1) throw errors.emojiOneFile();
      if (emojiCodeForName(name) !== undefined && !isRealmAdmin(user)) throw errors.emojiOverrideBuiltIn();
      const file = files[0]!;
      if (file.bytes.byteLength > MAX_EMOJI_MIB * 1024 * 1024) throw errors.emojiTooLarge(MAX_EMOJI_MIB);
      const type = file.type.toLowerCase();
      if (!EMOJI_IMAGE_TYPES.has(type)) throw errors.badImageFormat();
      addRealmEmoji(store, user, name, {
        content_type: type as EmojiImageType,
        data_base64: bytesToBase64(file.bytes),
      });
      // Answered here: the file part is not a parameter, so it must not be listed as an ignored one.
      const ignored = [...new URLSearchParams(request.query).keys(), ...fields].sort();
      const body: Record<string, unknown> = { result: 'success', msg: '' };
      if (ignored.length && has('ignored_parameters_unsupported', store.featureLevel))
        body.ignored_parameters_unsupported = ignored;
      return new RawResponse(200, { 'Content-Type': 'application/json' }, body);
    },
  }),
  defineRoute<DeleteRealmEmojiEmojiNameParams>({
    method: 'DELETE',
    path: '/realm/emoji/{emoji_name}',
    schema: 'delete-realm-emoji-emoji-name',
    summary: 'Deactivate a custom emoji (administrators and its author)',
    handler({ store, user, params }) {
      const emoji = findActiveEmoji(store.state, params.emoji_name);
      if (!emoji)
        throw errors.customEmojiDoesNotExist(
          params.emoji_name,
          has('emoji_not_found_404', store.featureLevel),
        );
      if (!isRealmAdmin(user) && emoji.author_id !== user.user_id) throw errors.emojiNotAuthor();
      deactivateRealmEmoji(store, emoji);
      return {};
    },
  }),
  definePublicRoute<GetUserAvatarsEmojiParams>({
    method: 'GET',
    path: '/user_avatars/{realm_id}/emoji/images/{emoji_file}',
    root: true,
    auth: 'none',
    schema: 'get-user-avatars-emoji',
    summary: "A custom emoji's image (its source_url)",
    handler({ store, params }) {
      const match = FILE.exec(params.emoji_file);
      const emoji = match ? store.state.realmEmoji.get(Number(match[1])) : undefined;
      const path = `/user_avatars/${params.realm_id}/emoji/images/${params.emoji_file}`;
      if (!emoji || emoji.source_url.split('?')[0] !== path) throw errors.notFound('Not Found');
      // Images never change under one URL: a new upload gets a new id.
      const headers = { 'Cache-Control': 'public, max-age=86400' };
      if (!emoji.image)
        return new RawResponse(
          200,
          { ...headers, 'Content-Type': 'image/svg+xml' },
          emojiPlaceholderSvg(emoji),
        );
      return new RawResponse(
        200,
        { ...headers, 'Content-Type': emoji.image.content_type },
        base64ToBytes(emoji.image.data_base64),
      );
    },
  }),
];
