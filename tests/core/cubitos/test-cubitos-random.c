/* test-cubitos-random.c — random legal play never breaks an invariant
 *
 * Games of 2–4 players on random races are driven by cb_game_legal_actions(): every
 * listed action must be accepted; after each one, dice are conserved across the players'
 * areas and the supply, the top dog is with its holder, coins and steps are 0 when a
 * round starts, somebody can act until the race is over, and the list is empty exactly
 * then. Rolls are also entered at random (not only from the list), and random invalid
 * entries are refused without changing anything.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cb-test-util.h"

static void
check_invariants (const CbGame *g)
{
  guint n = cb_game_get_n_players (g);
  gboolean anyone = FALSE;

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint total = cb_game_get_supply (g, (CbKind) k);
      for (guint s = 0; s < n; s++)
        for (guint z = 0; z < CB_N_ZONES; z++)
          total += cb_game_get_dice (g, s, (CbZone) z, (CbKind) k);
      /* p. 2: the box holds exactly these dice; none appears or vanishes */
      g_assert_cmpuint (total, ==, cb_die_info ((CbKind) k)->in_box);
    }
  for (guint s = 0; s < n; s++)
    {
      guint td = 0;
      for (guint z = 0; z < CB_N_ZONES; z++)
        td += cb_game_get_dice (g, s, (CbZone) z, CB_KIND_TOP_DOG);
      g_assert_cmpuint (td, ==, s == cb_game_get_top_dog (g) ? 1 : 0);
      for (guint k = 0; k < CB_N_KINDS; k++)
        {
          guint faces = 0;
          for (guint f = 0; f < CB_N_FACES; f++)
            faces += cb_game_get_active_faces (g, s, (CbKind) k, (CbFace) f);
          g_assert_cmpuint (faces, ==, cb_game_get_dice (g, s, ACTIVE, (CbKind) k));
        }
      if (cb_game_get_phase (g, s) == CB_PHASE_REFILL)
        {
          /* p. 9 „8.“: coins (and unused steps) do not carry over */
          g_assert_cmpuint (cb_game_get_coins (g, s), ==, 0);
          g_assert_cmpuint (cb_game_get_steps (g, s), ==, 0);
          g_assert_false (cb_game_in_danger (g, s));
          g_assert_cmpuint (cb_game_count_zone (g, s, ACTIVE), ==, 0);
        }
      /* p. 8: danger from 3 active dice on */
      if (cb_game_count_zone (g, s, ACTIVE) >= 3)
        g_assert_true (cb_game_in_danger (g, s));
      anyone |= cb_game_must_act (g, s);
    }
  g_assert_true (cb_game_is_finished (g) || anyone);
}

/* A random roll of the player's ready area, as a text action. */
static char *
random_roll (const CbGame *g, guint seat, GRand *rand)
{
  GString *s = g_string_new (NULL);

  g_string_append_printf (s, "{\"player\":\"%s\",\"roll\":{", cb_game_get_player_name (g, seat));
  for (guint k = 0, first = 1; k < CB_N_KINDS; k++)
    {
      guint n = cb_game_get_dice (g, seat, READY, (CbKind) k);
      guint counts[CB_N_FACES] = { 0 };
      if (n == 0)
        continue;
      for (guint i = 0; i < n; i++)
        counts[cb_die_info ((CbKind) k)->sides[g_rand_int_range (rand, 0, 6)]]++;
      g_string_append_printf (s, "%s\"%s\":{", first ? "" : ",", cb_kind_to_string ((CbKind) k));
      first = 0;
      for (guint f = 0, ff = 1; f < CB_N_FACES; f++)
        if (counts[f] > 0)
          {
            g_string_append_printf (s, "%s\"%s\":%u", ff ? "" : ",", cb_face_to_string ((CbFace) f), counts[f]);
            ff = 0;
          }
      g_string_append (s, "}");
    }
  g_string_append (s, "}}");
  return g_string_free (s, FALSE);
}

/* Abilities used per card over all games: every card should be exercised. */
static guint ability_uses[CB_N_CARDS];

/* A player held back by a mandatory ability is offered it, marked, and is not offered
 * the step it blocks (issue "Cubitos cards": the round cannot move on). */
static void
check_mandatory (const CbGame *g, GPtrArray *legal)
{
  for (guint s = 0; s < cb_game_get_n_players (g); s++)
    {
      g_autofree char *who = g_strdup_printf ("{\"player\":\"%s\",", cb_game_get_player_name (g, s));
      gboolean marked = FALSE, blocked_step = FALSE;

      if (!cb_game_has_mandatory (g, s, NULL))
        continue;
      for (guint i = 0; i < legal->len; i++)
        {
          const char *t = legal->pdata[i];
          if (!g_str_has_prefix (t, who))
            continue;
          marked |= strstr (t, "\"mandatory\":true") != NULL;
          blocked_step |= strstr (t, "\"pass\":") || strstr (t, "\"move\":") || strstr (t, "\"buy\":")
                          || strstr (t, "\"rest\":") || strstr (t, "\"roll\":");
        }
      g_assert_false (blocked_step);
      /* Käsehäppchen's obligation is met by pushing, not by an ability */
      g_assert_true (marked || cb_game_must_push (g, s));
    }
}

static void
play_one (guint32 seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  static const char *const names[] = { "Ina", "Sami", "Tom", "Lu" };
  guint n = (guint) g_rand_int_range (rand, 2, 5);
  guint race = 1 + seed % 10;   /* every one of the ten races in turn */
  g_autoptr(GString) setup = g_string_new ("{'game':'cubitos','players':[");
  g_autoptr(CbGame) g = NULL;
  guint steps = 0;
  g_autofree char *last = g_strdup ("the setup");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (setup, "%s'%s'", i ? "," : "", names[i]);
  g_string_append_printf (setup, "],'race':%u,'first':'%s'}", race,
                          names[g_rand_int_range (rand, 0, (gint32) n)]);
  g = new_game (setup->str);
  check_invariants (g);

  while (!cb_game_is_finished (g))
    {
      g_autoptr(GPtrArray) legal = cb_game_legal_actions (g);
      g_autoptr(GError) error = NULL;
      const char *pick = NULL;
      g_autofree char *own = NULL;

      if (legal->len == 0)
        {
          g_autofree char *st = state_text (g);
          g_error ("seed %u: nothing is legal after %s; state %s", seed, last, st);
        }
      g_assert_cmpuint (++steps, <, 20000);
      /* every listed action reads back to itself (canonical form) */
      if (g_rand_int_range (rand, 0, 50) == 0)
        for (guint i = 0; i < legal->len; i++)
          {
            g_autoptr(JsonParser) parser = json_parser_new ();
            g_autofree char *norm = NULL;
            g_assert_true (json_parser_load_from_data (parser, legal->pdata[i], -1, NULL));
            norm = cb_game_normalize_action (g, json_node_get_object (json_parser_get_root (parser)), &error);
            g_assert_no_error (error);
            g_assert_cmpstr (norm, ==, legal->pdata[i]);
          }
      /* after a while, prefer finishing, so that races end */
      if (cb_game_get_round (g) > 6 && g_rand_int_range (rand, 0, 3) == 0)
        for (guint i = 0; i < legal->len && pick == NULL; i++)
          if (strstr (legal->pdata[i], "\"finish\":true") && strstr (legal->pdata[i], "landed"))
            pick = legal->pdata[i];
      /* sometimes enter a truly random roll instead of a listed one */
      if (pick == NULL && g_rand_boolean (rand))
        for (guint s = 0; s < cb_game_get_n_players (g) && pick == NULL; s++)
          if (cb_game_get_phase (g, s) == CB_PHASE_ROLL && !cb_game_has_mandatory (g, s, NULL))
            pick = own = random_roll (g, s, rand);
      /* card abilities: use them often, so that every card is exercised */
      if (pick == NULL && g_rand_int_range (rand, 0, 3) == 0)
        {
          g_autoptr(GPtrArray) abilities = g_ptr_array_new ();
          for (guint i = 0; i < legal->len; i++)
            if (strstr (legal->pdata[i], "\"ability\":"))
              g_ptr_array_add (abilities, legal->pdata[i]);
          if (abilities->len > 0)
            pick = abilities->pdata[g_rand_int_range (rand, 0, (gint32) abilities->len)];
        }
      /* and sometimes an invalid entry, which must change nothing */
      if (g_rand_int_range (rand, 0, 20) == 0)
        for (guint s = 0; s < cb_game_get_n_players (g); s++)
          if (cb_game_get_phase (g, s) == CB_PHASE_ROLL)
            {
              g_autofree char *bad = g_strdup_printf ("{'player':'%s','roll':{'light_grey':{'coin':%u}}}",
                                                      cb_game_get_player_name (g, s),
                                                      cb_game_get_dice (g, s, READY, LG) + 1);
              g_free (refused (g, bad, DP_GAME_ERROR_ILLEGAL));
            }
      /* before that, races should last: avoid finishing early */
      for (guint tries = 0; pick == NULL || (tries < 20 && cb_game_get_round (g) <= 6
                                              && strstr (pick, "\"finish\":true")); tries++)
        pick = legal->pdata[g_rand_int_range (rand, 0, (gint32) legal->len)];
      check_mandatory (g, legal);
      if (!cb_game_apply_text (g, pick, &error))
        g_error ("seed %u: legal action %s refused: %s", seed, pick, error->message);
      if (strstr (pick, "\"ability\":\""))
        {
          g_autoptr(JsonParser) parser = json_parser_new ();
          g_assert_true (json_parser_load_from_data (parser, pick, -1, NULL));
          ability_uses[cb_card_lookup (json_object_get_string_member (json_node_get_object (json_parser_get_root (parser)), "ability"))]++;
        }
      g_free (last);
      last = g_strdup (pick);
      check_invariants (g);
    }
  g_assert_true (cb_game_is_finished (g));
  {
    g_autoptr(GPtrArray) legal = cb_game_legal_actions (g);
    guint winners = 0;
    g_assert_cmpuint (legal->len, ==, 0);
    for (guint s = 0; s < n; s++)
      if (cb_game_is_winner (g, s))
        {
          winners++;
          g_assert_cmpuint (cb_game_get_rank (g, s), ==, 1);
          g_assert_true (cb_game_has_finished_race (g, s));
        }
    g_assert_cmpuint (winners, ==, 1);
  }
  {
    guint busts = 0, bought = 0;
    for (guint s = 0; s < n; s++)
      {
        g_autoptr(JsonObject) st = cb_game_kind.seat_stats (g, s);
        busts += (guint) json_object_get_int_member (st, "busts");
        bought += (guint) json_object_get_int_member (st, "dice_bought");
      }
    g_test_message ("seed %u: %u players, race %u, %u rounds%s, %u actions, %u busts, %u dice bought",
                    seed, n, race, cb_game_get_round (g), cb_game_is_tiebreak (g) ? " (tie-break)" : "",
                    steps, busts, bought);
  }
}

static void
test_random_games (void)
{
  guint n_games = g_test_slow () ? 200 : 25;

  for (guint i = 0; i < n_games; i++)
    play_one (1000 + i);
  for (guint c = 0; c < CB_N_CARDS; c++)
    g_test_message ("%-24s %u uses", cb_card (c)->key, ability_uses[c]);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cubitos/random/legal-play", test_random_games);
  return g_test_run ();
}
