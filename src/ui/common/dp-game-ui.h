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
  /* "Play again": the view's dup_setup_again. */

  /* ---- The table (dp-window.c) ---- */
  const char *table_page_name;   /* the window's page: "table" */
  const char *table_title;       /* N_(): that page's title */
  GType     (*table_page_type)   (void);   /* a GtkWidget implementing DpTablePage */
  /* The window's subtitle while the game is shown is the view's dup_round_text. */

  /* ---- Sheets and boards (result and replay pages) ---- */
  GtkWidget *(*new_sheet_view)    (void);
  void       (*update_sheet_view) (GtkWidget *view, const DpGame *game, guint seat);

  /* Everything else the window says of the game (sentences, the result's headline and
   * columns, the statistics' figures) is its GTK-free DpGameView's. */
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

G_END_DECLS
