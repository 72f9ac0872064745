/** The invitee_emails parameter: addresses separated by commas or newlines, `Name <email>` accepted. */

/** Splits and cleans the addresses, dropping empty entries and repeats (first spelling kept). */
export function parseInviteeEmails(raw: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const piece of raw.split(/[,\n]/)) {
    const named = /<(?<email>.*)>/.exec(piece);
    const email = (named?.groups?.email ?? piece).trim();
    if (email === '' || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push(email);
  }
  return out;
}

/** A plausible e-mail address: one @, a non-empty local part, a dotted domain, no spaces. */
export function isValidEmail(email: string): boolean {
  return /^[^@\s<>(),;:"[\]\\]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(email);
}
