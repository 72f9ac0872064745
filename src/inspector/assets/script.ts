/** The inspector script (an ES module, plain JS run as is): long-polls /svc-mock/changes and renders what moved; sends, advances the clock, injects faults and resets through the control API and the public API. */
import { SCRIPT_BASE } from './script-base.js';
import { SCRIPT_REALMS } from './script-realms.js';
import { SCRIPT_RENDER } from './script-render.js';

// Kept as text so the package ships it without a build step on the user's side (no backticks or ${ inside).
const SCRIPT_MAIN = String.raw`async function refreshRealm() {
  state.realm = await read('realm');
  state.users = new Map(state.realm.users.map((u) => [u.user_id, u]));
  state.channels = new Map(state.realm.channels.map((c) => [c.stream_id, c]));
  $('realm-name').textContent = state.realm.realm_name;
  renderUsers();
  renderChannels();
  renderMessages();
}

async function refreshAccounts() {
  state.accounts = (await read('accounts')).accounts;
  renderAccounts();
}

async function refreshRequests(reset) {
  if (reset) { state.requests = []; state.lastRequestId = 0; }
  const { requests } = await read('requests?since=' + state.lastRequestId);
  state.requests = state.requests.concat(requests.filter((r) => r.id > state.lastRequestId)).slice(-1000);
  if (requests.length) state.lastRequestId = requests[requests.length - 1].id;
  renderRequests();
}

// The settings in words: "latency 5–10 ms · fail rate 0.05 (500) · rate limit 50/60s · 2 endpoint rules".
function describeFaults(f) {
  const rate = (r) => r.limit + '/' + r.window_seconds + 's';
  const parts = [];
  if (f.latency) parts.push('latency ' + (f.latency.min === f.latency.max ? f.latency.min : f.latency.min + '–' + f.latency.max) + ' ms');
  if (f.fail_rate) parts.push('fail rate ' + f.fail_rate + (f.fail_kinds ? ' (' + f.fail_kinds.join(', ') + ')' : ''));
  if (f.rate_limit) parts.push('rate limit ' + rate(f.rate_limit));
  if (f.ip_rate_limit) parts.push('address rate limit ' + rate(f.ip_rate_limit));
  const endpoints = Object.keys(f.endpoints || {}).length;
  const users = Object.keys(f.users || {}).length;
  if (endpoints) parts.push(endpoints + (endpoints === 1 ? ' endpoint rule' : ' endpoint rules'));
  if (users) parts.push(users + (users === 1 ? ' user rule' : ' user rules'));
  return parts.length ? parts.join(' · ') : 'None: the mock answers at full speed.';
}

async function refreshFaults() {
  const { faults } = await read('faults');
  $('faults-current').textContent = describeFaults(faults);
}

// The revision last seen: GET /svc-mock/changes waits (up to a second) until the mock moves past it.
let revision = null;
async function tick() {
  const changes = await read(revision === null ? 'changes' : 'changes?since=' + revision + '&timeout=1');
  revision = changes.revision;
  state.now = changes.now;
  renderClock();
  const signature = changes.generation + '.' + changes.changes;
  if (signature !== state.signature) {
    const generationChanged = state.signature.split('.')[0] !== String(changes.generation);
    state.signature = signature;
    if (generationChanged) await refreshAccounts();
    await refreshRealm();
  }
  if (changes.last_request_id !== state.lastRequestId) await refreshRequests(changes.last_request_id < state.lastRequestId);
  state.queues = (await read('queues')).queues;
  renderQueues();
}

// One loop of long polls: an answer comes at once when something moved, else after a second (the clock).
async function loop() {
  for (;;) {
    const started = performance.now();
    let pause = 250;
    try {
      await tick();
      await refreshRealms();
      $('connection').textContent = 'Live';
      $('connection').className = 'badge live';
    } catch (error) {
      $('connection').textContent = 'Disconnected';
      $('connection').className = 'badge s5';
      revision = null;
      pause = 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, pause - (performance.now() - started))));
  }
}

// The loop sees what an action changed: the long poll it has waiting answers at once.
async function act(label, action) {
  try {
    await action();
    announce(label);
  } catch (error) {
    announce(label + ' failed: ' + error.message, true);
  }
}

function wire() {
  for (const button of document.querySelectorAll('[data-advance]'))
    button.addEventListener('click', () => act('Clock advanced by ' + button.dataset.advance,
      () => write('clock', 'POST', { advance: button.dataset.advance })));
  $('advance-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const by = $('advance-by').value.trim();
    if (by) void act('Clock advanced by ' + by, () => write('clock', 'POST', { advance: by }));
  });
  $('reset').addEventListener('click', () => act('Realm reset to its initial state', () => write('reset', 'POST')));
  $('send-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const account = state.accounts.find((a) => String(a.user_id) === $('send-user').value);
    if (!account) return announce('Choose a user to send as', true);
    const content = $('send-content').value;
    void act('Message sent as ' + account.full_name, async () => {
      await call(new URL('messages', api), {
        method: 'POST',
        headers: { Authorization: 'Basic ' + btoa(account.email + ':' + account.api_key),
          'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ type: 'stream', to: $('send-channel').value, topic: $('send-topic').value,
          content }).toString(),
      });
      $('send-content').value = '';
    });
  });
  $('faults-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const params = {};
    const latency = $('fault-latency').value.trim();
    const failRate = $('fault-rate').value.trim();
    const rateLimit = $('fault-limit').value.trim();
    // Only the fields filled in change ("All off" clears them all).
    if (latency) params.latency = latency;
    if (failRate) params.fail_rate = failRate;
    if (rateLimit) params.rate_limit = rateLimit;
    if (Object.keys(params).length === 0) return announce('Fill in a latency, fail rate or rate limit', true);
    void act('Faults applied', async () => { await write('faults', 'PUT', params); await refreshFaults(); });
  });
  $('faults-clear').addEventListener('click', () => act('Faults turned off', async () => {
    await write('faults', 'DELETE');
    await refreshFaults();
  }));
  for (const id of ['filter-path', 'filter-status', 'filter-user'])
    $(id).addEventListener('input', renderRequests);
}

wire();
void refreshFaults().catch(() => { $('faults-current').textContent = 'Not available on this mock.'; });
void loop();
`;

/** The whole inspector module: helpers, rendering, then the long-poll loop and the controls. */
export const INSPECTOR_SCRIPT = [SCRIPT_BASE, SCRIPT_RENDER, SCRIPT_REALMS, SCRIPT_MAIN].join('');
