/* dp-store-query.c — the lists of games: filters, search, sorting and paging
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-store-internal.h"

void
dp_game_summary_free (DpGameSummary *summary)
{
  if (summary == NULL)
    return;

  g_free (summary->id);
  g_free (summary->kind);
  for (guint i = 0; i < G_N_ELEMENTS (summary->names); i++)
    g_free (summary->names[i]);
  g_free (summary);
}

static gboolean
set_damaged_players (const char  *game_id,
                     GError     **error)
{
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
               _("The game “%s” is damaged in the database: its players cannot be read."),
               game_id != NULL ? game_id : "?");
  return FALSE;
}

#define SUMMARY_COLUMNS "g.id, g.uuid, g.kind, g.created, g.finished, g.state, g.n_actions, g.n_players"

/* Builds a summary from a row of SUMMARY_COLUMNS plus its seats. */
static DpGameSummary *
summary_from_row (DpStore       *self,
                  sqlite3_stmt  *row_stmt,
                  GError       **error)
{
  g_autoptr(DpGameSummary) summary = g_new0 (DpGameSummary, 1);
  g_autoptr(DpStoreStmt) stmt = NULL;
  gint64 row = sqlite3_column_int64 (row_stmt, 0);

  summary->id = g_strdup ((const char *) sqlite3_column_text (row_stmt, 1));
  summary->kind = g_strdup ((const char *) sqlite3_column_text (row_stmt, 2));
  summary->created = sqlite3_column_int64 (row_stmt, 3);
  summary->finished = sqlite3_column_int64 (row_stmt, 4);
  summary->state = CLAMP (sqlite3_column_int (row_stmt, 5), DP_GAME_STATE_IN_PROGRESS, DP_GAME_STATE_ABANDONED);
  summary->n_actions = (guint) sqlite3_column_int64 (row_stmt, 6);

  stmt = _dp_store_query (self, error,
                          "SELECT s.seat, p.name, s.total, s.rank, s.winner "
                          "FROM seats s JOIN players p ON p.id = s.player "
                          "WHERE s.game = ? ORDER BY s.seat",
                          "I", row);
  if (stmt == NULL)
    return NULL;

  for (;;)
    {
      gboolean has_row;
      guint seat;

      if (!_dp_store_step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        break;

      seat = summary->n_players++;
      if (seat >= G_N_ELEMENTS (summary->names))
        continue;
      /* A seat row whose player row is gone or unreadable: damage, never a blank name. */
      if (sqlite3_column_type (stmt, 1) != SQLITE_TEXT || sqlite3_column_bytes (stmt, 1) == 0 ||
          sqlite3_column_int64 (stmt, 0) != (gint64) seat)
        {
          set_damaged_players (summary->id, error);
          return NULL;
        }
      summary->names[seat] = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      summary->totals[seat] = sqlite3_column_int (stmt, 2);
      summary->ranks[seat] = (guint) sqlite3_column_int (stmt, 3);
      summary->winners[seat] = sqlite3_column_int (stmt, 4) != 0;
    }

  if (summary->n_players != (guint) sqlite3_column_int64 (row_stmt, 7) || summary->n_players == 0 ||
      summary->n_players > G_N_ELEMENTS (summary->names) || summary->id == NULL || summary->kind == NULL)
    {
      set_damaged_players (summary->id, error);
      return NULL;
    }

  return g_steal_pointer (&summary);
}

typedef struct
{
  gboolean    is_text;
  char       *text;
  gint64      number;
} Bind;

static void
bind_clear (gpointer data)
{
  Bind *bind = data;

  g_free (bind->text);
}

static void
add_text_bind (GArray     *binds,
               const char *text)
{
  Bind bind = { TRUE, g_strdup (text), 0 };

  g_array_append_val (binds, bind);
}

static void
add_number_bind (GArray *binds,
                 gint64  number)
{
  Bind bind = { FALSE, NULL, number };

  g_array_append_val (binds, bind);
}

static void
apply_binds (sqlite3_stmt *stmt,
             GArray       *binds)
{
  for (guint i = 0; i < binds->len; i++)
    {
      Bind *bind = &g_array_index (binds, Bind, i);

      if (bind->is_text)
        _dp_store_bind_text (stmt, (int) i + 1, bind->text);
      else
        sqlite3_bind_int64 (stmt, (int) i + 1, bind->number);
    }
}

/* The WHERE clause of a filter. Values are always bound, never spliced in. */
static void
append_filter (GString            *sql,
               GArray             *binds,
               const DpGameFilter *filter)
{
  g_string_append (sql, filter != NULL && filter->deleted ? " WHERE g.deleted = 1" : " WHERE g.deleted = 0");

  if (filter == NULL)
    return;

  if (filter->kind != NULL)
    {
      g_string_append (sql, " AND g.kind = ?");
      add_text_bind (binds, filter->kind);
    }
  if (filter->state >= 0)
    {
      g_string_append (sql, " AND g.state = ?");
      add_number_bind (binds, filter->state);
    }
  if (filter->from != 0)
    {
      g_string_append (sql, " AND g.created >= ?");
      add_number_bind (binds, filter->from);
    }
  if (filter->to != 0)
    {
      g_string_append (sql, " AND g.created <= ?");
      add_number_bind (binds, filter->to);
    }
  if (filter->player != NULL)
    {
      g_string_append (sql, " AND g.id IN (SELECT s.game FROM seats s JOIN players p ON p.id = s.player"
                            " WHERE p.name = ?)");
      add_text_bind (binds, filter->player);
    }
  if (filter->search != NULL && filter->search[0] != '\0')
    {
      g_autofree char *folded = _dp_store_fold_for_search (filter->search);

      g_string_append (sql, " AND g.id IN (SELECT s.game FROM seats s WHERE s.player IN"
                            " (SELECT id FROM players WHERE instr (dp_casefold (name), ?) > 0))");
      add_text_bind (binds, folded);
    }
}

GPtrArray *
dp_store_list_games (DpStore             *self,
                     const DpGameFilter  *filter,
                     guint                offset,
                     guint                limit,
                     GError             **error)
{
  g_autoptr(GString) sql = g_string_new ("SELECT " SUMMARY_COLUMNS " FROM games g");
  g_autoptr(GArray) binds = g_array_new (FALSE, FALSE, sizeof (Bind));
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_game_summary_free);
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean oldest = filter != NULL && filter->sort == DP_GAME_SORT_OLDEST;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  g_array_set_clear_func (binds, bind_clear);
  append_filter (sql, binds, filter);
  g_string_append (sql, oldest ? " ORDER BY g.created ASC, g.id ASC"
                               : " ORDER BY g.created DESC, g.id DESC");
  g_string_append (sql, " LIMIT ? OFFSET ?");
  add_number_bind (binds, limit == 0 ? -1 : (gint64) limit);
  add_number_bind (binds, offset);

  if (!_dp_store_exec (self, "BEGIN", error))
    return NULL;

  stmt = _dp_store_prepare (self, sql->str, error);
  if (stmt == NULL)
    goto fail;
  apply_binds (stmt, binds);

  for (;;)
    {
      gboolean has_row;
      DpGameSummary *summary;

      if (!_dp_store_step_row (self, stmt, &has_row, error))
        goto fail;
      if (!has_row)
        break;
      summary = summary_from_row (self, stmt, error);
      if (summary == NULL)
        goto fail;
      g_ptr_array_add (games, summary);
    }

  _dp_store_rollback (self);
  return g_steal_pointer (&games);

fail:
  _dp_store_rollback (self);
  return NULL;
}

guint
dp_store_count_games (DpStore             *self,
                      const DpGameFilter  *filter,
                      GError             **error)
{
  g_autoptr(GString) sql = g_string_new ("SELECT count (*) FROM games g");
  g_autoptr(GArray) binds = g_array_new (FALSE, FALSE, sizeof (Bind));
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), 0);

  g_array_set_clear_func (binds, bind_clear);
  append_filter (sql, binds, filter);

  stmt = _dp_store_prepare (self, sql->str, error);
  if (stmt == NULL)
    return 0;
  apply_binds (stmt, binds);
  if (!_dp_store_step_row (self, stmt, &has_row, error) || !has_row)
    return 0;

  return (guint) sqlite3_column_int64 (stmt, 0);
}

DpGameSummary *
dp_store_get_summary (DpStore     *self,
                      const char  *game_id,
                      GError     **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  DpGameSummary *summary;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!_dp_store_exec (self, "BEGIN", error))
    return NULL;

  stmt = _dp_store_prepare (self,
                            "SELECT " SUMMARY_COLUMNS " FROM games g WHERE g.uuid = ? AND g.deleted = 0",
                            error);
  if (stmt == NULL)
    {
      _dp_store_rollback (self);
      return NULL;
    }

  _dp_store_bind_text (stmt, 1, game_id);
  if (!_dp_store_step_row (self, stmt, &has_row, error))
    {
      _dp_store_rollback (self);
      return NULL;
    }

  if (!has_row)
    {
      _dp_store_rollback (self);
      _dp_store_set_not_found (game_id, error);
      return NULL;
    }

  summary = summary_from_row (self, stmt, error);
  _dp_store_rollback (self);
  return summary;
}
