/* dp-window.c — the main window: start page, the table, history, statistics
 *
 * Pages live in one GtkStack (`pages`); the start and error pages come from
 * dp-window.ui, every other page is built when first shown (lazy_pages[] below, one
 * line per page, and one table page per game: DpGameUi.table_page_type). The window
 * knows no game: what differs comes from the game's DpGameView (dp-game-view.h: what
 * it says), its DpGameUi (dp-game-ui.h: widgets) and its table page (a DpTablePage). It owns the game being played (DpSession) and its
 * actions: win.new-game(s), win.new-game-default, win.start-game, win.resume(s),
 * win.undo, win.redo, win.play-again, win.show-start, win.show-unfinished.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "dp-window.h"
#include "dp-backup.h"
#include "dp-new-game-page.h"
#include "dp-result-page.h"
#include "dp-history-page.h"
#include "dp-statistics-page.h"
#include "dp-game-ui.h"
#include "dp-table-page.h"
#include "dp-text.h"
#include "dp-window-private.h"
#include "dp-phones-dialog.h"
#include "dp-bgstats-dialog.h"

/* How many unfinished games the start page offers to resume; the rest are one row away
 * (win.show-unfinished, History showing only the games in progress). */
#define DP_WINDOW_RESUME_ROWS 5

/* Narrower than this, a game's header shows no title (see update_header()). */
#define DP_WINDOW_NARROW_HEADER 480

struct _DpWindow
{
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  DpSession            *session;
  gulong                session_changed_id;
  gulong                session_reloaded_id;
  DpTableServer        *table_server;        /* phones at the table; runs while on (issue 18) */
  AdwToast             *last_toast;
  GCancellable         *backup_cancellable;  /* the daily backup running on a worker */
  gboolean              narrow;              /* too narrow for a title beside Undo/Redo */
  guint                 narrow_idle;

  /* Template widgets (the pages below them are built lazily: ensure_page()) */
  AdwWindowTitle       *window_title;
  GtkWidget            *back_button;
  GtkWidget            *undo_box;
  AdwToastOverlay      *toast_overlay;
  GtkStack             *pages;
  AdwStatusPage        *start_page;
  GtkBox               *start_buttons;
  GtkWidget            *history_button;
  GtkWidget            *statistics_button;
  AdwPreferencesGroup  *resume_group;
  GtkLabel             *store_error_label;
  GPtrArray            *resume_rows;
  DpNewGamePage        *new_game_page;
  DpResultPage         *result_page;
  AdwStatusPage        *error_page;
  GtkSpinner           *updating_spinner;
};

G_DEFINE_FINAL_TYPE (DpWindow, dp_window, ADW_TYPE_APPLICATION_WINDOW)

static void setup_new_game_page (DpWindow *self, GtkWidget *page);
static void setup_table_page (DpWindow *self, GtkWidget *page);
static void setup_result_page (DpWindow *self, GtkWidget *page);
static void setup_history_page (DpWindow *self, GtkWidget *page);

/* Pages nobody sees at start-up are built the first time they are shown (or asked for
 * with dp_window_get_page()), so the window maps sooner: bench/bench-startup.c, issue 5
 * "at most 1.25× the baseline". Only the start and error pages are in dp-window.ui. A
 * new page: one line here, with a setup function that keeps the pointer and connects
 * the signals; code that uses self->X_page calls ensure_page() first. */
static const struct
{
  const char *name;
  const char *title;
  GType     (*get_type) (void);
  void      (*setup) (DpWindow *self, GtkWidget *page);
} lazy_pages[] = {
  { "new-game", N_("New Game"), dp_new_game_page_get_type, setup_new_game_page },
  { "result", N_("Result"), dp_result_page_get_type, setup_result_page },
  { "history", N_("History"), dp_history_page_get_type, setup_history_page },
  { "statistics", N_("Statistics"), dp_statistics_page_get_type, NULL },
};

/* The page called @name, built now if it is a lazy one; NULL for an unknown name. */
static GtkWidget *
ensure_page (DpWindow   *self,
             const char *name)
{
  GtkWidget *page = gtk_stack_get_child_by_name (self->pages, name);

  if (page != NULL || name == NULL)
    return page;

  for (guint i = 0; i < G_N_ELEMENTS (lazy_pages); i++)
    if (strcmp (lazy_pages[i].name, name) == 0)
      {
        page = g_object_new (lazy_pages[i].get_type (), NULL);
        gtk_stack_add_titled (self->pages, page, name, _(lazy_pages[i].title));
        if (lazy_pages[i].setup != NULL)
          lazy_pages[i].setup (self, page);
        return page;
      }

  /* The table page of each game (DpGameUi.table_page_name). */
  {
    g_autoptr(GPtrArray) uis = dp_game_ui_dup_list ();

    for (guint i = 0; i < uis->len; i++)
      {
        const DpGameUi *ui = g_ptr_array_index (uis, i);

        if (strcmp (ui->table_page_name, name) == 0)
          {
            page = g_object_new (ui->table_page_type (), NULL);
            gtk_stack_add_titled (self->pages, page, name, _(ui->table_title));
            setup_table_page (self, page);
            return page;
          }
      }
  }

  return NULL;
}

/* The table page of @ui's game, built if needed. */
static DpTablePage *
ensure_table_page (DpWindow       *self,
                   const DpGameUi *ui)
{
  return DP_TABLE_PAGE (ensure_page (self, ui->table_page_name));
}

static DpStore *
get_store (DpWindow  *self,
           GError   **error)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  if (app == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Dicepad is not running"));
      return NULL;
    }
  return dp_application_get_store (DP_APPLICATION (app), error);
}

static void
toast_dismissed_cb (DpWindow *self,
                    AdwToast *toast)
{
  if (self->last_toast == toast)
    g_clear_weak_pointer (&self->last_toast);
}

static void
show_toast (DpWindow   *self,
            const char *title,
            const char *button_label,
            const char *action_name)
{
  AdwToast *toast;
  GtkWidget *label;

  /* One toast at a time: the newest entry is the one Undo takes back. The toast on
   * screen says the new entry: replacing it instead would dismiss a toast still
   * sliding in, which libadwaita 1.2 does not survive when entries come fast (a
   * typed roll, Enter, a choice key within 300 ms). */
  if (self->last_toast != NULL && GTK_IS_LABEL (adw_toast_get_custom_title (self->last_toast)))
    {
      gtk_label_set_text (GTK_LABEL (adw_toast_get_custom_title (self->last_toast)), title);
      adw_toast_set_button_label (self->last_toast, button_label);
      adw_toast_set_action_name (self->last_toast, button_label != NULL ? action_name : NULL);
      /* …for its full time from now: added again, a toast on screen starts its timeout
       * anew (libadwaita 1.2, adw_toast_overlay_add_toast(); it takes no reference then).
       * Else the toast of an entry made 4 s after the first went within a second. */
      adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (self->last_toast));
      return;
    }

  /* The title wraps onto a second line instead of being cut off: a toast that says
   * what Dicepad entered by itself is long ("Ina passes — and, with nothing to decide:
   * …"), and nobody can read an ellipsis (qa2). A plain label: names are no markup.
   * Two lines fit the height the toast has for one (its button sets it). */
  label = gtk_label_new (title);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* …only when it must: a short toast stays on one line. */
  gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_NONE);
  gtk_label_set_lines (GTK_LABEL (label), 2);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 100);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  toast = g_object_new (ADW_TYPE_TOAST, "custom-title", label, NULL);
  g_set_weak_pointer (&self->last_toast, toast);
  /* A dismissed toast is on its way out: the next entry gets a new one. */
  g_signal_connect_swapped (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self);

  if (button_label != NULL)
    {
      adw_toast_set_button_label (toast, button_label);
      adw_toast_set_action_name (toast, action_name);
    }
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_error (DpWindow   *self,
            const char *message)
{
  show_toast (self, message, NULL, NULL);
}

/* A store that cannot be opened (a newer database, no permission…) is explained on
 * its own page instead of crashing or touching the file. */
static void
show_store_error (DpWindow *self,
                  GError   *error)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  g_autofree char *description = NULL;

  description = g_markup_printf_escaped (_("%s\n\nDatabase: %s"), error->message,
                                         app != NULL ? dp_application_get_database_path (DP_APPLICATION (app)) : "");
  adw_status_page_set_description (self->error_page, description);
  gtk_stack_set_visible_child_name (self->pages, "error");
}

/* In History, Ctrl+Z (win.undo) brings back the game deleted there last. */
static gboolean
history_can_restore (DpWindow *self)
{
  GtkWidget *history = gtk_stack_get_child_by_name (self->pages, "history");

  return history != NULL && gtk_stack_get_visible_child (self->pages) == history &&
         dp_history_page_can_restore_deleted (DP_HISTORY_PAGE (history));
}

static gboolean
history_shows_game (DpWindow *self)
{
  GtkWidget *history = gtk_stack_get_child_by_name (self->pages, "history");

  return history != NULL && gtk_stack_get_visible_child (self->pages) == history &&
         g_strcmp0 (dp_history_page_get_visible_view (DP_HISTORY_PAGE (history)), "game") == 0;
}

static void
update_header (DpWindow *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->pages);
  GtkWidget *visible = gtk_stack_get_visible_child (self->pages);
  gboolean playing = self->session != NULL &&
                     (DP_IS_TABLE_PAGE (visible) || g_strcmp0 (page, "result") == 0);

  gtk_widget_set_visible (self->undo_box, playing);
  /* At 360 px, Back, Undo, Redo, the menu and the window's buttons leave no room for a
   * title: it is left out rather than cut (the round stays in the subtitle property). */
  gtk_widget_set_visible (GTK_WIDGET (self->window_title), !(playing && self->narrow));
  /* Issue 14 item 6, issue 15: a toast never covers a control or a sheet. AdwToastOverlay
   * (libadwaita 1.2) always shows toasts at its bottom centre, so a table page leaves a
   * fixed strip free at the bottom for them: nothing moves when a toast comes or goes. */
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->pages),
                                DP_IS_TABLE_PAGE (visible) && !DP_TABLE_PAGE_GET_IFACE (visible)->toasts_over_content
                                ? DP_WINDOW_TOAST_STRIP : 0);
  /* The toast says what happened at the table: it goes with it, and never lies over the
   * start page's Resume (issue 25, item 3.10). */
  if (g_strcmp0 (page, "start") == 0 && self->last_toast != NULL)
    adw_toast_dismiss (self->last_toast);
  /* One Back button at a time: a game opened in History has its own, to the list. */
  gtk_widget_set_visible (self->back_button, g_strcmp0 (page, "start") != 0 && g_strcmp0 (page, "error") != 0 &&
                                             g_strcmp0 (page, "updating") != 0 && !history_shows_game (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 (playing && dp_session_can_undo (self->session)) || history_can_restore (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", playing && dp_session_can_redo (self->session));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.phones", playing);

  if (playing && dp_game_view_for_game (dp_session_get_game (self->session)) != NULL)
    {
      g_autofree char *subtitle = dp_game_view_dup_round_text (dp_session_get_game (self->session));
      adw_window_title_set_subtitle (self->window_title, subtitle);
    }
  else
    adw_window_title_set_subtitle (self->window_title, "");
}

static void
clear_resume_rows (DpWindow *self)
{
  for (guint i = 0; i < self->resume_rows->len; i++)
    adw_preferences_group_remove (self->resume_group, g_ptr_array_index (self->resume_rows, i));
  g_ptr_array_set_size (self->resume_rows, 0);
}

/* Start-up offers to resume: the few newest unfinished games, then one row that opens
 * all of them in History. Building a row per unfinished game made the window take 61 s
 * to appear with 6,271 of them (issue 26, item 2); the start page reads at most
 * DP_WINDOW_RESUME_ROWS + 1 games, one index step each, whatever the history holds. */
static void
refresh_start_page (DpWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  DpStore *store = get_store (self, &error);

  clear_resume_rows (self);
  gtk_widget_set_visible (GTK_WIDGET (self->resume_group), FALSE);

  if (store == NULL)
    {
      show_store_error (self, error);
      return;
    }

  filter.state = DP_GAME_STATE_IN_PROGRESS;
  /* One more than shown: is there a game the rows do not show? */
  games = dp_store_list_games (store, &filter, 0, DP_WINDOW_RESUME_ROWS + 1, &error);
  if (games == NULL)
    {
      gtk_label_set_text (self->store_error_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->store_error_label), TRUE);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->store_error_label), FALSE);

  for (guint i = 0; i < games->len && i < DP_WINDOW_RESUME_ROWS; i++)
    {
      DpGameSummary *summary = g_ptr_array_index (games, i);
      const char *names[4];
      g_autofree char *title = NULL;
      g_autofree char *subtitle = NULL;
      g_autofree char *accessible = NULL;
      g_autoptr(GDateTime) created = g_date_time_new_from_unix_local (summary->created);
      g_autofree char *when = created != NULL ? g_date_time_format (created, "%x %X") : g_strdup ("");
      const DpGameKind *kind = dp_game_kind_lookup (summary->kind);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *button = gtk_button_new_with_mnemonic (i == 0 ? _("_Resume") : _("Resume"));

      for (guint s = 0; s < summary->n_players && s < 4; s++)
        names[s] = summary->names[s];
      title = dp_join_names (names, MIN (summary->n_players, 4));
      /* Translators: under an unfinished game on the start page, "Calavera · started 01/05/26 20:14" */
      subtitle = g_strdup_printf (_("%s · started %s"), kind != NULL ? dp_game_kind_get_name (kind) : summary->kind, when);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);

      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", summary->id);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.resume");
      if (i == 0)
        gtk_widget_add_css_class (button, "suggested-action");
      /* Translators: accessible name of a Resume button, "Resume the game of Ina and Sami" */
      accessible = g_strdup_printf (_("Resume the game of %s"), title);
      gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible, -1);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);

      g_object_set_data (G_OBJECT (row), "resume-button", button);
      adw_preferences_group_add (self->resume_group, row);
      g_ptr_array_add (self->resume_rows, row);
    }
  if (games->len > DP_WINDOW_RESUME_ROWS)
    {
      GtkWidget *row = adw_action_row_new ();

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("All Unfinished Games"));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Open them in History"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.show-unfinished");
      adw_preferences_group_add (self->resume_group, row);
      g_ptr_array_add (self->resume_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->resume_group), games->len > 0);
}

/* Keyboard-only play: the first thing to do on the start page has the focus. */
static void
focus_start_page (DpWindow *self)
{
  if (self->resume_rows->len > 0)
    {
      GtkWidget *row = g_ptr_array_index (self->resume_rows, 0);
      GtkWidget *button = g_object_get_data (G_OBJECT (row), "resume-button");

      if (button != NULL)
        gtk_widget_grab_focus (button);
    }
  else if (gtk_widget_get_first_child (GTK_WIDGET (self->start_buttons)) != NULL)
    gtk_widget_grab_focus (gtk_widget_get_first_child (GTK_WIDGET (self->start_buttons)));
}

static void
show_page (DpWindow   *self,
           const char *name)
{
  if (g_strcmp0 (name, "start") == 0)
    refresh_start_page (self);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), "error") == 0 &&
      g_strcmp0 (name, "start") == 0)
    return;   /* the store error stays in front */

  ensure_page (self, name);
  gtk_stack_set_visible_child_name (self->pages, name);
  update_header (self);

  if (g_strcmp0 (name, "start") == 0)
    focus_start_page (self);
}

/* The store opened in the background: the start page (or why it cannot be opened). */
static void
store_opened_cb (DpApplication *app,
                 DpWindow      *self)
{
  const char *page = gtk_stack_get_visible_child_name (self->pages);

  g_signal_handlers_disconnect_by_func (app, store_opened_cb, self);
  gtk_spinner_stop (self->updating_spinner);
  /* A page the players went to meanwhile (New Game) stays; one that said "wait" goes. */
  if (g_strcmp0 (page, "updating") == 0 || g_strcmp0 (page, "error") == 0)
    {
      gtk_stack_set_visible_child_name (self->pages, "start");
      show_page (self, "start");
    }
}

static void
follow_session (DpWindow *self)
{
  const DpGame *game = self->session != NULL ? dp_session_get_game (self->session) : NULL;
  const DpGameUi *ui = game != NULL ? dp_game_ui_for_game (game) : NULL;

  if (ui == NULL)
    return;

  if (dp_game_is_finished (game))
    {
      ensure_page (self, "result");
      dp_result_page_set_game (self->result_page, game);
      show_page (self, "result");
    }
  else
    {
      gboolean shown = g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), ui->table_page_name) == 0;

      show_page (self, ui->table_page_name);
      /* Switching pages, GtkStack hands the focus to the page's first focusable widget
       * (e.g. Cubitos' Push, also in danger): the page puts it on its safe default. The
       * choice button that had the focus may be gone after an entry: keep the keyboard
       * where the next entry is made. */
      if (!shown)
        dp_table_page_focus_entry (ensure_table_page (self, ui));
      else
        dp_table_page_keep_focus (ensure_table_page (self, ui));
    }
  update_header (self);
}

static void
session_changed_cb (DpSession *session,
                    DpWindow  *self)
{
  follow_session (self);
}

static void
backup_daily_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_autoptr(DpWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  gboolean ok = dp_backup_daily_finish (DP_STORE (source), result, NULL, &error);

  /* Cancelled: the window was closed (disposed) meanwhile, nothing to show. */
  if (g_cancellable_is_cancelled (cancellable))
    return;
  g_clear_object (&self->backup_cancellable);
  if (!ok)
    show_error (self, error->message);
}

/* Once a day while games are played, a copy of every game (dp-backup.h): when a game
 * starts or is resumed. The copy runs on a worker with its own connection (about 2.7 s
 * for a 157 MB database), so the window goes on taking actions meanwhile. */
static void
backup_daily (DpWindow *self)
{
  DpStore *store = get_store (self, NULL);

  if (store == NULL || self->backup_cancellable != NULL)
    return;
  self->backup_cancellable = g_cancellable_new ();
  dp_backup_daily_async (store, NULL, self->backup_cancellable, backup_daily_cb, g_object_ref (self));
}

static void
set_session (DpWindow  *self,
             DpSession *session)
{
  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->session_changed_id, self->session);
      g_clear_signal_handler (&self->session_reloaded_id, self->session);
      dp_session_watch (self->session, 0);
      g_clear_object (&self->session);
    }
  /* Phones follow one game: another game switches them off. */
  if (self->table_server != NULL)
    dp_table_server_stop (self->table_server);
  g_clear_object (&self->table_server);

  /* A table page is built for the first game of its kind only (ensure_page()); the
   * pages of the other games let their last session go. */
  {
    const DpGameUi *ui = session != NULL ? dp_game_ui_for_game (dp_session_get_game (session)) : NULL;
    g_autoptr(GPtrArray) uis = dp_game_ui_dup_list ();

    for (guint i = 0; i < uis->len; i++)
      {
        const DpGameUi *other = g_ptr_array_index (uis, i);

        if (other == ui)
          dp_table_page_set_session (ensure_table_page (self, other), session);
        else if (gtk_stack_get_child_by_name (self->pages, other->table_page_name) != NULL)
          dp_table_page_set_session (ensure_table_page (self, other), NULL);
      }
  }
  if (session == NULL)
    return;

  self->session = g_object_ref (session);
  self->session_changed_id = g_signal_connect (session, "changed", G_CALLBACK (session_changed_cb), self);
  /* Another process (dicepad-cli, phones via `serve`, a second window) moved the game
   * on: the window shows the stored game and says what happened (issue 24, item 10). */
  self->session_reloaded_id = g_signal_connect_swapped (session, "reloaded", G_CALLBACK (show_error), self);
  dp_session_watch (session, DP_SESSION_WATCH_MS);
  follow_session (self);
  backup_daily (self);
}

static void
entry_stored_cb (DpTablePage *page,
                 const char  *text,
                 DpWindow    *self)
{
  show_toast (self, text, _("_Undo"), "win.undo");
}

static void
entry_failed_cb (DpTablePage *page,
                 const char  *message,
                 DpWindow    *self)
{
  show_error (self, message);
}

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);
  const char *kind = g_variant_get_string (parameter, NULL);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) last = g_settings_get_strv (self->settings, "last-players");
  g_auto(GStrv) known = NULL;
  DpStore *store = get_store (self, &error);

  if (store == NULL)
    {
      show_store_error (self, error);
      return;
    }

  if (dp_game_kind_lookup (kind) == NULL || dp_game_ui_lookup (kind) == NULL)
    {
      /* Translators: %s is a game's key from a file or a link, e.g. "farkle" */
      g_autofree char *message = g_strdup_printf (_("The game “%s” cannot be played in this version"), kind);
      show_error (self, message);
      return;
    }

  known = dp_store_list_player_names (store, NULL);
  ensure_page (self, "new-game");
  dp_new_game_page_reset (self->new_game_page, kind, (const char *const *) last, (const char *const *) known,
                          store);
  show_page (self, "new-game");
  dp_new_game_page_focus_first (self->new_game_page);
}

/* The one way a game starts: its setup text (kind, players, options). */
static void
start_game (DpWindow   *self,
            const char *setup)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpSession) session = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  const DpGame *game;
  DpStore *store = get_store (self, &error);

  if (store == NULL)
    {
      show_store_error (self, error);
      return;
    }

  session = dp_session_new (store, setup, &error);
  if (session == NULL)
    {
      show_error (self, error->message);
      return;
    }

  game = dp_session_get_game (session);
  for (guint seat = 0; seat < dp_game_get_n_players (game); seat++)
    g_ptr_array_add (names, (gpointer) dp_game_get_player_name (game, seat));
  g_ptr_array_add (names, NULL);
  g_settings_set_strv (self->settings, "last-players", (const char *const *) names->pdata);
  set_session (self, session);
}

static void
start_game_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);
  g_autofree char *setup = NULL;

  if (self->new_game_page == NULL || !dp_new_game_page_is_valid (self->new_game_page))
    return;

  setup = dp_new_game_page_dup_setup (self->new_game_page);
  start_game (self, setup);
}

static void
resume_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpSession) session = NULL;
  DpStore *store = get_store (self, &error);

  if (store == NULL)
    {
      show_store_error (self, error);
      return;
    }

  /* One window per game (the GNOME way): a game already open in another window is
   * brought forward there instead of being played in two places. */
  {
    GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

    for (GList *l = app != NULL ? gtk_application_get_windows (app) : NULL; l != NULL; l = l->next)
      {
        DpSession *other = DP_IS_WINDOW (l->data) ? DP_WINDOW (l->data)->session : NULL;

        if (l->data != (gpointer) self && other != NULL &&
            g_strcmp0 (dp_session_get_id (other), g_variant_get_string (parameter, NULL)) == 0)
          {
            gtk_window_present (GTK_WINDOW (l->data));
            return;
          }
      }
  }

  session = dp_session_load (store, g_variant_get_string (parameter, NULL), &error);
  if (session == NULL)
    {
      show_error (self, error->message);
      return;
    }
  set_session (self, session);
}

/* Takes back (or makes again) the last entry and says which, the game's own words when
 * it has them: "Undone: Cleo's green cross" (issue 14). */
static void
step_session (DpWindow *self,
              gboolean  redo)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) before = NULL;
  g_autofree char *text = NULL;
  gboolean done;

  if (self->session == NULL ||
      !(redo ? dp_session_can_redo (self->session) : dp_session_can_undo (self->session)))
    return;
  before = dp_game_copy (dp_session_get_game (self->session));
  done = redo ? dp_session_redo (self->session, &error) : dp_session_undo (self->session, &error);
  if (!done)
    {
      show_error (self, error->message);
      return;
    }
  text = dp_game_view_dup_undo_toast (before, dp_session_get_game (self->session), redo);
  show_toast (self, text, redo ? _("_Undo") : _("_Redo"), redo ? "win.undo" : "win.redo");
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (history_can_restore (self))
    {
      if (!dp_history_page_restore_last_deleted (DP_HISTORY_PAGE (ensure_page (self, "history")), &error))
        show_error (self, error->message);
      return;
    }
  /* Issue 27: during a re-roll's pick-up Ctrl+Z takes back the pick-up, not the roll. */
  if (self->session != NULL)
    {
      const DpGameUi *ui = dp_game_ui_for_game (dp_session_get_game (self->session));
      g_autofree char *text = NULL;

      if (ui != NULL && g_strcmp0 (gtk_stack_get_visible_child_name (self->pages), ui->table_page_name) == 0)
        text = dp_table_page_take_back_unstored (ensure_table_page (self, ui));
      if (text != NULL)
        {
          show_toast (self, text, NULL, NULL);
          return;
        }
    }
  step_session (self, FALSE);
}

static void
redo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  step_session (DP_WINDOW (widget), TRUE);
}

static void
play_again_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);
  const DpGame *game;
  const DpGameView *view;
  g_autofree char *setup = NULL;

  if (self->session == NULL)
    return;

  /* The same players in the same seats; start_game() drops the old session. */
  game = dp_session_get_game (self->session);
  view = dp_game_view_for_game (game);
  if (view != NULL && view->dup_setup_again != NULL)
    setup = view->dup_setup_again (game, dp_session_get_store (self->session));
  else
    setup = dp_game_dup_setup_text (game);
  start_game (self, setup);
}

/* The menu's New Game and Ctrl+N: a new game of the default game (dp_game_ui_get_default()). */
static void
new_game_default_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);
  DpGameFilter filter = DP_GAME_FILTER_INIT;
  g_autoptr(GPtrArray) last = NULL;
  const DpGameUi *ui = NULL;
  DpStore *store = get_store (self, NULL);

  /* Ctrl+N: a new game of the kind played last (issue 19), the default game while none
   * has been played; the start page's buttons choose any game. */
  last = store != NULL ? dp_store_list_games (store, &filter, 0, 1, NULL) : NULL;
  if (last != NULL && last->len > 0)
    ui = dp_game_ui_lookup (((DpGameSummary *) last->pdata[0])->kind);
  if (ui == NULL)
    ui = dp_game_ui_get_default ();
  gtk_widget_activate_action (widget, "win.new-game", "s", ui->kind_id);
}

/* History and Statistics: win.show-page('history') / win.show-page('statistics'). */
static void
show_page_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  const char *name = g_variant_get_string (parameter, NULL);

  if (g_strcmp0 (name, "history") == 0 || g_strcmp0 (name, "statistics") == 0)
    show_page (DP_WINDOW (widget), name);
}

/* The start page's "All Unfinished Games": History with only the games in progress. */
static void
show_unfinished_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);
  DpHistoryPage *history = DP_HISTORY_PAGE (ensure_page (self, "history"));

  dp_history_page_set_show_deleted (history, FALSE);
  dp_history_page_set_show_unfinished (history, TRUE);
  show_page (self, "history");
}

static void
show_start_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  show_page (DP_WINDOW (widget), "start");
}

static void
dp_window_save_size (DpWindow *self)
{
  int width, height;

  /* A maximized window keeps the size it had before, for when it is unmaximized. */
  if (!gtk_window_is_maximized (GTK_WINDOW (self)))
    {
      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized",
                          gtk_window_is_maximized (GTK_WINDOW (self)));
}

static gboolean
dp_window_close_request (GtkWindow *window)
{
  DpWindow *self = DP_WINDOW (window);

  /* Nothing else to save: every entry reached the database when it was made. */
  if (self->settings != NULL)
    dp_window_save_size (self);

  return GTK_WINDOW_CLASS (dp_window_parent_class)->close_request (window);
}

static void
dp_window_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (dp_window_parent_class)->map (widget);

  /* The window gives the focus away when it is shown: take it back for the start page. */
  if (g_strcmp0 (gtk_stack_get_visible_child_name (DP_WINDOW (widget)->pages), "start") == 0)
    focus_start_page (DP_WINDOW (widget));

  /* bench/bench-startup.c measures exec → mapped; it reads this one line. */
  if (g_getenv ("DICEPAD_BENCH_REPORT_MAPPED") != NULL)
    {
      g_print ("mapped\n");
      fflush (stdout);
    }
}

/* ---- The lazy pages (lazy_pages[], ensure_page()) ---- */

static void
setup_new_game_page (DpWindow  *self,
                     GtkWidget *page)
{
  self->new_game_page = DP_NEW_GAME_PAGE (page);
}

/* Every game's table page: its entries are said in a toast (with Undo). */
static void
setup_table_page (DpWindow  *self,
                  GtkWidget *page)
{
  g_signal_connect (page, "entry-stored", G_CALLBACK (entry_stored_cb), self);
  g_signal_connect (page, "entry-failed", G_CALLBACK (entry_failed_cb), self);
  if (self->settings != NULL)
    dp_table_page_set_settings (DP_TABLE_PAGE (page), self->settings);
}

static void
setup_result_page (DpWindow  *self,
                   GtkWidget *page)
{
  self->result_page = DP_RESULT_PAGE (page);
}

static void
history_changed_cb (GObject    *page,
                        GParamSpec *pspec,
                        DpWindow   *self)
{
  update_header (self);
}

static void
setup_history_page (DpWindow  *self,
                    GtkWidget *page)
{
  g_signal_connect_object (page, "notify::can-restore", G_CALLBACK (history_changed_cb), self, 0);
  g_signal_connect_object (page, "notify::visible-view", G_CALLBACK (history_changed_cb), self, 0);
}

/* After construction: "application" is not a construct property, so it is only set
 * once g_object_new() has run constructed(). */
static void
dp_window_setup (DpWindow *self)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));

  g_return_if_fail (DP_IS_APPLICATION (app));

  self->settings = g_object_ref (dp_application_get_settings (DP_APPLICATION (app)));
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  /* An older database is migrated on a worker while the window shows that it is
   * (issue 26: nothing that grows with the stored games before the first frame). */
  if (dp_application_open_store_in_background (DP_APPLICATION (app)))
    {
      g_signal_connect_object (app, "store-opened", G_CALLBACK (store_opened_cb), self, 0);
      gtk_spinner_start (self->updating_spinner);
      gtk_stack_set_visible_child_name (self->pages, "updating");
      update_header (self);
      return;
    }
  show_page (self, "start");
}

static void
phone_entry_stored_cb (DpTableServer *server,
                       int            seat,
                       const char    *text,
                       DpWindow      *self)
{
  /* @text says it came from a phone (dp_game_view_dup_phone_toast()) */
  show_toast (self, text, _("_Undo"), "win.undo");
}

static void
phones_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);

  if (self->session == NULL)
    return;
  if (self->table_server == NULL)
    {
      self->table_server = dp_table_server_new (self->session, NULL);
      g_signal_connect_object (self->table_server, "entry-stored", G_CALLBACK (phone_entry_stored_cb), self, 0);
      /* one switch for the window and the phones */
      if (self->settings != NULL)
        g_settings_bind (self->settings, "show-assistant", self->table_server, "assistant",
                         G_SETTINGS_BIND_GET);
    }
  gtk_window_present (GTK_WINDOW (dp_phones_dialog_new (GTK_WINDOW (self), self->table_server)));
}

/* A table page's state changed without an entry (the Calavera assistant's tables are
 * built): the phones are told again. */
static void
refresh_phones_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);

  if (self->table_server != NULL && dp_table_server_is_running (self->table_server))
    dp_table_server_refresh (self->table_server);
}

/* The result page's "Send to BG Stats": the finished game of the table as a QR code. */
static void
send_bgstats_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  DpWindow *self = DP_WINDOW (widget);

  if (self->session == NULL || !dp_game_is_finished (dp_session_get_game (self->session)))
    return;
  gtk_window_present (GTK_WINDOW (dp_bgstats_dialog_new (GTK_WINDOW (self), dp_session_get_store (self->session),
                                                         dp_session_get_id (self->session), self->settings)));
}

static gboolean
narrow_idle_cb (gpointer data)
{
  DpWindow *self = data;

  self->narrow_idle = 0;
  update_header (self);
  return G_SOURCE_REMOVE;
}

static void
dp_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  DpWindow *self = DP_WINDOW (widget);
  gboolean narrow = width < DP_WINDOW_NARROW_HEADER;

  GTK_WIDGET_CLASS (dp_window_parent_class)->size_allocate (widget, width, height, baseline);

  /* Changing the header during the allocation would re-enter it; right after. */
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      if (self->narrow_idle == 0)
        self->narrow_idle = g_idle_add (narrow_idle_cb, self);
    }
}

static void
dp_window_dispose (GObject *object)
{
  DpWindow *self = DP_WINDOW (object);

  g_clear_handle_id (&self->narrow_idle, g_source_remove);
  g_cancellable_cancel (self->backup_cancellable);
  g_clear_object (&self->backup_cancellable);
  if (self->table_server != NULL)
    dp_table_server_stop (self->table_server);
  g_clear_object (&self->table_server);

  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->session_changed_id, self->session);
      g_clear_signal_handler (&self->session_reloaded_id, self->session);
      dp_session_watch (self->session, 0);
      g_clear_object (&self->session);
    }
  g_clear_weak_pointer (&self->last_toast);
  if (self->resume_rows != NULL)
    g_ptr_array_set_size (self->resume_rows, 0);
  gtk_widget_dispose_template (GTK_WIDGET (self), DP_TYPE_WINDOW);
  /* The lazy pages went with the page stack. */
  self->new_game_page = NULL;
  self->result_page = NULL;
  g_clear_pointer (&self->resume_rows, g_ptr_array_unref);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (dp_window_parent_class)->dispose (object);
}

static void
dp_window_class_init (DpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = dp_window_dispose;
  widget_class->map = dp_window_map;
  widget_class->size_allocate = dp_window_size_allocate;
  window_class->close_request = dp_window_close_request;

  /* The pages (built lazily: lazy_pages[]). */
  g_type_ensure (DP_TYPE_NEW_GAME_PAGE);
  g_type_ensure (DP_TYPE_RESULT_PAGE);
  g_type_ensure (DP_TYPE_HISTORY_PAGE);
  g_type_ensure (DP_TYPE_STATISTICS_PAGE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, DpWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, undo_box);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, pages);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, start_page);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, start_buttons);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, history_button);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, statistics_button);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, resume_group);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, store_error_label);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, DpWindow, updating_spinner);

  gtk_widget_class_install_action (widget_class, "win.new-game", "s", new_game_action);
  gtk_widget_class_install_action (widget_class, "win.refresh-phones", NULL, refresh_phones_action);
  gtk_widget_class_install_action (widget_class, "win.new-game-default", NULL, new_game_default_action);
  gtk_widget_class_install_action (widget_class, "win.start-game", NULL, start_game_action);
  gtk_widget_class_install_action (widget_class, "win.resume", "s", resume_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, redo_action);
  gtk_widget_class_install_action (widget_class, "win.phones", NULL, phones_action);
  gtk_widget_class_install_action (widget_class, "win.play-again", NULL, play_again_action);
  gtk_widget_class_install_action (widget_class, "win.send-bgstats", NULL, send_bgstats_action);
  gtk_widget_class_install_action (widget_class, "win.show-start", NULL, show_start_action);
  gtk_widget_class_install_action (widget_class, "win.show-page", "s", show_page_action);
  gtk_widget_class_install_action (widget_class, "win.show-unfinished", NULL, show_unfinished_action);
}

/* A start-page button's mnemonic (Alt+H, Alt+S, Alt+C …) acts at once. GtkButton's own
 * mnemonic activation shows the pressed look for 250 ms before it clicks (issue 26,
 * item 13); a mnemonic shared by several widgets still only cycles the focus. */
static gboolean
button_mnemonic_cb (GtkWidget *button,
                    gboolean   group_cycling,
                    gpointer   user_data)
{
  if (group_cycling)
    return FALSE;
  g_signal_emit_by_name (button, "clicked");
  return TRUE;
}

static void
act_on_mnemonic_at_once (GtkWidget *button)
{
  g_signal_connect (button, "mnemonic-activate", G_CALLBACK (button_mnemonic_cb), NULL);
}

/* One "Play …" button per game on the start page, the first one suggested. */
static void
add_start_buttons (DpWindow *self)
{
  g_autoptr(GPtrArray) uis = dp_game_ui_dup_list ();

  for (guint i = 0; i < uis->len; i++)
    {
      const DpGameUi *ui = g_ptr_array_index (uis, i);
      GtkWidget *button = gtk_button_new_with_mnemonic (_(ui->start_label));

      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", ui->kind_id);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.new-game");
      if (ui->start_tooltip != NULL)
        gtk_widget_set_tooltip_text (button, _(ui->start_tooltip));
      if (i == 0)
        gtk_widget_add_css_class (button, "suggested-action");
      gtk_widget_add_css_class (button, "pill");
      act_on_mnemonic_at_once (button);
      gtk_box_append (self->start_buttons, button);
    }
}

static void
dp_window_init (DpWindow *self)
{
  self->resume_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  act_on_mnemonic_at_once (self->history_button);
  act_on_mnemonic_at_once (self->statistics_button);
  add_start_buttons (self);
}

DpWindow *
dp_window_new (DpApplication *application)
{
  DpWindow *self;

  g_return_val_if_fail (DP_IS_APPLICATION (application), NULL);

  self = g_object_new (DP_TYPE_WINDOW, "application", application, NULL);
  dp_window_setup (self);
  return self;
}

const char *
dp_window_get_visible_page (DpWindow *self)
{
  g_return_val_if_fail (DP_IS_WINDOW (self), NULL);

  return gtk_stack_get_visible_child_name (self->pages);
}

void
dp_window_add_toast (DpWindow *self,
                     AdwToast *toast)
{
  g_return_if_fail (DP_IS_WINDOW (self));

  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

DpSession *
dp_window_get_session (DpWindow *self)
{
  g_return_val_if_fail (DP_IS_WINDOW (self), NULL);
  return self->session;
}

GtkWidget *
dp_window_get_page (DpWindow   *self,
                    const char *name)
{
  g_return_val_if_fail (DP_IS_WINDOW (self), NULL);
  return ensure_page (self, name);
}

gboolean
dp_window_has_page (DpWindow   *self,
                    const char *name)
{
  g_return_val_if_fail (DP_IS_WINDOW (self), FALSE);
  return gtk_stack_get_child_by_name (self->pages, name) != NULL;
}

const char *
dp_window_get_subtitle (DpWindow *self)
{
  g_return_val_if_fail (DP_IS_WINDOW (self), NULL);
  return adw_window_title_get_subtitle (self->window_title);
}
