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

// specs says, for each specification, the components the API answers (by
// their JSON names, with the section defining each), where its steps are
// defined, and how the steps' own section is written (not repeated).
const specs = {
  rfc1808: {
    names: [['scheme', '2.4.2'], ['net_loc', '2.4.3'], ['path', '2.4.6'], ['params', '2.4.5'], ['query', '2.4.4'], ['fragment', '2.4.1']],
    components: 'RFC 1808 section 2.4', steps: 'RFC 1808 section 4', section: '4',
  },
  rfc2396: {
    names: [['scheme', '3.1'], ['authority', '3.2'], ['path', '3.3'], ['query', '3.4'], ['fragment', '4.1']],
    components: 'RFC 2396 Appendix B', steps: 'RFC 2396 section 5.2', section: '5.2',
  },
  rfc3986: {
    names: [['scheme', '3.1'], ['authority', '3.2'], ['path', '3.3'], ['query', '3.4'], ['fragment', '3.5']],
    components: 'RFC 3986 Appendix B', steps: 'RFC 3986 section 5.2', section: '5.2.2',
  },
  whatwg: {
    names: [['protocol', '6.1'], ['username', '6.1'], ['password', '6.1'], ['hostname', '6.1'], ['port', '6.1'], ['pathname', '6.1'], ['search', '6.1'], ['hash', '6.1']],
    components: 'the URL API, URL Standard section 6.1', steps: 'the basic URL parser, URL Standard section 4.4', section: '4.4',
  },
};

// componentsTable fills table with one column per set of components, by
// the names of specification spec.
function componentsTable(table, spec, columns) {
  table.replaceChildren(h('tr', null, h('th', null, 'component'), ...columns.map(([title]) => h('th', null, title))));
  for (const [name, sec] of specs[spec].names) {
    table.append(h('tr', null,
      h('td', { class: 'name' }, name, h('small', null, 'section ' + sec)),
      ...columns.map(([, comps]) => h('td', null, component(comps[name])))));
  }
}

// baseTable shows the base's components in one row, to keep it short.
function baseTable(table, spec, comps) {
  const names = specs[spec].names;
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
  const sp = specs[r.spec];
  const steps = h('ol', { class: 'steps' });
  for (const s of r.trace.steps) {
    steps.append(h('li', null,
      h('span', { class: 'step s' + s.step.charAt(0), title: sp.steps + ', step ' + s.step }, s.step),
      detail(s.detail),
      s.section !== sp.section ? h('span', { class: 'sec' }, '§' + s.section) : null));
  }
  const answers = h('table', { class: 'answers' }, h('tr', null, h('th', null, 'specification'), h('th', null, 'answer'), h('th', null, '')));
  for (const a of r.answers) {
    answers.append(h('tr', { class: a.differs ? 'differs' : '' },
      h('td', null, a.spec), h('td', null, a.error ? h('em', null, 'fails: ' + a.error) : h('code', null, a.result)),
      h('td', { class: a.differs ? 'differs' : '' }, a.spec === r.spec ? 'chosen' : a.differs ? 'differs from ' + r.spec : 'same')));
    if (a.spec === r.spec) answers.lastChild.classList.add('chosen');
  }
  const comps = h('table', { class: 'components' });
  // Under the URL Standard the reference's record is the one parsed
  // against the base, the result's: one column says it.
  componentsTable(comps, r.spec, r.spec === 'whatwg'
    ? [['base', r.trace.base], ['reference, parsed against the base', r.trace.ref]]
    : [['base', r.trace.base], ['reference', r.trace.ref], ['result', r.result_components]]);
  return h('div', { class: 'card' },
    h('div', { class: 'head' },
      ref === '' ? h('span', { class: 'empty' }, 'empty reference') : h('code', { class: 'ref' }, ref),
      h('span', { class: 'arrow' }, '→'),
      r.error ? h('em', { class: 'result' }, 'fails: ' + r.error) : h('code', { class: 'result' }, r.result)),
    h('div', { class: 'grid' },
      h('div', null, h('h3', null, 'Steps (' + sp.steps + ')'), steps),
      h('div', null, h('h3', null, 'Components (' + sp.components + ')'), comps,
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
      api('/api/parse', { url: base, spec }),
      ...refs.map((ref) => api('/api/resolve', { base, ref, spec })),
    ]);
    if (gen !== generation) return; // the user typed on: a newer update runs
    el('error').hidden = true;
    baseTable(el('base-components'), spec, parsed);
    el('base-spec').textContent = '(' + specs[spec].components + ')';
    const v = el('base-validity');
    if (spec === 'rfc1808') {
      v.className = 'validity ' + (parsed.valid ? 'ok' : 'bad');
      v.textContent = parsed.valid ? '✓ valid by the BNF of RFC 1808 section 2.2'
        : '⚠ not valid by RFC 1808 section 2.2 (it is still resolved): ' + parsed.reason + ' at byte ' + parsed.offset + ', rule ' + parsed.rule;
    } else if (parsed.error) {
      v.className = 'validity bad';
      v.textContent = '⚠ ' + parsed.error;
    } else {
      v.className = 'validity';
      v.textContent = '';
    }
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
