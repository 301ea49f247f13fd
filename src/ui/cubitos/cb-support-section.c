/* cb-support-section.c — phase 5 of a board: collect and announce
 *
 * p. 9, 5.: the active dice's coins, steps and credits are collected, the swords
 * announced for the red card. The buttons are built once and stay, insensitive with
 * their reason once done, so nothing below them moves (issue 15).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-support-section.h"

struct _CbSupportSection
{
  GtkWidget   parent_instance;

  GtkWidget  *box;          /* template child */
  CbControls *controls;     /* the panel's, outlives this widget */
};

G_DEFINE_FINAL_TYPE (CbSupportSection, cb_support_section, GTK_TYPE_WIDGET)

static void
cb_support_section_dispose (GObject *object)
{
  CbSupportSection *self = CB_SUPPORT_SECTION (object);

  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_SUPPORT_SECTION);
  G_OBJECT_CLASS (cb_support_section_parent_class)->dispose (object);
}

static void
cb_support_section_class_init (CbSupportSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_support_section_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-support-section.ui");
  gtk_widget_class_bind_template_child (widget_class, CbSupportSection, box);
}

static void
cb_support_section_init (CbSupportSection *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
shown_faces (const CbGame *game,
             guint         seat,
             guint        *coins,
             guint        *steps,
             guint        *credits)
{
  *coins = *steps = *credits = 0;
  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint f = 0; f < CB_N_FACES; f++)
      {
        guint n = cb_game_get_active_faces (game, seat, k, f);

        *coins += n * cb_face_coins (f);
        *steps += n * cb_face_steps (f);
        *credits += n * cb_face_credits (f);
      }
}

GtkWidget *
cb_support_section_new (CbControls *controls)
{
  CbSupportSection *self = g_object_new (CB_TYPE_SUPPORT_SECTION, NULL);
  const CbGame *game = cb_controls_game (controls);
  GtkWidget *row = cb_controls_button_row (self->box);
  guint coins, steps, credits;

  self->controls = controls;
  shown_faces (game, controls->seat, &coins, &steps, &credits);
  cb_controls_add_button (controls, row, "collect", _("_Collect"), NULL, NULL, TRUE);
  if (credits > 0)
    {
      /* The credit faces may be left (docs/cubitos-notes.md, "Support"): taking a
       * credit this round obliges Schlägertyp's mandatory ability. */
      GtkWidget *check = cb_controls_wrapped_check (_("_Take the credits shown"));

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      gtk_widget_set_tooltip_text (check, _("Leave the credit faces unused (taking a credit can oblige a card)"));
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (cb_support_section_update), self);
      cb_controls_add (controls, "take-credits", check);
      /* Under the buttons: the row keeps to two buttons and fits 360 px in German. */
      gtk_box_append (GTK_BOX (self->box), check);
    }
  if (cb_game_get_swords (game, controls->seat) < 0)
    cb_controls_add_button (controls, row, "announce", _("A_nnounce Swords"), _("Fix your swords for the red card"),
                            NULL, FALSE);
  cb_support_section_update (self);
  return GTK_WIDGET (self);
}

void
cb_support_section_update (CbSupportSection *self)
{
  const CbGame *game;
  guint seat, coins, steps, credits;
  GtkWidget *collect, *check, *announce;
  gboolean take, can_collect;
  g_autofree char *hint = NULL;

  g_return_if_fail (CB_IS_SUPPORT_SECTION (self));
  if (self->controls == NULL)
    return;
  game = cb_controls_game (self->controls);
  seat = self->controls->seat;
  collect = cb_controls_get (self->controls, "collect");
  check = cb_controls_get (self->controls, "take-credits");
  announce = cb_controls_get (self->controls, "announce");
  shown_faces (game, seat, &coins, &steps, &credits);

  take = check == NULL || gtk_check_button_get_active (GTK_CHECK_BUTTON (check));
  /* Translators: what Collect gives, "+3 coins, +1 steps, +0 credits" */
  hint = g_strdup_printf (_("+%u coins, +%u steps, +%u credits"), coins, steps, credits);
  g_object_set_data_full (G_OBJECT (collect), "hint", g_steal_pointer (&hint), g_free);
  cb_controls_set_action (self->controls, collect, cb_presenter_collect_action (game, seat, take));
  can_collect = gtk_widget_get_sensitive (collect);
  if (check != NULL)
    gtk_widget_set_sensitive (check, can_collect);

  if (announce != NULL)
    {
      /* Coins are easily forgotten when the swords are announced first (issue 15): with
       * nothing to choose (no credit faces), one input collects and announces. Once
       * announced the button keeps its label, insensitive. */
      g_autofree char *first = cb_presenter_collect_action (game, seat, TRUE);
      gboolean announced = cb_game_get_swords (game, seat) >= 0;
      gboolean pending = !announced && cb_presenter_check (self->controls->game, first, NULL) && credits == 0;

      if (!announced)
        gtk_button_set_label (GTK_BUTTON (announce), pending ? _("Collect and A_nnounce Swords") : _("A_nnounce Swords"));
      g_object_set_data_full (G_OBJECT (announce), "first-action", pending ? g_steal_pointer (&first) : NULL, g_free);
      cb_controls_set_action (self->controls, announce, cb_presenter_action_simple (game, seat, CB_ACTION_ANNOUNCE));
      cb_controls_set_suggested (announce, !pending);
    }
}
