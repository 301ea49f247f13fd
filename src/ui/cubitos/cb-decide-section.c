/* cb-decide-section.c — phase 3 of a board: push or pass
 *
 * p. 8: a player pushes (rolls the ready dice again) or passes (ends the roll
 * section). In danger a roll without a hit busts, so there Pass is the suggested,
 * safe choice (issue 15).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-decide-section.h"

struct _CbDecideSection
{
  GtkWidget   parent_instance;

  GtkWidget  *box;          /* template child */
  GtkWidget  *odds;         /* the assistant's lines, "push-odds" */
  CbControls *controls;     /* the panel's, outlives this widget */
  GSettings  *settings;
};

G_DEFINE_FINAL_TYPE (CbDecideSection, cb_decide_section, GTK_TYPE_WIDGET)

static void
cb_decide_section_dispose (GObject *object)
{
  CbDecideSection *self = CB_DECIDE_SECTION (object);

  self->controls = NULL;
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_DECIDE_SECTION);
  G_OBJECT_CLASS (cb_decide_section_parent_class)->dispose (object);
}

static void
cb_decide_section_class_init (CbDecideSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_decide_section_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-decide-section.ui");
  gtk_widget_class_bind_template_child (widget_class, CbDecideSection, box);
}

static void
cb_decide_section_init (CbDecideSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

/* The assistant's lines, only while it is on (computing them costs nothing then). */
static void
update_odds (CbDecideSection *self,
             const CbGame    *game,
             guint            seat)
{
  g_autofree char *text = NULL;

  if (self->settings != NULL && g_settings_get_boolean (self->settings, "show-assistant"))
    text = cb_presenter_dup_push_odds (game, seat);
  gtk_label_set_text (GTK_LABEL (self->odds), text != NULL ? text : "");
  gtk_widget_set_visible (self->odds, text != NULL);
}

static const char *
push_label (void)
{
  return _("_Push");
}

static const char *
pass_label (void)
{
  return _("P_ass");
}

gunichar
cb_decide_section_key (const char *choice)
{
  return cb_controls_mnemonic_key (g_strcmp0 (choice, "push") == 0 ? push_label () : pass_label ());
}

const char *
cb_decide_section_choice_of_key (gunichar c)
{
  c = g_unichar_tolower (c);
  if (c != 0 && c == cb_decide_section_key ("push"))
    return "push";
  if (c != 0 && c == cb_decide_section_key ("pass"))
    return "pass";
  return NULL;
}

GtkWidget *
cb_decide_section_new (CbControls *controls)
{
  CbDecideSection *self = g_object_new (CB_TYPE_DECIDE_SECTION, NULL);
  GtkWidget *row = cb_controls_button_row (self->box);

  self->controls = controls;
  cb_controls_add_button (controls, row, "push", push_label (), _("Roll the ready dice again"), NULL, FALSE);
  cb_controls_add_button (controls, row, "pass", pass_label (), _("End your roll section"), NULL, FALSE);
  self->odds = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (self->odds), TRUE);
  gtk_label_set_xalign (GTK_LABEL (self->odds), 0);
  gtk_widget_add_css_class (self->odds, "caption");
  gtk_box_append (GTK_BOX (self->box), self->odds);
  cb_controls_add (controls, "push-odds", self->odds);
  self->settings = g_settings_new (APP_ID);
  g_signal_connect_swapped (self->settings, "changed::show-assistant",
                            G_CALLBACK (cb_decide_section_update), self);
  cb_decide_section_update (self);
  return GTK_WIDGET (self);
}

void
cb_decide_section_update (CbDecideSection *self)
{
  const CbGame *game;
  guint seat;
  gboolean danger;

  g_return_if_fail (CB_IS_DECIDE_SECTION (self));
  if (self->controls == NULL)
    return;
  game = cb_controls_game (self->controls);
  seat = self->controls->seat;
  danger = cb_game_in_danger (game, seat);
  cb_controls_set_action (self->controls, cb_controls_get (self->controls, "push"),
                          cb_presenter_action_simple (game, seat, CB_ACTION_PUSH));
  cb_controls_set_action (self->controls, cb_controls_get (self->controls, "pass"),
                          cb_presenter_action_simple (game, seat, CB_ACTION_PASS));
  update_odds (self, game, seat);
  /* In danger the safe choice is the suggested one. */
  if (danger)
    {
      cb_controls_set_suggested (cb_controls_get (self->controls, "pass"), TRUE);
      cb_controls_set_suggested (cb_controls_get (self->controls, "push"), FALSE);
    }
  else
    {
      cb_controls_set_suggested (cb_controls_get (self->controls, "push"), TRUE);
      cb_controls_set_suggested (cb_controls_get (self->controls, "pass"), FALSE);
    }
}
