import { describe, expect, it } from 'vitest';
import { describeRule, IgnoreFileError, IgnoreSet, parseIgnoreRules } from './ignore.js';
import type { StepDocument } from './normalise.js';

const scenario = { name: 'reactions reach every queue', file: 'scenarios/reactions.yaml' };

function doc(): StepDocument {
  return {
    status: 200,
    body: {
      messages: [
        { id: 1, avatar_url: 'a', content: 'x' },
        { id: 2, avatar_url: 'b', content: 'y' },
      ],
      user: { avatar_url: 'c' },
    },
    events: [{ type: 'message', message: { avatar_url: 'd' } }],
  };
}

describe('parseIgnoreRules', () => {
  it('reads a YAML list or {ignore: [...]} in JSON', () => {
    const yaml = parseIgnoreRules('- pointer: /messages/*/avatar_url\n  reason: CDN\n  step: 2\n');
    expect(yaml).toEqual([{ pointer: '/messages/*/avatar_url', reason: 'CDN', step: 2 }]);
    const json = parseIgnoreRules(
      '{"ignore": [{"field": "avatar_url", "reason": "CDN", "scenario": "react"}]}',
    );
    expect(json).toEqual([{ field: 'avatar_url', reason: 'CDN', scenario: 'react' }]);
    expect(parseIgnoreRules('')).toEqual([]);
  });

  it.each([
    ['- field: x\n', 'rules.yaml: rule 1: reason is required'],
    ['- field: x\n  reason: " "\n', 'reason is required'],
    ['- pointer: /x\n  field: x\n  reason: r\n', 'give either pointer or field'],
    ['- reason: r\n', 'give either pointer or field'],
    ['- pointer: x\n  reason: r\n', 'pointer must be a JSON pointer starting with /'],
    ['- field: x\n  reason: r\n  because: y\n', 'unknown key because'],
    ['- field: x\n  reason: r\n  scenario: "("\n', 'scenario:'],
    ['- field: x\n  reason: r\n  step: 1.5\n', 'step must be'],
    ['ignore: 3\n', 'expected a list of rules'],
    ['- [\n', 'rules.yaml:'],
  ])('refuses %j', (text, message) => {
    expect(() => parseIgnoreRules(text, 'rules.yaml')).toThrow(IgnoreFileError);
    expect(() => parseIgnoreRules(text, 'rules.yaml')).toThrow(message);
  });
});

describe('IgnoreSet', () => {
  it('removes a pointer with wildcards from the body and counts it', () => {
    const set = new IgnoreSet([{ pointer: '/messages/*/avatar_url', reason: 'CDN' }]);
    const d = doc();
    set.apply(d, scenario, 'steps[0]', 'GET /messages');
    expect(d.body).toEqual({
      messages: [
        { id: 1, content: 'x' },
        { id: 2, content: 'y' },
      ],
      user: { avatar_url: 'c' },
    });
    expect(set.hits).toEqual([2]);
    expect(set.unmatched()).toEqual([]);
  });

  it('tries a pointer against the step document, the body and each event', () => {
    const set = new IgnoreSet([
      { pointer: '/status', reason: 'r' },
      { pointer: '/message/avatar_url', reason: 'r' },
    ]);
    const d = doc();
    set.apply(d, scenario, 'steps[0]', 'x');
    expect(d.status).toBeUndefined();
    expect(d.events).toEqual([{ type: 'message', message: {} }]);
    expect(set.hits).toEqual([1, 1]);
  });

  it('removes a field everywhere, only in the scenarios and steps a rule is scoped to', () => {
    const set = new IgnoreSet([
      { field: 'avatar_url', reason: 'CDN', scenario: 'REACTIONS', step: 'GET /messages' },
      { field: 'content', reason: 'r', scenario: 'other scenario' },
      { field: 'id', reason: 'r', step: 3 },
    ]);
    const other = doc();
    set.apply(other, scenario, 'steps[0]', 'GET /users');
    expect(other).toEqual(doc());
    const d = doc();
    set.apply(d, scenario, 'steps[3]', 'GET /messages');
    expect(JSON.stringify(d)).not.toContain('avatar_url');
    expect(JSON.stringify(d)).not.toContain('"id"');
    expect(JSON.stringify(d)).toContain('content');
    expect(set.hits).toEqual([4, 0, 2]);
    expect(set.unmatched()).toEqual([{ field: 'content', reason: 'r', scenario: 'other scenario' }]);
  });

  it('describes a rule with its scope and reason', () => {
    expect(describeRule({ field: 'avatar_url', reason: 'CDN', scenario: 'react', step: 2 })).toBe(
      'field avatar_url in scenario /react/, step 2: CDN',
    );
    expect(describeRule({ pointer: '/a/*', reason: 'why' })).toBe('pointer /a/*: why');
  });
});
