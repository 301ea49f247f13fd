/* test-calavera-random.c — thousands of random Calavera games driven only by the legal
 * actions: the invariants of the sheet hold, and legal_actions() agrees with apply().
 *
 * The UI offers exactly cv_game_legal_actions(); if it ever listed an action apply()
 * refuses (or missed one apply() accepts), a player would be stuck or misled.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dp-game.h"
#include "cv-game.h"

#define N_GAMES         1000
#define MAX_STEPS       3000
#define RANDOM_PROBES   6

typedef struct
{
  guint    crosses[CV_MAX_PLAYERS][CV_N_COLORS];
  gboolean frozen[CV_MAX_PLAYERS][CV_N_COLORS];
  int      points[CV_MAX_PLAYERS][CV_N_COLORS];
  int      bonus[CV_MAX_PLAYERS];
} Snapshot;

static void
take_snapshot (const CvGame *game,
               Snapshot     *snap)
{
  for (guint s = 0; s < cv_game_get_n_players (game); s++)
    {
      for (guint c = 0; c < CV_N_COLORS; c++)
        {
          snap->crosses[s][c] = cv_game_get_crosses (game, s, c);
          snap->frozen[s][c] = cv_game_row_is_frozen (game, s, c);
          snap->points[s][c] = cv_game_get_row_points (game, s, c);
        }
      snap->bonus[s] = cv_game_get_bonus_points (game, s);
    }
}

static gboolean
is_dice_entry (const CvAction *action)
{
  return action->type == CV_ACTION_ROLL || action->type == CV_ACTION_REROLL;
}

/* The list holds the dice entries first, then the choices (cv-game.c); scanning
 * thousands of dice entries for every probe would make this test slow. (Were the
 * order ever different, is_listed() would miss listed actions and the test fail.) */
static guint
n_dice_entries (const GArray *legal)
{
  guint n = legal->len;

  while (n > 0 && !is_dice_entry (&g_array_index (legal, CvAction, n - 1)))
    n--;
  return n;
}

/* Invariants every state keeps, and those that link it to the state before. */
static void
check_invariants (const CvGame   *game,
                  const Snapshot *before,
                  const GArray   *legal)
{
  guint n_players = cv_game_get_n_players (game);
  gboolean someone_done = FALSE;

  for (guint s = 0; s < n_players; s++)
    {
      int sum = cv_game_get_bonus_points (game, s);
      guint n_frozen = 0;

      for (guint c = 0; c < CV_N_COLORS; c++)
        {
          guint crosses = cv_game_get_crosses (game, s, c);

          /* Rows are 13 boxes long; crosses past the end are lost. */
          g_assert_cmpuint (crosses, <=, CV_ROW_LENGTH);
          /* Reaching the death zone freezes at once: no unfrozen row stands there. */
          if (crosses > 0 && cv_sheet_get_box (crosses - 1)->zone == CV_ZONE_DEATH)
            g_assert_true (cv_game_row_is_frozen (game, s, c));
          /* Crosses are never erased. */
          if (before != NULL)
            g_assert_cmpuint (crosses, >=, before->crosses[s][c]);
          /* A frozen row never grows, never thaws, never changes its points. */
          if (before != NULL && before->frozen[s][c])
            {
              g_assert_true (cv_game_row_is_frozen (game, s, c));
              g_assert_cmpuint (crosses, ==, before->crosses[s][c]);
              g_assert_cmpint (cv_game_get_row_points (game, s, c), ==, before->points[s][c]);
            }
          sum += cv_game_get_row_points (game, s, c);
          n_frozen += cv_game_row_is_frozen (game, s, c) ? 1 : 0;
        }

      /* Bonus points are never lost. */
      if (before != NULL)
        g_assert_cmpint (cv_game_get_bonus_points (game, s), >=, before->bonus[s]);
      /* Total = rows + bonus. */
      g_assert_cmpint (cv_game_get_total (game, s), ==, sum);
      g_assert_cmpuint (cv_game_get_n_frozen_rows (game, s), ==, n_frozen);

      if (n_frozen == CV_N_COLORS)
        {
          someone_done = TRUE;
          /* Only opponents still marking in that same turn can delay the end. */
          if (!cv_game_is_finished (game))
            {
              g_assert_cmpint (cv_game_get_phase (game), ==, CV_PHASE_OPPONENTS);
              g_assert_false (cv_game_must_act (game, s));
              g_assert_cmpuint (cv_game_get_roller (game), !=, s);
            }
        }

      /* A bonus line is won exactly when all four rows reach it. */
      for (guint l = 0; l < CV_N_BONUS_LINES; l++)
        {
          CvBonusState state = cv_game_get_bonus_state (game, s, l);
          const CvBonusLine *line = cv_sheet_get_bonus_line (l);
          gboolean reached = TRUE;

          for (guint c = 0; c < CV_N_COLORS; c++)
            reached = reached && cv_game_get_crosses (game, s, c) >= line->after_box;
          g_assert_cmpint (reached, ==, state == CV_BONUS_WON_FIRST || state == CV_BONUS_WON_LATER);
        }
    }

  /* The game ends exactly when someone has four frozen rows. */
  if (cv_game_is_finished (game))
    g_assert_true (someone_done);

  /* Legal list: empty exactly when finished; every listed action is by someone who
   * must act, and everyone who must act has something listed. */
  g_assert_cmpint (legal->len == 0, ==, cv_game_is_finished (game));
  {
    guint listed = 0, n_dice = n_dice_entries (legal);

    for (guint i = n_dice > 0 ? n_dice - 1 : 0; i < legal->len; i++)
      {
        int player = g_array_index (legal, CvAction, i).player;

        g_assert_cmpint (player, >=, 0);
        g_assert_cmpint (player, <, (int) n_players);
        listed |= 1u << player;
      }
    for (guint s = 0; s < n_players; s++)
      g_assert_cmpint ((listed >> s) & 1, ==, cv_game_must_act (game, s));
  }
}

static CvFace
random_face (GRand *rand)
{
  return g_rand_int_range (rand, 0, CV_N_FACES);
}

/* Any action at all, legal or not, including nonsense a buggy caller might send. */
static void
random_action (GRand        *rand,
               const CvGame *game,
               CvAction     *action)
{
  int player = g_rand_int_range (rand, -1, cv_game_get_n_players (game) + (g_rand_boolean (rand) ? 0 : 1));
  CvFace faces[CV_N_DICE], result[CV_N_DICE];
  guint n;

  for (guint i = 0; i < CV_N_DICE; i++)
    {
      faces[i] = random_face (rand);
      result[i] = random_face (rand);
    }

  switch (g_rand_int_range (rand, 0, 7))
    {
    case 0:
      cv_action_init_roll (action, player, faces);
      break;
    case 1:
      /* Mostly dice that are there, so that the refusals are subtle. */
      n = g_rand_int_range (rand, 1, CV_N_DICE + 1);
      if (cv_game_get_n_rolls (game) > 0 && g_rand_boolean (rand))
        {
          guint start = g_rand_int_range (rand, 0, CV_N_DICE);

          for (guint i = 0; i < n; i++)
            faces[i] = cv_game_get_die (game, (start + i) % CV_N_DICE);
        }
      cv_action_init_reroll (action, player, n, faces, result);
      break;
    case 2:
    case 3:
      cv_action_init_take (action, player, random_face (rand));
      break;
    case 4:
      cv_action_init_take_jokers (action, player, g_rand_int_range (rand, 0, CV_N_COLORS));
      break;
    case 5:
      cv_action_init_freeze (action, player, g_rand_int_range (rand, 0, CV_N_COLORS));
      break;
    default:
      cv_action_init_pass (action, player);
      break;
    }
}

static void
sort_faces (CvFace *faces,
            guint   n)
{
  for (guint i = 1; i < n; i++)
    for (guint j = i; j > 0 && faces[j - 1] > faces[j]; j--)
      {
        CvFace t = faces[j];

        faces[j] = faces[j - 1];
        faces[j - 1] = t;
      }
}

static gboolean
is_listed (const GArray   *legal,
           guint           n_dice,
           const CvGame   *game,
           const CvAction *action)
{
  CvAction a = *action;
  gboolean dice = a.type == CV_ACTION_ROLL || a.type == CV_ACTION_REROLL;

  if (dice && a.n_dice <= CV_N_DICE)
    {
      /* The list holds dice as sorted multisets (cv-game.h). */
      sort_faces (a.dice, a.n_dice);
      sort_faces (a.result, a.n_dice);
    }

  /* Without a name the action is by the one the state names (roller phases only). */
  if (a.player == -1)
    a.player = cv_game_get_default_actor (game);
  if (a.player == -1)
    return FALSE;

  for (guint i = dice ? 0 : n_dice, end = dice ? n_dice : legal->len; i < end; i++)
    {
      const CvAction *l = &g_array_index (legal, CvAction, i);

      if (l->type != a.type || l->player != a.player)
        continue;
      if (dice)
        {
          if (l->n_dice == a.n_dice &&
              memcmp (l->dice, a.dice, a.n_dice * sizeof (CvFace)) == 0 &&
              (a.type == CV_ACTION_ROLL ||
               memcmp (l->result, a.result, a.n_dice * sizeof (CvFace)) == 0))
            {
              g_assert_true (cv_action_equal (l, &a));
              return TRUE;
            }
        }
      else if (cv_action_equal (l, &a))
        return TRUE;
    }
  return FALSE;
}

/* Picks a legal action: first a kind of action, then one of that kind, so that the
 * thousands of dice entries do not crowd out the choices. */
static const CvAction *
pick_action (GRand        *rand,
             const GArray *legal,
             guint         n_dice)
{
  guint n_of_type[CV_ACTION_PASS + 1] = { 0, };
  guint n_types = 0, pick, seen = 0;
  CvActionType type = CV_ACTION_ROLL;

  if (n_dice > 0)
    {
      n_of_type[g_array_index (legal, CvAction, 0).type] = n_dice;
      n_types++;
    }
  for (guint i = n_dice; i < legal->len; i++)
    if (n_of_type[g_array_index (legal, CvAction, i).type]++ == 0)
      n_types++;

  pick = g_rand_int_range (rand, 0, n_types);
  for (guint t = 0; t <= CV_ACTION_PASS; t++)
    if (n_of_type[t] > 0 && seen++ == pick)
      type = t;

  pick = g_rand_int_range (rand, 0, n_of_type[type]);
  if (type == CV_ACTION_ROLL || type == CV_ACTION_REROLL)
    return &g_array_index (legal, CvAction, pick);
  for (guint i = n_dice; i < legal->len; i++)
    {
      const CvAction *a = &g_array_index (legal, CvAction, i);

      if (a->type == type && pick-- == 0)
        return a;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
play_random_game (GRand     *rand,
                  gboolean   through_text,
                  guint     *n_actions_total)
{
  const char *all_names[] = { "Ina", "Sami", "Tom", "Zoë \"Z\"" };
  guint n_players = g_rand_int_range (rand, CV_MIN_PLAYERS, CV_MAX_PLAYERS + 1);
  g_autoptr(CvGame) game = cv_game_new (all_names, n_players, NULL);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(CvGame) before_last = NULL;
  g_autoptr(DpGame) replayed = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *setup = NULL;
  Snapshot snap;
  guint steps = 0;

  g_assert_nonnull (game);
  take_snapshot (game, &snap);

  while (TRUE)
    {
      g_autoptr(GArray) legal = cv_game_legal_actions (game);
      const CvAction *chosen;
      guint n_listed_probes, n_dice;

      check_invariants (game, steps > 0 ? &snap : NULL, legal);
      if (cv_game_is_finished (game))
        break;
      g_assert_cmpuint (legal->len, >, 0);
      g_assert_cmpuint (++steps, <, MAX_STEPS);
      n_dice = n_dice_entries (legal);

      /* Listed actions apply (a few, picked at random)... */
      n_listed_probes = MIN (legal->len, 3);
      for (guint i = 0; i < n_listed_probes; i++)
        {
          const CvAction *a = &g_array_index (legal, CvAction, g_rand_int_range (rand, 0, legal->len));
          g_autoptr(CvGame) copy = cv_game_copy (game);

          cv_game_apply (copy, a, &error);
          g_assert_no_error (error);
        }

      /* ...and random actions apply exactly when listed. */
      for (guint i = 0; i < RANDOM_PROBES; i++)
        {
          CvAction a;
          g_autoptr(CvGame) copy = cv_game_copy (game);
          gboolean listed, applied;

          random_action (rand, game, &a);
          listed = is_listed (legal, n_dice, game, &a);
          applied = cv_game_apply (copy, &a, &error);
          if (applied != listed)
            {
              g_autofree char *text = cv_action_to_text (game, &a);
              g_error ("listed %d but apply says %d for %s (%s)", listed, applied, text,
                       error != NULL ? error->message : "no error");
            }
          if (!applied)
            {
              g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL);
              g_assert_nonnull (error->message);
              g_assert_cmpstr (error->message, !=, "");
            }
          g_clear_error (&error);
        }

      chosen = pick_action (rand, legal, n_dice);
      take_snapshot (game, &snap);
      g_clear_pointer (&before_last, cv_game_free);
      before_last = cv_game_copy (game);
      cv_game_apply (game, chosen, &error);
      g_assert_no_error (error);
      (*n_actions_total)++;
      if (through_text)
        g_ptr_array_add (texts, cv_action_to_text (game, chosen));
    }

  if (!through_text)
    return;

  /* The text form carries the whole game: replaying it gives the same sheets, and
   * replaying all but the last action gives the state before it (undo). */
  {
    g_autoptr(JsonObject) object = json_object_new ();
    g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
    JsonArray *names = json_array_new ();

    for (guint i = 0; i < n_players; i++)
      json_array_add_string_element (names, all_names[i]);
    json_object_set_string_member (object, "game", "calavera");
    json_object_set_array_member (object, "players", names);
    json_node_set_object (node, object);
    setup = json_to_string (node, FALSE);
  }

  /* Texts were written after applying; the actor is stored in them, so they still
   * describe the same actions. */
  replayed = dp_game_replay (setup, (const char *const *) texts->pdata, texts->len, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (dp_game_is_finished (replayed));
  for (guint s = 0; s < n_players; s++)
    {
      g_assert_cmpint (dp_game_get_total (replayed, s), ==, cv_game_get_total (game, s));
      g_assert_cmpint (dp_game_is_winner (replayed, s), ==, cv_game_is_winner (game, s));
    }

  g_clear_pointer (&replayed, dp_game_free);
  replayed = dp_game_replay (setup, (const char *const *) texts->pdata, texts->len - 1, NULL, &error);
  g_assert_no_error (error);
  for (guint s = 0; s < n_players; s++)
    {
      g_assert_cmpint (dp_game_get_total (replayed, s), ==, cv_game_get_total (before_last, s));
      g_assert_cmpint (dp_game_must_act (replayed, s), ==, cv_game_must_act (before_last, s));
    }
  g_assert_false (dp_game_is_finished (replayed));
}

/* Invariants of the rules (every state): crosses ≤ row length, a frozen row never
 * grows, totals = rows + bonus, the game ends exactly when someone has four frozen
 * rows (DE "Spielende"), and someone can always act until then. */
static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  guint n_games = g_test_slow () ? N_GAMES * 5 : N_GAMES;
  guint n_actions = 0;

  for (guint i = 0; i < n_games; i++)
    play_random_game (rand, i % 10 == 0, &n_actions);

  g_test_message ("%u random games, %u actions", n_games, n_actions);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/calavera/random/legal-actions-agree-with-apply", test_random_games);

  return g_test_run ();
}
