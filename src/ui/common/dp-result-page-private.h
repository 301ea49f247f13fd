/* dp-result-page-private.h — test-only API of the result page
 *
 * What the window tests read and drive (tests/ui/dp-ui-test-util.h includes it); the
 * application itself does not use it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "dp-result-page.h"

G_BEGIN_DECLS

/* The headline, e.g. "Ina wins with 31 points" or "Shared win: Ina and Sami". */
const char *dp_result_page_get_headline (DpResultPage *self);
/* The seats in the order the table lists them (by rank, then seat). */
guint       dp_result_page_get_n_rows (DpResultPage *self);
guint       dp_result_page_get_row_seat (DpResultPage *self, guint row);
/* The rank text shown for that row, e.g. "1." — tied players show the same rank. */
const char *dp_result_page_get_row_rank_text (DpResultPage *self, guint row);

G_END_DECLS
