// The page's style and scripts, inline in every page (no file is fetched). Kept as Swift raw strings so that the
// binary needs no resource bundle.
// swift-format-ignore-file

/// The page's CSS, the report's script and the editor's markup and script.
package enum ReportAssets {
    package static let css = #"""
:root {
  color-scheme: light dark;
  --bg: #ffffff; --fg: #1d1d1f; --muted: #6e6e73; --line: #d9d9de; --panel: #f5f5f7; --accent: #0a64d6;
  --s-translated: #2e9d4f; --s-review: #e0891b; --s-new: #3b7ddd; --s-missing: #c9c9cf; --s-stale: #9a6ad6;
  --error: #c62828; --warning: #b26a00; --note: #3b6fb6; --new: #d81b60; --sel: #dbe8fb; --ok: #2e9d4f;
  font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #1c1c1e; --fg: #ececf0; --muted: #9d9da5; --line: #3a3a3f; --panel: #2a2a2e; --accent: #5aa2ff;
    --s-translated: #3fbf65; --s-review: #f0a040; --s-new: #5a9cff; --s-missing: #55555c; --s-stale: #b48cf0;
    --error: #ff6b6b; --warning: #f0b030; --note: #7aa7f0; --new: #ff5c9a; --sel: #23395a; --ok: #3fbf65;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); }
code, .mono, textarea { font-family: ui-monospace, SFMono-Regular, Menlo, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
a { color: var(--accent); }
header.top { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 16px; padding: 14px 24px 10px; border-bottom: 1px solid var(--line); }
header.top .brand { display: flex; align-items: center; gap: 8px; }
header.top h1 { font-size: 20px; margin: 0; }
.logo { width: 20px; height: 20px; color: var(--accent); }
.meta { margin: 0; color: var(--muted); }
main, #editor { padding: 8px 24px 24px; }
footer { padding: 12px 24px 24px; color: var(--muted); font-size: 12px; }
section.table { margin: 18px 0 26px; }
h2 { font-size: 17px; margin: 18px 0 8px; }
h2 .path { font-weight: normal; color: var(--muted); }
h3 { font-size: 14px; margin: 14px 0 6px; }
h3 small, h2 small, summary small { color: var(--muted); font-weight: normal; }
.kind, .tag { font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); border: 1px solid var(--line); border-radius: 4px; padding: 0 4px; }
table { border-collapse: collapse; }
table.progress { width: 100%; max-width: 1100px; }
table.progress th, table.progress td { padding: 4px 8px; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
table.progress thead th { font-size: 12px; color: var(--muted); font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
th.bar-col, td.bar-col { width: 34%; min-width: 180px; }
td.bar-col .barwrap { display: flex; align-items: center; gap: 8px; }
svg.bar { flex: 1; height: 12px; border-radius: 3px; background: var(--panel); overflow: hidden; }
.pct { width: 54px; text-align: right; font-variant-numeric: tabular-nums; color: var(--muted); font-size: 12px; }
.s-translated { fill: var(--s-translated); background: var(--s-translated); }
.s-review { fill: var(--s-review); background: var(--s-review); }
.s-new { fill: var(--s-new); background: var(--s-new); }
.s-missing { fill: var(--s-missing); background: var(--s-missing); }
.s-stale { fill: var(--s-stale); background: var(--s-stale); }
.legend { display: flex; gap: 14px; flex-wrap: wrap; color: var(--muted); font-size: 12px; margin: 10px 0 0; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
.lname { color: var(--muted); font-weight: normal; margin-left: 6px; font-size: 12px; }
tr.source th { font-weight: 700; }
table.plurals th { text-align: left; padding: 3px 10px 3px 0; font-weight: 600; }
table.plurals td { padding: 3px 0; }
.chip { display: inline-block; border-radius: 10px; padding: 0 8px; margin: 1px 2px; font-size: 12px; border: 1px solid var(--line); }
.chip.ok { border-color: var(--ok); }
.chip.short { border-color: var(--error); color: var(--error); }
details.stale, details.rule { margin: 6px 0; }
details > summary { cursor: pointer; padding: 4px 0; }
.sev { font-size: 11px; font-weight: 700; text-transform: uppercase; }
.sev.error { color: var(--error); } .sev.warning { color: var(--warning); } .sev.note { color: var(--note); }
.new-badge { color: #fff; background: var(--new); border-radius: 8px; padding: 0 6px; font-size: 11px; font-weight: 700; }
table.findings { width: 100%; margin: 4px 0 10px; }
table.findings th, table.findings td { border-bottom: 1px solid var(--line); padding: 4px 6px; vertical-align: top; text-align: start; }
table.findings th { font-size: 12px; color: var(--muted); }
table.findings td { max-width: 28em; overflow-wrap: anywhere; }
tr.is-new td:first-child { box-shadow: inset 3px 0 var(--new); }
#finding-filter, #ed-search { padding: 5px 8px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); min-width: 280px; }
.clean { color: var(--ok); }
.more { color: var(--muted); }
[hidden] { display: none !important; }
/* editor */
#editor { display: flex; flex-direction: column; height: 100vh; padding-top: 0; }
.ed-bar { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; padding: 10px 0; border-bottom: 1px solid var(--line); }
.ed-bar .title { font-weight: 700; }
.filters button, .ed-bar button, .detail button { border: 1px solid var(--line); background: var(--panel); color: var(--fg); border-radius: 6px; padding: 4px 10px; cursor: pointer; font: inherit; }
.filters button[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
.filters b { font-weight: 600; opacity: .8; margin-left: 3px; }
#ed-save:not([disabled]) { background: var(--accent); color: #fff; border-color: var(--accent); }
#ed-status { color: var(--muted); min-width: 12em; }
#ed-status.bad { color: var(--error); }
.conflict { border: 1px solid var(--error); border-radius: 8px; padding: 10px 14px; margin: 8px 0; background: color-mix(in srgb, var(--error) 10%, var(--bg)); }
.conflict button { margin-left: 8px; }
.ed-body { flex: 1; display: grid; grid-template-columns: minmax(280px, 40%) 1fr; gap: 0; min-height: 0; }
.vlist { position: relative; overflow-y: auto; border-right: 1px solid var(--line); outline: none; }
.vlist .vspace { position: relative; }
.row { position: absolute; left: 0; right: 0; height: 44px; padding: 3px 10px; border-bottom: 1px solid var(--line); cursor: pointer; display: grid; grid-template-columns: 1fr auto; grid-template-rows: 1fr 1fr; column-gap: 8px; overflow: hidden; }
.row .k { font-family: ui-monospace, monospace; font-size: 12.5px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.row .v { color: var(--muted); font-size: 12px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; grid-column: 1; }
.row .st { grid-row: 1 / span 2; grid-column: 2; align-self: center; width: 10px; height: 10px; border-radius: 5px; }
.row.sel { background: var(--sel); }
.row .fb { color: var(--error); font-size: 11px; font-weight: 700; }
.row.edited .k::before { content: "● "; color: var(--accent); }
.detail { overflow-y: auto; padding: 12px 18px; }
.detail h3 { font-family: ui-monospace, monospace; font-size: 14px; margin: 0 0 4px; overflow-wrap: anywhere; }
.detail .comment { color: var(--muted); margin: 0 0 8px; white-space: pre-wrap; }
.slot { border: 1px solid var(--line); border-radius: 8px; padding: 8px 10px; margin: 8px 0; }
.slot label { display: flex; gap: 8px; align-items: baseline; font-weight: 600; font-size: 12px; }
.slot label .hint { color: var(--muted); font-weight: normal; }
.slot .src { color: var(--muted); margin: 4px 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.slot textarea { width: 100%; min-height: 2.6em; resize: vertical; padding: 6px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); font-size: 13.5px; }
.slot textarea:focus { outline: 2px solid var(--accent); }
.slot.bad textarea { border-color: var(--error); }
.slot.empty textarea { border-style: dashed; }
.state-badge { font-size: 11px; border-radius: 8px; padding: 0 6px; color: #fff; }
.state-badge.translated { background: var(--s-translated); } .state-badge.needs_review { background: var(--s-review); }
.state-badge.new { background: var(--s-new); } .state-badge.missing { background: var(--muted); }
.state-badge.stale { background: var(--s-stale); }
ul.live { margin: 4px 0 0; padding-left: 18px; color: var(--error); font-size: 12.5px; }
ul.live li.warning { color: var(--warning); } ul.live li.note { color: var(--note); }
.keys-help { color: var(--muted); font-size: 12px; margin-top: 14px; }
kbd { border: 1px solid var(--line); border-radius: 3px; padding: 0 4px; font-size: 11px; }
"""#

    /// The report's script: language names, and filtering the findings. The page reads without it.
    package static let reportScript = #"""
(function () {
  'use strict';
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    for (const el of document.querySelectorAll('.lname[data-code]')) {
      try { const n = names.of(el.dataset.code.replace('_', '-')); if (n && n !== el.dataset.code) el.textContent = n; } catch (e) {}
    }
  } catch (e) {}
  const filter = document.getElementById('finding-filter');
  if (filter) {
    filter.addEventListener('input', () => {
      const q = filter.value.trim().toLowerCase();
      for (const group of document.querySelectorAll('details.rule')) {
        let shown = 0;
        for (const row of group.querySelectorAll('tbody tr')) {
          const hit = !q || row.textContent.toLowerCase().includes(q);
          row.hidden = !hit;
          if (hit) shown++;
        }
        group.hidden = shown === 0;
        if (q && shown) group.open = true;
      }
    });
  }
  window.__sbRendered = performance.now();
})();
"""#

    /// The editor's part of the page, hidden until a language is opened.
    package static let editorMarkup = #"""
<div id="editor" hidden>
 <div class="ed-bar">
  <a href="#" id="ed-back">← Overview</a>
  <span class="title" id="ed-title"></span>
  <div class="filters" role="group" aria-label="Filter keys">
   <button type="button" data-filter="all" aria-pressed="true">All<b></b></button>
   <button type="button" data-filter="untranslated" aria-pressed="false">Untranslated<b></b></button>
   <button type="button" data-filter="review" aria-pressed="false">Needs review<b></b></button>
   <button type="button" data-filter="stale" aria-pressed="false">Stale<b></b></button>
   <button type="button" data-filter="findings" aria-pressed="false">Has findings<b></b></button>
  </div>
  <input type="search" id="ed-search" placeholder="Search keys, sources, translations, comments ( / )" aria-label="Search">
  <button type="button" id="ed-save" disabled>Save</button>
  <span id="ed-status" role="status" aria-live="polite"></span>
 </div>
 <div id="ed-conflict" class="conflict" hidden role="alert"><span id="ed-conflict-text"></span>
  <button type="button" id="ed-reload">Reload from disk</button></div>
 <div class="ed-body">
  <div id="ed-list" class="vlist" tabindex="0" role="listbox" aria-label="Keys"><div class="vspace"></div></div>
  <div id="ed-detail" class="detail"><p class="keys-help">Choose a key.</p></div>
 </div>
</div>
"""#

    /// The editor: tables × languages open from the overview; a virtualised key list with filters and search; the
    /// key's every variation the language needs, checked by the server as one types; saving through the server.
    package static let editorScript = #"""
(function () {
  'use strict';
  const $ = (s) => document.querySelector(s);
  const ROW = 44;
  const esc = (t) => String(t).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));
  const pending = new Map();   // table id -> { changes: Map, reviewed: Map }
  const revisions = new Map(); // table id -> revision the page loaded
  let view = null;             // { data, rows, selected, filter, query }
  let checkTimer = null;
  const rtl = (lang) => /^(ar|arc|ckb|dv|fa|he|iw|khw|ks|lrc|mzn|nqo|pnb|ps|sd|syr|ug|ur|yi)([-_]|$)/i.test(lang) || /[-_](Arab|Hebr|Thaa|Syrc|Nkoo|Adlm|Rohg)([-_]|$)/.test(lang) || /[-_]XB$/i.test(lang);

  function api(path, body) {
    const options = body === undefined ? { credentials: 'same-origin' }
      : { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
    return fetch(path, options).then(async (r) => {
      const text = await r.text();
      let json = null;
      try { json = JSON.parse(text); } catch (e) {}
      return { status: r.status, json, text };
    });
  }

  function status(text, bad) {
    const el = $('#ed-status');
    el.textContent = text;
    el.classList.toggle('bad', !!bad);
  }

  function tablePending(id) {
    if (!pending.has(id)) pending.set(id, { changes: new Map(), reviewed: new Map() });
    return pending.get(id);
  }
  function pendingCount() {
    let n = 0;
    for (const p of pending.values()) n += p.changes.size + p.reviewed.size;
    return n;
  }
  function updateSave() {
    const n = pendingCount();
    const button = $('#ed-save');
    button.disabled = n === 0;
    button.textContent = n ? 'Save ' + n + ' change' + (n === 1 ? '' : 's') : 'Save';
  }

  // ---- routing ----
  function route() {
    const m = location.hash.match(/^#\/t\/([^/]+)\/(.+)$/);
    if (!m) {
      $('#editor').hidden = true;
      $('#overview').hidden = false;
      document.title = document.title.replace(/^.* — /, '');
      return;
    }
    openTable(m[1], decodeURIComponent(m[2]));
  }

  async function openTable(id, language, keepSelection) {
    const started = performance.now();
    $('#overview').hidden = true;
    $('#editor').hidden = false;
    status('Loading…');
    const r = await api('/api/table?table=' + encodeURIComponent(id) + '&language=' + encodeURIComponent(language));
    if (r.status !== 200 || !r.json) { status(r.json && r.json.error || ('Cannot load: HTTP ' + r.status), true); return; }
    const data = r.json;
    const held = tablePending(id);
    if (!revisions.has(id) || (!held.changes.size && !held.reviewed.size)) revisions.set(id, data.revision);
    prepare(data);
    const previous = keepSelection && view ? view.data.keys[view.rows[view.selected]] : null;
    view = { data, rows: [], selected: -1, filter: currentFilter(), query: $('#ed-search').value.trim().toLowerCase() };
    $('#ed-title').textContent = data.name + ' · ' + data.language + (data.editable ? '' : ' (read only)');
    $('#ed-conflict').hidden = true;
    applyFilter();
    if (previous) {
      const index = view.rows.findIndex((i) => data.keys[i].k === previous.k);
      if (index >= 0) select(index, false);
    } else if (view.rows.length) {
      select(0, false);
    }
    const ms = performance.now() - started;
    window.__sbLoadMs = ms;
    window.__sbLoaded = (window.__sbLoaded || 0) + 1;
    status(data.keys.length + ' keys · loaded in ' + Math.round(ms) + ' ms');
  }

  // Each key: its status and a lowercase text to search; pending edits shown.
  function prepare(data) {
    const p = tablePending(data.table);
    for (const key of data.keys) {
      for (const slot of key.s) {
        const change = p.changes.get(data.language + '\u0000' + key.k + '\u0000' + slot[0]);
        if (change) { slot[2] = change.value; slot[3] = 'translated'; key.edited = true; }
      }
      if (p.reviewed.has(data.language + '\u0000' + key.k)) {
        for (const slot of key.s) if (slot[3] === 'needs_review' || slot[3] === 'new') slot[3] = 'translated';
        key.edited = true;
      }
      key.status = statusOf(key);
      key.hay = null;
    }
  }

  function hay(key) {
    if (key.hay === null || key.hay === undefined) {
      let t = key.k + '\u0001' + (key.c || '');
      for (const slot of key.s) t += '\u0001' + (slot[1] || '') + '\u0001' + (slot[2] || '');
      key.hay = t.toLowerCase();
    }
    return key.hay;
  }

  function statusOf(key) {
    if (key.x === 'stale') return 'stale';
    let worst = 3;
    for (const slot of key.s) {
      const v = slot[2];
      const rank = (v === null || v === '') ? 0 : slot[3] === 'new' ? 1 : slot[3] === 'needs_review' ? 2 : 3;
      if (rank < worst) worst = rank;
    }
    return ['missing', 'new', 'needs_review', 'translated'][worst];
  }

  function currentFilter() {
    const b = document.querySelector('.filters button[aria-pressed="true"]');
    return b ? b.dataset.filter : 'all';
  }

  function matches(key, filter) {
    switch (filter) {
      case 'untranslated': return key.dt !== true && (key.status === 'missing' || key.status === 'new');
      case 'review': return key.status === 'needs_review';
      case 'stale': return key.status === 'stale';
      case 'findings': return key.f.length > 0;
      default: return true;
    }
  }

  function applyFilter() {
    const started = performance.now();
    const keys = view.data.keys;
    const q = view.query;
    const counts = { all: 0, untranslated: 0, review: 0, stale: 0, findings: 0 };
    const rows = [];
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (q && hay(key).indexOf(q) < 0) continue;
      for (const f in counts) if (matches(key, f)) counts[f]++;
      if (matches(key, view.filter)) rows.push(i);
    }
    view.rows = rows;
    for (const b of document.querySelectorAll('.filters button')) b.querySelector('b').textContent = ' ' + counts[b.dataset.filter];
    const list = $('#ed-list');
    list.firstElementChild.style.height = (rows.length * ROW) + 'px';
    if (view.selected >= rows.length) view.selected = rows.length - 1;
    renderList();
    window.__sbFilterMs = performance.now() - started;
    window.__sbFiltered = (window.__sbFiltered || 0) + 1;
  }

  function renderList() {
    const list = $('#ed-list');
    const top = list.scrollTop;
    const height = list.clientHeight || 600;
    const first = Math.max(0, Math.floor(top / ROW) - 4);
    const last = Math.min(view.rows.length, Math.ceil((top + height) / ROW) + 4);
    let html = '';
    for (let i = first; i < last; i++) {
      const key = view.data.keys[view.rows[i]];
      const value = key.s.length ? (key.s[0][2] || key.s[0][1] || '') : '';
      html += '<div class="row' + (i === view.selected ? ' sel' : '') + (key.edited ? ' edited' : '') + '" role="option" data-i="' + i +
        '" aria-selected="' + (i === view.selected) + '" style="top:' + (i * ROW) + 'px">' +
        '<span class="k" dir="auto">' + esc(key.k) + '</span><span class="st s-' + stateClass(key.status) + '" title="' + key.status + '"></span>' +
        '<span class="v" dir="auto">' + (key.f.length ? '<span class="fb">' + key.f.length + '⚠ </span>' : '') + esc(value) + '</span></div>';
    }
    list.firstElementChild.innerHTML = html;
  }
  const stateClass = (s) => ({ needs_review: 'review', missing: 'missing', new: 'new', stale: 'stale' }[s] || 'translated');

  function select(index, focusEditor) {
    if (!view || index < 0 || index >= view.rows.length) return;
    view.selected = index;
    const list = $('#ed-list');
    const top = index * ROW;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + ROW > list.scrollTop + list.clientHeight) list.scrollTop = top + ROW - list.clientHeight;
    renderList();
    renderDetail();
    if (focusEditor) { const t = $('#ed-detail textarea'); if (t) t.focus(); }
  }

  // Example numbers per plural category, from the browser's CLDR rules.
  const examples = new Map();
  function pluralHint(language, category) {
    const k = language + '|' + category;
    if (!examples.has(k)) {
      let list = [];
      try {
        const rules = new Intl.PluralRules(language.replace('_', '-'));
        for (let n = 0; n <= 200 && list.length < 6; n++) if (rules.select(n) === category) list.push(n);
      } catch (e) {}
      if (category === 'zero' && !list.includes(0)) list = [0];
      examples.set(k, list.length ? list.join(', ') + (list.length >= 6 ? ', …' : '') : '');
    }
    return examples.get(k);
  }
  function slotLabel(path, language) {
    if (!path) return { label: 'string', hint: '' };
    const parts = path.split('.');
    const names = [];
    let hint = '';
    for (let i = 0; i + 1 < parts.length; i += 2) {
      if (parts[i] === 'plural') { names.push('plural ' + parts[i + 1]); hint = pluralHint(language, parts[i + 1]); }
      else if (parts[i] === 'device') names.push('device ' + parts[i + 1]);
      else if (parts[i] === 'substitutions') names.push('%#@' + parts[i + 1] + '@');
      else names.push(parts[i] + ' ' + parts[i + 1]);
    }
    return { label: names.join(' › '), hint };
  }

  function renderDetail() {
    const box = $('#ed-detail');
    const data = view.data;
    if (view.selected < 0) { box.innerHTML = '<p class="keys-help">No key matches.</p>'; return; }
    const key = data.keys[view.rows[view.selected]];
    const dir = rtl(data.language) ? 'rtl' : 'auto';
    let html = '<h3 dir="auto">' + esc(key.k) + '</h3>';
    if (key.c) html += '<p class="comment" dir="auto">' + esc(key.c) + '</p>';
    html += '<p><span class="state-badge ' + key.status + '" id="ed-key-state">' + key.status.replace('_', ' ') + '</span>';
    if (key.x) html += ' <span class="tag">extraction: ' + esc(key.x) + '</span>';
    if (key.dt) html += ' <span class="tag">don’t translate</span>';
    html += '</p>';
    const general = key.f.filter((f) => !key.s.some((s) => s[0] === f[0]));
    html += '<ul class="live" id="ed-key-findings">' + general.map(findingItem).join('') + '</ul>';
    key.s.forEach((slot, n) => {
      const l = slotLabel(slot[0], data.language);
      const own = key.f.filter((f) => f[0] === slot[0]);
      html += '<div class="slot' + (own.length ? ' bad' : '') + (slot[2] === null || slot[2] === '' ? ' empty' : '') + '" data-path="' + esc(slot[0]) + '">' +
        '<label for="slot-' + n + '">' + esc(l.label) + (l.hint ? ' <span class="hint">' + esc(l.hint) + '</span>' : '') +
        (slot[3] ? ' <span class="state-badge ' + esc(slot[3]) + '">' + esc(slot[3].replace('_', ' ')) + '</span>' : '') + '</label>' +
        '<div class="src" dir="auto">' + esc(slot[1] === null ? '' : slot[1]) + '</div>' +
        '<textarea id="slot-' + n + '" data-path="' + esc(slot[0]) + '" lang="' + esc(data.language) + '" dir="' + dir + '" rows="' +
        Math.min(6, Math.max(1, ((slot[2] || slot[1] || '').match(/\n/g) || []).length + 1)) + '"' +
        (data.editable ? '' : ' readonly') + ' placeholder="' + (data.language === data.sourceLanguage ? '' : 'not translated') + '">' + esc(slot[2] || '') + '</textarea>' +
        '<ul class="live">' + own.map(findingItem).join('') + '</ul></div>';
    });
    if (data.editable && data.states) {
      html += '<button type="button" id="ed-review">Mark as reviewed</button> ';
    }
    html += '<p class="keys-help"><kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>j</kbd>/<kbd>k</kbd> keys · <kbd>Enter</kbd> edit · ' +
      '<kbd>Alt</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd> previous/next key while editing · <kbd>Esc</kbd> back to the list · ' +
      '<kbd>Ctrl</kbd>+<kbd>Enter</kbd> mark as reviewed and next · <kbd>/</kbd> search · <kbd>Ctrl</kbd>+<kbd>S</kbd> save</p>';
    box.innerHTML = html;
    for (const t of box.querySelectorAll('textarea')) t.addEventListener('input', onInput);
    const review = $('#ed-review');
    if (review) review.addEventListener('click', () => markReviewed(false));
  }
  const findingItem = (f) => '<li class="' + esc(f[2]) + '">' + esc(f[3]) + ' <small>[' + esc(f[1]) + ']</small></li>';

  function currentKey() { return view.data.keys[view.rows[view.selected]]; }

  function onInput(event) {
    const data = view.data;
    if (!data.editable) return;
    const key = currentKey();
    const path = event.target.dataset.path;
    const slot = key.s.find((s) => s[0] === path);
    slot[2] = event.target.value;
    slot[3] = 'translated';
    key.edited = true;
    key.hay = null;
    key.status = statusOf(key);
    tablePending(data.table).changes.set(data.language + '\u0000' + key.k + '\u0000' + path,
      { key: key.k, language: data.language, path, value: event.target.value });
    updateSave();
    const badge = $('#ed-key-state');
    if (badge) { badge.className = 'state-badge ' + key.status; badge.textContent = key.status.replace('_', ' '); }
    event.target.closest('.slot').classList.toggle('empty', event.target.value === '');
    renderList();
    clearTimeout(checkTimer);
    checkTimer = setTimeout(() => liveCheck(key), 150);
  }

  // check's rules on the key as typed, evaluated by the server on the table in memory.
  async function liveCheck(key) {
    const data = view.data;
    const r = await api('/api/check', { table: data.table, language: data.language, key: key.k,
      slots: key.s.map((s) => ({ path: s[0], value: s[2] === null ? null : s[2] })) });
    if (r.status !== 200 || !r.json) return;
    key.f = r.json.findings;
    window.__sbChecked = (window.__sbChecked || 0) + 1;
    if (currentKey() !== key) return;
    const box = $('#ed-detail');
    for (const slotBox of box.querySelectorAll('.slot')) {
      const own = key.f.filter((f) => f[0] === slotBox.dataset.path);
      slotBox.classList.toggle('bad', own.length > 0);
      slotBox.querySelector('ul.live').innerHTML = own.map(findingItem).join('');
    }
    const general = key.f.filter((f) => !key.s.some((s) => s[0] === f[0]));
    $('#ed-key-findings').innerHTML = general.map(findingItem).join('');
    renderList();
  }

  function markReviewed(andNext) {
    const data = view.data;
    if (!data.editable || !data.states) return;
    const key = currentKey();
    for (const slot of key.s) if (slot[3] === 'needs_review' || slot[3] === 'new') slot[3] = 'translated';
    tablePending(data.table).reviewed.set(data.language + '\u0000' + key.k, { key: key.k, language: data.language });
    key.edited = true;
    key.status = statusOf(key);
    updateSave();
    if (andNext) select(view.selected + 1, true); else { renderList(); renderDetail(); }
  }

  async function save() {
    const bodies = [];
    for (const [table, p] of pending) {
      if (!p.changes.size && !p.reviewed.size) continue;
      bodies.push({ table, revision: revisions.get(table), changes: [...p.changes.values()], reviewed: [...p.reviewed.values()] });
    }
    if (!bodies.length) return;
    status('Saving…');
    for (const body of bodies) {
      const r = await api('/api/save', body);
      if (r.status === 409) {
        $('#ed-conflict-text').textContent = (r.json && r.json.error) || 'The file changed on disk since this page loaded it.';
        $('#ed-conflict').hidden = false;
        $('#ed-conflict').dataset.table = body.table;
        status('Not saved: conflict', true);
        window.__sbConflict = (window.__sbConflict || 0) + 1;
        return;
      }
      if (r.status !== 200 || !r.json) { status('Not saved: ' + ((r.json && r.json.error) || ('HTTP ' + r.status)), true); return; }
      pending.delete(body.table);
      revisions.set(body.table, r.json.revision);
      status('Saved ' + r.json.files.join(', '));
      window.__sbSaved = (window.__sbSaved || 0) + 1;
    }
    updateSave();
    if (view) await openTable(view.data.table, view.data.language, true);
    status('Saved');
  }

  async function reload() {
    const id = $('#ed-conflict').dataset.table || (view && view.data.table);
    const r = await api('/api/reload', { table: id });
    if (r.status !== 200) { status('Cannot reload: ' + ((r.json && r.json.error) || r.status), true); return; }
    pending.delete(id);
    revisions.delete(id);
    updateSave();
    $('#ed-conflict').hidden = true;
    if (view) await openTable(view.data.table, view.data.language, true);
    status('Reloaded from disk');
  }

  // ---- events ----
  window.addEventListener('hashchange', route);
  $('#ed-back').addEventListener('click', (e) => { e.preventDefault(); location.hash = ''; });
  $('#ed-save').addEventListener('click', save);
  $('#ed-reload').addEventListener('click', reload);
  $('#ed-list').addEventListener('scroll', () => { if (view) renderList(); });
  $('#ed-list').addEventListener('click', (e) => {
    const row = e.target.closest('.row');
    if (row) select(Number(row.dataset.i), false);
  });
  $('#ed-list').addEventListener('dblclick', () => select(view.selected, true));
  let searchTimer = null;
  $('#ed-search').addEventListener('input', () => {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => {
      if (!view) return;
      view.query = $('#ed-search').value.trim().toLowerCase();
      view.selected = -1;
      applyFilter();
      select(0, false);
    }, 60);
  });
  for (const b of document.querySelectorAll('.filters button')) {
    b.addEventListener('click', () => {
      for (const o of document.querySelectorAll('.filters button')) o.setAttribute('aria-pressed', String(o === b));
      if (!view) return;
      view.filter = b.dataset.filter;
      view.selected = -1;
      applyFilter();
      select(0, false);
    });
  }
  document.addEventListener('keydown', (e) => {
    if ($('#editor').hidden || !view) return;
    const inText = e.target.tagName === 'TEXTAREA' || e.target.tagName === 'INPUT';
    if ((e.ctrlKey || e.metaKey) && (e.key === 's' || e.key === 'S')) { e.preventDefault(); save(); return; }
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') { e.preventDefault(); markReviewed(true); return; }
    if (e.altKey && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault(); select(view.selected + (e.key === 'ArrowDown' ? 1 : -1), inText); return;
    }
    if (inText) {
      if (e.key === 'Escape') { e.target.blur(); $('#ed-list').focus(); }
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'j') { e.preventDefault(); select(view.selected + 1, false); }
    else if (e.key === 'ArrowUp' || e.key === 'k') { e.preventDefault(); select(view.selected - 1, false); }
    else if (e.key === 'Enter') { e.preventDefault(); select(view.selected, true); }
    else if (e.key === '/') { e.preventDefault(); $('#ed-search').focus(); }
  });
  window.addEventListener('beforeunload', (e) => { if (pendingCount()) { e.preventDefault(); e.returnValue = ''; } });
  // For benchmarks and tests: filter synchronously, returning the milliseconds it took (list rendered).
  function filterNow(query, filter) {
    if (!view) return -1;
    const started = performance.now();
    view.query = (query || '').toLowerCase();
    view.filter = filter || 'all';
    view.selected = -1;
    applyFilter();
    select(0, false);
    return performance.now() - started;
  }
  window.__sbEditor = { open: openTable, pending: pendingCount, filter: filterNow, rows: () => view ? view.rows.length : 0,
    query: () => view ? view.query : null };
  route();
})();
"""#
}
