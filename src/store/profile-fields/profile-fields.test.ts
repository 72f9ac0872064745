import { describe, expect, it } from 'vitest';
import type { ProfileFieldRecord } from '../state.js';
import { formatProfileField, profileFieldTypes } from './profile-fields.js';

const FIELD: ProfileFieldRecord = {
  id: 1,
  type: 1,
  name: 'Phone',
  hint: '',
  field_data: '',
  order: 1,
  display_in_profile_summary: true,
  required: true,
  editable_by_user: false,
};

describe('custom profile field shapes per feature level', () => {
  const cases: Array<[string, number, number, 'field' | 'type']> = [
    ['display_in_profile_summary', 145, 146, 'field'],
    ['required', 243, 244, 'field'],
    ['editable_by_user', 295, 296, 'field'],
    ['PRONOUNS', 150, 151, 'type'],
  ];
  for (const [key, below, level] of cases) {
    it(`${key} is absent at ${below} and present at ${level}`, () => {
      const shape = (at: number) =>
        key === 'PRONOUNS' ? profileFieldTypes(at) : formatProfileField(FIELD, at);
      expect(shape(below)).not.toHaveProperty(key);
      expect(shape(level)).toHaveProperty(key);
    });
  }
});
