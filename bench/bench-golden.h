/* bench-golden.h — the golden games as the app exports them (bench-import, bench-export)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "bench-util.h"
#include "dp-exchange.h"

static inline char *
bench_script_path (const char *name)
{
  return g_build_filename (SOURCE_ROOT, "tests", "scripts", name, NULL);
}

/* The golden games (tests/scripts: a whole Calavera game, a Cubitos race), played into
 * a scratch store in @scratch and exported, as the app writes them. */
static inline JsonArray *
bench_golden_games (const char *scratch)
{
  g_autofree char *db = g_build_filename (scratch, "golden.db", NULL);
  g_autoptr(DpStore) store = dp_store_open (db, NULL);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  const char *const scripts[] = { "rules-whole-game.jsonl", "cubitos-race1.jsonl" };
  g_autoptr(JsonNode) root = NULL;

  g_assert (store != NULL);
  for (guint i = 0; i < G_N_ELEMENTS (scripts); i++)
    {
      g_autofree char *path = bench_script_path (scripts[i]);
      g_autofree char *contents = NULL;
      g_auto(GStrv) lines = NULL;
      g_autoptr(DpGame) game = NULL;
      g_autofree char *id = NULL;

      g_assert (g_file_get_contents (path, &contents, NULL, NULL));
      lines = g_strsplit (contents, "\n", -1);
      for (guint l = 0; lines[l] != NULL; l++)
        {
          g_autoptr(JsonNode) node = NULL;

          if (lines[l][0] == '\0' || lines[l][0] == '#')
            continue;
          node = json_from_string (lines[l], NULL);
          if (game == NULL)
            {
              game = dp_game_new (json_node_get_object (node), NULL);
              id = dp_store_create_game (store, game, NULL);
            }
          else
            g_assert (dp_store_append_action (store, id, game, json_node_get_object (node), NULL));
        }
    }

  g_assert (dp_exchange_write (store, DP_EXCHANGE_FORMAT_JSON, NULL, out, NULL, NULL));
  g_output_stream_close (out, NULL, NULL);
  root = json_from_string (g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (out)), NULL);
  return json_array_ref (json_object_get_array_member (json_node_get_object (root), "games"));
}

