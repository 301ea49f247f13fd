/* cb-bonus-editor.c — the bonuses of a track space, told by the players
 *
 * p. 10: the bonus of the space the runner ends on; only the track shows it. Bob's
 * ability (p. 11) gives the bonuses of a space of the player's choice: the same
 * questions, named with the prefix "ability-".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-bonus-editor.h"
#include "cb-fan-questions.h"

/* p. 10: a space can show several „lose a die“ symbols, each a die of the player's
 * choice from any area: one row per colour and area, as many rows as needed. */
#define MAX_LOSE_ROWS 8

struct _CbBonusEditor
{
  GtkWidget   parent_instance;

  GtkWidget  *box;          /* template children */
  GtkWidget  *fields;
  GtkWidget  *lose_rows;
  GtkWidget  *lose_add;

  CbControls *controls;     /* the panel's, outlives this widget */
  char       *prefix;
  GtkWidget  *fans;         /* CbFanQuestions */
  guint       n_rows;
};

G_DEFINE_FINAL_TYPE (CbBonusEditor, cb_bonus_editor, GTK_TYPE_WIDGET)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const CbKind take_kinds[] = {
  CB_KIND_LIGHT_GREY, CB_KIND_DARK_GREY, CB_KIND_RED, CB_KIND_ORANGE, CB_KIND_YELLOW, CB_KIND_GREEN,
  CB_KIND_BLUE, CB_KIND_PURPLE, CB_KIND_BROWN, CB_KIND_WHITE,
};

static void
changed_cb (CbBonusEditor *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static char *
pname (CbBonusEditor *self,
       const char    *name)
{
  return g_strconcat (self->prefix, name, NULL);
}

static GtkWidget *
pcontrol (CbBonusEditor *self,
          const char    *name)
{
  g_autofree char *full = pname (self, name);

  return cb_controls_get (self->controls, full);
}

static guint
pspin_value (CbBonusEditor *self,
             const char    *name)
{
  g_autofree char *full = pname (self, name);

  return cb_controls_spin_value (self->controls, full);
}

static GtkWidget *
add_pspin (CbBonusEditor *self,
           const char    *name,
           const char    *question)
{
  g_autofree char *full = pname (self, name);

  return cb_controls_add_spin (self->controls, self->fields, full, question, 0, 20, 0,
                               G_CALLBACK (changed_cb), self);
}

/* A drop-down of "@none" and the colours of the box (not the top dog). */
static GtkWidget *
kind_dropdown (CbBonusEditor *self,
               const char    *name,
               const char    *a11y,
               const char    *none)
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
  g_signal_connect_swapped (dropdown, "notify::selected", G_CALLBACK (changed_cb), self);
  cb_controls_add (self->controls, name, dropdown);
  return dropdown;
}

static int
dropdown_kind (CbBonusEditor *self,
               const char    *name)
{
  GtkWidget *w = cb_controls_get (self->controls, name);
  guint selected;

  if (w == NULL)
    return -1;
  selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (w));
  if (selected == 0 || selected == GTK_INVALID_LIST_POSITION || selected > G_N_ELEMENTS (take_kinds))
    return -1;
  return take_kinds[selected - 1];
}

static void
add_lose_row (CbBonusEditor *self)
{
  guint n = self->n_rows;
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkStringList *zones = gtk_string_list_new (NULL);
  GtkWidget *zone_list, *spin, *kind;
  char name[48];

  g_snprintf (name, sizeof name, "%slose-die-%u", self->prefix, n);
  kind = kind_dropdown (self, name, _("Colour of the dice given back"), _("none"));
  gtk_widget_set_hexpand (kind, TRUE);
  gtk_box_append (GTK_BOX (row), kind);
  for (guint z = 0; z < CB_N_ZONES; z++)
    gtk_string_list_append (zones, cb_presenter_zone_name (z));
  zone_list = gtk_drop_down_new (G_LIST_MODEL (zones), NULL);
  gtk_widget_set_valign (zone_list, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (zone_list, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (zone_list), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Area of the dice given back"), -1);
  gtk_widget_set_tooltip_text (zone_list, _("Area of the dice given back"));
  g_signal_connect_swapped (zone_list, "notify::selected", G_CALLBACK (changed_cb), self);
  g_snprintf (name, sizeof name, "%slose-from-%u", self->prefix, n);
  cb_controls_add (self->controls, name, zone_list);
  gtk_box_append (GTK_BOX (row), zone_list);
  spin = gtk_spin_button_new_with_range (1, MAX_LOSE_ROWS, 1);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("How many dice of this colour from this area"), -1);
  gtk_widget_set_tooltip_text (spin, _("How many dice of this colour from this area"));
  g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (changed_cb), self);
  g_snprintf (name, sizeof name, "%slose-count-%u", self->prefix, n);
  cb_controls_add (self->controls, name, spin);
  gtk_box_append (GTK_BOX (row), spin);
  gtk_box_append (GTK_BOX (self->lose_rows), row);
  self->n_rows = n + 1;
  gtk_widget_set_sensitive (self->lose_add, self->n_rows < MAX_LOSE_ROWS);
}

static void
lose_add_clicked_cb (CbBonusEditor *self)
{
  add_lose_row (self);
  changed_cb (self);
}

static void
cb_bonus_editor_dispose (GObject *object)
{
  CbBonusEditor *self = CB_BONUS_EDITOR (object);

  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_BONUS_EDITOR);
  g_clear_pointer (&self->prefix, g_free);
  G_OBJECT_CLASS (cb_bonus_editor_parent_class)->dispose (object);
}

static void
cb_bonus_editor_class_init (CbBonusEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_bonus_editor_dispose;

  /**
   * CbBonusEditor::changed:
   *
   * A bonus told changed.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-bonus-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, box);
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, fields);
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, lose_rows);
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, lose_add);
  gtk_widget_class_bind_template_callback (widget_class, lose_add_clicked_cb);
}

static void
cb_bonus_editor_init (CbBonusEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cb_bonus_editor_new (CbControls *controls,
                     const char *prefix)
{
  CbBonusEditor *self = g_object_new (CB_TYPE_BONUS_EDITOR, NULL);
  g_autofree char *take = NULL;
  g_autofree char *add = NULL;

  self->controls = controls;
  self->prefix = g_strdup (prefix);
  take = pname (self, "land-take");
  add = pname (self, "lose-add");

  add_pspin (self, "land-credits", _("Credits"));
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (pcontrol (self, "land-credits")), 0, 9);
  add_pspin (self, "land-fans", _("Fan-track advances"));
  gtk_spin_button_set_range (GTK_SPIN_BUTTON (pcontrol (self, "land-fans")), 0, 5);
  {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *label = gtk_label_new (_("Take a die for free"));

    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
    gtk_widget_set_hexpand (label, TRUE);
    gtk_box_append (GTK_BOX (row), label);
    gtk_box_append (GTK_BOX (row), kind_dropdown (self, take, _("Take a die for free"), _("no die")));
    gtk_box_append (GTK_BOX (self->fields), row);
  }
  add_pspin (self, "land-max-cost", _("… costing at most (0 = any)"));
  /* Not pre-filled: a guessed cost would be stored as told (issue 15); 0 = not told. */
  add_pspin (self, "land-cost", _("Cost printed on that die’s card"));
  cb_controls_add (controls, add, self->lose_add);
  add_lose_row (self);

  self->fans = cb_fan_questions_new (controls, prefix);
  g_signal_connect_swapped (self->fans, "changed", G_CALLBACK (changed_cb), self);
  gtk_box_append (GTK_BOX (self->box), self->fans);
  cb_bonus_editor_update (self);
  return GTK_WIDGET (self);
}

void
cb_bonus_editor_update (CbBonusEditor *self)
{
  g_autofree char *take_name = NULL;
  GtkWidget *cost;
  int take;

  g_return_if_fail (CB_IS_BONUS_EDITOR (self));
  if (self->controls == NULL)
    return;
  take_name = pname (self, "land-take");
  cost = pcontrol (self, "land-cost");
  take = dropdown_kind (self, take_name);
  if (cost != NULL)
    gtk_widget_set_visible (gtk_widget_get_parent (cost),
                            take >= 0 && CB_KIND_IS_COLOUR (take)
                            && cb_game_get_cost (cb_controls_game (self->controls), CB_COLOUR_OF (take)) < 0);
  cb_fan_questions_set_advances (CB_FAN_QUESTIONS (self->fans), pspin_value (self, "land-fans"));
}

void
cb_bonus_editor_read (CbBonusEditor *self,
                      CbMove        *move)
{
  g_autofree char *take = NULL;

  g_return_if_fail (CB_IS_BONUS_EDITOR (self));
  if (self->controls == NULL)
    return;
  take = pname (self, "land-take");
  move->credits = pspin_value (self, "land-credits");
  move->fans = pspin_value (self, "land-fans");
  move->take = dropdown_kind (self, take);
  move->max_cost = -1;
  move->take_cost = -1;
  if (move->take >= 0 && pspin_value (self, "land-max-cost") > 0)
    move->max_cost = (int) pspin_value (self, "land-max-cost");
  if (move->take >= 0 && CB_KIND_IS_COLOUR (move->take)
      && cb_game_get_cost (cb_controls_game (self->controls), CB_COLOUR_OF (move->take)) < 0)
    move->take_cost = pspin_value (self, "land-cost") > 0 ? (int) pspin_value (self, "land-cost") : -1;
  memset (move->lose, 0, sizeof move->lose);
  for (guint r = 0; r < self->n_rows; r++)
    {
      char name[48];
      int kind;
      GtkWidget *zone;

      g_snprintf (name, sizeof name, "%slose-die-%u", self->prefix, r);
      kind = dropdown_kind (self, name);
      g_snprintf (name, sizeof name, "%slose-from-%u", self->prefix, r);
      zone = cb_controls_get (self->controls, name);
      g_snprintf (name, sizeof name, "%slose-count-%u", self->prefix, r);
      if (kind >= 0 && zone != NULL && gtk_drop_down_get_selected (GTK_DROP_DOWN (zone)) < CB_N_ZONES)
        move->lose[kind][gtk_drop_down_get_selected (GTK_DROP_DOWN (zone))]
          += (int) cb_controls_spin_value (self->controls, name);
    }
  cb_fan_questions_set_advances (CB_FAN_QUESTIONS (self->fans), move->fans);
  move->n_fan_told = cb_fan_questions_read (CB_FAN_QUESTIONS (self->fans), move->fan_spaces, move->fan_told);
}

char *
cb_bonus_editor_dup_summary (const CbMove *move)
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
