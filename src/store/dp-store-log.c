/* dp-store-log.c — the game log: creating, appending, undo, redo, loading and the replay check
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-store-internal.h"

gboolean
_dp_store_lookup_game (DpStore     *self,
                       const char  *game_id,
                       DpStoreGameRow *out,
                       GError     **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  stmt = _dp_store_query (self, error,
                          "SELECT g.id, g.state, "
                          "  (SELECT coalesce (max (a.seq) + 1, 0) FROM actions a WHERE a.game = g.id), "
                          "  g.finished "
                          "FROM games g WHERE g.uuid = ? AND g.deleted = 0",
                          "t", game_id);
  if (stmt == NULL)
    return FALSE;
  if (!_dp_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    return _dp_store_set_not_found (game_id, error);

  out->row = sqlite3_column_int64 (stmt, 0);
  out->state = CLAMP (sqlite3_column_int (stmt, 1), DP_GAME_STATE_IN_PROGRESS, DP_GAME_STATE_ABANDONED);
  out->n_actions = (guint) sqlite3_column_int64 (stmt, 2);
  out->finished = sqlite3_column_int64 (stmt, 3);
  return TRUE;
}

/* The caller's state (@current, NULL = no check) must be the stored one: the log
 * position is the same, or another window or program has moved the game on. */
static gboolean
check_position (const DpStoreGameRow *info,
                const DpGame   *current,
                GError        **error)
{
  if (current == NULL || info->n_actions == dp_game_get_n_actions (current))
    return TRUE;

  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE,
               _("This game was changed elsewhere (in another window or program). "
                 "Open it again to go on."));
  return FALSE;
}

static gboolean
set_game_over (DpGameState   state,
               GError      **error)
{
  if (state == DP_GAME_STATE_ABANDONED)
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_GAME_OVER,
                 _("This game was abandoned: no more entries can be made."));
  else
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_GAME_OVER,
                 _("This game is over: no more entries can be made."));
  return FALSE;
}

/* The log of game @game_id cannot be trusted: rows are missing or out of order. */
static gboolean
set_damaged_log (const char  *game_id,
                 guint        n_readable,
                 guint        n_stored,
                 GError     **error)
{
  /* More rows than the game counts: "only 148 of its 145" would make no sense
   * (issue 26, item 9). */
  if (n_readable > n_stored)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                   /* Translators: the first %s is the game's id; then "148 actions where it counts 145" */
                   g_dngettext (GETTEXT_PACKAGE,
                                "The game “%s” is damaged in the database: its log holds %u action where it counts %u.",
                                "The game “%s” is damaged in the database: its log holds %u actions where it counts %u.",
                                n_readable),
                   game_id, n_readable, n_stored);
      return FALSE;
    }

  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
               /* Translators: the first %s is the game's id; then "19 of its 143 actions" */
               g_dngettext (GETTEXT_PACKAGE,
                            "The game “%s” is damaged in the database: only %u of its %u action can be read.",
                            "The game “%s” is damaged in the database: only %u of its %u actions can be read.",
                            n_stored),
               game_id, n_readable, n_stored);
  return FALSE;
}

/* Reads the setup and the log of a game, and checks the log against the count the
 * game's row keeps: a damaged page must never show as a shorter game (issue 16, item 4).
 * With @prefix_ok, a damaged log gives what can be read in order (for a rescue export)
 * and *complete says whether that is all of it. */
gboolean
_dp_store_read_log_full (DpStore     *self,
                         gint64       row,
                         const char  *game_id,
                         gboolean     prefix_ok,
                         char       **setup_out,
                         GPtrArray  **actions_out,
                         gboolean    *complete,
                         guint       *n_stored_out,
                         GError     **error)
{
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *setup = NULL;
  gboolean has_row, in_order = TRUE;
  gint64 n_stored = 0;

  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_query (self, error,
                                                   "SELECT setup, n_actions FROM games WHERE id = ?",
                                                   "I", row);

    if (stmt == NULL)
      return FALSE;
    if (!_dp_store_step_row (self, stmt, &has_row, error))
      return FALSE;
    if (!has_row)
      return _dp_store_db_error (self, SQLITE_CORRUPT, error);
    setup = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    n_stored = sqlite3_column_int64 (stmt, 1);
  }

  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_query (self, error,
                                                   "SELECT seq, json FROM actions WHERE game = ? ORDER BY seq",
                                                   "I", row);

    if (stmt == NULL)
      return FALSE;
    for (;;)
      {
        const char *text;

        if (!_dp_store_step_row (self, stmt, &has_row, error))
          return FALSE;
        if (!has_row)
          break;
        /* Action i is row seq = i: a gap is a lost row. */
        if (sqlite3_column_int64 (stmt, 0) != (gint64) actions->len)
          {
            in_order = FALSE;
            break;
          }
        text = (const char *) sqlite3_column_text (stmt, 1);
        g_ptr_array_add (actions, g_strdup (text != NULL ? text : ""));
      }
  }

  if (complete != NULL)
    *complete = in_order && n_stored == (gint64) actions->len;
  if (n_stored_out != NULL)
    *n_stored_out = (guint) CLAMP (n_stored, 0, G_MAXUINT);
  if ((!in_order || n_stored != (gint64) actions->len) && !prefix_ok)
    return set_damaged_log (game_id, actions->len, (guint) CLAMP (n_stored, 0, G_MAXUINT), error);

  *setup_out = g_steal_pointer (&setup);
  *actions_out = g_steal_pointer (&actions);
  return TRUE;
}

gboolean
_dp_store_read_log (DpStore     *self,
                    gint64       row,
                    const char  *game_id,
                    char       **setup_out,
                    GPtrArray  **actions_out,
                    GError     **error)
{
  return _dp_store_read_log_full (self, row, game_id, FALSE, setup_out, actions_out, NULL, NULL, error);
}

/* Replays the first @n_actions of the log through the core. */
DpGame *
_dp_store_replay_log (const char   *game_id,
                      const char   *setup,
                      GPtrArray    *actions,
                      guint         n_actions,
                      GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  DpGame *game;
  int failed = -1;

  g_assert (n_actions <= actions->len);

  if (setup == NULL)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                   _("The stored setup of game “%s” cannot be read back."), game_id);
      return NULL;
    }

  game = dp_game_replay (setup, (const char *const *) actions->pdata, n_actions,
                         &failed, &local_error);
  if (game != NULL)
    return game;

  if (failed < 0)
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                 _("The stored setup of game “%s” cannot be read back: %s"),
                 game_id, local_error->message);
  else
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                 /* Translators: %d counts the game's actions from 1, the first %s is
                  * the game's id, the last one the reason */
                 _("Stored action %d of game “%s” cannot be read back: %s"),
                 failed + 1, game_id, local_error->message);
  return NULL;
}

/* Inserts the game row and its seats; returns the row id. */
static gboolean
insert_game (DpStore       *self,
             const char    *uuid,
             const DpGame  *game,
             gint64         created,
             gint64        *row_out,
             GError       **error)
{
  g_autofree char *setup = dp_game_dup_setup_text (game);
  guint n_players = dp_game_get_n_players (game);
  gint64 row;

  {
    g_autoptr(DpStoreStmt) stmt = NULL;

    stmt = _dp_store_query (self, error,
                            "INSERT INTO games (uuid, kind, created, setup, n_players) "
                            "VALUES (?, ?, ?, ?, ?)",
                            "ttIti",
                            uuid,
                            dp_game_kind_get_id (dp_game_get_kind (game)),
                            created,
                            setup,
                            (int) n_players);
    if (stmt == NULL)
      return FALSE;
    if (!_dp_store_step_done (self, stmt, error))
      return FALSE;
    row = sqlite3_last_insert_rowid (self->db);
  }

  for (guint seat = 0; seat < n_players; seat++)
    {
      gint64 player = 0;

      if (!_dp_store_upsert_player (self, dp_game_get_player_name (game, seat), created, &player, error) ||
          !_dp_store_run (self, error,
                          "INSERT INTO seats (game, seat, player, total, rank) VALUES (?, ?, ?, ?, ?)",
                          "IiIii", row, (int) seat, player, dp_game_get_total (game, seat),
                          (int) dp_game_get_rank (game, seat)))
        return FALSE;
    }

  *row_out = row;
  return TRUE;
}

static gboolean
insert_seat_stat (DpStore     *self,
                  gint64       row,
                  guint        seat,
                  const char  *key,
                  double       value,
                  GError     **error)
{
  return _dp_store_run (self, error,
                        "INSERT INTO seat_stats (game, seat, key, value) VALUES (?, ?, ?, ?)",
                        "Iitd", row, (int) seat, key, value);
}

/* Brings the game_facts rows of game @row in line with @game's facts
 * (dp_game_dup_facts()); the triggers of 0007-known-facts.sql keep known_facts. Only
 * the keys whose value changed are touched, so an action that tells nothing writes
 * nothing. Only for games that are not deleted, as _dp_store_update_summary(). */
gboolean
_dp_store_write_facts (DpStore       *self,
                       gint64         row,
                       const DpGame  *game,
                       GError       **error)
{
  g_autoptr(GHashTable) facts = dp_game_dup_facts (game);
  g_autoptr(GHashTable) stored = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (facts == NULL)
    return TRUE;

  stored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_query (self, error,
                                                   "SELECT key, value FROM game_facts WHERE game = ?",
                                                   "I", row);
    gboolean has_row;

    if (stmt == NULL)
      return FALSE;
    for (;;)
      {
        if (!_dp_store_step_row (self, stmt, &has_row, error))
          return FALSE;
        if (!has_row)
          break;
        g_hash_table_insert (stored,
                             g_strdup ((const char *) sqlite3_column_text (stmt, 0)),
                             g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
      }
  }

  g_hash_table_iter_init (&iter, stored);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *now = g_hash_table_lookup (facts, key);

      if (g_strcmp0 (now, value) == 0)
        {
          g_hash_table_remove (facts, key);   /* unchanged: nothing to write */
          continue;
        }
      if (!_dp_store_run (self, error, "DELETE FROM game_facts WHERE game = ? AND key = ?", "It", row, key))
        return FALSE;
    }

  g_hash_table_iter_init (&iter, facts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      if (!_dp_store_run (self, error,
                          "INSERT INTO game_facts (kind, key, created, game, value) "
                          "SELECT kind, ?2, created, id, ?3 FROM games WHERE id = ?1",
                          "Itt", row, key, value))
        return FALSE;
    }

  return TRUE;
}

/* Brings the summary of a game (seats, state, statistics) in line with @game, the
 * state after its last stored action. Finishing and un-finishing both go here, in
 * the same transaction as the action that caused them. Only called for games that are
 * not deleted: seat_stats rows exist exactly for finished games that are not deleted. */
gboolean
_dp_store_update_summary (DpStore       *self,
                          gint64         row,
                          const DpGame  *game,
                          gint64         finished_time,
                          GError       **error)
{
  gboolean finished = dp_game_is_finished (game);
  guint n_players = dp_game_get_n_players (game);

  for (guint seat = 0; seat < n_players; seat++)
    if (!_dp_store_run (self, error,
                        "UPDATE seats SET total = ?, rank = ?, winner = ? WHERE game = ? AND seat = ?",
                        "iiiIi",
                        dp_game_get_total (game, seat),
                        (int) dp_game_get_rank (game, seat),
                        finished && dp_game_is_winner (game, seat),
                        row,
                        (int) seat))
      return FALSE;

  if (!_dp_store_run (self, error,
                      "UPDATE games SET n_actions = ?, state = ?, finished = ? WHERE id = ?",
                      "iiII",
                      (int) dp_game_get_n_actions (game),
                      finished ? DP_GAME_STATE_FINISHED : DP_GAME_STATE_IN_PROGRESS,
                      finished ? finished_time : 0,
                      row))
    return FALSE;

  if (!_dp_store_run (self, error,
                      "DELETE FROM seat_stats WHERE game = ?",
                      "I", row))
    return FALSE;

  if (!_dp_store_write_facts (self, row, game, error))
    return FALSE;

  if (!finished)
    return TRUE;

  for (guint seat = 0; seat < n_players; seat++)
    {
      g_autoptr(JsonObject) stats = dp_game_dup_seat_stats (game, seat);
      JsonObjectIter iter;
      const char *key;
      JsonNode *value;

      /* The store's own keys ("#" never starts a game's key): what the statistics
       * page needs besides the game's averages, summed by the stat_sums triggers. */
      if (!insert_seat_stat (self, row, seat, "#games", 1.0, error) ||
          !insert_seat_stat (self, row, seat, "#wins", dp_game_is_winner (game, seat) ? 1.0 : 0.0, error) ||
          !insert_seat_stat (self, row, seat, "#total", dp_game_get_total (game, seat), error) ||
          !insert_seat_stat (self, row, seat, "#place", dp_game_get_rank (game, seat), error))
        return FALSE;

      if (stats == NULL)
        continue;

      json_object_iter_init (&iter, stats);
      while (json_object_iter_next (&iter, &key, &value))
        {
          GType type;

          if (!JSON_NODE_HOLDS_VALUE (value) || key[0] == '#')
            continue;
          type = json_node_get_value_type (value);
          if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE && type != G_TYPE_BOOLEAN)
            continue;

          if (!insert_seat_stat (self, row, seat, key,
                                 type == G_TYPE_BOOLEAN
                                   ? (json_node_get_boolean (value) ? 1.0 : 0.0)
                                   : json_node_get_double (value),
                                 error))
            return FALSE;
        }
    }

  return TRUE;
}

/* Adds action number @seq (canonical text) to the log; @after is the state with it,
 * ended at @finished_time if the action ends the game. */
static gboolean
insert_action (DpStore       *self,
               gint64         row,
               guint          seq,
               const char    *text,
               const DpGame  *after,
               gint64         finished_time,
               GError       **error)
{
  if (!_dp_store_run (self, error,
                      "INSERT INTO actions (game, seq, json) VALUES (?, ?, ?)",
                      "Iit", row, (int) seq, text))
    return FALSE;

  return _dp_store_update_summary (self, row, after, finished_time, error);
}

static gboolean
clear_redo (DpStore  *self,
            gint64    row,
            GError  **error)
{
  return _dp_store_run (self, error, "DELETE FROM redo WHERE game = ?", "I", row);
}

/* ---- Writing a game ---- */

char *
dp_store_create_game_at (DpStore       *self,
                         const DpGame  *game,
                         gint64         created,
                         GError       **error)
{
  g_autofree char *uuid = NULL;
  gint64 row;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (dp_game_get_n_actions (game) == 0, NULL);

  if (!_dp_store_check_game_names (game, error))
    return NULL;

  uuid = g_uuid_string_random ();

  if (!_dp_store_begin (self, error))
    return NULL;

  /* A setup may carry facts from earlier games (dp_game_dup_facts()): the new game
   * holds them from the start. */
  if (!insert_game (self, uuid, game, created, &row, error) ||
      !_dp_store_write_facts (self, row, game, error) ||
      !_dp_store_commit (self, error))
    {
      _dp_store_rollback (self);
      return NULL;
    }

  return g_steal_pointer (&uuid);
}

char *
dp_store_create_game (DpStore       *self,
                      const DpGame  *game,
                      GError       **error)
{
  return dp_store_create_game_at (self, game, g_get_real_time () / G_USEC_PER_SEC, error);
}

gboolean
dp_store_append_action (DpStore     *self,
                        const char  *game_id,
                        DpGame      *game,
                        JsonObject  *action,
                        GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(DpGame) after = NULL;
  g_autoptr(GError) local_error = NULL;
  DpStoreGameRow info;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  /* The core decides; the store keeps the canonical form, and checks that this very
   * text reproduces the state, so a replay gives back exactly what is shown. */
  text = dp_game_normalize_action (game, action, error);
  if (text == NULL)
    return FALSE;
  after = dp_game_copy (game);
  if (!dp_game_apply_text (after, text, error))
    return FALSE;

  if (!_dp_store_begin (self, error))
    return FALSE;

  if (!_dp_store_lookup_game (self, game_id, &info, error))
    goto fail;

  if (info.state != DP_GAME_STATE_IN_PROGRESS)
    {
      set_game_over (info.state, error);
      goto fail;
    }

  if (!check_position (&info, game, error))
    goto fail;

  if (!insert_action (self, info.row, info.n_actions, text, after, g_get_real_time () / G_USEC_PER_SEC, error) ||
      !clear_redo (self, info.row, error) ||
      !_dp_store_commit (self, error))
    goto fail;

  /* Committed: now, and only now, the caller's state moves on. The copy accepted this
   * text, so the original does too. */
  if (!dp_game_apply_text (game, text, &local_error))
    g_warning ("Stored action not accepted on the second apply: %s", local_error->message);

  return TRUE;

fail:
  _dp_store_rollback (self);
  return FALSE;
}

/* Undo (@redo FALSE) moves the last action of the log to the top of the redo stack;
 * redo moves it back. Both check the caller's state (@current), replay the log and
 * bring the summary in line, in one transaction, and return the new state. */
static DpGame *
move_last_action (DpStore       *self,
                  const char    *game_id,
                  const DpGame  *current,
                  gboolean       redo,
                  GError       **error)
{
  g_autofree char *setup = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GError) local_error = NULL;
  DpStoreGameRow info;
  gint64 pos = 0;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!_dp_store_begin (self, error))
    return NULL;

  if (!_dp_store_lookup_game (self, game_id, &info, error))
    goto fail;

  /* Redo: the top of the stack. Undo: the position the undone action takes there. */
  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_query (self, error,
                                                   redo ? "SELECT pos, json FROM redo WHERE game = ? ORDER BY pos DESC LIMIT 1"
                                                        : "SELECT coalesce (max (pos) + 1, 0) FROM redo WHERE game = ?",
                                                   "I", info.row);
    gboolean has_row;

    if (stmt == NULL || !_dp_store_step_row (self, stmt, &has_row, error))
      goto fail;
    if (redo && !has_row)
      {
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOTHING_TO_REDO,
                     _("There is nothing to redo."));
        goto fail;
      }
    pos = has_row ? sqlite3_column_int64 (stmt, 0) : 0;
    if (redo)
      text = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  }

  /* A finished game can take back its last action, not take another one. */
  if (info.state == DP_GAME_STATE_ABANDONED || (redo && info.state != DP_GAME_STATE_IN_PROGRESS))
    {
      set_game_over (info.state, error);
      goto fail;
    }

  if (!check_position (&info, current, error))
    goto fail;

  if (!redo && info.n_actions == 0)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOTHING_TO_UNDO,
                   _("There is nothing to undo."));
      goto fail;
    }

  if (!_dp_store_read_log (self, info.row, game_id, &setup, &actions, error))
    goto fail;
  if (actions->len != info.n_actions)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                   _("The stored actions of game “%s” have gaps."), game_id);
      goto fail;
    }

  game = _dp_store_replay_log (game_id, setup, actions, redo ? info.n_actions : info.n_actions - 1, error);
  if (game == NULL)
    goto fail;

  if (redo)
    {
      if (text == NULL || !dp_game_apply_text (game, text, &local_error))
        {
          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                       _("The action to redo in game “%s” cannot be read back: %s"),
                       game_id, local_error != NULL ? local_error->message : "NULL");
          goto fail;
        }
      /* Redoing the action that ended the game ends it when it ended, not now (issue 26,
       * item 7): undo kept that time in games.finished. */
      if (!_dp_store_run (self, error, "DELETE FROM redo WHERE game = ? AND pos = ?", "II", info.row, pos) ||
          !insert_action (self, info.row, info.n_actions, text, game,
                          info.finished != 0 ? info.finished : g_get_real_time () / G_USEC_PER_SEC, error))
        goto fail;
    }
  else
    {
      if (!_dp_store_run (self, error,
                          "INSERT INTO redo (game, pos, json) VALUES (?, ?, ?)",
                          "IIt", info.row, pos, g_ptr_array_index (actions, info.n_actions - 1)) ||
          !_dp_store_run (self, error,
                          "DELETE FROM actions WHERE game = ? AND seq = ?",
                          "Ii", info.row, (int) info.n_actions - 1) ||
          !_dp_store_update_summary (self, info.row, game, 0, error))
        goto fail;
    }

  /* A game taken back from its end keeps the time it ended while its actions wait on the
   * redo stack (readers show it only once the game is finished again); a new action
   * clears both. */
  if (info.finished != 0 && !dp_game_is_finished (game) &&
      !_dp_store_run (self, error, "UPDATE games SET finished = ? WHERE id = ?", "II", info.finished, info.row))
    goto fail;

  if (!_dp_store_commit (self, error))
    goto fail;

  return g_steal_pointer (&game);

fail:
  _dp_store_rollback (self);
  return NULL;
}

DpGame *
dp_store_undo (DpStore       *self,
               const char    *game_id,
               const DpGame  *current,
               GError       **error)
{
  return move_last_action (self, game_id, current, FALSE, error);
}

DpGame *
dp_store_redo (DpStore       *self,
               const char    *game_id,
               const DpGame  *current,
               GError       **error)
{
  return move_last_action (self, game_id, current, TRUE, error);
}

guint
dp_store_get_n_redo (DpStore    *self,
                     const char *game_id)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), 0);
  g_return_val_if_fail (game_id != NULL, 0);

  stmt = _dp_store_prepare (self,
                            "SELECT count (*) FROM redo r JOIN games g ON g.id = r.game "
                            "WHERE g.uuid = ? AND g.deleted = 0 AND g.state = 0",
                            NULL);
  if (stmt == NULL)
    return 0;
  _dp_store_bind_text (stmt, 1, game_id);
  if (!_dp_store_step_row (self, stmt, &has_row, NULL) || !has_row)
    return 0;

  return (guint) sqlite3_column_int64 (stmt, 0);
}

gboolean
dp_store_get_data_version (DpStore  *self,
                           gint64   *version,
                           GError  **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);

  /* One read of the WAL index: no table is touched, whatever the file holds. */
  stmt = _dp_store_prepare (self, "PRAGMA data_version", error);
  if (stmt == NULL || !_dp_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  *version = has_row ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

gboolean
dp_store_abandon_game (DpStore     *self,
                       const char  *game_id,
                       GError     **error)
{
  DpStoreGameRow info;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  if (!_dp_store_begin (self, error))
    return FALSE;

  if (!_dp_store_lookup_game (self, game_id, &info, error))
    goto fail;

  if (info.state == DP_GAME_STATE_FINISHED)
    {
      set_game_over (info.state, error);
      goto fail;
    }

  if (!_dp_store_run (self, error,
                      "UPDATE games SET state = 2, finished = 0 WHERE id = ?",
                      "I", info.row))
    goto fail;

  if (!clear_redo (self, info.row, error) ||
      !_dp_store_commit (self, error))
    goto fail;

  return TRUE;

fail:
  _dp_store_rollback (self);
  return FALSE;
}

/* ---- Reading ---- */

DpGame *
dp_store_load_game (DpStore     *self,
                    const char  *game_id,
                    GError     **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  actions = dp_store_get_actions (self, game_id, &setup, error);
  if (actions == NULL)
    return NULL;

  return _dp_store_replay_log (game_id, setup, actions, actions->len, error);
}

GPtrArray *
dp_store_get_actions (DpStore     *self,
                      const char  *game_id,
                      char       **setup_text,
                      GError     **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  DpStoreGameRow info;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  /* One read transaction: the setup and the log come from the same snapshot. */
  if (!_dp_store_exec (self, "BEGIN", error))
    return NULL;

  if (!_dp_store_lookup_game (self, game_id, &info, error) ||
      !_dp_store_read_log (self, info.row, game_id, &setup, &actions, error))
    {
      _dp_store_rollback (self);
      return NULL;
    }

  _dp_store_rollback (self);

  if (setup_text != NULL)
    *setup_text = g_steal_pointer (&setup);

  return g_steal_pointer (&actions);
}

GPtrArray *
dp_store_get_readable_actions (DpStore     *self,
                               const char  *game_id,
                               char       **setup_text,
                               guint       *n_stored,
                               GError     **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  gboolean complete = FALSE;
  DpStoreGameRow info;
  guint stored = 0;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!_dp_store_exec (self, "BEGIN", error))
    return NULL;

  if (!_dp_store_lookup_game (self, game_id, &info, error) ||
      !_dp_store_read_log_full (self, info.row, game_id, TRUE, &setup, &actions, &complete, &stored, error))
    {
      _dp_store_rollback (self);
      return NULL;
    }
  _dp_store_rollback (self);

  if (n_stored != NULL)
    *n_stored = complete ? actions->len : MAX (stored, actions->len + 1);
  if (setup_text != NULL)
    *setup_text = g_steal_pointer (&setup);
  return g_steal_pointer (&actions);
}

/* ---- Import (the checks are dp-exchange.c's) ---- */

gboolean
_dp_store_import_begin (DpStore  *self,
                        GError  **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);

  return _dp_store_begin (self, error);
}

gboolean
_dp_store_import_commit (DpStore  *self,
                         GError  **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);

  return _dp_store_commit (self, error);
}

void
_dp_store_import_rollback (DpStore *self)
{
  g_return_if_fail (DP_IS_STORE (self));

  _dp_store_rollback (self);
}

gboolean
_dp_store_import_game (DpStore       *self,
                       const char    *uuid,
                       gint64         created,
                       gint64         finished,
                       DpGameState    state,
                       const DpGame  *game,
                       GPtrArray     *texts,
                       gboolean      *imported,
                       GError       **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean exists;
  gint64 row;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (texts->len == dp_game_get_n_actions (game), FALSE);

  *imported = FALSE;

  {
    g_autoptr(DpStoreStmt) lookup = _dp_store_query (self, error,
                                                     "SELECT 1 FROM games WHERE uuid = ?",
                                                     "t", uuid);

    if (lookup == NULL)
      return FALSE;
    if (!_dp_store_step_row (self, lookup, &exists, error))
      return FALSE;
    if (exists)
      return TRUE;
  }

  /* The setup text is the same in every state of a game: insert_game takes it from
   * the final state. */
  if (!insert_game (self, uuid, game, created, &row, error))
    return FALSE;

  stmt = _dp_store_prepare (self, "INSERT INTO actions (game, seq, json) VALUES (?, ?, ?)", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < texts->len; i++)
    {
      sqlite3_bind_int64 (stmt, 1, row);
      sqlite3_bind_int (stmt, 2, (int) i);
      _dp_store_bind_text (stmt, 3, g_ptr_array_index (texts, i));
      if (!_dp_store_step_done (self, stmt, error))
        return FALSE;
      sqlite3_reset (stmt);
    }

  if (!_dp_store_update_summary (self, row, game, finished != 0 ? finished : created, error))
    return FALSE;

  if (state == DP_GAME_STATE_ABANDONED)
    if (!_dp_store_run (self, error,
                        "UPDATE games SET state = 2 WHERE id = ?",
                        "I", row))
      return FALSE;

  *imported = TRUE;
  return TRUE;
}
