import { EventEmitter } from 'node:events';
import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { countParser, parseDuration, pipeSafeWriter } from './conformance-run-options.js';

describe('conformance run option parsers', () => {
  it('reads durations as milliseconds, seconds with s', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1.5s')).toBe(1500);
    expect(parseDuration('500ms')).toBe(500);
    expect(parseDuration('250')).toBe(250);
    for (const bad of ['0', '-1', '5m', 'soon', ''])
      expect(() => parseDuration(bad)).toThrow(InvalidArgumentError);
  });

  it('takes whole numbers from the minimum up', () => {
    expect(countParser(0)('0')).toBe(0);
    expect(() => countParser(1)('0')).toThrow(InvalidArgumentError);
    expect(() => countParser(0)('1.5')).toThrow(InvalidArgumentError);
  });

  it('stops writing after EPIPE instead of crashing, and still throws other stream errors', () => {
    const written: string[] = [];
    const stream = Object.assign(new EventEmitter(), { write: (t: string) => written.push(t) });
    const out = pipeSafeWriter(stream as unknown as NodeJS.WriteStream);
    out('a');
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    out('b');
    expect(written).toEqual(['a']);
    expect(() => stream.emit('error', Object.assign(new Error('disk full'), { code: 'ENOSPC' }))).toThrow(
      'disk full',
    );
  });
});
