/** Snapshot sections of organization data and settings: linkifiers, playgrounds, emoji, user settings. */
import { DISPLAY_SETTINGS, NOTIFICATION_SETTINGS } from '../../store/events/legacy-settings.js';
import { realmEmojiMap } from '../../store/realm-emoji/realm-emoji.js';
import type { UserRecord } from '../../store/state.js';
import { trimFields } from '../../versions/fields.js';
import { has } from '../../versions/index.js';
import { settingValueAtLevel } from '../../store/settings/settings.js';
import { legacyFilter } from '../routes/realm-filters-legacy.js';
import { can, type SnapshotSection } from './context.js';

/** Emoji sets a user may choose. */
export const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
];

/** Notification sounds the server offers. */
export const NOTIFICATION_SOUNDS = ['chime', 'ding', 'svc'];

function userSettings(user: UserRecord): Record<string, unknown> {
  return {
    ...user.settings,
    timezone: user.timezone,
    emojiset_choices: EMOJISET_CHOICES,
    available_notification_sounds: NOTIFICATION_SOUNDS,
  };
}

/** Settings in the shape of the store's feature level (later settings absent, older names, dense_mode below 364). */
function atLevel(settings: Record<string, unknown>, level: number): Record<string, unknown> {
  if (has('dense_mode_removed', level)) delete settings.dense_mode;
  if ('web_home_view' in settings)
    settings.web_home_view = settingValueAtLevel('web_home_view', settings.web_home_view, level);
  return trimFields('user_settings', settings, level);
}

function pick(settings: Record<string, unknown>, keys: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in settings) out[key] = settings[key];
  return out;
}

/** Sections of organization data and of the caller's settings. */
export const orgSections: SnapshotSection[] = [
  {
    types: ['realm_linkifiers'],
    // From level 176 clients without linkifier_url_template cannot apply URL templates, so they get none;
    // before, every client got them with url_format_string.
    build: (ctx) => {
      const level = ctx.store.featureLevel;
      const old = !has('field_linkifier_url_template', level);
      return {
        realm_linkifiers:
          old || can(ctx, 'linkifier_url_template')
            ? ctx.store.state.linkifiers.map((l) => trimFields('linkifier', { ...l }, level))
            : [],
      };
    },
  },
  {
    types: ['realm_filters'],
    // Before level 176 the legacy list held every linkifier as a [pattern, url_format, id] triple.
    build: ({ store }) => ({
      realm_filters: has('field_linkifier_url_template', store.featureLevel)
        ? []
        : store.state.linkifiers.map(legacyFilter),
    }),
  },
  {
    types: ['realm_playgrounds'],
    build: ({ store }) => ({
      realm_playgrounds: [...store.state.playgrounds.values()].sort((a, b) => a.id - b.id),
    }),
  },
  {
    types: ['realm_emoji'],
    build: ({ store }) => ({ realm_emoji: realmEmojiMap(store.state) }),
  },
  {
    types: ['realm_user_settings_defaults'],
    build: ({ store }) => ({
      realm_user_settings_defaults: atLevel(
        {
          ...store.state.userSettingsDefaults,
          emojiset_choices: EMOJISET_CHOICES,
          available_notification_sounds: NOTIFICATION_SOUNDS,
        },
        store.featureLevel,
      ),
    }),
  },
  {
    types: ['user_settings'],
    build: ({ user, store }) =>
      user ? { user_settings: atLevel(userSettings(user), store.featureLevel) } : {},
  },
  {
    types: ['update_display_settings'],
    build: (ctx) =>
      ctx.user && !can(ctx, 'user_settings_object')
        ? {
            ...atLevel(pick(userSettings(ctx.user), DISPLAY_SETTINGS), ctx.store.featureLevel),
            emojiset_choices: EMOJISET_CHOICES,
          }
        : {},
  },
  {
    types: ['update_global_notifications'],
    build: (ctx) =>
      ctx.user && !can(ctx, 'user_settings_object')
        ? {
            ...atLevel(pick(userSettings(ctx.user), NOTIFICATION_SETTINGS), ctx.store.featureLevel),
            available_notification_sounds: NOTIFICATION_SOUNDS,
          }
        : {},
  },
];
