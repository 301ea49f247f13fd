/* cb-run-panel.c — one player's controls under their board
 *
 * Players do their roll sections at the same time (rulebook p. 8) and their race
 * sections too (p. 9), so every board has its own controls. Each button carries the
 * action it enters and is enabled exactly when the engine accepts that action now
 * (cb_presenter_check); a disabled button's tooltip says the engine's reason.
 *
 * The questions Dicepad asks because it cannot see the physical track are asked here,
 * short and only where needed: red lines at refill (once a round), the bonus of the
 * space the runner landed on (at the last move), a fan-track space's reward (only
 * while nobody has told it), a card's cost (in the shop, only the first time).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-run-panel.h"
#include "cb-die-icon.h"
#include "cb-board-view.h"

struct _CbRunPanel
{
  GtkWidget    parent_instance;

  DpGame      *game;
  guint        seat;
  char        *key;          /* this board's state when the entries below were started */
  char        *render_key;   /* everything the controls show, when they were built */

  CbRefill     refill;
  CbRoll       roll;
  guint        red_lines;

  GtkWidget   *box;
  GtkLabel    *prompt;
  GtkWidget   *content;
  GHashTable  *controls;     /* name → GtkWidget (not owned) */
  CbRollEntry *roll_entry;
  CbShop      *shop;
  GtkLabel    *refill_summary;
  GtkLabel    *roll_summary;
  GtkWidget   *fan_box;
  gboolean     updating;
};

G_DEFINE_FINAL_TYPE (CbRunPanel, cb_run_panel, GTK_TYPE_WIDGET)

enum {
  ACTION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const CbGame *
cb (CbRunPanel *self)
{
  return cb_game_from_dp_const (self->game);
}

static GtkWidget *
control (CbRunPanel *self,
         const char *name)
{
  return g_hash_table_lookup (self->controls, name);
}

static guint
spin_value (CbRunPanel *self,
            const char *name)
{
  GtkWidget *w = control (self, name);

  return w != NULL ? (guint) MAX (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w)), 0) : 0;
}

/* Sets the action a button enters, and whether the engine accepts it now. */
static void
set_button_action (CbRunPanel *self,
                   GtkWidget  *button,
                   char       *action)
{
  g_autoptr(GError) error = NULL;
  gboolean ok = cb_presenter_check (self->game, action, &error);

  g_object_set_data_full (G_OBJECT (button), "action", action, g_free);
  gtk_widget_set_sensitive (button, ok);
  gtk_widget_set_tooltip_text (button, ok ? g_object_get_data (G_OBJECT (button), "hint") : error->message);
}

static void
button_clicked_cb (GtkButton  *button,
                   CbRunPanel *self)
{
  const char *action = g_object_get_data (G_OBJECT (button), "action");

  if (action != NULL)
    {
      g_autofree char *copy = g_strdup (action);
      /* The handler may rebuild this panel and destroy the button. */
      g_signal_emit (self, signals[ACTION], 0, copy);
    }
}

static GtkWidget *
add_button (CbRunPanel *self,
            GtkWidget  *parent,
            const char *name,
            const char *label,
            const char *hint,
            char       *action,
            gboolean    suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  g_object_set_data_full (G_OBJECT (button), "hint", g_strdup (hint), g_free);
  if (hint != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, hint, -1);
  g_signal_connect (button, "clicked", G_CALLBACK (button_clicked_cb), self);
  set_button_action (self, button, action);
  g_hash_table_insert (self->controls, g_strdup (name), button);
  gtk_box_append (GTK_BOX (parent), button);
  return button;
}

static GtkWidget *
button_row (GtkWidget *parent)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_widget_set_halign (row, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (parent), row);
  return row;
}

static GtkWidget *
add_spin (CbRunPanel *self,
          GtkWidget  *parent,
          const char *name,
          const char *question,
          int         min,
          int         max,
          int         value,
          GCallback   changed)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (question);
  GtkWidget *spin = gtk_spin_button_new_with_range (min, MAX (min, max), 1);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, question, -1);
  if (changed != NULL)
    g_signal_connect_swapped (spin, "value-changed", changed, self);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), spin);
  gtk_box_append (GTK_BOX (parent), row);
  g_hash_table_insert (self->controls, g_strdup (name), spin);
  return spin;
}

static GtkWidget *
section (GtkWidget  *parent,
         const char *title)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  if (title != NULL)
    {
      GtkWidget *label = gtk_label_new (title);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "heading");
      gtk_box_append (GTK_BOX (box), label);
    }
  gtk_box_append (GTK_BOX (parent), box);
  return box;
}

/* ---- Phase 1: refill ---- */

static void
update_refill (CbRunPanel *self)
{
  g_autofree char *summary = NULL;
  GtkWidget *button = control (self, "refill");

  self->updating = TRUE;
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      char name[32];
      GtkWidget *spin;

      g_snprintf (name, sizeof name, "refill-%s", cb_kind_to_string (k));
      spin = control (self, name);
      if (spin == NULL)
        continue;
      gtk_spin_button_set_range (GTK_SPIN_BUTTON (spin), self->refill.forced[k], self->refill.available[k]);
      gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), self->refill.take[k]);
    }
  self->updating = FALSE;

  /* Translators: refill summary, "Taking 7 of 9 dice" */
  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Taking %u of %u die", "Taking %u of %u dice",
                                          self->refill.needed),
                             cb_refill_count (&self->refill), self->refill.needed);
  if (self->refill.reshuffle)
    {
      char *more = g_strconcat (summary, " — ", _("the draw area runs short: the rest zone comes back"), NULL);
      g_free (summary);
      summary = more;
    }
  gtk_label_set_text (self->refill_summary, summary);
  if (button != NULL)
    set_button_action (self, button, cb_refill_dup_action (&self->refill, cb (self), self->seat));
}

static void
red_lines_changed_cb (CbRunPanel *self)
{
  if (self->updating)
    return;
  self->red_lines = spin_value (self, "red-lines");
  cb_refill_init (&self->refill, cb (self), self->seat, self->red_lines);
  update_refill (self);
}

static void
refill_count_changed_cb (GtkSpinButton *spin,
                         CbRunPanel    *self)
{
  guint kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "kind"));

  if (self->updating)
    return;
  cb_refill_set (&self->refill, kind, (guint) gtk_spin_button_get_value_as_int (spin), NULL);
  update_refill (self);
}

static void
build_refill (CbRunPanel *self)
{
  GtkWidget *dice = section (self->content, _("Take dice from the draw area"));
  GtkWidget *grid = gtk_grid_new ();
  guint n = 0;

  /* p. 8: +1 to the limit per red line between your runner and the leading runner —
   * only the physical track shows them. */
  add_spin (self, self->content, "red-lines", _("Red lines between your runner and the leader?"),
            0, 12, self->red_lines, G_CALLBACK (red_lines_changed_cb));

  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 4);
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      GtkWidget *pair, *spin;
      char name[32];
      g_autofree char *a11y = NULL;

      if (k == CB_KIND_TOP_DOG || self->refill.available[k] == 0)
        continue;
      pair = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      spin = gtk_spin_button_new_with_range (0, self->refill.available[k], 1);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
      /* Translators: accessible label of a refill field, "blue dice to take" */
      a11y = g_strdup_printf (_("%s dice to take"), cb_kind_get_name (k));
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
      gtk_widget_set_tooltip_text (spin, a11y);
      g_object_set_data (G_OBJECT (spin), "kind", GUINT_TO_POINTER (k));
      g_signal_connect (spin, "value-changed", G_CALLBACK (refill_count_changed_cb), self);
      g_snprintf (name, sizeof name, "refill-%s", cb_kind_to_string (k));
      g_hash_table_insert (self->controls, g_strdup (name), spin);
      gtk_box_append (GTK_BOX (pair), cb_die_icon_new (k, CB_FACE_BLANK, self->refill.available[k], 26));
      gtk_box_append (GTK_BOX (pair), spin);
      gtk_grid_attach (GTK_GRID (grid), pair, n % 2, n / 2, 1, 1);
      n++;
    }
  gtk_box_append (GTK_BOX (dice), grid);
  self->refill_summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->refill_summary, 0);
  gtk_label_set_wrap (self->refill_summary, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->refill_summary), "dim-label");
  gtk_box_append (GTK_BOX (dice), GTK_WIDGET (self->refill_summary));
  add_button (self, button_row (self->content), "refill", _("_Refill"),
              _("Put the chosen dice into the ready area"), NULL, TRUE);
  update_refill (self);
}

/* ---- Phase 2: roll ---- */

static void
update_roll (CbRunPanel *self)
{
  g_autofree char *summary = NULL;
  guint hits = cb_roll_count_hits (&self->roll);
  GtkWidget *button = control (self, "roll");

  if (hits == 0 && cb_game_in_danger (cb (self), self->seat))
    summary = g_strdup (_("No hit: in danger this busts."));
  else
    /* Translators: the roll entry's summary, "3 hits go to the active area" */
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hit goes to the active area",
                                            "%u hits go to the active area", hits), hits);
  gtk_label_set_text (self->roll_summary, summary);
  if (button != NULL)
    set_button_action (self, button, cb_roll_dup_action (&self->roll, cb (self), self->seat));
}

static void
roll_activate_cb (CbRollEntry *entry,
                  CbRunPanel  *self)
{
  GtkWidget *button = control (self, "roll");

  if (button != NULL && gtk_widget_get_sensitive (button))
    gtk_widget_activate (button);
}

static void
build_roll (CbRunPanel *self)
{
  GtkWidget *box = section (self->content, _("What do the dice show?"));

  self->roll_entry = CB_ROLL_ENTRY (cb_roll_entry_new (&self->roll));
  g_signal_connect_swapped (self->roll_entry, "changed", G_CALLBACK (update_roll), self);
  g_signal_connect (self->roll_entry, "activate", G_CALLBACK (roll_activate_cb), self);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->roll_entry));
  self->roll_summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->roll_summary, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->roll_summary), "dim-label");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->roll_summary));
  add_button (self, button_row (self->content), "roll", _("_Enter Roll"),
              _("Hits go to the active area; blanks stay ready"), NULL, TRUE);
  update_roll (self);
}

/* ---- Fan-track questions (bust, landing) ---- */

static guint
fan_questions (CbRunPanel *self,
               guint       n,
               guint       spaces[CB_FAN_LAST_SPACE],
               int         told[CB_FAN_LAST_SPACE][2])
{
  guint count = cb_presenter_get_untold_fan_spaces (self->game, self->seat, n, spaces);

  for (guint i = 0; i < count; i++)
    {
      char name[32];

      g_snprintf (name, sizeof name, "fan-credits-%u", spaces[i]);
      told[i][0] = (int) spin_value (self, name);
      g_snprintf (name, sizeof name, "fan-supply-%u", spaces[i]);
      told[i][1] = (int) spin_value (self, name);
    }
  return count;
}

static void
rebuild_fan_box (CbRunPanel *self,
                 guint       n,
                 GCallback   changed)
{
  guint spaces[CB_FAN_LAST_SPACE];
  guint count;
  GtkWidget *child;

  /* Keep what was told in fields that stay. */
  count = cb_presenter_get_untold_fan_spaces (self->game, self->seat, n, spaces);
  while ((child = gtk_widget_get_first_child (self->fan_box)) != NULL)
    {
      gtk_box_remove (GTK_BOX (self->fan_box), child);
    }
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, self->controls);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      if (g_str_has_prefix (key, "fan-"))
        g_hash_table_iter_remove (&iter);
  }
  for (guint i = 0; i < count; i++)
    {
      char name[32];
      g_autofree char *credits_q = NULL;
      g_autofree char *supply_q = NULL;

      /* Translators: a question about the physical fan track, asked once per space */
      credits_q = g_strdup_printf (_("Fan space %u: credits shown?"), spaces[i]);
      supply_q = g_strdup_printf (_("Fan space %u: supply tokens shown?"), spaces[i]);
      g_snprintf (name, sizeof name, "fan-credits-%u", spaces[i]);
      add_spin (self, self->fan_box, name, credits_q, 0, 9, 0, changed);
      g_snprintf (name, sizeof name, "fan-supply-%u", spaces[i]);
      add_spin (self, self->fan_box, name, supply_q, 0, 3, 0, changed);
    }
  gtk_widget_set_visible (self->fan_box, count > 0);
}

/* ---- Phase 3: push or pass; bust ---- */

static void
build_decide (CbRunPanel *self)
{
  GtkWidget *row = button_row (self->content);

  add_button (self, row, "push", _("_Push"), _("Roll the ready dice again"),
              cb_presenter_action_simple (cb (self), self->seat, "push"), FALSE);
  add_button (self, row, "pass", _("P_ass"), _("End your roll section"),
              cb_presenter_action_simple (cb (self), self->seat, "pass"), FALSE);
  /* In danger the safe choice is the suggested one. */
  gtk_widget_add_css_class (control (self, cb_game_in_danger (cb (self), self->seat) ? "pass" : "push"),
                            "suggested-action");
}

static void
update_bust (CbRunPanel *self)
{
  guint to_rest[CB_N_KINDS] = { 0, };
  guint spaces[CB_FAN_LAST_SPACE];
  int told[CB_FAN_LAST_SPACE][2];
  guint n_told;
  GtkWidget *button = control (self, "bust");

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      char name[32];

      g_snprintf (name, sizeof name, "bust-%s", cb_kind_to_string (k));
      to_rest[k] = spin_value (self, name);
    }
  n_told = fan_questions (self, 1, spaces, told);
  if (button != NULL)
    set_button_action (self, button,
                       cb_presenter_bust_action (cb (self), self->seat, to_rest, (const int (*)[2]) told, n_told, spaces));
}

static void
build_bust (CbRunPanel *self)
{
  GtkWidget *box = section (self->content, _("Also put ready dice to rest?"));

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint n = cb_game_get_dice (cb (self), self->seat, CB_ZONE_READY, k);
      char name[32];
      g_autofree char *q = NULL;

      if (n == 0 || k == CB_KIND_TOP_DOG)
        continue;
      g_snprintf (name, sizeof name, "bust-%s", cb_kind_to_string (k));
      /* Translators: after a bust, "blue dice from the ready area to rest" */
      q = g_strdup_printf (_("%s dice from the ready area to rest"), cb_kind_get_name (k));
      add_spin (self, box, name, q, 0, n, 0, G_CALLBACK (update_bust));
    }
  self->fan_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_box_append (GTK_BOX (self->content), self->fan_box);
  rebuild_fan_box (self, 1, G_CALLBACK (update_bust));
  add_button (self, button_row (self->content), "bust", _("Take the _Bust"),
              _("Active dice go to rest, your fan advances 1"), NULL, TRUE);
  update_bust (self);
}

/* ---- Phase 5: support ---- */

static void
build_support (CbRunPanel *self)
{
  GtkWidget *row = button_row (self->content);
  guint coins = 0, steps = 0, credits = 0;
  g_autofree char *hint = NULL;
  g_autofree char *collect = cb_presenter_action_simple (cb (self), self->seat, "collect");

  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint f = 0; f < CB_N_FACES; f++)
      {
        guint n = cb_game_get_active_faces (cb (self), self->seat, k, f);

        coins += n * cb_face_coins (f);
        steps += n * cb_face_steps (f);
        credits += n * cb_face_credits (f);
      }
  /* Collected already: the button would only say so. */
  if (cb_presenter_check (self->game, collect, NULL))
    {
      /* Translators: what Collect gives, "+3 coins, +1 steps, +0 credits" */
      hint = g_strdup_printf (_("+%u coins, +%u steps, +%u credits"), coins, steps, credits);
      add_button (self, row, "collect", _("_Collect"), hint, g_steal_pointer (&collect), TRUE);
    }
  if (cb_game_get_swords (cb (self), self->seat) < 0)
    add_button (self, row, "announce", _("A_nnounce Swords"), _("Fix your swords for the red card"),
                cb_presenter_action_simple (cb (self), self->seat, "announce"), FALSE);
}

/* ---- Credits → coins (phases 5–7) ---- */

static void
add_redeem (CbRunPanel *self,
            GtkWidget  *row)
{
  if (cb_game_get_credits (cb (self), self->seat) == 0)
    return;
  add_button (self, row, "redeem", _("1 Credit → 1 Coin"), _("Turn a credit token into a coin"),
              cb_presenter_action_number (cb (self), self->seat, "redeem", 1), FALSE);
}

/* ---- Phase 6: move ---- */

static const CbKind take_kinds[] = {
  CB_KIND_LIGHT_GREY, CB_KIND_DARK_GREY, CB_KIND_RED, CB_KIND_ORANGE, CB_KIND_YELLOW, CB_KIND_GREEN,
  CB_KIND_BLUE, CB_KIND_PURPLE, CB_KIND_BROWN, CB_KIND_WHITE,
};

static GtkWidget *
add_kind_dropdown (CbRunPanel *self,
                   GtkWidget  *parent,
                   const char *name,
                   const char *question,
                   const char *none,
                   GCallback   changed)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (question);
  GtkWidget *dropdown;

  gtk_string_list_append (list, none);
  for (guint i = 0; i < G_N_ELEMENTS (take_kinds); i++)
    {
      g_autofree char *title = cb_presenter_dup_kind_title (take_kinds[i]);
      gtk_string_list_append (list, title);
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (list), NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, question, -1);
  g_signal_connect_swapped (dropdown, "notify::selected", changed, self);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), dropdown);
  gtk_box_append (GTK_BOX (parent), row);
  g_hash_table_insert (self->controls, g_strdup (name), dropdown);
  return dropdown;
}

static int
dropdown_kind (CbRunPanel *self,
               const char *name)
{
  GtkWidget *w = control (self, name);
  guint selected;

  if (w == NULL)
    return -1;
  selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (w));
  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION || selected > G_N_ELEMENTS (take_kinds))
    return -1;
  return take_kinds[selected - 1];
}

static void
read_move (CbRunPanel *self,
           CbMove     *move,
           gboolean    last)
{
  GtkWidget *finish = control (self, "finish");
  GtkWidget *lose_from = control (self, "lose-from");
  int lose_kind;

  cb_move_init (move);
  move->steps = spin_value (self, "steps");
  move->finish = finish != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (finish));
  move->last = last;
  if (!last)
    return;
  move->credits = spin_value (self, "land-credits");
  move->fans = spin_value (self, "land-fans");
  move->take = dropdown_kind (self, "land-take");
  if (move->take >= 0 && spin_value (self, "land-max-cost") > 0)
    move->max_cost = (int) spin_value (self, "land-max-cost");
  if (move->take >= 0 && CB_KIND_IS_COLOUR (move->take) &&
      cb_game_get_cost (cb (self), CB_COLOUR_OF (move->take)) < 0)
    move->take_cost = (int) MAX (spin_value (self, "land-cost"), 1);
  lose_kind = dropdown_kind (self, "lose-die");
  if (lose_kind >= 0 && lose_from != NULL)
    {
      guint zone = gtk_drop_down_get_selected (GTK_DROP_DOWN (lose_from));

      if (zone < CB_N_ZONES)
        move->lose[lose_kind][zone] = (int) spin_value (self, "lose-count");
    }
  if (cb_game_has_finished_race (cb (self), self->seat) || move->finish)
    move->beyond = (int) spin_value (self, "beyond");
  move->n_fan_told = fan_questions (self, move->fans, move->fan_spaces, move->fan_told);
}

static char *
landing_summary (const CbMove *move)
{
  GString *text = g_string_new (NULL);
  guint lose = 0;

  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint z = 0; z < CB_N_ZONES; z++)
      lose += (guint) MAX (move->lose[k][z], 0);
  if (move->credits > 0)
    /* Translators: part of the landing summary */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u credit", "%u credits", move->credits), move->credits);
  if (move->fans > 0)
    {
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u fan advance", "%u fan advances", move->fans), move->fans);
    }
  if (move->take >= 0)
    {
      if (text->len > 0)
        g_string_append (text, ", ");
      /* Translators: part of the landing summary, "take a blue die" */
      g_string_append_printf (text, _("take a %s die"), cb_kind_get_name (move->take));
    }
  if (lose > 0)
    {
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "give back %u die", "give back %u dice", lose), lose);
    }
  if (text->len == 0)
    /* Translators: no bonus on the landing space */
    g_string_append (text, C_("landing bonus", "none"));
  return g_string_free (text, FALSE);
}

static void
update_move (CbRunPanel *self)
{
  CbMove move;
  GtkWidget *move_button = control (self, "move");
  GtkWidget *land_button = control (self, "land");
  GtkWidget *cost = control (self, "land-cost");
  GtkWidget *beyond = control (self, "beyond");
  GtkWidget *finish = control (self, "finish");
  int take;

  if (self->updating)
    return;

  read_move (self, &move, FALSE);
  if (move_button != NULL)
    set_button_action (self, move_button, cb_move_dup_action (&move, cb (self), self->seat));

  take = dropdown_kind (self, "land-take");
  if (cost != NULL)
    gtk_widget_set_visible (gtk_widget_get_parent (cost),
                            take >= 0 && CB_KIND_IS_COLOUR (take) && cb_game_get_cost (cb (self), CB_COLOUR_OF (take)) < 0);
  if (beyond != NULL)
    gtk_widget_set_visible (gtk_widget_get_parent (beyond),
                            cb_game_has_finished_race (cb (self), self->seat) ||
                            (finish != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (finish))));

  /* Rebuilding the fan questions while the user types in one of them would lose the
   * field: only when the number of fan advances changed. */
  if (GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self->fan_box), "fans")) != spin_value (self, "land-fans"))
    {
      g_object_set_data (G_OBJECT (self->fan_box), "fans", GUINT_TO_POINTER (spin_value (self, "land-fans")));
      rebuild_fan_box (self, spin_value (self, "land-fans"), G_CALLBACK (update_move));
    }
  read_move (self, &move, TRUE);
  if (control (self, "land-expander") != NULL)
    {
      g_autofree char *summary = landing_summary (&move);
      /* Translators: the folded landing question; %s is "none" or the bonuses told */
      g_autofree char *label = g_strdup_printf (_("Bonus on the landing space: %s"), summary);
      gtk_expander_set_label (GTK_EXPANDER (control (self, "land-expander")), label);
    }
  if (land_button != NULL)
    set_button_action (self, land_button, cb_move_dup_action (&move, cb (self), self->seat));
  if (control (self, "shortcut") != NULL)
    set_button_action (self, control (self, "shortcut"),
                       cb_presenter_action_number (cb (self), self->seat, "shortcut",
                                                   spin_value (self, "shortcut-cost")));
}

static void
build_move (CbRunPanel *self)
{
  const CbGame *game = cb (self);
  guint steps = cb_game_get_steps (game, self->seat);
  GtkWidget *row = button_row (self->content);
  GtkWidget *walk, *land, *finish, *lose_row, *zone_list, *expander, *shortcut;
  GtkStringList *zones;

  /* p. 9, 6.: 4 coins buy 1 step, any number of times. */
  add_button (self, row, "buy-step", _("4 Coins → 1 _Step"), _("Buy a step for 4 coins"),
              cb_presenter_action_number (game, self->seat, "buy_steps", 1), FALSE);
  add_redeem (self, row);
  add_button (self, row, "jet", _("_Jet Boost"), _("Landed on a jet boost: double the steps left"),
              cb_presenter_action_simple (game, self->seat, "jet"), FALSE);

  walk = section (self->content, _("Walk"));
  add_spin (self, walk, "steps", _("Spaces to walk now"), 0, steps, steps, G_CALLBACK (update_move));
  finish = gtk_check_button_new_with_mnemonic (_("The runner crosses the _finish line in this move"));
  g_signal_connect_swapped (finish, "toggled", G_CALLBACK (update_move), self);
  g_hash_table_insert (self->controls, g_strdup ("finish"), finish);
  gtk_box_append (GTK_BOX (walk), finish);
  /* p. 10: after the finish the runner goes on; the farthest beyond the start wins. */
  add_spin (self, walk, "beyond", _("Spaces beyond the start after finishing"), 0, 30, 0, G_CALLBACK (update_move));

  /* p. 10: the bonus of the space the runner ends on; only the track shows it. Most
   * spaces have none, so the question stays folded until needed. */
  expander = gtk_expander_new (NULL);
  gtk_expander_set_use_underline (GTK_EXPANDER (expander), TRUE);
  g_hash_table_insert (self->controls, g_strdup ("land-expander"), expander);
  land = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (land, 12);
  gtk_widget_set_margin_top (land, 6);
  gtk_expander_set_child (GTK_EXPANDER (expander), land);
  gtk_box_append (GTK_BOX (self->content), expander);
  add_spin (self, land, "land-credits", _("Credits"), 0, 9, 0, G_CALLBACK (update_move));
  add_spin (self, land, "land-fans", _("Fan-track advances"), 0, 5, 0, G_CALLBACK (update_move));
  add_kind_dropdown (self, land, "land-take", _("Take a die for free"), _("no die"), G_CALLBACK (update_move));
  add_spin (self, land, "land-max-cost", _("… costing at most (0 = any)"), 0, 20, 0, G_CALLBACK (update_move));
  add_spin (self, land, "land-cost", _("Cost printed on that die’s card"), 1, 20, 3, G_CALLBACK (update_move));
  lose_row = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_box_append (GTK_BOX (land), lose_row);
  add_kind_dropdown (self, lose_row, "lose-die", _("Give back dice"), _("none"), G_CALLBACK (update_move));
  zones = gtk_string_list_new (NULL);
  gtk_string_list_append (zones, _("from the draw area"));
  gtk_string_list_append (zones, _("from the ready area"));
  gtk_string_list_append (zones, _("from the active area"));
  gtk_string_list_append (zones, _("from the rest zone"));
  zone_list = gtk_drop_down_new (G_LIST_MODEL (zones), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (zone_list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Area of the dice given back"), -1);
  g_signal_connect_swapped (zone_list, "notify::selected", G_CALLBACK (update_move), self);
  g_hash_table_insert (self->controls, g_strdup ("lose-from"), zone_list);
  gtk_widget_set_halign (zone_list, GTK_ALIGN_END);
  gtk_box_append (GTK_BOX (lose_row), zone_list);
  add_spin (self, lose_row, "lose-count", _("How many"), 0, 5, 1, G_CALLBACK (update_move));
  self->fan_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_object_set_data (G_OBJECT (self->fan_box), "fans", GUINT_TO_POINTER (G_MAXUINT));
  gtk_box_append (GTK_BOX (land), self->fan_box);

  row = button_row (self->content);
  add_button (self, row, "land", _("Walk and _Land"), _("The last move of this round: take the space’s bonus"),
              NULL, TRUE);
  add_button (self, row, "move", _("_Walk, More to Come"), _("Walk these spaces and keep moving this round"),
              NULL, FALSE);

  shortcut = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (self->content), shortcut);
  add_spin (self, shortcut, "shortcut-cost", _("Steps a shortcut costs"), 1, MAX (steps, 1), MAX (steps, 1),
            G_CALLBACK (update_move));
  gtk_widget_set_hexpand (gtk_widget_get_last_child (shortcut), TRUE);
  add_button (self, shortcut, "shortcut", _("S_hortcut"), _("Pay steps for a shortcut (the track shows the cost)"),
              NULL, FALSE);

  update_move (self);
}

/* ---- Phase 7: shop; 8: rest ---- */

static void
shop_action_cb (CbShop     *shop,
                const char *action,
                CbRunPanel *self)
{
  g_autofree char *copy = g_strdup (action);

  g_signal_emit (self, signals[ACTION], 0, copy);
}

static void
build_shop (CbRunPanel *self)
{
  GtkWidget *box = section (self->content, _("Shop: up to 2 dice of different colours"));
  GtkWidget *row;

  self->shop = CB_SHOP (cb_shop_new ());
  g_signal_connect (self->shop, "action", G_CALLBACK (shop_action_cb), self);
  cb_shop_update (self->shop, self->game, self->seat);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->shop));
  row = button_row (self->content);
  add_redeem (self, row);
  add_button (self, row, "rest", _("_Rest"), _("Active dice go to rest; unspent coins are lost"),
              cb_presenter_action_simple (cb (self), self->seat, "rest"), TRUE);
}

/* ---- Card abilities (any phase) ---- */

static void
build_other (CbRunPanel *self)
{
  g_autoptr(GPtrArray) others = cb_presenter_dup_other_actions (cb (self), self->seat);
  g_autofree char *held_back = NULL;
  GtkWidget *box;

  if (cb_game_has_mandatory (cb (self), self->seat, &held_back) && held_back != NULL)
    {
      GtkWidget *label = gtk_label_new (held_back);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "cb-banner");
      gtk_widget_add_css_class (label, "warning");
      gtk_box_append (GTK_BOX (self->content), label);
    }
  if (others->len == 0)
    return;
  box = section (self->content, _("Card abilities"));
  for (guint i = 0; i < others->len && i < 16; i++)
    {
      const char *text = g_ptr_array_index (others, i);
      g_autofree char *title = cb_presenter_dup_other_action_title (cb (self), text);
      gboolean mandatory = cb_presenter_is_mandatory (text);
      char name[16];
      GtkWidget *button;

      g_snprintf (name, sizeof name, "other-%u", i);
      if (mandatory)
        {
          /* Translators: a card ability the player must use before going on */
          char *must = g_strdup_printf (_("Must: %s"), title);
          g_free (title);
          title = must;
        }
      button = add_button (self, box, name, title, NULL, g_strdup (text), FALSE);
      gtk_button_set_use_underline (GTK_BUTTON (button), FALSE);
      gtk_widget_set_halign (button, GTK_ALIGN_START);
      if (gtk_button_get_child (GTK_BUTTON (button)) != NULL && GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (button))))
        {
          gtk_label_set_wrap (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), TRUE);
          gtk_label_set_xalign (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (button))), 0);
        }
      if (mandatory)
        gtk_widget_add_css_class (button, "cb-mandatory");
    }
}

/* ---- The panel ---- */

static char *
board_key (const CbGame *game,
           guint         seat)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%u/%u/%u/%u/%u/%u", cb_game_get_round (game), cb_game_get_phase (game, seat),
                          cb_game_get_coins (game, seat), cb_game_get_steps (game, seat),
                          cb_game_get_credits (game, seat), cb_game_get_fans (game, seat));
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      g_string_append_printf (key, ",%u", cb_game_get_dice (game, seat, z, k));
  return g_string_free (key, FALSE);
}

/* Everything the controls depend on: this board, the shop, the prompt and the actions
 * the engine allows this player now. While it stays the same the controls stay, so an
 * entry another player makes does not take the focus or a half-typed number away. */
static char *
render_key (const CbGame *game,
            guint         seat,
            const char   *board,
            const char   *prompt)
{
  GString *key = g_string_new (board);
  g_autoptr(GPtrArray) legal = cb_game_legal_actions (game);
  char prefix[160];

  g_string_append_printf (key, "|%s|%d|%d|", prompt, cb_game_is_finished (game), cb_game_get_red_winner (game));
  for (guint k = 0; k < CB_N_KINDS; k++)
    g_string_append_printf (key, "%u,", cb_game_get_supply (game, k));
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g_string_append_printf (key, "%d,", cb_game_get_cost (game, c));
  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    g_string_append_printf (key, "%d,", cb_game_get_swords (game, s));
  /* The canonical form names the player first. */
  {
    g_autofree char *name = g_strescape (cb_game_get_player_name (game, seat), NULL);
    g_snprintf (prefix, sizeof prefix, "{\"player\":\"%s\"", name);
  }
  for (guint i = 0; i < legal->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (legal, i), prefix))
      g_string_append (g_string_append_c (key, '|'), g_ptr_array_index (legal, i));
  return g_string_free (key, FALSE);
}

static void
clear_content (CbRunPanel *self)
{
  GtkWidget *child;

  g_hash_table_remove_all (self->controls);
  self->roll_entry = NULL;
  self->shop = NULL;
  self->refill_summary = NULL;
  self->roll_summary = NULL;
  self->fan_box = NULL;
  while ((child = gtk_widget_get_first_child (self->content)) != NULL)
    gtk_box_remove (GTK_BOX (self->content), child);
}

static void
cb_run_panel_dispose (GObject *object)
{
  CbRunPanel *self = CB_RUN_PANEL (object);

  if (self->controls != NULL)
    g_hash_table_remove_all (self->controls);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  g_clear_pointer (&self->game, dp_game_free);
  g_clear_pointer (&self->key, g_free);
  g_clear_pointer (&self->render_key, g_free);
  g_clear_pointer (&self->controls, g_hash_table_unref);
  G_OBJECT_CLASS (cb_run_panel_parent_class)->dispose (object);
}

static void
cb_run_panel_class_init (CbRunPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_run_panel_dispose;

  /**
   * CbRunPanel::action:
   * @text: the action chosen, in canonical JSON text
   */
  signals[ACTION] = g_signal_new ("action", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cbrunpanel");
}

static void
cb_run_panel_init (CbRunPanel *self)
{
  self->controls = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_add_css_class (self->box, "cb-panel");
  self->prompt = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->prompt, TRUE);
  gtk_label_set_xalign (self->prompt, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->prompt), "heading");
  self->content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->prompt));
  gtk_box_append (GTK_BOX (self->box), self->content);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
}

GtkWidget *
cb_run_panel_new (void)
{
  return g_object_new (CB_TYPE_RUN_PANEL, NULL);
}

void
cb_run_panel_update (CbRunPanel   *self,
                     const DpGame *game,
                     guint         seat)
{
  const CbGame *g;
  g_autofree char *prompt = NULL;
  g_autofree char *key = NULL;
  gboolean same;

  g_return_if_fail (CB_IS_RUN_PANEL (self));
  g = cb_game_from_dp_const (game);
  g_return_if_fail (g != NULL && seat < cb_game_get_n_players (g));

  g_clear_pointer (&self->game, dp_game_free);
  self->game = dp_game_copy (game);
  key = board_key (g, seat);
  same = self->seat == seat && g_strcmp0 (key, self->key) == 0;
  self->seat = seat;
  if (!same)
    {
      /* This board changed: the entries started for it start over. */
      g_free (self->key);
      self->key = g_steal_pointer (&key);
      self->red_lines = 0;
      cb_refill_init (&self->refill, g, seat, 0);
      cb_roll_init (&self->roll, g, seat);
    }

  prompt = cb_presenter_dup_prompt (g, seat);
  gtk_label_set_text (self->prompt, prompt);

  {
    g_autofree char *rendered = render_key (g, seat, self->key, prompt);

    if (same && g_strcmp0 (rendered, self->render_key) == 0)
      return;
    g_free (self->render_key);
    self->render_key = g_steal_pointer (&rendered);
  }
  clear_content (self);
  if (cb_game_is_finished (g))
    return;

  switch (cb_game_get_phase (g, seat))
    {
    case CB_PHASE_REFILL:   build_refill (self); break;
    case CB_PHASE_ROLL:     build_roll (self); break;
    case CB_PHASE_DECIDE:   build_decide (self); break;
    case CB_PHASE_BUST:     build_bust (self); break;
    case CB_PHASE_SUPPORT:
      build_support (self);
      /* Once the swords are announced the player moves on (p. 9, 6.). */
      if (cb_game_get_swords (g, seat) >= 0)
        build_move (self);
      else
        add_redeem (self, button_row (self->content));
      break;
    case CB_PHASE_MOVE:     build_move (self); break;
    case CB_PHASE_SHOP:     build_shop (self); break;
    case CB_PHASE_ROLL_DONE:
    case CB_PHASE_RESTED:
    case CB_PHASE_OUT:
    default:
      break;
    }
  build_other (self);
}

const char *
cb_run_panel_get_prompt (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);
  return gtk_label_get_text (self->prompt);
}

GtkWidget *
cb_run_panel_get_control (CbRunPanel *self,
                          const char *name)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);
  return control (self, name);
}

CbRollEntry *
cb_run_panel_get_roll_entry (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);
  return self->roll_entry;
}

CbShop *
cb_run_panel_get_shop (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);
  return self->shop;
}

gboolean
cb_run_panel_focus_first (CbRunPanel *self)
{
  static const char *const order[] = {
    "refill", "push", "bust", "collect", "announce", "land", "rest", NULL
  };

  g_return_val_if_fail (CB_IS_RUN_PANEL (self), FALSE);

  if (self->roll_entry != NULL)
    {
      cb_roll_entry_focus_first (self->roll_entry);
      return TRUE;
    }
  for (guint i = 0; order[i] != NULL; i++)
    {
      GtkWidget *w = control (self, order[i]);

      if (w != NULL && gtk_widget_get_sensitive (w))
        return gtk_widget_grab_focus (w);
    }
  return FALSE;
}
