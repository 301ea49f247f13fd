/* dp-store-delete.c — deleting a game, restoring it, and deleting for good
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-store-internal.h"

gboolean
dp_store_set_deleted (DpStore     *self,
                      const char  *game_id,
                      gboolean     deleted,
                      GError     **error)
{
  gint64 row, finished;
  gboolean was_deleted, has_row;
  int state;
  const DpGameKind *kind;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  deleted = !!deleted;

  if (!_dp_store_begin (self, error))
    return FALSE;

  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_query (self, error,
                                                   "SELECT id, deleted, state, finished, kind FROM games WHERE uuid = ?",
                                                   "t", game_id);

    if (stmt == NULL)
      goto fail;
    if (!_dp_store_step_row (self, stmt, &has_row, error))
      goto fail;
    if (!has_row)
      {
        _dp_store_set_not_found (game_id, error);
        goto fail;
      }
    row = sqlite3_column_int64 (stmt, 0);
    was_deleted = sqlite3_column_int (stmt, 1) != 0;
    state = sqlite3_column_int (stmt, 2);
    finished = sqlite3_column_int64 (stmt, 3);
    kind = dp_game_kind_lookup ((const char *) sqlite3_column_text (stmt, 4));
  }

  if (was_deleted == deleted)
    return _dp_store_commit (self, error);

  if (!_dp_store_run (self, error,
                      "UPDATE games SET deleted = ? WHERE id = ?",
                      "iI", deleted, row))
    goto fail;

  /* A finished game leaves the statistics with its seat_stats rows (the triggers
   * subtract them), every game leaves the known facts with its game_facts rows (the
   * next newest holder takes over); both come back by replaying the game. */
  if (deleted)
    {
      const char *const deletes[] = {
        "DELETE FROM seat_stats WHERE game = ?",
        "DELETE FROM game_facts WHERE game = ?",
      };

      for (guint i = 0; i < G_N_ELEMENTS (deletes); i++)
        {
          if (!_dp_store_run (self, error, deletes[i], "I", row))
            goto fail;
        }
    }
  else if (state == DP_GAME_STATE_FINISHED || (kind != NULL && dp_game_kind_has_facts (kind)))
    {
      g_autofree char *setup = NULL;
      g_autoptr(GPtrArray) actions = NULL;
      g_autoptr(DpGame) game = NULL;

      if (!_dp_store_read_log (self, row, game_id, &setup, &actions, error))
        goto fail;
      game = _dp_store_replay_log (game_id, setup, actions, actions->len, error);
      if (game == NULL)
        goto fail;
      /* _dp_store_update_summary() writes the facts too; an unfinished game (perhaps abandoned)
       * keeps its state and only gets its facts back. */
      if (state == DP_GAME_STATE_FINISHED ? !_dp_store_update_summary (self, row, game, finished, error)
                                          : !_dp_store_write_facts (self, row, game, error))
        goto fail;
    }

  return _dp_store_commit (self, error);

fail:
  _dp_store_rollback (self);
  return FALSE;
}

gboolean
dp_store_purge_game (DpStore     *self,
                     const char  *game_id,
                     GError     **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  if (!_dp_store_begin (self, error))
    return FALSE;

  /* Only a game already in the Deleted list goes for good: never a live one. */
  stmt = _dp_store_query (self, error,
                          "DELETE FROM games WHERE uuid = ? AND deleted = 1",
                          "t", game_id);
  if (stmt == NULL)
    goto fail;
  if (!_dp_store_step_done (self, stmt, error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      _dp_store_set_not_found (game_id, error);
      goto fail;
    }
  if (!_dp_store_exec (self, "DELETE FROM players WHERE id NOT IN (SELECT player FROM seats)", error))
    goto fail;

  return _dp_store_commit (self, error);

fail:
  _dp_store_rollback (self);
  return FALSE;
}

GStrv
dp_store_list_deleted_among (DpStore             *self,
                             const char *const   *ids,
                             GError             **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(DpStoreStmt) stmt = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  stmt = _dp_store_prepare (self, "SELECT 1 FROM games WHERE uuid = ? AND deleted = 1", error);
  if (stmt == NULL)
    return NULL;

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      gboolean has_row;

      sqlite3_reset (stmt);
      _dp_store_bind_text (stmt, 1, ids[i]);
      if (!_dp_store_step_row (self, stmt, &has_row, error))
        return NULL;
      if (has_row)
        g_strv_builder_add (builder, ids[i]);
    }
  return g_strv_builder_end (builder);
}

gboolean
dp_store_purge_deleted (DpStore  *self,
                        GError  **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);

  if (!_dp_store_begin (self, error))
    return FALSE;

  /* Seats, actions, redo and statistics go with their game (ON DELETE CASCADE);
   * players who no longer sit at any table go too, so typos leave no trace. */
  if (!_dp_store_exec (self, "DELETE FROM games WHERE deleted = 1", error) ||
      !_dp_store_exec (self, "DELETE FROM players WHERE id NOT IN (SELECT player FROM seats)", error) ||
      !_dp_store_commit (self, error))
    {
      _dp_store_rollback (self);
      return FALSE;
    }

  return TRUE;
}
