/* dp-game-ui.h — what the shared pages ask of a game: one description per game kind
 *
 * The core's DpGameKind (dp-game-private.h) says what a game *is*; its DpGameView
 * (src/session/dp-game-view.h) how every face tells it, GTK-free; a DpGameUi adds how
 * the window shows it with widgets. The window, the new-game, result, replay and statistics pages
 * hold no game names: they look the description up by the game's kind id and call it.
 * Each game registers one static const DpGameUi beside its widgets
 * (calavera/cv-game-ui.c, cubitos/cb-game-ui.c); a new game adds its table page (a
 * DpTablePage), a sheet view and this table, and the shared pages show it unchanged
 * (tests/ui/test-third-game.c proves it with a test-only game).
 *
 * Every member marked "optional" may be NULL; the comment says what the pages do then.
 * Strings marked N_() are untranslated; the pages translate them with _().
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dp-game.h"
#include "dp-game-view.h"
#include "dp-store.h"

G_BEGIN_DECLS

typedef struct _DpResultPage DpResultPage;

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

typedef struct _DpGameUi DpGameUi;

struct _DpGameUi
{
  const char *kind_id;           /* the DpGameKind's id: "calavera" */

  /* ---- Start page and new game (dp-window.c, dp-new-game-page.c) ---- */
  const char *start_label;       /* N_(): the start page's button, "Play _Calavera" */
  const char *start_tooltip;     /* N_() or NULL: that button's tooltip */
  const char *summary;           /* N_(): under the game's name, "2–4 players, six dice, …" */
  const char *seating;           /* N_(): above the names, what the seat order means */
  guint       min_players;
  guint       max_players;
  gboolean    first_seat_starts; /* the page says "Ina starts." above Start */
  /* Optional: game options shown under the players (the Cubitos race). NULL: none, and
   * the setup is {"game": kind_id, "players": […]}. The page keeps the widget while it
   * lives, so what was chosen last stays chosen. */
  GtkWidget *(*new_options)       (void);
  /* Optional: called when the page is reset for a new game, with the store (facts told
   * in earlier games) and the names. */
  void       (*options_prepare)   (GtkWidget *options, DpStore *store, const char *const *names);
  /* Optional: called whenever a name or the seat order changes. */
  void       (*options_set_names) (GtkWidget *options, const char *const *names);
  /* Required with new_options: the setup text for @names and the chosen options. */
  char      *(*options_dup_setup) (GtkWidget *options, const char *const *names);
  /* Optional: the setup of "Play again" after @game. NULL: @game's own setup again. */
  char      *(*dup_setup_again)   (const DpGame *game, DpStore *store);

  /* ---- The table (dp-window.c) ---- */
  const char *table_page_name;   /* the window's page: "table" */
  const char *table_title;       /* N_(): that page's title */
  GType     (*table_page_type)   (void);   /* a GtkWidget implementing DpTablePage */
  /* The window's subtitle while the game is shown is the view's dup_round_text. */

  /* ---- Sheets and boards (result and replay pages) ---- */
  GtkWidget *(*new_sheet_view)    (void);
  void       (*update_sheet_view) (GtkWidget *view, const DpGame *game, guint seat);

  /* ---- History and replay (dp-game-replay-page.c) ---- */
  /* The sentence of the moment and what an action did: the view's dup_turn_text and
   * dup_action_text. */
  /* Optional: the toast after Ctrl+Z (@redo FALSE: @before had the entry, @after has
   * not) or Ctrl+Shift+Z, "Undone: Cleo's green cross". NULL: "Entry undone"/"… redone". */
  char      *(*dup_undo_text)     (const DpGame *before, const DpGame *after, gboolean redo);
  /* Optional: the turn or round @game is in, for the score progression (a point each
   * time it changes). NULL: every action is a step. */
  guint      (*turn_number)       (const DpGame *game);

  /* ---- Result (dp-result-page.c) ---- */
  /* The headline, "Ina wins with 31 points". */
  char      *(*dup_headline)      (const DpGame *game);
  /* Optional: adds the game's columns after Place and Player with
   * dp_result_page_add_column() and dp_result_page_set_cell(). */
  void       (*fill_result)       (DpResultPage *page, const DpGame *game);

  /* ---- Statistics (dp-statistics-page.c) ---- */
  const DpStatDescriptor *stats;
  guint                   n_stats;
  gboolean                ranks_by_place;  /* show the average place (no score to compare) */
  /* Optional (NULL with ranks_by_place): the heading of the average final total in the
   * players' table, N_("Average Points"); Best and Worst follow it. */
  const char             *total_heading;
  /* A final total with its unit, "26 points" (charts and cards). */
  char                 *(*dup_total_text) (double total);
  /* N_(): the headings of the DP_STAT_GROUP_SCORE and DP_STAT_GROUP_PLAY figures. */
  const char             *score_group_title;
  const char             *play_group_title;
  /* Optional: the round @game is in, from 1, for the statistics' score progression
   * (a point each time it changes). NULL: every action is a step. */
  guint                 (*round_number) (const DpGame *game);
};

/* The descriptions in the order of dp_game_kinds_list() (games without one are left
 * out), element type const DpGameUi*; free with g_ptr_array_unref(). */
GPtrArray             *dp_game_ui_dup_list (void);
/* The first of them: the game the start page suggests and Ctrl+N opens. */
const DpGameUi        *dp_game_ui_get_default (void);
/* The description of the game kind @kind_id, or NULL. */
const DpGameUi        *dp_game_ui_lookup (const char *kind_id);
/* The description of @game's kind, or NULL. */
const DpGameUi        *dp_game_ui_for_game (const DpGame *game);

/* {"game": @kind_id, "players": @names} as setup text (names escaped by json-glib). */
char                  *dp_game_ui_dup_plain_setup (const char *kind_id, const char *const *names);
/* Sheet views through the description, with a name label for a game without one. */
GtkWidget             *dp_game_ui_new_sheet_view (const DpGameUi *ui, const DpGame *game, guint seat);
void                   dp_game_ui_update_sheet_view (const DpGameUi *ui, GtkWidget *view,
                                                     const DpGame *game, guint seat);

/* How dp_game_ui_compute_progression() cuts a game into steps. */
typedef enum
{
  DP_PROGRESSION_BY_TURN,   /* DpGameUi.turn_number (the replay page) */
  DP_PROGRESSION_BY_ROUND,  /* DpGameUi.round_number (the statistics page) */
} DpProgressionStep;

/* Replays @actions (action texts) on @setup_text: the totals of every seat at the start
 * and at the end of each step, where a step ends when the next one begins and the last
 * action ends the last (a game whose description has no such member: each action is a
 * step). @steps_out: per point, the step it ends, 0 at the start (element type double);
 * @totals_out: one GArray of double per seat, as long as @steps_out. */
gboolean               dp_game_ui_compute_progression (const char         *setup_text,
                                                       GPtrArray          *actions,
                                                       DpProgressionStep   by,
                                                       GArray            **steps_out,
                                                       GPtrArray         **totals_out,
                                                       GError            **error);

G_END_DECLS
