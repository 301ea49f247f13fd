/* dp-table-page.c — the page a game is played on, as the window sees it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "dp-table-page.h"

G_DEFINE_INTERFACE (DpTablePage, dp_table_page, GTK_TYPE_WIDGET)

enum
{
  ENTRY_STORED,
  ENTRY_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
dp_table_page_default_init (DpTablePageInterface *iface)
{
  /**
   * DpTablePage::entry-stored:
   * @text: what the entry did, e.g. "Sami: 3 crosses in orange"
   *
   * An entry reached the store; the window offers to undo it.
   */
  signals[ENTRY_STORED] = g_signal_new ("entry-stored", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /**
   * DpTablePage::entry-failed:
   * @message: why the entry was refused or could not be stored
   */
  signals[ENTRY_FAILED] = g_signal_new ("entry-failed", G_TYPE_FROM_INTERFACE (iface), G_SIGNAL_RUN_LAST,
                                        0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

void
dp_table_page_set_session (DpTablePage *self,
                           DpSession   *session)
{
  g_return_if_fail (DP_IS_TABLE_PAGE (self));
  g_return_if_fail (session == NULL || DP_IS_SESSION (session));

  DP_TABLE_PAGE_GET_IFACE (self)->set_session (self, session);
}

void
dp_table_page_focus_entry (DpTablePage *self)
{
  g_return_if_fail (DP_IS_TABLE_PAGE (self));

  DP_TABLE_PAGE_GET_IFACE (self)->focus_entry (self);
}

void
dp_table_page_set_settings (DpTablePage *self,
                            GSettings   *settings)
{
  DpTablePageInterface *iface;

  g_return_if_fail (DP_IS_TABLE_PAGE (self));
  g_return_if_fail (G_IS_SETTINGS (settings));

  iface = DP_TABLE_PAGE_GET_IFACE (self);
  if (iface->set_settings != NULL)
    iface->set_settings (self, settings);
}

char *
dp_table_page_take_back_unstored (DpTablePage *self)
{
  DpTablePageInterface *iface;

  g_return_val_if_fail (DP_IS_TABLE_PAGE (self), NULL);

  iface = DP_TABLE_PAGE_GET_IFACE (self);
  return iface->take_back_unstored != NULL ? iface->take_back_unstored (self) : NULL;
}

void
dp_table_page_keep_focus (DpTablePage *self)
{
  GtkRoot *root;
  GtkWidget *focus;

  g_return_if_fail (DP_IS_TABLE_PAGE (self));

  root = gtk_widget_get_root (GTK_WIDGET (self));
  focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (self)) ||
      !gtk_widget_get_mapped (focus) || !gtk_widget_is_sensitive (focus))
    dp_table_page_focus_entry (self);
}

void
dp_table_page_entry_stored (DpTablePage *self,
                            const char  *text)
{
  g_return_if_fail (DP_IS_TABLE_PAGE (self));
  g_signal_emit (self, signals[ENTRY_STORED], 0, text);
}

void
dp_table_page_entry_failed (DpTablePage *self,
                            const char  *message)
{
  g_return_if_fail (DP_IS_TABLE_PAGE (self));
  g_signal_emit (self, signals[ENTRY_FAILED], 0, message);
}
