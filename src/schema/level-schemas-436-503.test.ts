import { describe, expect, it } from 'vitest';
import { checkValidatorAt } from './level-schemas.js';

const ATTACHMENT = { id: 1, name: 'a.txt', path_id: '2/ab/cd/a.txt', size: 3, create_time: 1763683200 };
const REACTION = {
  id: 0,
  type: 'reaction',
  op: 'add',
  message_id: 5,
  emoji_name: 'octopus',
  emoji_code: '1f419',
  reaction_type: 'unicode_emoji',
  user_id: 8,
};
const USER = { user_id: 8, email: 'hamlet@svc.test', full_name: 'King Hamlet' };

describe('level schemas of 436 to 503', () => {
  it('want messages objects in attachments below 472 and message_ids from 472', () => {
    const old = checkValidatorAt('resources/attachment.json', 471);
    const newer = checkValidatorAt('resources/attachment.json', 472);
    const withObjects = { ...ATTACHMENT, messages: [{ id: 5, date_sent: 1763683200 }] };
    const withIds = { ...ATTACHMENT, message_ids: [5] };
    expect([old(withObjects), old(withIds), newer(withObjects), newer(withIds)]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('allow the user object in reaction events below 484 and refuse it from 484', () => {
    const ref = 'events/reaction.json';
    expect(checkValidatorAt(ref, 483)({ ...REACTION, user: USER })).toBe(true);
    expect(checkValidatorAt(ref, 483)(REACTION)).toBe(true);
    expect(checkValidatorAt(ref, 484)({ ...REACTION, user: USER })).toBe(false);
    expect(checkValidatorAt(ref, 503)(REACTION)).toBe(true);
  });

  it('refuse linkifier reverse fields below 471 and alternative templates below 478', () => {
    const linkifier = {
      id: 1,
      pattern: '#(?P<id>[0-9]+)',
      url_template: 'https://x.test/{id}',
      example_input: '#1',
      reverse_template: '#{id}',
    };
    expect(checkValidatorAt('resources/linkifier.json', 470)(linkifier)).toBe(false);
    expect(checkValidatorAt('resources/linkifier.json', 471)(linkifier)).toBe(true);
    const alternative = { ...linkifier, alternative_url_templates: ['https://y.test/{id}'] };
    expect(checkValidatorAt('resources/linkifier.json', 477)(alternative)).toBe(false);
    expect(checkValidatorAt('resources/linkifier.json', 478)(alternative)).toBe(true);
  });
});
