/** The inspector script, part 1: state, DOM and HTTP helpers, the sanitiser of rendered message HTML. */
// Kept as text so the package ships it without a build step on the user's side (no backticks or ${ inside).
export const SCRIPT_BASE = String.raw`// svc-mock inspector: reads the control API every second and renders the realm, queues, requests and clock.
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

`;
