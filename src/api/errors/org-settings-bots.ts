/** Errors of PATCH /realm (organization settings) and of bot creation and editing. */
import { bad } from './core.js';

/** Organization-setting and bot error factories. */
export const orgSettingsBotErrors = {
  /** PATCH /realm default_language outside the server's languages. */
  invalidRealmLanguage: (language: string) => bad(`Invalid language '${language}'`),
  /** POST /bots short_name or full_name that cannot make a bot. */
  badBotName: () => bad('Bad name or username'),
  /** POST /bots: the bot's e-mail (short_name-bot@domain) belongs to someone. */
  botUsernameTaken: () => bad('Username already in use'),
  /** POST /bots bot_type the caller may not create, or that does not exist. */
  invalidBotType: () => bad('Invalid bot type'),
  /** POST /bots / PATCH /bots: another active user already has this full name. */
  nameInUse: () => bad('Name is already in use!'),
};
