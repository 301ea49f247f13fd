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
  summary->state = CLAMP (sqlite3_column_int (row_stmt, 5), DP_GAME_STATE_IN_PROGRESS, DP_GAME_STATE_ABANDONED);
  /* An unfinished game may keep the time it ended before an undo (for redo). */
  summary->finished = summary->state == DP_GAME_STATE_FINISHED ? sqlite3_column_int64 (row_stmt, 4) : 0;
  summary->n_actions = (guint) sqlite3_column_int64 (row_stmt, 6);
  summary->row = row;

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

/* The conditions every kind of list shares, on the columns of @t (games g or
 * player_games pg, which copies them): deleted or not, kind, state, dates, and the key
 * to go on after. Values are always bound, never spliced in. */
static void
append_common (GString            *sql,
               GArray             *binds,
               const DpGameFilter *filter,
               const char         *t,
               const char         *row_column,
               const DpGameKey    *after)
{
  g_string_append_printf (sql, " WHERE %s.deleted = %d", t, filter->deleted ? 1 : 0);
  if (filter->kind != NULL)
    {
      g_string_append_printf (sql, " AND %s.kind = ?", t);
      add_text_bind (binds, filter->kind);
    }
  if (filter->state >= 0)
    {
      g_string_append_printf (sql, " AND %s.state = ?", t);
      add_number_bind (binds, filter->state);
    }
  if (filter->from != 0)
    {
      g_string_append_printf (sql, " AND %s.created >= ?", t);
      add_number_bind (binds, filter->from);
    }
  if (filter->to != 0)
    {
      g_string_append_printf (sql, " AND %s.created <= ?", t);
      add_number_bind (binds, filter->to);
    }
  if (after != NULL)
    {
      gboolean oldest = filter->sort == DP_GAME_SORT_OLDEST;

      /* The plain bound on created is what makes it an index range; the pair then
       * breaks the ties of one second. */
      g_string_append_printf (sql, " AND %s.created %s ? AND (%s.created, %s.%s) %s (?, ?)", t, oldest ? ">=" : "<=",
                              t, t, row_column, oldest ? ">" : "<");
      add_number_bind (binds, after->created);
      add_number_bind (binds, after->created);
      add_number_bind (binds, after->row);
    }
}

static void
append_order (GString            *sql,
              GArray             *binds,
              const DpGameFilter *filter,
              const char         *t,
              const char         *row_column,
              guint               limit)
{
  const char *direction = filter->sort == DP_GAME_SORT_OLDEST ? "ASC" : "DESC";

  g_string_append_printf (sql, " ORDER BY %s.created %s, %s.%s %s LIMIT ?", t, direction, t, row_column, direction);
  add_number_bind (binds, limit == 0 ? -1 : (gint64) limit);
}

#define MATCHING_PLAYERS "SELECT id FROM players WHERE instr (dp_casefold (name), ?) > 0"

/* Appends the keys of one query's rows (columns: created, row) to @keys. */
static void
finalize_stmt (sqlite3_stmt *stmt)
{
  sqlite3_finalize (stmt);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (sqlite3_stmt, finalize_stmt)

/* Appends the keys of one query's rows (columns: created, row) to @keys. A query that
 * names the players a search matched (@once) is not kept in the statement cache: its
 * text differs with every search. */
static gboolean
collect_keys (DpStore   *self,
              GString   *sql,
              GArray    *binds,
              gboolean   once,
              GArray    *keys,
              GError   **error)
{
  g_autoptr(DpStoreStmt) cached = NULL;
  g_autoptr(sqlite3_stmt) own = NULL;
  sqlite3_stmt *stmt;

  if (once)
    {
      int rc = sqlite3_prepare_v2 (self->db, sql->str, -1, &own, NULL);

      if (rc != SQLITE_OK)
        return _dp_store_db_error (self, rc, error);
      stmt = own;
    }
  else
    {
      cached = _dp_store_prepare (self, sql->str, error);
      if (cached == NULL)
        return FALSE;
      stmt = cached;
    }
  apply_binds (stmt, binds);
  for (;;)
    {
      gboolean has_row;
      DpGameKey key;

      if (!_dp_store_step_row (self, stmt, &has_row, error))
        return FALSE;
      if (!has_row)
        return TRUE;
      key.created = sqlite3_column_int64 (stmt, 0);
      key.row = sqlite3_column_int64 (stmt, 1);
      g_array_append_val (keys, key);
    }
}

/* "3, 17, 42": the ids of the players a search matched, for `s.player IN (…)`. They
 * are row numbers read from the database, never text a person typed. */
static char *
id_list (GArray *players)
{
  GString *list = g_string_new (NULL);

  for (guint i = 0; i < players->len; i++)
    g_string_append_printf (list, "%s%" G_GINT64_FORMAT, i > 0 ? ", " : "", g_array_index (players, gint64, i));
  return g_string_free (list, FALSE);
}

/* The ids of the players a search matches (a few hundred rows at most: the players,
 * not the games). */
static GArray *
matching_players (DpStore     *self,
                  const char  *search,
                  GError     **error)
{
  g_autofree char *folded = _dp_store_fold_for_search (search);
  g_autoptr(DpStoreStmt) stmt = _dp_store_prepare (self, MATCHING_PLAYERS, error);
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (stmt == NULL)
    return NULL;
  _dp_store_bind_text (stmt, 1, folded);
  for (;;)
    {
      gboolean has_row;
      gint64 id;

      if (!_dp_store_step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        return g_steal_pointer (&ids);
      id = sqlite3_column_int64 (stmt, 0);
      g_array_append_val (ids, id);
    }
}

static int
compare_keys_newest (gconstpointer a,
                     gconstpointer b)
{
  const DpGameKey *x = a, *y = b;

  if (x->created != y->created)
    return x->created < y->created ? 1 : -1;
  return (x->row < y->row) - (x->row > y->row);
}

static int
compare_keys_oldest (gconstpointer a,
                     gconstpointer b)
{
  return compare_keys_newest (b, a);
}

/* One player's games (player_games, in History's order), with the search as a test of
 * each game's other seats when both are set. */
static gboolean
player_keys (DpStore            *self,
             const DpGameFilter *filter,
             gint64              player,
             const char         *searched,
             const DpGameKey    *after,
             guint               limit,
             GArray             *keys,
             GError            **error)
{
  g_autoptr(GString) sql = g_string_new ("SELECT pg.created, pg.game FROM player_games pg");
  g_autoptr(GArray) binds = g_array_new (FALSE, FALSE, sizeof (Bind));

  g_array_set_clear_func (binds, bind_clear);
  append_common (sql, binds, filter, "pg", "game", after);
  g_string_append (sql, " AND pg.player = ?");
  add_number_bind (binds, player);
  if (searched != NULL)
    g_string_append_printf (sql, " AND EXISTS (SELECT 1 FROM seats s WHERE s.game = pg.game AND +s.player IN (%s))",
                            searched);
  append_order (sql, binds, filter, "pg", "game", limit);
  return collect_keys (self, sql, binds, searched != NULL, keys, error);
}

/* Games a search walks over before it reads the matching players' own rows, and how
 * many at a time. */
#define SEARCH_SCAN 1000
#define SEARCH_BATCH 250

/* The games after @after that have a player the search matches (@searched), found by
 * walking all games in order, SEARCH_BATCH at a time, for at most SEARCH_SCAN games:
 * TRUE in *complete when that found @limit of them or every game was walked. Each
 * batch is an index range: the next games' keys, then those of them with a matching
 * seat (each game's few seats read by its key). */
static gboolean
scan_keys (DpStore            *self,
           const DpGameFilter *filter,
           const char         *searched,
           const DpGameKey    *after,
           guint               limit,
           GArray             *keys,
           gboolean           *complete,
           GError            **error)
{
  gboolean oldest = filter->sort == DP_GAME_SORT_OLDEST;
  DpGameKey from = { 0, 0 };
  gboolean have_from = after != NULL;
  guint scanned = 0;

  *complete = FALSE;
  if (after != NULL)
    from = *after;

  while (scanned < SEARCH_SCAN && keys->len < limit)
    {
      g_autoptr(GArray) batch = g_array_new (FALSE, FALSE, sizeof (DpGameKey));
      g_autoptr(GString) sql = g_string_new ("SELECT g.created, g.id FROM games g");
      g_autoptr(GArray) binds = g_array_new (FALSE, FALSE, sizeof (Bind));
      DpGameKey last;

      g_array_set_clear_func (binds, bind_clear);
      append_common (sql, binds, filter, "g", "id", have_from ? &from : NULL);
      append_order (sql, binds, filter, "g", "id", SEARCH_BATCH);
      if (!collect_keys (self, sql, binds, FALSE, batch, error))
        return FALSE;
      if (batch->len == 0)
        {
          *complete = TRUE;
          return TRUE;
        }
      last = g_array_index (batch, DpGameKey, batch->len - 1);

      g_string_assign (sql, "SELECT g.created, g.id FROM games g");
      g_array_set_size (binds, 0);
      append_common (sql, binds, filter, "g", "id", have_from ? &from : NULL);
      g_string_append_printf (sql, " AND g.created %s ? AND (g.created, g.id) %s (?, ?)",
                              oldest ? "<=" : ">=", oldest ? "<=" : ">=");
      add_number_bind (binds, last.created);
      add_number_bind (binds, last.created);
      add_number_bind (binds, last.row);
      /* "+": each game's seats by its key, the player tested against the list. */
      g_string_append_printf (sql, " AND EXISTS (SELECT 1 FROM seats s WHERE s.game = g.id AND +s.player IN (%s))",
                              searched);
      append_order (sql, binds, filter, "g", "id", limit - keys->len);
      if (!collect_keys (self, sql, binds, TRUE, keys, error))
        return FALSE;

      scanned += batch->len;
      from = last;
      have_from = TRUE;
      if (batch->len < SEARCH_BATCH)
        {
          *complete = TRUE;
          return TRUE;
        }
    }
  *complete = keys->len >= limit;
  return TRUE;
}

/* The keys of the games @filter matches, in its order, after @after, at most @limit
 * (0 = all). Call inside a read transaction. Each way reads an index range in order:
 *  - a player: that player's rows of player_games;
 *  - a search: the next games in order, when they hold the page; else the rows of
 *    each matching player, at most @limit each, merged;
 *  - otherwise the games (games_by_created, games_by_kind, games_by_state). */
static GArray *
list_keys (DpStore            *self,
           const DpGameFilter *filter_in,
           const DpGameKey    *after,
           guint               limit,
           GError            **error)
{
  DpGameFilter init = DP_GAME_FILTER_INIT;
  const DpGameFilter *filter = filter_in != NULL ? filter_in : &init;
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (DpGameKey));
  g_autoptr(GArray) players = NULL;
  g_autofree char *searched = NULL;

  /* The players a search matches, read once: a few hundred names folded, not one per
   * game. None: no game. */
  if (filter->search != NULL && filter->search[0] != '\0')
    {
      players = matching_players (self, filter->search, error);
      if (players == NULL)
        return NULL;
      if (players->len == 0)
        return g_steal_pointer (&keys);
      searched = id_list (players);
    }

  if (filter->player != NULL)
    {
      g_autoptr(DpStoreStmt) stmt = _dp_store_prepare (self, "SELECT id FROM players WHERE name = ?", error);
      gboolean has_row;
      gint64 player;

      if (stmt == NULL)
        return NULL;
      _dp_store_bind_text (stmt, 1, filter->player);
      if (!_dp_store_step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        return g_steal_pointer (&keys);   /* nobody of that name: no games */
      player = sqlite3_column_int64 (stmt, 0);
      if (!player_keys (self, filter, player, searched, after, limit, keys, error))
        return NULL;
    }
  else if (searched != NULL)
    {
      guint n = 0;

      /* Most players match ("a"): their games are most games, found at once walking
       * all games in order (scan_keys). When SEARCH_SCAN games do not hold the page,
       * the matching players are few or seldom played: their own rows are read, at
       * most @limit each, and merged. */
      if (limit > 0)
        {
          gboolean complete;

          if (!scan_keys (self, filter, searched, after, limit, keys, &complete, error))
            return NULL;
          if (complete)
            return g_steal_pointer (&keys);
          g_array_set_size (keys, 0);
        }

      for (guint i = 0; i < players->len; i++)
        if (!player_keys (self, filter, g_array_index (players, gint64, i), NULL, after, limit, keys, error))
          return NULL;

      /* Merged: in order, each game once (two matching players at one table). */
      g_array_sort (keys, filter->sort == DP_GAME_SORT_OLDEST ? compare_keys_oldest : compare_keys_newest);
      for (guint i = 0; i < keys->len; i++)
        {
          DpGameKey *key = &g_array_index (keys, DpGameKey, i);

          if (n > 0 && g_array_index (keys, DpGameKey, n - 1).row == key->row)
            continue;
          g_array_index (keys, DpGameKey, n++) = *key;
        }
      g_array_set_size (keys, limit > 0 ? MIN (n, limit) : n);
    }
  else
    {
      g_autoptr(GString) sql = g_string_new ("SELECT g.created, g.id FROM games g");
      g_autoptr(GArray) binds = g_array_new (FALSE, FALSE, sizeof (Bind));

      g_array_set_clear_func (binds, bind_clear);
      append_common (sql, binds, filter, "g", "id", after);
      append_order (sql, binds, filter, "g", "id", limit);
      if (!collect_keys (self, sql, binds, FALSE, keys, error))
        return NULL;
    }

  return g_steal_pointer (&keys);
}

GArray *
dp_store_list_game_keys (DpStore             *self,
                         const DpGameFilter  *filter,
                         const DpGameKey     *after,
                         guint                limit,
                         GError             **error)
{
  GArray *keys;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  if (!_dp_store_exec (self, "BEGIN", error))
    return NULL;
  keys = list_keys (self, filter, after, limit, error);
  _dp_store_rollback (self);
  return keys;
}

/* The summaries of the games @keys names, in that order. Inside a read transaction. */
static GPtrArray *
summaries_of (DpStore  *self,
              GArray   *keys,
              guint     first,
              GError  **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_game_summary_free);

  for (guint i = first; i < keys->len; i++)
    {
      g_autoptr(DpStoreStmt) stmt = _dp_store_prepare (self, "SELECT " SUMMARY_COLUMNS " FROM games g WHERE g.id = ?", error);
      DpGameSummary *summary;
      gboolean has_row;

      if (stmt == NULL)
        return NULL;
      sqlite3_bind_int64 (stmt, 1, g_array_index (keys, DpGameKey, i).row);
      if (!_dp_store_step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        continue;
      summary = summary_from_row (self, stmt, error);
      if (summary == NULL)
        return NULL;
      g_ptr_array_add (games, summary);
    }
  return g_steal_pointer (&games);
}

static GPtrArray *
list_games (DpStore             *self,
            const DpGameFilter  *filter,
            const DpGameKey     *after,
            guint                offset,
            guint                limit,
            GError             **error)
{
  g_autoptr(GArray) keys = NULL;
  GPtrArray *games = NULL;

  if (!_dp_store_exec (self, "BEGIN", error))
    return NULL;
  keys = list_keys (self, filter, after, limit == 0 ? 0 : offset + limit, error);
  if (keys != NULL)
    games = summaries_of (self, keys, offset, error);
  _dp_store_rollback (self);
  return games;
}

GPtrArray *
dp_store_list_games_after (DpStore             *self,
                           const DpGameFilter  *filter,
                           const DpGameKey     *after,
                           guint                limit,
                           GError             **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  return list_games (self, filter, after, 0, limit, error);
}

/* With an @offset the rows before it are read too: page with
 * dp_store_list_games_after() instead. */
GPtrArray *
dp_store_list_games (DpStore             *self,
                     const DpGameFilter  *filter,
                     guint                offset,
                     guint                limit,
                     GError             **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  return list_games (self, filter, NULL, offset, limit, error);
}

guint
dp_store_count_games (DpStore             *self,
                      const DpGameFilter  *filter,
                      GError             **error)
{
  DpGameFilter init = DP_GAME_FILTER_INIT;
  g_autoptr(GString) sql = NULL;
  g_autoptr(GArray) binds = g_array_new (FALSE, FALSE, sizeof (Bind));
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), 0);

  if (filter == NULL)
    filter = &init;
  g_array_set_clear_func (binds, bind_clear);

  if (filter->player != NULL || (filter->search != NULL && filter->search[0] != '\0'))
    {
      g_autoptr(GArray) keys = dp_store_list_game_keys (self, filter, NULL, 0, error);

      return keys != NULL ? keys->len : 0;
    }

  sql = g_string_new ("SELECT count (*) FROM games g");
  append_common (sql, binds, filter, "g", "id", NULL);
  stmt = _dp_store_prepare (self, sql->str, error);
  if (stmt == NULL)
    return 0;
  apply_binds (stmt, binds);
  if (!_dp_store_step_row (self, stmt, &has_row, error) || !has_row)
    return 0;

  return (guint) sqlite3_column_int64 (stmt, 0);
}

/* ---- Counting on a worker ---- */

typedef struct
{
  char         *path;
  DpGameFilter  filter;   /* strings owned */
  guint         page_size;
  guint         n_games;
} CountPages;

static void
count_pages_free (CountPages *data)
{
  g_free (data->path);
  g_free ((char *) data->filter.kind);
  g_free ((char *) data->filter.player);
  g_free ((char *) data->filter.search);
  g_free (data);
}

/* A count no longer wanted (the search changed again) stops within a few thousand
 * SQLite steps instead of reading on. */
static int
count_pages_cancelled (void *cancellable)
{
  return g_cancellable_is_cancelled (cancellable) ? 1 : 0;
}

static void
count_pages_thread (GTask        *task,
                    gpointer      source,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  CountPages *data = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(DpStore) reader = _dp_store_open_read_only (data->path, &error);
  g_autoptr(GArray) keys = NULL;
  GArray *pages;

  if (reader == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (cancellable != NULL)
    sqlite3_progress_handler (reader->db, 10000, count_pages_cancelled, cancellable);
  keys = dp_store_list_game_keys (reader, &data->filter, NULL, 0, &error);
  sqlite3_progress_handler (reader->db, 0, NULL, NULL);
  if (keys == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  data->n_games = keys->len;
  pages = g_array_new (FALSE, FALSE, sizeof (DpGameKey));
  for (guint i = data->page_size; i <= keys->len; i += data->page_size)
    g_array_append_val (pages, g_array_index (keys, DpGameKey, i - 1));
  g_task_return_pointer (task, pages, (GDestroyNotify) g_array_unref);
}

void
dp_store_count_pages_async (DpStore             *self,
                            const DpGameFilter  *filter,
                            guint                page_size,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  DpGameFilter init = DP_GAME_FILTER_INIT;
  g_autoptr(GTask) task = NULL;
  CountPages *data;

  g_return_if_fail (DP_IS_STORE (self));
  g_return_if_fail (page_size > 0);

  if (filter == NULL)
    filter = &init;
  data = g_new0 (CountPages, 1);
  data->path = g_strdup (self->path);
  data->filter = *filter;
  data->filter.kind = g_strdup (filter->kind);
  data->filter.player = g_strdup (filter->player);
  data->filter.search = g_strdup (filter->search);
  data->page_size = page_size;

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, dp_store_count_pages_async);
  g_task_set_task_data (task, data, (GDestroyNotify) count_pages_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, count_pages_thread);
}

GArray *
dp_store_count_pages_finish (DpStore       *self,
                             GAsyncResult  *result,
                             guint         *n_games,
                             GError       **error)
{
  GArray *pages;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  pages = g_task_propagate_pointer (G_TASK (result), error);
  if (pages != NULL && n_games != NULL)
    *n_games = ((CountPages *) g_task_get_task_data (G_TASK (result)))->n_games;
  return pages;
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
