// The phone page of Dicepad's table server (docs/table-server.md, "Protocol").
// Plain JavaScript, no build step. The server decides everything: which seat is free,
// what this seat may do now, every sentence; the page only draws it and sends back
// the action the player picked, with the log position it was made at.
"use strict";

const labels = {};
for (const span of document.getElementById("labels").content.querySelectorAll("span"))
  labels[span.dataset.key] = span.textContent;

const lang = document.documentElement.lang || "en";
const storageKey = "dicepad-seat:" + location.pathname;
const wsUrl = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + location.pathname + "ws";

let socket = null;
let state = null;
let retry = 0;
let busy = false;       // an action is on its way: no second tap until the answer
let form = null;        // counters of the entry form, kept while the entry is the same
let formKey = "";

function $(id) { return document.getElementById(id); }

function el(tag, props, children) {
  const node = document.createElement(tag);
  Object.assign(node, props || {});
  for (const child of children || [])
    node.append(child);
  return node;
}

function banner(text) {
  const b = $("banner");
  b.textContent = text || "";
  b.hidden = !text;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN)
    socket.send(JSON.stringify(message));
}

let then = null;        // the second action of a two-entry tap, sent once the first is in

function sendAction(action, first, formId) {
  if (busy || !state)
    return;
  banner("");
  busy = true;
  form = null;
  then = first ? { id: formId, after: state.at, entry: null } : null;
  send({ type: "action", at: state.at, action: first || action });
  render();
}

// Sends @form's @action (its answers filled in): after its "first" when it has one (the
// filled action follows once the first is stored).
function submit(form, action) {
  if (form.first) {
    sendAction(action, form.first, form.id);
    if (then)
      then.action = action;
  } else {
    sendAction(action);
  }
}

// A form's "then" button: @action, then the seat's form @nextId once offered. Ours is
// stored once @form (same id) is no longer offered with the same action.
function follow(form, action, nextId) {
  if (busy || !state)
    return;
  const after = state.at;
  sendAction(action);
  then = { id: nextId, after: after, entry: null, sent: form.id, sentKey: JSON.stringify(form.action) };
}

// Sends @action (an entry form's) and then the seat's form @formId once offered.
function sendThen(action, formId) {
  if (busy || !state)
    return;
  const entry = state.entry ? JSON.stringify(state.entry) : null;
  sendAction(action, action, formId);
  then.entry = entry;
}

function connect() {
  banner(retry > 0 ? labels.offline : "");
  if (retry === 0)
    $("turn").textContent = labels.connecting;
  socket = new WebSocket(wsUrl);
  socket.onopen = () => {
    retry = 0;
    banner("");
    send({ type: "hello", lang: lang, seat_token: localStorage.getItem(storageKey) || "" });
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    socket = null;
    busy = false;
    then = null;
    retry++;
    banner(labels.offline);
    // The app may have been closed and reopened, the phone may have lost the Wi-Fi:
    // keep trying, more slowly, with the seat token kept in localStorage.
    setTimeout(connect, Math.min(5000, 500 * retry));
  };
}

function receive(message) {
  if (message.type === "seated") {
    localStorage.setItem(storageKey, message.token);
  } else if (message.type === "refused") {
    if (message.code === "token")
      localStorage.removeItem(storageKey);
    busy = false;
    then = null;
    banner(message.message);
  } else if (message.type === "state") {
    // Our own entry is in, or the seat had nothing to do: its next form is brought on
    // screen below (a table plays on; nobody should scroll up to find it).
    const answered = busy && state !== null && message.at !== state.at;
    const idle = state !== null && !state.entry && !(state.forms || []).length;
    // A refusal's reason stays while the others play on; it goes with this phone's own
    // next entry, or once the seat has something else to do.
    const own = (s) => JSON.stringify([s.entry, (s.forms || []).map((f) => f.id)]);
    if (busy || (state && own(message) !== own(state)))
      banner("");
    busy = false;
    state = message;
    if (then && message.at > then.after) {
      // The first entry is stored once its form offers the second alone (another
      // seat's entry may come in between): then the second follows at once.
      const next = (message.forms || []).find((f) => f.id === then.id);
      const sent = then.sent ? (message.forms || []).find((f) => f.id === then.sent) : null;
      if (!next && then.entry && message.entry && JSON.stringify(message.entry) === then.entry)
        ;   // another seat's entry came first: ours (the same entry form) is not stored yet
      else if (sent && JSON.stringify(sent.action) === then.sentKey)
        ;   // the same: the form we sent is still offered as it was
      else if (!next || !next.enabled)
        then = null;
      else if (!next.first) {
        const action = then.action || next.action;
        then = null;
        busy = true;
        send({ type: "action", at: message.at, action: action });
      }
    }
    if (state.seat < 0 && !localStorage.getItem(storageKey))
      localStorage.removeItem(storageKey);
    render();
    if ((answered || idle) && !busy)
      showOwnForm(answered);
  }
}

// Brings the seat's first form on screen when it is not: the page from its top when the
// form then starts in the upper part of the screen (the turn sentence stays in sight).
function showOwnForm(answered) {
  const first = $("entry").firstElementChild || $("forms").firstElementChild;
  if (state.seat < 0)
    return;
  // Our entry is in and the seat waits for the others: the header says for whom, the
  // prompt why (it was off screen when the entry was sent from far down a form).
  if (!first) {
    if (answered)
      window.scrollTo(0, 0);
    return;
  }
  const top = first.getBoundingClientRect().top;
  if (top >= 0 && top < window.innerHeight / 2)
    return;
  const y = top + window.scrollY;
  window.scrollTo(0, y < window.innerHeight / 2 ? 0 : y - 8);
}

// ---- Drawing ----

function render() {
  if (!state)
    return;
  // The header in at most two lines at 360 px: a view that sends "head" and "to_act"
  // (docs/table-server.md, "Header") puts its longer sentences below them, the seat's
  // own ("prompt") above its forms and the table's ("status") above the sheets.
  const short = typeof state.head === "string";
  document.title = state.title;
  $("title").textContent = short ? state.head : state.title;
  $("turn").textContent = short ? state.to_act : state.turn;
  $("turn").hidden = $("turn").textContent === "";
  $("prompt").textContent = short && state.prompt ? state.prompt : "";
  $("prompt").hidden = $("prompt").textContent === "";
  $("status").textContent = short && state.status ? state.status : "";
  $("status").hidden = $("status").textContent === "";
  $("sheets-title").textContent = state.sheets_title;
  const seated = state.seat >= 0;
  $("seats").hidden = seated;
  $("play").hidden = !seated;
  $("sheets-section").hidden = false;
  $("leave").hidden = !seated;
  if (!seated)
    renderSeats();
  else
    renderPlay();
  renderSheets();
  renderBelow();
}

function renderSeats() {
  const list = $("seat-list");
  list.replaceChildren();
  state.seats.forEach((seat, i) => {
    const button = el("button", { type: "button", disabled: seat.taken }, [
      seat.name, el("span", { className: "detail", textContent: seat.taken ? labels.taken : labels.free })]);
    button.dataset.seat = i;
    button.onclick = () => send({ type: "claim", seat: i });
    list.append(button);
  });
}

function renderDice() {
  const dice = $("dice");
  dice.replaceChildren();
  for (const die of state.dice || [])
    dice.append(el("span", { className: "die " + die.css + (die.available ? "" : " used"), textContent: die.symbol }));
}

function counter(label, swatch, value, min, max, key, onChange) {
  const out = el("output", { textContent: String(value) });
  const minus = el("button", { type: "button", textContent: "−", disabled: busy || value <= min });
  const plus = el("button", { type: "button", textContent: "+", disabled: busy || value >= max });
  minus.setAttribute("aria-label", "− " + label);
  plus.setAttribute("aria-label", "+ " + label);
  minus.dataset.minus = key;
  plus.dataset.plus = key;
  minus.onclick = () => { onChange(value - 1); renderPlay(); };
  plus.onclick = () => { onChange(value + 1); renderPlay(); };
  out.dataset.count = key;
  return el("div", { className: "counter" }, [...(swatch ? [swatch] : []), el("span", { className: "name", textContent: label }),
                                              minus, out, plus]);
}

// A count as one row of numbers min … max (issue 23, taps): any value in one tap, no
// keyboard. Numbers above @limit (what is left to count) are shown disabled.
function numbers(label, swatch, value, min, max, key, onChange, limit) {
  const group = el("div", { className: "pick numbers" });
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", label);
  group.append(el("p", { className: "help" }, [...(swatch ? [swatch] : []), label]));
  for (let n = min; n <= max; n++) {
    const button = el("button", { type: "button", textContent: String(n), className: n === value ? "chosen" : "",
                                  disabled: busy || (limit !== undefined && n > limit) });
    button.setAttribute("aria-pressed", n === value ? "true" : "false");
    button.dataset.number = key;
    button.dataset.value = n;
    button.onclick = () => { onChange(n); renderPlay(); };
    group.append(button);
  }
  return group;
}

function faceSwatch(face) {
  return el("span", { className: "swatch " + face.css, textContent: face.symbol });
}

function kindSwatch(kind) {
  const s = el("span", { className: "swatch", textContent: kind.letter });
  s.style.background = kind.fill;
  s.style.color = kind.ink;
  return s;
}

function sum(values) {
  return Object.values(values).reduce((a, b) => a + b, 0);
}

function sendButton(enabled, build) {
  const button = el("button", { type: "button", className: "primary", textContent: labels.send, disabled: busy || !enabled });
  button.id = "send";
  button.onclick = () => sendAction(build());
  return button;
}

function repeatFaces(counts) {
  const list = [];
  for (const [key, n] of Object.entries(counts))
    for (let i = 0; i < n; i++)
      list.push(key);
  return list;
}

// The entry forms come from each game's view (docs/table-server.md, "Per-game views"):
// its script, served in games.js before this one, adds one per entry mode as
//   dicepadEntryForms[mode] = { start(entry) → the form's first values (optional),
//                               draw(card, entry, form, ui) }
// draw() fills the card; form keeps the counters while the entry stays the same; ui
// holds the page's labels and the helpers below.
const entryForms = window.dicepadEntryForms || {};
const formUi = { labels, el, counter, numbers, faceSwatch, kindSwatch, sum, repeatFaces, sendButton,
                 send: (action) => sendAction(action), sendThen, redraw: () => renderPlay(), busy: () => busy };

function renderEntry() {
  const box = $("entry");
  box.replaceChildren();
  const entry = state.entry;
  const kind = entry ? entryForms[entry.mode] : null;
  if (!kind)
    return;
  // Others' entries do not touch this seat's entry: half-entered counters survive them.
  const key = JSON.stringify(entry);
  if (form === null || formKey !== key) {
    formKey = key;
    form = kind.start ? kind.start(entry) : {};
  }
  const card = el("div", { className: "entry" });
  kind.draw(card, entry, form, formUi);
  box.append(card);
}

function renderPlay() {
  renderDice();
  renderEntry();
  renderForms();
  const list = $("choices");
  list.replaceChildren();
  // A page that knows forms draws the one-tap choices as forms (renderForms).
  for (const choice of state.forms ? [] : state.choices) {
    const button = el("button", { type: "button", disabled: busy || !choice.enabled }, [choice.title]);
    if (choice.detail)
      button.append(el("span", { className: "detail", textContent: choice.detail }));
    button.dataset.action = choice.action;
    if (choice.enabled)
      button.onclick = () => sendAction(JSON.parse(choice.action));
    list.append(button);
  }
  // A seat's own sentence says why it waits ("… is done rolling; waiting for Tom."):
  // then "Nothing to do for you right now" is not said again below it.
  $("idle").hidden = state.entry !== null || state.choices.length > 0 || (state.forms || []).length > 0
    || state.finished || !!state.prompt;
  // the turn assistant (issue 27), only while the window's switch is on
  $("assistant").textContent = state.assistant || "";
  $("assistant").hidden = !state.assistant;
}

// ---- Forms: a whole turn's actions with their answers (docs/table-server.md, "Forms") ----
// The server sends each action the seat may take with its default answers and, per
// field, where the answer goes in it ("path"). The page writes the answers in and sends
// the action; the engine checks it. Counters and choices never need a keyboard.

let formValues = {};    // form id -> { key, values }, kept while the form is the same

function getPath(object, path) {
  let node = object;
  for (const part of path) {
    if (node === null || typeof node !== "object" || !(part in node))
      return undefined;
    node = node[part];
  }
  return node;
}

function setPath(object, path, value) {
  let node = object;
  for (let i = 0; i < path.length - 1; i++) {
    if (node[path[i]] === null || typeof node[path[i]] !== "object")
      node[path[i]] = typeof path[i + 1] === "number" ? [] : {};
    node = node[path[i]];
  }
  node[path[path.length - 1]] = value;
}

function removePath(object, path) {
  const parent = path.length > 1 ? getPath(object, path.slice(0, -1)) : object;
  if (parent && typeof parent === "object")
    delete parent[path[path.length - 1]];
}

function fieldShown(form, values, field) {
  if (!field.when)
    return true;
  const at = form.fields.findIndex((f) => JSON.stringify(f.path) === JSON.stringify(field.when.path));
  if (at < 0)
    return false;
  // "options": while that pick has one of them chosen (a die of an untold cost taken).
  if (field.when.options)
    return field.when.options.includes(Number(values[at]));
  return Number(values[at]) >= field.when.min;
}

function formAction(form, values) {
  const action = JSON.parse(JSON.stringify(form.action));
  const removed = new Set();
  const dropped = [];   // list items whose questions are not asked: [array path, index]
  form.fields.forEach((field, i) => {
    const parent = JSON.stringify(field.path.slice(0, -1));
    if (removed.has(parent))
      return;
    if (!fieldShown(form, values, field)) {
      const at = field.path.findIndex((p) => typeof p === "number");
      if (at > 0)
        dropped.push([field.path.slice(0, at), field.path[at]]);
      else
        removePath(action, field.path);
      return;
    }
    let value;
    if (field.type === "count") {
      value = values[i];
      if (value === 0 && !field.keep_zero) {
        removePath(action, field.path);
        return;
      }
    } else if (field.type === "pick") {
      value = field.options[values[i]].value;
    } else {
      value = values[i] ? field.on : field.off;
    }
    if (value === null || value === undefined) {
      removePath(action, field.path);
      removed.add(JSON.stringify(field.path));
      return;
    }
    setPath(action, field.path, value);
  });
  // Questions not asked (a fan space the runner does not reach): their list items go.
  const byList = {};
  for (const [path, index] of dropped)
    (byList[JSON.stringify(path)] = byList[JSON.stringify(path)] || new Set()).add(index);
  for (const [key, indices] of Object.entries(byList)) {
    const path = JSON.parse(key);
    const list = getPath(action, path);
    if (!Array.isArray(list))
      continue;
    const kept = list.filter((_, i) => !indices.has(i));
    if (kept.length > 0)
      setPath(action, path, kept);
    else
      removePath(action, path);
  }
  return action;
}

function fieldReady(form, values) {
  return form.fields.every((field, i) => !field.required || !fieldShown(form, values, field) || values[i] > 0);
}

function swatchOf(s) {
  return s ? kindSwatch(s) : null;
}

function renderField(form, values, field, i) {
  const key = form.id + "|" + field.path.join("/");
  if (field.type === "count" && field.numbers)
    return numbers(field.label, swatchOf(field.swatch), values[i], field.min, field.max, key,
                   (n) => { values[i] = n; });
  if (field.type === "count")
    return counter(field.label, swatchOf(field.swatch), values[i], field.min, field.max, key,
                   (n) => { values[i] = n; });
  if (field.type === "pick") {
    const group = el("div", { className: "pick" + (field.numbers ? " numbers" : "") });
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", field.label);
    group.append(el("p", { className: "help", textContent: field.label }));
    field.options.forEach((option, n) => {
      const button = el("button", { type: "button", textContent: option.title, disabled: busy,
                                    className: n === values[i] ? "chosen" : "" });
      button.setAttribute("aria-pressed", n === values[i] ? "true" : "false");
      button.dataset.pick = key;
      button.dataset.option = n;
      // "sends": the option is the form's last answer, so its tap sends the action.
      // Not the "?" of an untold cost, nor the cost already remembered: those only show.
      const sends = field.sends && option.value !== null && n !== field.value;
      button.onclick = sends ? () => { values[i] = n; submit(form, formAction(form, values)); }
                             : () => { values[i] = n; renderPlay(); };
      group.append(button);
    });
    return group;
  }
  const button = el("button", { type: "button", className: "toggle" + (values[i] ? " chosen" : ""), disabled: busy },
                    [(values[i] ? "☑ " : "☐ ") + field.label]);
  button.setAttribute("aria-pressed", values[i] ? "true" : "false");
  button.dataset.toggle = key;
  button.onclick = () => { values[i] = !values[i]; renderPlay(); };
  return button;
}

// "then": [{"id", "title"}] — the form's action and, once it is stored, the seat's form
// @t.id in one tap ("Walk, Land and Rest").
function thenButton(form, build, t, enabled) {
  const button = el("button", { type: "button", className: "then", textContent: t.title, disabled: busy || !enabled });
  button.dataset.then = form.id + ">" + t.id;
  button.onclick = () => follow(form, build(), t.id);
  return button;
}

function renderForms() {
  const box = $("forms");
  box.replaceChildren();
  let run = null;   // consecutive one-tap actions share a column of buttons
  for (const form of state.forms || []) {
    // Others' entries change texts (dice left in the supply, reasons): answers half
    // entered survive them while the action and its fields stay the same.
    const key = JSON.stringify([form.action, form.fields]);
    if (!formValues[form.id] || formValues[form.id].key !== key)
      formValues[form.id] = { key: key, values: form.fields.map((f) => f.value) };
    const values = formValues[form.id].values;
    const detail = form.enabled ? form.detail : form.reason;
    if (form.fields.length === 0) {
      // Nothing to choose: one tap.
      const button = el("button", { type: "button", disabled: busy || !form.enabled,
                                    className: (form.suggested ? "suggested" : "") + (form.mandatory ? " mandatory" : "") },
                        [form.title]);
      if (detail)
        button.append(el("span", { className: "detail", textContent: detail }));
      button.dataset.form = form.id;
      button.onclick = () => sendAction(form.action, form.first, form.id);
      if (run === null) {
        run = el("div", { className: "buttons" });
        box.append(run);
      }
      run.append(button);
      for (const t of form.then || [])
        run.append(thenButton(form, () => form.action, t, form.enabled));
      continue;
    }
    run = null;
    const card = el("div", { className: "entry form" + (form.mandatory ? " mandatory" : "") });
    card.dataset.formCard = form.id;
    card.append(el("h3", { textContent: form.title }));
    if (detail)
      card.append(el("p", { className: "help", textContent: detail }));
    form.fields.forEach((field, i) => {
      if (fieldShown(form, values, field))
        card.append(renderField(form, values, field, i));
    });
    const send = el("button", { type: "button", className: "primary", textContent: form.send || form.title,
                                disabled: busy || !form.enabled || !fieldReady(form, values) });
    send.dataset.send = form.id;
    send.onclick = () => submit(form, formAction(form, values));
    if (!form.fields.some((field) => field.sends)) {
      // The buttons stay at the foot of the screen while the form is on it (style.css).
      const row = el("div", { className: "send-row" }, [send]);
      for (const t of form.then || [])
        row.append(thenButton(form, () => formAction(form, values), t, form.enabled && fieldReady(form, values)));
      card.append(row);
    }
    box.append(card);
  }
}

// What a game draws of its own beside the sheets (docs/table-server.md, "Per-game
// views"): its script, served in games.js, may add
//   dicepadViews[kind] = { sheet(sheet, player, table, ui) → its parts of a player's
//                            sheet (before the rows' table; classes, lines, the table's
//                            layout),
//                          below(box, state, ui) → its part below everyone's sheets }
// for the state's "kind". The page itself names no game.
const gameViews = window.dicepadViews || {};

function gameView() {
  return (state && gameViews[state.kind]) || {};
}

function renderBelow() {
  const box = $("game-extra");
  box.replaceChildren();
  if (gameView().below)
    gameView().below(box, state, formUi);
  box.hidden = box.childElementCount === 0;
}

function renderSheets() {
  const box = $("sheets");
  box.replaceChildren();
  const order = state.players.map((_, i) => i);
  if (state.seat >= 0)
    order.sort((a, b) => (a === state.seat ? -1 : b === state.seat ? 1 : a - b));
  for (const i of order) {
    const player = state.players[i];
    const table = el("table");
    for (const row of player.rows) {
      const mark = el("span", { className: "mark " + row.css });
      const tr = el("tr", { className: row.frozen ? "frozen" : "" }, [
        el("td", {}, [row.css ? mark : "", row.label]), el("td", { className: "value", textContent: row.value })]);
      table.append(tr);
    }
    const classes = ["sheet"];
    if (i === state.seat) classes.push("mine");
    if (player.must_act) classes.push("must-act");
    const name = player.name + (i === state.seat ? " · " + labels.your_seat : "") + (player.winner ? " ★" : "");
    const sheet = el("div", { className: classes.join(" ") }, [
      el("h3", {}, [el("span", { className: "name", textContent: name }), el("span", { textContent: player.total })])]);
    if (gameView().sheet)
      gameView().sheet(sheet, player, table, formUi);
    sheet.append(table);
    box.append(sheet);
  }
}

$("leave").onclick = () => {
  localStorage.removeItem(storageKey);
  send({ type: "leave" });
};

connect();
