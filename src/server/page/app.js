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

function sendAction(action) {
  if (busy || !state)
    return;
  busy = true;
  form = null;
  send({ type: "action", at: state.at, action: action });
  render();
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
    banner(message.message);
  } else if (message.type === "state") {
    if (busy || (state && message.at !== state.at))
      banner("");
    busy = false;
    state = message;
    if (state.seat < 0 && !localStorage.getItem(storageKey))
      localStorage.removeItem(storageKey);
    render();
  }
}

// ---- Drawing ----

function render() {
  if (!state)
    return;
  $("title").textContent = state.title;
  $("sheets-title").textContent = state.sheets_title;
  $("turn").textContent = state.turn;
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
  return el("div", { className: "counter" }, [swatch, el("span", { className: "name", textContent: label }), minus, out, plus]);
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
const formUi = { labels, el, counter, faceSwatch, kindSwatch, sum, repeatFaces, sendButton };

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
  const list = $("choices");
  list.replaceChildren();
  for (const choice of state.choices) {
    const button = el("button", { type: "button", disabled: busy || !choice.enabled }, [choice.title]);
    if (choice.detail)
      button.append(el("span", { className: "detail", textContent: choice.detail }));
    button.dataset.action = choice.action;
    if (choice.enabled)
      button.onclick = () => sendAction(JSON.parse(choice.action));
    list.append(button);
  }
  $("idle").hidden = state.entry !== null || state.choices.length > 0 || state.finished;
  // the turn assistant (issue 27), only while the window's switch is on
  $("assistant").textContent = state.assistant || "";
  $("assistant").hidden = !state.assistant;
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
    box.append(el("div", { className: classes.join(" ") }, [
      el("h3", {}, [el("span", { textContent: name }), el("span", { textContent: player.total })]), table]));
  }
}

$("leave").onclick = () => {
  localStorage.removeItem(storageKey);
  send({ type: "leave" });
};

connect();
