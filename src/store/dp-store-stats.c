/* dp-store-stats.c — statistics: per player, head to head, and the facts that outlive a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "dp-store-internal.h"

void
dp_player_stats_free (DpPlayerStats *stats)
{
  if (stats == NULL)
    return;

  g_free (stats->name);
  g_clear_pointer (&stats->averages, g_hash_table_unref);
  g_free (stats);
}

/* A count read back as a double (SQLite's sum): NaN and negatives are 0, the rest is
 * clamped to what a guint holds. */
static guint
count_from_double (double value)
{
  if (!(value > 0.0))
    return 0;
  if (value >= (double) G_MAXUINT)
    return G_MAXUINT;
  return (guint) value;
}

static int
compare_player_stats (gconstpointer a,
                      gconstpointer b)
{
  const DpPlayerStats *x = *(DpPlayerStats *const *) a;
  const DpPlayerStats *y = *(DpPlayerStats *const *) b;

  if (x->wins != y->wins)
    return x->wins > y->wins ? -1 : 1;
  if (x->win_rate != y->win_rate)
    return x->win_rate > y->win_rate ? -1 : 1;
  return g_utf8_collate (x->name, y->name);
}

/* The best (@highest) or worst total of a player: the first entry of stat_totals (kept
 * by triggers) from either end, per game kind, so no scan of all the player's games;
 * with no @kind given, the extreme of the kinds' extremes. */
static gboolean
player_extreme_total (DpStore     *self,
                      gint64       player,
                      const char  *kind,
                      gboolean     highest,
                      int         *out,
                      GError     **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  stmt = _dp_store_query (self, error,
                          highest
                          ? "SELECT max (t) FROM (SELECT (SELECT st.total FROM stat_totals st "
                            "  WHERE st.kind = k.kind AND st.player = ?1 ORDER BY st.total DESC LIMIT 1) AS t "
                            "FROM (SELECT DISTINCT kind FROM stat_sums WHERE ?2 IS NULL OR kind = ?2) k)"
                          : "SELECT min (t) FROM (SELECT (SELECT st.total FROM stat_totals st "
                            "  WHERE st.kind = k.kind AND st.player = ?1 ORDER BY st.total ASC LIMIT 1) AS t "
                            "FROM (SELECT DISTINCT kind FROM stat_sums WHERE ?2 IS NULL OR kind = ?2) k)",
                          "It", player, kind);
  if (stmt == NULL)
    return FALSE;
  if (!_dp_store_step_row (self, stmt, &has_row, error))
    return FALSE;

  *out = has_row ? sqlite3_column_int (stmt, 0) : 0;
  return TRUE;
}

GPtrArray *
dp_store_player_stats (DpStore     *self,
                       const char  *kind,
                       const char  *player,
                       GError     **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_player_stats_free);
  g_autoptr(GHashTable) by_id = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(DpStoreStmt) stmt = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  if (!_dp_store_exec (self, "BEGIN", error))
    return NULL;

  /* Sums per kind, player and key (stat_sums, kept by triggers); with no kind given,
   * the kinds are added up here. */
  stmt = _dp_store_query (self, error,
                          "SELECT ss.player, p.name, ss.key, sum (ss.total), sum (ss.n) "
                          "FROM stat_sums ss LEFT JOIN players p ON p.id = ss.player "
                          "WHERE ss.n > 0 AND (?1 IS NULL OR ss.kind = ?1) AND (?2 IS NULL OR p.name = ?2) "
                          "GROUP BY ss.player, ss.key",
                          "tt", kind, player);
  if (stmt == NULL)
    goto fail;

  for (;;)
    {
      gboolean has_row;
      gint64 id;
      const char *stat_key;
      double sum;
      gint64 n;
      DpPlayerStats *stats;

      if (!_dp_store_step_row (self, stmt, &has_row, error))
        goto fail;
      if (!has_row)
        break;

      id = sqlite3_column_int64 (stmt, 0);
      stat_key = (const char *) sqlite3_column_text (stmt, 2);
      sum = sqlite3_column_double (stmt, 3);
      n = sqlite3_column_int64 (stmt, 4);

      stats = g_hash_table_lookup (by_id, &id);
      if (stats == NULL && sqlite3_column_type (stmt, 1) != SQLITE_TEXT)
        {
          g_autofree char *display = g_filename_display_name (self->path);

          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                       _("The game database “%s” is damaged: a player’s name cannot be read."),
                       display);
          goto fail;
        }
      if (stats == NULL)
        {
          stats = g_new0 (DpPlayerStats, 1);
          stats->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
          stats->averages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
          g_hash_table_insert (by_id, g_memdup2 (&id, sizeof id), stats);
          g_ptr_array_add (result, stats);
        }

      if (stat_key == NULL || n <= 0)
        continue;

      /* Counts and sums come from the file: an edited or damaged row may hold any
       * double, and casting one out of range is undefined behaviour. */
      if (g_str_equal (stat_key, "#games"))
        stats->games = count_from_double (sum);
      else if (g_str_equal (stat_key, "#wins"))
        stats->wins = count_from_double (sum);
      else if (g_str_equal (stat_key, "#total"))
        stats->average_total = isfinite (sum) ? sum : 0.0;   /* the sum until divided below */
      else if (g_str_equal (stat_key, "#place"))
        stats->average_place = isfinite (sum) ? sum / (double) n : 0.0;
      else if (stat_key[0] != '#')
        {
          double *average = g_new (double, 1);

          *average = sum / (double) n;
          g_hash_table_insert (stats->averages, g_strdup (stat_key), average);
        }
    }

  g_hash_table_iter_init (&iter, by_id);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      DpPlayerStats *stats = value;

      stats->wins = MIN (stats->wins, stats->games);
      if (stats->games > 0)
        {
          stats->win_rate = (double) stats->wins / stats->games;
          stats->average_total /= (double) stats->games;
        }
      else
        {
          stats->average_total = 0.0;
        }
      if (!player_extreme_total (self, *(gint64 *) key, kind, TRUE, &stats->best_total, error) ||
          !player_extreme_total (self, *(gint64 *) key, kind, FALSE, &stats->worst_total, error))
        goto fail;
    }

  _dp_store_rollback (self);

  /* A player whose games were all deleted or undone has only zero counts left. */
  for (guint i = result->len; i > 0; i--)
    {
      if (((DpPlayerStats *) g_ptr_array_index (result, i - 1))->games == 0)
        g_ptr_array_remove_index (result, i - 1);
    }
  g_ptr_array_sort (result, compare_player_stats);

  return g_steal_pointer (&result);

fail:
  _dp_store_rollback (self);
  return NULL;
}

GHashTable *
dp_store_dup_known_facts (DpStore     *self,
                          const char  *kind,
                          GError     **error)
{
  g_autoptr(GHashTable) facts = NULL;
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (kind != NULL, NULL);

  stmt = _dp_store_query (self, error,
                          "SELECT key, value FROM known_facts WHERE kind = ?",
                          "t", kind);
  if (stmt == NULL)
    return NULL;
  facts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (;;)
    {
      if (!_dp_store_step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        break;
      g_hash_table_insert (facts,
                           g_strdup ((const char *) sqlite3_column_text (stmt, 0)),
                           g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  return g_steal_pointer (&facts);
}

gboolean
dp_store_head_to_head (DpStore       *self,
                       const char    *kind,
                       const char    *a,
                       const char    *b,
                       DpHeadToHead  *out,
                       GError       **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);

  if (strcmp (a, b) == 0)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                   _("Choose two different players to compare."));
      return FALSE;
    }

  stmt = _dp_store_query (self, error,
                          "SELECT coalesce (sum (games), 0), coalesce (sum (wins_a), 0), "
                          "  coalesce (sum (wins_b), 0), coalesce (sum (ties), 0) "
                          "FROM pair_sums "
                          "WHERE a = (SELECT id FROM players WHERE name = ?1) "
                          "  AND b = (SELECT id FROM players WHERE name = ?2) "
                          "  AND (?3 IS NULL OR kind = ?3)",
                          "tt", a, b);
  if (stmt == NULL)
    return FALSE;
  if (kind != NULL)
    _dp_store_bind_text (stmt, 3, kind);
  if (!_dp_store_step_row (self, stmt, &has_row, error))
    return FALSE;

  if (has_row)
    {
      out->games = (guint) sqlite3_column_int64 (stmt, 0);
      out->wins_a = (guint) sqlite3_column_int64 (stmt, 1);
      out->wins_b = (guint) sqlite3_column_int64 (stmt, 2);
      out->ties = (guint) sqlite3_column_int64 (stmt, 3);
    }

  return TRUE;
}
