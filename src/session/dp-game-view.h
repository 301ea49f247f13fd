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
#include "dp-store.h"

G_BEGIN_DECLS

/* How the statistics page writes one figure: the average over the player's games of
 * the seat statistic (dp_game_dup_seat_stats()). */
typedef enum
{
  DP_STAT_FORMAT_AMOUNT,  /* an amount per game (points, spaces), one decimal: "12.5" */
  DP_STAT_FORMAT_COUNT,   /* a count per game (crosses, busts), two decimals: "0.75" */
  DP_STAT_FORMAT_SHARE,   /* 0 or 1 per game, shown as a percentage: "40 %" */
} DpStatFormat;

/* Where the statistics page lists the figure. */
typedef enum
{
  DP_STAT_GROUP_SCORE,    /* what the score is made of (rows, spaces walked) */
  DP_STAT_GROUP_PLAY,     /* how the player played (freezes, busts, dice bought) */
} DpStatGroup;

/* One figure of a game's statistics: a table of these per game. */
typedef struct
{
  const char   *key;      /* a key of dp_game_dup_seat_stats(): "points_orange" */
  const char   *heading;  /* N_(): "Orange row" */
  const char   *unit;     /* N_() or NULL: what is counted, "points", "spaces", "crosses" */
  DpStatFormat  format;
  DpStatGroup   group;
  /* Optional, a figure the store does not sum itself: the average of @from_key minus the
   * average of @minus_key, at least 0 (shown when both are known); @key then only names
   * the figure. */
  const char   *from_key;
  const char   *minus_key;
} DpStatDescriptor;

/* One column of a game's result table, after Place and Player. */
typedef struct
{
  char      *heading;      /* shown: "● O", "Total" */
  char      *description;  /* NULL, or its tooltip and accessible name: "orange" */
  char      *css_class;    /* NULL, or classes that style the heading: "orange row-header" */
  gboolean   strong;       /* its cells drawn bold (a total) */
  GPtrArray *cells;        /* one text per seat, in seat order */
} DpResultColumn;

/* A column with no cells yet (append them to ->cells in seat order); free with
 * dp_result_column_free(). */
DpResultColumn *dp_result_column_new (const char *heading, const char *description,
                                      const char *css_class, gboolean strong);
void            dp_result_column_free (DpResultColumn *column);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (DpResultColumn, dp_result_column_free)

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
  /* Optional: the window's toast for an entry, @actions the entry and then what Dicepad
   * entered by itself after it: one short line, "Ina passes (+2 automatic)", that fits
   * a toast at 360 px in German with two lines (wpolish item 1, tests/ui/test-toasts.c);
   * the long sentence goes on the table. NULL: dup_action_text of the entry. */
  char      *(*dup_entry_toast) (const DpGame *before, const char *const *actions, guint n_actions);
  /* Optional: the toast after an undo (@redo FALSE: @before had the entry, @after has
   * not) or a redo, "Undone: Cleo's green cross", as short as dup_entry_toast's.
   * NULL: "Entry undone"/"… redone". */
  char      *(*dup_undo_text)   (const DpGame *before, const DpGame *after, gboolean redo);

  /* ---- Result (the window's result page) ---- */
  /* The headline, "Ina wins with 31 points". */
  char      *(*dup_headline)    (const DpGame *game);
  /* Optional: the game's columns after Place and Player, element type DpResultColumn*
   * (freed by the array). NULL: none. */
  GPtrArray *(*dup_result_columns) (const DpGame *game);

  /* ---- History, replay and statistics ---- */
  /* Optional: the turn @game is in, for the replay's score progression (a point each
   * time it changes). NULL: every action is a step. */
  guint      (*turn_number)     (const DpGame *game);
  /* Optional: the round @game is in, from 1, for the statistics' score progression.
   * NULL: every action is a step. */
  guint      (*round_number)    (const DpGame *game);
  /* A final total with its unit, "26 points" (charts and cards). */
  char      *(*dup_total_text)  (double total);
  const DpStatDescriptor *stats;
  guint                   n_stats;
  gboolean                ranks_by_place;  /* show the average place (no score to compare) */
  /* Optional (NULL with ranks_by_place): the heading of the average final total in the
   * players' table, N_("Average Points"); Best and Worst follow it. */
  const char             *total_heading;
  /* N_(): the headings of the DP_STAT_GROUP_SCORE and DP_STAT_GROUP_PLAY figures. */
  const char             *score_group_title;
  const char             *play_group_title;

  /* ---- A new game ---- */
  /* Optional: the setup of "Play again" after @game, with what @store knows (facts told
   * in earlier games). NULL: @game's own setup again. */
  char      *(*dup_setup_again) (const DpGame *game, DpStore *store);

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
/* The toasts of the window (wpolish item 1): an entry and what Dicepad entered by itself
 * after it (dup_entry_toast), an entry made on a phone ("… (phone)"), an undo or redo
 * (dup_undo_text). Free with g_free(). */
char             *dp_game_view_dup_entry_toast (const DpGame *before, const char *const *actions, guint n_actions);
char             *dp_game_view_dup_phone_toast (const DpGame *before, const char *action);
char             *dp_game_view_dup_undo_toast (const DpGame *before, const DpGame *after, gboolean redo);
/* The toast when another process changed the game (issue 24, item 10): @added entries
 * made, @removed taken back there; @last (the last of them) did that to @before:
 * "Elsewhere: Ina rolled", "3 entries made elsewhere", "1 entry undone elsewhere". */
char             *dp_game_view_dup_elsewhere_toast (const DpGame *before, const char *last, guint added, guint removed);

/* How dp_game_view_compute_progression() cuts a game into steps. */
typedef enum
{
  DP_PROGRESSION_BY_TURN,   /* DpGameView.turn_number (the replay page) */
  DP_PROGRESSION_BY_ROUND,  /* DpGameView.round_number (the statistics page) */
} DpProgressionStep;

/* Replays @actions (action texts) on @setup_text: the totals of every seat at the start
 * and at the end of each step, where a step ends when the next one begins and the last
 * action ends the last (a game whose view has no such member: each action is a step).
 * @steps_out: per point, the step it ends, 0 at the start (element type double);
 * @totals_out: one GArray of double per seat, as long as @steps_out. */
gboolean          dp_game_view_compute_progression (const char         *setup_text,
                                                    GPtrArray          *actions,
                                                    DpProgressionStep   by,
                                                    GArray            **steps_out,
                                                    GPtrArray         **totals_out,
                                                    GError            **error);

/* ---- Registries of per-game tables (views here, the window's DpGameUi) ----
 * A per-game table is a static struct whose first member is its `const char *kind_id`. */

/* kind id → table for the @n tables of @builtins; a test may add more with
 * g_hash_table_insert(). */
GHashTable       *dp_kind_tables_new (const gconstpointer *builtins, guint n);
/* The tables of @by_kind_id in the order of dp_game_kinds_list(), kinds without one
 * left out; free with g_ptr_array_unref(). */
GPtrArray        *dp_kind_tables_dup_list (GHashTable *by_kind_id);

/* Every view's phone_script (@ext "js") or phone_style ("css") one after the other,
 * in the order of dp_game_view_dup_list(), each under a comment naming it. */
GBytes           *dp_game_view_dup_phone_files (const char *ext);

G_END_DECLS
