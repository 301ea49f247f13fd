/* test-cubitos-races.c — a whole scripted race for each of the ten named races
 *
 * scripts/race<N>-cards.jsonl: two players; in round 1 both buy ability dice, in round 2
 * Ina rolls them, uses their cards (the brown cards' mandatory abilities among them),
 * reaches the finish and wins alone (rulebook p. 10 „Spielende“). Each script is in
 * canonical text form and is replayed twice: in the core, line by line, and through
 * `dicepad-cli replay` (the app's command line), whose JSON must tell the same result.
 * The expected numbers below are worked out by hand from the script comments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-test-util.h"

typedef struct
{
  guint       race;
  CbKind      a, b;       /* the dice bought: Ina and Sami buy a, Ina also b */
  guint       position;   /* spaces Ina walked */
  guint       credits;    /* Ina's credits at the end */
  gboolean    b_back;     /* b's card gives the die back (brown) */
} RaceCase;

static const RaceCase cases[] = {
  { 1,  CB_KIND_WHITE,  CB_KIND_BROWN,  2, 0, TRUE },   /* Tom, Krötenköter */
  { 2,  CB_KIND_PURPLE, CB_KIND_BROWN,  2, 2, TRUE },   /* Strategos Paralysix, Alexander G. Bell */
  { 3,  CB_KIND_WHITE,  CB_KIND_BROWN,  3, 0, TRUE },   /* Garfield, Trüffelterrier */
  { 4,  CB_KIND_BLUE,   CB_KIND_BROWN,  1, 0, TRUE },   /* Dalai, Daisy Mooshammer */
  { 5,  CB_KIND_PURPLE, CB_KIND_BROWN,  6, 0, TRUE },   /* Sammlognathus, Dr. Dackel */
  { 6,  CB_KIND_WHITE,  CB_KIND_BROWN,  1, 0, TRUE },   /* Speedy Catzales, Cane Corso Credito */
  { 7,  CB_KIND_WHITE,  CB_KIND_PURPLE, 5, 0, FALSE },  /* Azrael, Pronto Bronto; 2 laps */
  { 8,  CB_KIND_PURPLE, CB_KIND_BROWN,  4, 2, TRUE },   /* Combomania: Sammlognathus, Alexander G. Bell */
  { 9,  CB_KIND_PURPLE, CB_KIND_BROWN,  2, 0, TRUE },   /* Liebling der Fans: Taktopterix, Krötenköter */
  { 10, CB_KIND_WHITE,  CB_KIND_BROWN,  2, 0, TRUE },   /* Das Große Finale: Tom, Daisy; 2 laps */
};

static char *
script_path (guint race)
{
  g_autofree char *name = g_strdup_printf ("race%u-cards.jsonl", race);
  return g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts", name, NULL);
}

static CbGame *
replay_in_core (guint race)
{
  g_autofree char *path = script_path (race);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  CbGame *g = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *norm = NULL;
      JsonObject *o;

      if (*lines[i] == '\0' || *lines[i] == '#')
        continue;
      g_assert_true (json_parser_load_from_data (parser, lines[i], -1, &error));
      o = json_node_get_object (json_parser_get_root (parser));
      if (g == NULL)
        {
          g = cb_game_new_from_json (o, &error);
          g_assert_no_error (error);
          norm = cb_game_dup_setup_text (g);
          g_assert_cmpstr (norm, ==, lines[i]);
          continue;
        }
      norm = cb_game_normalize_action (g, o, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (norm, ==, lines[i]);
      if (!cb_game_apply_json (g, o, &error))
        g_error ("race %u, line %u: %s", race, i + 1, error->message);
    }
  return g;
}

static void
check_core (gconstpointer data)
{
  const RaceCase *c = data;
  g_autoptr(CbGame) g = replay_in_core (c->race);
  guint box = cb_die_info (c->b)->in_box;

  g_assert_true (cb_game_is_finished (g));
  g_assert_true (cb_game_is_winner (g, 0));
  g_assert_false (cb_game_is_winner (g, 1));
  g_assert_cmpuint (cb_game_get_round (g), ==, 2);
  g_assert_cmpuint (cb_game_get_spaces_moved (g, 0), ==, c->position);
  g_assert_cmpuint (cb_game_get_credits (g, 0), ==, c->credits);
  g_assert_cmpuint (cb_game_get_laps_done (g, 0), ==, cb_race (c->race)->laps);
  /* Sami bought one die of a, Ina one of a and one of b */
  g_assert_cmpuint (cb_game_get_supply (g, c->a), ==, cb_die_info (c->a)->in_box - 2);
  /* the brown cards „Gib danach diesen Würfel ab“: the die is back in the supply */
  g_assert_cmpuint (cb_game_get_supply (g, c->b), ==, c->b_back ? box : box - 1);
}

/* The same script through the command line the app's users and the lead use. */
static void
check_cli (gconstpointer data)
{
  const RaceCase *c = data;
  g_autofree char *path = script_path (c->race);
  const char *argv[] = { DICEPAD_CLI_PATH, "replay", path, NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *root, *ina;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("dicepad-cli replay race %u: %s", c->race, err);
  g_assert_true (json_parser_load_from_data (parser, out, -1, &error));
  root = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpstr (json_object_get_string_member (root, "game"), ==, "cubitos");
  g_assert_true (json_object_get_boolean_member (root, "finished"));
  g_assert_cmpint (json_object_get_int_member (root, "race"), ==, c->race);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (root, "winners")), ==, 1);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (root, "winners"), 0), ==, "Ina");
  ina = json_array_get_object_element (json_object_get_array_member (root, "players"), 0);
  g_assert_cmpint (json_object_get_int_member (ina, "position"), ==, c->position);
  g_assert_cmpint (json_object_get_int_member (ina, "credits"), ==, c->credits);
  g_assert_true (json_object_get_boolean_member (ina, "finished_race"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *core = g_strdup_printf ("/cubitos/races/race-%u/core", cases[i].race);
      g_autofree char *cli = g_strdup_printf ("/cubitos/races/race-%u/cli", cases[i].race);
      g_test_add_data_func (core, &cases[i], check_core);
      g_test_add_data_func (cli, &cases[i], check_cli);
    }
  return g_test_run ();
}
