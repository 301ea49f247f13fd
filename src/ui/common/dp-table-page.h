/* dp-table-page.h — the page a game is played on, as the window sees it
 *
 * Every game's table page (CvTablePage, CbTablePage, …) implements this interface, the
 * way GNOME Calendar's month, week and year views implement GcalView: the window shows
 * the session on the page of its game kind (DpGameUi.table_page_type) and asks nothing
 * else of it. What the page stored or refused comes back as two signals, so the window
 * can say it (a toast with Undo) without knowing the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "dp-session.h"

G_BEGIN_DECLS

#define DP_TYPE_TABLE_PAGE (dp_table_page_get_type ())
G_DECLARE_INTERFACE (DpTablePage, dp_table_page, DP, TABLE_PAGE, GtkWidget)

struct _DpTablePageInterface
{
  GTypeInterface parent_iface;

  /* Shows @session (a game of the page's kind) and follows its ::changed; NULL: nothing. */
  void (*set_session)  (DpTablePage *self, DpSession *session);
  /* Puts the keyboard focus where the next entry is made. */
  void (*focus_entry)  (DpTablePage *self);
  /* Optional: the application's settings, given once when the window builds the page. */
  void (*set_settings) (DpTablePage *self, GSettings *settings);
  /* Optional: takes back what is being entered and not stored yet (Calavera: dice picked
   * up for a re-roll), so that Ctrl+Z undoes that and no stored entry. Returns what it
   * took back, translated ("Undone: picking up 2 dice"), or NULL when nothing. */
  char *(*take_back_unstored) (DpTablePage *self);
  /* TRUE when a toast may lie over the page for its few seconds: the page leaves room of
   * its own below its last control, so the window keeps no empty strip at the bottom
   * for toasts (Cubitos, issue 25 item 3.10). FALSE: the window keeps the strip. */
  gboolean toasts_over_content;
};

void dp_table_page_set_session  (DpTablePage *self, DpSession *session);
void dp_table_page_focus_entry  (DpTablePage *self);
void dp_table_page_set_settings (DpTablePage *self, GSettings *settings);
/* Focuses the entry unless the focus already sits on a live widget inside the page (a
 * choice button that had it may be gone after an entry). */
void dp_table_page_keep_focus   (DpTablePage *self);
/* See take_back_unstored; NULL when the page has no such entry. Free with g_free(). */
char *dp_table_page_take_back_unstored (DpTablePage *self);

/* For implementations: emit ::entry-stored (@text says what the entry did, e.g. "Sami:
 * 3 crosses in orange") and ::entry-failed (@message: why it was refused). */
void dp_table_page_entry_stored (DpTablePage *self, const char *text);
void dp_table_page_entry_failed (DpTablePage *self, const char *message);

G_END_DECLS
