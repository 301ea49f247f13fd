/* cb-run-panel.c — one player's controls under their board
 *
 * Players do their roll sections at the same time (rulebook p. 8) and their race
 * sections too (p. 9), so every board has its own controls. Each button carries the
 * action it enters and is enabled exactly when the engine accepts that action now
 * (cb_presenter_check); a disabled button's tooltip and a dim caption under its row say
 * the engine's reason.
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

#include <adwaita.h>

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
  GtkWidget   *abilities;    /* the card abilities, rebuilt on their own */
  CbAbilityForm form;        /* the ability form that is open */
  gboolean     form_open;
  guint        shown_rolled[CB_N_KINDS];
  guint        shown_rolled2[CB_N_KINDS];
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

/* A check button whose label wraps (long German sentences at 360 px). */
static GtkWidget *
wrapped_check (const char *mnemonic)
{
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), check);
  gtk_check_button_set_child (GTK_CHECK_BUTTON (check), label);
  return check;
}

/* Appends @child to a box. */
static void
append_to (GtkWidget *parent,
           GtkWidget *child)
{
  gtk_box_append (GTK_BOX (parent), child);
}

static guint
spin_value (CbRunPanel *self,
            const char *name)
{
  GtkWidget *w = control (self, name);

  return w != NULL ? (guint) MAX (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w)), 0) : 0;
}

/* Issue 15: the reasons of a row's disabled buttons are written in a dim caption under
 * the row, readable on a touch screen (no hover) and by a screen reader, not only in
 * tooltips. */
static void
update_caption (GtkWidget *row)
{
  GtkWidget *caption = row != NULL ? g_object_get_data (G_OBJECT (row), "caption") : NULL;
  g_autoptr(GString) text = g_string_new (NULL);

  if (caption == NULL)
    return;
  for (GtkWidget *child = gtk_widget_get_first_child (row); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *reason = g_object_get_data (G_OBJECT (child), "reason");

      if (reason == NULL || gtk_widget_get_sensitive (child))
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, reason);
    }
  gtk_label_set_text (GTK_LABEL (caption), text->str);
  gtk_widget_set_visible (caption, text->len > 0);
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
  g_object_set_data_full (G_OBJECT (button), "reason", ok ? NULL : g_strdup (error->message), g_free);
  gtk_widget_set_sensitive (button, ok);
  gtk_widget_set_tooltip_text (button, ok ? g_object_get_data (G_OBJECT (button), "hint") : error->message);
  update_caption (gtk_widget_get_parent (button));
}

static void
button_clicked_cb (GtkButton  *button,
                   CbRunPanel *self)
{
  const char *action = g_object_get_data (G_OBJECT (button), "action");
  const char *first = g_object_get_data (G_OBJECT (button), "first-action");

  if (action != NULL)
    {
      g_autofree char *copy = g_strdup (action);
      g_autofree char *first_copy = g_strdup (first);
      g_autoptr(CbRunPanel) keep = g_object_ref (self);

      /* The handler may rebuild this panel and destroy the button. */
      if (first_copy != NULL)
        g_signal_emit (self, signals[ACTION], 0, first_copy);
      /* …and after the first, Dicepad may have entered the second itself (the only
       * possible action, dp_session_get_forced()). */
      if (first_copy == NULL || cb_presenter_check (self->game, copy, NULL))
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
  GtkWidget *text = gtk_button_get_child (GTK_BUTTON (button));

  if (GTK_IS_LABEL (text))
    {
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_justify (GTK_LABEL (text), GTK_JUSTIFY_CENTER);
    }

  if (suggested)
    gtk_widget_add_css_class (button, "suggested-action");
  g_object_set_data_full (G_OBJECT (button), "hint", g_strdup (hint), g_free);
  if (hint != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, hint, -1);
  g_signal_connect (button, "clicked", G_CALLBACK (button_clicked_cb), self);
  append_to (parent, button);
  set_button_action (self, button, action);
  g_hash_table_insert (self->controls, g_strdup (name), button);
  if (g_object_get_data (G_OBJECT (parent), "caption") != NULL)
    g_hash_table_insert (self->controls, g_strdup_printf ("%s-reason", name),
                         g_object_get_data (G_OBJECT (parent), "caption"));
  return button;
}

/* A row of buttons. Their labels wrap, so a row shrinks to fit 360 px (issue 15) and
 * keeps one Tab stop per button. */
static GtkWidget *
button_row (GtkWidget *parent)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *caption = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_widget_add_css_class (caption, "caption");
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_widget_set_visible (caption, FALSE);
  /* The caption describes the row for a screen reader too. */
  gtk_accessible_update_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                  caption, NULL, -1);
  g_object_set_data (G_OBJECT (row), "caption", caption);
  append_to (parent, row);
  append_to (parent, caption);
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
  append_to (row, label);
  append_to (row, spin);
  append_to (parent, row);
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
      append_to (box, label);
    }
  append_to (parent, box);
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
  {
    GtkWidget *spin = add_spin (self, self->content, "red-lines", _("Red lines between your runner and the leader?"),
                                0, 12, self->red_lines, G_CALLBACK (red_lines_changed_cb));

    /* p. 8 „Rote Linien“: with no runner ahead (round 1: all on the start field) none
     * count; the field keeps its place, insensitive, and says why in words. */
    if (!cb_game_may_count_red_lines (cb (self), self->seat))
      {
        GtkWidget *why = gtk_label_new (_("No runner is ahead of yours yet: no red lines count."));

        gtk_widget_set_sensitive (spin, FALSE);
        gtk_label_set_xalign (GTK_LABEL (why), 0);
        gtk_label_set_wrap (GTK_LABEL (why), TRUE);
        gtk_widget_add_css_class (why, "dim-label");
        gtk_widget_add_css_class (why, "caption");
        append_to (self->content, why);
      }
  }

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
      append_to (pair, cb_die_icon_new (k, CB_FACE_BLANK, self->refill.available[k], 26));
      append_to (pair, spin);
      gtk_grid_attach (GTK_GRID (grid), pair, n % 2, n / 2, 1, 1);
      n++;
    }
  append_to (dice, grid);
  self->refill_summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->refill_summary, 0);
  gtk_label_set_wrap (self->refill_summary, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->refill_summary), "dim-label");
  append_to (dice, GTK_WIDGET (self->refill_summary));
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

  /* Clicked at once: gtk_widget_activate() would wait for the button's press animation,
   * and the keyboard could type into the next roll meanwhile. */
  if (button != NULL && gtk_widget_get_sensitive (button))
    g_signal_emit_by_name (button, "clicked");
}

static void
build_roll (CbRunPanel *self)
{
  GtkWidget *box = section (self->content, _("What do the dice show?"));

  self->roll_entry = CB_ROLL_ENTRY (cb_roll_entry_new (&self->roll));
  g_signal_connect_swapped (self->roll_entry, "changed", G_CALLBACK (update_roll), self);
  g_signal_connect (self->roll_entry, "activate", G_CALLBACK (roll_activate_cb), self);
  append_to (box, GTK_WIDGET (self->roll_entry));
  self->roll_summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->roll_summary, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->roll_summary), "dim-label");
  append_to (box, GTK_WIDGET (self->roll_summary));
  add_button (self, button_row (self->content), "roll", _("_Enter Roll"),
              _("Hits go to the active area; blanks stay ready"), NULL, TRUE);
  update_roll (self);
}

/* ---- Fan-track questions (bust, landing, abilities) ---- */

/* Control names of a question group: @prefix ("" or "ability-") + @name. */
static char *
pname (const char *prefix,
       const char *name)
{
  return g_strconcat (prefix, name, NULL);
}

static GtkWidget *
pcontrol (CbRunPanel *self,
          const char *prefix,
          const char *name)
{
  g_autofree char *full = pname (prefix, name);

  return control (self, full);
}

static guint
pspin_value (CbRunPanel *self,
             const char *prefix,
             const char *name)
{
  g_autofree char *full = pname (prefix, name);

  return spin_value (self, full);
}

static guint
fan_questions (CbRunPanel *self,
               const char *prefix,
               guint       n,
               guint       spaces[CB_FAN_LAST_SPACE],
               int         told[CB_FAN_LAST_SPACE][2])
{
  guint count = cb_presenter_get_untold_fan_spaces (self->game, self->seat, n, spaces);

  for (guint i = 0; i < count; i++)
    {
      char name[48];

      g_snprintf (name, sizeof name, "%sfan-credits-%u", prefix, spaces[i]);
      told[i][0] = (int) spin_value (self, name);
      g_snprintf (name, sizeof name, "%sfan-supply-%u", prefix, spaces[i]);
      told[i][1] = (int) spin_value (self, name);
    }
  return count;
}

/* The fan box of a question group ("<prefix>fanbox") asks for every fan-track space the
 * runner enters with @n advances that nobody has told yet. */
static void
rebuild_fan_box (CbRunPanel *self,
                 const char *prefix,
                 guint       n,
                 GCallback   changed)
{
  guint spaces[CB_FAN_LAST_SPACE];
  guint count;
  GtkWidget *child;
  GtkWidget *box = pcontrol (self, prefix, "fanbox");
  g_autofree char *fan_prefix = pname (prefix, "fan-");

  if (box == NULL)
    return;
  count = cb_presenter_get_untold_fan_spaces (self->game, self->seat, n, spaces);
  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, self->controls);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      if (g_str_has_prefix (key, fan_prefix))
        g_hash_table_iter_remove (&iter);
  }
  for (guint i = 0; i < count; i++)
    {
      char name[48];
      g_autofree char *credits_q = NULL;
      g_autofree char *supply_q = NULL;

      /* Translators: a question about the physical fan track, asked once per space */
      credits_q = g_strdup_printf (_("Fan space %u: credits shown?"), spaces[i]);
      supply_q = g_strdup_printf (_("Fan space %u: supply tokens shown?"), spaces[i]);
      g_snprintf (name, sizeof name, "%sfan-credits-%u", prefix, spaces[i]);
      add_spin (self, box, name, credits_q, 0, 9, 0, changed);
      g_snprintf (name, sizeof name, "%sfan-supply-%u", prefix, spaces[i]);
      add_spin (self, box, name, supply_q, 0, 3, 0, changed);
    }
  g_object_set_data (G_OBJECT (box), "fans", GUINT_TO_POINTER (n));
  gtk_widget_set_visible (box, count > 0);
}

static GtkWidget *
add_fan_box (CbRunPanel *self,
             GtkWidget  *parent,
             const char *prefix)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

  g_object_set_data (G_OBJECT (box), "fans", GUINT_TO_POINTER (G_MAXUINT));
  g_hash_table_insert (self->controls, pname (prefix, "fanbox"), box);
  append_to (parent, box);
  return box;
}

/* Rebuilding the fan questions while the user types in one of them would lose the
 * field: only when the number of fan advances changed. */
static void
update_fan_box (CbRunPanel *self,
                const char *prefix,
                guint       n,
                GCallback   changed)
{
  GtkWidget *box = pcontrol (self, prefix, "fanbox");

  if (box != NULL && GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (box), "fans")) != n)
    rebuild_fan_box (self, prefix, n, changed);
}

/* ---- Phase 3: push or pass; bust ---- */

static void
build_decide (CbRunPanel *self)
{
  GtkWidget *row = button_row (self->content);

  add_button (self, row, "push", _("_Push"), _("Roll the ready dice again"),
              cb_presenter_action_simple (cb (self), self->seat, CB_ACTION_PUSH), FALSE);
  add_button (self, row, "pass", _("P_ass"), _("End your roll section"),
              cb_presenter_action_simple (cb (self), self->seat, CB_ACTION_PASS), FALSE);
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
  n_told = fan_questions (self, "", 1, spaces, told);
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
  add_fan_box (self, self->content, "");
  rebuild_fan_box (self, "", 1, G_CALLBACK (update_bust));
  add_button (self, button_row (self->content), "bust", _("Take the _Bust"),
              _("Active dice go to rest, your fan advances 1"), NULL, TRUE);
  update_bust (self);
}

/* ---- Phase 5: support ---- */

static void
take_credits_toggled_cb (CbRunPanel *self)
{
  GtkWidget *check = control (self, "take-credits");
  GtkWidget *button = control (self, "collect");
  gboolean take = check == NULL || gtk_check_button_get_active (GTK_CHECK_BUTTON (check));

  if (button != NULL)
    set_button_action (self, button, cb_presenter_collect_action (cb (self), self->seat, take));
}

static void
build_support (CbRunPanel *self)
{
  GtkWidget *row = button_row (self->content);
  guint coins = 0, steps = 0, credits = 0;
  g_autofree char *hint = NULL;
  g_autofree char *collect = cb_presenter_collect_action (cb (self), self->seat, TRUE);

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
      if (credits > 0)
        {
          /* The credit faces may be left (docs/cubitos-notes.md, "Support"): taking a
           * credit this round obliges Schlägertyp's mandatory ability. */
          GtkWidget *check = wrapped_check (_("_Take the credits shown"));

          gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
          gtk_widget_set_tooltip_text (check, _("Leave the credit faces unused (taking a credit can oblige a card)"));
          g_signal_connect_swapped (check, "toggled", G_CALLBACK (take_credits_toggled_cb), self);
          g_hash_table_insert (self->controls, g_strdup ("take-credits"), check);
          append_to (row, check);
        }
    }
  if (cb_game_get_swords (cb (self), self->seat) < 0)
    {
      g_autofree char *first = cb_presenter_collect_action (cb (self), self->seat, TRUE);
      gboolean pending = cb_presenter_check (self->game, first, NULL) && credits == 0;
      GtkWidget *announce;

      /* Coins are easily forgotten when the swords are announced first (issue 15): with
       * nothing to choose (no credit faces), one input collects and announces. */
      announce = add_button (self, row, "announce",
                             pending ? _("Collect and A_nnounce Swords") : _("A_nnounce Swords"),
                             _("Fix your swords for the red card"),
                             cb_presenter_action_simple (cb (self), self->seat, CB_ACTION_ANNOUNCE), !pending);
      if (pending)
        g_object_set_data_full (G_OBJECT (announce), "first-action", g_steal_pointer (&first), g_free);
    }
}

/* ---- Credits → coins (phases 5–7) ---- */

static void
add_redeem (CbRunPanel *self,
            GtkWidget  *row)
{
  guint credits = cb_game_get_credits (cb (self), self->seat);
  g_autofree char *all = NULL;
  GtkWidget *button;

  /* Always there (insensitive without credits), so the buttons after it never move
   * under the pointer (issue 15). */
  add_button (self, row, "redeem", _("1 Credit → 1 Coin"), _("Turn a credit token into a coin"),
              cb_presenter_action_number (cb (self), self->seat, CB_ACTION_REDEEM, 1), FALSE);
  if (credits > 1)
    /* Translators: redeem every credit at once, "All: 3 Credits → 3 Coins" */
    all = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "All: %u Credit → %u Coin", "All: %u Credits → %u Coins",
                                        credits), credits, credits);
  else
    all = g_strdup (_("All Credits → Coins"));
  button = add_button (self, row, "redeem-all", all, _("Turn every credit token into a coin"),
                       cb_presenter_action_number (cb (self), self->seat, CB_ACTION_REDEEM, MAX (credits, 1)), FALSE);
  gtk_widget_set_sensitive (button, credits > 1 && gtk_widget_get_sensitive (button));
}

/* ---- Phase 6: move ---- */

static const CbKind take_kinds[] = {
  CB_KIND_LIGHT_GREY, CB_KIND_DARK_GREY, CB_KIND_RED, CB_KIND_ORANGE, CB_KIND_YELLOW, CB_KIND_GREEN,
  CB_KIND_BLUE, CB_KIND_PURPLE, CB_KIND_BROWN, CB_KIND_WHITE,
};

/* A drop-down of "@none" and the colours of the box (not the top dog). */
static GtkWidget *
kind_dropdown (CbRunPanel *self,
               const char *name,
               const char *a11y,
               const char *none,
               GCallback   changed)
{
  GtkStringList *list = gtk_string_list_new (NULL);
  GtkWidget *dropdown;

  gtk_string_list_append (list, none);
  for (guint i = 0; i < G_N_ELEMENTS (take_kinds); i++)
    {
      g_autofree char *title = cb_presenter_dup_kind_title (take_kinds[i]);
      gtk_string_list_append (list, title);
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (list), NULL);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
  gtk_widget_set_tooltip_text (dropdown, a11y);
  g_signal_connect_swapped (dropdown, "notify::selected", changed, self);
  g_hash_table_insert (self->controls, g_strdup (name), dropdown);
  return dropdown;
}

static GtkWidget *
add_kind_dropdown (CbRunPanel *self,
                   GtkWidget  *parent,
                   const char *name,
                   const char *question,
                   const char *none,
                   GCallback   changed)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (question);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  append_to (row, label);
  append_to (row, kind_dropdown (self, name, question, none, changed));
  append_to (parent, row);
  return row;
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

/* ---- The bonuses of a space: the landing (phase 6) and Bob ---- */

/* p. 10: a space can show several „lose a die“ symbols, each a die of the player's
 * choice from any area: one row per colour and area, as many rows as needed. */
#define MAX_LOSE_ROWS 8

static void
add_lose_row (CbRunPanel *self,
              const char *prefix,
              GCallback   changed)
{
  GtkWidget *rows = pcontrol (self, prefix, "lose-rows");
  guint n = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (rows), "rows"));
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkStringList *zones = gtk_string_list_new (NULL);
  GtkWidget *zone_list, *spin;
  char name[48];

  g_snprintf (name, sizeof name, "%slose-die-%u", prefix, n);
  append_to (row, kind_dropdown (self, name, _("Colour of the dice given back"), _("none"), changed));
  gtk_widget_set_hexpand (gtk_widget_get_last_child (row), TRUE);
  for (guint z = 0; z < CB_N_ZONES; z++)
    gtk_string_list_append (zones, cb_presenter_zone_name (z));
  zone_list = gtk_drop_down_new (G_LIST_MODEL (zones), NULL);
  gtk_widget_set_valign (zone_list, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (zone_list, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (zone_list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Area of the dice given back"), -1);
  gtk_widget_set_tooltip_text (zone_list, _("Area of the dice given back"));
  g_signal_connect_swapped (zone_list, "notify::selected", changed, self);
  g_snprintf (name, sizeof name, "%slose-from-%u", prefix, n);
  g_hash_table_insert (self->controls, g_strdup (name), zone_list);
  append_to (row, zone_list);
  spin = gtk_spin_button_new_with_range (1, MAX_LOSE_ROWS, 1);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("How many dice of this colour from this area"), -1);
  gtk_widget_set_tooltip_text (spin, _("How many dice of this colour from this area"));
  g_signal_connect_swapped (spin, "value-changed", changed, self);
  g_snprintf (name, sizeof name, "%slose-count-%u", prefix, n);
  g_hash_table_insert (self->controls, g_strdup (name), spin);
  append_to (row, spin);
  append_to (rows, row);
  g_object_set_data (G_OBJECT (rows), "rows", GUINT_TO_POINTER (n + 1));
  gtk_widget_set_sensitive (pcontrol (self, prefix, "lose-add"), n + 1 < MAX_LOSE_ROWS);
}

static void
lose_add_clicked_cb (GtkButton  *button,
                     CbRunPanel *self)
{
  const char *prefix = g_object_get_data (G_OBJECT (button), "prefix");
  GCallback changed = g_object_get_data (G_OBJECT (button), "changed");

  add_lose_row (self, prefix, changed);
  ((void (*) (CbRunPanel *)) changed) (self);
}

static void
build_bonus (CbRunPanel *self,
             GtkWidget  *parent,
             const char *prefix,
             GCallback   changed)
{
  g_autofree char *credits = pname (prefix, "land-credits");
  g_autofree char *fans = pname (prefix, "land-fans");
  g_autofree char *take = pname (prefix, "land-take");
  g_autofree char *max_cost = pname (prefix, "land-max-cost");
  g_autofree char *cost = pname (prefix, "land-cost");
  GtkWidget *lose, *heading, *rows, *add;

  add_spin (self, parent, credits, _("Credits"), 0, 9, 0, changed);
  add_spin (self, parent, fans, _("Fan-track advances"), 0, 5, 0, changed);
  add_kind_dropdown (self, parent, take, _("Take a die for free"), _("no die"), changed);
  add_spin (self, parent, max_cost, _("… costing at most (0 = any)"), 0, 20, 0, changed);
  /* Not pre-filled: a guessed cost would be stored as told (issue 15); 0 = not told. */
  add_spin (self, parent, cost, _("Cost printed on that die’s card"), 0, 20, 0, changed);

  lose = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  heading = gtk_label_new (_("Give back dice (one row per colour and area)"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  append_to (lose, heading);
  rows = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  g_hash_table_insert (self->controls, pname (prefix, "lose-rows"), rows);
  append_to (lose, rows);
  add = gtk_button_new ();
  {
    GtkWidget *content = adw_button_content_new ();

    adw_button_content_set_icon_name (ADW_BUTTON_CONTENT (content), "list-add-symbolic");
    /* Translators: adds a row (colour, area, count) to the dice given back */
    adw_button_content_set_label (ADW_BUTTON_CONTENT (content), _("_Another Row"));
    adw_button_content_set_use_underline (ADW_BUTTON_CONTENT (content), TRUE);
    gtk_button_set_child (GTK_BUTTON (add), content);
  }
  gtk_widget_set_tooltip_text (add, _("Give back dice of another colour or from another area"));
  gtk_widget_set_halign (add, GTK_ALIGN_START);
  gtk_widget_add_css_class (add, "flat");
  g_object_set_data_full (G_OBJECT (add), "prefix", g_strdup (prefix), g_free);
  g_object_set_data (G_OBJECT (add), "changed", changed);
  g_signal_connect (add, "clicked", G_CALLBACK (lose_add_clicked_cb), self);
  g_hash_table_insert (self->controls, pname (prefix, "lose-add"), add);
  append_to (lose, add);
  append_to (parent, lose);
  add_lose_row (self, prefix, changed);

  add_fan_box (self, parent, prefix);
}

/* Reads the bonus fields of @prefix into @move (credits, fans, take, lose, fan facts). */
static void
read_bonus (CbRunPanel *self,
            const char *prefix,
            CbMove     *move)
{
  g_autofree char *take = pname (prefix, "land-take");
  GtkWidget *rows = pcontrol (self, prefix, "lose-rows");
  guint n_rows = rows != NULL ? GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (rows), "rows")) : 0;

  move->credits = pspin_value (self, prefix, "land-credits");
  move->fans = pspin_value (self, prefix, "land-fans");
  move->take = dropdown_kind (self, take);
  move->max_cost = -1;
  move->take_cost = -1;
  if (move->take >= 0 && pspin_value (self, prefix, "land-max-cost") > 0)
    move->max_cost = (int) pspin_value (self, prefix, "land-max-cost");
  if (move->take >= 0 && CB_KIND_IS_COLOUR (move->take) &&
      cb_game_get_cost (cb (self), CB_COLOUR_OF (move->take)) < 0)
    move->take_cost = pspin_value (self, prefix, "land-cost") > 0 ? (int) pspin_value (self, prefix, "land-cost") : -1;
  memset (move->lose, 0, sizeof move->lose);
  for (guint r = 0; r < n_rows; r++)
    {
      char name[48];
      int kind;
      GtkWidget *zone;

      g_snprintf (name, sizeof name, "%slose-die-%u", prefix, r);
      kind = dropdown_kind (self, name);
      g_snprintf (name, sizeof name, "%slose-from-%u", prefix, r);
      zone = control (self, name);
      g_snprintf (name, sizeof name, "%slose-count-%u", prefix, r);
      if (kind >= 0 && zone != NULL && gtk_drop_down_get_selected (GTK_DROP_DOWN (zone)) < CB_N_ZONES)
        move->lose[kind][gtk_drop_down_get_selected (GTK_DROP_DOWN (zone))] += (int) spin_value (self, name);
    }
  move->n_fan_told = fan_questions (self, prefix, move->fans, move->fan_spaces, move->fan_told);
}

/* Shows the cost question only for a die whose cost nobody told; the fan questions
 * follow the advances. */
static void
update_bonus (CbRunPanel *self,
              const char *prefix,
              GCallback   changed)
{
  g_autofree char *take_name = pname (prefix, "land-take");
  GtkWidget *cost = pcontrol (self, prefix, "land-cost");
  int take = dropdown_kind (self, take_name);

  if (cost != NULL)
    gtk_widget_set_visible (gtk_widget_get_parent (cost),
                            take >= 0 && CB_KIND_IS_COLOUR (take) && cb_game_get_cost (cb (self), CB_COLOUR_OF (take)) < 0);
  update_fan_box (self, prefix, pspin_value (self, prefix, "land-fans"), changed);
}

static void
read_move (CbRunPanel *self,
           CbMove     *move,
           gboolean    last)
{
  GtkWidget *finish = control (self, "finish");

  cb_move_init (move);
  move->steps = spin_value (self, "steps");
  move->finish = finish != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (finish));
  move->last = last;
  if (!last)
    return;
  read_bonus (self, "", move);
  if (cb_game_has_finished_race (cb (self), self->seat) || move->finish)
    move->beyond = (int) spin_value (self, "beyond");
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
      /* Translators: part of the landing summary, "take an orange die" */
      g_string_append_printf (text, _("take %s"), cb_presenter_a_die (move->take));
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
  GtkWidget *beyond = control (self, "beyond");
  GtkWidget *finish = control (self, "finish");

  if (self->updating)
    return;

  read_move (self, &move, FALSE);
  if (move_button != NULL)
    set_button_action (self, move_button, cb_move_dup_action (&move, cb (self), self->seat));

  if (beyond != NULL)
    gtk_widget_set_visible (gtk_widget_get_parent (beyond),
                            cb_game_has_finished_race (cb (self), self->seat) ||
                            (finish != NULL && gtk_check_button_get_active (GTK_CHECK_BUTTON (finish))));
  update_bonus (self, "", G_CALLBACK (update_move));
  read_move (self, &move, TRUE);
  if (control (self, "land-expander") != NULL)
    {
      g_autofree char *summary = landing_summary (&move);
      /* Translators: the folded landing question; %s is "none" or the bonuses told */
      g_autofree char *label = g_strdup_printf (_("Bonus on the landing space: %s"), summary);
      gtk_label_set_text_with_mnemonic (GTK_LABEL (gtk_expander_get_label_widget (GTK_EXPANDER (control (self, "land-expander")))),
                                        label);
    }
  if (land_button != NULL)
    set_button_action (self, land_button, cb_move_dup_action (&move, cb (self), self->seat));
  if (control (self, "shortcut") != NULL)
    {
      guint cost = spin_value (self, "shortcut-cost");
      guint steps = cb_game_get_steps (cb (self), self->seat);
      g_autofree char *label = NULL;

      if (cost == 0)
        label = g_strdup (_("S_hortcut: enter its cost first"));
      else
        /* Translators: the shortcut button says what it costs before it is pressed,
         * "Shortcut: pay 3 of 5 steps" */
        label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "S_hortcut: pay %u of %u step",
                                              "S_hortcut: pay %u of %u steps", steps),
                                 cost, steps);
      gtk_button_set_label (GTK_BUTTON (control (self, "shortcut")), label);
      set_button_action (self, control (self, "shortcut"),
                         cb_presenter_action_number (cb (self), self->seat, CB_ACTION_SHORTCUT, cost));
    }
}

static void
build_move (CbRunPanel *self)
{
  const CbGame *game = cb (self);
  guint steps = cb_game_get_steps (game, self->seat);
  GtkWidget *row = button_row (self->content);
  GtkWidget *walk, *land, *finish, *expander, *shortcut;

  /* p. 9, 6.: 4 coins buy 1 step, any number of times. */
  add_button (self, row, "buy-step", _("4 Coins → 1 _Step"), _("Buy a step for 4 coins"),
              cb_presenter_action_number (game, self->seat, CB_ACTION_BUY_STEPS, 1), FALSE);
  {
    guint n = cb_game_get_coins (game, self->seat) / CB_COINS_PER_STEP;
    /* Translators: spend the coins on as many steps as they buy, "All: 8 Coins → 2 Steps" */
    g_autofree char *all = n > 1 ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "All: %u Coins → %u Step",
                                                                 "All: %u Coins → %u Steps", n),
                                                    n * CB_COINS_PER_STEP, n)
                                 : g_strdup (_("All Coins → Steps"));
    GtkWidget *button = add_button (self, row, "buy-steps-all", all, _("Buy as many steps as your coins pay for"),
                                    cb_presenter_action_number (game, self->seat, CB_ACTION_BUY_STEPS, MAX (n, 1)),
                                    FALSE);

    gtk_widget_set_sensitive (button, n > 1 && gtk_widget_get_sensitive (button));
  }
  row = button_row (self->content);
  add_redeem (self, row);
  add_button (self, row, "jet", _("_Jet Boost"), _("Landed on a jet boost: double the steps left"),
              cb_presenter_action_simple (game, self->seat, CB_ACTION_JET), FALSE);

  walk = section (self->content, _("Walk"));
  add_spin (self, walk, "steps", _("Spaces to walk now"), 0, steps, steps, G_CALLBACK (update_move));
  finish = wrapped_check (_("The runner crosses the _finish line in this move"));
  g_signal_connect_swapped (finish, "toggled", G_CALLBACK (update_move), self);
  g_hash_table_insert (self->controls, g_strdup ("finish"), finish);
  append_to (walk, finish);
  /* p. 10: after the finish the runner goes on; the farthest beyond the start wins. */
  add_spin (self, walk, "beyond", _("Spaces beyond the start after finishing"), 0, 30, 0, G_CALLBACK (update_move));

  /* p. 10: the bonus of the space the runner ends on; only the track shows it. Most
   * spaces have none, so the question stays folded until needed. */
  expander = gtk_expander_new (NULL);
  {
    /* The folded question wraps on a narrow screen. */
    GtkWidget *title = gtk_label_new (NULL);

    gtk_label_set_wrap (GTK_LABEL (title), TRUE);
    gtk_label_set_xalign (GTK_LABEL (title), 0);
    gtk_expander_set_label_widget (GTK_EXPANDER (expander), title);
  }
  gtk_expander_set_use_underline (GTK_EXPANDER (expander), TRUE);
  g_hash_table_insert (self->controls, g_strdup ("land-expander"), expander);
  land = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_margin_start (land, 12);
  gtk_widget_set_margin_top (land, 6);
  gtk_expander_set_child (GTK_EXPANDER (expander), land);
  append_to (self->content, expander);
  build_bonus (self, land, "", G_CALLBACK (update_move));

  row = button_row (self->content);
  add_button (self, row, "land", _("Walk and _Land"), _("The last move of this round: take the space’s bonus"),
              NULL, TRUE);
  add_button (self, row, "move", _("_Walk, More to Come"), _("Walk these spaces and keep moving this round"),
              NULL, FALSE);

  /* Not pre-filled: the cost is on the track, and a full field spent every step on one
   * stray click (issue 15). The button says what it will cost before it is pressed. */
  add_spin (self, self->content, "shortcut-cost", _("Steps a shortcut costs"), 0, steps, 0,
            G_CALLBACK (update_move));
  shortcut = button_row (self->content);
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
  append_to (box, GTK_WIDGET (self->shop));
  row = button_row (self->content);
  add_redeem (self, row);
  add_button (self, row, "rest", _("_Rest"), _("Active dice go to rest; unspent coins are lost"),
              cb_presenter_action_simple (cb (self), self->seat, CB_ACTION_REST), TRUE);
}

/* ---- Card abilities (any phase) ----
 *
 * Every ability the player may use now has a button (mandatory ones marked). An ability
 * without choices enters at once; one with choices opens a small form whose fields are
 * the ability's generic steps (which die to give back, which face to set, which dice
 * to roll and what they show, who gets a die, …) with every value the board allows,
 * not only the engine's samples. The form builds the action; the engine checks it on a
 * copy before "Use" is enabled, and its reason is shown otherwise. */

enum
{
  F_LOSE, F_GIVE, F_GIVE_TO, F_DIE, F_SET, F_OTHER, F_TAKE,
  F_DICE, F_FROM, F_FROM_ACTIVE, F_RED_LINES, F_COST,
};

static void build_abilities (CbRunPanel *self);

static void
remove_controls_with_prefix (CbRunPanel *self,
                             const char *prefix)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->controls);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (g_str_has_prefix (key, prefix))
      g_hash_table_iter_remove (&iter);
}

static gboolean
same_use (const CbAbilityUse *a,
          const CbAbilityUse *b)
{
  return a->card == b->card && a->number == b->number && a->face == b->face;
}

/* A die face for a chooser: "✦ team symbol", "1 coin". */
static char *
face_label (CbKind kind,
            CbFace face)
{
  const char *symbol = cb_presenter_face_symbol (kind, face);

  if (symbol[0] == '\0')
    return g_strdup (cb_face_get_name (face));
  /* Translators: a die face with its symbol, "✦ team symbol" */
  return g_strdup_printf (_("%s %s"), symbol, cb_face_get_name (face));
}

static void
replace_roll_entry (CbRunPanel *self,
                    const char *name,
                    CbRoll     *roll,
                    guint       shown[CB_N_KINDS]);

static void
form_changed (CbRunPanel *self)
{
  CbAbilityForm *form = &self->form;
  GtkWidget *use = control (self, "ability-use");
  GtkWidget *reason = control (self, "ability-reason");
  GtkWidget *cost = control (self, "ability-cost");
  g_autoptr(GError) error = NULL;
  char *action;
  gboolean ok;

  if (self->updating || !self->form_open || use == NULL)
    return;

  cb_ability_form_sync_rolls (form);
  if (memcmp (self->shown_rolled, form->rolled.ready, sizeof self->shown_rolled) != 0)
    replace_roll_entry (self, "ability-rolled", &form->rolled, self->shown_rolled);
  if (memcmp (self->shown_rolled2, form->rolled2.ready, sizeof self->shown_rolled2) != 0)
    replace_roll_entry (self, "ability-rolled2", &form->rolled2, self->shown_rolled2);
  if (form->info.params & CB_PARAM_BONUS)
    {
      update_bonus (self, "ability-", G_CALLBACK (form_changed));
      read_bonus (self, "ability-", &form->bonus);
    }
  else if (form->info.fan_advances > 0)
    form->n_fan_told = fan_questions (self, "ability-", form->info.fan_advances, form->fan_spaces, form->fan_told);
  if (cost != NULL)
    gtk_widget_set_visible (gtk_widget_get_parent (cost),
                            form->take >= 0 && CB_KIND_IS_COLOUR (form->take)
                            && cb_game_get_cost (cb (self), CB_COLOUR_OF (form->take)) < 0);

  action = cb_ability_form_dup_action (form, cb (self), self->seat);
  ok = cb_presenter_check (self->game, action, &error);
  set_button_action (self, use, action);
  if (reason != NULL)
    {
      gtk_label_set_text (GTK_LABEL (reason), ok ? "" : error->message);
      gtk_widget_set_visible (reason, !ok);
    }
}

static void
form_roll_changed_cb (CbRollEntry *entry,
                      CbRunPanel  *self)
{
  form_changed (self);
}

static void
replace_roll_entry (CbRunPanel *self,
                    const char *name,
                    CbRoll     *roll,
                    guint       shown[CB_N_KINDS])
{
  g_autofree char *box_name = g_strconcat (name, "-box", NULL);
  GtkWidget *box = control (self, box_name);
  GtkWidget *old = control (self, name);
  GtkWidget *entry;
  guint n = 0;

  memcpy (shown, roll->ready, sizeof (guint) * CB_N_KINDS);
  if (box == NULL)
    return;
  if (old != NULL)
    {
      g_hash_table_remove (self->controls, name);
      gtk_box_remove (GTK_BOX (box), old);
    }
  for (guint k = 0; k < CB_N_KINDS; k++)
    n += roll->ready[k];
  if (n == 0)
    {
      /* Translators: in an ability's form, before any die is chosen to be rolled */
      entry = gtk_label_new (_("No dice are rolled."));
      gtk_label_set_xalign (GTK_LABEL (entry), 0);
      gtk_widget_add_css_class (entry, "dim-label");
    }
  else
    {
      entry = cb_roll_entry_new (roll);
      g_signal_connect (entry, "changed", G_CALLBACK (form_roll_changed_cb), self);
    }
  g_hash_table_insert (self->controls, g_strdup (name), entry);
  append_to (box, entry);
}

static void
form_choice_cb (GtkDropDown *dropdown,
                GParamSpec  *pspec,
                CbRunPanel  *self)
{
  CbAbilityForm *form = &self->form;
  const int *a = g_object_get_data (G_OBJECT (dropdown), "a");
  const int *b = g_object_get_data (G_OBJECT (dropdown), "b");
  guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (dropdown), "field"));
  guint i = gtk_drop_down_get_selected (dropdown);
  int va = -1, vb = -1;

  if (self->updating)
    return;
  if (i != GTK_INVALID_LIST_POSITION && i < g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)))
    {
      va = a[i];
      vb = b[i];
    }
  switch (field)
    {
    case F_LOSE:    form->lose_kind = va; form->lose_zone = vb; break;
    case F_GIVE:    form->give_kind = va; form->give_zone = vb; break;
    case F_GIVE_TO: form->give_to = va; break;
    case F_SET:     form->die_face = va; break;
    case F_OTHER:   form->other_kind = va; form->other_face = vb; break;
    case F_TAKE:    form->take = va; break;
    case F_DIE:
      form->die_kind = va;
      /* The faces follow the colour chosen. */
      if (va < 0 || form->die_face < 0 || cb_kind_count_face (va, form->die_face) == 0)
        {
          form->die_face = -1;
          for (guint f = CB_FACE_COIN; va >= 0 && f < CB_N_FACES && form->die_face < 0; f++)
            if (cb_kind_count_face (va, f) > 0)
              form->die_face = (int) f;
        }
      build_abilities (self);
      return;
    default:
      break;
    }
  form_changed (self);
}

/* A drop-down of @n options, each a label and up to two values; the option matching
 * *@va (and *@vb) is selected, else the first one (and written back). */
static GtkWidget *
add_choice (CbRunPanel  *self,
            GtkWidget   *parent,
            const char  *name,
            const char  *question,
            guint        field,
            GPtrArray   *labels,
            GArray      *values_a,
            GArray      *values_b,
            int         *va,
            int         *vb)
{
  GtkStringList *list = gtk_string_list_new ((const char *const *) NULL);
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (question);
  GtkWidget *dropdown;
  guint selected = 0;

  for (guint i = 0; i < labels->len; i++)
    {
      gtk_string_list_append (list, g_ptr_array_index (labels, i));
      if (g_array_index (values_a, int, i) == *va && (vb == NULL || g_array_index (values_b, int, i) == *vb))
        selected = i;
    }
  if (labels->len > 0)
    {
      *va = g_array_index (values_a, int, selected);
      if (vb != NULL)
        *vb = g_array_index (values_b, int, selected);
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (list), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), selected);
  gtk_widget_set_valign (dropdown, GTK_ALIGN_CENTER);
  g_object_set_data_full (G_OBJECT (dropdown), "a", g_memdup2 (values_a->data, sizeof (int) * MAX (values_a->len, 1)), g_free);
  g_object_set_data_full (G_OBJECT (dropdown), "b", g_memdup2 (values_b->data, sizeof (int) * MAX (values_b->len, 1)), g_free);
  g_object_set_data (G_OBJECT (dropdown), "field", GUINT_TO_POINTER (field));
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL, question, -1);
  g_signal_connect (dropdown, "notify::selected", G_CALLBACK (form_choice_cb), self);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  append_to (row, label);
  append_to (row, dropdown);
  append_to (parent, row);
  g_hash_table_insert (self->controls, g_strdup (name), dropdown);
  return dropdown;
}

typedef struct
{
  GPtrArray *labels;
  GArray    *a;
  GArray    *b;
} Options;

static void
options_init (Options *o)
{
  o->labels = g_ptr_array_new_with_free_func (g_free);
  o->a = g_array_new (FALSE, TRUE, sizeof (int));
  o->b = g_array_new (FALSE, TRUE, sizeof (int));
}

static void
options_clear (Options *o)
{
  g_ptr_array_unref (o->labels);
  g_array_unref (o->a);
  g_array_unref (o->b);
}

static void
options_add (Options *o,
             char    *label,
             int      a,
             int      b)
{
  g_ptr_array_add (o->labels, label);
  g_array_append_val (o->a, a);
  g_array_append_val (o->b, b);
}

/* Dice of @kinds in @zones the player has, as "Light grey · draw area (3)". */
static void
options_add_dice (Options      *o,
                  const CbGame *game,
                  guint         seat,
                  guint         zones,
                  guint         kinds)
{
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      {
        guint n = cb_game_get_dice (game, seat, z, k);
        g_autofree char *place = NULL;

        if (!(zones & (1u << z)) || !(kinds & (1u << k)) || n == 0)
          continue;
        place = cb_presenter_dup_die_place (k, z);
        /* Translators: a die in a chooser and how many of them lie there, "Light grey · draw area (3)" */
        options_add (o, g_strdup_printf (_("%s (%u)"), place, n), (int) k, (int) z);
      }
}

static void
form_spin_cb (GtkSpinButton *spin,
              CbRunPanel    *self)
{
  CbAbilityForm *form = &self->form;
  guint field = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "field"));
  guint kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "kind"));
  guint zone = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "zone"));
  guint face = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "face"));
  guint value = (guint) MAX (gtk_spin_button_get_value_as_int (spin), 0);

  if (self->updating)
    return;
  switch (field)
    {
    case F_DICE:        form->dice[kind] = value; break;
    case F_FROM:        form->from[zone][kind] = value; break;
    case F_FROM_ACTIVE: form->from_active[kind][face] = value; break;
    case F_RED_LINES:   form->red_lines = value; break;
    case F_COST:        form->take_cost = value > 0 ? (int) value : -1; break;
    default:            break;
    }
  form_changed (self);
}

static GtkWidget *
add_form_spin (CbRunPanel *self,
               GtkWidget  *parent,
               const char *name,
               const char *question,
               guint       field,
               int         min,
               int         max,
               int         value,
               guint       kind,
               guint       zone,
               guint       face)
{
  GtkWidget *spin = add_spin (self, parent, name, question, min, max, value, NULL);

  g_object_set_data (G_OBJECT (spin), "field", GUINT_TO_POINTER (field));
  g_object_set_data (G_OBJECT (spin), "kind", GUINT_TO_POINTER (kind));
  g_object_set_data (G_OBJECT (spin), "zone", GUINT_TO_POINTER (zone));
  g_object_set_data (G_OBJECT (spin), "face", GUINT_TO_POINTER (face));
  g_signal_connect (spin, "value-changed", G_CALLBACK (form_spin_cb), self);
  return spin;
}

static GtkWidget *
form_heading (GtkWidget  *parent,
              const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "heading");
  append_to (parent, label);
  return label;
}

static void
finish_toggled_cb (GtkCheckButton *check,
                   CbRunPanel     *self)
{
  self->form.finish = gtk_check_button_get_active (check);
  form_changed (self);
}

static void
cancel_form_cb (CbRunPanel *self)
{
  self->form_open = FALSE;
  build_abilities (self);
}

static void
build_form (CbRunPanel *self,
            GtkWidget  *parent)
{
  const CbGame *game = cb (self);
  CbAbilityForm *form = &self->form;
  const CbAbilityParams *info = &form->info;
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *row, *reason;

  /* The form hangs under its button, framed as one question. */
  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 10);
  gtk_widget_set_margin_bottom (box, 10);
  append_to (card, box);
  append_to (parent, card);
  self->updating = TRUE;

  if (info->params & CB_PARAM_LOSE)
    {
      Options o;

      options_init (&o);
      if (!(info->required & CB_PARAM_LOSE))
        /* Translators: a choice in an ability's form: give back no die */
        options_add (&o, g_strdup (_("No die")), -1, -1);
      options_add_dice (&o, game, self->seat, info->lose_zones, info->lose_kinds);
      if (o.labels->len > 0)
        add_choice (self, box, "ability-lose", _("Die to give back"), F_LOSE, o.labels, o.a, o.b,
                    &form->lose_kind, &form->lose_zone);
      options_clear (&o);
    }
  if (info->params & CB_PARAM_GIVE)
    {
      Options o, to;

      options_init (&o);
      options_init (&to);
      if (!(info->required & CB_PARAM_GIVE))
        options_add (&o, g_strdup (_("No die")), -1, -1);
      options_add_dice (&o, game, self->seat, info->give_zones, info->give_kinds);
      for (guint s = 0; s < cb_game_get_n_players (game); s++)
        if (info->give_to & (1u << s))
          options_add (&to, g_strdup (cb_game_get_player_name (game, s)), (int) s, 0);
      if (o.labels->len > 0)
        add_choice (self, box, "ability-give", _("Die to put into another player’s rest zone"), F_GIVE,
                    o.labels, o.a, o.b, &form->give_kind, &form->give_zone);
      if (to.labels->len > 0)
        add_choice (self, box, "ability-give-to", _("Player who gets it (fewest swords)"), F_GIVE_TO,
                    to.labels, to.a, to.b, &form->give_to, NULL);
      options_clear (&o);
      options_clear (&to);
    }
  if ((info->params & CB_PARAM_DIE) && info->die_kinds != 0)
    {
      Options kinds, faces;

      options_init (&kinds);
      options_init (&faces);
      if (!(info->required & CB_PARAM_DIE))
        options_add (&kinds, g_strdup (_("No die")), -1, 0);
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (info->die_kinds & (1u << k))
          options_add (&kinds, cb_presenter_dup_kind_title (k), (int) k, 0);
      add_choice (self, box, "ability-die",
                  info->die_from_supply ? _("Die from the supply") : _("Die from your ready area"),
                  F_DIE, kinds.labels, kinds.a, kinds.b, &form->die_kind, NULL);
      if (form->die_kind >= 0)
        {
          for (guint f = 0; f < CB_N_FACES; f++)
            if (cb_kind_count_face (form->die_kind, f) > 0)
              options_add (&faces, face_label (form->die_kind, f), (int) f, 0);
          if (form->die_face < 0 && faces.labels->len > 1)
            form->die_face = g_array_index (faces.a, int, 1);
          add_choice (self, box, "ability-set", _("Face it is turned to"), F_SET, faces.labels, faces.a, faces.b,
                      &form->die_face, NULL);
        }
      options_clear (&kinds);
      options_clear (&faces);
    }
  if (info->params & CB_PARAM_OTHER)
    {
      Options o;

      options_init (&o);
      if (!(info->required & CB_PARAM_OTHER))
        options_add (&o, g_strdup (_("No die")), -1, -1);
      for (guint k = 0; k < CB_N_KINDS; k++)
        for (guint f = 0; f < CB_N_FACES; f++)
          if (cb_game_get_active_faces (game, self->seat, k, f) > 0)
            {
              g_autofree char *kind = cb_presenter_dup_kind_title (k);
              g_autofree char *face = face_label (k, f);
              /* Translators: an active die in a chooser, "Light grey · 1 coin" */
              options_add (&o, g_strdup_printf (_("%s · %s"), kind, face), (int) k, (int) f);
            }
      if (o.labels->len > 0)
        add_choice (self, box, "ability-other", _("Other active die to put into your ready area"), F_OTHER,
                    o.labels, o.a, o.b, &form->other_kind, &form->other_face);
      options_clear (&o);
    }
  if (info->params & CB_PARAM_DICE)
    {
      g_autofree char *q = NULL;

      /* Translators: p. 11 „Würfel zum Wurf hinzufügen“ */
      q = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Add %u die from your draw area to the roll:",
                                        "Add %u dice from your draw area to the roll:", info->dice_count),
                           info->dice_count);
      form_heading (box, q);
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (info->dice_max[k] > 0)
          {
            char name[48];
            g_autofree char *title = cb_presenter_dup_kind_title (k);

            g_snprintf (name, sizeof name, "ability-dice-%s", cb_kind_to_string (k));
            add_form_spin (self, box, name, title, F_DICE, info->dice_min[k], info->dice_max[k],
                           form->dice[k], k, 0, 0);
          }
    }
  if (info->params & CB_PARAM_FROM)
    {
      g_autofree char *q = NULL;

      /* Translators: the dice an ability rolls (Granatananas: any grey dice) */
      if (info->from_max == G_MAXUINT)
        q = g_strdup (_("Roll any of these dice:"));
      else if (info->from_distinct)
        /* Translators: Punk Grapefruit: „bis zu 9 Würfel unterschiedlicher Farben“ */
        q = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Roll up to %u die of different colours:",
                                          "Roll up to %u dice of different colours:", info->from_max),
                             info->from_max);
      else
        /* Translators: Jacques Couteau: 2 dice per player with fewer swords */
        q = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Roll up to %u die:", "Roll up to %u dice:",
                                          info->from_max), info->from_max);
      form_heading (box, q);
      for (guint z = 0; z < CB_N_ZONES; z++)
        for (guint k = 0; k < CB_N_KINDS; k++)
          {
            char name[64];

            if (!(info->from_zones & (1u << z)) || !(info->from_kinds & (1u << k)))
              continue;
            if (z != CB_ZONE_ACTIVE)
              {
                guint n = cb_game_get_dice (game, self->seat, z, k);
                g_autofree char *place = NULL;

                if (n == 0)
                  continue;
                place = cb_presenter_dup_die_place (k, z);
                g_snprintf (name, sizeof name, "ability-from-%s-%s", cb_zone_to_string (z), cb_kind_to_string (k));
                add_form_spin (self, box, name, place, F_FROM, 0, n, MIN (form->from[z][k], n), k, z, 0);
                continue;
              }
            for (guint f = 0; f < CB_N_FACES; f++)
              {
                guint n = cb_game_get_active_faces (game, self->seat, k, f);
                g_autofree char *place = NULL;
                g_autofree char *face = NULL;
                g_autofree char *q2 = NULL;

                if (n == 0)
                  continue;
                place = cb_presenter_dup_die_place (k, z);
                face = face_label (k, f);
                q2 = g_strdup_printf (_("%s · %s"), place, face);
                g_snprintf (name, sizeof name, "ability-from-active-%s-%s", cb_kind_to_string (k), cb_face_to_string (f));
                add_form_spin (self, box, name, q2, F_FROM_ACTIVE, 0, n, MIN (form->from_active[k][f], n), k, z, f);
              }
          }
    }
  if (info->params & CB_PARAM_ROLLED)
    {
      GtkWidget *rolled = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

      form_heading (rolled, (info->params & CB_PARAM_ROLLED2) ? _("What does the first roll show?")
                                                             : _("What do the rolled dice show?"));
      g_hash_table_insert (self->controls, g_strdup ("ability-rolled-box"), rolled);
      append_to (box, rolled);
      cb_ability_form_sync_rolls (form);
      replace_roll_entry (self, "ability-rolled", &form->rolled, self->shown_rolled);
    }
  if (info->params & CB_PARAM_ROLLED2)
    {
      GtkWidget *rolled = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);

      /* Mahatma: the dice the first roll left ready are rolled again. */
      form_heading (rolled, _("What does the second roll show?"));
      g_hash_table_insert (self->controls, g_strdup ("ability-rolled2-box"), rolled);
      append_to (box, rolled);
      replace_roll_entry (self, "ability-rolled2", &form->rolled2, self->shown_rolled2);
    }
  if ((info->params & CB_PARAM_TAKE) && info->take_kinds != 0 && !info->take_forced)
    {
      Options o;
      g_autofree char *q = NULL;

      options_init (&o);
      if (!(info->required & CB_PARAM_TAKE))
        options_add (&o, g_strdup (_("No die")), -1, 0);
      for (guint k = 0; k < CB_N_KINDS; k++)
        if (info->take_kinds & (1u << k))
          options_add (&o, cb_presenter_dup_kind_title (k), (int) k, 0);
      if (info->take_max_cost >= 0)
        /* Translators: Snowball: a die costing at most the player's fans */
        q = g_strdup_printf (_("Die to take from the supply (costing at most %d)"), info->take_max_cost);
      else
        q = g_strdup (_("Die to take from the supply"));
      add_choice (self, box, "ability-take", q, F_TAKE, o.labels, o.a, o.b, &form->take, NULL);
      options_clear (&o);
      add_form_spin (self, box, "ability-cost", _("Cost printed on that die’s card"), F_COST, 0, 20,
                     form->take_cost > 0 ? form->take_cost : 0, 0, 0, 0);
    }
  if (info->params & CB_PARAM_BONUS)
    {
      form_heading (box, _("Bonuses of the space you choose:"));
      build_bonus (self, box, "ability-", G_CALLBACK (form_changed));
    }
  else if (info->fan_advances > 0)
    {
      add_fan_box (self, box, "ability-");
      rebuild_fan_box (self, "ability-", info->fan_advances, G_CALLBACK (form_changed));
    }
  if (info->params & CB_PARAM_RED_LINES)
    add_form_spin (self, box, "ability-red-lines", _("Red lines between your runner and the finish?"),
                   F_RED_LINES, 0, 60, form->red_lines, 0, 0, 0);
  if (info->params & CB_PARAM_FINISH)
    {
      GtkWidget *check = wrapped_check (_("This step reaches the _finish line"));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), form->finish);
      g_signal_connect (check, "toggled", G_CALLBACK (finish_toggled_cb), self);
      g_hash_table_insert (self->controls, g_strdup ("ability-finish"), check);
      append_to (box, check);
    }

  reason = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (reason), 0);
  gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
  gtk_widget_add_css_class (reason, "error");
  g_hash_table_insert (self->controls, g_strdup ("ability-reason"), reason);
  append_to (box, reason);

  row = button_row (box);
  self->updating = FALSE;
  add_button (self, row, "ability-use", _("_Use Ability"), _("Enter this ability with the choices above"), NULL, TRUE);
  {
    GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

    g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (cancel_form_cb), self);
    g_hash_table_insert (self->controls, g_strdup ("ability-cancel"), cancel);
    append_to (row, cancel);
  }
  form_changed (self);
}

/* Whether the form of an ability would ask anything: abilities without choices are
 * entered by their button at once. */
static gboolean
form_asks (CbRunPanel            *self,
           const CbAbilityParams *info)
{
  guint spaces[CB_FAN_LAST_SPACE];

  if (info->params & (CB_PARAM_LOSE | CB_PARAM_GIVE | CB_PARAM_OTHER | CB_PARAM_DICE | CB_PARAM_FROM
                      | CB_PARAM_ROLLED | CB_PARAM_ROLLED2 | CB_PARAM_BONUS | CB_PARAM_RED_LINES
                      | CB_PARAM_FINISH))
    return TRUE;
  if ((info->params & CB_PARAM_DIE) && info->die_kinds != 0)
    return TRUE;
  if ((info->params & CB_PARAM_TAKE) && info->take_kinds != 0 && !info->take_forced)
    return TRUE;
  /* Fan-track spaces nobody has told yet are asked. */
  return info->fan_advances > 0
         && cb_presenter_get_untold_fan_spaces (self->game, self->seat, info->fan_advances, spaces) > 0;
}

static void
open_form_cb (GtkButton  *button,
              CbRunPanel *self)
{
  const CbAbilityUse *use = g_object_get_data (G_OBJECT (button), "use");
  GtkWidget *form;

  if (self->form_open && same_use (&self->form.use, use))
    self->form_open = FALSE;   /* a second click folds the form */
  else
    self->form_open = cb_ability_form_init (&self->form, cb (self), self->seat, use);
  build_abilities (self);
  form = control (self, "ability-use");
  if (self->form_open && form != NULL)
    gtk_widget_child_focus (gtk_widget_get_parent (gtk_widget_get_parent (form)), GTK_DIR_TAB_FORWARD);
}

static void
build_abilities (CbRunPanel *self)
{
  g_autoptr(GArray) uses = cb_game_list_abilities (cb (self), self->seat);
  g_autofree char *held_back = NULL;
  GtkWidget *child, *box;
  gboolean open_found = FALSE;

  remove_controls_with_prefix (self, "ability");
  while ((child = gtk_widget_get_first_child (self->abilities)) != NULL)
    gtk_box_remove (GTK_BOX (self->abilities), child);

  if (cb_game_has_mandatory (cb (self), self->seat, &held_back) && held_back != NULL)
    {
      GtkWidget *label = gtk_label_new (held_back);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "cb-banner");
      gtk_widget_add_css_class (label, "warning");
      append_to (self->abilities, label);
    }
  if (self->form_open)
    for (guint i = 0; i < uses->len; i++)
      open_found |= same_use (&g_array_index (uses, CbAbilityUse, i), &self->form.use);
  if (!open_found || !cb_ability_form_refresh (&self->form, cb (self), self->seat))
    self->form_open = FALSE;
  if (uses->len == 0)
    return;

  box = section (self->abilities, _("Card abilities"));
  for (guint i = 0; i < uses->len; i++)
    {
      const CbAbilityUse *use = &g_array_index (uses, CbAbilityUse, i);
      g_autofree char *title = cb_presenter_dup_ability_title (use);
      g_autofree char *label = NULL;
      CbAbilityParams params;
      char name[24];
      GtkWidget *button, *button_label;
      gboolean has_form;

      cb_game_get_ability_params (cb (self), self->seat, use->card, use->number, use->face, &params);
      has_form = form_asks (self, &params);
      if (use->mandatory)
        /* Translators: a card ability the player must use before going on */
        label = g_strdup_printf (_("Must: %s"), title);
      else
        label = g_strdup (title);
      if (has_form)
        {
          /* Translators: a button that opens a form with the ability's choices */
          char *more = g_strdup_printf (_("%s …"), label);
          g_free (label);
          label = more;
        }
      g_snprintf (name, sizeof name, "ability-%u", i);
      if (has_form)
        {
          button = gtk_button_new_with_label (label);
          g_object_set_data_full (G_OBJECT (button), "use", g_memdup2 (use, sizeof *use), g_free);
          gtk_widget_set_tooltip_text (button, _("Choose how to use this ability"));
          g_signal_connect (button, "clicked", G_CALLBACK (open_form_cb), self);
          g_hash_table_insert (self->controls, g_strdup (name), button);
          append_to (box, button);
        }
      else
        {
          CbAbilityForm form;

          cb_ability_form_init (&form, cb (self), self->seat, use);
          button = add_button (self, box, name, label, NULL, cb_ability_form_dup_action (&form, cb (self), self->seat), FALSE);
          gtk_button_set_use_underline (GTK_BUTTON (button), FALSE);
        }
      gtk_widget_set_halign (button, GTK_ALIGN_START);
      button_label = gtk_button_get_child (GTK_BUTTON (button));
      if (button_label != NULL && GTK_IS_LABEL (button_label))
        {
          gtk_label_set_wrap (GTK_LABEL (button_label), TRUE);
          gtk_label_set_xalign (GTK_LABEL (button_label), 0);
        }
      if (use->mandatory)
        gtk_widget_add_css_class (button, "cb-mandatory");
      if (self->form_open && same_use (use, &self->form.use))
        build_form (self, box);
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
  g_autoptr(GArray) legal = cb_game_legal_actions_for_seat (game, seat);

  g_string_append_printf (key, "|%s|%d|%d|", prompt, cb_game_is_finished (game), cb_game_get_red_winner (game));
  for (guint k = 0; k < CB_N_KINDS; k++)
    g_string_append_printf (key, "%u,", cb_game_get_supply (game, k));
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g_string_append_printf (key, "%d,", cb_game_get_cost (game, c));
  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    g_string_append_printf (key, "%d,", cb_game_get_swords (game, s));
  /* This seat's legal actions, found by seat (never by matching the name in the text). */
  for (guint i = 0; i < legal->len; i++)
    {
      g_autofree char *text = cb_action_to_text (game, &g_array_index (legal, CbAction, i));
      g_string_append (g_string_append_c (key, '|'), text);
    }
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
  while ((child = gtk_widget_get_first_child (self->content)) != NULL)
    gtk_box_remove (GTK_BOX (self->content), child);
  self->abilities = NULL;
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
  append_to (self->box, GTK_WIDGET (self->prompt));
  append_to (self->box, self->content);
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
      self->form_open = FALSE;
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
  self->abilities = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  append_to (self->content, self->abilities);
  build_abilities (self);
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
  /* The safe default takes the keyboard, so Enter never risks a turn: in danger that is
   * Pass (a roll without a hit busts), otherwise Push (issue 15). After collecting, the
   * coins go into steps before walking (both can be undone). */
  const char *order[] = {
    "refill", "push", "bust", "announce", "collect", "buy-steps-all", "buy-step", "land", "rest", NULL
  };

  g_return_val_if_fail (CB_IS_RUN_PANEL (self), FALSE);

  if (self->game != NULL && cb_game_in_danger (cb (self), self->seat))
    order[1] = "pass";

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
