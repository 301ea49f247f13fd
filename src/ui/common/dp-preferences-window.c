/* dp-preferences-window.c — the preferences
 *
 * The language is the system's: Dicepad has no setting of its own for it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "dp-preferences-window.h"

struct _DpPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  GSettings            *settings;

  GtkSwitch            *assistant_switch;
};

G_DEFINE_FINAL_TYPE (DpPreferencesWindow, dp_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

enum {
  PROP_0,
  PROP_SETTINGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
dp_preferences_window_constructed (GObject *object)
{
  DpPreferencesWindow *self = DP_PREFERENCES_WINDOW (object);

  G_OBJECT_CLASS (dp_preferences_window_parent_class)->constructed (object);

  g_settings_bind (self->settings, "show-assistant", self->assistant_switch, "active", G_SETTINGS_BIND_DEFAULT);
}

static void
dp_preferences_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  DpPreferencesWindow *self = DP_PREFERENCES_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dp_preferences_window_finalize (GObject *object)
{
  DpPreferencesWindow *self = DP_PREFERENCES_WINDOW (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dp_preferences_window_parent_class)->finalize (object);
}

static void
dp_preferences_window_class_init (DpPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = dp_preferences_window_constructed;
  object_class->set_property = dp_preferences_window_set_property;
  object_class->finalize = dp_preferences_window_finalize;

  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DpPreferencesWindow, assistant_switch);
}

static void
dp_preferences_window_init (DpPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

DpPreferencesWindow *
dp_preferences_window_new (GSettings *settings)
{
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  return g_object_new (DP_TYPE_PREFERENCES_WINDOW, "settings", settings, NULL);
}
