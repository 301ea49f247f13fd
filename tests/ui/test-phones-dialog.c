/* test-phones-dialog.c — "Phones at the table" in the window
 *
 * Issue 18: "'Phones at the table' in the game's menu starts it for the open game and
 * shows a QR code (libqrencode) and the address"; "the window and all phones update
 * together"; "a second phone claiming a taken seat is refused unless the window frees the
 * seat"; "switching off closes every connection". The server listens on 127.0.0.1 only
 * here (DICEPAD_TABLE_ADDRESS); a phone is libsoup's WebSocket client.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include <libsoup/soup.h>
#include <qrencode.h>
#include <string.h>

#include "dp-phones-dialog.h"
#include "dp-ui-test-util.h"
#include "phone-test-util.h"

typedef DpUiFixture Fixture;
static const DpUiFixtureConfig ui_config = { "dicepad-phones-XXXXXX", "Phones" };

static gboolean
timeout_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Iterates until @cond holds, a bounded while. */
#define WAIT_FOR(cond)                                                   \
  G_STMT_START {                                                         \
    gboolean expired_ = FALSE;                                           \
    guint id_ = g_timeout_add_seconds (10, timeout_cb, &expired_);       \
    while (!(cond) && !expired_)                                         \
      g_main_context_iteration (NULL, TRUE);                             \
    g_assert_true (cond);                                                \
    if (!expired_)                                                       \
      g_source_remove (id_);                                             \
  } G_STMT_END

static DpPhonesDialog *
find_dialog (void)
{
  g_autoptr(GListModel) toplevels = gtk_window_get_toplevels ();

  g_object_ref (toplevels);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);
      if (DP_IS_PHONES_DIALOG (window))
        return DP_PHONES_DIALOG (window);
    }
  return NULL;
}

/* The n-th "Free Seat" button of the dialog. */
static GtkWidget *
free_button (GtkWidget *widget,
             guint      seat)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (GTK_IS_BUTTON (child) && g_object_get_data (G_OBJECT (child), "seat") == GUINT_TO_POINTER (seat)
          && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (child)), "_Free Seat") == 0)
        return child;
      if ((found = free_button (child, seat)) != NULL)
        return found;
    }
  return NULL;
}

/* A new Calavera game of Ina, Sami and Tom on the window, its phones switched on from
 * the game's menu: the dialog. */
static DpPhonesDialog *
open_phones_on_new_game (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  DpStore *store = dp_application_get_store (f->app, &error);
  g_autoptr(DpGame) game = dp_game_new_from_text ("{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\",\"Tom\"]}", &error);
  g_autofree char *id = NULL;
  DpPhonesDialog *dialog;

  g_assert_no_error (error);
  id = dp_store_create_game (store, game, &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resume", "s", id));
  dp_ui_iterate_until_idle ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.phones", NULL));
  dp_ui_iterate_until_idle ();
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  return dialog;
}

static void
test_phones (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SoupSession) http = phone_http_session_new ();
  g_autoptr(Phone) phone = NULL;
  g_autoptr(JsonObject) seated = NULL;
  g_autoptr(JsonObject) state = NULL;
  DpPhonesDialog *dialog;
  GtkLabel *address;
  GdkPaintable *qr;
  QRcode *expected;

  /* The game's menu item opens the dialog, which switches phones on. */
  dialog = open_phones_on_new_game (f);
  address = dp_ui_find_label_starting (GTK_WIDGET (dialog), "http://127.0.0.1:");
  g_assert_nonnull (address);
  g_assert_nonnull (strstr (gtk_label_get_label (address), "/t/"));
  /* The QR code holds exactly that address: libqrencode's modules, 6 px each, plus the
   * four-module quiet zone on each side. */
  qr = gtk_picture_get_paintable (GTK_PICTURE (dp_ui_find_descendant (GTK_WIDGET (dialog), GTK_TYPE_PICTURE)));
  g_assert_nonnull (qr);
  expected = QRcode_encodeString (gtk_label_get_label (address), 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  g_assert_cmpint (gdk_paintable_get_intrinsic_width (qr), ==, (expected->width + 8) * 6);
  QRcode_free (expected);

  /* A phone sits down at Sami's seat: the dialog offers to free it. */
  phone = phone_connect (http, gtk_label_get_label (address));
  g_assert_false (gtk_widget_get_sensitive (free_button (GTK_WIDGET (dialog), 1)));
  phone_send (phone, "{\"type\":\"claim\",\"seat\":1}");
  seated = phone_wait (phone, "seated");
  state = phone_wait_seat (phone, 1, 0);
  g_assert_true (gtk_widget_get_sensitive (free_button (GTK_WIDGET (dialog), 1)));

  /* The window's own entry reaches the phone; undo stays on the window. */
  g_assert_true (dp_session_apply_text (dp_window_get_session (f->window),
                                        "{\"roll\":[\"orange\",\"orange\",\"green\",\"pink\",\"skull\",\"skull\"]}", &error));
  g_assert_no_error (error);
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (phone, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.undo", NULL));
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_state_at (phone, 0);

  /* The window frees the seat: the phone has none any more. */
  g_signal_emit_by_name (free_button (GTK_WIDGET (dialog), 1), "clicked");
  g_clear_pointer (&state, json_object_unref);
  state = phone_wait_seat (phone, -1, 0);
  g_assert_false (gtk_widget_get_sensitive (free_button (GTK_WIDGET (dialog), 1)));

  /* Turn Phones Off: the dialog goes, the phone's connection is closed. */
  {
    GtkWidget *label = GTK_WIDGET (dp_ui_find_label_starting (GTK_WIDGET (dialog), "Turn Phones"));
    GtkWidget *off = gtk_widget_get_ancestor (label, GTK_TYPE_BUTTON);

    g_signal_emit_by_name (off, "clicked");
  }
  phone_wait_closed (phone);
  WAIT_FOR (find_dialog () == NULL);
}

/* polish item 7: "Phones at the Table" greyed out with no reason when no game is open.
 * The menu shows the item only while a game is open (a greyed item says nothing on a
 * touch screen); then it is there and works. */
static void
test_phones_item_only_with_game (Fixture       *f,
                                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  DpStore *store = dp_application_get_store (f->app, &error);
  g_autoptr(DpGame) game = dp_game_new_from_text ("{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\"]}", &error);
  g_autofree char *id = NULL;
  GtkWidget *menu_button = dp_ui_find_descendant (GTK_WIDGET (f->window), GTK_TYPE_MENU_BUTTON);
  GtkLabel *item;

  g_assert_nonnull (menu_button);
  dp_ui_wait_mapped (GTK_WIDGET (f->window));
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  dp_ui_iterate_until_idle ();
  item = dp_ui_find_label_starting (menu_button, _("_Phones at the Table"));
  g_assert_true (item == NULL || !gtk_widget_is_visible (GTK_WIDGET (item)));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));

  g_assert_no_error (error);
  id = dp_store_create_game (store, game, &error);
  g_assert_no_error (error);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (f->window), "win.resume", "s", id));
  dp_ui_iterate_until_idle ();
  gtk_menu_button_popup (GTK_MENU_BUTTON (menu_button));
  dp_ui_iterate_until_idle ();
  item = dp_ui_find_label_starting (menu_button, _("_Phones at the Table"));
  g_assert_nonnull (item);
  g_assert_true (gtk_widget_is_visible (GTK_WIDGET (item)));
  gtk_menu_button_popdown (GTK_MENU_BUTTON (menu_button));
}

/* Issue 27 item 2: the Calavera advice on the roller's phone. The window builds the
 * assistant's tables on a worker when its switch goes on; when they are there the
 * phones are told at once, without waiting for the next entry (they showed nothing
 * until then). */
static void
test_phones_assistant_when_ready (Fixture       *f,
                                  gconstpointer  data)
{
  GSettings *settings = dp_application_get_settings (f->app);
  g_autoptr(SoupSession) http = phone_http_session_new ();
  g_autoptr(Phone) phone = NULL;
  g_autoptr(JsonObject) state = NULL;
  const char *advice = NULL;
  gboolean expired = FALSE;
  guint timer;
  GtkLabel *address;

  address = dp_ui_find_label_starting (GTK_WIDGET (open_phones_on_new_game (f)), "http://127.0.0.1:");
  g_assert_nonnull (address);
  phone = phone_connect (http, gtk_label_get_label (address));
  phone_send (phone, "{\"type\":\"claim\",\"seat\":0}");
  state = phone_wait_seat (phone, 0, 0);
  g_assert_false (json_object_has_member (state, "assistant"));

  /* The switch goes on: no advice yet (the tables are being built), then the advice,
   * with no entry in between. Bounded generously: a sanitizer build is slow. */
  g_settings_set_boolean (settings, "show-assistant", TRUE);
  timer = g_timeout_add_seconds (45, timeout_cb, &expired);
  while (advice == NULL && !expired)
    {
      if (g_queue_is_empty (&phone->messages))
        {
          g_main_context_iteration (NULL, TRUE);
          continue;
        }
      g_clear_pointer (&state, json_object_unref);
      state = g_queue_pop_head (&phone->messages);
      if (g_strcmp0 (json_object_get_string_member (state, "type"), "state") == 0
          && json_object_has_member (state, "assistant") && !json_object_get_null_member (state, "assistant"))
        advice = json_object_get_string_member (state, "assistant");
    }
  g_assert_nonnull (advice);
  g_source_remove (timer);
  g_assert_cmpint (json_object_get_int_member (state, "at"), ==, 0);
  g_assert_true (g_str_has_prefix (advice, "First roll: "));
  g_settings_reset (settings, "show-assistant");
}

int
main (int   argc,
      char *argv[])
{
  /* Tests listen on loopback only. */
  g_setenv ("DICEPAD_TABLE_ADDRESS", "127.0.0.1", TRUE);
  g_setenv ("GIO_USE_PROXY_RESOLVER", "dummy", TRUE);
  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/phones/dialog", Fixture, &ui_config, dp_ui_fixture_setup, test_phones, dp_ui_fixture_teardown);
  g_test_add ("/phones/menu-item-only-with-game", Fixture, &ui_config, dp_ui_fixture_setup,
              test_phones_item_only_with_game, dp_ui_fixture_teardown);
  g_test_add ("/phones/assistant-when-ready", Fixture, &ui_config, dp_ui_fixture_setup,
              test_phones_assistant_when_ready, dp_ui_fixture_teardown);

  return g_test_run ();
}
