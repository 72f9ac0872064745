/** Snapshot sections of organization data and settings: linkifiers, playgrounds, emoji, user settings. */
import { DISPLAY_SETTINGS, NOTIFICATION_SETTINGS } from '../../store/events/legacy-settings.js';
import type { UserRecord } from '../../store/state.js';
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

function pick(settings: Record<string, unknown>, keys: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (key in settings) out[key] = settings[key];
  return out;
}

/** Sections of organization data and of the caller's settings. */
export const orgSections: SnapshotSection[] = [
  {
    types: ['realm_linkifiers'],
    // Clients without linkifier_url_template cannot apply URL templates, so they get none.
    build: (ctx) => ({
      realm_linkifiers: can(ctx, 'linkifier_url_template')
        ? ctx.store.state.linkifiers.map((l) => ({ ...l }))
        : [],
    }),
  },
  { types: ['realm_filters'], build: () => ({ realm_filters: [] }) },
  {
    types: ['realm_playgrounds'],
    build: ({ store }) => ({
      realm_playgrounds: [...store.state.playgrounds.values()].sort((a, b) => a.id - b.id),
    }),
  },
  {
    types: ['realm_emoji'],
    build: ({ store }) => {
      const out: Record<string, unknown> = {};
      for (const emoji of store.state.realmEmoji.values())
        out[String(emoji.id)] = { ...emoji, id: String(emoji.id) };
      return { realm_emoji: out };
    },
  },
  {
    types: ['realm_user_settings_defaults'],
    build: ({ store }) => ({
      realm_user_settings_defaults: {
        ...store.state.userSettingsDefaults,
        emojiset_choices: EMOJISET_CHOICES,
        available_notification_sounds: NOTIFICATION_SOUNDS,
      },
    }),
  },
  {
    types: ['user_settings'],
    build: ({ user }) => (user ? { user_settings: userSettings(user) } : {}),
  },
  {
    types: ['update_display_settings'],
    build: (ctx) =>
      ctx.user && !can(ctx, 'user_settings_object')
        ? { ...pick(userSettings(ctx.user), DISPLAY_SETTINGS), emojiset_choices: EMOJISET_CHOICES }
        : {},
  },
  {
    types: ['update_global_notifications'],
    build: (ctx) =>
      ctx.user && !can(ctx, 'user_settings_object')
        ? {
            ...pick(userSettings(ctx.user), NOTIFICATION_SETTINGS),
            available_notification_sounds: NOTIFICATION_SOUNDS,
          }
        : {},
  },
];
