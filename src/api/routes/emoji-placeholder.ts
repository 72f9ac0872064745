/** The image the mock draws for a custom emoji that has no uploaded image (fixture emoji). */
import type { RealmEmojiRecord } from '../../store/state.js';

const escapeXml = (text: string): string => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 64×64 SVG: a rounded square with the emoji name's first letter, its colour picked by the emoji id. */
export function emojiPlaceholderSvg(emoji: RealmEmojiRecord): string {
  const hue = (emoji.id * 137) % 360;
  const letter = escapeXml((emoji.name[0] ?? '?').toUpperCase());
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<title>${escapeXml(emoji.name)}</title>` +
    `<rect width="64" height="64" rx="12" fill="hsl(${hue},60%,45%)"/>` +
    `<text x="32" y="44" font-family="sans-serif" font-size="32" text-anchor="middle" fill="#fff">${letter}</text>` +
    `</svg>`
  );
}
