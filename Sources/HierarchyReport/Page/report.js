'use strict';
// The report's page: the summary and the grid from the screen blocks, the filter, and a screen's
// viewer built on demand from the viewer template, its data block and the shared textures.
const Report = (function () {
  const STATUSES = ['error', 'changed', 'added', 'removed', 'unchanged', 'captured'];
  const $ = (id) => document.getElementById(id);
  const screens = Array.from(document.querySelectorAll('script.hr-screen')).map((e) => JSON.parse(e.textContent));
  screens.sort((a, b) => (a.row.name < b.row.name ? -1 : a.row.name > b.row.name ? 1 : 0));
  const byName = new Map(screens.map((s) => [s.row.name, s]));
  let template = null;
  let current = null;
  const shown = new Set(STATUSES);

  function element(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function findingCount(s) { return s.row.findings ? s.row.findings.length : 0; }

  function summary() {
    const counts = { screens: screens.length, changed: 0, added: 0, removed: 0, unchanged: 0, captured: 0, findings: 0, errors: 0 };
    for (const s of screens) {
      if (s.row.status === 'error') counts.errors += 1; else counts[s.row.status] += 1;
      counts.findings += findingCount(s);
    }
    const list = $('summary');
    for (const key of ['screens', 'changed', 'added', 'removed', 'findings', 'errors']) {
      const item = element('div', key + (counts[key] > 0 ? ' nonzero' : ''));
      item.dataset.key = key;
      item.append(element('dt', '', key), element('dd', '', String(counts[key])));
      list.append(item);
    }
    return counts;
  }

  function thumb(data, alt) {
    const img = element('img');
    img.alt = alt;
    if (data) img.src = 'data:image/png;base64,' + data;
    return img;
  }

  function card(s) {
    const c = element('button', 'card ' + s.row.status);
    c.type = 'button';
    c.dataset.name = s.row.name;
    c.dataset.status = s.row.status;
    const thumbs = element('div', 'thumbs');
    if (s.front) thumbs.append(thumb(s.front, s.row.name + ', front'));
    if (s.exploded) thumbs.append(thumb(s.exploded, s.row.name + ', exploded'));
    c.append(thumbs, element('div', 'name', s.row.name));
    const badges = element('div', 'badges');
    badges.append(element('span', 'badge ' + s.row.status, s.row.status));
    const n = findingCount(s);
    if (n > 0) badges.append(element('span', 'badge findings', n === 1 ? '1 finding' : n + ' findings'));
    if (s.row.changes) badges.append(element('span', 'badge', changeCount(s.row.changes)));
    if (s.row.failures) badges.append(element('span', 'badge failed', s.row.failures.length === 1 ? '1 failed test' : s.row.failures.length + ' failed tests'));
    c.append(badges);
    if (s.row.error) c.append(element('div', 'error-line', s.row.error));
    c.addEventListener('click', () => open(s.row.name));
    return c;
  }

  function changeCount(changes) {
    const n = (changes.added || []).length + (changes.removed || []).length + (changes.changed || []).length;
    return n === 1 ? '1 change' : n + ' changes';
  }

  function grid() {
    const g = $('grid');
    const fragment = document.createDocumentFragment();
    for (const s of screens) fragment.append(card(s));
    g.append(fragment);
  }

  function filters() {
    const group = $('status-filter');
    const present = STATUSES.filter((status) => screens.some((s) => s.row.status === status));
    for (const status of present) {
      const label = element('label', 'on');
      const box = element('input');
      box.type = 'checkbox';
      box.checked = true;
      box.value = status;
      box.addEventListener('change', () => {
        if (box.checked) shown.add(status); else shown.delete(status);
        label.classList.toggle('on', box.checked);
        filter();
      });
      label.append(box, document.createTextNode(status));
      group.append(label);
    }
    $('filter').addEventListener('input', filter);
    filter();
  }

  function filter() {
    const text = $('filter').value.trim().toLowerCase();
    let count = 0;
    for (const c of $('grid').children) {
      const visible = shown.has(c.dataset.status) && (!text || c.dataset.name.toLowerCase().includes(text));
      c.hidden = !visible;
      if (visible) count += 1;
    }
    $('shown').textContent = count === screens.length ? '' : count + ' of ' + screens.length + ' shown';
  }

  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
  }

  // A report folder keeps viewers and textures in script files of its data folder, each handing
  // its block to hierarchyReportData when loaded; a single page holds them as blocks.
  const dataFolder = (document.querySelector('meta[name="hierarchy-report-data"]') || {}).content || '';
  const pending = new Map();
  window.hierarchyReportData = (id, value) => { const p = pending.get(id); if (p) p.value = value; };

  // A promise of the value of the block `id` (null when there is none).
  function load(id) {
    const e = document.getElementById(id);
    if (e) return Promise.resolve(JSON.parse(e.textContent));
    if (!dataFolder) return Promise.resolve(null);
    if (pending.has(id)) return pending.get(id).promise;
    const entry = { value: null };
    entry.promise = new Promise((resolve) => {
      const script = document.createElement('script');
      const done = () => { script.remove(); pending.delete(id); resolve(entry.value); };
      script.onload = done;
      script.onerror = done;
      script.src = dataFolder + id + '.js';
      document.head.append(script);
    });
    pending.set(id, entry);
    return entry.promise;
  }

  // The viewer page of a screen: the template with its title and its data, textures put back.
  async function viewerPage(s) {
    if (!s.viewer) return null;
    const data = await load('v-' + s.viewer);
    if (!data) return null;
    if (template === null) template = JSON.parse($('hr-template').textContent);
    data.textures = await Promise.all((data.textures || []).map((name) => load('t-' + name).then((t) => t || '')));
    const json = JSON.stringify(data).replace(/</g, '\\u003c');
    return template.replace(/\{\{(title|data)\}\}/g, (_, key) => (key === 'title' ? escapeHTML(s.title || s.row.name) : json));
  }

  function side(s) {
    const aside = $('detail-side');
    aside.replaceChildren();
    if (s.row.error) {
      aside.append(element('h3', '', 'Error'), element('p', 'error-line', s.row.error));
    }
    if (s.row.changes) {
      aside.append(element('h3', '', 'Changes'));
      const list = element('ul', 'changes');
      for (const kind of ['removed', 'added', 'changed']) {
        for (const c of s.row.changes[kind] || []) {
          const item = element('li');
          item.append(element('span', 'kind ' + kind, kind));
          const what = kind === 'changed' ? c['class'] + ' ' + c.after + ': ' + (c.changes || []).join(', ')
            : c['class'] + ' ' + c.id + (c.subtree > 1 ? ' (' + c.subtree + ' views)' : '');
          item.append(document.createTextNode(what));
          list.append(item);
        }
      }
      if (!list.children.length) list.append(element('li', 'none', 'nothing'));
      aside.append(list);
    }
    if (s.row.failures) {
      // The failed tests that saved this screen: each one's locator, run against it (--junit-in).
      aside.append(element('h3', '', 'Failed tests'));
      for (const f of s.row.failures) aside.append(element('pre', 'failure', f && typeof f.text === 'string' ? f.text : String(f)));
    }
    if (s.row.findings) {
      aside.append(element('h3', '', 'Findings'));
      const list = element('ul', 'findings');
      for (const f of s.row.findings) list.append(element('li', '', describe(f)));
      if (!s.row.findings.length) list.append(element('li', 'none', 'none'));
      aside.append(list);
    }
    if (!aside.children.length) aside.append(element('p', 'none', s.row.status === 'captured' ? 'No baseline to compare with.' : 'Nothing changed.'));
  }

  function describe(finding) {
    if (finding === null || typeof finding !== 'object') return String(finding);
    const parts = [];
    for (const key of ['severity', 'rule', 'check', 'id', 'view', 'message']) {
      if (finding[key] !== undefined && typeof finding[key] !== 'object') parts.push(String(finding[key]));
    }
    return parts.length ? parts.join(' · ') : JSON.stringify(finding);
  }

  // A new, empty frame in place of the viewer's: the old viewer's document goes at once (a
  // viewer left in a hidden frame would be resized to nothing).
  function freshFrame() {
    const old = $('viewer');
    const frame = old.cloneNode(false);
    frame.removeAttribute('srcdoc');
    old.replaceWith(frame);
    return frame;
  }

  function open(name) {
    const s = byName.get(name);
    if (!s) return false;
    current = name;
    $('detail-name').textContent = name;
    const badge = $('detail-status');
    badge.className = 'badge ' + s.row.status;
    badge.textContent = s.row.status;
    side(s);
    // Shown before the viewer loads: a viewer laid out in a hidden frame has no size to fit.
    $('detail').hidden = false;
    const frame = freshFrame();
    frame.hidden = !s.viewer;
    viewerPage(s).then((page) => {
      if (current !== name || $('viewer') !== frame) return;
      frame.hidden = page === null;
      if (page !== null) frame.srcdoc = page;
    });
    if (location.hash !== '#' + encodeURIComponent(name)) history.replaceState(null, '', '#' + encodeURIComponent(name));
    $('back').focus();
    return true;
  }

  function close() {
    if (current === null) return;
    freshFrame();
    $('detail').hidden = true;
    const c = Array.from($('grid').children).find((e) => e.dataset.name === current);
    current = null;
    history.replaceState(null, '', location.pathname + location.search);
    if (c) c.focus();
  }

  function start() {
    const counts = summary();
    grid();
    filters();
    $('back').addEventListener('click', close);
    document.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
    const wanted = decodeURIComponent(location.hash.slice(1));
    if (wanted && byName.has(wanted)) open(wanted);
    return counts;
  }

  return { start, open, close, screens: () => screens.map((s) => s.row), current: () => current };
})();

const counts = Report.start();
window.hierarchyReport = {
  summary: () => counts,
  screens: Report.screens,
  open: Report.open,
  close: Report.close,
  current: Report.current,
  viewer: () => document.getElementById('viewer').contentWindow,
};
