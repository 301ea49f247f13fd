/* cb-keyboard-race.h — a whole 3-player Cubitos race played by keyboard alone, counting
 * the inputs (issue 15, "Done when"; used by test-cubitos-keyboard and
 * bench/bench-cubitos-inputs)
 *
 * The driver only ever acts on the widget that has the keyboard focus, as a player at
 * the table does: "Tab" moves the focus on (gtk_widget_child_focus on the window),
 * "typing" replaces the focused number field's text as keys would (the roll entry may
 * move the focus on by itself), "Space" toggles the focused check button, "Enter"
 * activates the focused button or text field. Every Tab, typed digit, Space and Enter
 * is one input. What Dicepad enters by itself (a player's only possible action,
 * dp_session_get_forced()) costs nothing.
 *
 * What the physical dice show comes from seeded random generators, one per player, so
 * the race is the same every time and in every flow. The players follow a simple
 * policy: take the refill Dicepad proposes, push once while not in danger, pass in
 * danger, collect and announce, spend all coins on steps, walk every step, never buy,
 * rest. A runner that reaches RACE_SPACES spaces crosses the finish line and tells how
 * far beyond the start it stands.
 *
 * "Before" counts the same decisions in the flow before issue 15: Enter landed on Push
 * in danger (Tab to Pass first), every 4-coin step was one click (no "all") reached
 * from Land, Collect and Announce were two buttons, a Tab to every roll field, and an
 * Enter for every action Dicepad now enters by itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-ui-test-util.h"
#include "dp-new-game-page.h"
#include "cb-new-game.h"
#include "cb-roll-entry.h"
#include "cb-run-panel.h"
#include "cb-table-page.h"

#define RACE_SPACES 9

typedef struct
{
  guint inputs;          /* this flow */
  guint inputs_before;   /* the same decisions in the flow before issue 15 */
  guint player_rounds;   /* rounds × players taking part */
  guint rounds;
  guint actions;         /* entries stored */
  guint forced;          /* of them, entered by Dicepad itself (the only possible action) */
  guint by_phase[CB_PHASE_OUT + 1];   /* inputs spent in each phase */
} CbKeyboardRace;

static inline CbTablePage *
kr_table (DpUiFixture *f)
{
  return CB_TABLE_PAGE (dp_window_get_page (f->window, "cubitos-table"));
}

static inline const CbGame *
kr_game (DpUiFixture *f)
{
  return cb_game_from_dp_const (dp_session_get_game (dp_window_get_session (f->window)));
}

static inline GtkWidget *
kr_focus (DpUiFixture *f)
{
  return gtk_root_get_focus (GTK_ROOT (f->window));
}

static inline gboolean
kr_focus_in (DpUiFixture *f,
             GtkWidget   *target)
{
  GtkWidget *focus = kr_focus (f);

  return focus == target || (focus != NULL && gtk_widget_is_ancestor (focus, target));
}

static inline guint
kr_count_tabs (DpUiFixture      *f,
               GtkWidget        *target,
               GtkDirectionType  direction)
{
  guint tabs = 0;

  while (!kr_focus_in (f, target) && tabs < 300)
    {
      gtk_widget_child_focus (GTK_WIDGET (f->window), direction);
      tabs++;
    }
  return tabs;
}

/* Tab (or Shift+Tab, whichever is shorter) until @target has the focus; returns the
 * number of key presses. */
static inline guint
kr_tab_to (DpUiFixture *f,
           GtkWidget   *target)
{
  GtkWidget *start = kr_focus (f);
  guint forward, backward;

  g_assert_nonnull (target);
  if (kr_focus_in (f, target))
    return 0;
  forward = kr_count_tabs (f, target, GTK_DIR_TAB_FORWARD);
  gtk_widget_grab_focus (start);
  backward = kr_count_tabs (f, target, GTK_DIR_TAB_BACKWARD);
  if (forward < backward)
    {
      gtk_widget_grab_focus (start);
      kr_count_tabs (f, target, GTK_DIR_TAB_FORWARD);
    }
  if (!kr_focus_in (f, target))
    g_error ("Tab never reaches %s %s (sensitive %d, tooltip %s; focus was on %s %s)", G_OBJECT_TYPE_NAME (target),
             GTK_IS_BUTTON (target) ? gtk_button_get_label (GTK_BUTTON (target)) : "",
             gtk_widget_get_sensitive (target), gtk_widget_get_tooltip_text (target),
             G_OBJECT_TYPE_NAME (start), GTK_IS_BUTTON (start) ? gtk_button_get_label (GTK_BUTTON (start)) : "");
  return MIN (forward, backward);
}

/* Typing @digits into the focused number field: the field's text is replaced (Tab
 * selects it all), as keys would; the roll entry may move the focus on by itself. */
static inline void
kr_type (DpUiFixture *f,
         const char  *digits)
{
  GtkWidget *focus = kr_focus (f);

  g_assert_true (GTK_IS_TEXT (focus));
  gtk_editable_set_text (GTK_EDITABLE (focus), digits);
}

/* Enter on the focused button, or in the focused text field (which activates it). */
static inline void
kr_enter (DpUiFixture *f)
{
  GtkWidget *focus = kr_focus (f);
  GtkWidget *button;

  if (GTK_IS_TEXT (focus))
    {
      g_signal_emit_by_name (focus, "activate");
      return;
    }
  button = GTK_IS_BUTTON (focus) ? focus : gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON);

  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

static inline guint
kr_seat_of_focus (DpUiFixture *f,
                  guint        n_players)
{
  GtkWidget *panel = gtk_widget_get_ancestor (kr_focus (f), CB_TYPE_RUN_PANEL);

  for (guint s = 0; s < n_players; s++)
    if (panel == GTK_WIDGET (cb_table_page_get_panel (kr_table (f), s)))
      return s;
  g_error ("the keyboard focus is on no board");
  return 0;
}

/* A die of @kind rolled: one of its six sides. */
static inline CbFace
kr_roll_die (GRand  *rand,
             CbKind  kind)
{
  return cb_die_info (kind)->sides[g_rand_int_range (rand, 0, CB_DIE_SIDES)];
}

static inline void
kr_start (DpUiFixture *f)
{
  DpNewGamePage *page;
  CbNewGame *options;

  /* The recorded race (keyboard-race.jsonl) was played, and its inputs counted, with
   * nobody winning the red card at 0 swords; the rulebook's reading, the default since
   * issue 25 (item 5), is played in test-cubitos-table's /cubitos-ui/zero-swords. */
  g_settings_set_boolean (dp_application_get_settings (DP_APPLICATION (f->app)), "cubitos-zero-swords-tie", FALSE);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.new-game",
                                                     g_variant_new_string ("cubitos")));
  page = DP_NEW_GAME_PAGE (dp_window_get_page (f->window, "new-game"));
  /* the page keeps the players of the last game started */
  while (dp_new_game_page_get_n_players (page) < 3)
    dp_new_game_page_add_player (page);
  dp_new_game_page_set_name (page, 0, nm ("Ina"));
  dp_new_game_page_set_name (page, 1, nm ("Sami"));
  dp_new_game_page_set_name (page, 2, nm ("Tom"));
  options = CB_NEW_GAME (dp_ui_find_descendant (GTK_WIDGET (page), CB_TYPE_NEW_GAME));
  cb_new_game_set_race (options, 1);
  cb_new_game_set_first (options, 0);
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), "win.start-game", NULL));
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "cubitos-table");
}

/* Plays the race to its end by keyboard alone. */
static inline void
kr_play (DpUiFixture    *f,
         CbKeyboardRace *out)
{
  /* one generator per player: the race stays the same whatever order the boards are
   * played in (Dicepad enters forced actions by itself, which changes the order) */
  g_autoptr(GRand) rand0 = g_rand_new_with_seed (15);
  g_autoptr(GRand) rand1 = g_rand_new_with_seed (16);
  g_autoptr(GRand) rand2 = g_rand_new_with_seed (17);
  GRand *rand[3] = { rand0, rand1, rand2 };
  guint pushes[CB_MAX_PLAYERS] = { 0, };
  guint last_round = 0;
  guint n;

  memset (out, 0, sizeof *out);
  kr_start (f);
  /* made by Dicepad as the race starts (the first refills): an Enter each before */
  out->forced = dp_session_get_forced (dp_window_get_session (f->window))->len;
  out->inputs_before = out->forced;
  n = cb_game_get_n_players (kr_game (f));
  cb_run_panel_focus_first (cb_table_page_get_panel (kr_table (f), 0));

  while (!cb_game_is_finished (kr_game (f)))
    {
      const CbGame *g = kr_game (f);
      guint seat, in = 0, before, forced, forced_before;
      gboolean announce_counted = FALSE;
      const GPtrArray *forced_list;
      CbPhase phase;
      CbRunPanel *panel;

      g_assert_cmpuint (dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window))), <, 2000);
      if (cb_game_get_round (g) != last_round)
        {
          last_round = cb_game_get_round (g);
          out->rounds++;
          for (guint s = 0; s < n; s++)
            {
              out->player_rounds += cb_game_get_phase (g, s) != CB_PHASE_OUT;
              pushes[s] = 0;
            }
        }
      seat = kr_seat_of_focus (f, n);
      panel = cb_table_page_get_panel (kr_table (f), seat);
      phase = cb_game_get_phase (g, seat);
      before = G_MAXUINT;   /* the same count, unless the old flow differs */

      switch (cb_game_get_phase (g, seat))
        {
        case CB_PHASE_REFILL:
          in += kr_tab_to (f, cb_run_panel_get_control (panel, "refill")) + 1;
          kr_enter (f);
          break;

        case CB_PHASE_ROLL:
          {
            CbRollEntry *entry = cb_run_panel_get_roll_entry (panel);
            guint faces[CB_N_KINDS][CB_N_FACES] = { { 0, } };
            guint field = 0, at = 0;

            for (guint k = 0; k < CB_N_KINDS; k++)
              for (guint i = 0; i < cb_game_get_dice (g, seat, CB_ZONE_READY, k); i++)
                faces[k][kr_roll_die (rand[seat], k)]++;
            /* before issue 15: the focus stayed in a field after a count was typed, so a
             * Tab to every field after it; one input per count and Enter */
            before = 1;
            for (guint k = 0; k < CB_N_KINDS; k++)
              for (guint face = CB_FACE_BLANK + 1; face < CB_N_FACES; face++)
                {
                  GtkSpinButton *spin = cb_roll_entry_get_field (entry, k, face);
                  g_autofree char *typed = NULL;

                  if (spin == NULL)
                    continue;
                  field++;
                  if (faces[k][face] == 0)
                    continue;
                  typed = g_strdup_printf ("%u", faces[k][face]);
                  before += field - 1 - at + 1;
                  at = field - 1;
                  in += kr_tab_to (f, GTK_WIDGET (spin)) + (guint) strlen (typed);
                  kr_type (f, typed);
                }
            /* Enter, in a field or on the roll button, rolls */
            in += 1;
            kr_enter (f);
            g_assert_cmpuint (cb_game_get_phase (kr_game (f), seat), !=, CB_PHASE_ROLL);
          }
          break;

        case CB_PHASE_DECIDE:
          {
            gboolean pass = cb_game_in_danger (g, seat) || pushes[seat] > 0
                            || cb_game_count_zone (g, seat, CB_ZONE_READY) == 0;
            GtkWidget *target = cb_run_panel_get_control (panel, pass ? "pass" : "push");

            in += kr_tab_to (f, target) + 1;
            /* before issue 15 the keyboard sat on Push, also in danger */
            before = pass ? 2 : 1;
            pushes[seat] += !pass;
            kr_enter (f);
          }
          break;

        case CB_PHASE_BUST:
          in += kr_tab_to (f, cb_run_panel_get_control (panel, "bust")) + 1;
          kr_enter (f);
          break;

        case CB_PHASE_SUPPORT:
          if (cb_game_get_swords (g, seat) < 0
              || (cb_run_panel_get_control (panel, "collect") != NULL
                  && gtk_widget_get_sensitive (cb_run_panel_get_control (panel, "collect"))))
            {
              /* "Collect and Announce Swords": one input (before issue 15: Collect, then
               * Tab to Announce) */
              GtkWidget *collect = cb_run_panel_get_control (panel, "collect");
              GtkWidget *announce = cb_run_panel_get_control (panel, "announce");
              gboolean both = collect != NULL && gtk_widget_get_sensitive (collect);
              /* with credit faces shown, Collect (its credits check) comes first */
              gboolean combined = announce != NULL
                                  && g_object_get_data (G_OBJECT (announce), "first-action") != NULL;
              guint tabs = kr_tab_to (f, announce != NULL && (combined || !both) ? announce : collect);

              in += tabs + 1;
              before = combined && both ? tabs + 2 : tabs + 1;
              announce_counted = combined && both;
              kr_enter (f);
              break;
            }
          /* The red card of the player with the most swords — at 0 swords all round the
           * top dog's (p. 9 „ggf. auch 0“, p. 11 „Nase vorn“; issue 25, item 5) — is
           * mandatory: Enter on it before walking */
          if (cb_run_panel_get_mandatory (panel) != NULL)
            {
              in += kr_tab_to (f, cb_run_panel_get_mandatory (panel)) + 1;
              kr_enter (f);
              break;
            }
          G_GNUC_FALLTHROUGH;
        case CB_PHASE_MOVE:
          {
            guint coins = cb_game_get_coins (g, seat);
            guint steps = cb_game_get_steps (g, seat);
            guint walked = cb_game_get_spaces_moved (g, seat);

            if (coins >= CB_COINS_PER_STEP)
              {
                const char *name = coins >= 2 * CB_COINS_PER_STEP ? "buy-steps-all" : "buy-step";
                GtkWidget *buy = cb_run_panel_get_control (panel, name);
                GtkWidget *focus = kr_focus (f);
                guint tabs;

                /* before: the keyboard sat on Land, and one click per step */
                gtk_widget_grab_focus (cb_run_panel_get_control (panel, "land"));
                before = kr_tab_to (f, cb_run_panel_get_control (panel, "buy-step")) + coins / CB_COINS_PER_STEP;
                gtk_widget_grab_focus (focus);
                tabs = kr_tab_to (f, buy);
                in += tabs + 1;
                kr_enter (f);
                break;
              }
            if (!cb_game_has_finished_race (g, seat) && walked + steps >= RACE_SPACES && steps > 0)
              {
                GtkWidget *finish = cb_run_panel_get_control (panel, "finish");
                GtkWidget *beyond = cb_run_panel_get_control (panel, "beyond");

                in += kr_tab_to (f, finish) + 1;
                gtk_check_button_set_active (GTK_CHECK_BUTTON (finish), TRUE);
                in += kr_tab_to (f, beyond) + 1;
                gtk_spin_button_set_value (GTK_SPIN_BUTTON (beyond), walked + steps - RACE_SPACES);
              }
            in += kr_tab_to (f, cb_run_panel_get_control (panel, "land")) + 1;
            kr_enter (f);
          }
          break;

        case CB_PHASE_SHOP:
          in += kr_tab_to (f, cb_run_panel_get_control (panel, "rest")) + 1;
          kr_enter (f);
          break;

        case CB_PHASE_ROLL_DONE:
        case CB_PHASE_RESTED:
        case CB_PHASE_OUT:
        default:
          g_error ("the keyboard sits on a board that has nothing to do");
        }
      out->actions = dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window)));
      /* What Dicepad entered by itself (the only possible action) cost an Enter before,
       * except the announcing that "Collect and Announce" already counted. */
      forced_list = dp_session_get_forced (dp_window_get_session (f->window));
      forced = forced_list->len;
      forced_before = forced;
      for (guint i = 0; i < forced_list->len && announce_counted; i++)
        if (strstr (g_ptr_array_index (forced_list, i), "\"announce\"") != NULL)
          forced_before--;
      out->inputs += in;
      out->by_phase[phase] += in;
      out->inputs_before += (before == G_MAXUINT ? in : MAX (before, in)) + forced_before;
      out->forced += forced;
    }
}
