/** The inspector stylesheet: sidebar and panels, light and dark by prefers-color-scheme. */
// Kept as text so the package ships it without a build step on the user's side (no backticks or ${ inside).
export const INSPECTOR_CSS = String.raw`:root {
  color-scheme: light dark;
  --bg: #f6f7f9; --panel: #ffffff; --text: #1b1f24; --muted: #57606a; --border: #d8dee4;
  --accent: #0b5cad; --accent-text: #ffffff; --soft: #eef2f6; --ok: #116329; --warn: #8a4600; --bad: #b3261e;
  --focus: #0b5cad;
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0f1216; --panel: #171b21; --text: #e6e9ed; --muted: #9aa5b1; --border: #2c333c;
    --accent: #6cb6ff; --accent-text: #0f1216; --soft: #1f252d; --ok: #6fdd8b; --warn: #f0b45b; --bad: #ff8a80;
    --focus: #6cb6ff;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); }
h2 { font-size: 15px; margin: 0 0 12px; letter-spacing: .01em; }
h3 { font-size: 14px; margin: 0; }
code, .method { font: 12.5px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
a { color: var(--accent); }
.muted { color: var(--muted); }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.skip { position: absolute; left: -999px; top: 8px; background: var(--panel); padding: 6px 10px; z-index: 2; }
.skip:focus { left: 8px; }
:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
button, input, select, textarea { font: inherit; color: inherit; }
input, select, textarea { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 5px 8px; }
button { background: var(--soft); border: 1px solid var(--border); border-radius: 6px; padding: 5px 10px; cursor: pointer; }
button:hover { border-color: var(--muted); }
button.primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent); font-weight: 600; }
button.danger { color: var(--bad); border-color: currentColor; background: transparent; font-weight: 600; }
.topbar { display: flex; align-items: center; gap: 20px; flex-wrap: wrap; padding: 10px 20px;
  background: var(--panel); border-bottom: 1px solid var(--border); position: sticky; top: 0; z-index: 1; }
.brand { font-weight: 700; font-size: 16px; }
.logo { color: var(--accent); }
.realm { display: flex; align-items: center; gap: 8px; }
.clock { display: flex; align-items: center; gap: 10px; margin-left: auto; flex-wrap: wrap; }
.clock-time { font: 600 14px ui-monospace, SFMono-Regular, Menlo, monospace; padding: 4px 8px; background: var(--soft); border-radius: 6px; }
.group { display: inline-flex; }
.group button { border-radius: 0; margin-left: -1px; }
.group button:first-child { border-radius: 6px 0 0 6px; }
.group button:last-child { border-radius: 0 6px 6px 0; }
.inline { display: inline-flex; gap: 6px; }
.layout { display: grid; grid-template-columns: 200px minmax(0, 1fr); min-height: calc(100vh - 58px); }
.sidebar { border-right: 1px solid var(--border); padding: 16px 12px; position: sticky; top: 58px; align-self: start; }
.sidebar ul { list-style: none; margin: 0; padding: 0; }
.sidebar a { display: flex; justify-content: space-between; padding: 6px 10px; border-radius: 6px; color: var(--text); text-decoration: none; }
.sidebar a:hover { background: var(--soft); }
.count { color: var(--muted); font-variant-numeric: tabular-nums; }
.status { margin: 16px 10px 0; font-size: 13px; color: var(--ok); min-height: 1.5em; }
.status.problem { color: var(--bad); }
.panels { display: grid; gap: 16px; padding: 16px 20px; align-content: start;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  grid-template-areas: "messages channels" "messages users" "requests requests" "queues faults"; }
#messages { grid-area: messages; } #channels { grid-area: channels; } #users { grid-area: users; }
#requests { grid-area: requests; } #queues { grid-area: queues; } #faults { grid-area: faults; }
.panel { background: var(--panel); border: 1px solid var(--border); border-radius: 10px; padding: 14px 16px; min-width: 0; scroll-margin-top: 70px; }
.field { display: flex; flex-direction: column; gap: 3px; }
.field label { font-size: 12px; color: var(--muted); font-weight: 600; }
.filters { display: flex; gap: 10px; align-items: end; flex-wrap: wrap; margin-bottom: 12px; }
.compose { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)) auto; gap: 10px; align-items: end; margin-bottom: 12px; }
.compose .grow { grid-column: 1 / 4; }
.compose textarea { resize: vertical; min-height: 34px; }
.compose select, .compose input { min-width: 0; }
.stack { display: flex; flex-direction: column; gap: 10px; }
.row { display: flex; gap: 8px; }
.messages { display: flex; flex-direction: column; gap: 2px; max-height: 520px; overflow: auto; }
.message { padding: 8px 10px; border-radius: 8px; }
.message:nth-child(odd) { background: var(--soft); }
.message header { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; font-size: 13px; }
.message time { margin-left: auto; font-size: 12px; }
.rendered { overflow-wrap: anywhere; contain: content; }
.rendered p { margin: 2px 0; }
.rendered pre { background: var(--bg); padding: 6px 8px; border-radius: 6px; overflow: auto; }
.rendered blockquote { border-left: 3px solid var(--border); margin: 4px 0; padding-left: 10px; color: var(--muted); }
.table-wrap { overflow: auto; max-height: 340px; }
table { width: 100%; border-collapse: collapse; font-size: 13px; }
th { text-align: left; color: var(--muted); font-weight: 600; position: sticky; top: 0; background: var(--panel); }
th, td { padding: 5px 8px; border-bottom: 1px solid var(--border); white-space: nowrap; vertical-align: top; }
td code { white-space: normal; overflow-wrap: anywhere; }
td.path { white-space: normal; width: 45%; }
td.path summary { cursor: pointer; }
td.path dl { margin: 6px 0 2px; }
td.path dt { font-size: 12px; font-weight: 600; color: var(--muted); }
td.path dd { margin: 2px 0 6px; }
td.path pre { margin: 0; max-height: 220px; overflow: auto; background: var(--bg); border-radius: 6px; padding: 6px 8px;
  font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
.badge { display: inline-block; font-size: 11.5px; font-weight: 600; padding: 1px 7px; border-radius: 999px; background: var(--soft); border: 1px solid var(--border); }
.badge.s2, .badge.live { color: var(--ok); }
.badge.s4 { color: var(--warn); }
.badge.s5 { color: var(--bad); }
.badge.role-100, .badge.role-200 { color: var(--accent); }
.badge.bot { color: var(--warn); }
ul.plain { list-style: none; margin: 0; padding: 0; max-height: 250px; overflow: auto; }
.channel { padding: 8px 0; border-bottom: 1px solid var(--border); }
.channel p { margin: 2px 0 4px; font-size: 13px; }
.hash { color: var(--muted); margin-right: 3px; }
.channel h3 .badge { margin-left: 8px; vertical-align: 1px; }
.topics { display: flex; flex-wrap: wrap; gap: 4px; list-style: none; padding: 0; margin: 0; }
.topics li { font-size: 12px; background: var(--soft); border-radius: 4px; padding: 0 6px; }
.users li { display: flex; gap: 6px; align-items: baseline; flex-wrap: wrap; padding: 5px 0; border-bottom: 1px solid var(--border); }
.users .email { font-size: 12px; width: 100%; }
.users li.inactive .name { text-decoration: line-through; color: var(--muted); }
@media (max-width: 1100px) {
  .panels { grid-template-columns: minmax(0, 1fr);
    grid-template-areas: "messages" "requests" "queues" "channels" "users" "faults"; }
}
@media (max-width: 760px) {
  .layout { grid-template-columns: 1fr; }
  .sidebar { position: static; border-right: 0; }
}
`;
