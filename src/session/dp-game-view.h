/* dp-game-view.h — what every face asks of a game: one GTK-free view per game kind
 *
 * The core's DpGameKind (dp-game-private.h) says what a game *is*; a DpGameView says
 * how it is told and shown, as plain data: its sentences, and what a phone shows and
 * offers each seat. The window (src/ui/, through the game's DpGameUi, which adds only
 * widgets) and the table server (src/server/, through dp-table-view.c) both ask it, so
 * neither holds a game's name. Each game registers one static const DpGameView beside
 * its presenter (calavera/cv-game-view.c, cubitos/cb-game-view.c); a new game adds its
 * view here and touches no server file (tests/ui/test-third-game.c plays a test-only
 * game on phones without any phone code of its own).
 *
 * Every member marked "optional" may be NULL; the comment says what is done then.
 * Strings marked N_() are untranslated; the callers translate them with _().
 * Every function that returns text is called inside the language of the face that
 * asked (dp_table_language_push() for a phone).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "dp-game.h"

G_BEGIN_DECLS

/* A fixed label of the phone page a game's page script needs: its script reads it as
 * labels[key] (docs/table-server.md, "Per-game views"). */
typedef struct
{
  const char *key;        /* "red_lines" */
  const char *label;      /* N_(): "Red lines" */
} DpPhoneLabel;

typedef struct _DpGameView DpGameView;

struct _DpGameView
{
  const char *kind_id;            /* the DpGameKind's id: "calavera" */

  /* ---- Sentences (window and phones) ---- */
  /* The title of the moment, "Round 3 · Ina's turn" (the window's subtitle, the
   * phone's heading). */
  char      *(*dup_round_text)  (const DpGame *game);
  /* Optional: the sentence of the moment, "Ina rolls". NULL: none. */
  char      *(*dup_turn_text)   (const DpGame *game);
  /* Optional: what @action_text did to @before, "Ina: 3 crosses in orange" (the
   * window's toast, the history, a phone's entry). NULL: the text itself. */
  char      *(*dup_action_text) (const DpGame *before, const char *action_text);

  /* ---- Phones (dp-table-view.c, docs/table-server.md) ---- */
  /* N_(): the heading over everyone's sheets on the phone, "Sheets", "Team boards". */
  const char *sheets_title;
  /* Optional: fills @seat's view (-1: no seat picked yet) with "turn", "dice",
   * "players", "entry" and "choices" (see dp_table_view_build()); members it leaves
   * out get the plain ones: the turn sentence, no dice, each player's name and total,
   * no entry, and @seat's legal actions titled by dup_action_text. Helpers for it are
   * in dp-table-view.h. */
  void        (*phone_fill)     (JsonObject *view, const DpGame *game, int seat);
  /* Optional: turns what a phone's form sent for @seat into an action of the game's
   * script format ("player" is already the seat's name). NULL: it is the action.
   * Returns a new reference, or NULL with a translated error. */
  JsonObject *(*phone_read_answer) (const DpGame *game, guint seat, JsonObject *answer,
                                    GError **error);
  /* Optional: resource paths of the page's code for this game's entry forms and their
   * style, served with every other game's as games.js and games.css. A script adds a
   * form per entry mode: dicepadEntryForms[mode] = { start, draw } (app.js says how). */
  const char *phone_script;
  const char *phone_style;
  /* Optional: the turn assistant's lines for @seat now (the phone shows them while the
   * window's assistant is on), or NULL when it has nothing to say. */
  char       *(*dup_assistant_text) (const DpGame *game, guint seat);
  /* Optional: the labels that script reads, n_phone_labels of them. */
  const DpPhoneLabel *phone_labels;
  guint              n_phone_labels;
};

/* The views in the order of dp_game_kinds_list() (games without one are left out),
 * element type const DpGameView*; free with g_ptr_array_unref(). */
GPtrArray        *dp_game_view_dup_list (void);
/* The view of the game kind @kind_id, or NULL. */
const DpGameView *dp_game_view_lookup (const char *kind_id);
/* The view of @game's kind, or NULL. */
const DpGameView *dp_game_view_for_game (const DpGame *game);

/* Through the view, with the plain answer for a game without one or without the
 * member: dup_round_text (the game kind's id), dup_turn_text (""), dup_action_text
 * (@action_text). Free with g_free(). */
char             *dp_game_view_dup_round_text (const DpGame *game);
char             *dp_game_view_dup_turn_text (const DpGame *game);
char             *dp_game_view_dup_action_text (const DpGame *before, const char *action_text);

/* Every view's phone_script (@ext "js") or phone_style ("css") one after the other,
 * in the order of dp_game_view_dup_list(), each under a comment naming it. */
GBytes           *dp_game_view_dup_phone_files (const char *ext);

G_END_DECLS
