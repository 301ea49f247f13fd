/* cb-roll-section.c — phase 2 of a board: what the rolled dice show
 *
 * p. 8: the hits go to the active area, the blanks stay ready; a roll without a hit
 * busts a player in danger — the summary says so before the roll is entered.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-roll-section.h"

struct _CbRollSection
{
  GtkWidget    parent_instance;

  GtkWidget   *box;          /* template children */
  GtkWidget   *entry_box;
  GtkLabel    *summary;

  CbControls  *controls;     /* the panel's, outlives this widget */
  CbRoll       roll;
  CbRollEntry *entry;
};

G_DEFINE_FINAL_TYPE (CbRollSection, cb_roll_section, GTK_TYPE_WIDGET)

static void
show_roll (CbRollSection *self)
{
  const CbGame *game;
  g_autofree char *summary = NULL;
  guint hits = cb_roll_count_hits (&self->roll);
  GtkWidget *button;

  if (self->controls == NULL)
    return;
  game = cb_controls_game (self->controls);
  button = cb_controls_get (self->controls, "roll");
  if (hits == 0 && cb_game_in_danger (game, self->controls->seat))
    summary = g_strdup (_("No hit: in danger this busts."));
  else
    /* Translators: the roll entry's summary, "3 hits go to the active area" */
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u hit goes to the active area",
                                            "%u hits go to the active area", hits), hits);
  gtk_label_set_text (self->summary, summary);
  if (button != NULL)
    cb_controls_set_action (self->controls, button, cb_roll_dup_action (&self->roll, game, self->controls->seat));
}

static void
entry_activate_cb (CbRollEntry   *entry,
                   CbRollSection *self)
{
  GtkWidget *button = self->controls != NULL ? cb_controls_get (self->controls, "roll") : NULL;

  /* Clicked at once: gtk_widget_activate() would wait for the button's press animation,
   * and the keyboard could type into the next roll meanwhile. */
  if (button != NULL && gtk_widget_get_sensitive (button))
    g_signal_emit_by_name (button, "clicked");
}

static void
cb_roll_section_dispose (GObject *object)
{
  CbRollSection *self = CB_ROLL_SECTION (object);

  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_ROLL_SECTION);
  G_OBJECT_CLASS (cb_roll_section_parent_class)->dispose (object);
}

static void
cb_roll_section_class_init (CbRollSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_roll_section_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-roll-section.ui");
  gtk_widget_class_bind_template_child (widget_class, CbRollSection, box);
  gtk_widget_class_bind_template_child (widget_class, CbRollSection, entry_box);
  gtk_widget_class_bind_template_child (widget_class, CbRollSection, summary);
}

static void
cb_roll_section_init (CbRollSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cb_roll_section_new (CbControls *controls)
{
  CbRollSection *self = g_object_new (CB_TYPE_ROLL_SECTION, NULL);

  self->controls = controls;
  cb_roll_init (&self->roll, cb_controls_game (controls), controls->seat);
  self->entry = CB_ROLL_ENTRY (cb_roll_entry_new (&self->roll));
  g_signal_connect_swapped (self->entry, "changed", G_CALLBACK (show_roll), self);
  g_signal_connect (self->entry, "activate", G_CALLBACK (entry_activate_cb), self);
  gtk_box_append (GTK_BOX (self->entry_box), GTK_WIDGET (self->entry));
  cb_controls_add_button (controls, cb_controls_button_row (self->box), "roll", _("_Enter Roll"),
                          _("Hits go to the active area; blanks stay ready"), NULL, TRUE);
  show_roll (self);
  return GTK_WIDGET (self);
}

void
cb_roll_section_update (CbRollSection *self)
{
  g_return_if_fail (CB_IS_ROLL_SECTION (self));
  show_roll (self);
}

CbRollEntry *
cb_roll_section_get_entry (CbRollSection *self)
{
  g_return_val_if_fail (CB_IS_ROLL_SECTION (self), NULL);
  return self->entry;
}
