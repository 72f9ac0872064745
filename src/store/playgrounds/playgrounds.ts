/** Code playgrounds: external sites that open code blocks of a language, by an RFC 6570 template. */
import type { CodePlayground } from '../../generated/types.js';
import type { ValidationFailure } from '../linkifiers/linkifiers.js';
import { templateVariables } from '../linkifiers/url-template.js';
import type { RealmState } from '../state.js';
import type { Store } from '../store.js';

/** Longest highlighter_language accepted (characters). */
export const MAX_LANGUAGE_LENGTH = 40;
const LANGUAGE_CHARS = /^[ a-zA-Z0-9_+\-./#]*$/;

const fail = (field: string, message: string): ValidationFailure => ({
  message,
  errors: { [field]: [message] },
});

/** Checks a playground as the server's model validation does (field checks first, then the template's variables). */
export function checkPlayground(
  state: RealmState,
  input: Omit<CodePlayground, 'id'>,
): ValidationFailure | null {
  const length = [...input.highlighter_language].length;
  if (length > MAX_LANGUAGE_LENGTH)
    return fail(
      'pygments_language',
      `Ensure this value has at most ${MAX_LANGUAGE_LENGTH} characters (it has ${length}).`,
    );
  if (!LANGUAGE_CHARS.test(input.highlighter_language))
    return fail('pygments_language', 'Invalid characters in pygments language');
  const variables = templateVariables(input.url_template);
  if (!variables) return fail('url_template', 'Invalid URL template.');
  if (!variables.has('code'))
    return fail('__all__', 'Missing the required variable "code" in the URL template');
  if (variables.size !== 1)
    return fail('__all__', '"code" should be the only variable present in the URL template');
  for (const p of state.playgrounds.values()) {
    if (p.name === input.name && p.highlighter_language === input.highlighter_language)
      return fail('__all__', 'Realm playground with this Realm, Pygments language and Name already exists.');
  }
  return null;
}

function announce(store: Store): void {
  store.emit(store.activeUserIds(), {
    type: 'realm_playgrounds',
    realm_playgrounds: [...store.state.playgrounds.values()].map((p) => ({ ...p })),
  });
}

/** Adds a (checked) playground and emits realm_playgrounds with the full list. */
export function addPlayground(store: Store, input: Omit<CodePlayground, 'id'>): CodePlayground {
  const playground: CodePlayground = { id: store.nextId('playground'), ...input };
  store.state.playgrounds.set(playground.id, playground);
  announce(store);
  return playground;
}

/** Removes a playground and emits realm_playgrounds. */
export function removePlayground(store: Store, id: number): void {
  store.state.playgrounds.delete(id);
  announce(store);
}
