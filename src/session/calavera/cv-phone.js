// The Calavera entry forms of the phone page (cv-game-view.c; app.js says how a game's
// forms plug in): the roller enters the roll, then re-rolls, with counters per face.
"use strict";

window.dicepadEntryForms = window.dicepadEntryForms || {};

// "roll": how many of the six dice show each face.
window.dicepadEntryForms.roll = {
  start: () => ({ shown: {} }),
  draw(card, entry, form, ui) {
    card.append(ui.el("h3", { textContent: ui.labels.enter_roll }));
    for (const face of entry.faces) {
      const v = form.shown[face.key] || 0;
      card.append(ui.counter(face.title, ui.faceSwatch(face), v, 0, v + entry.count - ui.sum(form.shown),
                             "roll:" + face.key, (n) => { form.shown[face.key] = n; }));
    }
    card.append(ui.el("p", { className: "help", textContent: ui.labels.dice_left + ": " + (entry.count - ui.sum(form.shown)) }));
    card.append(ui.sendButton(ui.sum(form.shown) === entry.count, () => ({ roll: ui.repeatFaces(form.shown) })));
  },
};

// "reroll": the dice picked up (of the colours still available), then what they show.
window.dicepadEntryForms.reroll = {
  start: () => ({ picked: {}, shown: {} }),
  draw(card, entry, form, ui) {
    card.append(ui.el("h3", { textContent: ui.labels.enter_reroll }));
    card.append(ui.el("p", { className: "help", textContent: ui.labels.picked }));
    for (const face of entry.faces) {
      const max = entry.available[face.key] || 0;
      if (max === 0)
        continue;
      card.append(ui.counter(face.title, ui.faceSwatch(face), form.picked[face.key] || 0, 0, max, "pick:" + face.key,
                             (n) => { form.picked[face.key] = n; }));
    }
    const picked = ui.sum(form.picked);
    card.append(ui.el("p", { className: "help", textContent: ui.labels.result }));
    for (const face of entry.faces) {
      const v = form.shown[face.key] || 0;
      card.append(ui.counter(face.title, ui.faceSwatch(face), v, 0, v + picked - ui.sum(form.shown), "result:" + face.key,
                             (n) => { form.shown[face.key] = n; }));
    }
    card.append(ui.sendButton(picked > 0 && ui.sum(form.shown) === picked,
                              () => ({ reroll: ui.repeatFaces(form.picked), result: ui.repeatFaces(form.shown) })));
  },
};
