/* dp-history-model.h — the stored games as a GListModel, read from the store page by page
 *
 * The history list never loads every game: the model reads up to 200 keys at once for
 * its length (more are counted on a worker: property "counting") and one page of
 * summaries, from the key of the row before it, when a row of that page is first shown. Filtering and the date order are done by the store's query
 * (DpGameFilter), so the model always shows exactly the query's rows in its order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "dp-store.h"

G_BEGIN_DECLS

/* How many summaries one store query fetches. */
#define DP_HISTORY_PAGE_SIZE 50

#define DP_TYPE_HISTORY_ITEM (dp_history_item_get_type ())
G_DECLARE_FINAL_TYPE (DpHistoryItem, dp_history_item, DP, HISTORY_ITEM, GObject)

/* One row: a game's summary plus its texts as the columns show them (properties
 * "date-text", "kind-text", "players-text", "winners-text", "scores-text", and
 * "created" for the date column's sorter). */
DpHistoryItem       *dp_history_item_new (const DpGameSummary *summary);
const DpGameSummary *dp_history_item_get_summary (DpHistoryItem *self);
const char          *dp_history_item_get_id (DpHistoryItem *self);
gint64               dp_history_item_get_created (DpHistoryItem *self);
const char          *dp_history_item_get_date_text (DpHistoryItem *self);
const char          *dp_history_item_get_kind_text (DpHistoryItem *self);
const char          *dp_history_item_get_players_text (DpHistoryItem *self);
const char          *dp_history_item_get_winners_text (DpHistoryItem *self);
const char          *dp_history_item_get_scores_text (DpHistoryItem *self);

#define DP_TYPE_HISTORY_MODEL (dp_history_model_get_type ())
G_DECLARE_FINAL_TYPE (DpHistoryModel, dp_history_model, DP, HISTORY_MODEL, GObject)

DpHistoryModel     *dp_history_model_new (DpStore *store);
DpStore            *dp_history_model_get_store (DpHistoryModel *self);
/* Copies @filter (NULL = every game, newest first) and reloads. */
void                dp_history_model_set_filter (DpHistoryModel *self, const DpGameFilter *filter);
/* The filter in use; its strings belong to the model. */
const DpGameFilter *dp_history_model_get_filter (DpHistoryModel *self);
/* Forgets the loaded pages and counts again: after a game was added or deleted. */
void                dp_history_model_reload (DpHistoryModel *self);
/* The error of the last failed store query, or NULL. */
const GError       *dp_history_model_get_error (DpHistoryModel *self);
/* TRUE while the games are counted on a worker: the length is then a lower bound and
 * grows (items-changed) when the count arrives. */
gboolean            dp_history_model_is_counting (DpHistoryModel *self);
/* How many store page queries the model has made (for tests of the paging). */
guint               dp_history_model_get_n_queries (DpHistoryModel *self);

G_END_DECLS
