// Tablero play: a browser page that looks and behaves like a Discord text channel.
// Plain DOM code, no libraries. Untrusted text only ever goes through textContent.
'use strict';

const API = '/play/api';
// Bound beyond loopback, the page needs this member's join key (from its join link): sent with
// every API request, in a header or (for the events socket and images) as `?key=`.
const KEY = new URLSearchParams(location.search).get('key') || '';
const KEY_HEADER = 'X-Tablero-Key';
const keyed = (url) => (KEY ? `${url}${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(KEY)}` : url);
const EPHEMERAL = 64, LOADING = 128, COMPONENTS_V2 = 1 << 15;
const SUB = 1, GROUP = 2, STRING = 3, INTEGER = 4, BOOLEAN = 5, USER = 6, CHANNEL = 7, MENTIONABLE = 9, NUMBER = 10;
const THREADS = [10, 11, 12], TEXTS = [0, 5];

const state = {
  world: null, me: null, channel: null, messages: [],
  cache: new Map(),  // message id -> {key, el}
  epoch: 0,          // bumped when names/locale change, so cached nodes are rebuilt
  worldShown: '',    // what the messages last showed of the world (see loadWorld)
  stick: true,       // message list is scrolled to the bottom
};
const $ = (id) => document.getElementById(id);

// ---------- small helpers ----------

function el(tag, attrs, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat()) {
    if (kid !== null && kid !== undefined && kid !== false) node.append(kid);
  }
  return node;
}

function svg(path, size = 16) {
  const ns = 'http://www.w3.org/2000/svg';
  const s = document.createElementNS(ns, 'svg');
  s.setAttribute('viewBox', '0 0 24 24');
  s.setAttribute('width', size); s.setAttribute('height', size);
  s.setAttribute('aria-hidden', 'true');
  const p = document.createElementNS(ns, 'path');
  p.setAttribute('fill', 'currentColor'); p.setAttribute('d', path);
  s.append(p);
  return s;
}
const ICON_HASH = 'M10 3 8.6 9H4l-.5 2h4.6l-1 4H2.6l-.5 2h4.6L5.6 21h2l1-4h4l-1 4h2l1-4H19l.5-2h-4.6l1-4h4.5l.5-2h-4.5L17.4 3h-2l-1.4 6h-4l1.4-6zm-.9 8h4l-1 4h-4z';
const ICON_THREAD = 'M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-7l-5 4v-4H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm2 4v2h10V8zm0 4v2h7v-2z';
const ICON_EYE = 'M12 5C6.5 5 2.7 9.4 1.5 12c1.2 2.6 5 7 10.5 7s9.3-4.4 10.5-7C21.3 9.4 17.5 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm0-2a2 2 0 1 0 0-4 2 2 0 0 0 0 4z';

const locale = () => (state.me && state.me.locale) || 'en-US';

// A localised string: exact locale, then the same language ("es" for "es-ES"), else fallback.
function loc(map, fallback) {
  if (!map) return fallback;
  const want = locale(), lang = want.split('-')[0];
  if (map[want]) return map[want];
  const key = Object.keys(map).find((k) => k.split('-')[0] === lang);
  return key ? map[key] : fallback;
}

function nameOf(id) {
  const w = state.world;
  if (w && w.bot && w.bot.id === id) return w.bot.name;
  const m = w && w.members.find((x) => x.id === id);
  return m ? m.name : 'unknown-user';
}
const memberName = (u) => { const n = nameOf(u.id); return n === 'unknown-user' ? u.global_name || u.username || n : n; };
// Members plus the bot (Discord's user pickers list bots too: "pick Tablero to play the computer").
const people = () => [...state.world.members, ...(state.world.bot ? [{ ...state.world.bot, name: `${state.world.bot.name} (bot)` }] : [])];
const channelOf = (id) => state.world && state.world.channels.find((c) => c.id === id);

// A snowflake sent as a number (a component's emoji id, as discord.py writes it) is wider than
// a double: keep its digits, or the page asks for another emoji's image.
const parseJson = (text) => JSON.parse(text, (key, value, context) => (
  typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value)
    && context && /^\d+$/.test(context.source) ? context.source : value));

async function api(path, body) {
  const headers = KEY ? { [KEY_HEADER]: KEY } : {};
  const opts = body === undefined ? { headers } : {
    method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  };
  const res = await fetch(API + path, opts);
  let data = null;
  try { data = parseJson(await res.text()); } catch (e) { /* not JSON */ }
  if (!res.ok && !(data && data.error)) data = { ok: false, error: `HTTP ${res.status}` };
  return data || {};
}

let toastTimer = 0;
function toast(text) {
  const t = $('toast');
  t.textContent = text; t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 5000);
}

function setUrl() {
  const q = new URLSearchParams(location.search);
  if (state.me) q.set('as', state.me.name);
  if (state.channel) q.set('channel', state.channel);
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

// ---------- markdown (Discord subset), built as DOM nodes ----------

const TS_FORMATS = {
  t: { timeStyle: 'short' }, T: { timeStyle: 'medium' },
  d: { dateStyle: 'short' }, D: { dateStyle: 'long' },
  f: { dateStyle: 'long', timeStyle: 'short' }, F: { dateStyle: 'full', timeStyle: 'short' },
};

function relative(seconds) {
  const rtf = new Intl.RelativeTimeFormat(locale(), { numeric: 'always' });
  const a = Math.abs(seconds);
  const steps = [[60, 1, 'second'], [3600, 60, 'minute'], [86400, 3600, 'hour'],
    [2592000, 86400, 'day'], [31536000, 2592000, 'month'], [Infinity, 31536000, 'year']];
  const [, div, unit] = steps.find(([lim]) => a < lim);
  return rtf.format(Math.trunc(seconds / div), unit);
}

function timestamp(unix, style) {
  const date = new Date(unix * 1000);
  const node = el('time', { class: 'ts', datetime: date.toISOString(),
    title: date.toLocaleString(locale(), TS_FORMATS.F) });
  if (style === 'R') {
    node.dataset.unix = unix;
    node.dataset.testid = 'countdown';
    node.setAttribute('aria-live', 'off'); // ticks every second: do not announce
    node.textContent = relative(unix - Date.now() / 1000);
  } else {
    node.textContent = date.toLocaleString(locale(), TS_FORMATS[style] || TS_FORMATS.f);
  }
  return node;
}
setInterval(() => {
  for (const t of document.querySelectorAll('time[data-unix]')) {
    t.textContent = relative(Number(t.dataset.unix) - Date.now() / 1000);
  }
}, 1000);

function safeUrl(url) {
  try { const u = new URL(url, location.href); return /^https?:$/.test(u.protocol) ? u.href : null; }
  catch (e) { return null; }
}

// Inline rules: [regex anchored at the start, node builder(match, prevChar)].
const INLINE = [
  [/^\\([^\w\s])/, (m) => m[1]],
  [/^(`+)([\s\S]*?[^`])\1(?!`)/, (m) => el('code', { text: m[2].trim() || m[2] })],
  [/^<@!?(\d+)>/, (m) => el('span', { class: 'mention', text: '@' + nameOf(m[1]) })],
  [/^<@&(\d+)>/, () => el('span', { class: 'mention', text: '@role' })],
  [/^<#(\d+)>/, (m) => {
    const c = channelOf(m[1]);
    return el('a', { class: 'mention', href: `?channel=${m[1]}`, 'data-channel': m[1],
      text: '#' + (c ? c.name : 'unknown') });
  }],
  [/^<a?:(\w+):(\d+)>/, (m) => customEmoji(m[2], m[1])],
  [/^<t:(-?\d+)(?::([tTdDfFR]))?>/, (m) => timestamp(Number(m[1]), m[2] || 'f')],
  [/^\*\*([\s\S]+?)\*\*(?!\*)/, (m) => el('strong', {}, inline(m[1]))],
  [/^__([\s\S]+?)__(?!_)/, (m) => el('u', {}, inline(m[1]))],
  [/^~~([\s\S]+?)~~/, (m) => el('s', {}, inline(m[1]))],
  [/^\|\|([\s\S]+?)\|\|/, (m) => el('span', { class: 'spoiler', tabindex: 0, role: 'button',
    'aria-label': 'Spoiler, press to reveal' }, inline(m[1]))],
  [/^\*(?=\S)([\s\S]*?\S)\*(?!\*)/, (m) => el('em', {}, inline(m[1]))],
  [/^_([\s\S]+?)_(?![A-Za-z0-9_])/, (m, prev) => (/[A-Za-z0-9]/.test(prev) ? null
    : el('em', {}, inline(m[1])))],
  [/^\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/, (m) => link(m[2], inline(m[1]))],
  [/^https?:\/\/[^\s<]+[^\s<.,:;"')\]]/, (m) => link(m[0], m[0])],
];
const link = (url, kids) => {
  const href = safeUrl(url);
  return href ? el('a', { href, target: '_blank', rel: 'noopener noreferrer' }, kids) : kids;
};

function inline(src) {
  const out = [];
  let text = '', i = 0;
  outer: while (i < src.length) {
    const rest = src.slice(i);
    for (const [re, build] of INLINE) {
      const m = re.exec(rest);
      const node = m && build(m, src[i - 1] || ' ');
      if (node !== null && node !== undefined && m) {
        if (typeof node === 'string') text += node;
        else { if (text) out.push(text); text = ''; out.push(node); }
        i += m[0].length;
        continue outer;
      }
    }
    const plain = /^[\s\S][^\\`<*_~|[h]*/.exec(rest)[0];
    text += plain; i += plain.length;
  }
  if (text) out.push(text);
  return out;
}

// Block level: code fences, quotes, headings, "-#" small lines, plain lines.
function markdown(src) {
  const frag = document.createDocumentFragment();
  const fence = /```(?:([\w+-]+)\n)?([\s\S]*?)```/g;
  let last = 0, m;
  while ((m = fence.exec(src))) {
    lines(src.slice(last, m.index), frag);
    frag.append(el('pre', {}, el('code', { text: m[2].replace(/^\n|\n$/g, '') })));
    last = fence.lastIndex;
  }
  lines(src.slice(last), frag);
  return frag;
}

function lines(src, parent) {
  if (!src) return;
  const rows = src.replace(/^\n|\n$/g, '').split('\n');
  let quote = null;
  for (let n = 0; n < rows.length; n++) {
    const row = rows[n];
    if (row.startsWith('>>> ')) {
      parent.append(el('blockquote', {}, block([row.slice(4), ...rows.slice(n + 1)].join('\n'))));
      return;
    }
    const q = /^> (.*)$|^>$/.exec(row);
    if (q) {
      if (!quote) quote = [];
      quote.push(q[1] || '');
      continue;
    }
    if (quote) { parent.append(el('blockquote', {}, block(quote.join('\n')))); quote = null; }
    parent.append(block(row));
  }
  if (quote) parent.append(el('blockquote', {}, block(quote.join('\n'))));
}

function block(src) {
  const frag = document.createDocumentFragment();
  for (const row of src.split('\n')) {
    const h = /^(#{1,3}) (.+)$/.exec(row);
    const small = /^-# (.+)$/.exec(row);
    const item = /^( *)([-*]|\d{1,9}\.) (.+)$/.exec(row);
    if (h) frag.append(el(`h${h[1].length + 2}`, { class: 'md-h' }, inline(h[2])));
    else if (small) frag.append(el('small', { class: 'md-small' }, inline(small[1])));
    else if (item) frag.append(listItem(item[1].length, item[2], item[3]));
    else frag.append(el('div', { class: 'md-line' }, row ? inline(row) : '\u00a0'));
  }
  return frag;
}

// A list line: "- a", "* a" or "1. a"; two leading spaces nest it one level, as Discord does.
function listItem(indent, marker, text) {
  const depth = Math.min(Math.floor(indent / 2), 4);
  return el('div', { class: 'md-li', style: depth ? `margin-left:${depth * 1.25}em` : null },
    /\d/.test(marker) ? `${marker} ` : '• ', inline(text));
}

// A custom emoji (<:name:id>, or a component's {id, name}) as Discord shows it: the image.
function customEmoji(id, name) {
  if (!/^\d+$/.test(id)) return `:${name}:`;
  return el('img', { class: 'emoji custom-emoji', src: keyed(`${API}/emojis/${id}.png`), alt: `:${name}:`,
    title: `:${name}:`, draggable: 'false', 'data-testid': `emoji-${id}` });
}

// ---------- messages ----------

const AVATAR_COLOURS = ['#5865f2', '#3ba55c', '#faa61a', '#ed4245', '#eb459e', '#747f8d'];
function avatar(user) {
  const n = [...(user.id || '0')].reduce((a, c) => a + c.charCodeAt(0), 0);
  return el('div', { class: 'avatar', 'aria-hidden': 'true',
    style: `background:${AVATAR_COLOURS[n % AVATAR_COLOURS.length]}`,
    text: memberName(user).slice(0, 1).toUpperCase() });
}

function renderMessage(m, grouped) {
  const user = m.author || {};
  const text = plainText(m);
  const mine = state.me && (text.includes(`<@${state.me.id}>`) || text.includes(`<@!${state.me.id}>`));
  const li = el('li', { class: 'message' + ((m.flags & EPHEMERAL) ? ' ephemeral' : '')
    + (mine ? ' mentions-me' : '') + (grouped ? ' grouped' : ''), 'data-testid': `message-${m.id}`, id: `message-${m.id}` });
  const meta = m.interaction_metadata || m.interaction;
  if (meta && meta.name && meta.user) {
    li.append(el('div', { class: 'context' }, el('span', { class: 'context-line', 'aria-hidden': 'true' }),
      el('strong', { text: memberName(meta.user) }), ' used ',
      el('span', { class: 'command-name', text: '/' + meta.name })));
  } else if (m.message_reference && m.message_reference.message_id) {
    const ref = state.messages.find((x) => x.id === m.message_reference.message_id);
    if (ref) {
      li.append(el('div', { class: 'context' }, el('span', { class: 'context-line', 'aria-hidden': 'true' }),
        'Replying to ', el('strong', { text: memberName(ref.author) }),
        el('span', { class: 'reply-snippet', text: ' ' + plainText(ref).slice(0, 80) })));
    }
  }
  const when = new Date(m.timestamp);
  const head = el('h3', { class: 'message-head' + (grouped ? ' visually-hidden' : '') },
    el('span', { class: 'author', text: memberName(user) }),
    user.bot ? el('span', { class: 'bot-tag', text: 'BOT' }) : null,
    el('time', { class: 'when', datetime: m.timestamp, title: when.toLocaleString(locale(), TS_FORMATS.F),
      text: when.toLocaleString(locale(), { dateStyle: 'short', timeStyle: 'short' }) }));
  const body = el('div', { class: 'message-body' }, head);
  if (m.type === 18) {
    body.append(el('div', { class: 'system' }, 'started a thread: ', el('strong', { text: m.content })));
  } else if ((m.flags & COMPONENTS_V2) && (m.components || []).length) {
    body.append(v2Body(m));
  } else if (m.content) {
    const content = el('div', { class: 'content' }, markdown(m.content));
    if (m.edited_timestamp) {
      const tail = content.lastElementChild && content.lastElementChild.tagName !== 'PRE' ? content.lastElementChild : content;
      tail.append(' ', el('span', { class: 'edited',
        title: new Date(m.edited_timestamp).toLocaleString(locale(), TS_FORMATS.F), text: '(edited)' }));
    }
    body.append(content);
  } else if ((m.flags & LOADING) && !(m.embeds || []).length) {
    body.append(el('div', { class: 'thinking', text: `${memberName(user)} is thinking…` }));
  }
  if (!(m.flags & COMPONENTS_V2)) {
    for (const a of m.attachments || []) body.append(attachment(a));
    for (const e of m.embeds || []) body.append(embed(e));
    for (const row of m.components || []) body.append(actionRow(m, row));
  }
  if (m.flags & EPHEMERAL) {
    body.append(el('div', { class: 'ephemeral-note' }, svg(ICON_EYE),
      ' Only you can see this'));
  }
  li.append(grouped ? el('div', { 'aria-hidden': 'true' }) : avatar(user), body);
  return li;
}

// The text a message says (a V2 message's TextDisplays), for mentions and reply snippets.
function plainText(m) {
  if (!(m.flags & COMPONENTS_V2)) return m.content || '';
  const texts = [];
  const walk = (list) => {
    for (const c of list || []) { if (c.type === 10) texts.push(c.content || ''); walk(c.components); }
  };
  walk(m.components);
  return texts.join('\n');
}

const isImage = (a) => (a.content_type || '').startsWith('image/') || /\.(png|jpe?g|gif|webp)$/i.test(a.filename);
// The attachment's id in the address: an edit that swaps the file at the same index must not
// show the image the page already holds for that address.
const attachmentSrc = (a) => (a.id
  ? `${a.url}${a.url.includes('?') ? '&' : '?'}v=${encodeURIComponent(a.id)}` : a.url);

function attachment(a) {
  if (isImage(a)) {
    return el('figure', { class: 'attachment' },
      picture(attachmentSrc(a), a.description || a.filename, 'attachment-img', a.description));
  }
  return fileLink(a);
}

const fileLink = (a) => el('a', { class: 'file', href: a.url, download: a.filename },
  el('span', { 'aria-hidden': 'true', text: '📎 ' }), a.filename);

// An image, its description behind an "ALT" badge (as Discord does: a caption under every
// image cost a phone three lines of scroll).
let altSeq = 0;
function picture(src, alt, cls, badge) {
  const img = el('img', { src, alt: alt || '', class: cls });
  img.addEventListener('load', () => { if (state.stick) scrollToBottom(); });
  if (!badge) return el('div', { class: 'media' }, img);
  const id = `alt-${++altSeq}`;
  const note = el('p', { class: 'alt-text', id, hidden: true, 'data-testid': 'alt-text', text: badge });
  const button = el('button', { type: 'button', class: 'alt-badge', text: 'ALT', 'aria-expanded': 'false',
    'aria-controls': id, 'aria-label': 'Image description', 'data-testid': 'alt-badge' });
  button.addEventListener('click', () => {
    note.hidden = !note.hidden;
    button.setAttribute('aria-expanded', String(!note.hidden));
  });
  return el('div', { class: 'media' }, img, button, note);
}

const hexColour = (n) => '#' + n.toString(16).padStart(6, '0');

function embed(e) {
  const colour = typeof e.color === 'number' ? hexColour(e.color) : '#1e1f22';
  const box = el('article', { class: 'embed', style: `border-left-color:${colour}` });
  const main = el('div', { class: 'embed-main' });
  if (e.author && e.author.name) main.append(el('div', { class: 'embed-author', text: e.author.name }));
  if (e.title) {
    main.append(el('h4', { class: 'embed-title' }, e.url ? link(e.url, inline(e.title)) : inline(e.title)));
  }
  if (e.description) main.append(el('div', { class: 'embed-desc' }, markdown(e.description)));
  if (e.fields && e.fields.length) {
    main.append(el('div', { class: 'embed-fields' }, e.fields.map((f) => el('div',
      { class: 'embed-field' + (f.inline ? ' inline' : '') },
      el('div', { class: 'embed-field-name' }, inline(f.name || '')),
      el('div', { class: 'embed-field-value' }, markdown(f.value || ''))))));
  }
  if (e.image && e.image.url) main.append(el('img', { class: 'embed-image', src: e.image.url, alt: '' }));
  if (e.footer && e.footer.text) main.append(el('div', { class: 'embed-footer', text: e.footer.text }));
  box.append(main);
  if (e.thumbnail && e.thumbnail.url) box.append(el('img', { class: 'embed-thumb', src: e.thumbnail.url, alt: '' }));
  return box;
}

// ---------- components ----------

const BUTTON_STYLES = { 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger', 5: 'link', 6: 'secondary' };

function emojiText(emoji) {
  if (!emoji) return '';
  return emoji.id ? `:${emoji.name}:` : emoji.name || '';
}

// A component's emoji: a custom one is its image, a unicode one its character.
function emojiNode(emoji) {
  if (!emoji || !(emoji.id || emoji.name)) return null;
  if (emoji.id) return customEmoji(String(emoji.id), emoji.name || 'emoji');
  return el('span', { class: 'emoji', text: emoji.name });
}

async function interact(control, body) {
  if (control.getAttribute('aria-busy') === 'true') return;
  // aria-disabled rather than disabled, so keyboard focus stays on the control.
  control.setAttribute('aria-busy', 'true'); control.setAttribute('aria-disabled', 'true');
  try {
    const res = await api('/component', { as: state.me.id, ...body });
    if (!res.ok) toast(res.error || 'That did not work.');
    return !!res.ok;
  } catch (err) {
    toast('Network error: ' + err.message);
    return false;
  } finally {
    control.removeAttribute('aria-busy'); control.removeAttribute('aria-disabled');
  }
}

function actionRow(m, row) {
  const box = el('div', { class: 'action-row', role: 'group' });
  for (const c of row.components || (row.type === 1 ? [] : [row])) {
    if (c.type === 2) box.append(button(m, c));
    else if (c.type >= 3 && c.type <= 8) box.append(selectMenu(m, c));
  }
  return box;
}

function button(m, c) {
  const style = BUTTON_STYLES[c.style] || 'secondary';
  const kids = [emojiNode(c.emoji), c.label ? el('span', { text: c.label }) : null];
  if (c.style === 5) {
    const href = safeUrl(c.url);
    return el('a', { class: `btn btn-${style}` + (c.disabled || !href ? ' disabled' : ''),
      href: c.disabled ? null : href, target: '_blank', rel: 'noopener noreferrer',
      'aria-disabled': c.disabled ? 'true' : null, 'data-testid': `button-${c.custom_id || 'link-' + (c.label || '')}` },
    kids, svg('M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14zM5 5h6v2H5v12h12v-6h2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z', 14),
    el('span', { class: 'visually-hidden', text: ' (opens in a new tab)' }));
  }
  const btn = el('button', { type: 'button', class: `btn btn-${style}`, disabled: !!c.disabled,
    'data-testid': `button-${c.custom_id}`, 'aria-label': c.label ? null : emojiText(c.emoji) || c.custom_id }, kids);
  btn.addEventListener('click', () => interact(btn, { message: m.id, custom_id: c.custom_id }));
  return btn;
}

function selectOptions(c) {
  if (c.type === 3) {
    return (c.options || []).map((o) => ({ value: o.value, default: o.default,
      emoji: o.emoji && o.emoji.id ? o.emoji : null,
      label: [o.emoji && !o.emoji.id ? o.emoji.name : '', o.label].filter(Boolean).join(' ')
        + (o.description ? ` — ${o.description}` : '') }));
  }
  const w = state.world;
  if (c.type === 5 || c.type === 7) return people().map((x) => ({ value: x.id, label: x.name }));
  if (c.type === 8) return w.channels.map((x) => ({ value: x.id, label: '#' + x.name }));
  return []; // roles: the fake guild has none
}

function selectMenu(m, c) {
  const opts = selectOptions(c);
  const max = Math.min(c.max_values || 1, Math.max(opts.length, 1));
  const multi = max > 1;
  const placeholder = c.placeholder || (multi ? 'Choose options' : 'Make a selection');
  const sel = el('select', { class: 'select', 'data-testid': `select-${c.custom_id}`,
    disabled: !!c.disabled || !opts.length, multiple: multi,
    size: multi ? Math.min(opts.length, 6) : null, 'aria-label': placeholder });
  if (!multi) sel.append(el('option', { value: '', disabled: true, selected: true, text: placeholder }));
  for (const o of opts) {
    sel.append(el('option', { value: o.value, selected: !!o.default }, emojiNode(o.emoji), o.label));
  }
  if (!multi) {
    sel.addEventListener('change', async () => {
      const ok = await interact(sel, { message: m.id, custom_id: c.custom_id, values: [sel.value] });
      if (!ok) sel.value = '';
    });
    return el('div', { class: 'select-wrap' }, sel);
  }
  const go = el('button', { type: 'button', class: 'btn btn-primary', disabled: !!c.disabled,
    'data-testid': `select-${c.custom_id}-choose`, text: 'Choose' });
  go.addEventListener('click', () => {
    const values = [...sel.selectedOptions].map((o) => o.value);
    const min = c.min_values === undefined ? 1 : c.min_values;
    if (values.length < min || values.length > max) {
      toast(`Choose between ${min} and ${max} options.`);
      return;
    }
    interact(go, { message: m.id, custom_id: c.custom_id, values });
  });
  return el('div', { class: 'select-wrap multi' },
    el('span', { class: 'select-hint', text: `${placeholder} (up to ${max})` }), sel, go);
}

// ---------- Components V2 (flag 1 << 15): the whole message is its components ----------
// Its attachments show only where a component points at them, as in Discord.

function v2Body(m) {
  const body = el('div', { class: 'v2', 'data-testid': 'v2' }, (m.components || []).map((c) => v2Component(m, c)));
  if (m.edited_timestamp) {
    body.append(el('span', { class: 'edited',
      title: new Date(m.edited_timestamp).toLocaleString(locale(), TS_FORMATS.F), text: '(edited)' }));
  }
  return body;
}

// Unknown types show nothing, as an older Discord client would.
function v2Component(m, c) {
  const render = V2_RENDERERS[c.type];
  return render ? render(m, c) : null;
}

function container(m, c) {
  const accent = typeof c.accent_color === 'number' ? hexColour(c.accent_color) : null;
  const box = el('section', { class: 'v2-container' + (accent ? ' accented' : ''),
    style: accent ? `border-left-color:${accent}` : null, 'data-testid': 'container' },
  (c.components || []).map((k) => v2Component(m, k)));
  return c.spoiler ? spoilered(box, 'content') : box;
}

function section(m, c) {
  const acc = c.accessory || {};
  const side = acc.type === 11 ? thumbnail(m, acc) : acc.type === 2 ? button(m, acc) : null;
  return el('div', { class: 'v2-section', 'data-testid': 'section' },
    el('div', { class: 'v2-section-text' }, (c.components || []).map((k) => v2Component(m, k))),
    side ? el('div', { class: `v2-accessory${acc.type === 11 ? ' thumb' : ''}` }, side) : null);
}

const textDisplay = (m, c) => el('div', { class: 'text-display', 'data-testid': 'text-display' },
  markdown(c.content || ''));

// A media's attachment: `attachment://name` by filename, else by id (Discord's own answers
// carry the CDN address and attachment_id).
function mediaAttachment(m, media) {
  const url = (media && media.url) || '';
  const named = /^attachment:\/\/(.+)$/.exec(url);
  const files = m.attachments || [];
  if (named) return files.find((a) => a.filename === named[1]) || null;
  const id = media && media.attachment_id ? String(media.attachment_id) : null;
  return files.find((a) => a.id === id || url.includes(`/${a.id}/`)) || null;
}

function mediaSrc(m, media) {
  const found = mediaAttachment(m, media);
  return found ? attachmentSrc(found) : safeUrl((media && media.url) || '');
}

function thumbnail(m, c) {
  const pic = picture(mediaSrc(m, c.media), c.description, 'thumb-img', null);
  return c.spoiler ? spoilered(pic, 'image') : pic;
}

function gallery(m, c) {
  const items = (c.items || []).slice(0, 10);
  return el('div', { class: `v2-gallery n${Math.min(items.length, 5)}`, 'data-testid': 'gallery' },
    items.map((it) => galleryItem(m, it)));
}

function galleryItem(m, it) {
  const found = mediaAttachment(m, it.media), src = mediaSrc(m, it.media);
  const shown = found && (found.content_type || '').startsWith('video/')
    ? el('div', { class: 'media' }, el('video', { src, controls: true, class: 'gallery-img',
      'aria-label': it.description || found.filename }))
    : picture(src, it.description, 'gallery-img', it.description);
  return it.spoiler ? spoilered(shown, 'image') : shown;
}

function fileComponent(m, c) {
  const found = mediaAttachment(m, c.file);
  const name = found ? found.filename : ((c.file && c.file.url) || '').replace(/^attachment:\/\//, '');
  const link = found ? fileLink({ ...found, url: attachmentSrc(found) })
    : el('span', { class: 'file', text: `📎 ${name}` });
  link.dataset.testid = 'file';
  return c.spoiler ? spoilered(link, 'file') : link;
}

// Spacing 1 is small, 2 large; without a divider it is only space.
const separator = (m, c) => el(c.divider === false ? 'div' : 'hr', {
  class: `v2-separator ${c.divider === false ? 'blank' : 'divider'} ${c.spacing === 2 ? 'large' : 'small'}`,
  'aria-hidden': c.divider === false ? 'true' : null, 'data-testid': 'separator' });

// Blurred and unreachable (inert) until pressed, like Discord's spoilers.
function spoilered(node, what) {
  const inner = el('div', { class: 'spoiler-body', inert: true }, node);
  const cover = el('button', { type: 'button', class: 'spoiler-cover', text: 'SPOILER',
    'aria-label': `Spoiler ${what}, press to reveal`, 'data-testid': 'spoiler-cover' });
  const box = el('div', { class: 'spoiler-box' }, inner, cover);
  cover.addEventListener('click', () => { inner.inert = false; box.classList.add('revealed'); cover.remove(); });
  return box;
}

const V2_RENDERERS = {
  1: actionRow, 9: section, 10: textDisplay, 11: thumbnail, 12: gallery, 13: fileComponent,
  14: separator, 17: container,
};

// ---------- rendering the channel ----------

function scrollToBottom() { const l = $('messages'); l.scrollTop = l.scrollHeight; }

// Like Discord, a message right after one by the same author drops the avatar and name.
function groups(prev, m) {
  if (!prev || !prev.author || !m.author || prev.author.id !== m.author.id) return false;
  if (m.interaction_metadata || m.interaction || m.message_reference) return false;
  return (prev.flags & EPHEMERAL) === (m.flags & EPHEMERAL)
    && new Date(m.timestamp) - new Date(prev.timestamp) < 7 * 60 * 1000;
}

function renderMessages() {
  const list = $('messages');
  const wanted = [];
  const seen = new Set();
  state.messages.forEach((m, i) => {
    const grouped = groups(state.messages[i - 1], m);
    const key = `${state.epoch}${grouped}${JSON.stringify(m)}`;
    let hit = state.cache.get(m.id);
    if (!hit || hit.key !== key) {
      hit = { key, el: renderMessage(m, grouped) };
      state.cache.set(m.id, hit);
    }
    wanted.push(hit.el); seen.add(m.id);
  });
  for (const id of [...state.cache.keys()]) if (!seen.has(id)) state.cache.delete(id);
  // Reconcile in place so focus and open selects survive a refetch.
  wanted.forEach((node, i) => { if (list.children[i] !== node) list.insertBefore(node, list.children[i] || null); });
  while (list.children.length > wanted.length) list.lastElementChild.remove();
  if (!wanted.length) {
    list.append(el('li', { class: 'empty', text: 'No messages yet. Type / below to try a command.' }));
  }
  if (state.stick) scrollToBottom();
}

function renderChannels() {
  const w = state.world, list = $('channel-list');
  $('guild-name').textContent = w.guild.name;
  list.replaceChildren();
  const item = (c, thread) => {
    const a = el('a', { href: `?channel=${c.id}`, class: 'channel' + (thread ? ' thread' : ''),
      'data-testid': `channel-${c.id}`, 'data-channel': c.id,
      'aria-current': c.id === state.channel ? 'page' : null },
    svg(thread ? ICON_THREAD : ICON_HASH, 18),
    el('span', { class: 'visually-hidden', text: thread ? 'Thread: ' : 'Text channel: ' }),
    el('span', { class: 'channel-name', text: c.name }));
    return el('li', {}, a);
  };
  const texts = w.channels.filter((c) => TEXTS.includes(c.type));
  const threads = w.channels.filter((c) => THREADS.includes(c.type));
  const categories = w.channels.filter((c) => c.type === 4);
  const groups = [[null, texts.filter((c) => !categories.some((k) => k.id === c.parent_id))],
    ...categories.map((k) => [k, texts.filter((c) => c.parent_id === k.id)])];
  for (const [cat, chans] of groups) {
    if (cat) list.append(el('li', { class: 'category', text: cat.name }));
    for (const c of chans) {
      list.append(item(c, false));
      const kids = threads.filter((t) => t.parent_id === c.id);
      if (kids.length) list.append(el('li', {}, el('ul', { class: 'threads' }, kids.map((t) => item(t, true)))));
    }
  }
  for (const t of threads.filter((t) => !texts.some((c) => c.id === t.parent_id))) list.append(item(t, true));
  const cur = channelOf(state.channel);
  $('channel-name').textContent = cur ? cur.name : '';
  $('channel-title').querySelector('.hash').textContent = cur && THREADS.includes(cur.type) ? '🧵' : '#';
  document.title = `${cur ? '#' + cur.name : 'Tablero'} · ${w.guild.name} · Tablero play`;
}

// Who can reach the page, said where everyone sees it.
function renderReach(reach, refused) {
  const banner = $('reach');
  banner.hidden = false;
  banner.classList.toggle('exposed', !!refused || !(reach && reach.loopback));
  banner.textContent = refused || (reach.loopback ? 'Only this computer can reach this page.'
    : `Reachable from your network at ${reach.address} — each member needs their own join link.`);
}

function renderIdentity() {
  const w = state.world, sel = $('member-select');
  // A join link is one member's: the switcher shows that member alone, locked.
  const seats = w.you ? w.members.filter((m) => m.id === w.you) : w.members;
  sel.replaceChildren(...seats.map((m) => el('option', { value: m.id, text: m.name })));
  sel.value = state.me.id;
  sel.disabled = !!w.you;
  sel.title = w.you ? `Your join link is ${state.me.name}'s` : '';
  const ls = $('locale-select'), lang = locale().split('-')[0];
  const opt = [...ls.options].find((o) => o.value === locale() || o.value.split('-')[0] === lang);
  ls.value = opt ? opt.value : 'en-US';
  document.documentElement.lang = locale();
}

// ---------- loading ----------

function pick(list, wanted, fields) {
  if (!wanted) return null;
  const w = wanted.toLowerCase().replace(/^#/, '');
  return list.find((x) => fields.some((f) => String(x[f]).toLowerCase() === w)) || null;
}

async function loadWorld() {
  const w = await api('/world');
  if (!w || !w.members) { renderReach(null, w && w.error); return; }
  state.world = w;
  renderReach(w.reach, null);
  const q = new URLSearchParams(location.search);
  const meId = w.you || (state.me ? state.me.id : null);
  state.me = w.members.find((m) => m.id === meId) || pick(w.members, q.get('as'), ['id', 'name']) || w.members[0];
  const chan = channelOf(state.channel) || pick(w.channels, q.get('channel'), ['id', 'name'])
    || w.channels.find((c) => TEXTS.includes(c.type)) || w.channels[0];
  state.channel = chan ? chan.id : null;
  // Rebuild the messages only when what they show of the world changed (names, locales, who
  // I am): a reconnect reloads the world, and rebuilding then would drop focus and open selects.
  const shown = JSON.stringify([w.members, w.channels, w.bot.name, state.me && state.me.id]);
  if (shown !== state.worldShown) { state.worldShown = shown; state.epoch++; }
  setUrl();
  renderIdentity(); renderChannels(); updateComposer();
}

let msgSeq = 0;
async function loadMessages() {
  if (!state.channel || !state.me) return;
  const seq = ++msgSeq;
  const data = await api(`/messages?channel=${encodeURIComponent(state.channel)}&as=${encodeURIComponent(state.me.id)}`);
  if (seq !== msgSeq || !data.messages) return; // a newer request superseded this one
  for (const m of data.messages) for (const a of m.attachments || []) a.url = keyed(a.url);
  state.messages = data.messages;
  renderMessages();
}

let refreshTimer = 0, refreshWorld = false;
function scheduleRefresh(world) {
  refreshWorld = refreshWorld || world;
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(async () => {
    const w = refreshWorld; refreshWorld = false;
    try { if (w) await loadWorld(); await loadMessages(); } catch (e) { /* retried on next event */ }
  }, 50);
}

let backoff = 500;
function connect() {
  const ws = new WebSocket(keyed(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${API}/events`));
  ws.onopen = () => { backoff = 500; scheduleRefresh(true); };
  ws.onmessage = (ev) => {
    let msg = {};
    try { msg = JSON.parse(ev.data); } catch (e) { /* ignore */ }
    scheduleRefresh(msg.type === 'world');
  };
  ws.onclose = () => { setTimeout(connect, backoff); backoff = Math.min(backoff * 2, 10000); };
}

function openChannel(id) {
  if (!channelOf(id)) return;
  state.channel = id; state.stick = true; state.messages = [];
  state.cache.clear(); $('messages').replaceChildren();
  setUrl(); renderChannels(); toggleSidebar(false); loadMessages();
}

function toggleSidebar(open) {
  document.body.classList.toggle('sidebar-open', open);
  $('menu-toggle').setAttribute('aria-expanded', String(open));
  $('backdrop').hidden = !open;
  if (open) { const cur = $('sidebar').querySelector('[aria-current]'); if (cur) cur.focus(); }
}

// ---------- slash composer ----------

const composer = { path: null, key: '', items: [], active: 0, suppressed: false };
const subs = (node) => (node.options || []).filter((o) => o.type === SUB || o.type === GROUP);

// Parse "/keer start" into the matched command path plus what to suggest next.
function resolve(text) {
  if (!text.startsWith('/') || !state.world) return null;
  const parts = text.slice(1).split(/\s+/);
  let items = (state.world.commands || []).filter((c) => !c.type || c.type === 1), path = [], node = null;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = items.find((c) => c.name.toLowerCase() === parts[i].toLowerCase());
    if (!next) return { path, node: null, items: [], bad: parts[i] };
    path.push(next); node = next; items = subs(next);
    if (!items.length) return { path, node, items: [] };
  }
  const partial = parts[parts.length - 1].toLowerCase();
  return { path, node: null, items: items.filter((c) => c.name.toLowerCase().startsWith(partial)) };
}

function updateComposer() {
  const input = $('composer-input'), r = resolve(input.value);
  composer.items = r && !composer.suppressed ? r.items : [];
  composer.path = r && r.node ? r.path : null;
  composer.active = Math.min(composer.active, Math.max(composer.items.length - 1, 0));
  const box = $('suggestions');
  const prefix = r ? r.path.map((c) => c.name).join(' ') : '';
  box.replaceChildren(...composer.items.map((c, i) => el('li', {
    id: `suggestion-${i}`, role: 'option', class: 'suggestion', 'aria-selected': String(i === composer.active),
    'data-testid': `suggestion-${c.name}`,
    onmousedown: (e) => { e.preventDefault(); choose(i); } },
  el('span', { class: 'suggestion-name', text: `/${prefix ? prefix + ' ' : ''}${c.name}` }),
  el('span', { class: 'suggestion-desc', text: loc(c.description_localizations, c.description || '') }))));
  box.hidden = !composer.items.length;
  input.setAttribute('aria-expanded', String(!box.hidden));
  if (box.hidden) input.removeAttribute('aria-activedescendant');
  else {
    input.setAttribute('aria-activedescendant', `suggestion-${composer.active}`);
    const cur = box.children[composer.active]; if (cur) cur.scrollIntoView({ block: 'nearest' });
  }
  renderOptionFields();
}

function choose(i) {
  const r = resolve($('composer-input').value), c = composer.items[i];
  if (!r || !c) return;
  $('composer-input').value = '/' + [...r.path, c].map((x) => x.name).join(' ') + ' ';
  composer.active = 0;
  updateComposer();
  const first = $('option-grid').querySelector('input, select');
  if (first && !subs(c).length) first.focus();
}

function renderOptionFields() {
  const key = composer.path ? composer.path.map((c) => c.name).join(' ') : '';
  if (key === composer.key) return; // keep what the user already typed
  composer.key = key;
  const fs = $('option-fields'), grid = $('option-grid');
  fs.hidden = !key; grid.replaceChildren();
  if (!key) return;
  $('option-legend').textContent = `/${key}`;
  const leaf = composer.path[composer.path.length - 1];
  const opts = (leaf.options || []).filter((o) => o.type !== SUB && o.type !== GROUP);
  if (!opts.length) grid.append(el('p', { class: 'hint', text: 'No options. Press Enter to send.' }));
  for (const o of opts) grid.append(optionField(o));
}

function optionField(o) {
  const id = `opt-${o.name}`, hintId = `${id}-hint`;
  const common = { id, name: o.name, 'data-testid': `option-${o.name}`, 'aria-describedby': hintId,
    required: !!o.required, 'aria-required': o.required ? 'true' : null };
  let control, shown = null;
  if (o.choices && o.choices.length) {
    control = el('select', common, o.required ? null : el('option', { value: '', text: '—' }),
      o.choices.map((c, i) => el('option', { value: String(i), text: loc(c.name_localizations, c.name) })));
  } else if (o.type === INTEGER || o.type === NUMBER) {
    control = el('input', { ...common, type: 'number', inputmode: o.type === INTEGER ? 'numeric' : 'decimal',
      step: o.type === INTEGER ? '1' : 'any', min: o.min_value, max: o.max_value });
  } else if (o.type === BOOLEAN) {
    // An optional boolean starts "not set" (indeterminate), so the bot's own default applies.
    control = el('input', { ...common, type: 'checkbox', required: false });
    control.indeterminate = !o.required;
    shown = el('span', { class: 'bool-state', 'aria-hidden': 'true' });
    const show = () => { shown.textContent = control.indeterminate ? 'not set' : String(control.checked); };
    control.addEventListener('change', show); show();
  } else if (o.type === USER || o.type === CHANNEL || o.type === MENTIONABLE) {
    const list = o.type === CHANNEL ? state.world.channels.map((c) => ({ id: c.id, name: '#' + c.name })) : people();
    control = el('select', common, el('option', { value: '', text: '—' }),
      list.map((m) => el('option', { value: m.id, text: m.name })));
  } else {
    control = el('input', { ...common, type: 'text', minlength: o.min_length, maxlength: o.max_length });
  }
  control.optionDef = o;
  return el('div', { class: 'option-field' + (shown ? ' checkbox' : '') },
    el('label', { for: id }, el('span', { class: 'option-name', text: o.name }),
      o.required ? el('span', { class: 'required', text: ' * required' }) : null),
    shown ? el('span', { class: 'bool-row' }, control, shown) : control,
    el('small', { id: hintId, class: 'option-desc', text: loc(o.description_localizations, o.description || '') }));
}

function collectOptions() {
  const options = {};
  for (const c of $('option-grid').querySelectorAll('input, select')) {
    const o = c.optionDef;
    if (o.type === BOOLEAN) { if (!c.indeterminate) options[o.name] = c.checked; continue; }
    if (c.value === '') {
      if (o.required) throw new Error(`Fill in “${o.name}”.`);
      continue;
    }
    if (o.choices && o.choices.length) options[o.name] = o.choices[Number(c.value)].value;
    else if (o.type === INTEGER || o.type === NUMBER) {
      const n = Number(c.value);
      if (!Number.isFinite(n) || (o.type === INTEGER && !Number.isInteger(n))) throw new Error(`“${o.name}” must be a ${o.type === INTEGER ? 'whole ' : ''}number.`);
      if (o.min_value !== undefined && n < o.min_value) throw new Error(`“${o.name}” must be at least ${o.min_value}.`);
      if (o.max_value !== undefined && n > o.max_value) throw new Error(`“${o.name}” must be at most ${o.max_value}.`);
      options[o.name] = n;
    } else options[o.name] = c.value;
  }
  return options;
}

async function send() {
  const err = $('composer-error'), input = $('composer-input'), btn = $('composer-send');
  err.textContent = '';
  if (!input.value.trim()) return;
  if (!input.value.startsWith('/')) { err.textContent = 'Only slash commands work here: type / to see them.'; return; }
  const r = resolve(input.value.trimEnd() + ' ');
  if (!r || !r.node) {
    err.textContent = r && r.bad ? `Unknown command “${r.bad}”.` : 'Pick a subcommand from the list.';
    return;
  }
  if (composer.key !== r.path.map((c) => c.name).join(' ')) { composer.path = r.path; renderOptionFields(); }
  let options;
  try { options = collectOptions(); } catch (e) { err.textContent = e.message; return; }
  btn.disabled = true; btn.setAttribute('aria-busy', 'true');
  try {
    const res = await api('/slash', { as: state.me.id, channel: state.channel,
      command: r.path.map((c) => c.name).join(' '), options });
    if (res.ok) {
      input.value = ''; composer.key = null; state.stick = true; updateComposer();
      input.focus();
    } else err.textContent = res.error || 'The command failed.';
  } catch (e) {
    err.textContent = 'Network error: ' + e.message;
  } finally {
    btn.disabled = false; btn.removeAttribute('aria-busy');
  }
}

function onComposerKey(e) {
  const open = !$('suggestions').hidden, n = composer.items.length;
  if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
    e.preventDefault();
    composer.active = (composer.active + (e.key === 'ArrowDown' ? 1 : n - 1)) % n;
    updateComposer();
  } else if (open && (e.key === 'Enter' || (e.key === 'Tab' && !e.shiftKey))) {
    e.preventDefault();
    const c = composer.items[composer.active], typed = $('composer-input').value.slice(1).split(/\s+/).pop();
    choose(composer.active);
    // "/ping" + Enter sends at once when nothing else is needed.
    const ready = !subs(c).length && !(c.options || []).some((o) => o.required);
    if (e.key === 'Enter' && ready && typed.toLowerCase() === c.name.toLowerCase()) send();
  } else if (open && e.key === 'Escape') {
    e.preventDefault(); composer.suppressed = true; updateComposer();
  }
}

// ---------- wiring ----------

function init() {
  const input = $('composer-input');
  input.addEventListener('input', () => { composer.suppressed = false; composer.active = 0; updateComposer(); });
  input.addEventListener('keydown', onComposerKey);
  input.addEventListener('blur', () => setTimeout(() => {
    if (document.activeElement !== input) { composer.suppressed = true; updateComposer(); }
  }, 100));
  input.addEventListener('focus', () => { composer.suppressed = false; updateComposer(); });
  $('composer').addEventListener('submit', (e) => { e.preventDefault(); send(); });

  $('messages').addEventListener('scroll', () => {
    const l = $('messages');
    state.stick = l.scrollHeight - l.scrollTop - l.clientHeight < 40;
  });
  document.addEventListener('click', (e) => {
    const a = e.target.closest('a[data-channel]');
    if (a && !e.ctrlKey && !e.metaKey && !e.shiftKey && e.button === 0) { e.preventDefault(); openChannel(a.dataset.channel); }
    const sp = e.target.closest('.spoiler');
    if (sp) sp.classList.add('revealed');
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && document.body.classList.contains('sidebar-open')) { toggleSidebar(false); $('menu-toggle').focus(); }
    if ((e.key === 'Enter' || e.key === ' ') && e.target.classList.contains('spoiler')) { e.preventDefault(); e.target.classList.add('revealed'); }
  });
  $('menu-toggle').addEventListener('click', () => toggleSidebar(!document.body.classList.contains('sidebar-open')));
  $('backdrop').addEventListener('click', () => toggleSidebar(false));

  $('member-select').addEventListener('change', (e) => {
    state.me = state.world.members.find((m) => m.id === e.target.value);
    state.epoch++; state.stick = true; composer.key = null;
    setUrl(); renderIdentity(); updateComposer(); loadMessages();
  });
  $('locale-select').addEventListener('change', async (e) => {
    const value = e.target.value;
    const res = await api('/locale', { as: state.me.id, locale: value }).catch(() => ({}));
    if (!res.ok) { toast(res.error || 'Could not change the language.'); renderIdentity(); return; }
    state.me.locale = value; state.epoch++; composer.key = null;
    renderIdentity(); updateComposer(); renderMessages();
    scheduleRefresh(true);
  });

  loadWorld().then(loadMessages).catch((e) => toast('Could not load: ' + e.message));
  connect();
}

init();
