/** Random tokens inside text (invitation keys, temporary upload URLs, upload paths, keys in URLs), renamed by kind. */

/** A kind of random token and where it sits in text: the pattern's `token` group is the random part. */
export interface TokenKind {
  kind: string;
  pattern: RegExp;
}

/**
 * Token kinds: each server makes its own random value, so two servers (or two runs) only agree on which
 * token of a kind it is. The surrounding text (host, file name) is still compared.
 */
export const TOKEN_KINDS: readonly TokenKind[] = [
  // An invitation link: /join/<key>/ (invite_link, link_url of GET /invites).
  { kind: 'invite_key', pattern: /\/join\/(?<token>[A-Za-z0-9]{16,})\/?/g },
  // A temporary upload URL: /user_uploads/temporary/<token>/<file name>.
  { kind: 'upload_token', pattern: /\/user_uploads\/temporary\/(?<token>[A-Za-z0-9]{16,})\//g },
  // An upload's path: /user_uploads/<realm id>/<2 random>/<24 random>/<file name>.
  { kind: 'upload_path', pattern: /\/user_uploads\/\d+\/(?<token>[A-Za-z0-9_-]{2}\/[A-Za-z0-9_-]{16,})\//g },
  // A key or token in a query string (?api_key=..., &key=..., &token=...).
  { kind: 'api_key', pattern: /[?&](?:api_key|key|token)=(?<token>[A-Za-z0-9_-]{16,})/g },
  // The random prefix an archived channel's name takes on older servers: <7 hex>!DEACTIVATED:name.
  { kind: 'archive_prefix', pattern: /(?<token>\b[0-9a-f]{7})!DEACTIVATED:/g },
  // A confirmation key in a confirmation URL.
  { kind: 'confirmation_key', pattern: /\/(?:accounts\/do_confirm|confirm)\/(?<token>[A-Za-z0-9]{16,})/g },
];

/** Replaces each token of a known kind in `text` by `{kind#n}`, `label` numbering the tokens of each kind. */
export function renameTokens(text: string, label: (kind: string, token: string) => string): string {
  let out = text;
  for (const { kind, pattern } of TOKEN_KINDS)
    out = out.replace(pattern, (whole: string, ...rest: unknown[]) => {
      const groups = rest[rest.length - 1] as { token: string };
      return whole.replace(groups.token, `{${label(kind, groups.token)}}`);
    });
  return out;
}
