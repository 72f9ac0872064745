/** Languages a user may pick as default_language, with the names events carry (language_name). */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  ar: 'العربية',
  ca: 'Català',
  cs: 'Čeština',
  de: 'Deutsch',
  en: 'English',
  'en-gb': 'British English',
  es: 'Español',
  fr: 'Français',
  hi: 'हिंदी',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  nl: 'Nederlands',
  pl: 'Polski',
  pt: 'Português',
  'pt-br': 'Português Brasileiro',
  ru: 'Русский',
  sv: 'Svenska',
  tr: 'Türkçe',
  uk: 'Українська',
  'zh-hans': '简体中文',
  'zh-hant': '繁體中文',
};

/** Notification sounds a user may pick (plus `none`). */
export const NOTIFICATION_SOUNDS: readonly string[] = ['none', 'chime', 'ding', 'svc'];
