/* cb-seat-view.h — the Cubitos part of a phone's view: boards, shop and entry forms
 *
 * GTK-free. Issue 23 item 1: the whole Cubitos turn on the phone. Every form is the
 * window's (cb-*-section.c): its sentences, previews and reasons come from cb-presenter,
 * and its default action is built by the presenter's own builders (cb_move_dup_action,
 * cb_ability_form_dup_action, …). A form describes where each of its fields goes in that
 * action ("path"), so the page only copies the action and writes the numbers and choices
 * the player made into it; the engine checks the result like any other entry.
 * The format is in docs/table-server.md, "Cubitos forms".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "cb-game.h"

G_BEGIN_DECLS

/* Sets "title", "turn", "dice", "players", "entry", "choices", "forms" and "shop" of @view for
 * @seat (-1: no seat picked yet). Call inside dp_table_language_push/pop. */
void cb_seat_view_build (JsonObject *view, const DpGame *dp, const CbGame *game, int seat);

/* The forms @seat can use now (element type JsonObject, as in the view's "forms").
 * Exposed for bench/bench-cubitos-phone-taps.c. */
JsonArray *cb_seat_view_forms (const DpGame *dp, const CbGame *game, guint seat);

/* ---- Answers: what the page does with a form (app.js formAction), for tests and bench ---- */

/* The id of the form that enters @action ("land", "buy:blue", "ability:bob:1:team"), or
 * NULL for the dice entries (refill, roll). Free with g_free(). */
char       *cb_seat_view_dup_form_id (JsonObject *action);

/* The answers (one per field of @form: a counter's number, a choice's index, a switch's
 * 0/1) that make the page send @action, and how many taps they cost from the form's
 * defaults (each counter step — one tap for a count drawn as a row of numbers —, each
 * choice or switch changed, and the button). FALSE
 * when the form cannot say @action (a value outside a counter, no such choice).
 * @values holds as many elements as the form has fields. */
gboolean    cb_seat_view_answers_for (JsonObject *form, JsonObject *action, gint64 *values, guint *taps);

/* The taps the page's entry form (@view's "entry": refill or roll) needs for @action from
 * its defaults: each count changed (one tap on a row of numbers, one per step on a − / +
 * counter) and the button; 0 when @view has no entry. */
guint       cb_seat_view_entry_taps (JsonObject *view, JsonObject *action);
/* The action the page sends for @form with @values, as app.js builds it. */
JsonObject *cb_seat_view_form_action (JsonObject *form, const gint64 *values);

G_END_DECLS
