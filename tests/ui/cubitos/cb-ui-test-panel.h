/* cb-ui-test-panel.h — a board's controls as the Cubitos window tests use them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cb-run-panel.h"

/* The control @name of @panel; the test fails when the panel has none. */
static inline GtkWidget *
cb_test_control (CbRunPanel *panel,
                 const char *name)
{
  GtkWidget *w = cb_run_panel_get_control (panel, name);

  if (w == NULL)
    g_error ("no control “%s”", name);
  return w;
}

/* Presses a button as a player does; it must be enabled. */
static inline void
cb_test_press (CbRunPanel *panel,
               const char *name)
{
  GtkWidget *button = cb_test_control (panel, name);

  if (!gtk_widget_get_sensitive (button))
    g_error ("“%s” is disabled: %s", name, gtk_widget_get_tooltip_text (button));
  g_signal_emit_by_name (button, "clicked");
}
