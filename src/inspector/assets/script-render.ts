/** The inspector script, part 2: rendering the clock, users, channels, messages, queues and requests. */
// Kept as text so the package ships it without a build step on the user's side (no backticks or ${ inside).
export const SCRIPT_RENDER = String.raw`function renderClock() {
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
  // The first fill is the page loading, not news: announce only what arrives after it.
  list.setAttribute('aria-busy', 'false');
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

`;
