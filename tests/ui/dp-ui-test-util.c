/* dp-ui-test-util.c — what the window tests share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>

#include "dp-backup.h"
#include "dp-ui-test-util.h"

static void
isolate_user_dirs (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *home = g_dir_make_tmp ("dicepad-ui-test-XXXXXX", &error);
  const char *vars[][2] = {
    { "XDG_DATA_HOME", "data" }, { "XDG_CONFIG_HOME", "config" }, { "XDG_CACHE_HOME", "cache" },
  };

  g_assert_no_error (error);
  for (gsize i = 0; i < G_N_ELEMENTS (vars); i++)
    {
      g_autofree char *dir = g_build_filename (home, vars[i][1], NULL);

      g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
      g_setenv (vars[i][0], dir, TRUE);
    }
}

void
dp_ui_test_init (int            *argc,
                 char         ***argv,
                 DpUiTestFlags   flags)
{
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, BUILD_PO_DIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* Every window test gets its own user folders: the default database, backups and
   * exports never touch (or read) the user's real ones, nor another test run's. The
   * system folders stay, so GTK still finds its icons. */
  isolate_user_dirs ();

  /* Each test keeps the isolation it had: g_test_init() takes the options as a
   * NULL-terminated list, so each combination is its own call. */
  if (flags & DP_UI_TEST_GTK)
    {
      if (flags & DP_UI_TEST_ISOLATE_DIRS)
        gtk_test_init (argc, argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
      else
        gtk_test_init (argc, argv, NULL);
      adw_init ();
    }
  else
    {
      if (flags & DP_UI_TEST_ISOLATE_DIRS)
        g_test_init (argc, argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
      else
        g_test_init (argc, argv, NULL);
    }
}

void
dp_ui_fixture_open_window (DpUiFixture *f)
{
  f->window = dp_window_new (f->app);
  gtk_window_present (GTK_WINDOW (f->window));
}

void
dp_ui_fixture_close_window (DpUiFixture *f)
{
  /* As the user closes it: close-request, then gone. */
  gtk_window_close (GTK_WINDOW (f->window));
  dp_ui_iterate_until_idle ();
  f->window = NULL;
}

void
dp_ui_fixture_reopen_window_at (DpUiFixture *f,
                                int          width,
                                int          height)
{
  GSettings *settings = dp_application_get_settings (f->app);

  dp_ui_fixture_close_window (f);
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  dp_ui_fixture_open_window (f);
  dp_ui_wait_mapped (GTK_WIDGET (f->window));
}

void
dp_ui_fixture_reset_window_size (DpUiFixture *f)
{
  GSettings *settings = dp_application_get_settings (f->app);

  g_settings_reset (settings, "window-width");
  g_settings_reset (settings, "window-height");
}

void
dp_ui_fixture_setup (DpUiFixture   *f,
                     gconstpointer  config)
{
  const DpUiFixtureConfig *c = config;
  /* Counts this test program's fixtures, so that each gets an id of its own. */
  static guint counter;
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;

  f->dir = g_dir_make_tmp (c->dir_template, &error);
  g_assert_no_error (error);
  f->db_path = g_build_filename (f->dir, "games.db", NULL);
  /* dp_store_resolve_path(): the variable is how a user picks a database, too. */
  g_setenv ("DICEPAD_DATABASE", f->db_path, TRUE);

  f->app = dp_application_new ();
  /* Each test its own bus name: a window's toast may keep the last test's application
   * alive a little longer than the test. */
  id = g_strdup_printf ("%s.%s%u", APP_ID, c->id_prefix, ++counter);
  g_application_set_application_id (G_APPLICATION (f->app), id);
  g_application_register (G_APPLICATION (f->app), NULL, &error);
  g_assert_no_error (error);
  dp_ui_fixture_open_window (f);
}

void
dp_ui_fixture_teardown (DpUiFixture   *f,
                        gconstpointer  config)
{
  g_autofree char *wal = g_strconcat (f->db_path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (f->db_path, "-shm", NULL);

  if (f->window != NULL)
    dp_ui_fixture_close_window (f);
  g_clear_object (&f->app);
  g_unlink (f->db_path);
  g_unlink (wal);
  g_unlink (shm);
  /* The window's daily backup of the games (dp-backup.h), beside the database. */
  {
    g_autofree char *backups = dp_backup_dir_for_database (f->db_path);
    g_autoptr(GDir) dir = g_dir_open (backups, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (backups, name, NULL);
        g_unlink (path);
      }
    g_rmdir (backups);
  }
  g_rmdir (f->dir);
  g_clear_pointer (&f->db_path, g_free);
  g_clear_pointer (&f->dir, g_free);
}

/* What a finder makes of one widget on its walk. */
typedef enum
{
  VISIT_DESCEND,  /* not this one; look below it */
  VISIT_MATCH,    /* this one */
  VISIT_PRUNE,    /* not this one, nor anything below it */
} Visit;

typedef Visit (*VisitFunc) (GtkWidget *widget, gconstpointer data);

/* Depth first, in order, below @widget (not @widget itself). */
static GtkWidget *
find_first (GtkWidget     *widget,
            VisitFunc      visit,
            gconstpointer  data)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      switch (visit (child, data))
        {
        case VISIT_MATCH:
          return child;
        case VISIT_PRUNE:
          continue;
        case VISIT_DESCEND:
        default:
          break;
        }
      if ((found = find_first (child, visit, data)) != NULL)
        return found;
    }

  return NULL;
}

static Visit
visit_type (GtkWidget     *widget,
            gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, *(const GType *) data) ? VISIT_MATCH : VISIT_DESCEND;
}

GtkWidget *
dp_ui_find_descendant (GtkWidget *widget,
                       GType      type)
{
  return find_first (widget, visit_type, &type);
}

typedef struct
{
  const char *action_name;
  const char *target;
} ActionTarget;

static Visit
visit_action (GtkWidget     *widget,
              gconstpointer  data)
{
  const ActionTarget *wanted = data;
  GVariant *target;

  if (!GTK_IS_BUTTON (widget) ||
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), wanted->action_name) != 0)
    return VISIT_DESCEND;
  target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
  if (target != NULL && g_strcmp0 (g_variant_get_string (target, NULL), wanted->target) == 0)
    return VISIT_MATCH;
  return VISIT_DESCEND;
}

GtkLabel *
dp_ui_find_label_starting (GtkWidget  *widget,
                           const char *prefix)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found;

      if (GTK_IS_LABEL (child) && g_str_has_prefix (gtk_label_get_label (GTK_LABEL (child)), prefix))
        return GTK_LABEL (child);
      if ((found = dp_ui_find_label_starting (child, prefix)) != NULL)
        return found;
    }
  return NULL;
}

GtkButton *
dp_ui_find_button_with_action (GtkWidget  *widget,
                               const char *action_name,
                               const char *target)
{
  const ActionTarget wanted = { action_name, target };

  return (GtkButton *) find_first (widget, visit_action, &wanted);
}

static Visit
visit_titled_button (GtkWidget     *widget,
                     gconstpointer  data)
{
  GtkWidget *label;

  if (!GTK_IS_BUTTON (widget) || !gtk_widget_has_css_class (widget, "choice"))
    return VISIT_DESCEND;
  /* A choice button: its title is the first label of its child; never look inside. */
  label = gtk_widget_get_first_child (gtk_button_get_child (GTK_BUTTON (widget)));
  return g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), data) == 0 ? VISIT_MATCH : VISIT_PRUNE;
}

GtkWidget *
dp_ui_find_titled_button (GtkWidget  *widget,
                          const char *title)
{
  return find_first (widget, visit_titled_button, title);
}

static Visit
visit_label (GtkWidget     *widget,
             gconstpointer  data)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0)
    return VISIT_MATCH;
  return VISIT_DESCEND;
}

GtkWidget *
dp_ui_find_label (GtkWidget  *widget,
                  const char *text)
{
  return find_first (widget, visit_label, text);
}

static Visit
visit_group (GtkWidget     *widget,
             gconstpointer  data)
{
  GtkWidget *first = gtk_widget_get_first_child (widget);

  if (GTK_IS_BOX (widget) && first != NULL && GTK_IS_LABEL (first) &&
      gtk_widget_has_css_class (first, "title-4") &&
      g_strcmp0 (gtk_label_get_text (GTK_LABEL (first)), data) == 0)
    return VISIT_MATCH;
  return VISIT_DESCEND;
}

GtkWidget *
dp_ui_find_group (GtkWidget  *widget,
                  const char *heading)
{
  return find_first (widget, visit_group, heading);
}

void
dp_ui_iterate_until_idle (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
dp_ui_wait_mapped (GtkWidget *widget)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (!gtk_widget_get_mapped (widget) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (gtk_widget_get_mapped (widget));
}

void
dp_ui_wait_for_layout (GtkWidget *widget)
{
  /* A busy machine may take long for a page's first allocation: wait up to 5 s, not a
   * fixed number of turns (CI once saw a result page still 0 px wide after 100 ms). */
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (gtk_widget_get_width (widget) == 0 && g_get_monotonic_time () < end)
    {
      dp_ui_iterate_until_idle ();
      g_usleep (2000);
    }
  dp_ui_iterate_until_idle ();
}

static gboolean
count_frame_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

guint
dp_ui_wait_frames (GtkWidget *widget,
                   guint      n)
{
  guint frames = 0;
  guint id = gtk_widget_add_tick_callback (widget, count_frame_cb, &frames, NULL);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  while (frames < n && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  gtk_widget_remove_tick_callback (widget, id);
  dp_ui_iterate_until_idle ();
  return frames;
}

void
dp_ui_load_script (const char  *name,
                   char       **setup,
                   GPtrArray  **actions)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "scripts", name, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  *setup = NULL;
  *actions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (line[0] == '\0' || line[0] == '#')
        continue;
      if (*setup == NULL)
        *setup = g_strdup (line);
      else
        g_ptr_array_add (*actions, g_strdup (line));
    }
  g_assert_nonnull (*setup);
}
