/** The inspector script, the realm switch: the server's realms (GET /svc-mock/realms) in a select; choosing one opens the inspector at that realm's host. */
// Kept as text so the package ships it without a build step on the user's side (no backticks or ${ inside).
export const SCRIPT_REALMS = String.raw`// Realms of the server. The page reads and acts on the realm of its own host (a browser cannot send another
// Host), so switching opens the inspector at the chosen realm's URL: every poll and action then goes there.
const realmView = { seen: null, readAt: -Infinity };

function renderRealms(realms) {
  const here = realms.find((r) => new URL(r.realm_url).hostname === new URL(origin).hostname);
  // The default realm is the server's root host: this host without its realm's subdomain.
  const root = new URL(new URL(origin).origin);
  if (here) root.hostname = root.hostname.slice(here.subdomain.length + 1);
  const options = [el('option', { value: root.origin, text: 'default realm' })].concat(
    realms.map((r) => el('option', { value: new URL(r.realm_url).origin, text: r.subdomain + ' (' + r.source + ')' })));
  const select = $('realm-switch');
  select.replaceChildren(...options);
  select.value = here ? new URL(here.realm_url).origin : root.origin;
  $('realm-switch-field').hidden = realms.length === 0;
}

// Read at most every two seconds; re-rendered only when the list changed.
async function refreshRealms() {
  if (performance.now() - realmView.readAt < 2000) return;
  realmView.readAt = performance.now();
  try {
    const { realms } = await read('realms');
    const signature = JSON.stringify(realms);
    if (signature === realmView.seen) return;
    realmView.seen = signature;
    renderRealms(realms);
  } catch {
    // A mock without realms (the browser entry) or without its control routes: no switch.
    $('realm-switch-field').hidden = true;
  }
}

$('realm-switch').addEventListener('change', (event) => {
  location.assign(new URL('/svc-mock/', event.target.value).href);
});

`;
