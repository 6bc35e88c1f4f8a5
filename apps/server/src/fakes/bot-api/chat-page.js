// The demo chat page: a person plays a shop bot's customer through the fake Bot API's control routes (see
// README.md). Plain script, no build step. Everything the bot sent is put in the page as text, never as HTML,
// except the few formatting tags Telegram's HTML parse mode allows, copied element by element.

const params = new URLSearchParams(location.search);
const botName = params.get('bot');
const $ = (id) => document.getElementById(id);
const transcript = $('transcript');
const status = $('status');
const POLL_MS = 1500;

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'className') node.className = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

async function call(path, body) {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.description ?? `HTTP ${response.status}`);
  return answer;
}

// --- The customer: kept per bot in this browser, so a reload continues the same chat ---------------------------

function storedCustomer() {
  const key = `fake-telegram-customer:${botName}`;
  const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
  if (saved?.id) return saved;
  const customer = {
    id: 900_000_000 + Math.floor(Math.random() * 99_000_000),
    first_name: 'Demo customer',
    language_code: navigator.language?.slice(0, 2) ?? 'en',
  };
  localStorage.setItem(key, JSON.stringify(customer));
  return customer;
}

let customer = botName ? storedCustomer() : null;
const target = () => ({ bot: botName, user: customer });

// --- Rendering -------------------------------------------------------------------------------------------------

const ALLOWED_TAGS = new Set([
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'INS',
  'S',
  'STRIKE',
  'DEL',
  'CODE',
  'PRE',
  'A',
  'BLOCKQUOTE',
  'TG-SPOILER',
]);

/** Text in Telegram's HTML parse mode: its formatting tags kept, anything else reduced to its text. */
function htmlText(source) {
  const parsed = new DOMParser().parseFromString(`<body>${source}</body>`, 'text/html').body;
  const copy = (from, to) => {
    for (const node of from.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) to.append(node.textContent);
      else if (node.nodeType === Node.ELEMENT_NODE && ALLOWED_TAGS.has(node.tagName)) {
        const safe = document.createElement(node.tagName === 'TG-SPOILER' ? 'span' : node.tagName);
        const href = node.getAttribute('href');
        if (node.tagName === 'A' && href && /^https?:\/\//.test(href)) {
          safe.setAttribute('href', href);
          safe.setAttribute('target', '_blank');
          safe.setAttribute('rel', 'noopener');
        }
        copy(node, safe);
        to.append(safe);
      } else if (node.nodeType === Node.ELEMENT_NODE) copy(node, to);
    }
  };
  const out = element('div', { className: 'text' });
  copy(parsed, out);
  return out;
}

function textBlock(text, parseMode) {
  if (!text) return null;
  return parseMode === 'HTML' ? htmlText(text) : element('div', { className: 'text' }, text);
}

/** A URL of this server seen from the browser: the bot names it by PUBLIC_URL, which may differ from this page's host. */
function localUrl(url) {
  try {
    const parsed = new URL(url);
    const local =
      ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname) && parsed.port === location.port;
    return local ? parsed.pathname + parsed.search : url;
  } catch {
    return url;
  }
}

function image(url, alt) {
  const img = element('img', { src: localUrl(url), alt, loading: 'lazy' });
  img.addEventListener('error', () => img.remove());
  return img;
}

function money(amount, currency) {
  if (currency === 'XTR') return `⭐ ${amount}`;
  try {
    const format = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    return format.format(amount / 10 ** format.resolvedOptions().maximumFractionDigits);
  } catch {
    return `${amount} ${currency}`;
  }
}

function invoiceCard(message, terms) {
  const { invoice } = message;
  const rows = (terms?.prices ?? []).map((p) =>
    element('tr', {}, element('td', {}, p.label), element('td', {}, money(p.amount, invoice.currency))),
  );
  rows.push(
    element(
      'tr',
      { className: 'total' },
      element('td', {}, 'Total'),
      element('td', {}, money(invoice.total_amount, invoice.currency)),
    ),
  );
  const asks = [];
  if (terms?.need_shipping_address)
    asks.push(terms.is_flexible ? 'shipping address (price depends on it)' : 'shipping address');
  if (terms?.need_name) asks.push('name');
  if (terms?.need_phone_number) asks.push('phone');
  if (terms?.need_email) asks.push('email');
  return element(
    'div',
    { className: 'invoice' },
    element('h2', {}, invoice.title),
    element('div', { className: 'text' }, invoice.description),
    element('table', {}, element('tbody', {}, ...rows)),
    asks.length ? element('div', { className: 'meta' }, `Telegram asks for: ${asks.join(', ')}`) : null,
  );
}

function keyboard(message, terms) {
  const rows = message.reply_markup?.inline_keyboard ?? [];
  const paid = terms?.paid_charge_id !== undefined;
  const payButton = (text) =>
    element(
      'button',
      { type: 'button', disabled: paid ? '' : null, onclick: () => act(() => pay(message.message_id)) },
      paid ? 'Paid ✓' : text,
    );
  // An invoice without a keyboard shows Telegram's own Pay button.
  if (message.invoice && rows.length === 0)
    return element(
      'div',
      { className: 'keyboard' },
      element(
        'div',
        { className: 'row' },
        payButton(`Pay ${money(message.invoice.total_amount, message.invoice.currency)}`),
      ),
    );
  if (rows.length === 0) return null;
  return element(
    'div',
    { className: 'keyboard' },
    ...rows.map((row) =>
      element(
        'div',
        { className: 'row' },
        ...row.map((button) => {
          if (button.pay) return payButton(button.text);
          if (button.url)
            return element(
              'a',
              { href: localUrl(button.url), target: '_blank', rel: 'noopener' },
              `${button.text} ↗`,
            );
          if (button.callback_data !== undefined) {
            return element(
              'button',
              { type: 'button', onclick: () => act(() => tap(message.message_id, button.callback_data)) },
              button.text,
            );
          }
          return element('button', { type: 'button', disabled: '' }, button.text);
        }),
      ),
    ),
  );
}

function messageItem(entry) {
  const { message } = entry;
  const mine = entry.from === 'user';
  const parts = [];
  const preview = message.link_preview_options;
  if (entry.file?.url && message.photo) parts.push(image(entry.file.url, 'Photo'));
  else if (message.photo)
    parts.push(
      element(
        'div',
        { className: 'meta' },
        `🖼 Photo${entry.file?.file_name ? ` (${entry.file.file_name})` : ''}`,
      ),
    );
  if (message.document) {
    const name = message.document.file_name ?? 'document';
    parts.push(
      entry.file?.url
        ? element('a', { href: localUrl(entry.file.url), target: '_blank', rel: 'noopener' }, `📄 ${name}`)
        : element('div', {}, `📄 ${name}`),
    );
  }
  if (preview?.url && !preview.is_disabled && preview.show_above_text)
    parts.push(image(preview.url, 'Preview'));
  parts.push(textBlock(message.text ?? message.caption, entry.parse_mode));
  if (preview?.url && !preview.is_disabled && !preview.show_above_text)
    parts.push(image(preview.url, 'Preview'));
  if (message.invoice) parts.push(invoiceCard(message, entry.invoice));
  if (message.successful_payment) {
    const p = message.successful_payment;
    parts.push(element('div', { className: 'text' }, `✅ You paid ${money(p.total_amount, p.currency)}`));
  }
  if (!entry.deleted) parts.push(keyboard(message, entry.invoice));
  const time = new Date(message.date * 1000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  const flags = [entry.deleted ? 'deleted' : null, message.edit_date ? 'edited' : null, time]
    .filter(Boolean)
    .join(' · ');
  parts.push(element('div', { className: 'meta' }, flags));
  return element(
    'li',
    { className: `bubble${mine ? ' me' : ''}${entry.deleted ? ' deleted' : ''}` },
    ...parts,
  );
}

function noteItem(text, error = false) {
  return element('li', { className: `note${error ? ' error' : ''}` }, text);
}

function entryItems(entry) {
  switch (entry.type) {
    case 'message':
      return [messageItem(entry)];
    case 'callback_query': {
      const items = [noteItem(`You tapped “${entry.button_text}”`)];
      if (entry.answer?.text)
        items.push(noteItem(`${entry.answer.show_alert ? '⚠️' : '🔔'} ${entry.answer.text}`));
      return items;
    }
    case 'shipping_query':
      if (!entry.answer) return [noteItem('Shipping address sent; waiting for the shop…')];
      if (!entry.answer.ok) return [noteItem(`Shipping refused: ${entry.answer.error_message}`, true)];
      return [
        noteItem(`Shipping options offered: ${entry.answer.shipping_options.map((o) => o.title).join(', ')}`),
      ];
    case 'pre_checkout_query':
      if (entry.answer && !entry.answer.ok)
        return [noteItem(`Payment refused: ${entry.answer.error_message}`, true)];
      return [];
    case 'blocked':
      return [noteItem('You blocked the bot')];
    case 'unblocked':
      return [noteItem('You unblocked the bot')];
    default:
      return [];
  }
}

let shown = '';

function render(chat) {
  const signature = JSON.stringify([chat.entries, chat.action, chat.blocked]);
  if (signature === shown) return;
  shown = signature;
  const main = $('main');
  const atBottom = main.scrollHeight - main.scrollTop - main.clientHeight < 40;
  transcript.replaceChildren(...chat.entries.flatMap(entryItems));
  if (chat.entries.length === 0) transcript.append(noteItem('Say hello, or send /start'));
  if (chat.action === 'typing') transcript.append(noteItem('typing…'));
  $('block').textContent = chat.blocked ? 'Unblock bot' : 'Block bot';
  $('block').dataset.blocked = String(chat.blocked);
  if (atBottom) main.scrollTop = main.scrollHeight;
}

// --- Acting as the customer ------------------------------------------------------------------------------------

// A Mini App this machine serves (localhost or 127.0.0.1, whichever the server calls itself) opens on this
// page's own address: the browser keeps one customer per address, and the Mini App's links come back here.
function sameOrigin(url) {
  const address = new URL(url);
  const local = address.hostname === 'localhost' || address.hostname === '127.0.0.1';
  return local ? `${address.pathname}${address.search}${address.hash}` : url;
}

async function refresh() {
  const chat = await call(`chat?bot=${encodeURIComponent(botName)}&userId=${customer.id}`);
  $('title').firstChild.textContent = chat.bot.first_name;
  $('who').textContent = `@${chat.bot.username} · you are ${customer.first_name} (${customer.id})`;
  // The chat's menu button, when it opens the shop's Mini App (as Telegram draws it left of the text box).
  const menu = chat.menuButton;
  $('menu-app').hidden = menu?.type !== 'web_app';
  if (menu?.type === 'web_app') $('menu-app').textContent = menu.text;
  render(chat);
}

/** Runs one customer action, then shows the chat; a refusal shows under the text box. */
async function act(action) {
  status.textContent = '';
  try {
    const result = await action();
    status.textContent = '';
    if (result?.delivery && !result.delivery.delivered)
      status.textContent = `The bot did not take it: ${result.delivery.error ?? 'no webhook'}`;
    if (result && result.paid === false) status.textContent = `Not paid: ${result.error}`;
  } catch (error) {
    status.textContent = error.message;
  }
  await refresh().catch(() => undefined);
}

const tap = (messageId, data) => call('chat/tap', { ...target(), messageId, data });
const pay = (messageId) => {
  // Telegram's payment form: the shop answers its queries, which may take a few seconds.
  status.textContent = 'Paying…';
  return call('chat/pay', { ...target(), messageId });
};

async function showBots() {
  const { bots } = await call('bots');
  $('title').firstChild.textContent = 'Chat with a bot';
  const list = element('ul', { className: 'bots' });
  for (const bot of bots) {
    list.append(
      element(
        'li',
        {},
        element(
          'a',
          { href: `?bot=${encodeURIComponent(bot.username)}` },
          bot.first_name,
          element('small', {}, `@${bot.username}${bot.webhook ? '' : ' · no webhook: it is not running'}`),
        ),
      ),
    );
  }
  transcript.replaceWith(list);
}

if (!botName) {
  showBots().catch((error) => {
    transcript.replaceChildren(noteItem(error.message, true));
  });
} else {
  $('footer').hidden = false;
  $('block').hidden = false;
  $('new-customer').hidden = false;
  $('composer').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $('message');
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    act(() => call('chat/send', { ...target(), text })).catch(() => undefined);
  });
  $('menu-app').addEventListener('click', () => {
    // Telegram opens the Mini App with launch parameters signed for this customer; here, in this tab.
    act(() =>
      call('chat/menu-app', target()).then(({ url }) => window.location.assign(sameOrigin(url))),
    ).catch(() => undefined);
  });
  // A t.me link with ?start= (from the shop's Mini App) opens the chat and sends /start with its parameter, once.
  const start = params.get('start');
  if (start) {
    window.history.replaceState(null, '', `?bot=${encodeURIComponent(botName)}`);
    act(() => call('chat/send', { ...target(), text: `/start ${start}` })).catch(() => undefined);
  }
  $('block').addEventListener('click', () => {
    const blocked = $('block').dataset.blocked !== 'true';
    // A bot that does not ask for my_chat_member updates is not told; that is no failure of the customer's.
    act(() => call('chat/block', { ...target(), blocked }).then(() => undefined)).catch(() => undefined);
  });
  $('new-customer').addEventListener('click', () => {
    localStorage.removeItem(`fake-telegram-customer:${botName}`);
    customer = storedCustomer();
    shown = '';
    refresh().catch(() => undefined);
  });
  refresh().catch((error) => {
    status.textContent = error.message;
  });
  setInterval(() => {
    refresh().catch(() => undefined);
  }, POLL_MS);
}
