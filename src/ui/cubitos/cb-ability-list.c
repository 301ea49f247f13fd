/* cb-ability-list.c — the card abilities a board may use now, and the open one's form
 *
 * Every ability the player may use now has a button (mandatory ones marked). An ability
 * without choices enters at once; one with choices opens its form under the button
 * (CbAbilityEditor).
 *
 * The list is rebuilt when the abilities allowed change; it is the last part of its
 * panel, so nothing above it moves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-ability-list.h"
#include "cb-ability-editor.h"
#include "cb-decide-section.h"
#include "cb-roll-entry.h"

struct _CbAbilityList
{
  GtkWidget        parent_instance;

  GtkWidget       *box;           /* template child */

  CbControls      *controls;      /* the panel's, outlives this widget */
  CbAbilityForm    form;          /* the ability form that is open */
  gboolean         form_open;
};

G_DEFINE_FINAL_TYPE (CbAbilityList, cb_ability_list, GTK_TYPE_WIDGET)

static void
append_to (GtkWidget *parent,
           GtkWidget *child)
{
  gtk_box_append (GTK_BOX (parent), child);
}

static GtkWidget *
section (GtkWidget  *parent,
         const char *title)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);   /* 360 px in German */
  gtk_widget_add_css_class (label, "heading");
  append_to (box, label);
  append_to (parent, box);
  return box;
}

static void build_abilities (CbAbilityList *self);

/* The keys an ability's letter must not take: the other choices of the board, the face
 * keys of a roll being typed, Push and Pass (a roll's decision) and the keys of an
 * ability's form. */
static GArray *
taken_keys (CbAbilityList *self)
{
  const char *form_keys[] = {
    _("_Use Ability"), _("_Cancel"), _("This step reaches the _finish line"),
  };
  GArray *taken = g_array_new (FALSE, FALSE, sizeof (gunichar));

  for (guint face = CB_FACE_BLANK + 1; face < CB_N_FACES; face++)
    {
      gunichar c = g_unichar_tolower (cb_roll_entry_get_face_key (face));

      if (c != 0)
        g_array_append_val (taken, c);
    }
  for (guint i = 0; i < G_N_ELEMENTS (form_keys); i++)
    {
      gunichar c = cb_controls_mnemonic_key (form_keys[i]);

      g_array_append_val (taken, c);
    }
  /* Push and Pass: typed right after the dice, they enter the roll and the choice */
  for (guint i = 0; i < 2; i++)
    {
      gunichar c = cb_decide_section_key (i == 0 ? "push" : "pass");

      g_array_append_val (taken, c);
    }
  if (GTK_IS_WIDGET (self->controls->owner))
    cb_controls_collect_keys (GTK_WIDGET (self->controls->owner), GTK_WIDGET (self), taken);
  return taken;
}

/* In phase 5 a support ability is used before walking: the first walk ends phase 5. */
static gboolean
walk_ends_them (CbAbilityList *self,
                GArray        *uses)
{
  if (cb_game_get_phase (cb_controls_game (self->controls), self->controls->seat) != CB_PHASE_SUPPORT)
    return FALSE;
  for (guint i = 0; i < uses->len; i++)
    {
      const CbAbilityUse *use = &g_array_index (uses, CbAbilityUse, i);

      if (cb_card_ability (use->card, use->number)->when != CB_WHEN_RACE)
        return TRUE;
    }
  return FALSE;
}

/* The name of the ability button that has the keyboard, or NULL. */
static char *
focused_control (CbAbilityList *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  if (focus == NULL || !gtk_widget_is_ancestor (focus, self->box))
    return NULL;
  for (guint i = 0;; i++)
    {
      g_autofree char *name = g_strdup_printf ("ability-%u", i);
      GtkWidget *w = cb_controls_get (self->controls, name);

      if (w == NULL)
        return NULL;
      if (w == focus || gtk_widget_is_ancestor (focus, w))
        return g_steal_pointer (&name);
    }
}

static void
cancel_form_cb (CbAbilityList *self)
{
  self->form_open = FALSE;
  build_abilities (self);
}

static gboolean
same_use (const CbAbilityUse *a,
          const CbAbilityUse *b)
{
  return a->card == b->card && a->number == b->number && a->face == b->face;
}

/* Whether the form of an ability would ask anything: abilities without choices are
 * entered by their button at once. */
static gboolean
form_asks (CbAbilityList         *self,
           const CbAbilityParams *info)
{
  guint spaces[CB_FAN_LAST_SPACE];

  /* A die to give back is asked only when the player has one („sofern möglich“, p. 7):
   * the red card of a winner without a red die enters at once. */
  if (info->params & CB_PARAM_LOSE)
    for (guint z = 0; z < CB_N_ZONES; z++)
      for (guint k = 0; k < CB_N_KINDS; k++)
        if ((info->lose_zones & (1u << z)) && (info->lose_kinds & (1u << k))
            && cb_game_get_dice (cb_controls_game (self->controls), self->controls->seat, z, k) > 0)
          return TRUE;
  if (info->params & (CB_PARAM_GIVE | CB_PARAM_OTHER | CB_PARAM_DICE | CB_PARAM_FROM
                      | CB_PARAM_ROLLED | CB_PARAM_ROLLED2 | CB_PARAM_BONUS | CB_PARAM_RED_LINES
                      | CB_PARAM_FINISH))
    return TRUE;
  if ((info->params & CB_PARAM_DIE) && info->die_kinds != 0)
    return TRUE;
  if ((info->params & CB_PARAM_TAKE) && info->take_kinds != 0 && !info->take_forced)
    return TRUE;
  /* Fan-track spaces nobody has told yet are asked. */
  return info->fan_advances > 0
         && cb_presenter_get_untold_fan_spaces (self->controls->game, self->controls->seat, info->fan_advances, spaces) > 0;
}

static void
open_form_cb (GtkButton     *button,
              CbAbilityList *self)
{
  const CbAbilityUse *use = g_object_get_data (G_OBJECT (button), "use");
  GtkWidget *form;

  if (self->form_open && same_use (&self->form.use, use))
    self->form_open = FALSE;   /* a second click folds the form */
  else
    self->form_open = cb_ability_form_init (&self->form, cb_controls_game (self->controls), self->controls->seat, use);
  build_abilities (self);
  form = cb_controls_get (self->controls, "ability-use");
  if (self->form_open && form != NULL)
    gtk_widget_child_focus (gtk_widget_get_parent (gtk_widget_get_parent (form)), GTK_DIR_TAB_FORWARD);
}

static void
build_abilities (CbAbilityList *self)
{
  g_autoptr(GArray) uses = cb_game_list_abilities (cb_controls_game (self->controls), self->controls->seat);
  g_autofree char *held_back = NULL;
  g_autofree char *focused = NULL;
  g_autoptr(GArray) taken = NULL;
  GtkWidget *child, *box;
  gboolean open_found = FALSE;

  focused = focused_control (self);
  cb_controls_remove_prefix (self->controls, "ability");
  while ((child = gtk_widget_get_first_child (self->box)) != NULL)
    gtk_box_remove (GTK_BOX (self->box), child);

  if (cb_game_has_mandatory (cb_controls_game (self->controls), self->controls->seat, &held_back) && held_back != NULL)
    {
      GtkWidget *label = gtk_label_new (held_back);

      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_widget_add_css_class (label, "cb-banner");
      gtk_widget_add_css_class (label, "warning");
      append_to (self->box, label);
    }
  if (self->form_open)
    for (guint i = 0; i < uses->len; i++)
      open_found |= same_use (&g_array_index (uses, CbAbilityUse, i), &self->form.use);
  if (!open_found || !cb_ability_form_refresh (&self->form, cb_controls_game (self->controls), self->controls->seat))
    self->form_open = FALSE;
  if (uses->len == 0)
    return;
  taken = taken_keys (self);

  box = section (self->box, walk_ends_them (self, uses)
                            /* Translators: heading above card abilities in phase 5, above
                             * the Walk button (issue 25, item 3.7) */
                            ? _("Card abilities — before you walk: walking ends phase 5")
                            : _("Card abilities"));
  for (guint i = 0; i < uses->len; i++)
    {
      const CbAbilityUse *use = &g_array_index (uses, CbAbilityUse, i);
      g_autofree char *plain = cb_presenter_dup_ability_title (use);
      /* Issue 25: one key per card ability, a letter of its title no other choice of
       * the board has, underlined (docs/keyboard.md) */
      g_autofree char *title = cb_controls_dup_keyed (plain, taken);
      g_autofree char *label = NULL;
      CbAbilityParams params;
      char name[24];
      GtkWidget *button, *button_label;
      gboolean has_form;

      cb_game_get_ability_params (cb_controls_game (self->controls), self->controls->seat, use->card, use->number, use->face, &params);
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
          button = gtk_button_new_with_mnemonic (label);
          cb_controls_show_key (gtk_button_get_child (GTK_BUTTON (button)));
          g_object_set_data_full (G_OBJECT (button), "use", g_memdup2 (use, sizeof *use), g_free);
          gtk_widget_set_tooltip_text (button, _("Choose how to use this ability"));
          g_signal_connect (button, "clicked", G_CALLBACK (open_form_cb), self);
          cb_controls_add (self->controls, name, button);
          append_to (box, button);
        }
      else
        {
          CbAbilityForm form;

          cb_ability_form_init (&form, cb_controls_game (self->controls), self->controls->seat, use);
          button = cb_controls_add_button (self->controls, box, name, label, NULL, cb_ability_form_dup_action (&form, cb_controls_game (self->controls), self->controls->seat), FALSE);
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
        {
          GtkWidget *editor = cb_ability_editor_new (self->controls, &self->form);

          g_signal_connect_swapped (editor, "rebuild", G_CALLBACK (build_abilities), self);
          g_signal_connect_swapped (editor, "cancel", G_CALLBACK (cancel_form_cb), self);
          append_to (box, editor);
        }
    }
  /* The keyboard stays on the button it was on (the same place in the list), so a
   * rebuild never drops the focus out of the board (issue 25, items 3.4 and 1). */
  if (focused != NULL && cb_controls_get (self->controls, focused) != NULL)
    gtk_widget_grab_focus (cb_controls_get (self->controls, focused));
}

static void
cb_ability_list_dispose (GObject *object)
{
  CbAbilityList *self = CB_ABILITY_LIST (object);

  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_ABILITY_LIST);
  G_OBJECT_CLASS (cb_ability_list_parent_class)->dispose (object);
}

static void
cb_ability_list_class_init (CbAbilityListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_ability_list_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-ability-list.ui");
  gtk_widget_class_bind_template_child (widget_class, CbAbilityList, box);
}

static void
cb_ability_list_init (CbAbilityList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cb_ability_list_new (void)
{
  return g_object_new (CB_TYPE_ABILITY_LIST, NULL);
}

void
cb_ability_list_set_controls (CbAbilityList *self,
                              CbControls    *controls)
{
  g_return_if_fail (CB_IS_ABILITY_LIST (self));
  self->controls = controls;
}

void
cb_ability_list_update (CbAbilityList *self,
                        gboolean       board_changed)
{
  g_return_if_fail (CB_IS_ABILITY_LIST (self));
  if (self->controls == NULL)
    return;
  /* A form started for another board would enter choices it no longer has. */
  if (board_changed)
    self->form_open = FALSE;
  build_abilities (self);
}
