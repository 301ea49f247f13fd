// The Cubitos part of the phone page (cb-game-view.c; app.js says how a game's parts
// plug in): the refill of the ready area and the roll, the team boards' areas, the top
// dog and the shop.
"use strict";

window.dicepadEntryForms = window.dicepadEntryForms || {};

// "refill": the window's proposal per kind, within what the rules force and allow,
// and the red lines told.
window.dicepadEntryForms.refill = {
  start(entry) {
    const take = {};
    for (const kind of entry.kinds)
      take[kind.key] = kind.take;
    return { take: take, red: 0 };
  },
  draw(card, entry, form, ui) {
    card.append(ui.el("h3", { textContent: ui.labels.refill }));
    for (const kind of entry.kinds)
      card.append((kind.numbers ? ui.numbers : ui.counter)(kind.title, ui.kindSwatch(kind), form.take[kind.key],
                                                          kind.forced, kind.available, "refill:" + kind.key,
                                                          (n) => { form.take[kind.key] = n; }));
    // Red lines count only while a runner is ahead (entry.red_lines, cb_game_may_count_red_lines).
    if (entry.red_lines !== false)
      // Each red line told raises the limit: the counts become the window's proposal
      // for that many (kind.takes[n]), as the window proposes again.
      card.append(ui.numbers(ui.labels.red_lines, null, form.red, 0, 9, "refill:red_lines", (n) => {
        form.red = n;
        for (const kind of entry.kinds)
          if (kind.takes)
            form.take[kind.key] = kind.takes[n];
      }));
    const row = ui.el("div", { className: "send-row" });
    card.append(row);
    row.append(ui.sendButton(true, () => {
      const take = {};
      for (const [k, n] of Object.entries(form.take))
        if (n > 0)
          take[k] = n;
      const action = { refill: take };
      if (form.red > 0)
        action.red_lines = form.red;
      return action;
    }));
  },
};

// "cubitos-roll": per kind of die in the ready area, how many show each face (blanks
// are what is left): a row of numbers per face, so three coins are one tap.
window.dicepadEntryForms["cubitos-roll"] = {
  start: () => ({ shown: {} }),
  draw(card, entry, form, ui) {
    card.classList.add("roll");   // each face's label beside its numbers (cb-phone.css)
    card.append(ui.el("h3", { textContent: ui.labels.enter_roll }));
    if (entry.danger)
      card.append(ui.el("p", { className: "warning", textContent: entry.danger }));
    for (const kind of entry.kinds) {
      form.shown[kind.key] = form.shown[kind.key] || {};
      const counts = form.shown[kind.key];
      card.append(ui.el("p", { className: "help", textContent: kind.title + " · " + kind.ready }));
      for (const face of kind.faces) {
        const v = counts[face.key] || 0;
        const swatch = ui.kindSwatch({ letter: face.symbol, fill: kind.fill, ink: kind.ink });
        const key = "roll:" + kind.key + ":" + face.key;
        const left = v + kind.ready - ui.sum(counts);
        // One tap per face shown: a row 0 … ready, the counts no longer possible disabled.
        if (kind.numbers)
          card.append(ui.numbers(face.title, swatch, v, 0, kind.ready, key, (n) => { counts[face.key] = n; }, left));
        else
          card.append(ui.counter(face.title, swatch, v, 0, left, key, (n) => { counts[face.key] = n; }));
      }
    }
    const build = () => {
      const roll = {};
      for (const [k, faces] of Object.entries(form.shown)) {
        const shown = {};
        for (const [f, n] of Object.entries(faces))
          if (n > 0)
            shown[f] = n;
        if (Object.keys(shown).length > 0)
          roll[k] = shown;
      }
      return { roll: roll };
    };
    const row = ui.el("div", { className: "send-row" });
    row.append(ui.sendButton(true, build));
    card.append(row);
    // The roll and the pass that ends the roll section in one tap: the page sends the
    // pass once the roll is stored and the seat's "pass" form is offered (not after a
    // bust, nor when Dicepad passes by itself).
    const both = ui.el("button", { type: "button", textContent: ui.labels.send_pass, disabled: ui.busy() });
    both.id = "send-pass";
    both.onclick = () => ui.sendThen(build(), "pass");
    row.append(both);
    // The same with the push: the roll, then the seat's "push" once offered (the player
    // enters the roll knowing whether to roll again; nothing follows a bust).
    const push = ui.el("button", { type: "button", textContent: ui.labels.send_push, disabled: ui.busy() });
    push.id = "send-push";
    push.onclick = () => ui.sendThen(build(), "push");
    row.append(push);
  },
};

// The team boards and the shop (cb-seat-view.c: "players[i]" phase, position, top_dog,
// danger, bust, areas; "shop").
window.dicepadViews = window.dicepadViews || {};
window.dicepadViews.cubitos = {
  sheet(sheet, player, table, ui) {
    if (player.danger)
      sheet.classList.add("danger");
    if (player.bust)
      sheet.classList.add("bust");
    if (player.top_dog)
      sheet.querySelector("h3 .name").textContent += " ★";
    if (player.phase)
      sheet.append(ui.el("p", { className: "help board-line", textContent: player.phase + " · " + player.position }));
    if (player.areas) {
      const list = ui.el("div", { className: "areas" });
      for (const area of player.areas) {
        const dice = ui.el("div", { className: "dice small" });
        for (const die of area.dice) {
          const icon = ui.el("span", { className: "cdie", textContent: die.letter + (die.n > 1 ? "×" + die.n : "") });
          icon.style.background = die.fill;
          icon.style.color = die.ink;
          dice.append(icon);
        }
        list.append(ui.el("div", { className: "area" }, [ui.el("span", { className: "area-title", textContent: area.title }),
                                                          dice]));
      }
      sheet.append(list);
      table.className = "numbers";
    }
  },
  below(box, state, ui) {
    if (!state.shop)
      return;
    box.append(ui.el("h2", { textContent: state.shop.title }));
    for (const card of state.shop.cards) {
      const row = ui.el("div", { className: "card-row" }, [ui.kindSwatch(card), ui.el("span", { textContent: card.text })]);
      if (card.origin)
        row.append(ui.el("span", { className: "detail", textContent: card.origin }));
      box.append(row);
    }
  },
};
