/** The inspector script (an ES module, plain JS run as is): long-polls /svc-mock/changes and renders what moved; sends, advances the clock, injects faults and resets through the control API and the public API. */
// Kept as text so the package ships it without a build step on the user's side (no backticks or ${ inside).
export const INSPECTOR_SCRIPT = String.raw`// svc-mock inspector: reads the control API every second and renders the realm, queues, requests and clock.
// The mock's origin: the page's own, or the one a mounted copy names (an iframe's srcdoc has no URL of its own).
const baseMeta = document.querySelector('meta[name="svc-mock-base"]');
const origin = (baseMeta && baseMeta.getAttribute('content')) || document.baseURI;
const control = new URL('/svc-mock/', origin);
const api = new URL('/api/v1/', origin);
const INSPECTOR = { 'X-Svc-Mock-Inspector': '1' };
const ROLES = { 100: 'Owner', 200: 'Admin', 300: 'Moderator', 400: 'Member', 600: 'Guest' };
const ALLOWED_TAGS = new Set(['P', 'BR', 'STRONG', 'EM', 'B', 'I', 'DEL', 'S', 'CODE', 'PRE', 'BLOCKQUOTE', 'UL',
  'OL', 'LI', 'A', 'SPAN', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD',
  'HR', 'SUP', 'SUB', 'TIME']);
const ALLOWED_ATTRS = new Set(['class', 'title', 'href', 'datetime', 'data-user-id', 'data-stream-id']);

const state = {
  signature: '', lastRequestId: 0, now: 0, realm: null, accounts: [], queues: [], requests: [],
  users: new Map(), channels: new Map(), messageNodes: new Map(), firstRender: true,
};
const $ = (id) => document.getElementById(id);

function el(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined)
    node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

async function call(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  let body = null;
  try { body = text ? JSON.parse(text) : null; } catch { body = { msg: text }; }
  if (!response.ok) throw new Error((body && body.msg) || response.status + ' ' + response.statusText);
  return body;
}
const read = (path) => call(new URL(path, control), { headers: INSPECTOR });
function write(path, method, params) {
  const init = { method, headers: { ...INSPECTOR } };
  if (params) {
    init.headers['Content-Type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(params).toString();
  }
  return call(new URL(path, control), init);
}

function announce(text, problem) {
  const status = $('status');
  status.textContent = text;
  status.className = problem ? 'status problem' : 'status';
}

// The mock's own HTML, rebuilt element by element from an allow-list into an inert container.
function sanitise(html) {
  const template = document.createElement('template');
  template.innerHTML = html;
  const out = document.createDocumentFragment();
  const copy = (from, to) => {
    for (const node of from.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) to.append(node.textContent);
      else if (node.nodeType === Node.ELEMENT_NODE) {
        if (!ALLOWED_TAGS.has(node.tagName)) { copy(node, to); continue; }
        const clean = document.createElement(node.tagName.toLowerCase());
        for (const attr of node.attributes) {
          if (!ALLOWED_ATTRS.has(attr.name)) continue;
          if (attr.name === 'href' && !/^(https?:|mailto:|#|\/)/i.test(attr.value)) continue;
          clean.setAttribute(attr.name, attr.value);
        }
        const emoji = /(?:^|\s)emoji-([0-9a-f]+(?:-[0-9a-f]+)*)(?:\s|$)/.exec(clean.className);
        if (clean.tagName === 'SPAN' && emoji) {
          // The server's emoji spans carry the code points in a class; show the character, keep the name.
          clean.textContent = String.fromCodePoint(...emoji[1].split('-').map((hex) => parseInt(hex, 16)));
          clean.setAttribute('role', 'img');
          clean.setAttribute('aria-label', node.textContent);
          to.append(clean);
          continue;
        }
        if (clean.tagName === 'A') { clean.setAttribute('rel', 'noopener noreferrer'); clean.setAttribute('target', '_blank'); }
        copy(node, clean);
        to.append(clean);
      }
    }
  };
  copy(template.content, out);
  return out;
}

const userName = (id) => (state.users.get(id) ? state.users.get(id).full_name : 'user ' + id);
function clockText(seconds) {
  const iso = new Date(seconds * 1000).toISOString();
  return iso.slice(0, 10) + ' ' + iso.slice(11, 19) + ' UTC';
}
function span(seconds) {
  const s = Math.round(Math.abs(seconds));
  if (s < 60) return s + 's';
  if (s < 3600) return Math.floor(s / 60) + 'm ' + (s % 60) + 's';
  if (s < 86400) return Math.floor(s / 3600) + 'h ' + Math.floor((s % 3600) / 60) + 'm';
  return Math.floor(s / 86400) + 'd ' + Math.floor((s % 86400) / 3600) + 'h';
}

function renderClock() {
  const time = $('clock-time');
  time.textContent = clockText(state.now);
  time.setAttribute('datetime', new Date(state.now * 1000).toISOString());
}

function renderUsers() {
  // People first (by name), then bots, then deactivated accounts.
  const rank = (u) => (u.is_active ? 0 : 2) + (u.is_bot ? 1 : 0);
  const users = state.realm.users.slice().sort((a, b) => rank(a) - rank(b) || a.full_name.localeCompare(b.full_name));
  $('users-count').textContent = String(state.realm.user_count);
  $('users-list').replaceChildren(...users.map((u) => el('li', { class: u.is_active ? '' : 'inactive' },
    el('span', { class: 'name', text: u.full_name }),
    el('span', { class: 'badge role-' + u.role, text: ROLES[u.role] || 'Role ' + u.role }),
    u.is_bot ? el('span', { class: 'badge bot', text: 'Bot' }) : null,
    u.is_active ? null : el('span', { class: 'badge', text: 'Deactivated' }),
    el('span', { class: 'muted email', text: u.email }))));
}

function renderChannels() {
  const channels = state.realm.channels;
  $('channels-count').textContent = String(state.realm.channel_count);
  $('channels-list').replaceChildren(...channels.map((c) => {
    const names = c.subscribers.slice(0, 8).map(userName).join(', ');
    const more = c.subscriber_count > 8 ? ' and ' + (c.subscriber_count - 8) + ' more' : '';
    return el('li', { class: 'channel', 'data-stream-id': c.stream_id },
      el('h3', {}, el('span', { 'aria-hidden': 'true', class: 'hash', text: '#' }), c.name,
        c.invite_only ? el('span', { class: 'badge private', text: 'Private' }) : null,
        c.is_archived ? el('span', { class: 'badge', text: 'Archived' }) : null),
      el('p', { class: 'muted', text: c.subscriber_count + ' subscribers' + (names ? ': ' + names + more : '') }),
      c.topics.length ? el('ul', { class: 'topics', 'aria-label': 'Topics of ' + c.name },
        c.topics.map((t) => el('li', { text: t.name === '' ? '(general chat)' : t.name }))) : null);
  }));
  const select = $('send-channel');
  const chosen = select.value;
  select.replaceChildren(...channels.filter((c) => !c.is_archived)
    .map((c) => el('option', { value: c.stream_id, text: '#' + c.name })));
  if (chosen) select.value = chosen;
}

function messageNode(m) {
  const where = m.type === 'stream'
    ? '#' + ((state.channels.get(m.stream_id) || {}).name || m.stream_id) + ' › ' + (m.topic === '' ? '(general chat)' : m.topic)
    : 'Direct message: ' + m.recipients.map(userName).join(', ');
  const body = el('div', { class: 'rendered' });
  body.append(sanitise(m.rendered_content));
  return el('article', { class: 'message', 'data-message-id': m.id, 'aria-label': 'Message ' + m.id + ' from ' + userName(m.sender_id) },
    el('header', {}, el('strong', { text: userName(m.sender_id) }), el('span', { class: 'muted', text: where }),
      el('time', { class: 'muted', datetime: new Date(m.timestamp * 1000).toISOString(), text: clockText(m.timestamp) })),
    body);
}

function renderMessages() {
  const list = $('messages-list');
  const seen = new Set();
  let previous = null;
  for (const m of state.realm.messages) {
    seen.add(m.id);
    const key = m.id + '\u0000' + m.rendered_content + '\u0000' + m.topic + '\u0000' + m.stream_id;
    let entry = state.messageNodes.get(m.id);
    if (!entry || entry.key !== key) {
      const node = messageNode(m);
      if (entry) entry.node.replaceWith(node);
      entry = { key, node };
      state.messageNodes.set(m.id, entry);
    }
    if (previous ? previous.nextSibling !== entry.node : list.firstChild !== entry.node)
      previous ? previous.after(entry.node) : list.prepend(entry.node);
    previous = entry.node;
  }
  for (const [id, entry] of state.messageNodes) if (!seen.has(id)) { entry.node.remove(); state.messageNodes.delete(id); }
  $('messages-count').textContent = String(state.realm.message_count);
  $('messages-empty').hidden = state.realm.messages.length > 0;
}

function renderQueues() {
  $('queues-count').textContent = String(state.queues.length);
  $('queues-empty').hidden = state.queues.length > 0;
  $('queues-body').replaceChildren(...state.queues.map((q) => el('tr', {},
    el('td', {}, el('code', { title: q.queue_id, text: q.queue_id.slice(0, 8) })),
    el('td', { text: userName(q.user_id) }),
    el('td', { text: q.event_types ? q.event_types.join(', ') : 'all' }),
    el('td', { text: q.pending_count + (q.pending_types.length ? ' (' + q.pending_types.join(', ') + ')' : '') }),
    el('td', { text: q.last_poll === null ? 'never' : span(state.now - q.last_poll) + ' ago' }),
    el('td', {}, q.parked ? el('span', { class: 'badge live', text: 'Parked poll' })
      : q.expires_at === null ? '—' : 'in ' + span(q.expires_at - state.now)))));
}

// Which log entries the developer opened: kept open when new requests redraw the table.
const openRequests = new Set();
function requestDetails(r) {
  const details = el('details', { open: openRequests.has(r.id) },
    el('summary', {}, el('code', { text: r.path + (r.query ? '?' + r.query : '') })),
    el('dl', {},
      el('dt', { text: 'Request body' }), el('dd', {}, el('pre', { text: prettyBody(r.request_body) })),
      el('dt', { text: 'Response' }), el('dd', {}, el('pre', { text: prettyJson(r.response_body) }))));
  details.addEventListener('toggle', () => (details.open ? openRequests.add(r.id) : openRequests.delete(r.id)));
  return details;
}
// Form parameters one per line, decoded; JSON indented; anything else as it came.
function prettyBody(text) {
  if (text === null || text === undefined || text === '') return '(none)';
  if (/^[\[{]/.test(text.trim())) return prettyJson(text);
  if (!/^[^=&\s]+=/.test(text)) return text;
  return [...new URLSearchParams(text)].map(([key, value]) => key + ': ' + value).join('\n');
}
function prettyJson(text) {
  if (text === null || text === undefined) return '(none)';
  try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; }
}

function statusClass(status) { return status >= 500 ? 's5' : status >= 400 ? 's4' : 's2'; }
function renderRequests() {
  const path = $('filter-path').value.trim().toLowerCase();
  const status = $('filter-status').value;
  const user = $('filter-user').value;
  const rows = state.requests.filter((r) => (!path || r.path.toLowerCase().includes(path))
    && (!status || String(r.status)[0] === status[0])
    && (!user || (user === 'none' ? r.user_id === null : String(r.user_id) === user)));
  const shown = rows.slice(-200).reverse();
  $('requests-count').textContent = String(state.requests.length);
  $('requests-empty').hidden = shown.length > 0;
  $('requests-body').replaceChildren(...shown.map((r) => el('tr', {},
    el('td', { text: clockText(r.time).slice(11, 19) }),
    el('td', {}, el('span', { class: 'method', text: r.method })),
    el('td', { class: 'path' }, requestDetails(r)),
    el('td', {}, el('span', { class: 'badge ' + statusClass(r.status), text: String(r.status) })),
    el('td', { text: r.user_id === null ? '—' : r.email || userName(r.user_id) }),
    el('td', { class: 'num', text: r.duration_ms.toFixed(1) + ' ms' }))));
}

function renderAccounts() {
  const people = state.accounts.filter((a) => a.is_active)
    .sort((a, b) => Number(a.is_bot) - Number(b.is_bot) || a.full_name.localeCompare(b.full_name));
  const options = people.map((a) => el('option', { value: a.user_id,
    text: a.full_name + ' (' + (a.is_bot ? 'bot' : ROLES[a.role] || a.role) + ')' }));
  const select = $('send-user');
  const chosen = select.value;
  select.replaceChildren(...options);
  if (chosen) select.value = chosen;
  const filter = $('filter-user');
  const was = filter.value;
  filter.replaceChildren(el('option', { value: '', text: 'Anyone' }), el('option', { value: 'none', text: 'No user' }),
    ...state.accounts.map((a) => el('option', { value: a.user_id, text: a.full_name })));
  filter.value = was;
}

async function refreshRealm() {
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

async function refreshFaults() {
  const { faults } = await read('faults');
  const active = Object.entries(faults).filter(([, v]) => v !== null && v !== undefined && v !== false
    && !(typeof v === 'object' && Object.keys(v).length === 0) && !(Array.isArray(v)));
  $('faults-current').textContent = active.length
    ? active.map(([k, v]) => k + ': ' + (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(' · ')
    : 'None: the mock answers at full speed.';
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
    params.latency = latency || 'null';
    params.fail_rate = failRate || 'null';
    params.rate_limit = rateLimit || 'null';
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
