/* test-bgstats.c — plays for BG Stats, field by field (issue 28 part 2)
 *
 * `dicepad-cli export --format bgstats` and `dicepad-cli bgstats-link` print what the
 * window's "Send to BG Stats" and "Export for BG Stats" write (dp-bgstats.c), so the
 * fields are checked here: against a sample of BG Stats' own export shape written down
 * below (docs/storage.md, "BG Stats", names the sources of the field list), and against
 * the stored games (`show`).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "cli-test-util.h"

/* A play as BG Stats' own export writes it (names and JSON types of every field; the
 * values are made up). Where BG Stats writes 0/1 integers ("isBaseGame") or a score as
 * text ("score": "22"), ours must too. */
static const char bgstats_sample[] =
  "{\"about\": \"BG Stats\","
  " \"games\": [{\"uuid\": \"u\", \"id\": 1, \"name\": \"Cubitos\", \"modificationDate\": \"2025-04-27 12:12:32\","
  "   \"cooperative\": false, \"highestWins\": true, \"noPoints\": false, \"usesTeams\": false,"
  "   \"urlThumb\": \"\", \"urlImage\": \"\", \"bggName\": \"Cubitos\", \"bggYear\": 2021, \"bggId\": 298069,"
  "   \"designers\": \"John D. Clair\", \"isBaseGame\": 1, \"isExpansion\": 0, \"rating\": 0,"
  "   \"minPlayerCount\": 2, \"maxPlayerCount\": 4, \"minPlayTime\": 30, \"maxPlayTime\": 45, \"minAge\": 10}],"
  " \"players\": [{\"uuid\": \"u\", \"id\": 1, \"name\": \"Ina\", \"isAnonymous\": false,"
  "   \"modificationDate\": \"2024-05-31 21:17:20\", \"bggUsername\": \"\"}],"
  " \"locations\": [{\"uuid\": \"u\", \"id\": 1, \"name\": \"Home\", \"modificationDate\": \"2022-11-25 22:46:07\"}],"
  " \"plays\": [{\"uuid\": \"u\", \"modificationDate\": \"2025-04-27 15:18:56\", \"entryDate\": \"2025-04-27 14:47:26\","
  "   \"playDate\": \"2025-04-27 14:47:26\", \"usesTeams\": false, \"durationMin\": 31, \"ignored\": false,"
  "   \"manualWinner\": false, \"rounds\": 0, \"locationRefId\": 1, \"gameRefId\": 1, \"board\": \"\","
  "   \"rating\": 0, \"nemestatsId\": 0,"
  "   \"playerScores\": [{\"score\": \"22\", \"winner\": false, \"newPlayer\": false, \"startPlayer\": true,"
  "     \"playerRefId\": 1, \"role\": \"\", \"rank\": 2, \"seatOrder\": 1}],"
  "   \"expansionPlays\": []}],"
  " \"tags\": [], \"groups\": [], \"challenges\": [], \"deletedObjects\": [],"
  " \"userInfo\": {\"meRefId\": 1, \"exportDate\": \"2025-04-27 22:59:44\", \"appVersion\": \"v5.7.1\"}}";

/* The push-play link's data as BG Stats documents it for other apps (issue 28):
 * sourceName, sourcePlayId, playDate, durationMin, location, comments, game {name, bggId,
 * highestWins, noPoints, sourceGameId}, players [{name, score (a number), rank, winner,
 * startPlayer, role, sourcePlayerId}]. */
static const char push_sample[] =
  "{\"sourceName\": \"App\", \"sourcePlayId\": \"1\", \"playDate\": \"2026-07-11 19:30:00\", \"durationMin\": 40,"
  " \"location\": \"Home\", \"comments\": \"\","
  " \"game\": {\"name\": \"Cubitos\", \"bggId\": 298069, \"highestWins\": true, \"noPoints\": false,"
  "   \"sourceGameId\": \"cubitos\"},"
  " \"players\": [{\"name\": \"Ina\", \"score\": 7, \"rank\": 1, \"winner\": true, \"startPlayer\": true,"
  "   \"role\": \"\", \"sourcePlayerId\": \"p1\"}]}";

static char *test_dir;
static char *db;

static JsonNode *
parse (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

/* Every member of @sample is in @ours with the same JSON type; arrays of objects are
 * compared element by element against the sample's first element. */
static void
assert_same_shape (JsonNode   *sample,
                   JsonNode   *ours,
                   const char *path)
{
  if (JSON_NODE_HOLDS_VALUE (sample))
    {
      if (!JSON_NODE_HOLDS_VALUE (ours) || json_node_get_value_type (sample) != json_node_get_value_type (ours))
        g_error ("%s: BG Stats writes a %s, Dicepad wrote a %s", path,
                 g_type_name (json_node_get_value_type (sample)), json_node_type_name (ours));
      return;
    }
  g_assert_cmpint (JSON_NODE_TYPE (ours), ==, JSON_NODE_TYPE (sample));
  if (JSON_NODE_HOLDS_OBJECT (sample))
    {
      JsonObject *so = json_node_get_object (sample), *oo = json_node_get_object (ours);
      g_autoptr(GList) members = json_object_get_members (so);

      for (GList *l = members; l != NULL; l = l->next)
        {
          g_autofree char *child = g_strdup_printf ("%s.%s", path, (const char *) l->data);

          if (!json_object_has_member (oo, l->data))
            g_error ("%s is missing", child);
          assert_same_shape (json_object_get_member (so, l->data), json_object_get_member (oo, l->data), child);
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (sample) && json_array_get_length (json_node_get_array (sample)) > 0)
    {
      JsonArray *oa = json_node_get_array (ours);

      for (guint i = 0; i < json_array_get_length (oa); i++)
        {
          g_autofree char *child = g_strdup_printf ("%s[%u]", path, i);

          assert_same_shape (json_array_get_element (json_node_get_array (sample), 0),
                             json_array_get_element (oa, i), child);
        }
    }
}

static char *
play_script (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "scripts", name, NULL);
  g_auto(CliResult) result = { 0 };

  RUN (&result, "play", "--database", db, path);
  g_assert_cmpint (result.status, ==, 0);
  return g_strstrip (g_strdup (result.out));
}

static JsonNode *
run_json (const char *const *args)
{
  g_auto(CliResult) result = { 0 };

  run_cli (&result, args);
  if (result.status != 0)
    g_error ("dicepad-cli %s: %s", args[0], result.err);
  return parse (result.out);
}

/* The data of a push-play link, decoded. */
static JsonNode *
link_data (const char *game_id,
           const char *location)
{
  g_auto(CliResult) result = { 0 };
  g_autofree char *data = NULL;
  const char *prefix = "https://app.bgstatsapp.com/createPlay.html?data=";

  if (location != NULL)
    RUN (&result, "bgstats-link", "--database", db, "--location", location, game_id);
  else
    RUN (&result, "bgstats-link", "--database", db, game_id);
  g_assert_cmpint (result.status, ==, 0);
  g_assert_true (g_str_has_prefix (result.out, prefix));
  g_strstrip (result.out);
  /* URL-encoded: nothing a link cannot carry is left in it. */
  g_assert_null (strpbrk (result.out + strlen (prefix), " {}\"&#"));
  data = g_uri_unescape_string (result.out + strlen (prefix), NULL);
  g_assert_nonnull (data);
  return parse (data);
}

static void
assert_date (const char *text)
{
  g_assert_true (g_regex_match_simple ("^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$", text, 0, 0));
}

/* The winners and ranks Dicepad decided (`show`), by seat. */
static void
stored_result (const char  *game_id,
               GStrv       *names,
               GArray     **ranks,
               GStrv       *winners)
{
  const char *args[] = { "show", "--database", db, game_id, NULL };
  g_autoptr(JsonNode) state = run_json (args);
  JsonObject *root = json_node_get_object (state);
  JsonArray *players = json_object_get_array_member (root, "players");
  JsonArray *won = json_object_get_array_member (root, "winners");
  g_autoptr(GStrvBuilder) name_list = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) winner_list = g_strv_builder_new ();

  *ranks = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *player = json_array_get_object_element (players, i);
      gint64 rank = json_object_get_int_member (player, "rank");

      g_strv_builder_add (name_list, json_object_get_string_member (player, "name"));
      g_array_append_val (*ranks, rank);
    }
  for (guint i = 0; i < json_array_get_length (won); i++)
    g_strv_builder_add (winner_list, json_array_get_string_element (won, i));
  *names = g_strv_builder_end (name_list);
  *winners = g_strv_builder_end (winner_list);
}

/* The push-play link names the play, the game and every player as Dicepad stored them;
 * Cubitos says its own winners (a race is won at the finish line, docs/cubitos-notes.md)
 * and its BoardGameGeek id; Calavera sends none, since none can be cited. */
static void
test_push_link (void)
{
  g_autofree char *calavera = play_script ("rules-whole-game.jsonl");
  g_autofree char *cubitos = play_script ("cubitos-race1.jsonl");
  g_autoptr(JsonNode) sample = parse (push_sample);
  const char *ids[] = { calavera, cubitos };

  for (guint g = 0; g < G_N_ELEMENTS (ids); g++)
    {
      g_autoptr(JsonNode) data = link_data (ids[g], "Zoë's kitchen");
      g_autoptr(JsonNode) again = link_data (ids[g], "Zoë's kitchen");
      JsonObject *play = json_node_get_object (data), *game;
      JsonArray *players;
      g_auto(GStrv) names = NULL;
      g_auto(GStrv) winners = NULL;
      g_autoptr(GArray) ranks = NULL;
      guint n_start = 0;

      /* bggId is optional, and Calavera has none to send. */
      if (g == 0)
        json_object_remove_member (json_object_get_object_member (json_node_get_object (sample), "game"), "bggId");
      assert_same_shape (sample, data, "push");
      g_assert_true (json_node_equal (data, again));
      g_assert_cmpstr (json_object_get_string_member (play, "sourceName"), ==, "Dicepad");
      g_assert_cmpstr (json_object_get_string_member (play, "sourcePlayId"), ==, ids[g]);
      g_assert_cmpstr (json_object_get_string_member (play, "location"), ==, "Zoë's kitchen");
      assert_date (json_object_get_string_member (play, "playDate"));
      g_assert_cmpint (json_object_get_int_member (play, "durationMin"), >=, 0);

      game = json_object_get_object_member (play, "game");
      g_assert_true (json_object_get_boolean_member (game, "highestWins"));
      g_assert_false (json_object_get_boolean_member (game, "noPoints"));
      if (g == 0)
        {
          g_assert_cmpstr (json_object_get_string_member (game, "name"), ==, "Calavera");
          g_assert_cmpstr (json_object_get_string_member (game, "sourceGameId"), ==, "calavera");
          g_assert_false (json_object_has_member (game, "bggId"));
        }
      else
        {
          g_assert_cmpstr (json_object_get_string_member (game, "name"), ==, "Cubitos");
          g_assert_cmpint (json_object_get_int_member (game, "bggId"), ==, 298069);
        }

      stored_result (ids[g], &names, &ranks, &winners);
      players = json_object_get_array_member (play, "players");
      g_assert_cmpuint (json_array_get_length (players), ==, g_strv_length (names));
      for (guint seat = 0; seat < json_array_get_length (players); seat++)
        {
          JsonObject *player = json_array_get_object_element (players, seat);
          const char *name = json_object_get_string_member (player, "name");

          g_assert_cmpstr (name, ==, names[seat]);
          g_assert_cmpint (json_object_get_int_member (player, "rank"), ==, g_array_index (ranks, gint64, seat));
          g_assert_cmpint (json_object_get_boolean_member (player, "winner"), ==,
                           g_strv_contains ((const char *const *) winners, name));
          n_start += json_object_get_boolean_member (player, "startPlayer");
        }
      g_assert_cmpuint (n_start, ==, 1);
    }
}

/* The export shape has every field of BG Stats' own export, with stable uuids (a second
 * export names the same plays and players the same), a location when one is given, the
 * winners taken as given for Cubitos (manualWinner) and computed for Calavera, and a
 * meRefId that names one of its players. */
static void
test_export (void)
{
  g_autofree char *calavera = play_script ("rules-whole-game.jsonl");
  g_autofree char *cubitos = play_script ("cubitos-race1.jsonl");
  const char *args[] = { "export", "--database", db, "--format", "bgstats", "--location", "Home", calavera, cubitos, NULL };
  g_autoptr(JsonNode) sample = parse (bgstats_sample);
  g_autoptr(JsonNode) first = run_json (args);
  g_autoptr(JsonNode) second = run_json (args);
  JsonObject *root = json_node_get_object (first);
  JsonArray *plays = json_object_get_array_member (root, "plays");
  JsonArray *players = json_object_get_array_member (root, "players");
  JsonArray *games = json_object_get_array_member (root, "games");
  gint64 me = json_object_get_int_member (json_object_get_object_member (root, "userInfo"), "meRefId");
  gboolean me_found = FALSE;
  g_autoptr(JsonNode) link = link_data (cubitos, NULL);

  assert_same_shape (sample, first, "export");

  /* Stable across exports: only the export's own date may differ. */
  json_object_remove_member (json_object_get_object_member (root, "userInfo"), "exportDate");
  json_object_remove_member (json_object_get_object_member (json_node_get_object (second), "userInfo"), "exportDate");
  g_assert_true (json_node_equal (first, second));

  g_assert_cmpuint (json_array_get_length (plays), ==, 2);
  g_assert_cmpuint (json_array_get_length (games), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *play = json_array_get_object_element (plays, i);
      JsonObject *game = json_array_get_object_element (games, json_object_get_int_member (play, "gameRefId") - 1);

      g_assert_cmpstr (json_object_get_string_member (play, "uuid"), ==, i == 0 ? calavera : cubitos);
      g_assert_cmpint (json_object_get_int_member (play, "locationRefId"), ==, 1);
      assert_date (json_object_get_string_member (play, "playDate"));
      g_assert_cmpint (json_object_get_boolean_member (play, "manualWinner"), ==, i == 1);
      g_assert_cmpstr (json_object_get_string_member (game, "name"), ==, i == 0 ? "Calavera" : "Cubitos");
      g_assert_cmpint (json_object_get_int_member (game, "bggId"), ==, i == 0 ? 0 : 298069);
    }
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (json_object_get_array_member (root, "locations"), 0), "name"),
                   ==, "Home");

  /* A player's uuid is the push link's sourcePlayerId: BG Stats matches both to one player. */
  for (guint i = 0; i < json_array_get_length (players); i++)
    {
      JsonObject *player = json_array_get_object_element (players, i);
      JsonArray *pushed = json_object_get_array_member (json_node_get_object (link), "players");

      me_found |= json_object_get_int_member (player, "id") == me;
      for (guint k = 0; k < json_array_get_length (pushed); k++)
        {
          JsonObject *p = json_array_get_object_element (pushed, k);

          if (g_str_equal (json_object_get_string_member (p, "name"), json_object_get_string_member (player, "name")))
            g_assert_cmpstr (json_object_get_string_member (p, "sourcePlayerId"), ==,
                             json_object_get_string_member (player, "uuid"));
        }
    }
  g_assert_true (me_found);
}

/* A game in progress is no play: both commands refuse it and say why (exit 2). */
static void
test_unfinished (void)
{
  g_autofree char *id = play_script ("rules-first-turns.jsonl");
  g_auto(CliResult) result = { 0 };

  RUN (&result, "bgstats-link", "--database", db, id);
  g_assert_cmpint (result.status, ==, 2);
  g_assert_nonnull (strstr (result.err, "not finished"));
  g_assert_cmpstr (result.out, ==, "");

  RUN (&result, "export", "--database", db, "--format", "bgstats", id);
  g_assert_cmpint (result.status, ==, 2);
  g_assert_nonnull (strstr (result.err, "not finished"));

  RUN (&result, "export", "--database", db, "--location", "Home", id);
  g_assert_cmpint (result.status, ==, 2);
}

int
main (int argc, char **argv)
{
  int status;

  setlocale (LC_ALL, "");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  test_dir = g_dir_make_tmp ("dicepad-bgstats-XXXXXX", NULL);
  db = g_build_filename (test_dir, "games.db", NULL);

  g_test_add_func ("/bgstats/push-link", test_push_link);
  g_test_add_func ("/bgstats/export", test_export);
  g_test_add_func ("/bgstats/unfinished", test_unfinished);
  status = g_test_run ();

  for (guint i = 0; i < 3; i++)
    {
      static const char *const suffixes[] = { "", "-wal", "-shm" };
      g_autofree char *path = g_strconcat (db, suffixes[i], NULL);

      g_unlink (path);
    }
  g_rmdir (test_dir);
  g_free (db);
  g_free (test_dir);
  return status;
}
