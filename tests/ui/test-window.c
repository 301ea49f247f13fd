/* test-window.c — the window opens on the start page, in the user's language
 *
 * Runs twice (tests/ui/meson.build): LANGUAGE=en and LANGUAGE=de. Issue "Foundation":
 * "Run with LANGUAGE=de it is German" — read the widgets' text, not just "no crash".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "dp-application.h"
#include "dp-window.h"

typedef struct
{
  const char *language;
  const char *start_title;
  const char *calavera_label;
  const char *cubitos_label;
  const char *window_title;
} Expected;

/* What a user of each language must read on the start page (po/de.po). */
static const Expected expectations[] = {
  { "en", "Start a Game", "Play _Calavera", "Play _Cubitos", "Dicepad" },
  { "de", "Ein Spiel beginnen", "_Calavera spielen", "_Cubitos spielen", "Dicepad" },
};

static const Expected *
expected_for_language (void)
{
  const char *language = g_getenv ("LANGUAGE");

  for (guint i = 0; i < G_N_ELEMENTS (expectations); i++)
    if (g_strcmp0 (language, expectations[i].language) == 0)
      return &expectations[i];

  return &expectations[0];
}

static GtkWidget *
find_descendant (GtkWidget *widget,
                 GType      type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type))
        return child;
      if ((found = find_descendant (child, type)) != NULL)
        return found;
    }

  return NULL;
}

static GtkButton *
find_button_with_action (GtkWidget  *widget,
                         const char *action_name,
                         const char *target)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkButton *found;

      if (GTK_IS_BUTTON (child) &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (child)), action_name) == 0 &&
          gtk_actionable_get_action_target_value (GTK_ACTIONABLE (child)) != NULL &&
          g_strcmp0 (g_variant_get_string (gtk_actionable_get_action_target_value (GTK_ACTIONABLE (child)), NULL),
                     target) == 0)
        return GTK_BUTTON (child);
      if ((found = find_button_with_action (child, action_name, target)) != NULL)
        return found;
    }

  return NULL;
}

static void
test_window_start_page (void)
{
  const Expected *expected = expected_for_language ();
  g_autoptr(DpApplication) app = dp_application_new ();
  g_autoptr(GError) error = NULL;
  DpWindow *window;
  AdwStatusPage *status_page;
  GtkButton *calavera;
  GtkButton *cubitos;

  g_application_register (G_APPLICATION (app), NULL, &error);
  g_assert_no_error (error);

  window = dp_window_new (app);
  gtk_window_present (GTK_WINDOW (window));

  g_assert_cmpstr (dp_window_get_visible_page (window), ==, "start");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, expected->window_title);

  status_page = ADW_STATUS_PAGE (find_descendant (GTK_WIDGET (window), ADW_TYPE_STATUS_PAGE));
  g_assert_nonnull (status_page);
  g_assert_cmpstr (adw_status_page_get_title (status_page), ==, expected->start_title);

  calavera = find_button_with_action (GTK_WIDGET (window), "win.new-game", "calavera");
  g_assert_nonnull (calavera);
  g_assert_cmpstr (gtk_button_get_label (calavera), ==, expected->calavera_label);
  /* Issue "Cubitos at the table": Cubitos is playable from the start page. */
  cubitos = find_button_with_action (GTK_WIDGET (window), "win.new-game", "cubitos");
  g_assert_nonnull (cubitos);
  g_assert_cmpstr (gtk_button_get_label (cubitos), ==, expected->cubitos_label);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (cubitos)));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, BUILD_PO_DIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  gtk_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  adw_init ();

  g_test_add_func ("/window/start-page", test_window_start_page);

  return g_test_run ();
}
