/* cb-refill-section.c — phase 1 of a board: red lines and the dice taken
 *
 * p. 8: the limit of dice in the ready area grows by one per red line between the
 * player's runner and the leading runner — only the physical track shows them, so the
 * player tells them. The dice are taken from the draw area; when it runs short, the
 * rest zone comes back (CbRefill knows the forced counts).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-refill-section.h"
#include "cb-die-icon.h"

struct _CbRefillSection
{
  GtkWidget      parent_instance;

  GtkWidget     *box;          /* template children */
  GtkSpinButton *red_lines;
  GtkWidget     *no_red_lines;
  GtkWidget     *grid;
  GtkLabel      *summary;

  CbControls    *controls;     /* the panel's, outlives this widget */
  CbRefill       refill;
  gboolean       updating;
};

G_DEFINE_FINAL_TYPE (CbRefillSection, cb_refill_section, GTK_TYPE_WIDGET)

static void
show_refill (CbRefillSection *self)
{
  g_autofree char *summary = NULL;
  GtkWidget *button = cb_controls_get (self->controls, "refill");

  self->updating = TRUE;
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      char name[32];
      GtkWidget *spin;

      g_snprintf (name, sizeof name, "refill-%s", cb_kind_to_string (k));
      spin = cb_controls_get (self->controls, name);
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
  gtk_label_set_text (self->summary, summary);
  if (button != NULL)
    cb_controls_set_action (self->controls, button,
                            cb_refill_dup_action (&self->refill, cb_controls_game (self->controls),
                                                  self->controls->seat));
}

static void
red_lines_changed_cb (CbRefillSection *self)
{
  if (self->updating || self->controls == NULL)
    return;
  cb_refill_init (&self->refill, cb_controls_game (self->controls), self->controls->seat,
                  (guint) MAX (gtk_spin_button_get_value_as_int (self->red_lines), 0));
  show_refill (self);
}

static void
count_changed_cb (GtkSpinButton   *spin,
                  CbRefillSection *self)
{
  guint kind = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "kind"));

  if (self->updating || self->controls == NULL)
    return;
  cb_refill_set (&self->refill, kind, (guint) gtk_spin_button_get_value_as_int (spin), NULL);
  show_refill (self);
}

/* Enter in a count field takes the refill, as the roll entry enters the roll (issue 15,
 * QA: Enter did nothing there). */
static void
cb_refill_section_dispose (GObject *object)
{
  CbRefillSection *self = CB_REFILL_SECTION (object);

  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_REFILL_SECTION);
  G_OBJECT_CLASS (cb_refill_section_parent_class)->dispose (object);
}

static void
cb_refill_section_class_init (CbRefillSectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_refill_section_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-refill-section.ui");
  gtk_widget_class_bind_template_child (widget_class, CbRefillSection, box);
  gtk_widget_class_bind_template_child (widget_class, CbRefillSection, red_lines);
  gtk_widget_class_bind_template_child (widget_class, CbRefillSection, no_red_lines);
  gtk_widget_class_bind_template_child (widget_class, CbRefillSection, grid);
  gtk_widget_class_bind_template_child (widget_class, CbRefillSection, summary);
  gtk_widget_class_bind_template_callback (widget_class, red_lines_changed_cb);
}

static void
cb_refill_section_init (CbRefillSection *self)
{
  self->updating = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  cb_controls_no_wheel (GTK_WIDGET (self->red_lines));
  self->updating = FALSE;
}

GtkWidget *
cb_refill_section_new (CbControls *controls)
{
  CbRefillSection *self = g_object_new (CB_TYPE_REFILL_SECTION, NULL);
  const CbGame *game = cb_controls_game (controls);
  guint seat = controls->seat;
  guint n = 0;

  self->controls = controls;
  cb_refill_init (&self->refill, game, seat, 0);
  cb_controls_add (controls, "red-lines", GTK_WIDGET (self->red_lines));
  /* Issue 25, 3.6: Enter in the red-lines field refills with the dice it proposes. */
  cb_controls_spin_enter (self->red_lines, NULL);
  /* p. 8 „Rote Linien“: with no runner ahead (round 1: all on the start field) none
   * count; the field keeps its place, insensitive, and says why in words. */
  if (!cb_game_may_count_red_lines (game, seat))
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->red_lines), FALSE);
      gtk_widget_set_visible (self->no_red_lines, TRUE);
    }

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      GtkWidget *pair, *spin;
      char name[32];
      g_autofree char *a11y = NULL;

      if (k == CB_KIND_TOP_DOG || self->refill.available[k] == 0)
        continue;
      pair = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      spin = cb_controls_new_spin (0, self->refill.available[k]);
      gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
      gtk_editable_set_width_chars (GTK_EDITABLE (spin), 2);
      /* Translators: accessible label of a refill field, "blue dice to take" */
      a11y = g_strdup_printf (_("%s dice to take"), cb_kind_get_name (k));
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, a11y, -1);
      gtk_widget_set_tooltip_text (spin, a11y);
      g_object_set_data (G_OBJECT (spin), "kind", GUINT_TO_POINTER (k));
      g_signal_connect (spin, "value-changed", G_CALLBACK (count_changed_cb), self);
      /* Enter in a count refills (with the number typed) */
      cb_controls_spin_enter (GTK_SPIN_BUTTON (spin), NULL);
      g_snprintf (name, sizeof name, "refill-%s", cb_kind_to_string (k));
      cb_controls_add (controls, name, spin);
      gtk_box_append (GTK_BOX (pair), cb_die_icon_new (k, CB_FACE_BLANK, self->refill.available[k], 26));
      gtk_box_append (GTK_BOX (pair), spin);
      gtk_grid_attach (GTK_GRID (self->grid), pair, n % 2, n / 2, 1, 1);
      n++;
    }
  cb_controls_add_button (controls, cb_controls_button_row (self->box), "refill", _("_Refill"),
                          _("Put the chosen dice into the ready area"), NULL, TRUE);
  show_refill (self);
  return GTK_WIDGET (self);
}

void
cb_refill_section_update (CbRefillSection *self)
{
  g_return_if_fail (CB_IS_REFILL_SECTION (self));
  if (self->controls != NULL)
    show_refill (self);
}
