/* cb-panel-controls.c — the named controls of one board's run panel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-panel-controls.h"

const CbGame *
cb_controls_game (CbControls *controls)
{
  return cb_game_from_dp_const (controls->game);
}

GtkWidget *
cb_controls_get (CbControls *controls,
                 const char *name)
{
  return g_hash_table_lookup (controls->table, name);
}

void
cb_controls_add (CbControls *controls,
                 const char *name,
                 GtkWidget  *widget)
{
  g_hash_table_insert (controls->table, g_strdup (name), widget);
}

void
cb_controls_remove_prefix (CbControls *controls,
                           const char *prefix)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, controls->table);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (g_str_has_prefix (key, prefix))
      g_hash_table_iter_remove (&iter);
}

guint
cb_controls_spin_value (CbControls *controls,
                        const char *name)
{
  GtkWidget *w = cb_controls_get (controls, name);

  return w != NULL ? (guint) MAX (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w)), 0) : 0;
}

void
cb_controls_emit (CbControls *controls,
                  const char *action)
{
  g_autofree char *copy = g_strdup (action);

  g_signal_emit_by_name (controls->owner, "action", copy);
}

static void
string_free (gpointer string)
{
  g_string_free (string, TRUE);
}

static int
compare_made (gconstpointer a,
              gconstpointer b)
{
  guint ma = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (*(GtkWidget **) a), "made"));
  guint mb = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (*(GtkWidget **) b), "made"));

  return ma < mb ? -1 : ma > mb;
}

/* Issue 15: the reasons of disabled buttons are written in a dim caption, readable on a
 * touch screen (no hover) and by a screen reader, not only in tooltips. The caption is
 * the last line of the panel, so a reason coming or going moves no control (issue 15,
 * item 2); each line names its buttons, and buttons refused for the same reason share
 * a line: "4 Coins → 1 Step, All Coins → Steps: Announce your swords first." */
void
cb_controls_update_reasons (CbControls *controls)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr(GPtrArray) reasons = g_ptr_array_new ();
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (string_free);
  g_autoptr(GString) text = g_string_new (NULL);
  GHashTableIter iter;
  gpointer value;

  if (controls->reasons == NULL)
    return;
  g_hash_table_iter_init (&iter, controls->table);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (GTK_IS_BUTTON (value) && g_object_get_data (value, "made") != NULL
        && g_object_get_data (value, "reason") != NULL
        && !gtk_widget_get_sensitive (value) && gtk_widget_get_visible (value)
        && !g_ptr_array_find (buttons, value, NULL))
      g_ptr_array_add (buttons, value);
  g_ptr_array_sort (buttons, compare_made);
  for (guint i = 0; i < buttons->len; i++)
    {
      const char *reason = g_object_get_data (G_OBJECT (g_ptr_array_index (buttons, i)), "reason");
      const char *label = gtk_button_get_label (GTK_BUTTON (g_ptr_array_index (buttons, i)));
      g_autofree char *plain = NULL;
      guint at;

      if (label == NULL)
        continue;
      /* The mnemonic's underscore is no part of the name. */
      plain = cb_controls_dup_plain (label);
      for (at = 0; at < reasons->len && g_strcmp0 (g_ptr_array_index (reasons, at), reason) != 0; at++)
        ;
      if (at == reasons->len)
        {
          g_ptr_array_add (reasons, (gpointer) reason);
          g_ptr_array_add (names, g_string_new (plain));
        }
      else
        /* Translators: the buttons sharing a reason in the panel's caption, "Rest, Redeem" */
        g_string_append_printf (g_ptr_array_index (names, at), _(", %s"), plain);
    }
  for (guint i = 0; i < reasons->len; i++)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* Translators: a line of the panel's caption: the buttons, and why they are disabled */
      g_string_append_printf (text, _("%s: %s"), ((GString *) g_ptr_array_index (names, i))->str,
                              (const char *) g_ptr_array_index (reasons, i));
    }
  gtk_label_set_text (controls->reasons, text->str);
}

void
cb_controls_set_hint (GtkWidget  *button,
                      const char *hint)
{
  g_object_set_data_full (G_OBJECT (button), "hint", g_strdup (hint), g_free);
  if (hint != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, hint, -1);
}

/* The blue "suggested" look marks the default the keyboard sits on; a button that cannot
 * be pressed never wears it (QA: a greyed "Collect" still looked active after Dicepad
 * collected by itself). */
static void
show_suggested (GtkWidget *button)
{
  if (g_object_get_data (G_OBJECT (button), "suggested") != NULL && gtk_widget_get_sensitive (button))
    gtk_widget_add_css_class (button, "suggested-action");
  else
    gtk_widget_remove_css_class (button, "suggested-action");
}

void
cb_controls_set_suggested (GtkWidget *button,
                           gboolean   suggested)
{
  g_object_set_data (G_OBJECT (button), "suggested", suggested ? GINT_TO_POINTER (1) : NULL);
  show_suggested (button);
}

void
cb_controls_set_action (CbControls *controls,
                        GtkWidget  *button,
                        char       *action)
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  /* A section being taken away may still update (a field's value committed as the
   * focus leaves it): its buttons are no longer named then. */
  if (button == NULL)
    {
      g_free (action);
      return;
    }
  ok = cb_presenter_check (controls->game, action, &error);
  g_object_set_data_full (G_OBJECT (button), "action", action, g_free);
  g_object_set_data_full (G_OBJECT (button), "reason", ok ? NULL : g_strdup (error->message), g_free);
  gtk_widget_set_sensitive (button, ok);
  show_suggested (button);
  gtk_widget_set_tooltip_text (button, ok ? g_object_get_data (G_OBJECT (button), "hint") : error->message);
  cb_controls_update_reasons (controls);
}

void
cb_controls_restrict (CbControls *controls,
                      GtkWidget  *button,
                      gboolean    sensitive,
                      const char *reason)
{
  if (sensitive || !gtk_widget_get_sensitive (button))
    return;
  gtk_widget_set_sensitive (button, FALSE);
  show_suggested (button);
  g_object_set_data_full (G_OBJECT (button), "reason", g_strdup (reason), g_free);
  gtk_widget_set_tooltip_text (button, reason);
  cb_controls_update_reasons (controls);
}

static void
button_clicked_cb (GtkButton  *button,
                   CbControls *controls)
{
  const char *action = g_object_get_data (G_OBJECT (button), "action");
  const char *first = g_object_get_data (G_OBJECT (button), "first-action");

  if (action != NULL)
    {
      g_autofree char *copy = g_strdup (action);
      g_autofree char *first_copy = g_strdup (first);
      g_autoptr(GObject) keep = g_object_ref (controls->owner);

      /* The handler may rebuild the panel and destroy the button. */
      if (first_copy != NULL)
        g_signal_emit_by_name (keep, "action", first_copy);
      /* …and after the first, Dicepad may have entered the second itself (nothing to
       * decide, dp_session_get_forced()); the panel shows the game after it by now. */
      if (first_copy == NULL || (controls->game != NULL && cb_presenter_check (controls->game, copy, NULL)))
        g_signal_emit_by_name (keep, "action", copy);
    }
}

gunichar
cb_controls_label_key (GtkLabel *label)
{
  if (!gtk_label_get_use_underline (label))
    return 0;
  return cb_controls_mnemonic_key (gtk_label_get_label (label));
}

char *
cb_controls_dup_plain (const char *text)
{
  char *plain = g_strdup (text);

  for (char *from = plain, *to = plain;; from++)
    {
      if (*from == '_' && from[1] == '_')
        from++;
      else if (*from == '_')
        continue;
      if ((*to++ = *from) == '\0')
        break;
    }
  return plain;
}

gunichar
cb_controls_mnemonic_key (const char *text)
{
  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    if (*p == '_')
      {
        if (p[1] == '_')
          p++;
        else if (p[1] != '\0')
          return g_unichar_tolower (g_utf8_get_char (p + 1));
      }
  return 0;
}

void
cb_controls_collect_keys (GtkWidget *widget,
                          GtkWidget *skip,
                          GArray    *keys)
{
  if (widget == skip || !gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget) && cb_controls_label_key (GTK_LABEL (widget)) != 0)
    {
      gunichar c = cb_controls_label_key (GTK_LABEL (widget));

      g_array_append_val (keys, c);
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    cb_controls_collect_keys (child, skip, keys);
}

static gboolean
key_taken (GArray   *taken,
           gunichar  c)
{
  for (guint i = 0; i < taken->len; i++)
    if (g_array_index (taken, gunichar, i) == c)
      return TRUE;
  return FALSE;
}

char *
cb_controls_dup_keyed (const char *title,
                       GArray     *taken)
{
  GString *out = g_string_new (NULL);
  gboolean marked = FALSE;

  for (const char *p = title; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!marked && g_unichar_isalpha (c) && !key_taken (taken, g_unichar_tolower (c)))
        {
          gunichar lower = g_unichar_tolower (c);

          g_array_append_val (taken, lower);
          g_string_append_c (out, '_');
          marked = TRUE;
        }
      if (c == '_')
        g_string_append_c (out, '_');
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* The underlined letter stays underlined, not only while Alt is held: it is the key
 * of the choice (docs/keyboard.md, issue 25). */
static void
show_key (GtkLabel *label)
{
  const char *text = gtk_label_get_label (label);
  g_autoptr(PangoAttrList) attrs = pango_attr_list_new ();
  guint at = 0;

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      if (*p == '_' && p[1] != '\0' && p[1] != '_')
        {
          PangoAttribute *line = pango_attr_underline_new (PANGO_UNDERLINE_SINGLE);

          line->start_index = at;
          line->end_index = at + (guint) (g_utf8_next_char (p + 1) - (p + 1));
          pango_attr_list_insert (attrs, line);
          break;
        }
      if (*p == '_')
        p++;
      at += (guint) (g_utf8_next_char (p) - p);
    }
  gtk_label_set_attributes (label, attrs);
}

static void
label_changed_cb (GtkLabel   *label,
                  GParamSpec *pspec,
                  gpointer    data)
{
  show_key (label);
}

void
cb_controls_show_key (GtkWidget *label)
{
  if (!GTK_IS_LABEL (label))
    return;
  show_key (GTK_LABEL (label));
  g_signal_connect (label, "notify::label", G_CALLBACK (label_changed_cb), NULL);
}

GtkWidget *
cb_controls_add_button (CbControls *controls,
                        GtkWidget  *row,
                        const char *name,
                        const char *label,
                        const char *hint,
                        char       *action,
                        gboolean    suggested)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);
  GtkWidget *text = gtk_button_get_child (GTK_BUTTON (button));

  if (GTK_IS_LABEL (text))
    {
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_justify (GTK_LABEL (text), GTK_JUSTIFY_CENTER);
      cb_controls_show_key (text);
    }

  g_object_set_data (G_OBJECT (button), "suggested", suggested ? GINT_TO_POINTER (1) : NULL);
  cb_controls_set_hint (button, hint);
  g_signal_connect (button, "clicked", G_CALLBACK (button_clicked_cb), controls);
  g_object_set_data (G_OBJECT (button), "made", GUINT_TO_POINTER (++controls->n_made));
  gtk_box_append (GTK_BOX (row), button);
  cb_controls_add (controls, name, button);
  cb_controls_set_action (controls, button, action);
  if (controls->reasons != NULL)
    {
      g_autofree char *reason_name = g_strdup_printf ("%s-reason", name);

      cb_controls_add (controls, reason_name, GTK_WIDGET (controls->reasons));
      /* The caption describes the button for a screen reader too. */
      gtk_accessible_update_relation (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                      controls->reasons, NULL, -1);
    }
  return button;
}

/* The default button (marked suggested) in @within; searched from a field's parent
 * up, so a section's own default is found before another section's. */
static GtkWidget *
find_default (GtkWidget *within)
{
  if (GTK_IS_BUTTON (within) && g_object_get_data (G_OBJECT (within), "suggested") != NULL)
    return within;
  for (GtkWidget *child = gtk_widget_get_first_child (within); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_default (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
spin_enter_cb (GtkText       *text,
               GtkSpinButton *spin)
{
  GtkWidget *button = g_object_get_data (G_OBJECT (spin), "enter-button");

  /* The typed number counts first. */
  gtk_spin_button_update (spin);
  if (button == NULL)
    for (GtkWidget *w = gtk_widget_get_parent (GTK_WIDGET (spin)); w != NULL && button == NULL
         && !GTK_IS_WINDOW (w) && !GTK_IS_POPOVER (w); w = gtk_widget_get_parent (w))
      button = find_default (w);
  /* clicked at once: gtk_widget_activate() clicks a button only 250 ms later */
  if (button != NULL && gtk_widget_is_sensitive (button))
    g_signal_emit_by_name (button, "clicked");
}

void
cb_controls_spin_enter (GtkSpinButton *spin,
                        GtkWidget     *button)
{
  GtkEditable *text = gtk_editable_get_delegate (GTK_EDITABLE (spin));

  g_object_set_data (G_OBJECT (spin), "enter-button", button);
  /* GtkSpinButton::activate is GTK 4.14: its text field's signal (GTK 4.0), run after
   * the spin button has taken the typed number. */
  if (GTK_IS_TEXT (text) && g_object_get_data (G_OBJECT (spin), "enter-connected") == NULL)
    {
      g_signal_connect_after (text, "activate", G_CALLBACK (spin_enter_cb), spin);
      g_object_set_data (G_OBJECT (spin), "enter-connected", GINT_TO_POINTER (1));
    }
}

int
cb_controls_spin_typed (GtkSpinButton *spin)
{
  gint64 typed;

  if (g_ascii_string_to_signed (gtk_editable_get_text (GTK_EDITABLE (spin)), 10, G_MININT, G_MAXINT, &typed, NULL))
    return (int) typed;
  return gtk_spin_button_get_value_as_int (spin);
}

GtkWidget *
cb_controls_button_row (GtkWidget *parent)
{
  /* The labels wrap, so a row shrinks to fit 360 px (issue 15) and keeps one Tab stop
   * per button. */
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  gtk_box_append (GTK_BOX (parent), row);
  return row;
}

GtkWidget *
cb_controls_add_spin (CbControls *controls,
                      GtkWidget  *parent,
                      const char *name,
                      const char *question,
                      int         min,
                      int         max,
                      int         value,
                      GCallback   changed,
                      gpointer    data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *label = gtk_label_new (question);
  GtkWidget *spin = cb_controls_new_spin (min, MAX (min, max));

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), value);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_LABEL, question, -1);
  /* Enter in the field presses its form's default (issue 25, 3.6). */
  cb_controls_spin_enter (GTK_SPIN_BUTTON (spin), NULL);
  if (changed != NULL)
    g_signal_connect_swapped (spin, "value-changed", changed, data);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), spin);
  gtk_box_append (GTK_BOX (parent), row);
  cb_controls_add (controls, name, spin);
  return spin;
}

GtkWidget *
cb_controls_wrapped_check (const char *mnemonic)
{
  GtkWidget *check = gtk_check_button_new ();
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), check);
  cb_controls_show_key (label);
  gtk_check_button_set_child (GTK_CHECK_BUTTON (check), label);
  return check;
}

void
cb_controls_add_redeem (CbControls *controls,
                        GtkWidget  *row)
{
  /* Always there (insensitive without credits), so the buttons after it never move
   * under the pointer (issue 15). */
  cb_controls_add_button (controls, row, "redeem", _("1 Cr_edit → 1 Coin"), _("Turn a credit token into a coin"),
                          NULL, FALSE);
  cb_controls_add_button (controls, row, "redeem-all", _("All Cre_dits → Coins"),
                          _("Turn every credit token into a coin"), NULL, FALSE);
  cb_controls_update_redeem (controls);
}

void
cb_controls_update_redeem (CbControls *controls)
{
  const CbGame *game = cb_controls_game (controls);
  guint credits = cb_game_get_credits (game, controls->seat);
  GtkWidget *one = cb_controls_get (controls, "redeem");
  GtkWidget *all = cb_controls_get (controls, "redeem-all");
  g_autofree char *label = NULL;

  if (one == NULL || all == NULL)
    return;
  cb_controls_set_action (controls, one, cb_presenter_action_number (game, controls->seat, CB_ACTION_REDEEM, 1));
  /* The label stays "All Credits → Coins", so the buttons after it never move; the
   * numbers are its tooltip. */
  if (credits > 1)
    /* Translators: redeem every credit at once, "All: 3 Credits → 3 Coins" */
    label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "All: %u Credit → %u Coin", "All: %u Credits → %u Coins",
                                          credits), credits, credits);
  else
    label = g_strdup (_("Turn every credit token into a coin"));
  cb_controls_set_hint (all, label);
  cb_controls_set_action (controls, all,
                          cb_presenter_action_number (game, controls->seat, CB_ACTION_REDEEM, MAX (credits, 1)));
  /* One credit is the single button's. */
  cb_controls_restrict (controls, all, credits > 1, g_object_get_data (G_OBJECT (one), "reason") != NULL
                                         ? g_object_get_data (G_OBJECT (one), "reason")
                                         : _("Only one credit: use the button beside."));
}

void
cb_controls_no_wheel (GtkWidget *spin)
{
  g_autoptr(GListModel) controllers = NULL;
  g_autoptr(GPtrArray) wheel = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (GTK_IS_SPIN_BUTTON (spin));

  /* GtkSpinButton turns the wheel into steps with a scroll controller of its own and
   * claims the event; without it the event goes on to the scrolled page, as over a
   * label. The typed digits, the arrow keys and the +/− buttons still change it. */
  controllers = gtk_widget_observe_controllers (spin);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      GtkEventController *controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_SCROLL (controller))
        g_ptr_array_add (wheel, controller);
      else
        g_object_unref (controller);
    }
  g_clear_object (&controllers);
  for (guint i = 0; i < wheel->len; i++)
    gtk_widget_remove_controller (spin, g_ptr_array_index (wheel, i));
}

GtkWidget *
cb_controls_new_spin (double min,
                      double max)
{
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  cb_controls_no_wheel (spin);
  return spin;
}

void
cb_controls_keep_height (GtkWidget *label)
{
  int width = gtk_widget_get_width (label);
  int held_width = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (label), "cb-held-width"));
  int natural, request;

  g_return_if_fail (GTK_IS_WIDGET (label));
  if (width <= 0)
    return;   /* not laid out yet: nothing below it has a place to keep */
  if (width != held_width)
    {
      /* another window width: another tallest text */
      gtk_widget_set_size_request (label, -1, -1);
      g_object_set_data (G_OBJECT (label), "cb-held-width", GINT_TO_POINTER (width));
    }
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, width, NULL, &natural, NULL, NULL);
  gtk_widget_get_size_request (label, NULL, &request);
  if (natural > request)
    gtk_widget_set_size_request (label, -1, natural);
}
