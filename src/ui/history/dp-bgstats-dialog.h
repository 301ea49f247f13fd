/* dp-bgstats-dialog.h — "Send to BG Stats": one finished game as a QR code to scan
 *
 * Shows the push-play link of a finished game (dp-bgstats.h) as a QR code: a player scans
 * it with the phone that has BG Stats and the play is created there. Also "Copy Link",
 * where the play is sent, and saving it as a .bgsplay file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "dp-store.h"

G_BEGIN_DECLS

#define DP_TYPE_BGSTATS_DIALOG (dp_bgstats_dialog_get_type ())
G_DECLARE_FINAL_TYPE (DpBgstatsDialog, dp_bgstats_dialog, DP, BGSTATS_DIALOG, AdwWindow)

/* @settings (may be NULL) keeps the place the table plays at ("bgstats-location"). */
DpBgstatsDialog *dp_bgstats_dialog_new      (GtkWindow  *parent,
                                             DpStore    *store,
                                             const char *game_id,
                                             GSettings  *settings);
/* The link the QR code shows now, or NULL when the game cannot be sent (for tests). */
const char      *dp_bgstats_dialog_get_link (DpBgstatsDialog *self);

G_END_DECLS
