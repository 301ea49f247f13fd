/* bench-keys.c — keys per turn of a recorded Calavera game, by issue 14's keyboard contract
 *
 * Reads a game script (default: tests/scripts/four-player-game.jsonl, a whole 4-player
 * game with re-rolls, skulls, jokers and freezes) and counts, for every turn, the keys
 * the window needs (cv_presenter_dup_keys(): exactly what tests/ui/test-keyboard.c types
 * into the real window) beside the least the contract allows for that turn:
 *   roller: six letters + Enter per roll; a re-roll: '-', n letters, Enter, n letters,
 *   Enter; then one key for a colour, two for jokers or a freeze;
 *   each opponent after skulls: one key (a colour) or two (jokers).
 * Goal (issue 14): the roller's turn without a re-roll ≤ 9 keys, each opponent 1–2 keys.
 *
 * Run: ./_build/bench/bench-keys [script.jsonl]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <locale.h>
#include <stdio.h>

#include "dp-game.h"
#include "cv-game.h"
#include "cv-presenter.h"

/* The least the contract allows for @action (its own rule, written out here). */
static guint
contract_minimum (const CvAction *action)
{
  switch (action->type)
    {
    case CV_ACTION_ROLL:
      return CV_N_DICE + 1;
    case CV_ACTION_REROLL:
      return 1 + action->n_dice + 1 + action->n_dice + 1;
    case CV_ACTION_TAKE:
    case CV_ACTION_PASS:
      return 1;
    case CV_ACTION_TAKE_JOKERS:
    case CV_ACTION_FREEZE:
    default:
      return 2;
    }
}

/* The roller's turns by kind: cursed (3 skulls), without and with a re-roll. */
typedef struct
{
  guint cursed_turns;
  guint plain_turns, plain_keys, plain_max;
  guint reroll_turns, reroll_keys;
} RollerTurns;

/* Counts the roller's turn that just ended in @turns. */
static void
close_turn (RollerTurns *turns,
            guint        cursed,
            gboolean     rerolled,
            guint        roller_keys)
{
  if (cursed > 0)
    {
      turns->cursed_turns++;
    }
  else if (rerolled)
    {
      turns->reroll_turns++;
      turns->reroll_keys += roller_keys;
    }
  else
    {
      turns->plain_turns++;
      turns->plain_keys += roller_keys;
      turns->plain_max = MAX (turns->plain_max, roller_keys);
    }
}

int
main (int   argc,
      char *argv[])
{
  const char *path = argc > 1 ? argv[1] : SCRIPTS_DIR "/four-player-game.jsonl";
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) dp = NULL;
  guint turn = 0, roller_keys = 0, roller_min = 0;
  gboolean rerolled = FALSE;
  gboolean chose = FALSE;
  RollerTurns t = { 0 };
  guint cursed = 0;
  guint duties = 0, duty_keys = 0, duty_max = 0, duty_min_total = 0;
  guint all_keys = 0, all_min = 0;

  /* English keys: the count is the same in every language. */
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);

  if (!g_file_get_contents (path, &contents, NULL, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  lines = g_strsplit (contents, "\n", -1);

  g_print ("%s\n\nturn  roller     keys (min)   opponents' keys (min)\n", path);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);
      g_autoptr(JsonNode) node = NULL;
      const CvGame *cv;
      CvAction action;
      g_autofree char *keys = NULL;
      guint n, min;
      gboolean by_roller;

      if (line[0] == '\0' || line[0] == '#')
        continue;
      if (dp == NULL)
        {
          if ((dp = dp_game_new_from_text (line, &error)) == NULL)
            g_error ("%s", error->message);
          continue;
        }

      cv = cv_game_from_dp_const (dp);
      node = json_from_string (line, NULL);
      if (node == NULL || !cv_action_from_json (cv, json_node_get_object (node), &action, &error))
        g_error ("%s: %s", line, error != NULL ? error->message : "not JSON");

      /* A new turn begins with its first roll: close the last one. */
      if (action.type == CV_ACTION_ROLL && turn > 0)
        {
          g_print ("\n");
          close_turn (&t, cursed, rerolled, roller_keys);
        }
      if (action.type == CV_ACTION_ROLL)
        {
          turn++;
          roller_keys = roller_min = 0;
          rerolled = chose = FALSE;
          cursed = 0;
        }

      keys = cv_presenter_dup_keys (cv, &action);
      n = g_utf8_strlen (keys, -1);
      min = contract_minimum (&action);
      all_keys += n;
      all_min += min;
      by_roller = cv_game_get_phase (cv) != CV_PHASE_OPPONENTS;

      if (by_roller)
        {
          if (action.type == CV_ACTION_ROLL)
            g_print ("%4u  %-8s", turn, cv_game_get_player_name (cv, cv_game_get_roller (cv)));
          roller_keys += n;
          roller_min += min;
          rerolled |= action.type == CV_ACTION_REROLL;
          if (action.type != CV_ACTION_ROLL && action.type != CV_ACTION_REROLL)
            {
              chose = TRUE;
              g_print ("  %3u (%3u)  ", roller_keys, roller_min);
            }
        }
      else
        {
          /* Three skulls: the roller's turn was the roll alone. */
          if (!chose)
            {
              chose = TRUE;
              cursed++;
              g_print ("  %3u (%3u)  3 skulls:", roller_keys, roller_min);
            }
          duties++;
          duty_keys += n;
          duty_max = MAX (duty_max, n);
          duty_min_total += min;
          g_print (" %s %u (%u)", cv_game_get_player_name (cv, action.player), n, min);
        }

      if (!dp_game_apply_text (dp, line, &error))
        g_error ("%s: %s", line, error->message);
    }
  g_print ("\n");
  close_turn (&t, cursed, rerolled, roller_keys);

  g_print ("\n%u turns, %u keys in all (the contract's minimum: %u)\n", turn, all_keys, all_min);
  g_print ("roller cursed (3 skulls): %u turns, 7 keys each\n", t.cursed_turns);
  if (t.plain_turns > 0)
    g_print ("roller, no re-roll: %u turns, %.1f keys per turn on average, at most %u (goal ≤ 9)\n",
             t.plain_turns, (double) t.plain_keys / t.plain_turns, t.plain_max);
  if (t.reroll_turns > 0)
    g_print ("roller, with re-rolls: %u turns, %.1f keys per turn on average\n",
             t.reroll_turns, (double) t.reroll_keys / t.reroll_turns);
  if (duties > 0)
    g_print ("opponents after skulls: %u duties, %.2f keys each on average, at most %u (goal 1–2; minimum %.2f)\n",
             duties, (double) duty_keys / duties, duty_max, (double) duty_min_total / duties);
  return 0;
}
