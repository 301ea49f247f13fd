/* cb-keyboard-race.h — whole 3-player Cubitos races played by the keyboard contract
 * alone (docs/keyboard.md), counting what a person does (issue 25 item 2; used by
 * test-cubitos-keyboard and bench/bench-cubitos-inputs)
 *
 * The driver only ever acts on the board that has the keyboard focus, as a player at the
 * table does, and only by keys sent to the real controllers (cv-key-test-util.h): face
 * letters and digits type a roll, a button's underlined letter presses it, Enter enters,
 * Tab moves the focus (the window's own focus chain). Every key is one input; a Tab for
 * every field passed. Where the keyboard is not on the board that must act, or the
 * focused widget is outside the visible part of the page at the window's size, a person
 * clicks (and scrolls first): a click, plus a scroll when the target is out of view, is
 * counted then — and with kr_check the test fails instead. What Dicepad enters by itself
 * (a player's only possible action, dp_session_get_forced()) costs nothing.
 *
 * What the physical dice show comes from seeded random generators, one per player, so a
 * race is the same every time and in every flow.
 *
 * Race 1 (KR_GOLDEN, the golden race of issue 15): take the refill Dicepad proposes, push
 * once while not in danger, pass in danger, collect and announce, spend all coins on
 * steps, walk every step, never buy, rest.
 * Race 2 (KR_BUSY): as race 1, but push on in danger until the race has had a bust; use
 * every card ability offered, at most two a round (by its letter; a form: with what it
 * proposes, then Use by its letter); the first player in each round who can buys a die
 * whose cost nobody has told yet (the cost typed, digit + Enter), and until then the
 * players keep 2 coins for it. KR_TRACE=1 prints every step, roll and entry.
 * In both races a roll's decision is typed as its letter right after the dice, where
 * that letter is no face key of the language (docs/keyboard.md); otherwise Enter first.
 * A runner that reaches RACE_SPACES spaces crosses the finish line and tells how far
 * beyond the start it stands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-ui-test-util.h"
#include "cv-key-test-util.h"
#include "dp-application.h"
#include "dp-new-game-page.h"
#include "dp-window.h"
#include "cb-new-game.h"
#include "cb-panel-controls.h"
#include "cb-decide-section.h"
#include "cb-roll-entry.h"
#include "cb-run-panel.h"
#include "cb-shop.h"
#include "cb-table-page.h"

#define RACE_SPACES 9
#define KR_TOLD_COST 2
#define KR_BUSY_SEED 31  /* the busy race's dice */   /* the cost "printed" on every card the busy race tells */

typedef enum
{
  KR_GOLDEN,
  KR_BUSY,
} KrPolicy;

typedef struct
{
  KrPolicy  policy;
  guint     seed;      /* the first player's dice generator; the others follow */
  gboolean  check;     /* fail (a test) instead of counting clicks and scrolls */
} KrConfig;

typedef struct
{
  guint inputs;          /* keys, clicks and scrolls */
  guint tabs;            /* of them, Tabs */
  guint clicks;          /* of them, clicks where the keyboard was not on the target */
  guint scrolls;         /* of them, scrolls to a target out of view */
  guint player_rounds;   /* rounds × players taking part */
  guint rounds;
  guint actions;         /* entries stored */
  guint forced;          /* of them, entered by Dicepad itself (the only possible action) */
  guint busts;
  guint told_costs;      /* buys with a cost typed */
  guint abilities;       /* card abilities used */
  guint cards_used;      /* different cards whose abilities were used */
  guint steps;           /* keyboard steps checked (focus on the acting board, in view) */
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

/* A Tab as the table's key controller sees it (the focus moves by
 * gtk_widget_child_focus(), as GtkWindow does with it): a key of the focused board. */
static inline void
kr_tab_seen (DpUiFixture *f)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (kr_table (f)));

  for (guint j = 0; j < g_list_model_get_n_items (controllers); j++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, j);
      gboolean handled = FALSE;

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Tab, 0, 0, &handled);
    }
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
  kr_tab_seen (f);
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

/* One key through the window's controllers and the focused widget's bindings. */
static inline void
kr_key (DpUiFixture *f,
        guint        keyval)
{
  cv_test_send_key (GTK_WINDOW (f->window), keyval, 0);
}

/* Types @text (digits, letters, '\n' Enter); returns the keys pressed. */
static inline guint
kr_type (DpUiFixture *f,
         const char  *text)
{
  cv_test_type (GTK_WINDOW (f->window), text);
  return (guint) g_utf8_strlen (text, -1);
}

static inline guint
kr_type_unichar (DpUiFixture *f,
                 gunichar     c)
{
  char buf[8] = { 0, };

  g_unichar_to_utf8 (g_unichar_tolower (c), buf);
  return kr_type (f, buf);
}

/* The underlined letter of a control's label (its key, docs/keyboard.md). */
static inline gunichar
kr_choice_key (GtkWidget *control)
{
  const char *label = NULL;
  const char *under;

  if (GTK_IS_BUTTON (control))
    label = gtk_button_get_label (GTK_BUTTON (control));
  else if (GTK_IS_CHECK_BUTTON (control) && GTK_IS_LABEL (gtk_check_button_get_child (GTK_CHECK_BUTTON (control))))
    label = gtk_label_get_label (GTK_LABEL (gtk_check_button_get_child (GTK_CHECK_BUTTON (control))));
  under = label != NULL ? strchr (label, '_') : NULL;
  return under != NULL ? g_utf8_get_char (under + 1) : 0;
}

/* Presses @control by its key (its underlined letter); returns the keys pressed. */
static inline guint
kr_press (DpUiFixture *f,
          GtkWidget   *control,
          const char  *name)
{
  gunichar key;

  if (control == NULL)
    g_error ("no control “%s”", name);
  key = kr_choice_key (control);
  if (key == 0)
    g_error ("“%s” has no key", name);
  if (!gtk_widget_get_sensitive (control))
    g_error ("“%s” is disabled: %s", name, gtk_widget_get_tooltip_text (control));
  return kr_type_unichar (f, key);
}

/* Presses the choice @name of @panel by its key; returns the keys pressed. */
static inline guint
kr_choose (DpUiFixture *f,
           CbRunPanel  *panel,
           const char  *name)
{
  return kr_press (f, cb_run_panel_get_control (panel, name), name);
}

static inline int
kr_seat_of (DpUiFixture *f,
            GtkWidget   *widget,
            guint        n_players)
{
  GtkWidget *panel = widget != NULL ? gtk_widget_get_ancestor (widget, CB_TYPE_RUN_PANEL) : NULL;

  for (guint s = 0; s < n_players; s++)
    if (panel == GTK_WIDGET (cb_table_page_get_panel (kr_table (f), s)))
      return (int) s;
  return -1;
}

/* Whether @widget lies wholly inside the visible part of the table's page, above the
 * strip at its bottom where the toast of the last entry lies for a few seconds (a
 * click there hits the toast: walkthrough of 26 Nov, Zoë's Pass under her roll's toast). */
static inline gboolean
kr_in_view (DpUiFixture *f,
            GtkWidget   *widget)
{
  GtkWidget *scroller = dp_ui_find_descendant (GTK_WIDGET (kr_table (f)), GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t bounds;

  g_assert_nonnull (scroller);
  if (!gtk_widget_compute_bounds (widget, scroller, &bounds))
    return FALSE;
  return bounds.origin.x >= -1 && bounds.origin.y >= -1
         && bounds.origin.x + bounds.size.width <= gtk_widget_get_width (scroller) + 1
         && bounds.origin.y + bounds.size.height <= gtk_widget_get_height (scroller) - DP_WINDOW_TOAST_STRIP + 1;
}

/* Whether the roll form of the board @seat (when it enters a roll) lies whole above the
 * toast's strip, or cannot: it is taller than the view leaves room for. */
static inline gboolean
kr_roll_form_in_view (DpUiFixture  *f,
                      const CbGame *g,
                      int           seat)
{
  GtkWidget *panel, *scroller, *roll;

  if (seat < 0 || cb_game_get_phase (g, (guint) seat) != CB_PHASE_ROLL)
    return TRUE;
  panel = GTK_WIDGET (cb_table_page_get_panel (kr_table (f), (guint) seat));
  scroller = dp_ui_find_descendant (GTK_WIDGET (kr_table (f)), GTK_TYPE_SCROLLED_WINDOW);
  roll = cb_run_panel_get_control (CB_RUN_PANEL (panel), "roll");
  return roll == NULL || gtk_widget_get_height (panel) + 24 + DP_WINDOW_TOAST_STRIP > gtk_widget_get_height (scroller)
         || kr_in_view (f, roll);
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
  dp_ui_wait_mapped (GTK_WIDGET (f->window));
}

/* The field a face key would count a die in, typed with the keyboard on @from (a field
 * of @entry, or NULL: from the first), as cb_roll_entry_handle_key() finds it: the first
 * field from @from on, then from the first, that shows the face and whose colour still
 * has an uncounted die. */
static inline GtkSpinButton *
kr_face_lands (CbRollEntry   *entry,
               GtkSpinButton *from,
               gunichar       key,
               const guint    ready[CB_N_KINDS])
{
  GtkSpinButton *order[CB_N_KINDS * CB_N_FACES];
  guint kinds[CB_N_KINDS * CB_N_FACES];
  guint n = 0, start = 0;

  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint x = 0; x < CB_N_FACES; x++)
      if (cb_roll_entry_get_field (entry, k, x) != NULL)
        {
          if (cb_roll_entry_get_field (entry, k, x) == from)
            start = n;
          kinds[n] = k;
          order[n++] = cb_roll_entry_get_field (entry, k, x);
        }
  for (guint i = 0; i < n; i++)
    {
      guint at = (start + i) % n;
      guint counted = 0;

      for (guint x = 0; x < CB_N_FACES; x++)
        if (cb_roll_entry_get_field (entry, kinds[at], x) != NULL)
          counted += (guint) gtk_spin_button_get_value_as_int (cb_roll_entry_get_field (entry, kinds[at], x));
      for (guint x = 0; x < CB_N_FACES; x++)
        if (cb_roll_entry_get_field (entry, kinds[at], x) == order[at] && cb_roll_entry_get_face_key (x) == key
            && counted < ready[kinds[at]])
          return order[at];
    }
  return NULL;
}

/* Where Space (the next colour) takes the keyboard from @from: the first field of the
 * next colour rolled (cb_roll_entry_next_colour()). */
static inline GtkSpinButton *
kr_next_colour (CbRollEntry   *entry,
                GtkSpinButton *from)
{
  int kind = -1;

  for (guint k = 0; k < CB_N_KINDS && kind < 0; k++)
    for (guint x = 0; x < CB_N_FACES; x++)
      if (from != NULL && cb_roll_entry_get_field (entry, k, x) == from)
        kind = (int) k;
  if (kind < 0)
    return NULL;
  for (guint i = 1; i <= CB_N_KINDS; i++)
    for (guint x = 0; x < CB_N_FACES; x++)
      if (cb_roll_entry_get_field (entry, ((guint) kind + i) % CB_N_KINDS, x) != NULL)
        return cb_roll_entry_get_field (entry, ((guint) kind + i) % CB_N_KINDS, x);
  return NULL;
}

static inline GtkSpinButton *
kr_focused_field (DpUiFixture *f,
                  CbRollEntry *entry)
{
  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint x = 0; x < CB_N_FACES; x++)
      if (cb_roll_entry_get_field (entry, k, x) != NULL && kr_focus_in (f, GTK_WIDGET (cb_roll_entry_get_field (entry, k, x))))
        return cb_roll_entry_get_field (entry, k, x);
  return NULL;
}

/* The roll of @seat typed by the contract (docs/keyboard.md), colour by colour as the
 * dice lie: per field with n dice, its face letter (after a Space or two where the
 * letter would count a die of an earlier colour), then the other n − 1 letters. A field no letter reaches (a colour with
 * two coin faces) is reached by Tab and gets the count in digits. */
static inline guint
kr_type_roll (DpUiFixture *f,
              CbRunPanel  *panel,
              guint        seat,
              guint        faces[CB_N_KINDS][CB_N_FACES],
              guint       *tabs)
{
  CbRollEntry *entry = cb_run_panel_get_roll_entry (panel);
  guint ready[CB_N_KINDS] = { 0, };
  guint in = 0;

  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint x = 0; x < CB_N_FACES; x++)
      ready[k] += faces[k][x];
  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint face = CB_FACE_BLANK + 1; face < CB_N_FACES; face++)
      {
        GtkSpinButton *spin = cb_roll_entry_get_field (entry, k, face);
        gunichar key = cb_roll_entry_get_face_key (face);
        GtkSpinButton *at = kr_focused_field (f, entry);
        guint n = faces[k][face];
        guint spaces = 0;

        if (spin == NULL || n == 0)
          continue;
        /* Space on to the next colour while the letter would count an earlier one */
        while (at != NULL && kr_face_lands (entry, at, key, ready) != spin && spaces < CB_N_KINDS)
          {
            at = kr_next_colour (entry, at);
            spaces++;
          }
        if (kr_face_lands (entry, at, key, ready) == spin)
          {
            for (guint i = 0; i < spaces; i++)
              in += kr_type (f, " ");
            in += kr_type_unichar (f, key);
            g_assert_true (kr_focus_in (f, GTK_WIDGET (spin)));
            for (guint i = 1; i < n; i++)
                in += kr_type_unichar (f, key);
          }
        else
          {
            g_autofree char *digits = g_strdup_printf ("%u", n);
            guint t = kr_tab_to (f, GTK_WIDGET (spin));

            *tabs += t;
            gtk_editable_select_region (GTK_EDITABLE (spin), 0, -1);
            in += t + kr_type (f, digits);
          }
        g_assert_cmpuint (gtk_spin_button_get_value_as_int (spin), ==, n);
      }
  return in;
}

/* Enter after a roll typed (on a board that did not just act and typed nothing: 0
 * first). */
static inline guint
kr_roll_enter (DpUiFixture *f,
               guint        seat)
{
  guint in = 0;

  if (!cb_table_page_takes_enter (kr_table (f), seat))
    in += kr_type (f, "0");
  return in + kr_type (f, "\n");
}

/* The decision of the race's policy after a roll (phase 3): pass in danger or after a
 * push; the busy race pushes on in danger until the race has had a bust. */
static inline gboolean
kr_wants_pass (const KrConfig *config,
               const CbGame   *g,
               guint           seat,
               guint           pushes,
               guint           busts)
{
  if (cb_game_count_zone (g, seat, CB_ZONE_READY) == 0)
    return TRUE;
  if (config->policy == KR_BUSY && busts == 0 && cb_game_in_danger (g, seat))
    return FALSE;
  return cb_game_in_danger (g, seat) || pushes >= 1;
}

/* Enter on the focused widget of @seat's board; on a board that has not acted yet a
 * key of its own first (docs/keyboard.md: Tab there and back). Returns the keys. */
static inline guint
kr_enter_for (DpUiFixture *f,
              guint        seat)
{
  guint in = 0;

  if (!cb_table_page_takes_enter (kr_table (f), seat))
    {
      kr_tab_seen (f);
      in += 2;
    }
  return in + kr_type (f, "\n");
}

static inline void
kr_collect_enabled_keys (GtkWidget *widget,
                         GString   *keys)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_LABEL (widget) && cb_controls_label_key (GTK_LABEL (widget)) != 0 && gtk_widget_is_sensitive (widget)
      && gtk_widget_get_ancestor (widget, GTK_TYPE_MENU_BUTTON) == NULL)
    {
      g_string_append_unichar (keys, cb_controls_label_key (GTK_LABEL (widget)));
      if (g_getenv ("KR_TRACE") != NULL)
        g_printerr ("  key of %s\n", gtk_label_get_label (GTK_LABEL (widget)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    kr_collect_enabled_keys (child, keys);
}

/* docs/keyboard.md: no two choices a board offers now share a letter (card abilities
 * included), so a letter always presses the choice it shows. */
static inline void
kr_check_keys (DpUiFixture *f,
               GtkWidget   *panel,
               guint        step)
{
  g_autoptr(GString) keys = g_string_new (NULL);

  kr_collect_enabled_keys (panel, keys);
  for (const char *p = keys->str; *p != '\0'; p = g_utf8_next_char (p))
    for (const char *q = g_utf8_next_char (p); *q != '\0'; q = g_utf8_next_char (q))
      if (g_utf8_get_char (p) == g_utf8_get_char (q))
        g_error ("step %u: two choices of the board share the key “%.*s” (keys: %s)", step,
                 (int) (g_utf8_next_char (p) - p), p, keys->str);
}

static inline void
kr_trace_entry (gpointer    page,
                const char *text,
                gpointer    data)
{
  g_printerr ("    entered: %s\n", text);
}

/* Plays a race to its end by the keyboard contract alone. */
static inline void
kr_play_race (DpUiFixture    *f,
              const KrConfig *config,
              CbKeyboardRace *out)
{
  /* one generator per player: the race stays the same whatever order the boards are
   * played in (Dicepad enters forced actions by itself, which changes the order) */
  g_autoptr(GRand) rand0 = g_rand_new_with_seed (config->seed);
  g_autoptr(GRand) rand1 = g_rand_new_with_seed (config->seed + 1);
  g_autoptr(GRand) rand2 = g_rand_new_with_seed (config->seed + 2);
  GRand *rand[3] = { rand0, rand1, rand2 };
  guint pushes[CB_MAX_PLAYERS] = { 0, };
  guint bought[CB_MAX_PLAYERS] = { 0, };
  guint used[CB_MAX_PLAYERS] = { 0, };
  g_autoptr(GHashTable) kinds_used = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint last_round = 0, told_round = 0;
  guint n;

  memset (out, 0, sizeof *out);
  kr_start (f);
  if (g_getenv ("KR_TRACE") != NULL)
    g_signal_connect (kr_table (f), "entry-stored", G_CALLBACK (kr_trace_entry), NULL);
  out->forced = dp_session_get_forced (dp_window_get_session (f->window))->len;
  n = cb_game_get_n_players (kr_game (f));

  while (!cb_game_is_finished (kr_game (f)))
    {
      const CbGame *g = kr_game (f);
      guint seat, in = 0, tabs = 0, actions_before;
      int focus_seat;
      CbPhase phase;
      CbRunPanel *panel;

      g_assert_cmpuint (dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window))), <, 2000);
      if (cb_game_get_round (g) != last_round)
        {
          last_round = cb_game_get_round (g);
          out->rounds++;
          if (g_getenv ("KR_TRACE") != NULL)
            for (guint s = 0; s < n; s++)
              g_printerr ("round %u%s: %s at %u spaces%s, %s\n", last_round, cb_game_is_tiebreak (g) ? " (tie-break)" : "",
                          cb_game_get_player_name (g, s), cb_game_get_spaces_moved (g, s),
                          cb_game_has_finished_race (g, s) ? " (finished)" : "", cb_phase_to_string (cb_game_get_phase (g, s)));
          for (guint s = 0; s < n; s++)
            {
              out->player_rounds += cb_game_get_phase (g, s) != CB_PHASE_OUT;
              pushes[s] = 0;
              bought[s] = 0;
              used[s] = 0;
            }
        }
      /* What a player sees: the page laid out, the focused widget scrolled into view
       * once the page has settled (a few frames: the layout, then the scroll). */
      dp_ui_wait_frames (GTK_WIDGET (f->window), 2);
      for (guint i = 0; i < 10 && (kr_focus (f) == NULL || !kr_in_view (f, kr_focus (f))
                                   || !kr_roll_form_in_view (f, g, kr_seat_of (f, kr_focus (f), n))); i++)
        dp_ui_wait_frames (GTK_WIDGET (f->window), 1);
      focus_seat = kr_seat_of (f, kr_focus (f), n);
      if (config->check)
        {
          /* the window's size as set (its widget is a little narrower under CSD) */
          int min_width, window_width = g_settings_get_int (dp_application_get_settings (f->app), "window-width");

          if (focus_seat < 0 || !cb_game_must_act (g, (guint) focus_seat))
            g_error ("step %u: the keyboard is on %s %s (board %d, %s), not on a board that must act", out->steps,
                     kr_focus (f) != NULL ? G_OBJECT_TYPE_NAME (kr_focus (f)) : "nothing",
                     GTK_IS_BUTTON (kr_focus (f)) ? gtk_button_get_label (GTK_BUTTON (kr_focus (f))) : "",
                     focus_seat, focus_seat >= 0 ? cb_phase_to_string (cb_game_get_phase (g, (guint) focus_seat)) : "");
          if (!kr_in_view (f, kr_focus (f)))
            {
              GtkWidget *scroller = dp_ui_find_descendant (GTK_WIDGET (kr_table (f)), GTK_TYPE_SCROLLED_WINDOW);
              graphene_rect_t b = GRAPHENE_RECT_INIT (0, 0, 0, 0);

              if (!gtk_widget_compute_bounds (kr_focus (f), scroller, &b))
                b = GRAPHENE_RECT_INIT (-1, -1, -1, -1);
              g_error ("step %u: the focused %s of %s's board is out of view (%.0f,%.0f %.0f×%.0f in %d×%d)",
                       out->steps, G_OBJECT_TYPE_NAME (kr_focus (f)), cb_game_get_player_name (g, (guint) focus_seat),
                       b.origin.x, b.origin.y, b.size.width, b.size.height, gtk_widget_get_width (scroller),
                       gtk_widget_get_height (scroller));
            }
          /* The whole roll form, its Enter Roll button too, above the toast where it
           * fits (walkthrough of 27 Nov: O'Brien's second colour and the button lay
           * under "Zoë passes" while only the focused field was above it). */
          if (!kr_roll_form_in_view (f, g, focus_seat))
            g_error ("step %u: %s's Enter Roll is out of view or under the toast while the form fits", out->steps,
                     cb_game_get_player_name (g, (guint) focus_seat));
          gtk_widget_measure (GTK_WIDGET (f->window), GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
          if (min_width > window_width)
            g_error ("step %u: the window needs %d px, more than its %d", out->steps, min_width, window_width);
          kr_check_keys (f, GTK_WIDGET (cb_table_page_get_panel (kr_table (f), (guint) focus_seat)), out->steps);
        }
      if (focus_seat < 0 || !cb_game_must_act (g, (guint) focus_seat))
        {
          /* the keyboard is not on a board that acts: a click on the first that must */
          for (guint s = 0; s < n && focus_seat < 0; s++)
            if (cb_game_must_act (g, s) && cb_run_panel_take_focus (cb_table_page_get_panel (kr_table (f), s)))
              focus_seat = (int) s;
          g_assert_cmpint (focus_seat, >=, 0);
          out->clicks++;
          in++;
          dp_ui_wait_frames (GTK_WIDGET (f->window), 2);
        }
      if (!kr_in_view (f, kr_focus (f)))
        {
          out->scrolls++;
          in++;
        }
      out->steps++;
      actions_before = dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window)));
      seat = (guint) focus_seat;
      panel = cb_table_page_get_panel (kr_table (f), seat);
      phase = cb_game_get_phase (g, seat);

      switch (phase)
        {
        case CB_PHASE_REFILL:
          in += kr_choose (f, panel, "refill");
          break;

        case CB_PHASE_ROLL:
          {
            guint faces[CB_N_KINDS][CB_N_FACES] = { { 0, } };

            for (guint k = 0; k < CB_N_KINDS; k++)
              for (guint i = 0; i < cb_game_get_dice (g, seat, CB_ZONE_READY, k); i++)
                faces[k][kr_roll_die (rand[seat], k)]++;
            in += kr_type_roll (f, panel, seat, faces, &tabs);
            {
              /* what the dice show decides: the letter of Push or Pass enters the roll
               * and the choice at once where it is no face key (docs/keyboard.md) */
              GtkWidget *roll = cb_run_panel_get_control (panel, "roll");
              const char *action = roll != NULL ? g_object_get_data (G_OBJECT (roll), "action") : NULL;
              g_autoptr(DpGame) after = dp_game_copy (dp_session_get_game (dp_window_get_session (f->window)));
              g_autofree char *forced = NULL;
              const char *choice = NULL;
              gunichar key = 0;

              if (action != NULL && dp_game_apply_text (after, action, NULL)
                  && cb_game_get_phase (cb_game_from_dp_const (after), seat) == CB_PHASE_DECIDE
                  && (forced = dp_game_dup_forced_action (after)) == NULL)
                {
                  choice = kr_wants_pass (config, cb_game_from_dp_const (after), seat, pushes[seat], out->busts)
                           ? "pass" : "push";
                  key = cb_decide_section_key (choice);
                  for (guint x = CB_FACE_BLANK + 1; x < CB_N_FACES && key != 0; x++)
                    if (g_unichar_tolower (cb_roll_entry_get_face_key (x)) == key)
                      key = 0;
                }
              if (key != 0)
                {
                  guint before = dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window)));

                  /* counted as the decision's key */
                  out->by_phase[CB_PHASE_DECIDE] += kr_type_unichar (f, key);
                  out->inputs++;
                  pushes[seat] += g_strcmp0 (choice, "push") == 0;
                  g_assert_cmpuint (dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window))), >=,
                                    before + 2);
                }
              else
                in += kr_roll_enter (f, seat);
            }
            if (g_getenv ("KR_TRACE") != NULL)
              {
                guint dice = 0, fields = 0;

                for (guint k = 0; k < CB_N_KINDS; k++)
                  for (guint x = CB_FACE_BLANK + 1; x < CB_N_FACES; x++)
                    if (faces[k][x] > 0)
                      {
                        dice += faces[k][x];
                        fields++;
                        g_printerr (" %s:%s=%u", cb_kind_to_string (k), cb_face_to_string (x), faces[k][x]);
                      }
                g_printerr ("  [%u dice, %u fields]\n", dice, fields);
              }
          }
          break;

        case CB_PHASE_DECIDE:
          {
            gboolean pass = kr_wants_pass (config, g, seat, pushes[seat], out->busts);

            in += kr_choose (f, panel, pass ? "pass" : "push");
            pushes[seat] += !pass;
          }
          break;

        case CB_PHASE_BUST:
          out->busts++;
          in += kr_choose (f, panel, "bust");
          break;

        case CB_PHASE_SUPPORT:
        case CB_PHASE_MOVE:
          {
            guint coins = cb_game_get_coins (g, seat);
            guint steps = cb_game_get_steps (g, seat);
            guint walked = cb_game_get_spaces_moved (g, seat);
            GtkWidget *collect = cb_run_panel_get_control (panel, "collect");
            GtkWidget *announce = cb_run_panel_get_control (panel, "announce");
            GtkWidget *ability = NULL;
            guint keep;

            if (config->policy == KR_BUSY && used[seat] < 2)
              for (guint i = 0; i < 32 && ability == NULL; i++)
                {
                  char name[24];
                  GtkWidget *w;

                  g_snprintf (name, sizeof name, "ability-%u", i);
                  w = cb_run_panel_get_control (panel, name);
                  if (w != NULL && gtk_widget_get_sensitive (w)
                      && (g_object_get_data (G_OBJECT (w), "action") != NULL || g_object_get_data (G_OBJECT (w), "use") != NULL))
                    ability = w;
                }
            /* The red card of the player with the most swords — at 0 swords all round
             * the top dog's (p. 9, p. 11 „Nase vorn“; issue 25, item 5) — is mandatory:
             * it comes before walking, as any ability that must be used */
            if (cb_run_panel_get_mandatory (panel) != NULL
                && !(collect != NULL && gtk_widget_get_sensitive (collect))
                && !(announce != NULL && gtk_widget_get_sensitive (announce)))
              ability = cb_run_panel_get_mandatory (panel);
            if (ability == NULL)
              for (guint i = 0; i < 32 && ability == NULL; i++)
                {
                  /* a card ability that must be used first (its form, with what it proposes) */
                  char name[24];
                  GtkWidget *w;

                  g_snprintf (name, sizeof name, "ability-%u", i);
                  w = cb_run_panel_get_control (panel, name);
                  if (w != NULL && gtk_widget_get_sensitive (w) && gtk_widget_has_css_class (w, "cb-mandatory"))
                    ability = w;
                }
            if (ability != NULL)
              {
                /* a card's ability: its letter; a form: then Use's letter */
                g_autofree char *ability_label = g_strdup (gtk_button_get_label (GTK_BUTTON (ability)));
                gboolean must = gtk_widget_has_css_class (ability, "cb-mandatory");
                GtkWidget *use;

                in += kr_press (f, ability, ability_label);
                use = cb_run_panel_get_control (panel, "ability-use");
                if (g_getenv ("KR_TRACE") != NULL)
                  g_printerr ("  ability: %s; use %s %s\n", ability_label,
                              use != NULL ? (gtk_widget_get_sensitive (use) ? "enabled" : "disabled") : "none",
                              use != NULL && gtk_widget_get_tooltip_text (use) != NULL ? gtk_widget_get_tooltip_text (use) : "");
                if (use != NULL && gtk_widget_get_sensitive (use))
                  in += kr_press (f, use, "ability-use");
                /* the card's ability, whatever the button's key and prefix */
                {
                  char *plain = cb_controls_dup_plain (must && strchr (ability_label, ':') != NULL
                                                       ? strchr (ability_label, ':') + 2 : ability_label);

                  if (strchr (plain, ':') != NULL)
                    *strchr (plain, ':') = '\0';
                  g_hash_table_add (kinds_used, plain);
                }
                out->abilities++;
                used[seat]++;
                break;
              }
            if (collect != NULL && gtk_widget_get_sensitive (collect))
              {
                /* "Collect and Announce Swords" when credits need no check, else Collect */
                gboolean combined = announce != NULL && gtk_widget_get_sensitive (announce)
                                    && g_object_get_data (G_OBJECT (announce), "first-action") != NULL;

                in += kr_choose (f, panel, combined ? "announce" : "collect");
                break;
              }
            if (announce != NULL && gtk_widget_get_sensitive (announce))
              {
                in += kr_choose (f, panel, "announce");
                break;
              }
            /* the busy race keeps the coins for a cost to tell while nobody has told
             * one this round */
            keep = config->policy == KR_BUSY && told_round != last_round ? KR_TOLD_COST : 0;
            if (coins >= CB_COINS_PER_STEP + keep)
              {
                in += kr_choose (f, panel, keep == 0 && coins >= 2 * CB_COINS_PER_STEP ? "buy-steps-all" : "buy-step");
                break;
              }
            if (!cb_game_has_finished_race (g, seat) && walked + steps >= RACE_SPACES && steps > 0)
              {
                GtkWidget *beyond = cb_run_panel_get_control (panel, "beyond");
                g_autofree char *digits = g_strdup_printf ("%u", walked + steps - RACE_SPACES);
                guint t;

                in += kr_choose (f, panel, "finish");
                t = kr_tab_to (f, beyond);
                tabs += t;
                in += t;
                /* the field's text selected, as Tab leaves it */
                gtk_editable_select_region (GTK_EDITABLE (beyond), 0, -1);
                in += kr_type (f, digits);
              }
            else if (cb_game_has_finished_race (g, seat) && steps > 0)
              {
                /* a tie-break round (p. 10): a finished runner tells again how far
                 * beyond the start it now stands */
                GtkWidget *beyond = cb_run_panel_get_control (panel, "beyond");
                guint now = walked + steps - RACE_SPACES;

                if (beyond != NULL && gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (beyond)) != (int) now)
                  {
                    g_autofree char *digits = g_strdup_printf ("%u", now);
                    guint t = kr_tab_to (f, beyond);

                    tabs += t;
                    in += t;
                    gtk_editable_select_region (GTK_EDITABLE (beyond), 0, -1);
                    in += kr_type (f, digits);
                  }
              }
            in += kr_choose (f, panel, "land");
          }
          break;

        case CB_PHASE_SHOP:
          {
            CbShop *shop = cb_run_panel_get_shop (panel);
            guint coins = cb_game_get_coins (g, seat) + cb_game_get_credits (g, seat);
            int told = -1;

            /* the busy race: the first player in the round who can tells a cost */
            if (config->policy == KR_BUSY && shop != NULL && bought[seat] == 0 && told_round != last_round)
              for (guint c = 0; c < CB_N_COLOURS; c++)
                if (cb_shop_get_cost_field (shop, c) != NULL && told < 0 && coins >= KR_TOLD_COST
                    && cb_game_get_coins (g, seat) >= KR_TOLD_COST)
                  told = (int) c;
            if (told >= 0)
              {
                /* digit + Enter where a cost must be told */
                g_autofree char *digits = g_strdup_printf ("%u\n", KR_TOLD_COST);
                guint t = kr_tab_to (f, GTK_WIDGET (cb_shop_get_cost_field (shop, (guint) told)));

                tabs += t;
                /* the field's text selected, as Tab leaves it */
                gtk_editable_select_region (GTK_EDITABLE (cb_shop_get_cost_field (shop, (guint) told)), 0, -1);
                in += t + kr_type (f, digits);
                bought[seat]++;
                out->told_costs++;
                told_round = last_round;
                break;
              }
            in += kr_choose (f, panel, "rest");
          }
          break;

        case CB_PHASE_ROLL_DONE:
        case CB_PHASE_RESTED:
        case CB_PHASE_OUT:
        default:
          g_error ("the keyboard sits on a board that has nothing to do");
        }
      out->actions = dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window)));
      if (g_getenv ("KR_TRACE") != NULL)
        g_printerr ("step %u: %s %s: %u inputs (%u Tabs), focus now %s\n", out->steps, cb_game_get_player_name (g, seat),
                    cb_phase_to_string (phase), in, tabs,
                    kr_focus (f) != NULL ? G_OBJECT_TYPE_NAME (kr_focus (f)) : "nothing");
      if (out->actions == actions_before)
        g_error ("step %u (%s's %s): the keys made no entry; %s", out->steps, cb_game_get_player_name (g, seat),
                 cb_phase_to_string (phase), cb_run_panel_get_key_line (panel));
      out->cards_used = g_hash_table_size (kinds_used);
      out->forced += dp_session_get_forced (dp_window_get_session (f->window))->len;
      out->inputs += in;
      out->tabs += tabs;
      out->by_phase[phase] += in;
    }
}

/* Race 1 (the golden race) with its seeds, counting clicks and scrolls. */
static inline void
kr_play (DpUiFixture    *f,
         CbKeyboardRace *out)
{
  static const KrConfig golden = { KR_GOLDEN, 15, FALSE };

  kr_play_race (f, &golden, out);
}
