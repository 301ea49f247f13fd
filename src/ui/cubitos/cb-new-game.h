/* cb-new-game.h — the Cubitos part of the new-game page: race (with its eight cards),
 * track and laps, who holds the top dog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>
#include <json-glib/json-glib.h>

#include "cb-data.h"

G_BEGIN_DECLS

#define CB_TYPE_NEW_GAME (cb_new_game_get_type ())
G_DECLARE_FINAL_TYPE (CbNewGame, cb_new_game, CB, NEW_GAME, GtkWidget)

GtkWidget  *cb_new_game_new (void);
/* The players in seat order, for the top-dog choice (keeps the choice when it can). */
void        cb_new_game_set_names (CbNewGame *self, const char *const *names);
/* Costs and fan-track rewards told in earlier races (cb_presenter_dup_known_facts):
 * shown with the cards and put into the setup. Takes a reference. */
void        cb_new_game_set_facts (CbNewGame *self, JsonObject *facts);
/* @race 1..10, or 0 for the free race (one card per colour, chosen, and a track). */
void        cb_new_game_set_race (CbNewGame *self, guint race);
guint       cb_new_game_get_race (CbNewGame *self);
/* -1: the race's own track. */
void        cb_new_game_set_track (CbNewGame *self, int track);
void        cb_new_game_set_laps (CbNewGame *self, guint laps);
guint       cb_new_game_get_laps (CbNewGame *self);
void        cb_new_game_set_first (CbNewGame *self, guint seat);
guint       cb_new_game_get_first (CbNewGame *self);
/* The card names shown for the chosen race, in colour order (for tests). */
const char *cb_new_game_get_card_text (CbNewGame *self, guint colour);
/* The free race: chooses @card (a card index) for its colour, as its drop-down does. */
void        cb_new_game_set_free_card (CbNewGame *self, guint card);
/* The free race's drop-downs: the cards of @colour (in blue-race order), the track. */
AdwComboRow *cb_new_game_get_free_card_row (CbNewGame *self, guint colour);
AdwComboRow *cb_new_game_get_free_track_row (CbNewGame *self);
/* The setup text for @names with what is chosen. Free with g_free(). */
char       *cb_new_game_dup_setup (CbNewGame *self, const char *const *names);

/* @facts (may be NULL) with the table's rules from Preferences added, for a new setup:
 * the red card's reading at 0 swords (issue 25, item 5). Free with json_object_unref(). */
JsonObject *cb_new_game_dup_table_facts (JsonObject *facts);

G_END_DECLS
