/* store-test-util.c — helpers shared by the store tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>

#include "dp-exchange.h"
#include "store-test-util.h"

/* One scratch folder per test program, removed at exit. (Not
 * G_TEST_OPTION_ISOLATE_DIRS: GLib 2.74 leaks its strings, which fails the
 * sanitizer build.) */
static char *scratch_dir;

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);

  if (dir != NULL)
    {
      const char *name;

      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *child = g_build_filename (path, name, NULL);

          if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
            remove_tree (child);
          else
            g_unlink (child);
        }
      g_dir_close (dir);
    }

  g_rmdir (path);
}

void
test_scratch_init (void)
{
  g_autoptr(GError) error = NULL;

  scratch_dir = g_dir_make_tmp ("dicepad-store-XXXXXX", &error);
  g_assert_no_error (error);
}

void
test_scratch_clear (void)
{
  if (scratch_dir != NULL)
    remove_tree (scratch_dir);
  g_clear_pointer (&scratch_dir, g_free);
}

char *
test_db_path (const char *name)
{
  g_assert_nonnull (scratch_dir);
  return g_build_filename (scratch_dir, name, NULL);
}

DpStore *
test_open_store (const char *name)
{
  g_autofree char *path = test_db_path (name);
  g_autoptr(GError) error = NULL;
  DpStore *store = dp_store_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (store);
  return store;
}

DpGame *
test_new_game (const char *const *names)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) error = NULL;
  DpGame *game;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "game");
  json_builder_add_string_value (builder, "calavera");
  json_builder_set_member_name (builder, "players");
  json_builder_begin_array (builder);
  for (guint i = 0; names[i] != NULL; i++)
    json_builder_add_string_value (builder, names[i]);
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);

  game = dp_game_new (json_node_get_object (root), &error);
  g_assert_no_error (error);
  return game;
}

char *
test_random_action (const DpGame *game,
                    GRand        *rand)
{
  g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);

  if (legal->len == 0)
    return NULL;

  return g_strdup (g_ptr_array_index (legal, g_rand_int_range (rand, 0, (gint32) legal->len)));
}

guint
test_play_memory (DpGame    *game,
                  GRand     *rand,
                  guint      n,
                  GPtrArray *record)
{
  guint played;

  for (played = 0; played < n; played++)
    {
      g_autofree char *text = test_random_action (game, rand);
      g_autoptr(GError) error = NULL;

      if (text == NULL)
        break;
      dp_game_apply_text (game, text, &error);
      g_assert_no_error (error);
      if (record != NULL)
        g_ptr_array_add (record, g_steal_pointer (&text));
    }

  return played;
}

guint
test_play_store (DpStore    *store,
                 const char *id,
                 DpGame     *game,
                 GRand      *rand,
                 guint       n)
{
  guint played;

  for (played = 0; played < n; played++)
    {
      g_autofree char *text = test_random_action (game, rand);
      g_autoptr(JsonObject) action = NULL;
      g_autoptr(GError) error = NULL;

      if (text == NULL)
        break;
      action = test_parse_object (text);
      dp_store_append_action (store, id, game, action, &error);
      g_assert_no_error (error);
    }

  return played;
}

char *
test_state_text (const DpGame *game)
{
  g_autoptr(JsonNode) node = dp_game_to_json (game);

  return json_to_string (node, FALSE);
}

JsonObject *
test_parse_object (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) node = json_from_string (text, &error);

  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  return json_node_dup_object (node);
}

char *
test_file_hash (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

JsonNode *
test_export_of (const DpGame *game,
                GPtrArray    *actions,
                const char   *id,
                gint64        created)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *setup = dp_game_dup_setup_text (game);
  g_autoptr(GError) error = NULL;
  JsonNode *setup_node;

  setup_node = json_from_string (setup, &error);
  g_assert_no_error (error);

  dp_exchange_begin_json (builder);
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, id);
  json_builder_set_member_name (builder, "created");
  json_builder_add_int_value (builder, created);
  json_builder_set_member_name (builder, "finished");
  json_builder_add_int_value (builder, dp_game_is_finished (game) ? created + 1800 : 0);
  json_builder_set_member_name (builder, "state");
  json_builder_add_string_value (builder, dp_game_is_finished (game) ? "finished" : "in-progress");
  json_builder_set_member_name (builder, "setup");
  json_builder_add_value (builder, setup_node);
  json_builder_set_member_name (builder, "actions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < actions->len; i++)
    {
      JsonNode *node = json_from_string (g_ptr_array_index (actions, i), &error);

      g_assert_no_error (error);
      json_builder_add_value (builder, node);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

gint64
test_query_int (sqlite3    *db,
                const char *sql)
{
  sqlite3_stmt *stmt = NULL;
  gint64 value;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_ROW);
  value = sqlite3_column_int64 (stmt, 0);
  sqlite3_finalize (stmt);
  return value;
}

void
test_exec_bound (sqlite3    *db,
                 const char *sql,
                 const char *text1,
                 const char *text2,
                 gint64      n1,
                 gint64      n2)
{
  sqlite3_stmt *stmt = NULL;

  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &stmt, NULL), ==, SQLITE_OK);
  if (text1 != NULL)
    sqlite3_bind_text (stmt, 1, text1, -1, SQLITE_TRANSIENT);
  if (text2 != NULL)
    sqlite3_bind_text (stmt, 2, text2, -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (stmt, 3, n1);
  sqlite3_bind_int64 (stmt, 4, n2);
  g_assert_cmpint (sqlite3_step (stmt), ==, SQLITE_DONE);
  sqlite3_finalize (stmt);
}
