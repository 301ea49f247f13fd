/* bench-cubitos-phone-taps.c — taps per player-round of a whole Cubitos race on phones
 *
 * Issue 23, "Done when": "bench/ prints the taps per player-round of that race on the
 * phone (a tap = one click or one counter step); the target is ≤ 8". Plays
 * tests/server/cubitos-phone-race.jsonl (the race tests/server/browser-test.py plays in
 * Chromium) against the phone's view (cb-seat-view.c) and counts what the page needs
 * for each entry from the form's defaults: each counter step (one tap for a count drawn
 * as a row of numbers), each choice or switch that differs, and the button (none after
 * a pick that "sends": its tap is the button). A pass or push that follows the seat's
 * roll costs nothing: "Enter and pass" / "Enter and push" sent it with the roll. What
 * Dicepad enters by itself (dp_game_dup_forced_action) costs nothing. The browser test
 * counts the same taps on the real page and prints them.
 *
 *   ./_build/bench/bench-cubitos-phone-taps [SCRIPT]     (BENCH_VERBOSE=1: the taps of each entry)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "cb-game.h"
#include "cb-seat-view.h"

static guint
form_taps (JsonObject *form,
           JsonObject *action)
{
  guint n = json_array_get_length (json_object_get_array_member (form, "fields"));
  g_autofree gint64 *values = g_new0 (gint64, MAX (n, 1));
  guint taps = 0;

  if (!cb_seat_view_answers_for (form, action, values, &taps))
    g_error ("the form %s cannot say this", json_object_get_string_member (form, "id"));
  return taps;
}

static JsonObject *
parse_object (JsonParser *parser,
              const char *text)
{
  g_autoptr(GError) error = NULL;

  if (!json_parser_load_from_data (parser, text, -1, &error))
    g_error ("%s", error->message);
  return json_node_get_object (json_parser_get_root (parser));
}

static gboolean
same_action (DpGame     *game,
             JsonObject *a,
             JsonObject *b)
{
  g_autofree char *x = dp_game_normalize_action (game, a, NULL);
  g_autofree char *y = dp_game_normalize_action (game, b, NULL);

  return x != NULL && g_strcmp0 (x, y) == 0;
}

static JsonObject *
find_form (JsonObject *view,
           const char *id,
           gboolean    with_first)
{
  JsonArray *forms = json_object_get_array_member (view, "forms");

  for (guint f = 0; f < json_array_get_length (forms); f++)
    {
      JsonObject *form = json_array_get_object_element (forms, f);

      if (g_str_equal (json_object_get_string_member (form, "id"), id)
          && json_object_has_member (form, "first") == with_first)
        return form;
    }
  return NULL;
}

/* When one tap on the phone makes @action and the same player's next entry in @pending
 * (index 0 is @action), returns that entry's index and sets @taps: a form that sends
 * @action "first" and then its own (the window's "Collect and Announce Swords", the shop
 * with the landing when nothing is to walk), or @action's form with a "then" button whose
 * form, offered after @action, sends that entry ("Walk, Land and Rest"). Else 0. */
static guint
paired_after (DpGame     *game,
              JsonObject *view,
              int         seat,
              JsonObject *action,
              GPtrArray  *pending,
              guint      *taps)
{
  const char *player = json_object_get_string_member (action, "player");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *id = cb_seat_view_dup_form_id (action);
  g_autofree char *next_id = NULL;
  JsonObject *next = NULL, *form;
  guint j;

  for (j = 1; j < pending->len && next == NULL; j++)
    {
      JsonObject *candidate = parse_object (parser, g_ptr_array_index (pending, j));

      if (g_strcmp0 (json_object_get_string_member (candidate, "player"), player) == 0)
        next = candidate;
    }
  if (next == NULL || id == NULL || (next_id = cb_seat_view_dup_form_id (next)) == NULL)
    return 0;
  j--;

  form = find_form (view, next_id, TRUE);
  if (form != NULL && same_action (game, json_object_get_object_member (form, "first"), action))
    {
      *taps = form_taps (form, next);
      return j;
    }
  form = find_form (view, id, FALSE);
  if (form != NULL && json_object_has_member (form, "then"))
    {
      JsonArray *then = json_object_get_array_member (form, "then");

      for (guint t = 0; t < json_array_get_length (then); t++)
        if (g_str_equal (json_object_get_string_member (json_array_get_object_element (then, t), "id"), next_id))
          {
            g_autoptr(DpGame) after = dp_game_copy (game);
            g_autoptr(JsonObject) later = json_object_new ();
            g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
            g_autofree char *text = NULL;
            JsonObject *offered;

            json_node_set_object (node, action);
            text = json_to_string (node, FALSE);
            if (!dp_game_apply_text (after, text, NULL))
              return 0;
            cb_seat_view_build (later, after, cb_game_from_dp_const (after), seat);
            offered = find_form (later, next_id, FALSE);
            /* The page sends the offered form's action as it is. */
            if (offered == NULL || !same_action (after, json_object_get_object_member (offered, "action"), next))
              return 0;
            *taps = form_taps (form, action);
            return j;
          }
    }
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  const char *path = argc > 1 ? argv[1] : SOURCE_ROOT "/tests/server/cubitos-phone-race.jsonl";
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GPtrArray) pending = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GHashTable) player_rounds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GError) error = NULL;
  guint taps = 0, entries = 0, forced = 0;
  guint by_phase[CB_PHASE_OUT + 1] = { 0, };
  gboolean verbose = g_getenv ("BENCH_VERBOSE") != NULL;
  gboolean rolled[CB_MAX_PLAYERS] = { FALSE, };

  if (!g_file_get_contents (path, &text, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      if (game == NULL)
        {
          game = dp_game_new_from_text (lines[i], &error);
          g_assert_no_error (error);
        }
      else
        g_ptr_array_add (pending, g_strdup (lines[i]));
    }

  while (pending->len > 0 && !dp_game_is_finished (game))
    {
      g_autofree char *forced_text = dp_game_dup_forced_action (game);
      const CbGame *cb = cb_game_from_dp_const (game);
      g_autoptr(JsonParser) parser = json_parser_new ();
      const char *line;
      JsonObject *action;
      int seat;
      guint index = 0;
      guint paired = 0;
      g_autofree char *key = NULL;

      if (forced_text != NULL)
        {
          /* Dicepad enters it itself: the script holds it somewhere ahead. */
          g_autofree char *canonical = NULL;
          gboolean found = FALSE;

          for (guint i = 0; i < pending->len && !found; i++)
            {
              g_autoptr(JsonParser) p = json_parser_new ();
              g_autofree char *norm = NULL;

              if (!json_parser_load_from_data (p, g_ptr_array_index (pending, i), -1, NULL))
                continue;
              norm = dp_game_normalize_action (game, json_node_get_object (json_parser_get_root (p)), NULL);
              if (g_strcmp0 (norm, forced_text) == 0)
                {
                  g_ptr_array_remove_index (pending, i);
                  found = TRUE;
                }
            }
          if (!found)
            g_error ("Dicepad enters %s, which the script does not hold", forced_text);
          if (!dp_game_apply_text (game, forced_text, &error))
            g_error ("%s", error->message);
          forced++;
          continue;
        }

      line = g_ptr_array_index (pending, 0);
      if (!json_parser_load_from_data (parser, line, -1, &error))
        g_error ("%s", error->message);
      action = json_node_get_object (json_parser_get_root (parser));
      seat = cb_game_find_player (cb, json_object_get_string_member (action, "player"));
      g_assert_cmpint (seat, >=, 0);
      key = g_strdup_printf ("%u:%d", cb_game_get_round (cb), seat);
      g_hash_table_add (player_rounds, g_steal_pointer (&key));

      {
        g_autoptr(JsonObject) view = json_object_new ();
        g_autofree char *id = cb_seat_view_dup_form_id (action);
        CbPhase phase = cb_game_get_phase (cb, seat);

        cb_seat_view_build (view, game, cb, seat);
        if ((g_strcmp0 (id, "pass") == 0 || g_strcmp0 (id, "push") == 0) && rolled[seat])
          index = 0;    /* "Enter and pass" / "Enter and push" sent it with the roll */
        else if ((paired = paired_after (game, view, seat, action, pending, &index)) > 0)
          ;             /* one tap, two entries */
        else if (id == NULL)
          index = cb_seat_view_entry_taps (view, action);
        else
          {
            JsonArray *forms = json_object_get_array_member (view, "forms");

            for (guint f = 0; f < json_array_get_length (forms) && index == 0; f++)
              {
                JsonObject *form = json_array_get_object_element (forms, f);
                if (g_str_equal (json_object_get_string_member (form, "id"), id))
                  index = form_taps (form, action);
              }
            if (index == 0)
              g_error ("the phone offers no form %s for %s", id, line);
          }
        rolled[seat] = id == NULL && json_object_has_member (action, "roll");
        taps += index;
        by_phase[phase] += index;
        if (verbose)
          g_print ("  %2u  %s%s%s\n", index, line, paired > 0 ? " and " : "",
                   paired > 0 ? (const char *) g_ptr_array_index (pending, paired) : "");
        if (verbose && id == NULL && !json_object_has_member (action, "refill"))
          {
            JsonArray *kinds = json_object_get_array_member (json_object_get_object_member (view, "entry"), "kinds");

            g_print ("       ready:");
            for (guint k = 0; k < json_array_get_length (kinds); k++)
              g_print (" %s %" G_GINT64_FORMAT, json_object_get_string_member (json_array_get_object_element (kinds, k), "key"),
                       json_object_get_int_member (json_array_get_object_element (kinds, k), "ready"));
            g_print ("\n");
          }
      }
      if (!dp_game_apply_text (game, line, &error))
        g_error ("%s: %s", line, error->message);
      if (paired > 0)
        {
          if (!dp_game_apply_text (game, g_ptr_array_index (pending, paired), &error))
            g_error ("%s", error->message);
          g_ptr_array_remove_index (pending, paired);
          entries++;
        }
      g_ptr_array_remove_index (pending, 0);
      entries++;
    }

  {
    guint n = g_hash_table_size (player_rounds);

    g_print ("Cubitos race on three phones (%s): %u entries on phones, %u entered by Dicepad itself, "
             "%u player-rounds\n", path, entries, forced, n);
    for (guint p = 0; p < CB_PHASE_OUT + 1; p++)
      if (by_phase[p] > 0)
        g_print ("  %-14s %5.2f taps per player-round\n", cb_phase_to_string (p), (double) by_phase[p] / n);
    g_print ("taps per player-round: %.2f (goal <= 8); %u taps in all\n", (double) taps / n, taps);
  }
  return EXIT_SUCCESS;
}
