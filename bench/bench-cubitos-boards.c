/* bench-cubitos-boards.c — how tall the Cubitos team boards are, and how far the third
 * board is from the top of the table page
 *
 * Issue 25 walkthrough (1100×760, three players): "the boards are tall: the third board
 * is about 8 wheel-scrolls away." Plays the keyboard race (tests/ui/cubitos/
 * keyboard-race.jsonl, players Jürgen, Zoë and O'Brien unless DICEPAD_TEST_NAMES says
 * otherwise) entry by entry through the session, as the phones do, at 1100×760 and
 * 1280×800, and prints the mean and largest height of a board (the team board alone, and
 * with its player's controls under it) over every step of the race, and the mean
 * distance of the third board's top from the page's top in wheel steps (GTK scrolls a
 * page of height h by h^(2/3) px per wheel step). BENCH_PNG_DIR=DIR also saves the whole
 * page every 15 steps.
 * Measured 27 Nov 2026 (English), before → after the compact boards: at 1100×760 a board
 * 276 → 232 px mean, with its controls 542 → 498 px, the third board 9.5 → 8.9 wheel
 * steps down; at 1280×800 276 → 232 px, 531 → 488 px, 9.0 → 8.4 steps. The sentence
 * under the status line that came later takes 43 px: 9.5 and 8.9 steps then.
 *   GSETTINGS_SCHEMA_DIR=_build/data GSETTINGS_BACKEND=memory GSK_RENDERER=cairo \
 *     xvfb-run -a -s "-screen 0 1400x1024x24" ./_build/bench/bench-cubitos-boards
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <math.h>

#include "dp-ui-test-util.h"
#include "dp-application.h"
#include "cb-ui-test-names.h"
#include "cb-keyboard-race.h"

static const DpUiFixtureConfig ui_config = { "dicepad-bench-boards-XXXXXX", "CubitosBoardsBench" };

typedef struct
{
  double board_sum, board_max;   /* the team board alone */
  double cell_sum, cell_max;     /* with the player's controls */
  double third_sum;              /* the third board's top on the page */
  double page;                   /* the view's height */
  guint  samples, boards;
} Heights;

static GPtrArray *
read_actions (void)
{
  g_autofree char *path = g_build_filename (SOURCE_ROOT, "tests", "ui", "cubitos", "keyboard-race.jsonl", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0, json = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] == '{' && json++ > 0)
        g_ptr_array_add (actions, g_strdup (nm (lines[i])));
    }
  return actions;
}

static void
measure (DpUiFixture *f,
         Heights     *h)
{
  CbTablePage *table = kr_table (f);
  GtkWidget *viewport = dp_ui_find_descendant (GTK_WIDGET (table), GTK_TYPE_VIEWPORT);
  GtkWidget *content = gtk_viewport_get_child (GTK_VIEWPORT (viewport));
  GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (viewport));

  dp_ui_wait_for_layout (GTK_WIDGET (table));
  dp_ui_wait_frames (GTK_WIDGET (f->window), 2);
  for (guint seat = 0; seat < cb_table_page_get_n_boards (table); seat++)
    {
      GtkWidget *board = GTK_WIDGET (cb_table_page_get_board (table, seat));
      GtkWidget *cell = gtk_widget_get_parent (board);
      graphene_rect_t at;

      h->board_sum += gtk_widget_get_height (board);
      h->board_max = MAX (h->board_max, gtk_widget_get_height (board));
      h->cell_sum += gtk_widget_get_height (cell);
      h->cell_max = MAX (h->cell_max, gtk_widget_get_height (cell));
      h->boards++;
      if (seat == 2 && gtk_widget_compute_bounds (cell, content, &at))
        h->third_sum += at.origin.y + gtk_widget_get_margin_top (content);
    }
  h->page = gtk_adjustment_get_page_size (vadj);
  h->samples++;
}

/* With BENCH_PNG_DIR set: the whole page (not only what is in view) as a PNG. */
static void
save_page (DpUiFixture *f,
           const int   *size,
           guint        step)
{
  const char *dir = g_getenv ("BENCH_PNG_DIR");
  GtkWidget *viewport = dp_ui_find_descendant (GTK_WIDGET (kr_table (f)), GTK_TYPE_VIEWPORT);
  GtkWidget *content = gtk_viewport_get_child (GTK_VIEWPORT (viewport));
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *path = NULL;
  int width = gtk_widget_get_width (content), height = gtk_widget_get_height (content);

  if (dir == NULL)
    return;
  paintable = gtk_widget_paintable_new (content);
  snapshot = gtk_snapshot_new ();
  gtk_snapshot_append_color (snapshot, &(GdkRGBA) { 0.98, 0.98, 0.98, 1 }, &GRAPHENE_RECT_INIT (0, 0, width, height));
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (f->window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  path = g_strdup_printf ("%s/boards-%d-%03u.png", dir, size[0], step);
  gdk_texture_save_to_png (texture, path);
}

static void
run (gconstpointer data)
{
  const int *size = data;
  DpUiFixture f = { 0, };
  g_autoptr(GPtrArray) script = read_actions ();
  Heights h = { 0, };
  DpSession *session;
  double step;

  dp_ui_fixture_setup (&f, &ui_config);
  dp_ui_fixture_reopen_window_at (&f, size[0], size[1]);
  kr_start (&f);
  session = dp_window_get_session (f.window);
  measure (&f, &h);
  for (guint i = 0; i < script->len; i++)
    {
      g_autoptr(GError) error = NULL;

      /* Dicepad entered it by itself already (a forced action): the session refuses it */
      if (!dp_session_apply_text (session, g_ptr_array_index (script, i), &error))
        continue;
      if (cb_game_is_finished (kr_game (&f)))
        break;
      measure (&f, &h);
      if (h.samples % 15 == 0)
        save_page (&f, size, h.samples);
    }
  step = pow (h.page, 2.0 / 3.0);
  g_print ("Cubitos table at %d×%d, 3 players, %u steps of the keyboard race:\n", size[0], size[1], h.samples);
  g_print ("  team board       %6.0f px mean, %4.0f px largest\n", h.board_sum / h.boards, h.board_max);
  g_print ("  with controls    %6.0f px mean, %4.0f px largest\n", h.cell_sum / h.boards, h.cell_max);
  g_print ("  third board top  %6.0f px mean = %.1f wheel steps of %.0f px (view %.0f px)\n",
           h.third_sum / h.samples, h.third_sum / h.samples / step, step, h.page);
  dp_ui_fixture_reset_window_size (&f);
  dp_ui_fixture_teardown (&f, &ui_config);
}

static const int size_1100[] = { 1100, 760 };
static const int size_1280[] = { 1280, 800 };

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("DICEPAD_TEST_NAMES") == NULL)
    g_setenv ("DICEPAD_TEST_NAMES", "Jürgen,Zoë,O'Brien", TRUE);
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);
  g_test_add_data_func ("/bench/cubitos-boards/1100x760", size_1100, run);
  g_test_add_data_func ("/bench/cubitos-boards/1280x800", size_1280, run);
  return g_test_run ();
}
