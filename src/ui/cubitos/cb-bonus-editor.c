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

/* Issue 15: "a landing bonus takes up to 7 widgets": one drop-down lists the bonuses a
 * space gives, in words; only a choice that needs more (which die, how many given back,
 * several bonuses at once) shows the fields for it. */
typedef enum
{
  SHOW_NONE,       /* nothing more to ask */
  SHOW_COST,       /* a die taken: its card's cost, if nobody told it */
  SHOW_LOSE,       /* the rows of dice given back */
  SHOW_ALL,        /* several bonuses: every field */
} Show;

typedef struct
{
  guint credits;
  guint fans;
  int   take;      /* a CbKind, or -1 */
  Show  show;
} Choice;

#define MAX_CHOICES 24

struct _CbBonusEditor
{
  GtkWidget    parent_instance;

  GtkWidget   *box;          /* template children */
  GtkLabel    *question;
  GtkDropDown *choice;
  GtkWidget   *fields;
  GtkWidget   *lose;
  GtkWidget   *lose_rows;
  GtkWidget   *lose_add;

  CbControls  *controls;     /* the panel's, outlives this widget */
  char        *prefix;
  GtkWidget   *fans;         /* CbFanQuestions */
  guint        n_rows;
  Choice       choices[MAX_CHOICES];
  guint        n_choices;
  gboolean     updating;     /* the choice is setting the fields */
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
  if (!self->updating)
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
  spin = cb_controls_new_spin (1, MAX_LOSE_ROWS);
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

static Show
shown (CbBonusEditor *self)
{
  guint i = gtk_drop_down_get_selected (self->choice);

  return i < self->n_choices ? self->choices[i].show : SHOW_NONE;
}

/* Only the fields the choice needs are shown. */
static void
show_fields (CbBonusEditor *self)
{
  Show show = shown (self);

  gtk_widget_set_visible (self->fields, show == SHOW_COST || show == SHOW_ALL);
  gtk_widget_set_visible (self->lose, show == SHOW_LOSE || show == SHOW_ALL);
  for (GtkWidget *row = gtk_widget_get_first_child (self->fields); row != NULL; row = gtk_widget_get_next_sibling (row))
    if (row != gtk_widget_get_parent (pcontrol (self, "land-cost")))
      gtk_widget_set_visible (row, show == SHOW_ALL);
}

static void
set_spin (CbBonusEditor *self,
          const char    *name,
          guint          value)
{
  GtkWidget *spin = pcontrol (self, name);

  if (spin != NULL)
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
}

/* The choice sets the fields, which stay what the editor reads. */
static void
choice_changed_cb (CbBonusEditor *self)
{
  guint i = gtk_drop_down_get_selected (self->choice);
  const Choice *choice;

  if (self->controls == NULL || i >= self->n_choices)
    return;
  choice = &self->choices[i];
  if (choice->show != SHOW_ALL)
    {
      GtkWidget *take = pcontrol (self, "land-take");
      guint position = 0;

      self->updating = TRUE;
      set_spin (self, "land-credits", choice->credits);
      set_spin (self, "land-fans", choice->fans);
      set_spin (self, "land-max-cost", 0);
      for (guint k = 0; k < G_N_ELEMENTS (take_kinds); k++)
        if ((int) take_kinds[k] == choice->take)
          position = k + 1;
      gtk_drop_down_set_selected (GTK_DROP_DOWN (take), position);
      if (choice->show != SHOW_LOSE)
        for (guint r = 0; r < self->n_rows; r++)
          {
            char name[48];

            g_snprintf (name, sizeof name, "%slose-die-%u", self->prefix, r);
            gtk_drop_down_set_selected (GTK_DROP_DOWN (cb_controls_get (self->controls, name)), 0);
          }
      self->updating = FALSE;
    }
  show_fields (self);
  cb_bonus_editor_update (self);
  changed_cb (self);
}

static void
add_choice (CbBonusEditor *self,
            GtkStringList *list,
            const char    *text,
            guint          credits,
            guint          fans,
            int            take,
            Show           show)
{
  g_return_if_fail (self->n_choices < MAX_CHOICES);
  gtk_string_list_append (list, text);
  self->choices[self->n_choices++] = (Choice) { credits, fans, take, show };
}

/* p. 10 and the tracks' spaces: credits, fan advances, a die taken, dice given back, or
 * several of them. */
static void
fill_choices (CbBonusEditor *self)
{
  GtkStringList *list = gtk_string_list_new (NULL);

  /* Translators: the landing space has no bonus */
  add_choice (self, list, _("No bonus"), 0, 0, -1, SHOW_NONE);
  for (guint n = 1; n <= 3; n++)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u credit", "%u credits", n), n);
      add_choice (self, list, text, n, 0, -1, SHOW_NONE);
    }
  for (guint n = 1; n <= 2; n++)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u fan advance", "%u fan advances", n), n);
      add_choice (self, list, text, 0, n, -1, SHOW_NONE);
    }
  for (guint k = 0; k < G_N_ELEMENTS (take_kinds); k++)
    {
      /* Translators: a landing bonus, "Take a blue die for free" */
      g_autofree char *text = g_strdup_printf (_("Take %s for free"), cb_presenter_a_die (take_kinds[k]));
      add_choice (self, list, text, 0, 0, take_kinds[k], SHOW_COST);
    }
  /* Translators: a landing bonus: dice given back to the supply (p. 11 „Würfel abgeben“) */
  add_choice (self, list, _("Give back dice …"), 0, 0, -1, SHOW_LOSE);
  /* Translators: a landing space with more than one bonus, or a die up to a cost */
  add_choice (self, list, _("Several bonuses or a cost limit …"), 0, 0, -1, SHOW_ALL);
  gtk_drop_down_set_model (self->choice, G_LIST_MODEL (list));
  g_object_unref (list);
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
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, question);
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, choice);
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, fields);
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, lose);
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, lose_rows);
  gtk_widget_class_bind_template_child (widget_class, CbBonusEditor, lose_add);
  gtk_widget_class_bind_template_callback (widget_class, lose_add_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, choice_changed_cb);
}

static void
cb_bonus_editor_init (CbBonusEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cb_bonus_editor_new (CbControls *controls,
                     const char *prefix,
                     const char *question)
{
  CbBonusEditor *self = g_object_new (CB_TYPE_BONUS_EDITOR, NULL);
  g_autofree char *take = NULL;
  g_autofree char *add = NULL;
  g_autofree char *choice = NULL;

  self->controls = controls;
  self->prefix = g_strdup (prefix);
  take = pname (self, "land-take");
  add = pname (self, "lose-add");
  choice = pname (self, "land-bonus");

  gtk_label_set_text_with_mnemonic (self->question, question);
  /* its letter shown all the time: the key of the list (docs/keyboard.md) */
  cb_controls_show_key (GTK_WIDGET (self->question));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->choice), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_label_get_text (self->question), -1);
  cb_controls_add (controls, choice, GTK_WIDGET (self->choice));

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
  self->updating = TRUE;
  fill_choices (self);
  gtk_drop_down_set_selected (self->choice, 0);
  self->updating = FALSE;
  show_fields (self);
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
                            (shown (self) == SHOW_COST || shown (self) == SHOW_ALL)
                            && take >= 0 && CB_KIND_IS_COLOUR (take)
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
