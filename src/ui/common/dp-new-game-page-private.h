/* dp-new-game-page-private.h — test-only API of the new-game page
 *
 * What the window tests read and drive (tests/ui/dp-ui-test-util.h includes it); the
 * application itself does not use it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-new-game-page.h"

G_BEGIN_DECLS

void        dp_new_game_page_set_name (DpNewGamePage *self, guint seat, const char *name);
/* Why seat @seat's name is refused, or NULL when it is fine. */
const char *dp_new_game_page_get_error (DpNewGamePage *self, guint seat);
/* The error shown under seat @seat's name: only once the field was left or the player
 * tried to start; NULL otherwise. */
const char *dp_new_game_page_get_shown_error (DpNewGamePage *self, guint seat);

G_END_DECLS
