/**
 * The gemoji dataset behind the emoji tables (emoji.ts builds them on first use). The command line's script
 * bundle replaces this module (src/tools/bundle-cli.ts) by one that evaluates the dataset, a 13,000-line
 * literal, only when this function is first called, so that a server start does not pay for it.
 */
import { gemoji } from 'gemoji';

/** The dataset's entries: emoji, names, description. */
export function gemojiEntries(): typeof gemoji {
  return gemoji;
}
