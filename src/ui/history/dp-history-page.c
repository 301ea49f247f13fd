/* dp-history-page.c — every stored game in a sortable, filterable table
 *
 * Sorting: the store's query sorts (DpGameFilter.sort), not a GtkSortListModel, so
 * the list never needs every game in memory. The store sorts by date only (newest or
 * oldest first), so only the Date column is sortable; clicking its header flips the
 * query's order. GTK 4.8 has no API to read a GtkColumnView's sort order, so the page
 * asks the view's sorter to compare an older and a newer probe row.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>

#include "dp-application.h"
#include "dp-exchange.h"
#include "dp-history-format.h"
#include "dp-history-export.h"
#include "dp-history-page.h"

struct _DpHistoryPage
{
  GtkWidget           parent_instance;

  DpStore            *store;
  DpHistoryModel     *model;
  GtkSingleSelection *selection;
  DpHistoryItem      *probe_old;
  DpHistoryItem      *probe_new;
  GStrv               kind_ids;     /* kind_dropdown position - 1 → kind id */
  GStrv               player_names; /* player_dropdown position - 1 → name */
  DpGameFilter        filter;       /* strings owned */
  gboolean            updating_widgets;
  gboolean            shown_before;   /* mapped since the store was set */
  GPtrArray          *deleted_ids;    /* char*: games deleted here, newest last (Ctrl+Z) */

  /* Template widgets */
  AdwToastOverlay    *toast_overlay;
  GtkLabel           *title_label;
  GtkToggleButton    *deleted_button;
  GtkToggleButton    *unfinished_button;
  GtkActionBar       *deleted_bar;
  GtkWidget          *restore_button;
  GtkWidget          *purge_button;
  GtkStack           *stack;
  GtkStack           *list_stack;
  GtkSearchEntry     *search_entry;
  GtkDropDown        *kind_dropdown;
  GtkDropDown        *player_dropdown;
  GtkMenuButton      *from_button;
  GtkMenuButton      *to_button;
  GtkCalendar        *from_calendar;
  GtkCalendar        *to_calendar;
  GtkColumnView      *column_view;
  GtkColumnViewColumn *date_column;
  GtkColumnViewColumn *kind_column;
  GtkColumnViewColumn *players_column;
  GtkColumnViewColumn *winners_column;
  GtkColumnViewColumn *scores_column;
  AdwStatusPage      *empty_page;
  GtkWidget          *show_deleted_button;
  GtkLabel           *count_label;
  DpGameReplayPage   *replay_page;
};

G_DEFINE_FINAL_TYPE (DpHistoryPage, dp_history_page, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_CAN_RESTORE,
  PROP_VISIBLE_VIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef const char *(*ItemTextFunc) (DpHistoryItem *item);

/* Cells are plain labels made in code: a GtkBuilderListItemFactory would parse XML
 * for every cell of every row the view creates, which costs more than the query. */
static void
cell_setup_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  numeric)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  if (GPOINTER_TO_INT (numeric))
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
cell_bind_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *list_item,
              gpointer                  numeric)
{
  ItemTextFunc text_func = g_object_get_data (G_OBJECT (factory), "text-func");
  DpHistoryItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  const char *text = item != NULL ? text_func (item) : "";

  gtk_label_set_label (GTK_LABEL (label), text);
  /* The full text when a narrow column cuts it short. */
  gtk_widget_set_tooltip_text (label, text);
}

static void
set_cell_factory (GtkColumnViewColumn *column,
                  ItemTextFunc         text_func,
                  gboolean             numeric)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_object_set_data (G_OBJECT (factory), "text-func", text_func);
  g_signal_connect (factory, "setup", G_CALLBACK (cell_setup_cb), GINT_TO_POINTER (numeric));
  g_signal_connect (factory, "bind", G_CALLBACK (cell_bind_cb), GINT_TO_POINTER (numeric));
  gtk_column_view_column_set_factory (column, factory);
}

static DpHistoryItem *
probe_item (gint64 created)
{
  DpGameSummary summary = { 0 };

  summary.kind = (char *) "";
  summary.created = created;
  summary.state = DP_GAME_STATE_FINISHED;
  return dp_history_item_new (&summary);
}

static void
set_filter_string (const char **field,
                   const char  *value)
{
  g_free ((char *) *field);
  *field = value != NULL && value[0] != '\0' ? g_strdup (value) : NULL;
}

static void forget_deleted_id (DpHistoryPage *self, const char *game_id);

/* How many games wait in the Deleted view (0 when that cannot be read). */
static guint
count_deleted (DpHistoryPage *self)
{
  DpGameFilter filter = DP_GAME_FILTER_INIT;

  if (self->store == NULL)
    return 0;
  filter.deleted = TRUE;
  return dp_store_count_games (self->store, &filter, NULL);
}

/* "Calavera with Ina, Sami and Tom": a game as the toasts name it; NULL if unreadable. */
static char *
dup_game_text (DpHistoryPage *self,
               const char    *game_id)
{
  g_autoptr(DpGameSummary) summary = self->store != NULL ? dp_store_get_summary (self->store, game_id, NULL) : NULL;
  g_autoptr(DpHistoryItem) item = NULL;

  if (summary == NULL)
    return NULL;
  item = dp_history_item_new (summary);
  /* Translators: a game in a toast, "Calavera with Ina, Sami, Tom" */
  return g_strdup_printf (_("%s with %s"), dp_history_item_get_kind_text (item),
                          dp_history_item_get_players_text (item));
}

/* Brings @game_id back from the Deleted view, without a toast. */
static gboolean
restore_game (DpHistoryPage  *self,
              const char     *game_id,
              GError        **error)
{
  if (!dp_store_set_deleted (self->store, game_id, FALSE, error))
    return FALSE;

  forget_deleted_id (self, game_id);
  dp_history_page_reload (self);
  return TRUE;
}

/* The toast after a game came back from the Deleted view, however it came back. */
static void
toast_restored (DpHistoryPage *self,
                const char    *game_id)
{
  g_autofree char *game = dup_game_text (self, game_id);
  g_autofree char *title = NULL;
  AdwToast *toast;

  if (game != NULL)
    /* Translators: a toast after a deleted game came back, "Restored: Calavera with Ina, Tom" */
    title = g_strdup_printf (_("Restored: %s"), game);
  toast = adw_toast_new (title != NULL ? title : _("Game restored"));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
update_count_and_empty (DpHistoryPage *self)
{
  guint n = self->model != NULL ? g_list_model_get_n_items (G_LIST_MODEL (self->model)) : 0;
  gboolean filtered = self->filter.kind != NULL || self->filter.player != NULL ||
                      self->filter.search != NULL || self->filter.from != 0 || self->filter.to != 0 ||
                      self->filter.state >= 0;
  g_autofree char *number = dp_format_int (n);
  guint n_deleted;
  gboolean counting = self->model != NULL && dp_history_model_is_counting (self->model);
  g_autofree char *count = counting
                           /* Translators: the count beside History's title while the games are still
                            * being counted (a large history): "200 or more games" */
                           ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s or more games", "%s or more games", n), number)
                           : self->filter.deleted
                           /* Translators: the count beside the title of History's Deleted view */
                           ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s deleted game", "%s deleted games", n), number)
                           : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s game", "%s games", n), number);

  gtk_label_set_label (self->count_label, count);

  if (n > 0)
    {
      gtk_stack_set_visible_child_name (self->list_stack, "rows");
      return;
    }

  gtk_stack_set_visible_child_name (self->list_stack, "empty");
  gtk_widget_set_visible (self->show_deleted_button, FALSE);
  if (self->model != NULL && dp_history_model_get_error (self->model) != NULL)
    {
      adw_status_page_set_icon_name (self->empty_page, "dialog-warning-symbolic");
      adw_status_page_set_title (self->empty_page, _("Cannot Read the Games"));
      adw_status_page_set_description (self->empty_page, dp_history_model_get_error (self->model)->message);
    }
  else if (self->filter.deleted && !filtered)
    {
      adw_status_page_set_icon_name (self->empty_page, "user-trash-symbolic");
      adw_status_page_set_title (self->empty_page, _("No Deleted Games"));
      adw_status_page_set_description (self->empty_page, _("A deleted game waits here until you delete it for good."));
    }
  else if (filtered)
    {
      adw_status_page_set_icon_name (self->empty_page, "edit-find-symbolic");
      adw_status_page_set_title (self->empty_page, _("No Matching Games"));
      adw_status_page_set_description (self->empty_page, _("Try another player, game or date range."));
    }
  else if ((n_deleted = count_deleted (self)) > 0)
    {
      g_autofree char *deleted = dp_format_int (n_deleted);
      g_autofree char *description = NULL;

      /* Every game is deleted: "No Games Yet" would be untrue; say where they are. */
      description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                  "%s deleted game waits in Deleted Games until you delete it for good.",
                                                  "%s deleted games wait in Deleted Games until you delete them for good.",
                                                  n_deleted),
                                     deleted);
      adw_status_page_set_icon_name (self->empty_page, "user-trash-symbolic");
      adw_status_page_set_title (self->empty_page, _("Only Deleted Games"));
      adw_status_page_set_description (self->empty_page, description);
      gtk_widget_set_visible (self->show_deleted_button, TRUE);
    }
  else
    {
      adw_status_page_set_icon_name (self->empty_page, "document-open-recent-symbolic");
      adw_status_page_set_title (self->empty_page, _("No Games Yet"));
      adw_status_page_set_description (self->empty_page, _("Every game you play is kept here, with its sheets and a replay."));
    }
}

static void
update_title (DpHistoryPage *self)
{
  const char *title;

  if (self->filter.deleted)
    /* Translators: the title of History while it lists the deleted games */
    title = _("Deleted Games");
  else if (self->filter.state == DP_GAME_STATE_IN_PROGRESS)
    /* Translators: the title of History while it lists only the games in progress */
    title = _("Unfinished Games");
  else
    title = _("History");
  gtk_label_set_label (self->title_label, title);
}

static void
apply_filter (DpHistoryPage *self)
{
  if (self->model == NULL)
    return;

  dp_history_model_set_filter (self->model, &self->filter);
  update_count_and_empty (self);
}

/* The game chosen in the list, or NULL. */
static DpHistoryItem *
selected_item (DpHistoryPage *self)
{
  if (self->selection == NULL)
    return NULL;
  return gtk_single_selection_get_selected_item (self->selection);
}

static void
update_deleted_bar (DpHistoryPage *self)
{
  gboolean chosen = selected_item (self) != NULL;

  gtk_action_bar_set_revealed (self->deleted_bar, self->filter.deleted);
  gtk_widget_set_sensitive (self->restore_button, chosen);
  gtk_widget_set_sensitive (self->purge_button, chosen);
}

/* Forgets @game_id as the target of Ctrl+Z (it was restored or deleted for good). */
static void
forget_deleted_id (DpHistoryPage *self,
                   const char    *game_id)
{
  gboolean could = self->deleted_ids->len > 0;

  for (guint i = self->deleted_ids->len; i > 0; i--)
    if (g_strcmp0 (g_ptr_array_index (self->deleted_ids, i - 1), game_id) == 0)
      g_ptr_array_remove_index (self->deleted_ids, i - 1);

  if (could != (self->deleted_ids->len > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_RESTORE]);
}

static void
fill_kind_dropdown (DpHistoryPage *self)
{
  guint n_kinds;
  const DpGameKind *const *kinds = dp_game_kinds_list (&n_kinds);
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  GStrvBuilder *ids = g_strv_builder_new ();

  /* Translators: the game filter of History and Statistics: no filter */
  gtk_string_list_append (list, _("All Games"));
  for (guint i = 0; i < n_kinds; i++)
    {
      gtk_string_list_append (list, dp_game_kind_get_name (kinds[i]));
      g_strv_builder_add (ids, dp_game_kind_get_id (kinds[i]));
    }

  g_strfreev (self->kind_ids);
  self->kind_ids = g_strv_builder_end (ids);
  g_strv_builder_unref (ids);

  self->updating_widgets = TRUE;
  gtk_drop_down_set_model (self->kind_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->kind_dropdown, 0);
  self->updating_widgets = FALSE;
}

static void
fill_player_dropdown (DpHistoryPage *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) names = NULL;
  guint selected = 0;

  if (self->store == NULL)
    return;

  names = dp_store_list_player_names (self->store, &error);
  if (names == NULL)
    {
      g_debug ("Cannot list the players: %s", error->message);
      names = g_new0 (char *, 1);
    }

  /* Translators: the player filter of History: no filter */
  gtk_string_list_append (list, _("Everyone"));
  for (guint i = 0; names[i] != NULL; i++)
    {
      gtk_string_list_append (list, names[i]);
      if (g_strcmp0 (names[i], self->filter.player) == 0)
        selected = i + 1;
    }

  /* A filtered player who has no games any more: drop the filter. */
  if (selected == 0 && self->filter.player != NULL)
    set_filter_string (&self->filter.player, NULL);

  g_strfreev (self->player_names);
  self->player_names = g_steal_pointer (&names);

  self->updating_widgets = TRUE;
  gtk_drop_down_set_model (self->player_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->player_dropdown, selected);
  self->updating_widgets = FALSE;
}

static gint64
local_day_start (GDateTime *date)
{
  g_autoptr(GDateTime) local = g_date_time_to_local (date);
  g_autoptr(GDateTime) start = g_date_time_new_local (g_date_time_get_year (local),
                                                      g_date_time_get_month (local),
                                                      g_date_time_get_day_of_month (local),
                                                      0, 0, 0);
  return g_date_time_to_unix (start);
}

static void
update_date_buttons (DpHistoryPage *self)
{
  g_autofree char *from = self->filter.from != 0 ? dp_format_date (self->filter.from) : NULL;
  g_autofree char *to = self->filter.to != 0 ? dp_format_date (self->filter.to) : NULL;
  g_autofree char *from_label = NULL;
  g_autofree char *to_label = NULL;

  /* Translators: the date-range filter button: "From 01/05/2024", or "From" with no date */
  from_label = from != NULL ? g_strdup_printf (_("From %s"), from) : g_strdup (_("From"));
  /* Translators: the date-range filter button: "To 31/05/2024", or "To" with no date */
  to_label = to != NULL ? g_strdup_printf (_("To %s"), to) : g_strdup (_("To"));
  gtk_menu_button_set_label (self->from_button, from_label);
  gtk_menu_button_set_label (self->to_button, to_label);
}

static void
update_sort_from_view (DpHistoryPage *self)
{
  GtkSorter *sorter = gtk_column_view_get_sorter (self->column_view);
  DpGameSort sort = DP_GAME_SORT_NEWEST;

  /* Without a sort column the list keeps its natural order, newest first. */
  if (sorter != NULL &&
      gtk_sorter_compare (sorter, self->probe_old, self->probe_new) == GTK_ORDERING_SMALLER)
    sort = DP_GAME_SORT_OLDEST;

  if (sort == self->filter.sort)
    return;

  self->filter.sort = sort;
  apply_filter (self);
}

static void
sorter_changed_cb (GtkSorter       *sorter,
                   GtkSorterChange  change,
                   DpHistoryPage   *self)
{
  update_sort_from_view (self);
}

static void
search_changed_cb (GtkSearchEntry *entry,
                   DpHistoryPage  *self)
{
  if (self->updating_widgets)
    return;
  dp_history_page_set_search (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
kind_selected_cb (GtkDropDown   *dropdown,
                  GParamSpec    *pspec,
                  DpHistoryPage *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (self->updating_widgets)
    return;

  set_filter_string (&self->filter.kind,
                     selected > 0 && selected <= g_strv_length (self->kind_ids) ? self->kind_ids[selected - 1] : NULL);
  apply_filter (self);
}

static void
player_selected_cb (GtkDropDown   *dropdown,
                    GParamSpec    *pspec,
                    DpHistoryPage *self)
{
  guint selected = gtk_drop_down_get_selected (dropdown);

  if (self->updating_widgets)
    return;

  set_filter_string (&self->filter.player,
                     self->player_names != NULL && selected > 0 && selected <= g_strv_length (self->player_names)
                     ? self->player_names[selected - 1] : NULL);
  apply_filter (self);
}

static void
from_day_selected_cb (GtkCalendar   *calendar,
                      DpHistoryPage *self)
{
  g_autoptr(GDateTime) date = gtk_calendar_get_date (calendar);

  if (self->updating_widgets)
    return;

  self->filter.from = local_day_start (date);
  update_date_buttons (self);
  apply_filter (self);
}

static void
to_day_selected_cb (GtkCalendar   *calendar,
                    DpHistoryPage *self)
{
  g_autoptr(GDateTime) date = gtk_calendar_get_date (calendar);

  if (self->updating_widgets)
    return;

  /* The filter's bound is inclusive: up to the last second of that day. */
  self->filter.to = local_day_start (date) + 24 * 60 * 60 - 1;
  update_date_buttons (self);
  apply_filter (self);
}

static void
clear_dates_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (widget);

  dp_history_page_set_date_range (self, NULL, NULL);
  gtk_menu_button_popdown (self->from_button);
  gtk_menu_button_popdown (self->to_button);
}

static void
row_activated_cb (GtkColumnView *view,
                  guint          position,
                  DpHistoryPage *self)
{
  g_autoptr(DpHistoryItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  g_autoptr(GError) error = NULL;

  if (item == NULL)
    return;

  /* A deleted game is only chosen here, for Restore or Delete for Good below. */
  if (self->filter.deleted)
    {
      gtk_single_selection_set_selected (self->selection, position);
      return;
    }

  if (!dp_history_page_open_game (self, dp_history_item_get_id (item), &error))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
replay_closed_cb (DpGameReplayPage *page,
                  DpHistoryPage    *self)
{
  gtk_stack_set_visible_child_name (self->stack, "list");
  /* The game may have been resumed and changed meanwhile. */
  dp_history_page_reload (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
}

static void
replay_delete_requested_cb (DpGameReplayPage *page,
                            const char       *game_id,
                            DpHistoryPage    *self)
{
  g_autoptr(GError) error = NULL;

  if (!dp_history_page_delete_game (self, game_id, &error))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
undo_delete_action_cb (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (!dp_history_page_undo_delete (self, g_variant_get_string (parameter, NULL), &error))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
view_changed_cb (GtkStack      *stack,
                 GParamSpec    *pspec,
                 DpHistoryPage *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE_VIEW]);
}

static void
deleted_toggled_cb (GtkToggleButton *button,
                    DpHistoryPage   *self)
{
  if (self->updating_widgets)
    return;
  dp_history_page_set_show_deleted (self, gtk_toggle_button_get_active (button));
}

static void
unfinished_toggled_cb (GtkToggleButton *button,
                       DpHistoryPage   *self)
{
  if (self->updating_widgets)
    return;
  dp_history_page_set_show_unfinished (self, gtk_toggle_button_get_active (button));
}

static void
show_deleted_clicked_cb (GtkButton     *button,
                         DpHistoryPage *self)
{
  dp_history_page_set_show_deleted (self, TRUE);
}

static void
selection_changed_cb (GtkSingleSelection *selection,
                      GParamSpec         *pspec,
                      DpHistoryPage      *self)
{
  update_deleted_bar (self);
}

static void
restore_clicked_cb (GtkButton     *button,
                    DpHistoryPage *self)
{
  DpHistoryItem *item = selected_item (self);
  g_autoptr(GError) error = NULL;

  if (item != NULL && !dp_history_page_undo_delete (self, dp_history_item_get_id (item), &error))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
purge_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   DpHistoryPage    *self)
{
  const char *game_id = g_object_get_data (G_OBJECT (dialog), "game-id");
  g_autoptr(GError) error = NULL;

  if (g_strcmp0 (response, "delete") == 0 &&
      !dp_history_page_purge_game (self, game_id, &error))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
purge_clicked_cb (GtkButton     *button,
                  DpHistoryPage *self)
{
  DpHistoryItem *item = selected_item (self);

  if (item != NULL)
    dp_history_page_ask_purge (self, dp_history_item_get_id (item));
}

static void
restore_imported_response_cb (AdwMessageDialog *dialog,
                              const char       *response,
                              DpHistoryPage    *self)
{
  GStrv ids = g_object_get_data (G_OBJECT (dialog), "game-ids");
  g_autoptr(GError) error = NULL;
  guint n;

  if (g_strcmp0 (response, "restore") != 0)
    return;

  for (n = 0; ids != NULL && ids[n] != NULL; n++)
    if (!restore_game (self, ids[n], &error))
      {
        adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
        return;
      }
  /* One toast for them all. */
  if (n == 1)
    toast_restored (self, ids[0]);
  else if (n > 1)
    {
      /* Translators: a toast after deleted games came back with an import */
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Restored: %u game", "Restored: %u games", n), n);
      AdwToast *toast = adw_toast_new (title);

      adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
    }
}

static void
restore_last_action_cb (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (widget);
  g_autoptr(GError) error = NULL;

  if (!dp_history_page_restore_last_deleted (self, &error))
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (error->message));
}

static void
import_chosen_cb (GtkNativeDialog *chooser,
                  int              response,
                  DpHistoryPage   *self)
{
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  gtk_native_dialog_destroy (chooser);
  g_object_unref (chooser);

  if (file != NULL)
    dp_history_page_import_file (self, file, NULL);
}

static void
import_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  if (self->store == NULL)
    return;

  chooser = gtk_file_chooser_native_new (_("Import Games"),
                                         GTK_WINDOW (gtk_widget_get_root (widget)),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         _("_Import"), _("_Cancel"));
  /* Translators: the file type of the import dialog */
  gtk_file_filter_set_name (filter, _("Dicepad export (JSON)"));
  gtk_file_filter_add_suffix (filter, "json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (import_chosen_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
export_all_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (widget);
  DpHistoryExportFormat format;
  GSettings *settings = dp_application_get_settings_for_widget (widget);
  g_autofree char *location = settings != NULL ? g_settings_get_string (settings, "bgstats-location") : NULL;
  const char *name;

  if (self->store == NULL ||
      !dp_history_export_format_from_string (g_variant_get_string (parameter, NULL), &format))
    return;

  /* Translators: the suggested file name of an export of every game; no spaces */
  name = format == DP_HISTORY_EXPORT_CSV ? _("dicepad-games.csv")
         /* Translators: the suggested file name of an export for BG Stats; no spaces */
         : format == DP_HISTORY_EXPORT_BGSTATS ? _("dicepad-bgstats.json")
         : _("dicepad-games.json");
  dp_history_export_run (widget, self->store, NULL, format, location, name);
}

static gboolean
focus_search_cb (GtkWidget *widget,
                 GVariant  *args,
                 gpointer   user_data)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (widget);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "list") != 0)
    return FALSE;
  return gtk_widget_grab_focus (GTK_WIDGET (self->search_entry));
}

static void
ensure_store (DpHistoryPage *self)
{
  DpStore *store = NULL;

  if (self->store != NULL)
    return;

  if (!dp_application_find_store (GTK_WIDGET (self), self->empty_page, _("Cannot Read the Games"), &store))
    gtk_stack_set_visible_child_name (self->list_stack, "empty");
  else if (store != NULL)
    dp_history_page_set_store (self, store);
}

static void
dp_history_page_map (GtkWidget *widget)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (widget);
  GTK_WIDGET_CLASS (dp_history_page_parent_class)->map (widget);

  /* Games are added at the table while this page is hidden: read again when shown
   * again (set_store() has just read the store the first time). */
  ensure_store (self);
  if (self->shown_before && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "list") == 0)
    dp_history_page_reload (self);
  self->shown_before = self->store != NULL;

  /* The keyboard starts in the list: arrows pick a game, Enter opens it. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "list") == 0 &&
      self->model != NULL && g_list_model_get_n_items (G_LIST_MODEL (self->model)) > 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->column_view));
}

static void
dp_history_page_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (object);

  switch (prop_id)
    {
    case PROP_CAN_RESTORE:
      g_value_set_boolean (value, dp_history_page_can_restore_deleted (self));
      break;
    case PROP_VISIBLE_VIEW:
      g_value_set_string (value, dp_history_page_get_visible_view (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
dp_history_page_dispose (GObject *object)
{
  GtkWidget *child;
  DpHistoryPage *self = DP_HISTORY_PAGE (object);
  GtkSorter *sorter = self->column_view != NULL ? gtk_column_view_get_sorter (self->column_view) : NULL;

  if (sorter != NULL)
    g_signal_handlers_disconnect_by_func (sorter, sorter_changed_cb, self);

  gtk_widget_dispose_template (GTK_WIDGET (object), DP_TYPE_HISTORY_PAGE);
  /* The template's unnamed top box is not a bound child: unparent it too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (dp_history_page_parent_class)->dispose (object);
}

static void
dp_history_page_finalize (GObject *object)
{
  DpHistoryPage *self = DP_HISTORY_PAGE (object);

  g_clear_object (&self->store);
  g_clear_object (&self->model);
  g_clear_object (&self->selection);
  g_clear_object (&self->probe_old);
  g_clear_object (&self->probe_new);
  g_clear_pointer (&self->kind_ids, g_strfreev);
  g_clear_pointer (&self->player_names, g_strfreev);
  g_clear_pointer (&self->deleted_ids, g_ptr_array_unref);
  g_free ((char *) self->filter.kind);
  g_free ((char *) self->filter.player);
  g_free ((char *) self->filter.search);

  G_OBJECT_CLASS (dp_history_page_parent_class)->finalize (object);
}

static void
dp_history_page_class_init (DpHistoryPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dp_history_page_dispose;
  object_class->finalize = dp_history_page_finalize;
  object_class->get_property = dp_history_page_get_property;
  widget_class->map = dp_history_page_map;

  /* TRUE while a game deleted here can come back with Ctrl+Z (win.undo). */
  properties[PROP_CAN_RESTORE] =
    g_param_spec_boolean ("can-restore", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* What dp_history_page_get_visible_view() says: "list", "empty" or "game". */
  properties[PROP_VISIBLE_VIEW] =
    g_param_spec_string ("visible-view", NULL, NULL, "list",
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (DP_TYPE_HISTORY_ITEM);
  g_type_ensure (DP_TYPE_GAME_REPLAY_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-history-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, deleted_button);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, unfinished_button);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, deleted_bar);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, restore_button);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, show_deleted_button);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, purge_button);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, stack);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, list_stack);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, search_entry);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, kind_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, player_dropdown);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, from_button);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, to_button);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, from_calendar);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, to_calendar);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, column_view);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, date_column);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, kind_column);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, players_column);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, winners_column);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, scores_column);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, empty_page);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, count_label);
  gtk_widget_class_bind_template_child (widget_class, DpHistoryPage, replay_page);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, kind_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, player_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, from_day_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, to_day_selected_cb);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, replay_closed_cb);
  gtk_widget_class_bind_template_callback (widget_class, replay_delete_requested_cb);
  gtk_widget_class_bind_template_callback (widget_class, deleted_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, unfinished_toggled_cb);
  gtk_widget_class_bind_template_callback (widget_class, restore_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, show_deleted_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, purge_clicked_cb);

  gtk_widget_class_install_action (widget_class, "history.clear-dates", NULL, clear_dates_action_cb);
  gtk_widget_class_install_action (widget_class, "history.undo-delete", "s", undo_delete_action_cb);
  gtk_widget_class_install_action (widget_class, "history.export-all", "s", export_all_action_cb);
  gtk_widget_class_install_action (widget_class, "history.restore-last-deleted", NULL, restore_last_action_cb);
  gtk_widget_class_install_action (widget_class, "history.import", NULL, import_action_cb);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, focus_search_cb, NULL);
  /* Back to the start page by keyboard, as from a game to the list (the replay page's
   * own Escape and Alt+Left run first while a game is open). */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.show-start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.show-start", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
dp_history_page_init (DpHistoryPage *self)
{
  DpGameFilter init = DP_GAME_FILTER_INIT;
  g_autoptr(GtkExpression) created = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->filter = init;
  self->deleted_ids = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect_object (self->stack, "notify::visible-child-name", G_CALLBACK (view_changed_cb), self, 0);
  self->probe_old = probe_item (0);
  self->probe_new = probe_item (1);

  set_cell_factory (self->date_column, dp_history_item_get_date_text, TRUE);
  set_cell_factory (self->kind_column, dp_history_item_get_kind_text, FALSE);
  set_cell_factory (self->players_column, dp_history_item_get_players_text, FALSE);
  set_cell_factory (self->winners_column, dp_history_item_get_winners_text, FALSE);
  set_cell_factory (self->scores_column, dp_history_item_get_scores_text, TRUE);

  created = gtk_property_expression_new (DP_TYPE_HISTORY_ITEM, NULL, "created");
  gtk_column_view_column_set_sorter (self->date_column,
                                     GTK_SORTER (gtk_numeric_sorter_new (g_steal_pointer (&created))));
  gtk_column_view_sort_by_column (self->column_view, self->date_column, GTK_SORT_DESCENDING);
  g_signal_connect (gtk_column_view_get_sorter (self->column_view), "changed",
                    G_CALLBACK (sorter_changed_cb), self);

  fill_kind_dropdown (self);
  update_date_buttons (self);
  update_count_and_empty (self);
  update_deleted_bar (self);
}

GtkWidget *
dp_history_page_new (void)
{
  return g_object_new (DP_TYPE_HISTORY_PAGE, NULL);
}

void
dp_history_page_set_store (DpHistoryPage *self,
                           DpStore       *store)
{
  g_return_if_fail (DP_IS_HISTORY_PAGE (self));
  g_return_if_fail (DP_IS_STORE (store));

  if (self->store == store)
    return;

  g_set_object (&self->store, store);
  self->shown_before = FALSE;
  g_clear_object (&self->model);
  self->model = dp_history_model_new (store);
  dp_history_model_set_filter (self->model, &self->filter);
  /* The model empties itself when a page cannot be read: show its error then. */
  g_signal_connect_object (self->model, "items-changed", G_CALLBACK (update_count_and_empty),
                           self, G_CONNECT_SWAPPED);
  /* A large history is counted on a worker: the count follows when it arrives. */
  g_signal_connect_object (self->model, "notify::counting", G_CALLBACK (update_count_and_empty),
                           self, G_CONNECT_SWAPPED);

  g_clear_object (&self->selection);
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->model)));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (selection_changed_cb), self);

  fill_player_dropdown (self);
  update_count_and_empty (self);
}

void
dp_history_page_reload (DpHistoryPage *self)
{
  g_return_if_fail (DP_IS_HISTORY_PAGE (self));

  if (self->model == NULL)
    return;

  fill_player_dropdown (self);
  apply_filter (self);
}

DpHistoryModel *
dp_history_page_get_model (DpHistoryPage *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), NULL);
  return self->model;
}

GtkColumnView *
dp_history_page_get_column_view (DpHistoryPage *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), NULL);
  return self->column_view;
}

void
dp_history_page_set_kind_filter (DpHistoryPage *self,
                                 const char    *kind)
{
  guint selected = 0;

  g_return_if_fail (DP_IS_HISTORY_PAGE (self));

  for (guint i = 0; kind != NULL && self->kind_ids[i] != NULL; i++)
    if (g_str_equal (self->kind_ids[i], kind))
      selected = i + 1;

  set_filter_string (&self->filter.kind, kind);
  self->updating_widgets = TRUE;
  gtk_drop_down_set_selected (self->kind_dropdown, selected);
  self->updating_widgets = FALSE;
  apply_filter (self);
}

void
dp_history_page_set_player_filter (DpHistoryPage *self,
                                   const char    *player)
{
  guint selected = 0;

  g_return_if_fail (DP_IS_HISTORY_PAGE (self));

  for (guint i = 0; player != NULL && self->player_names != NULL && self->player_names[i] != NULL; i++)
    if (g_str_equal (self->player_names[i], player))
      selected = i + 1;

  set_filter_string (&self->filter.player, player);
  self->updating_widgets = TRUE;
  gtk_drop_down_set_selected (self->player_dropdown, selected);
  self->updating_widgets = FALSE;
  apply_filter (self);
}

void
dp_history_page_set_search (DpHistoryPage *self,
                            const char    *text)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text != NULL ? text : ""));

  g_return_if_fail (DP_IS_HISTORY_PAGE (self));

  if (g_strcmp0 (stripped[0] != '\0' ? stripped : NULL, self->filter.search) == 0)
    return;

  set_filter_string (&self->filter.search, stripped);
  /* Replacing the text empties the entry first, and an empty search entry reports
   * "search-changed" at once: not a search of its own. */
  self->updating_widgets = TRUE;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->search_entry)), text != NULL ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->search_entry), text != NULL ? text : "");
  self->updating_widgets = FALSE;
  apply_filter (self);
}

void
dp_history_page_set_date_range (DpHistoryPage *self,
                                GDateTime     *from,
                                GDateTime     *to)
{
  g_return_if_fail (DP_IS_HISTORY_PAGE (self));

  self->filter.from = from != NULL ? local_day_start (from) : 0;
  self->filter.to = to != NULL ? local_day_start (to) + 24 * 60 * 60 - 1 : 0;

  self->updating_widgets = TRUE;
  if (from != NULL)
    gtk_calendar_select_day (self->from_calendar, from);
  if (to != NULL)
    gtk_calendar_select_day (self->to_calendar, to);
  self->updating_widgets = FALSE;

  update_date_buttons (self);
  apply_filter (self);
}

gboolean
dp_history_page_open_game (DpHistoryPage  *self,
                           const char     *game_id,
                           GError        **error)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!dp_game_replay_page_load (self->replay_page, self->store, game_id, error))
    return FALSE;

  gtk_stack_set_visible_child_name (self->stack, "game");
  gtk_widget_grab_focus (GTK_WIDGET (self->replay_page));
  return TRUE;
}

const char *
dp_history_page_get_visible_view (DpHistoryPage *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") == 0)
    return "game";
  return gtk_stack_get_visible_child_name (self->list_stack) != NULL &&
         g_str_equal (gtk_stack_get_visible_child_name (self->list_stack), "empty") ? "empty" : "list";
}

DpGameReplayPage *
dp_history_page_get_replay_page (DpHistoryPage *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), NULL);
  return self->replay_page;
}

gboolean
dp_history_page_delete_game (DpHistoryPage  *self,
                             const char     *game_id,
                             GError        **error)
{
  g_autofree char *game = NULL;
  g_autofree char *title = NULL;
  AdwToast *toast;

  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  /* Named while the store still lists it (@game_id may be the list's: not used after
   * the reload below). */
  game = dup_game_text (self, game_id);
  if (!dp_store_set_deleted (self->store, game_id, TRUE, error))
    return FALSE;

  forget_deleted_id (self, game_id);
  g_ptr_array_add (self->deleted_ids, g_strdup (game_id));
  if (self->deleted_ids->len == 1)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_RESTORE]);

  gtk_stack_set_visible_child_name (self->stack, "list");
  dp_history_page_reload (self);

  if (game != NULL)
    /* Translators: a toast after deleting a game in History, "Deleted: Calavera with Ina, Tom" */
    title = g_strdup_printf (_("Deleted: %s"), game);
  /* Translators: a toast after deleting a game in History */
  toast = adw_toast_new (title != NULL ? title : _("Game deleted"));
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "history.undo-delete");
  adw_toast_set_action_target_value (toast, g_variant_new_string (g_ptr_array_index (self->deleted_ids, self->deleted_ids->len - 1)));
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);

  return TRUE;
}

gboolean
dp_history_page_undo_delete (DpHistoryPage  *self,
                             const char     *game_id,
                             GError        **error)
{
  g_autofree char *id = g_strdup (game_id);  /* @game_id may be the list's, gone with the reload */

  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!restore_game (self, id, error))
    return FALSE;
  toast_restored (self, id);
  return TRUE;
}

gboolean
dp_history_page_can_restore_deleted (DpHistoryPage *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);
  return self->deleted_ids->len > 0;
}

gboolean
dp_history_page_restore_last_deleted (DpHistoryPage  *self,
                                      GError        **error)
{
  g_autofree char *game_id = NULL;

  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);

  if (self->store == NULL || self->deleted_ids->len == 0)
    {
      g_set_error_literal (error, DP_STORE_ERROR, DP_STORE_ERROR_NOTHING_TO_UNDO,
                           _("No deleted game to bring back."));
      return FALSE;
    }

  game_id = g_strdup (g_ptr_array_index (self->deleted_ids, self->deleted_ids->len - 1));
  /* Says "Restored: …" as every other way back does. */
  if (!dp_history_page_undo_delete (self, game_id, error))
    {
      /* Gone for good meanwhile (another window, dicepad-cli): not undoable. */
      forget_deleted_id (self, game_id);
      return FALSE;
    }
  return TRUE;
}

void
dp_history_page_set_show_deleted (DpHistoryPage *self,
                                  gboolean       show_deleted)
{
  g_return_if_fail (DP_IS_HISTORY_PAGE (self));

  show_deleted = !!show_deleted;
  if (self->filter.deleted == show_deleted)
    return;

  self->filter.deleted = show_deleted;
  self->updating_widgets = TRUE;
  gtk_toggle_button_set_active (self->deleted_button, show_deleted);
  self->updating_widgets = FALSE;
  update_title (self);
  if (self->selection != NULL)
    gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  gtk_stack_set_visible_child_name (self->stack, "list");
  apply_filter (self);
  update_deleted_bar (self);
}

/* The start page's "All Unfinished Games" (issue 26, item 2): the games in progress,
 * newest first, as many as there are. */
void
dp_history_page_set_show_unfinished (DpHistoryPage *self,
                                     gboolean       show_unfinished)
{
  int state = show_unfinished ? DP_GAME_STATE_IN_PROGRESS : -1;

  g_return_if_fail (DP_IS_HISTORY_PAGE (self));

  if (self->filter.state == state)
    return;

  self->filter.state = state;
  self->updating_widgets = TRUE;
  gtk_toggle_button_set_active (self->unfinished_button, show_unfinished);
  self->updating_widgets = FALSE;
  update_title (self);
  if (self->selection != NULL)
    gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  gtk_stack_set_visible_child_name (self->stack, "list");
  apply_filter (self);
}

gboolean
dp_history_page_get_show_unfinished (DpHistoryPage *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);
  return self->filter.state == DP_GAME_STATE_IN_PROGRESS;
}

gboolean
dp_history_page_get_show_deleted (DpHistoryPage *self)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);
  return self->filter.deleted;
}

gboolean
dp_history_page_purge_game (DpHistoryPage  *self,
                            const char     *game_id,
                            GError        **error)
{
  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (!dp_store_purge_game (self->store, game_id, error))
    return FALSE;

  forget_deleted_id (self, game_id);
  dp_history_page_reload (self);
  return TRUE;
}

GtkWindow *
dp_history_page_ask_purge (DpHistoryPage *self,
                           const char    *game_id)
{
  GtkWidget *dialog;

  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), NULL);

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Delete the Game for Good?"),
                                   _("Its sheets and its replay are removed from this computer. "
                                     "Only a backup or an exported file can bring it back."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "delete", _("_Delete for Good"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "delete", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "game-id", g_strdup (game_id), g_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (purge_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

GtkWindow *
dp_history_page_offer_restore (DpHistoryPage     *self,
                               const char *const *game_ids)
{
  GtkWidget *dialog;
  guint n;
  g_autofree char *body = NULL;

  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), NULL);

  n = game_ids != NULL ? g_strv_length ((GStrv) game_ids) : 0;
  if (n == 0)
    return NULL;

  body = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: after an import; %u is a count of games */
                                       "The file holds %u game that was deleted here. The import left it deleted.",
                                       "The file holds %u games that were deleted here. The import left them deleted.",
                                       n), n);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   g_dngettext (GETTEXT_PACKAGE, "Restore the Deleted Game?",
                                                "Restore the Deleted Games?", n),
                                   body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "keep", _("_Keep Deleted"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  g_object_set_data_full (G_OBJECT (dialog), "game-ids", g_strdupv ((GStrv) game_ids), (GDestroyNotify) g_strfreev);
  g_signal_connect_object (dialog, "response", G_CALLBACK (restore_imported_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return GTK_WINDOW (dialog);
}

gboolean
dp_history_page_import_file (DpHistoryPage  *self,
                             GFile          *file,
                             GtkWindow     **dialog_out)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) ids = NULL;
  g_auto(GStrv) deleted = NULL;
  guint imported = 0, skipped = 0, line = 0;
  GtkWindow *dialog = NULL;

  g_return_val_if_fail (DP_IS_HISTORY_PAGE (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (self->store != NULL, FALSE);

  if (dialog_out != NULL)
    *dialog_out = NULL;

  /* The same import as dicepad-cli's, with its line-numbered error. Games it left out
   * are named in a dialog; every other game was imported (issue 26, item 1). */
  if (!dp_exchange_import_file_full (self->store, file, &imported, &skipped, &ids, &line, NULL, &error) &&
      g_error_matches (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES))
    {
      GtkWidget *message = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                   _("Some Games Were Left Out"), error->message);

      dp_history_page_reload (self);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (message), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (message));
      if (dialog_out != NULL)
        *dialog_out = GTK_WINDOW (message);
      return TRUE;
    }
  if (error != NULL)
    {
      g_autofree char *body = line > 0
                              /* Translators: why an import failed: "Line 12: …" */
                              ? g_strdup_printf (_("Line %u: %s"), line, error->message)
                              : g_strdup (error->message);
      GtkWidget *message = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                                   _("Nothing Was Imported"), body);

      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (message), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (message));
      if (dialog_out != NULL)
        *dialog_out = GTK_WINDOW (message);
      return FALSE;
    }

  dp_history_page_reload (self);
  {
    g_autofree char *text = NULL;

    if (skipped > 0)
      /* Translators: a toast after an import: "Imported 3 games; 2 were stored already" */
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u game; %u were stored already",
                                           "Imported %u games; %u were stored already", imported),
                              imported, skipped);
    else
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Imported %u game", "Imported %u games", imported),
                              imported);
    adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (text));
  }

  /* A skipped game may be one deleted here: offer to bring it back. */
  deleted = dp_store_list_deleted_among (self->store, (const char *const *) ids, NULL);
  if (deleted != NULL && deleted[0] != NULL)
    dialog = dp_history_page_offer_restore (self, (const char *const *) deleted);
  if (dialog_out != NULL)
    *dialog_out = dialog;
  return TRUE;
}
