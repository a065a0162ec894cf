// The page of "relurl serve": it asks /api/parse and /api/resolve as the
// user types and shows the answers. Every string from the user or the
// server is put in the page with textContent, never as HTML.
//
// The page keeps its state (base, references, specification) in the
// fragment of its own URL, #base=...&refs=...&spec=..., so that a link to
// a view reopens it; the fragment never reaches the server.
'use strict';

const maxRefs = 20; // references shown at once, to stay within the rate limit
const el = (id) => document.getElementById(id);
const baseInput = el('base'), refsInput = el('refs'), specInput = el('spec');
let generation = 0, timer = 0;

function h(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v; else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

async function api(path, params) {
  const q = Object.entries(params).map(([k, v]) => k + '=' + encodeURIComponent(v)).join('&');
  const res = await fetch(path + '?' + q);
  let body;
  try { body = await res.json(); } catch (e) { throw new Error('HTTP ' + res.status + ': the answer is not JSON'); }
  if (!res.ok) throw new Error(body && body.error ? body.error.message : 'HTTP ' + res.status);
  return body;
}

// component shows one component's value, or says it is absent (null in
// the API's answers) or empty.
function component(v) {
  if (v === null || v === undefined) return h('span', { class: 'absent' }, 'absent');
  if (v === '') return h('span', { class: 'empty' }, 'empty');
  return h('code', null, v);
}

const names = [
  ['scheme', '2.4.2'], ['net_loc', '2.4.3'], ['path', '2.4.6'],
  ['params', '2.4.5'], ['query', '2.4.4'], ['fragment', '2.4.1'],
];

// componentsTable fills table with one column per set of components.
function componentsTable(table, columns) {
  table.replaceChildren(h('tr', null, h('th', null, 'component'), ...columns.map(([title]) => h('th', null, title))));
  for (const [name, sec] of names) {
    table.append(h('tr', null,
      h('td', { class: 'name' }, name, h('small', null, 'section ' + sec)),
      ...columns.map(([, comps]) => h('td', null, component(comps[name])))));
  }
}

// baseTable shows the base's components in one row, to keep it short.
function baseTable(table, comps) {
  table.replaceChildren(
    h('tr', null, ...names.map(([name, sec]) => h('th', { title: 'section ' + sec }, name + ' ', h('small', null, sec)))),
    h('tr', null, ...names.map(([name]) => h('td', null, component(comps[name])))));
}

// detail shows a step's text with its quoted strings `...` as code. A
// string holding a backquote is quoted "..." instead (relurl.Quote), so an
// odd number of backquotes means there is no pairing to trust.
function detail(text) {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return h('span', { class: 'detail' }, text);
  return h('span', { class: 'detail' }, ...parts.map((p, i) => i % 2 ? h('code', null, p) : p));
}

function refCard(ref, r) {
  const steps = h('ol', { class: 'steps' });
  for (const s of r.trace.steps) {
    steps.append(h('li', null,
      h('span', { class: 'step s' + s.step.charAt(0), title: 'RFC 1808 section 4, step ' + s.step }, s.step),
      detail(s.detail),
      s.section !== '4' ? h('span', { class: 'sec' }, '§' + s.section) : null));
  }
  const answers = h('table', { class: 'answers' }, h('tr', null, h('th', null, 'specification'), h('th', null, 'answer'), h('th', null, '')));
  for (const a of r.answers) {
    answers.append(h('tr', { class: a.differs ? 'differs' : '' },
      h('td', null, a.spec), h('td', null, a.error ? h('em', null, 'fails: ' + a.error) : h('code', null, a.result)),
      h('td', { class: a.differs ? 'differs' : '' }, a.differs ? 'differs from ' + r.answers[0].spec : 'same')));
    if (a.spec === r.spec) answers.lastChild.classList.add('chosen');
  }
  const comps = h('table', { class: 'components' });
  componentsTable(comps, [['base', r.trace.base], ['reference', r.trace.ref], ['result', r.result_components]]);
  return h('div', { class: 'card' },
    h('div', { class: 'head' },
      ref === '' ? h('span', { class: 'empty' }, 'empty reference') : h('code', { class: 'ref' }, ref),
      h('span', { class: 'arrow' }, '→'),
      h('code', { class: 'result' }, r.result)),
    h('div', { class: 'grid' },
      h('div', null, h('h3', null, 'Steps (section 4)'), steps),
      h('div', null, h('h3', null, 'Components (section 2.4)'), comps,
        h('h3', null, 'Answers by specification'), answers)));
}

// loadState sets the inputs from the page's fragment, if it holds a state.
function loadState() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.has('base')) baseInput.value = p.get('base');
  if (p.has('refs')) refsInput.value = p.get('refs');
  if (p.has('spec')) {
    const spec = p.get('spec').toLowerCase();
    if ([...specInput.options].some((o) => o.value === spec)) specInput.value = spec;
  }
}

// saveState writes the inputs into the page's fragment, without a new
// history entry for each key typed.
function saveState() {
  const p = new URLSearchParams({ base: baseInput.value, refs: refsInput.value, spec: specInput.value });
  const hash = '#' + p.toString();
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

async function update() {
  const gen = ++generation;
  saveState();
  const base = baseInput.value, spec = specInput.value;
  let refs = refsInput.value.split('\n');
  if (refs.length > 1 && refs[refs.length - 1] === '') refs.pop();
  const more = refs.length - maxRefs;
  refs = refs.slice(0, maxRefs);
  try {
    const [parsed, ...results] = await Promise.all([
      api('/api/parse', { url: base }),
      ...refs.map((ref) => api('/api/resolve', { base, ref, spec })),
    ]);
    if (gen !== generation) return; // the user typed on: a newer update runs
    el('error').hidden = true;
    baseTable(el('base-components'), parsed);
    const v = el('base-validity');
    v.className = 'validity ' + (parsed.valid ? 'ok' : 'bad');
    v.textContent = parsed.valid ? '✓ valid by the BNF of section 2.2'
      : '⚠ not valid by section 2.2 (it is still resolved): ' + parsed.reason + ' at byte ' + parsed.offset + ', rule ' + parsed.rule;
    const out = el('results');
    out.replaceChildren(...refs.map((ref, i) => refCard(ref, results[i])));
    if (more > 0) out.append(h('p', null, more + ' more references not shown: at most ' + maxRefs + ' at once.'));
    document.body.dataset.ready = String(gen);
  } catch (e) {
    if (gen !== generation) return;
    el('error').textContent = e.message;
    el('error').hidden = false;
  }
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 150);
}

baseInput.addEventListener('input', schedule);
refsInput.addEventListener('input', schedule);
specInput.addEventListener('change', update);
// A link to another view opened in this page: show it.
window.addEventListener('hashchange', () => { loadState(); update(); });
loadState();
update();
