/* dp-phones-dialog.c — "Phones at the table": the QR code, the address and the seats
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <qrencode.h>
#include <string.h>

#include "dp-phones-dialog.h"

struct _DpPhonesDialog
{
  AdwWindow            parent_instance;

  DpTableServer       *server;
  gulong               seats_changed_id;
  GPtrArray           *rows;   /* AdwActionRow*, one per seat */

  GtkPicture          *qr_picture;
  GtkLabel            *address_label;
  GtkLabel            *error_label;
  AdwPreferencesGroup *seats_group;
};

G_DEFINE_FINAL_TYPE (DpPhonesDialog, dp_phones_dialog, ADW_TYPE_WINDOW)

#define QR_QUIET_ZONE 4

static void
update_seats (DpPhonesDialog *self)
{
  const DpGame *game = dp_session_get_game (dp_table_server_get_session (self->server));

  for (guint s = 0; s < self->rows->len; s++)
    {
      AdwActionRow *row = g_ptr_array_index (self->rows, s);
      GtkWidget *button = g_object_get_data (G_OBJECT (row), "free-button");
      gboolean taken = dp_table_server_seat_is_taken (self->server, s);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), dp_game_get_player_name (game, s));
      adw_action_row_set_subtitle (row, taken ? _("A phone holds this seat") : _("Free: a phone may pick it"));
      gtk_widget_set_sensitive (button, taken);
    }
}

static void
seats_changed_cb (DpTableServer  *server,
                  DpPhonesDialog *self)
{
  update_seats (self);
}

static void
free_clicked_cb (GtkButton      *button,
                 DpPhonesDialog *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat"));

  dp_table_server_free_seat (self->server, seat);
}

static void
off_clicked_cb (GtkButton      *button,
                DpPhonesDialog *self)
{
  dp_table_server_stop (self->server);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
build_rows (DpPhonesDialog *self)
{
  const DpGame *game = dp_session_get_game (dp_table_server_get_session (self->server));

  for (guint s = 0; s < dp_game_get_n_players (game); s++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Free Seat"));

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (button), "seat", GUINT_TO_POINTER (s));
      g_signal_connect (button, "clicked", G_CALLBACK (free_clicked_cb), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      g_object_set_data (G_OBJECT (row), "free-button", button);
      adw_preferences_group_add (self->seats_group, row);
      g_ptr_array_add (self->rows, row);
    }
  update_seats (self);
}

static void
show_address (DpPhonesDialog *self)
{
  g_autofree char *url = dp_table_server_dup_url (self->server);
  g_autoptr(GdkTexture) texture = NULL;

  if (url == NULL)
    return;
  texture = dp_phones_dialog_make_qr_texture (url, 6);
  gtk_picture_set_paintable (self->qr_picture, GDK_PAINTABLE (texture));
  gtk_label_set_label (self->address_label, url);
}

static void
dp_phones_dialog_dispose (GObject *object)
{
  DpPhonesDialog *self = DP_PHONES_DIALOG (object);

  if (self->server != NULL)
    g_clear_signal_handler (&self->seats_changed_id, self->server);
  g_clear_object (&self->server);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), DP_TYPE_PHONES_DIALOG);

  G_OBJECT_CLASS (dp_phones_dialog_parent_class)->dispose (object);
}

static void
dp_phones_dialog_class_init (DpPhonesDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dp_phones_dialog_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-phones-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DpPhonesDialog, qr_picture);
  gtk_widget_class_bind_template_child (widget_class, DpPhonesDialog, address_label);
  gtk_widget_class_bind_template_child (widget_class, DpPhonesDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, DpPhonesDialog, seats_group);
  gtk_widget_class_bind_template_callback (widget_class, off_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dp_phones_dialog_init (DpPhonesDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
}

DpPhonesDialog *
dp_phones_dialog_new (GtkWindow     *parent,
                      DpTableServer *server)
{
  DpPhonesDialog *self;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (DP_IS_TABLE_SERVER (server), NULL);

  self = g_object_new (DP_TYPE_PHONES_DIALOG, "transient-for", parent, NULL);
  self->server = g_object_ref (server);
  /* Opening the dialog switches phones on: on every interface, for phones on the Wi-Fi,
   * unless DICEPAD_TABLE_ADDRESS names one (the tests: 127.0.0.1). */
  if (!dp_table_server_start (server, g_getenv ("DICEPAD_TABLE_ADDRESS"), 0, &error))
    {
      gtk_label_set_label (self->error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
    }
  self->seats_changed_id = g_signal_connect (server, "seats-changed", G_CALLBACK (seats_changed_cb), self);
  build_rows (self);
  show_address (self);
  return self;
}

GdkTexture *
dp_phones_dialog_make_qr_texture (const char *text,
                                  guint       scale)
{
  QRcode *qr;
  guint size, stride;
  guint8 *pixels;
  GBytes *bytes;
  GdkTexture *texture;

  g_return_val_if_fail (text != NULL && scale > 0, NULL);

  qr = QRcode_encodeString (text, 0, QR_ECLEVEL_M, QR_MODE_8, 1);
  if (qr == NULL)
    return NULL;

  size = (qr->width + 2 * QR_QUIET_ZONE) * scale;
  stride = size * 3;
  pixels = g_malloc (stride * size);
  memset (pixels, 0xff, stride * size);
  for (int y = 0; y < qr->width; y++)
    for (int x = 0; x < qr->width; x++)
      if (qr->data[y * qr->width + x] & 1)
        for (guint dy = 0; dy < scale; dy++)
          memset (pixels + ((y + QR_QUIET_ZONE) * scale + dy) * stride + (x + QR_QUIET_ZONE) * scale * 3,
                  0x00, scale * 3);
  QRcode_free (qr);

  bytes = g_bytes_new_take (pixels, stride * size);
  texture = gdk_memory_texture_new (size, size, GDK_MEMORY_R8G8B8, bytes, stride);
  g_bytes_unref (bytes);
  return texture;
}
