/* dp-history-page.h — every stored game in a sortable, filterable table
 *
 * A GtkColumnView over DpHistoryModel (paged store queries): date, game, players,
 * winner(s), scores; filters for the game kind, a player, a date range, and a search
 * by player name. Activating a row opens the game's replay (DpGameReplayPage) inside
 * the page; deleting a game there offers Undo in a toast.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dp-game-replay-page.h"
#include "dp-history-model.h"
#include "dp-store.h"

G_BEGIN_DECLS

#define DP_TYPE_HISTORY_PAGE (dp_history_page_get_type ())
G_DECLARE_FINAL_TYPE (DpHistoryPage, dp_history_page, DP, HISTORY_PAGE, GtkWidget)

GtkWidget        *dp_history_page_new (void);
/* The store to show. Without one, the page takes the application's store
 * (dp_application_get_store()) when it is first shown. */
void              dp_history_page_set_store (DpHistoryPage *self, DpStore *store);
/* Reads the store again (the page also does this each time it is shown). */
void              dp_history_page_reload (DpHistoryPage *self);
/* The rows shown, in order. */
DpHistoryModel   *dp_history_page_get_model (DpHistoryPage *self);
GtkColumnView    *dp_history_page_get_column_view (DpHistoryPage *self);

/* The filters, as the widgets set them (NULL / 0 = no filter). */
void              dp_history_page_set_kind_filter (DpHistoryPage *self, const char *kind);
void              dp_history_page_set_player_filter (DpHistoryPage *self, const char *player);
void              dp_history_page_set_search (DpHistoryPage *self, const char *text);
/* Local dates, inclusive: games from the start of @from to the end of @to. */
void              dp_history_page_set_date_range (DpHistoryPage *self, GDateTime *from, GDateTime *to);

/* Opens the replay of @game_id; FALSE with @error when it cannot be read. */
gboolean          dp_history_page_open_game (DpHistoryPage *self, const char *game_id, GError **error);
/* "list", "empty" or "game": what the page shows now. */
const char       *dp_history_page_get_visible_view (DpHistoryPage *self);
DpGameReplayPage *dp_history_page_get_replay_page (DpHistoryPage *self);
/* Deletes @game_id (hidden, with an Undo toast) and goes back to the list. */
gboolean          dp_history_page_delete_game (DpHistoryPage *self, const char *game_id, GError **error);
/* What the toast's Undo and the Deleted view's Restore do: brings the game back. */
gboolean          dp_history_page_undo_delete (DpHistoryPage *self, const char *game_id, GError **error);
/* TRUE while a game deleted on this page can come back (property "can-restore"). */
gboolean          dp_history_page_can_restore_deleted (DpHistoryPage *self);
/* Ctrl+Z on this page (win.undo): brings back the game deleted here last, even after
 * its toast is gone; DP_STORE_ERROR_NOTHING_TO_UNDO when there is none. */
gboolean          dp_history_page_restore_last_deleted (DpHistoryPage *self, GError **error);

/* The Deleted view: the deleted games, with Restore and Delete for Good. */
void              dp_history_page_set_show_deleted (DpHistoryPage *self, gboolean show_deleted);
gboolean          dp_history_page_get_show_deleted (DpHistoryPage *self);
/* Only the games in progress (the start page's "All Unfinished Games"). */
void              dp_history_page_set_show_unfinished (DpHistoryPage *self, gboolean show_unfinished);
gboolean          dp_history_page_get_show_unfinished (DpHistoryPage *self);
/* Removes a deleted game for good (no undo; what the confirmation dialog runs). */
gboolean          dp_history_page_purge_game (DpHistoryPage *self, const char *game_id, GError **error);
/* Asks "Delete the Game for Good?"; returns the dialog (responses "cancel", "delete"). */
GtkWindow        *dp_history_page_ask_purge (DpHistoryPage *self, const char *game_id);
/* After an import that skipped games stored as deleted: offers to restore them.
 * Returns the dialog (responses "keep", "restore"), or NULL when @game_ids is empty. */
GtkWindow        *dp_history_page_offer_restore (DpHistoryPage *self, const char *const *game_ids);

/* What "Import Games…" does with the chosen file: the all-or-nothing import of an
 * export; a refused file is explained in a dialog (with the line of the problem), an
 * import of games stored as deleted offers to restore them. @dialog_out (optional)
 * gets the dialog shown, if any. */
gboolean          dp_history_page_import_file (DpHistoryPage *self, GFile *file, GtkWindow **dialog_out);

G_END_DECLS
