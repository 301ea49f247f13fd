/* cv-key-test-util.h — keys sent to the real widgets of a window, as GTK delivers them
 *
 * GTK 4 has no public way to make a key event, so a test delivers a key the way
 * GtkWindow does: the capture phase of every key controller from the window down to the
 * focus widget, then the target and bubble phases back up; a focused button or text
 * field then does what its own key bindings do (Enter or Space clicks a button, Enter
 * activates a text field, a letter is inserted). The handlers that run are the real
 * ones, and a key that nobody takes reaches the focused button as it would at the table
 * (issue 14: "Enter undid a mark" was exactly that).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Delivers one key press to @window; TRUE when something used it. */
static inline gboolean
cv_test_send_key (GtkWindow       *window,
                  guint            keyval,
                  GdkModifierType  state)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  GtkWidget *target = focus != NULL ? focus : GTK_WIDGET (window);
  g_autoptr(GPtrArray) path = g_ptr_array_new_with_free_func (g_object_unref);
  gunichar c;

  for (GtkWidget *w = target; w != NULL; w = gtk_widget_get_parent (w))
    g_ptr_array_insert (path, 0, g_object_ref (w));

  /* Capture: window → target; then target and bubble: target → window. */
  for (int pass = 0; pass < 2; pass++)
    for (guint k = 0; k < path->len; k++)
      {
        guint i = pass == 0 ? k : path->len - 1 - k;
        GtkWidget *w = g_ptr_array_index (path, i);
        g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (w);

        for (guint j = 0; j < g_list_model_get_n_items (controllers); j++)
          {
            g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, j);
            GtkPropagationPhase phase;
            gboolean handled = FALSE;

            if (!GTK_IS_EVENT_CONTROLLER_KEY (controller))
              continue;
            phase = gtk_event_controller_get_propagation_phase (controller);
            if (pass == 0 ? phase != GTK_PHASE_CAPTURE
                          : !(phase == GTK_PHASE_BUBBLE || (phase == GTK_PHASE_TARGET && w == target)))
              continue;
            g_signal_emit_by_name (controller, "key-pressed", keyval, 0, state, &handled);
            if (handled)
              return TRUE;
          }
      }

  if (focus == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return FALSE;

  /* What the focused widget's own bindings do. */
  if (GTK_IS_EDITABLE (focus))
    {
      if (keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter)
        {
          GtkWidget *entry = gtk_widget_get_ancestor (focus, GTK_TYPE_ENTRY);

          g_signal_emit_by_name (entry != NULL ? entry : focus, "activate");
          return TRUE;
        }
      c = gdk_keyval_to_unicode (keyval);
      if (c != 0)
        {
          char buf[8] = { 0, };
          int pos = -1;

          g_unichar_to_utf8 (c, buf);
          pos = gtk_editable_get_position (GTK_EDITABLE (focus));
          gtk_editable_delete_selection (GTK_EDITABLE (focus));
          pos = gtk_editable_get_position (GTK_EDITABLE (focus));
          gtk_editable_insert_text (GTK_EDITABLE (focus), buf, -1, &pos);
          gtk_editable_set_position (GTK_EDITABLE (focus), pos);
          return TRUE;
        }
      return FALSE;
    }
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_space) && GTK_IS_BUTTON (focus) &&
      gtk_widget_is_sensitive (focus))
    {
      g_signal_emit_by_name (focus, "clicked");
      return TRUE;
    }
  return FALSE;
}

/* Types @keys: letters as typed, '-' minus, '\n' Enter. */
static inline void
cv_test_type (GtkWindow  *window,
              const char *keys)
{
  for (const char *p = keys; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      guint keyval = c == '\n' ? GDK_KEY_Return
                   : c == '-' ? GDK_KEY_minus
                   : gdk_unicode_to_keyval (c);

      cv_test_send_key (window, keyval, 0);
    }
}

G_END_DECLS
