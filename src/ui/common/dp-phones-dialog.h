/* dp-phones-dialog.h — "Phones at the table": the QR code, the address and the seats
 *
 * Shows a running DpTableServer (the window owns it and keeps it running after the
 * dialog closes): the address as a QR code (libqrencode) and as text, what a listener
 * on the same Wi-Fi could see, each seat with a button to free it, and the switch off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-table-server.h"

G_BEGIN_DECLS

#define DP_TYPE_PHONES_DIALOG (dp_phones_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DpPhonesDialog, dp_phones_dialog, DP, PHONES_DIALOG, AdwWindow)

DpPhonesDialog *dp_phones_dialog_new (GtkWindow *parent, DpTableServer *server);

/* The QR code of @text as a texture: dark modules on white, @scale pixels each, with the
 * four-module quiet zone the standard asks for. NULL when @text cannot be encoded. */
GdkTexture     *dp_phones_dialog_make_qr_texture (const char *text, guint scale);

G_END_DECLS
