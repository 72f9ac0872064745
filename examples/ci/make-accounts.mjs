#!/usr/bin/env node
// Creates one account per role the conformance scenarios need on a fresh server of the API, through the API
// only, and writes the accounts file `svc-mock conformance --accounts` reads: {role: [{email, api_key}]}.
//
// Environment: SVC_URL (the server), SVC_OWNER_EMAIL and SVC_OWNER_API_KEY (the organization owner the
// server's setup created; it needs the permission to create users), SVC_ACCOUNTS_PASSWORD (the password given
// to the new accounts; drawn at random when unset). Argument: the file to write (default accounts.json).
// Running it again reuses the accounts it made before (when their password is the same).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';

const url = need('SVC_URL').replace(/\/+$/, '');
const owner = { email: need('SVC_OWNER_EMAIL'), api_key: need('SVC_OWNER_API_KEY') };
const password = process.env.SVC_ACCOUNTS_PASSWORD || randomBytes(18).toString('base64url');
const domain = owner.email.split('@')[1];
const out = process.argv[2] ?? 'accounts.json';

// Role codes of PATCH /users/{id}; three members because some scenarios have three member actors.
const WANTED = [
  { local: 'conformance-admin', role: 'administrator', code: 200 },
  { local: 'conformance-moderator', role: 'moderator', code: 300 },
  { local: 'conformance-member1', role: 'member', code: 400 },
  { local: 'conformance-member2', role: 'member', code: 400 },
  { local: 'conformance-member3', role: 'member', code: 400 },
  { local: 'conformance-guest', role: 'guest', code: 600 },
];

function need(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`make-accounts: set ${name}`);
    process.exit(2);
  }
  return value;
}

async function call(method, path, params, account) {
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (account) headers.Authorization = `Basic ${btoa(`${account.email}:${account.api_key}`)}`;
  const response = await fetch(`${url}/api/v1${path}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : new URLSearchParams(params),
  });
  return { status: response.status, body: await response.json() };
}

async function ensureAccount({ local, role, code }) {
  const email = `${local}@${domain}`;
  const created = await call(
    'POST',
    '/users',
    { email, password, full_name: `Conformance ${local.replace('conformance-', '')}` },
    owner,
  );
  let userId = created.body.user_id;
  if (created.status !== 200) {
    const found = await call('GET', `/users/${encodeURIComponent(email)}`, {}, owner);
    if (found.status !== 200) throw new Error(`POST /users ${email}: ${created.body.msg}`);
    userId = found.body.user.user_id;
  }
  const changed = await call('PATCH', `/users/${userId}`, { role: String(code) }, owner);
  // Setting a role a user already has is refused by some servers; only other errors matter.
  if (changed.status !== 200 && !/already has/i.test(changed.body.msg))
    throw new Error(`PATCH /users/${userId} role: ${changed.body.msg}`);
  const login = await call('POST', '/fetch_api_key', { username: email, password });
  if (login.status !== 200)
    throw new Error(
      `POST /fetch_api_key ${email}: ${login.body.msg} (made earlier with another SVC_ACCOUNTS_PASSWORD?)`,
    );
  return { role, account: { email, api_key: login.body.api_key } };
}

const book = { owner: [owner] };
for (const wanted of WANTED) {
  const { role, account } = await ensureAccount(wanted);
  (book[role] ??= []).push(account);
}
writeFileSync(out, `${JSON.stringify(book, null, 2)}\n`, { mode: 0o600 });
console.log(`make-accounts: ${Object.values(book).flat().length} accounts written to ${out}`);
