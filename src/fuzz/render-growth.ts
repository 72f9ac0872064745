/**
 * The render-time property of `npm run fuzz`: rendering grows at most linearly with the length of the text.
 * Each input is built to make one Markdown rule work hard (an opening it cannot close, a run of markers); it
 * is rendered at 10 KB and at 100 KB, and the CPU time of the larger must stay within a linear bound of the
 * smaller's. A rule that rescans the rest of the text at every marker is quadratic and fails at once.
 */
import { renderMarkdown } from '../markdown/render.js';
import { testRenderContext } from '../testing/render-context.js';

/** Adversarial texts by the rule they aim at, each of about `n` characters. */
export const ADVERSARIAL_INPUTS: Readonly<Record<string, (n: number) => string>> = {
  'time without a closing >': (n) => '<time:'.repeat(Math.ceil(n / 6)),
  'emphasis markers': (n) => '*a'.repeat(n / 2),
  'strong markers': (n) => '**'.repeat(n / 2),
  strikethrough: (n) => '~~a'.repeat(Math.ceil(n / 3)),
  'link brackets': (n) => '['.repeat(n),
  'link destinations': (n) => '[a]('.repeat(n / 4),
  'user mentions': (n) => '@**'.repeat(Math.ceil(n / 3)),
  'group mentions': (n) => '@*'.repeat(n / 2),
  'channel links': (n) => '#**'.repeat(Math.ceil(n / 3)),
  'emoji colons': (n) => ':a'.repeat(n / 2),
  'angle brackets': (n) => '<'.repeat(n),
  backticks: (n) => '`'.repeat(n),
  'math dollars': (n) => '$$'.repeat(n / 2),
  'fences without end': (n) => '```\n'.repeat(n / 4),
  'spoilers without end': (n) => '```spoiler a\n'.repeat(Math.ceil(n / 13)),
  'table pipes': (n) => `${'|a'.repeat(n / 4)}\n${'|-'.repeat(n / 4)}`,
  'quote markers': (n) => '> '.repeat(n / 2),
  'list markers': (n) => '- '.repeat(n / 2),
  'URL-like text': (n) => 'http://a.'.repeat(Math.ceil(n / 9)),
};

/** The largest CPU-time ratio allowed between 100 KB and 10 KB (10 for linear; a rule that rescans the rest of the text gives about 100). */
export const MAX_GROWTH = 30;

const cpuMs = (run: () => void): number => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** One input's figures: the best of `repeat` CPU times at each size and their ratio. */
export interface Growth {
  name: string;
  smallMs: number;
  largeMs: number;
  ratio: number;
}

/** Renders every adversarial input at 10 KB and 100 KB (best of `repeat` each, after one warm-up) and returns the ratios. */
export function measureRenderGrowth(repeat = 5): Growth[] {
  const context = testRenderContext();
  const best = (text: string): number =>
    Math.min(...Array.from({ length: repeat }, () => cpuMs(() => renderMarkdown(text, context))));
  return Object.entries(ADVERSARIAL_INPUTS).map(([name, make]) => {
    renderMarkdown(make(10_000), context);
    // At least a millisecond for the small size, so that timer granularity cannot make the ratio huge.
    const smallMs = Math.max(1, best(make(10_000)));
    const largeMs = best(make(100_000));
    return { name, smallMs, largeMs, ratio: largeMs / smallMs };
  });
}
