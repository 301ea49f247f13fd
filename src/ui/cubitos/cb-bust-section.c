/* cb-bust-section.c — a board that busts
 *
 * p. 8: a bust puts the active dice to rest and the fan advances one space; the player
 * may put ready dice to rest too. A fan space nobody has told yet is asked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-bust-section.h"
#include "cb-fan-questions.h"

struct _CbBustSection
{
  GtkWidget   parent_instance;

  GtkWidget  *box;          /* template children */
  GtkWidget  *dice;

  CbControls *controls;     /* the panel's, outlives this widget */
  GtkWidget  *fans;         /* CbFanQuestions */
};

G_DEFINE_FINAL_TYPE (CbBustSection, cb_bust_section, GTK_TYPE_WIDGET)

static void
cb_bust_section_dispose (GObject *object)
{
  CbBustSection *self = CB_BUST_SECTION (object);

  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_BUST_SECTION);
  G_OBJECT_CLASS (cb_bust_section_parent_class)->dispose (object);
}

static void
cb_bust_section_class_init (CbBustSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_bust_section_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-bust-section.ui");
  gtk_widget_class_bind_template_child (widget_class, CbBustSection, box);
  gtk_widget_class_bind_template_child (widget_class, CbBustSection, dice);
}

static void
cb_bust_section_init (CbBustSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cb_bust_section_new (CbControls *controls)
{
  CbBustSection *self = g_object_new (CB_TYPE_BUST_SECTION, NULL);
  const CbGame *game = cb_controls_game (controls);

  self->controls = controls;
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint n = cb_game_get_dice (game, controls->seat, CB_ZONE_READY, k);
      char name[32];
      g_autofree char *q = NULL;

      if (n == 0 || k == CB_KIND_TOP_DOG)
        continue;
      g_snprintf (name, sizeof name, "bust-%s", cb_kind_to_string (k));
      /* Translators: after a bust, "blue dice from the ready area to rest" */
      q = g_strdup_printf (_("%s dice from the ready area to rest"), cb_kind_get_name (k));
      cb_controls_add_spin (controls, self->dice, name, q, 0, n, 0, G_CALLBACK (cb_bust_section_update), self);
    }
  self->fans = cb_fan_questions_new (controls, "");
  g_signal_connect_swapped (self->fans, "changed", G_CALLBACK (cb_bust_section_update), self);
  gtk_box_append (GTK_BOX (self->box), self->fans);
  cb_fan_questions_set_advances (CB_FAN_QUESTIONS (self->fans), 1);
  cb_controls_add_button (controls, cb_controls_button_row (self->box), "bust", _("Take the _Bust"),
                          _("Active dice go to rest, your fan advances 1"), NULL, TRUE);
  cb_bust_section_update (self);
  return GTK_WIDGET (self);
}

void
cb_bust_section_update (CbBustSection *self)
{
  guint to_rest[CB_N_KINDS] = { 0, };
  guint spaces[CB_FAN_LAST_SPACE];
  int told[CB_FAN_LAST_SPACE][2];
  guint n_told;
  GtkWidget *button;

  g_return_if_fail (CB_IS_BUST_SECTION (self));
  if (self->controls == NULL)
    return;
  button = cb_controls_get (self->controls, "bust");
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      char name[32];

      g_snprintf (name, sizeof name, "bust-%s", cb_kind_to_string (k));
      to_rest[k] = cb_controls_spin_value (self->controls, name);
    }
  n_told = cb_fan_questions_read (CB_FAN_QUESTIONS (self->fans), spaces, told);
  if (button != NULL)
    cb_controls_set_action (self->controls, button,
                            cb_presenter_bust_action (cb_controls_game (self->controls), self->controls->seat,
                                                      to_rest, (const int (*)[2]) told, n_told, spaces));
}
