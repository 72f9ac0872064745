/** The inspector page: landmarks, labelled controls, a live log of messages; loads inspector/app.css and inspector/app.js relative to /svc-mock/. */
// Kept as text so the package ships it without a build step on the user's side (no backticks or ${ inside).
export const INSPECTOR_HTML = String.raw`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>svc-mock inspector</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/svc-mock/inspector/app.css">
<script type="module" src="/svc-mock/inspector/app.js"></script>
</head>
<body>
<a class="skip" href="#messages">Skip to messages</a>
<header class="topbar">
  <div class="brand"><span class="logo" aria-hidden="true">◆</span> svc-mock <span class="muted">inspector</span></div>
  <div class="realm"><span class="muted">Realm</span> <strong id="realm-name">…</strong> <span id="connection" class="badge">Connecting</span>
    <span id="realm-switch-field" hidden><label for="realm-switch" class="sr-only">Switch realm</label><select id="realm-switch"></select></span></div>
  <section class="clock" aria-labelledby="clock-heading">
    <h2 id="clock-heading" class="sr-only">Clock</h2>
    <time id="clock-time" class="clock-time" aria-live="off">…</time>
    <div class="group" role="group" aria-label="Advance the clock">
      <button type="button" data-advance="1m" aria-label="Advance the clock by 1 minute">+1m</button>
      <button type="button" data-advance="10m" aria-label="Advance the clock by 10 minutes">+10m</button>
      <button type="button" data-advance="1h" aria-label="Advance the clock by 1 hour">+1h</button>
      <button type="button" data-advance="1d" aria-label="Advance the clock by 1 day">+1d</button>
    </div>
    <form id="advance-form" class="inline">
      <label for="advance-by" class="sr-only">Advance the clock by (e.g. 90s, 2h)</label>
      <input id="advance-by" name="advance" placeholder="90s, 2h…" size="7" autocomplete="off">
      <button type="submit">Advance</button>
    </form>
  </section>
  <button type="button" id="reset" class="danger">Reset realm</button>
</header>
<div class="layout">
<nav class="sidebar" aria-label="Panels">
  <ul>
    <li><a href="#messages">Messages <span class="count" id="messages-count">0</span></a></li>
    <li><a href="#channels">Channels <span class="count" id="channels-count">0</span></a></li>
    <li><a href="#users">Users <span class="count" id="users-count">0</span></a></li>
    <li><a href="#requests">Requests <span class="count" id="requests-count">0</span></a></li>
    <li><a href="#queues">Event queues <span class="count" id="queues-count">0</span></a></li>
    <li><a href="#faults">Faults</a></li>
  </ul>
  <p id="status" class="status" role="status" aria-live="polite"></p>
</nav>
<main class="panels">
  <section id="messages" class="panel" aria-labelledby="messages-heading">
    <h2 id="messages-heading">Messages</h2>
    <form id="send-form" class="compose" aria-label="Send a message">
      <div class="field"><label for="send-user">Send as</label><select id="send-user" required></select></div>
      <div class="field"><label for="send-channel">Channel</label><select id="send-channel" required></select></div>
      <div class="field"><label for="send-topic">Topic</label><input id="send-topic" value="inspector" required autocomplete="off"></div>
      <div class="field grow"><label for="send-content">Message</label><textarea id="send-content" rows="2" required placeholder="Markdown, e.g. **hello**"></textarea></div>
      <button type="submit" class="primary">Send</button>
    </form>
    <p id="messages-empty" class="muted" hidden>No messages yet.</p>
    <div id="messages-list" class="messages" role="log" aria-live="polite" aria-busy="true" aria-relevant="additions" aria-label="Recent messages, newest first"></div>
  </section>
  <section id="channels" class="panel" aria-labelledby="channels-heading">
    <h2 id="channels-heading">Channels</h2>
    <ul id="channels-list" class="plain"></ul>
  </section>
  <section id="users" class="panel" aria-labelledby="users-heading">
    <h2 id="users-heading">Users</h2>
    <ul id="users-list" class="plain users"></ul>
  </section>
  <section id="requests" class="panel" aria-labelledby="requests-heading">
    <h2 id="requests-heading">Requests</h2>
    <div class="filters" role="search" aria-label="Filter requests">
      <div class="field"><label for="filter-path">Path contains</label><input id="filter-path" type="search" autocomplete="off"></div>
      <div class="field"><label for="filter-status">Status</label><select id="filter-status">
        <option value="">Any</option><option value="2xx">2xx</option><option value="3xx">3xx</option><option value="4xx">4xx</option><option value="5xx">5xx</option></select></div>
      <div class="field"><label for="filter-user">User</label><select id="filter-user"><option value="">Anyone</option></select></div>
    </div>
    <p id="requests-empty" class="muted">No requests match.</p>
    <div class="table-wrap"><table>
      <caption class="sr-only">Requests, newest first</caption>
      <thead><tr><th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">User</th><th scope="col" class="num">Duration</th></tr></thead>
      <tbody id="requests-body"></tbody>
    </table></div>
  </section>
  <section id="queues" class="panel" aria-labelledby="queues-heading">
    <h2 id="queues-heading">Event queues</h2>
    <p id="queues-empty" class="muted">No event queues: a client registers one with POST /api/v1/register.</p>
    <div class="table-wrap"><table>
      <caption class="sr-only">Live event queues</caption>
      <thead><tr><th scope="col">Queue</th><th scope="col">User</th><th scope="col">Event types</th><th scope="col">Pending</th><th scope="col">Last poll</th><th scope="col">Expires</th></tr></thead>
      <tbody id="queues-body"></tbody>
    </table></div>
  </section>
  <section id="faults" class="panel" aria-labelledby="faults-heading">
    <h2 id="faults-heading">Faults</h2>
    <p><span class="muted">Active:</span> <span id="faults-current">…</span></p>
    <form id="faults-form" class="stack">
      <div class="field"><label for="fault-latency">Latency (ms or range)</label><input id="fault-latency" placeholder="50..300" autocomplete="off"></div>
      <div class="field"><label for="fault-rate">Fail rate (0 to 1)</label><input id="fault-rate" type="number" min="0" max="1" step="0.01" placeholder="0.05"></div>
      <div class="field"><label for="fault-limit">Rate limit per user</label><input id="fault-limit" placeholder="200/60s" autocomplete="off"></div>
      <div class="row"><button type="submit" class="primary">Apply</button><button type="button" id="faults-clear">All off</button></div>
    </form>
  </section>
</main>
</div>
</body>
</html>
`;
