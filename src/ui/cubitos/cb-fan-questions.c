/* cb-fan-questions.c — the fan-track questions of a bust, a landing or an ability
 *
 * Dicepad cannot see the physical fan track: the reward of a fan space (credits,
 * supply tokens) is asked the first time a runner's fan enters it, never again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-fan-questions.h"

struct _CbFanQuestions
{
  GtkWidget   parent_instance;

  GtkWidget  *box;         /* template child */
  CbControls *controls;    /* the panel's, outlives this widget */
  char       *prefix;
  guint       advances;    /* the fields shown are for this many advances */
};

G_DEFINE_FINAL_TYPE (CbFanQuestions, cb_fan_questions, GTK_TYPE_WIDGET)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
field_changed_cb (CbFanQuestions *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
cb_fan_questions_dispose (GObject *object)
{
  CbFanQuestions *self = CB_FAN_QUESTIONS (object);

  /* The panel forgets the names of the controls it takes away. */
  self->controls = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_FAN_QUESTIONS);
  g_clear_pointer (&self->prefix, g_free);
  G_OBJECT_CLASS (cb_fan_questions_parent_class)->dispose (object);
}

static void
cb_fan_questions_class_init (CbFanQuestionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_fan_questions_dispose;

  /**
   * CbFanQuestions::changed:
   *
   * A told reward changed.
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-fan-questions.ui");
  gtk_widget_class_bind_template_child (widget_class, CbFanQuestions, box);
}

static void
cb_fan_questions_init (CbFanQuestions *self)
{
  self->advances = G_MAXUINT;
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
cb_fan_questions_new (CbControls *controls,
                      const char *prefix)
{
  CbFanQuestions *self = g_object_new (CB_TYPE_FAN_QUESTIONS, NULL);

  self->controls = controls;
  self->prefix = g_strdup (prefix);
  return GTK_WIDGET (self);
}

void
cb_fan_questions_set_advances (CbFanQuestions *self,
                               guint           n)
{
  guint spaces[CB_FAN_LAST_SPACE];
  guint count;
  GtkWidget *child;
  g_autofree char *names = NULL;

  g_return_if_fail (CB_IS_FAN_QUESTIONS (self));

  /* Rebuilding the questions while the user types in one of them would lose the
   * field: only when the number of fan advances changed. */
  if (self->controls == NULL || n == self->advances)
    return;
  self->advances = n;
  names = g_strconcat (self->prefix, "fan-", NULL);
  cb_controls_remove_prefix (self->controls, names);
  while ((child = gtk_widget_get_first_child (self->box)) != NULL)
    gtk_box_remove (GTK_BOX (self->box), child);
  count = cb_presenter_get_untold_fan_spaces (self->controls->game, self->controls->seat, n, spaces);
  for (guint i = 0; i < count; i++)
    {
      char name[48];
      g_autofree char *credits_q = NULL;
      g_autofree char *supply_q = NULL;

      /* Translators: a question about the physical fan track, asked once per space */
      credits_q = g_strdup_printf (_("Fan space %u: credits shown?"), spaces[i]);
      supply_q = g_strdup_printf (_("Fan space %u: supply tokens shown?"), spaces[i]);
      g_snprintf (name, sizeof name, "%sfan-credits-%u", self->prefix, spaces[i]);
      cb_controls_add_spin (self->controls, self->box, name, credits_q, 0, 9, 0, G_CALLBACK (field_changed_cb), self);
      g_snprintf (name, sizeof name, "%sfan-supply-%u", self->prefix, spaces[i]);
      cb_controls_add_spin (self->controls, self->box, name, supply_q, 0, 3, 0, G_CALLBACK (field_changed_cb), self);
    }
  gtk_widget_set_visible (GTK_WIDGET (self), count > 0);
}

guint
cb_fan_questions_read (CbFanQuestions *self,
                       guint           spaces[CB_FAN_LAST_SPACE],
                       int             told[CB_FAN_LAST_SPACE][2])
{
  guint count;

  g_return_val_if_fail (CB_IS_FAN_QUESTIONS (self), 0);
  if (self->controls == NULL || self->advances == G_MAXUINT)
    return 0;
  count = cb_presenter_get_untold_fan_spaces (self->controls->game, self->controls->seat, self->advances, spaces);
  for (guint i = 0; i < count; i++)
    {
      char name[48];

      g_snprintf (name, sizeof name, "%sfan-credits-%u", self->prefix, spaces[i]);
      told[i][0] = (int) cb_controls_spin_value (self->controls, name);
      g_snprintf (name, sizeof name, "%sfan-supply-%u", self->prefix, spaces[i]);
      told[i][1] = (int) cb_controls_spin_value (self->controls, name);
    }
  return count;
}
