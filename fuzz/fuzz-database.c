/* fuzz-database.c — libFuzzer target: a damaged database file, then every read command
 *
 * The input is written as a database file (the seeds are healthy databases, which the
 * fuzzer damages); it is opened for reading and every read the app and dicepad-cli do
 * runs on it: lists, summaries, each game replayed, statistics, exports. Oracles: no
 * crash, no sanitizer report, no CRITICAL, and the file is never written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <stdint.h>

#include "dp-exchange.h"
#include "dp-store-private.h"
#include <string.h>
#include <glib/gstdio.h>
#include "fuzz-util.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
read_everything (DpStore *store)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) stats = NULL;
  g_auto(GStrv) names = NULL;
  DpGameFilter filter = DP_GAME_FILTER_INIT;

  dp_store_count_games (store, &filter, NULL);
  games = dp_store_list_games (store, &filter, 0, 0, NULL);
  names = dp_store_list_player_names (store, NULL);
  stats = dp_store_player_stats (store, NULL, NULL, NULL);

  for (guint i = 0; games != NULL && i < games->len; i++)
    {
      DpGameSummary *summary = g_ptr_array_index (games, i);
      g_autoptr(DpGame) game = dp_store_load_game (store, summary->id, NULL);
      g_autoptr(DpGameSummary) again = dp_store_get_summary (store, summary->id, NULL);
      g_autofree char *setup = NULL;
      g_autoptr(GPtrArray) actions = dp_store_get_actions (store, summary->id, &setup, NULL);

      /* Never a silently shorter game: what loads has the stored number of actions. */
      if (game != NULL)
        FUZZ_CHECK (dp_game_get_n_actions (game) == summary->n_actions);
      if (actions != NULL)
        FUZZ_CHECK (actions->len == summary->n_actions);
      dp_store_get_n_redo (store, summary->id);
    }

  if (names != NULL && names[0] != NULL && names[1] != NULL)
    {
      DpHeadToHead h2h;

      dp_store_head_to_head (store, NULL, names[0], names[1], &h2h, NULL);
      g_clear_pointer (&stats, g_ptr_array_unref);
      stats = dp_store_player_stats (store, "calavera", names[0], NULL);
    }

  /* History's reads (issue 26, item 11): a player's games, a search, page by page. */
  if (names != NULL && names[0] != NULL)
    {
      DpGameFilter by_player = DP_GAME_FILTER_INIT;
      DpGameFilter search = DP_GAME_FILTER_INIT;
      const DpGameFilter *filters[] = { &by_player, &search };

      by_player.player = names[0];
      search.search = "a";
      search.sort = DP_GAME_SORT_OLDEST;
      for (guint f = 0; f < G_N_ELEMENTS (filters); f++)
        {
          g_autoptr(GPtrArray) page = NULL;
          g_autoptr(GArray) keys = dp_store_list_game_keys (store, filters[f], NULL, 3, NULL);

          if (keys != NULL && keys->len > 0)
            page = dp_store_list_games_after (store, filters[f], &g_array_index (keys, DpGameKey, 0), 2, NULL);
          dp_store_count_games (store, filters[f], NULL);
        }
    }

  for (DpExchangeFormat format = DP_EXCHANGE_FORMAT_JSON; format <= DP_EXCHANGE_FORMAT_CSV; format++)
    {
      g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();

      dp_exchange_write (store, format, NULL, out, NULL, NULL);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *path = g_build_filename (fuzz_scratch_dir (), "damaged.db", NULL);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  gsize after_length = 0;

  g_unlink (wal);
  g_unlink (shm);
  if (!g_file_set_contents (path, (const char *) data, size, NULL))
    return 0;

  /* Read-only first: whatever the damage, the file is never written. */
  {
    g_autoptr(DpStore) store = _dp_store_open_read_only (path, &error);

    if (store == NULL)
      FUZZ_CHECK (error != NULL);
    else
      read_everything (store);
    g_clear_error (&error);
  }
  FUZZ_CHECK (g_file_get_contents (path, &after, &after_length, NULL));
  FUZZ_CHECK (after_length == size && memcmp (after, data, size) == 0);

  /* Then as the app opens it (it may set WAL mode or migrate an old schema). */
  {
    g_autoptr(DpStore) store = dp_store_open_for_reading (path, &error);

    if (store == NULL)
      FUZZ_CHECK (error != NULL);
    else
      read_everything (store);
  }

  return 0;
}
