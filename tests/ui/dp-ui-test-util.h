/* dp-ui-test-util.h — what the window tests share: the start of main(), an application
 * on a temporary database with its window, widget finders and main-loop waits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-application.h"
/* The test-only API of the shared pages (their -private.h headers). */
#include "dp-game-replay-page-private.h"
#include "dp-new-game-page-private.h"
#include "dp-result-page-private.h"
#include "dp-window-private.h"

G_BEGIN_DECLS

typedef enum
{
  DP_UI_TEST_PLAIN        = 0,
  /* gtk_test_init() and adw_init() instead of g_test_init(): the test opens windows. */
  DP_UI_TEST_GTK          = 1 << 0,
  /* G_TEST_OPTION_ISOLATE_DIRS: every test case gets its own home, data and config. */
  DP_UI_TEST_ISOLATE_DIRS = 1 << 1,
} DpUiTestFlags;

/* The start of every window test's main(): the user's locale, the build tree's
 * translations (BUILD_PO_DIR), then the test framework as @flags say. */
void dp_ui_test_init (int *argc, char ***argv, DpUiTestFlags flags);

typedef struct
{
  char          *dir;
  char          *db_path;
  DpApplication *app;
  DpWindow      *window;
} DpUiFixture;

/* How a test program's fixtures differ: the g_dir_make_tmp() template of their folder
 * and the part of the application id before the counter. */
typedef struct
{
  const char *dir_template;
  const char *id_prefix;
} DpUiFixtureConfig;

/* g_test_add() setup, @config a DpUiFixtureConfig: a new folder holding games.db, named
 * by DICEPAD_DATABASE as a user names a database; a registered application whose id is
 * APP_ID.<id_prefix><n>, a new n for every call (a window's toast may keep the last
 * test's application alive a little longer than the test); its window open. */
void dp_ui_fixture_setup (DpUiFixture *f, gconstpointer config);
/* g_test_add() teardown: closes the window if it is open, drops the application,
 * removes the database (with its -wal and -shm files) and the folder. */
void dp_ui_fixture_teardown (DpUiFixture *f, gconstpointer config);
/* Opens a new window of the fixture's application, as a launch does. */
void dp_ui_fixture_open_window (DpUiFixture *f);
/* Closes the window as the user closes it (close-request, then gone). */
void dp_ui_fixture_close_window (DpUiFixture *f);
/* The window closed and opened again at @width × @height (the size it remembers), on
 * screen. The size stays in the settings: dp_ui_fixture_reset_window_size() after. */
void dp_ui_fixture_reopen_window_at (DpUiFixture *f, int width, int height);
/* The remembered window size back to its default (the settings outlive a test case). */
void dp_ui_fixture_reset_window_size (DpUiFixture *f);

/* The first descendant of @widget (depth first, not @widget itself) of @type, or NULL. */
GtkWidget *dp_ui_find_descendant (GtkWidget *widget, GType type);
/* The first button below @widget whose action is @action_name with the string
 * target @target, or NULL. */
GtkButton *dp_ui_find_button_with_action (GtkWidget *widget, const char *action_name,
                                          const char *target);
/* The first label below @widget (depth first) whose text starts with @prefix, or NULL. */
GtkLabel  *dp_ui_find_label_starting (GtkWidget *widget, const char *prefix);
/* The first "choice" button below @widget whose title label reads @title, or NULL. */
GtkWidget *dp_ui_find_titled_button (GtkWidget *widget, const char *title);
/* The first label below @widget (or @widget) reading @text, or NULL. */
GtkWidget *dp_ui_find_label (GtkWidget *widget, const char *text);
/* The first box below @widget that starts with a "title-4" label reading @heading
 * (a group of choices), or NULL. */
GtkWidget *dp_ui_find_group (GtkWidget *widget, const char *heading);

/* Runs the default main context until nothing is pending. */
void dp_ui_iterate_until_idle (void);
/* Waits (a bounded while) until @widget is on screen, and asserts that it is. */
void dp_ui_wait_mapped (GtkWidget *widget);
/* Lets the frame clock allocate and draw @widget's window once or twice. */
void dp_ui_wait_for_layout (GtkWidget *widget);
/* Lets @widget's window lay out and draw @n frames (what a player sees after an entry;
 * widgets moved in an idle after an allocation are placed in the next frame), waiting
 * 5 s at most; then runs what is pending. Returns the frames drawn. */
guint dp_ui_wait_frames (GtkWidget *widget, guint n);

/* The game script tests/scripts/@name (docs/game-script.md): its setup line and its
 * action lines (element type char*), blank and # lines left out. Asserts it is read. */
void dp_ui_load_script (const char *name, char **setup, GPtrArray **actions);

G_END_DECLS
