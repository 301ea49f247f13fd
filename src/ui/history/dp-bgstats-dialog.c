/* dp-bgstats-dialog.c — "Send to BG Stats" (dp-bgstats-dialog.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-bgstats.h"
#include "dp-bgstats-dialog.h"
#include "dp-history-export.h"
#include "dp-phones-dialog.h"

struct _DpBgstatsDialog
{
  AdwWindow        parent_instance;

  AdwToastOverlay *toast_overlay;
  GtkPicture      *qr_picture;
  GtkLabel        *error_label;
  AdwEntryRow     *location_row;
  GtkButton       *copy_button;
  GtkButton       *save_button;

  DpStore         *store;
  char            *game_id;
  GSettings       *settings;
  char            *link;
};

G_DEFINE_FINAL_TYPE (DpBgstatsDialog, dp_bgstats_dialog, ADW_TYPE_WINDOW)

/* The module size: a 4-player link is a version-25 code or so, and 3 px a module keeps it
 * below 400 px, which a phone's camera reads from a laptop screen. */
#define QR_SCALE 3

static void
show_link (DpBgstatsDialog *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  const char *location = gtk_editable_get_text (GTK_EDITABLE (self->location_row));

  g_clear_pointer (&self->link, g_free);
  self->link = dp_bgstats_dup_push_link (self->store, self->game_id, location, &error);
  if (self->link != NULL)
    texture = dp_phones_dialog_make_qr_texture (self->link, QR_SCALE);

  gtk_picture_set_paintable (self->qr_picture, GDK_PAINTABLE (texture));
  gtk_widget_set_visible (GTK_WIDGET (self->qr_picture), texture != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->copy_button), self->link != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->save_button), self->link != NULL);
  if (self->link == NULL || texture == NULL)
    {
      /* Translators: shown instead of the QR code; %s says why */
      g_autofree char *text = g_strdup_printf (_("This game cannot be sent to BG Stats: %s"),
                                               error != NULL ? error->message : _("the link is too long for a QR code"));

      gtk_label_set_label (self->error_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), self->link == NULL || texture == NULL);
}

static void
location_changed_cb (GtkEditable     *editable,
                     DpBgstatsDialog *self)
{
  if (self->settings != NULL)
    g_settings_set_string (self->settings, "bgstats-location", gtk_editable_get_text (editable));
  show_link (self);
}

static void
copy_clicked_cb (GtkButton       *button,
                 DpBgstatsDialog *self)
{
  if (self->link == NULL)
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), self->link);
  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (_("Link copied")));
}

static void
save_clicked_cb (GtkButton       *button,
                 DpBgstatsDialog *self)
{
  const char *ids[] = { self->game_id, NULL };
  /* Translators: the suggested file name of one play for BG Stats; keep it without spaces */
  g_autofree char *name = g_strdup_printf ("%s-%s.bgsplay", _("dicepad-play"), self->game_id);

  dp_history_export_run (GTK_WIDGET (self->toast_overlay), self->store, ids, DP_HISTORY_EXPORT_BGSPLAY,
                         gtk_editable_get_text (GTK_EDITABLE (self->location_row)), name);
}

static void
dp_bgstats_dialog_finalize (GObject *object)
{
  DpBgstatsDialog *self = DP_BGSTATS_DIALOG (object);

  g_clear_object (&self->store);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->game_id, g_free);
  g_clear_pointer (&self->link, g_free);
  G_OBJECT_CLASS (dp_bgstats_dialog_parent_class)->finalize (object);
}

static void
dp_bgstats_dialog_class_init (DpBgstatsDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = dp_bgstats_dialog_finalize;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-bgstats-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, DpBgstatsDialog, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DpBgstatsDialog, qr_picture);
  gtk_widget_class_bind_template_child (widget_class, DpBgstatsDialog, error_label);
  gtk_widget_class_bind_template_child (widget_class, DpBgstatsDialog, location_row);
  gtk_widget_class_bind_template_child (widget_class, DpBgstatsDialog, copy_button);
  gtk_widget_class_bind_template_child (widget_class, DpBgstatsDialog, save_button);
  gtk_widget_class_bind_template_callback (widget_class, location_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, copy_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_clicked_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
dp_bgstats_dialog_init (DpBgstatsDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

DpBgstatsDialog *
dp_bgstats_dialog_new (GtkWindow  *parent,
                       DpStore    *store,
                       const char *game_id,
                       GSettings  *settings)
{
  DpBgstatsDialog *self;

  g_return_val_if_fail (DP_IS_STORE (store), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (DP_TYPE_BGSTATS_DIALOG, "transient-for", parent, NULL);
  self->store = g_object_ref (store);
  self->game_id = g_strdup (game_id);
  if (settings != NULL)
    {
      g_autofree char *location = g_settings_get_string (settings, "bgstats-location");

      self->settings = g_object_ref (settings);
      /* Set before listening: showing the remembered place is no change to remember. */
      g_signal_handlers_block_by_func (self->location_row, location_changed_cb, self);
      gtk_editable_set_text (GTK_EDITABLE (self->location_row), location);
      g_signal_handlers_unblock_by_func (self->location_row, location_changed_cb, self);
    }
  show_link (self);
  return self;
}

const char *
dp_bgstats_dialog_get_link (DpBgstatsDialog *self)
{
  g_return_val_if_fail (DP_IS_BGSTATS_DIALOG (self), NULL);
  return self->link;
}
