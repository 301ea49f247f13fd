/* cb-run-panel.h — one player's controls under their board: refill, roll, push or
 * pass, bust, and the race section (support, move, shop, rest) with its questions;
 * each section is a widget of its own (cb-run-panel.c lists them)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-presenter.h"
#include "cb-roll-entry.h"
#include "cb-shop.h"

G_BEGIN_DECLS

#define CB_TYPE_RUN_PANEL (cb_run_panel_get_type ())
G_DECLARE_FINAL_TYPE (CbRunPanel, cb_run_panel, CB, RUN_PANEL, GtkWidget)

/* Emits ::action with the canonical JSON text of what the player chose. */
GtkWidget     *cb_run_panel_new (void);
/* Shows @seat's controls for @game. Entries in progress (a roll half entered, the red
 * lines told) stay while this player's board does not change. */
void           cb_run_panel_update (CbRunPanel *self, const DpGame *game, guint seat);
const char    *cb_run_panel_get_prompt (CbRunPanel *self);
/* A control by name, or NULL when it is not shown now. Buttons: "refill", "roll",
 * "push", "pass", "bust", "collect", "announce", "redeem", "buy-step", "jet",
 * "shortcut", "move", "land", "rest", "lose-add" (another row of dice given back),
 * "ability-N" (the card abilities the player may use now: enters the ability, or opens
 * its form when it has choices), and in the open form "ability-use", "ability-cancel".
 * Labels "<button>-reason": the panel's dim caption at its end, which says why each
 * disabled button is disabled, after the button's label (empty when none is).
 * Fields (GtkSpinButton): "red-lines", "refill-<colour>", "bust-<colour>",
 * "fan-credits-<space>", "fan-supply-<space>", "steps", "shortcut-cost", "land-credits",
 * "land-fans", "land-max-cost", "land-cost", "beyond", "lose-count-<row>"; in the form
 * "ability-dice-<colour>", "ability-from-<area>-<colour>",
 * "ability-from-active-<colour>-<face>", "ability-red-lines", "ability-cost", and the
 * bonus and fan fields above with the prefix "ability-". Check buttons: "finish",
 * "take-credits", "ability-finish". Drop-downs: "land-bonus" (the landing bonus in
 * words; it fills the land-… and lose-… fields and shows those it needs), "land-take",
 * "lose-die-<row>", "lose-from-<row>"; in the form "ability-lose", "ability-give", "ability-give-to",
 * "ability-die", "ability-set", "ability-other", "ability-take". Roll entries
 * (CbRollEntry): "ability-rolled", "ability-rolled2". Label: "ability-reason" (why
 * "ability-use" is disabled). */
GtkWidget     *cb_run_panel_get_control (CbRunPanel *self, const char *name);
/* The button of the first card ability the player must use now, or NULL. */
GtkWidget     *cb_run_panel_get_mandatory (CbRunPanel *self);
CbRollEntry   *cb_run_panel_get_roll_entry (CbRunPanel *self);
CbShop        *cb_run_panel_get_shop (CbRunPanel *self);
/* Puts the keyboard focus on the safe default of what there is to do; FALSE when there
 * is nothing, or when this board's own Pass or Bust has just ended its roll section
 * (the next board takes the keyboard, so a second Enter does not act in phase 5). */
gboolean       cb_run_panel_focus_first (CbRunPanel *self);
/* The same, also right after this board's own Pass or Bust (when no other board can
 * take the keyboard). */
gboolean       cb_run_panel_take_focus (CbRunPanel *self);
/* A letter of the keyboard contract (docs/keyboard.md) for this board: while dice are
 * typed a face letter counts a die, otherwise the underlined letter of a choice presses
 * it (or says why it cannot be pressed). FALSE when the key is none of these. */
gboolean       cb_run_panel_handle_key (CbRunPanel *self, guint keyval);
/* A line under the panel saying why a key did nothing; NULL clears it. */
void           cb_run_panel_say (CbRunPanel *self, const char *text);
const char    *cb_run_panel_get_key_line (CbRunPanel *self);

G_END_DECLS
