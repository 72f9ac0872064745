/** The avatar the mock serves for an uploaded avatar: an SVG with the user's initials on a colour of their id. */

/** Up to two initials: the first letters of the first and last words of the name. */
export function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toUpperCase();
}

/** A background colour that stays the same for a user id and differs between neighbouring ids. */
export function avatarColor(userId: number): string {
  return `hsl(${(userId * 137) % 360}, 55%, 42%)`;
}

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A square SVG avatar, `size` pixels wide.
 * @example
 * avatarSvg({ user_id: 11, full_name: 'Iago' }, 100); // '<svg …>…I…</svg>'
 */
export function avatarSvg(user: { user_id: number; full_name: string }, size: number): string {
  const text = escapeXml(initials(user.full_name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `<rect width="100" height="100" fill="${avatarColor(user.user_id)}"/>` +
    `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-size="40" ` +
    `fill="#fff">${text}</text></svg>`
  );
}
