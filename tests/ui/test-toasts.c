/* test-toasts.c — every toast of an entry fits a toast at 360 px, in its two lines
 *
 * Runs with LANGUAGE=en, de and fr (tests/ui/meson.build). wpolish item 1: "Toasts of
 * automatic entries are too long and cut after two lines. … Make every toast say what
 * happened in a short line that fits at 360 px in German (the longest names Jürgen,
 * Zoë, O'Brien), keep its Undo button, and put any longer explanation where the table
 * already shows text." UX.md: "Every accepted entry shows a toast with Undo."
 *
 * The window's toast title is a label of two lines (dp-window.c, show_toast()). The
 * test opens the window at 360 × 720, shows a toast with Undo and takes its label's
 * width; then every toast the games can say — each entry of the game scripts, with
 * what Dicepad entered by itself after it, from the window and from a phone, its undo
 * and redo, the same made elsewhere, a re-roll's pick-up taken back — is laid out in
 * that label's font at that width and must fit its two lines without an ellipsis.
 * The longest is then shown in the real toast.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "cv-presenter.h"
#include "dp-game-view.h"
#include "dp-session.h"
#include "dp-table-page.h"
#include "dp-ui-test-util.h"

static const DpUiFixtureConfig config = { "dicepad-toasts-XXXXXX", "Toasts" };

/* The scripts' players become the longest names a table tries (COMMON.md), each of
 * them once in every seat that acts most. */
static const char *const script_names[] = { "Ina", "Sami", "Tom", "Lea" };
static const char *const long_names[][4] = {
  { "O'Brien", "Jürgen", "Zoë", "Lea" },
  { "Jürgen", "O'Brien", "Zoë", "Lea" },
  { "Zoë", "Jürgen", "O'Brien", "Lea" },
};

/* tests/scripts (Calavera and a Cubitos race) and tests/core/cubitos/scripts. */
static const char *const scripts[] = {
  "four-player-game.jsonl",
  "rules-first-turns.jsonl",
  "rules-freeze-and-rerolls.jsonl",
  "rulebook-examples.jsonl",
  "cubitos-race1.jsonl",
  "../core/cubitos/scripts/race1-cards.jsonl",
  "../core/cubitos/scripts/race3-cards.jsonl",
  "../core/cubitos/scripts/race5-cards.jsonl",
  "../core/cubitos/scripts/race7-cards.jsonl",
  "../core/cubitos/scripts/race9-cards.jsonl",
  "../core/cubitos/scripts/race10-cards.jsonl",
};

typedef struct
{
  GtkLabel   *label;   /* the window's toast title */
  int         width;   /* its width at 360 px */
  GHashTable *seen;    /* texts checked */
  GPtrArray  *failed;  /* "text (N px)" of those that do not fit */
  char       *longest;
  int         longest_width;
} Budget;

/* @text as the toast's label lays it out: TRUE when it fits two lines of its width. */
static gboolean
fits (Budget     *b,
      const char *text,
      int        *one_line)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (GTK_WIDGET (b->label), text);

  pango_layout_get_pixel_size (layout, one_line, NULL);
  pango_layout_set_width (layout, b->width * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -2);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  if (pango_layout_is_ellipsized (layout) || pango_layout_get_line_count (layout) > 2)
    return FALSE;
  /* …and no word broken in two ("Nachsc-hub-Plättch-en", issue 25 item 3.8): the
   * second line starts after a space or a word's own hyphen ("re-rolled"). */
  if (pango_layout_get_line_count (layout) == 2)
    {
      int start = pango_layout_get_line_readonly (layout, 1)->start_index;
      gunichar last = start > 0 ? g_utf8_get_char (g_utf8_prev_char (text + start)) : 0;

      return g_unichar_isspace (last) || last == '-';
    }
  return TRUE;
}

/* Takes @text (a new string). */
static void
check (Budget *b,
       char   *text)
{
  int width;

  g_assert_nonnull (text);
  if (g_hash_table_contains (b->seen, text))
    {
      g_free (text);
      return;
    }
  if (!fits (b, text, &width))
    g_ptr_array_add (b->failed, g_strdup_printf ("“%s” (%d px on one line)", text, width));
  if (width > b->longest_width)
    {
      g_free (b->longest);
      b->longest = g_strdup (text);
      b->longest_width = width;
    }
  g_hash_table_add (b->seen, text);
}

static char *
rename_players (const char        *line,
                const char *const *names)
{
  g_autofree char *text = g_strdup (line);

  /* Through placeholders: a new name is never renamed again. */
  for (guint i = 0; i < G_N_ELEMENTS (script_names); i++)
    {
      g_autofree char *from = g_strdup_printf ("\"%s\"", script_names[i]);
      g_autofree char *to = g_strdup_printf ("\"\x01%u\"", i);
      g_auto(GStrv) parts = g_strsplit (text, from, -1);

      g_free (text);
      text = g_strjoinv (to, parts);
    }
  for (guint i = 0; i < G_N_ELEMENTS (script_names); i++)
    {
      g_autofree char *from = g_strdup_printf ("\"\x01%u\"", i);
      g_autofree char *to = g_strdup_printf ("\"%s\"", names[i]);
      g_auto(GStrv) parts = g_strsplit (text, from, -1);

      g_free (text);
      text = g_strjoinv (to, parts);
    }
  return g_steal_pointer (&text);
}

/* Every toast of @script's entries, its players named @names. */
static void
check_script (Budget            *b,
              const char        *script,
              const char *const *names)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *raw_setup = NULL;
  g_autoptr(GPtrArray) raw = NULL;
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_game_free);

  dp_ui_load_script (script, &raw_setup, &raw);
  setup = rename_players (raw_setup, names);
  for (guint i = 0; i < raw->len; i++)
    g_ptr_array_add (actions, rename_players (g_ptr_array_index (raw, i), names));

  /* states[i]: the game before actions[i] */
  g_ptr_array_add (states, dp_game_new_from_text (setup, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < actions->len; i++)
    {
      DpGame *next = dp_game_copy (g_ptr_array_index (states, i));

      if (!dp_game_apply_text (next, g_ptr_array_index (actions, i), &error))
        g_error ("%s, action %u: %s", script, i, error->message);
      g_ptr_array_add (states, next);
    }

  for (guint i = 0; i < actions->len; i++)
    {
      const DpGame *before = g_ptr_array_index (states, i);
      const char *const *entry = (const char *const *) actions->pdata + i;
      /* the entry and, as if Dicepad had made them by itself, up to 5 after it */
      guint n = MIN (6, actions->len - i);

      for (guint k = 1; k <= n; k++)
        {
          const DpGame *after = g_ptr_array_index (states, i + k);

          check (b, dp_game_view_dup_entry_toast (before, entry, k));
          check (b, dp_game_view_dup_undo_toast (after, before, FALSE));
          check (b, dp_game_view_dup_undo_toast (before, after, TRUE));
        }
      check (b, dp_game_view_dup_phone_toast (before, *entry));
      check (b, dp_game_view_dup_elsewhere_toast (before, *entry, 1, 0));
      check (b, dp_game_view_dup_elsewhere_toast (before, *entry, 12, 0));
      check (b, dp_game_view_dup_elsewhere_toast (before, *entry, 0, 1));
      check (b, dp_game_view_dup_elsewhere_toast (before, *entry, 0, 12));
      check (b, dp_game_view_dup_elsewhere_toast (before, *entry, 2, 3));
    }
}

/* The label of the toast showing @text (waits for it), or NULL. */
static GtkLabel *
toast_label (DpUiFixture *f,
             const char  *text)
{
  GtkWidget *overlay = dp_ui_find_descendant (GTK_WIDGET (f->window), ADW_TYPE_TOAST_OVERLAY);
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  GtkWidget *label = NULL;

  g_assert_nonnull (overlay);
  while (g_get_monotonic_time () < end)
    {
      label = dp_ui_find_label (overlay, text);
      if (label != NULL && gtk_widget_get_mapped (label) && gtk_widget_get_width (label) > 0)
        break;
      g_main_context_iteration (NULL, FALSE);
    }
  dp_ui_wait_frames (GTK_WIDGET (f->window), 3);
  return GTK_LABEL (label);
}

static void
test_toasts_fit_360 (DpUiFixture   *f,
                     gconstpointer  data)
{
  static const char *const names[] = { "Jürgen", "Zoë", "O'Brien", NULL };
  GSettings *settings = dp_application_get_settings (f->app);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpSession) session = NULL;
  g_autoptr(GString) setup = g_string_new ("{\"game\":\"calavera\",\"version\":1,\"players\":[");
  DpStore *store;
  DpTablePage *page;
  Budget b = { 0 };

  /* The window at 360 × 720, a game on its table. */
  dp_ui_fixture_close_window (f);
  g_settings_set_int (settings, "window-width", 360);
  g_settings_set_int (settings, "window-height", 720);
  dp_ui_fixture_open_window (f);
  dp_ui_wait_mapped (GTK_WIDGET (f->window));
  store = dp_application_get_store (f->app, &error);
  g_assert_no_error (error);
  for (guint i = 0; names[i] != NULL; i++)
    g_string_append_printf (setup, "%s\"%s\"", i > 0 ? "," : "", names[i]);
  g_string_append (setup, "]}");
  session = dp_session_new (store, setup->str, &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resume", "s", dp_session_get_id (session)));
  dp_ui_iterate_until_idle ();
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "table");
  page = DP_TABLE_PAGE (dp_window_get_page (f->window, "table"));
  dp_ui_wait_for_layout (GTK_WIDGET (f->window));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (f->window)), <=, 360);

  /* A toast with Undo: its title's width, as wide as a toast gets (a short title
   * makes it narrower). */
  {
    g_autofree char *wide = g_strnfill (200, 'x');

    dp_table_page_entry_stored (page, wide);
    b.label = toast_label (f, wide);
  }
  g_assert_nonnull (b.label);
  b.width = gtk_widget_get_width (GTK_WIDGET (b.label));
  g_test_message ("toast title at 360 px: %d px, two lines", b.width);
  g_assert_cmpint (b.width, >, 60);
  g_assert_cmpint (gtk_label_get_lines (b.label), ==, 2);

  b.seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  b.failed = g_ptr_array_new_with_free_func (g_free);
  for (guint s = 0; s < G_N_ELEMENTS (scripts); s++)
    for (guint n = 0; n < G_N_ELEMENTS (long_names); n++)
      check_script (&b, scripts[s], long_names[n]);
  for (guint n = 0; n <= 6; n++)
    check (&b, cv_presenter_dup_take_back_text (n));

  g_test_message ("%u toasts checked; the longest, %d px on one line: %s", g_hash_table_size (b.seen),
                  b.longest_width, b.longest);
  for (guint i = 0; i < b.failed->len; i++)
    g_test_message ("does not fit: %s", (const char *) g_ptr_array_index (b.failed, i));
  g_assert_cmpuint (b.failed->len, ==, 0);

  /* The longest in the real toast: all of it shown, Undo beside it. */
  dp_table_page_entry_stored (page, b.longest);
  {
    GtkLabel *label = toast_label (f, b.longest);

    g_assert_nonnull (label);
    g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (label)));
  }

  g_hash_table_unref (b.seen);
  g_ptr_array_unref (b.failed);
  g_free (b.longest);
}

int
main (int   argc,
      char *argv[])
{
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/toasts/fit-360", DpUiFixture, &config, dp_ui_fixture_setup, test_toasts_fit_360,
              dp_ui_fixture_teardown);

  return g_test_run ();
}
