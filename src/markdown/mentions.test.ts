import { describe, expect, it } from 'vitest';
import { testRenderContext } from '../testing/render-context.js';
import { renderMarkdown } from './render.js';

const ctx = testRenderContext();
const render = (content: string) => renderMarkdown(content, ctx);

describe('mention flags', () => {
  it('records a direct mention, by name, by name and id, and by id', () => {
    expect([...render('@**King Hamlet**').mentionedUserIds]).toEqual([10]);
    expect([...render('@**Iago|11**').mentionedUserIds]).toEqual([11]);
    expect([...render('@**|15**').mentionedUserIds]).toEqual([15]);
  });

  it('records nothing for silent mentions of users, groups and wildcards', () => {
    const r = render('@_**King Hamlet** @_*hamletcharacters* @_**all** @_**topic**');
    expect(r.mentionedUserIds.size).toBe(0);
    expect(r.mentionedGroupIds.size).toBe(0);
    expect(r.wildcard).toBeNull();
    expect(r.html).toBe(
      '<p><span class="user-mention silent" data-user-id="10">King Hamlet</span> ' +
        '<span class="user-group-mention silent" data-user-group-id="17">hamletcharacters</span> ' +
        '<span class="user-mention silent" data-user-id="*">all</span> ' +
        '<span class="topic-mention silent">topic</span></p>',
    );
  });

  it('does not mention users the context does not know (e.g. deactivated ones)', () => {
    const r = renderMarkdown('@**King Hamlet**', testRenderContext({ userByName: () => undefined }));
    expect(r.html).toBe('<p>@<strong>King Hamlet</strong></p>');
    expect(r.mentionedUserIds.size).toBe(0);
  });

  it('expands group mentions to their members through subgroups', () => {
    const r = render('@*core*');
    expect([...r.mentionedGroupIds]).toEqual([18]);
    expect([...r.mentionedUserIds].sort((a, b) => a - b)).toEqual([10, 11, 12, 15]);
  });

  it('does not record mentions inside code', () => {
    expect(render('`@**King Hamlet**`').mentionedUserIds.size).toBe(0);
    expect(render('```\n@**all**\n```').wildcard).toBeNull();
  });
});

describe('wildcards', () => {
  it.each(['all', 'everyone', 'channel', 'stream'])('@**%s** is a channel-wide wildcard', (word) => {
    expect(render(`@**${word}**`).wildcard).toBe('channel');
  });

  it('@**topic** is a topic wildcard', () => {
    expect(render('@**topic**').wildcard).toBe('topic');
  });

  it('a channel wildcard outranks a topic wildcard in either order', () => {
    expect(render('@**topic** @**all**').wildcard).toBe('channel');
    expect(render('@**all** @**topic**').wildcard).toBe('channel');
  });

  it('no wildcard without one', () => {
    expect(render('@**King Hamlet** all').wildcard).toBeNull();
  });
});
