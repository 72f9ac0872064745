/** Alert words: GET, POST (add) and DELETE (remove) /users/me/alert_words; each answers the whole list. */
import type { DeleteUsersMeAlertWordsParams, PostUsersMeAlertWordsParams } from '../../generated/types.js';
import {
  addAlertWords,
  MAX_ALERT_WORD_LENGTH,
  removeAlertWords,
  userAlertWords,
} from '../../store/user-preferences/alert-words.js';
import { errors } from '../errors/index.js';
import { defineRoute } from '../route.js';

export const alertWordRoutes = [
  defineRoute({
    method: 'GET',
    path: '/users/me/alert_words',
    schema: 'get-users-me-alert-words',
    summary: "The caller's alert words",
    handler({ store, user }) {
      return { alert_words: userAlertWords(store.state, user.user_id) };
    },
  }),
  defineRoute<PostUsersMeAlertWordsParams>({
    method: 'POST',
    path: '/users/me/alert_words',
    schema: 'post-users-me-alert-words',
    summary: 'Add alert words (case-insensitively new ones only)',
    handler({ store, user, params }) {
      // The length is checked before stripping, as the server does; blank words are then dropped.
      params.alert_words.forEach((word, i) => {
        if ([...word].length > MAX_ALERT_WORD_LENGTH)
          throw errors.tooLong(`alert_words[${i}]`, MAX_ALERT_WORD_LENGTH);
      });
      const words = params.alert_words.map((w) => w.trim()).filter((w) => w !== '');
      return { alert_words: addAlertWords(store, user, words) };
    },
  }),
  defineRoute<DeleteUsersMeAlertWordsParams>({
    method: 'DELETE',
    path: '/users/me/alert_words',
    schema: 'delete-users-me-alert-words',
    summary: 'Remove alert words (compared case-insensitively)',
    handler({ store, user, params }) {
      return { alert_words: removeAlertWords(store, user, params.alert_words) };
    },
  }),
];
