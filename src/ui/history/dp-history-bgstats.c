/* dp-history-bgstats.c — "Export for BG Stats"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-game.h"
#include "dp-history-bgstats.h"

/* The seat whose player began: the setup's "first" (a Cubitos race names it), else
 * the first seat (Calavera's youngest player sits there). */
static guint
start_seat (const char          *setup_text,
            const DpGameSummary *summary)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;
  const char *first = NULL;

  if (setup_text != NULL && json_parser_load_from_data (parser, setup_text, -1, NULL))
    {
      root = json_parser_get_root (parser);
      if (root != NULL && JSON_NODE_HOLDS_OBJECT (root))
        first = json_object_get_string_member_with_default (json_node_get_object (root), "first", NULL);
    }
  for (guint seat = 0; first != NULL && seat < summary->n_players && seat < 4; seat++)
    if (g_strcmp0 (summary->names[seat], first) == 0)
      return seat;
  return 0;
}

static char *
play_date (gint64 unix_time)
{
  g_autoptr(GDateTime) time = g_date_time_new_from_unix_local (unix_time);

  return time != NULL ? g_date_time_format (time, "%Y-%m-%d %H:%M:%S") : g_strdup ("");
}

static gint64
ref_id (GHashTable *ids,
        JsonArray  *list,
        const char *key,
        const char *name,
        gboolean    is_game,
        gboolean    highest_wins)
{
  gpointer found = g_hash_table_lookup (ids, key);
  JsonObject *object;
  gint64 id;

  if (found != NULL)
    return GPOINTER_TO_SIZE (found);

  id = g_hash_table_size (ids) + 1;
  g_hash_table_insert (ids, g_strdup (key), GSIZE_TO_POINTER ((gsize) id));
  object = json_object_new ();
  json_object_set_int_member (object, "id", id);
  json_object_set_string_member (object, "name", name);
  if (is_game)
    {
      json_object_set_boolean_member (object, "highestWins", highest_wins);
      json_object_set_boolean_member (object, "cooperative", FALSE);
      json_object_set_boolean_member (object, "noPoints", FALSE);
    }
  json_array_add_object_element (list, object);
  return id;
}

JsonNode *
dp_history_bgstats_build (DpStore            *store,
                          const char *const  *ids,
                          GError            **error)
{
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GHashTable) game_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) player_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  JsonObject *root = json_object_new ();
  JsonArray *game_list = json_array_new ();
  JsonArray *player_list = json_array_new ();
  JsonArray *plays = json_array_new ();
  JsonNode *node;

  g_return_val_if_fail (DP_IS_STORE (store), NULL);

  json_object_set_array_member (root, "games", game_list);
  json_object_set_array_member (root, "players", player_list);
  json_object_set_array_member (root, "locations", json_array_new ());
  json_object_set_array_member (root, "plays", plays);
  node = json_node_init_object (json_node_alloc (), root);
  json_object_unref (root);

  filter.state = DP_GAME_STATE_FINISHED;
  filter.sort = DP_GAME_SORT_OLDEST;
  games = dp_store_list_games (store, &filter, 0, 0, error);
  if (games == NULL)
    {
      json_node_unref (node);
      return NULL;
    }

  for (guint i = 0; i < games->len; i++)
    {
      DpGameSummary *summary = g_ptr_array_index (games, i);
      const DpGameKind *kind = dp_game_kind_lookup (summary->kind);
      g_autofree char *setup = NULL;
      g_autoptr(GPtrArray) actions = NULL;
      g_autofree char *date = NULL;
      JsonObject *play;
      JsonArray *scores;
      guint first;

      if (ids != NULL && !g_strv_contains (ids, summary->id))
        continue;

      actions = dp_store_get_actions (store, summary->id, &setup, error);
      if (actions == NULL)
        {
          json_node_unref (node);
          return NULL;
        }
      first = start_seat (setup, summary);

      play = json_object_new ();
      json_object_set_string_member (play, "uuid", summary->id);
      /* The winners are Dicepad's own ("winner" below: a Cubitos race is won at the
       * finish line, docs/cubitos-notes.md); "highestWins" only tells BG Stats how to
       * order the scores, and in both games the higher total is the better one. */
      json_object_set_int_member (play, "gameRefId",
                                  ref_id (game_ids, game_list, summary->kind,
                                          kind != NULL ? dp_game_kind_get_name (kind) : summary->kind, TRUE, TRUE));
      date = play_date (summary->created);
      json_object_set_string_member (play, "playDate", date);
      json_object_set_int_member (play, "durationMin",
                                  summary->finished > summary->created ? (summary->finished - summary->created + 59) / 60 : 0);
      json_object_set_boolean_member (play, "ignored", FALSE);
      json_object_set_boolean_member (play, "manualWinner", FALSE);
      scores = json_array_new ();
      for (guint seat = 0; seat < summary->n_players && seat < 4; seat++)
        {
          JsonObject *score = json_object_new ();
          g_autofree char *points = g_strdup_printf ("%d", summary->totals[seat]);

          json_object_set_int_member (score, "playerRefId",
                                      ref_id (player_ids, player_list, summary->names[seat], summary->names[seat],
                                              FALSE, FALSE));
          json_object_set_string_member (score, "score", points);
          json_object_set_boolean_member (score, "winner", summary->winners[seat]);
          json_object_set_boolean_member (score, "startPlayer", seat == first);
          json_object_set_int_member (score, "rank", summary->ranks[seat]);
          json_object_set_int_member (score, "seatOrder", seat + 1);
          json_array_add_object_element (scores, score);
        }
      json_object_set_array_member (play, "playerScores", scores);
      json_array_add_object_element (plays, play);
    }
  return node;
}

gboolean
dp_history_bgstats_write_file (DpStore            *store,
                               const char *const  *ids,
                               GFile              *file,
                               GError            **error)
{
  g_autoptr(JsonNode) root = dp_history_bgstats_build (store, ids, error);
  g_autofree char *text = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (root == NULL)
    return FALSE;
  text = json_to_string (root, TRUE);
  /* g_file_replace_contents() writes a new file and moves it over @file when done. */
  return g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE, NULL, NULL, error);
}
