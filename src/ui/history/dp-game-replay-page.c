/* dp-game-replay-page.c — one stored game: its sheets, its result and a replay
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <adwaita.h>

#include "dp-application.h"
#include "dp-bgstats-dialog.h"
#include "dp-game-replay-page-private.h"
#include "dp-game-ui.h"
#include "dp-history-export.h"
#include "dp-history-format.h"

struct _DpGameReplayPage
{
  GtkWidget       parent_instance;

  DpStore        *store;
  char           *game_id;
  char           *setup_text;
  GPtrArray      *actions;      /* char*: the action texts */
  DpGameSummary  *summary;
  DpGame         *state;        /* after `step` actions */
  guint           step;
  char           *action_text;
  char           *turn_text;
  GPtrArray      *sheets;       /* GtkWidget*, unowned (children of sheets_box) */
  gboolean        updating_slider;

  /* Template widgets */
  GtkLabel       *title_label;
  GtkLabel       *subtitle_label;
  GtkButton      *resume_button;
  GtkListBox     *result_list;
  GtkScale       *slider;
  GtkAdjustment  *adjustment;
  GtkLabel       *step_label;
  GtkLabel       *action_label;
  GtkLabel       *turn_label;
  GtkFlowBox     *sheets_box;
  DpChart        *progression_chart;
};

G_DEFINE_FINAL_TYPE (DpGameReplayPage, dp_game_replay_page, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_CLOSED,
  SIGNAL_DELETE_REQUESTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static char *
format_turn (double   value,
             gpointer user_data)
{
  /* Translators: the x value in a score progression tooltip */
  return g_strdup_printf (_("Turn %d"), (int) value);
}

/* A total in the unit of @view's game ("7 spaces"); points for a game that names none. */
static char *
dup_total_text (const DpGameView *view,
                gint64            total)
{
  g_autofree char *number = NULL;

  if (view != NULL && view->dup_total_text != NULL)
    return view->dup_total_text (total);

  number = dp_format_int (total);
  /* Translators: a score in a game's result and chart tooltip; %s is the number */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s point", "%s points", (gulong) ABS (total)), number);
}

static char *
format_total (double   value,
              gpointer user_data)
{
  DpGameReplayPage *self = user_data;

  return dup_total_text (self->state != NULL ? dp_game_view_for_game (self->state) : NULL, (gint64) value);
}

gboolean
dp_game_compute_progression (const char  *setup_text,
                             GPtrArray   *actions,
                             GArray     **turns,
                             GPtrArray  **totals,
                             GError     **error)
{
  g_return_val_if_fail (setup_text != NULL && actions != NULL, FALSE);

  if (!dp_game_view_compute_progression (setup_text, actions, DP_PROGRESSION_BY_TURN,
                                         turns, totals, error))
    return FALSE;

  /* The chart counts the turns played, 0 at the start. */
  for (guint i = 0; i < (*turns)->len; i++)
    g_array_index (*turns, double, i) = i;
  return TRUE;
}

static void
update_result (DpGameReplayPage *self)
{
  GtkWidget *child;
  g_autofree char *date = NULL;
  const DpGameKind *kind;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->result_list))) != NULL)
    gtk_list_box_remove (self->result_list, child);

  kind = dp_game_kind_lookup (self->summary->kind);
  date = dp_format_date_time (self->summary->created);
  gtk_label_set_label (self->title_label, kind != NULL ? dp_game_kind_get_name (kind) : self->summary->kind);

  switch (self->summary->state)
    {
    case DP_GAME_STATE_IN_PROGRESS:
      {
        /* Translators: under a game's title in History: "12/05/2024 20:15 · in progress" */
        g_autofree char *text = g_strdup_printf (_("%s · in progress"), date);
        gtk_label_set_label (self->subtitle_label, text);
      }
      break;
    case DP_GAME_STATE_ABANDONED:
      {
        /* Translators: under a game's title in History: "12/05/2024 20:15 · abandoned" */
        g_autofree char *text = g_strdup_printf (_("%s · abandoned"), date);
        gtk_label_set_label (self->subtitle_label, text);
      }
      break;
    case DP_GAME_STATE_FINISHED:
    default:
      gtk_label_set_label (self->subtitle_label, date);
      break;
    }

  /* The ranking, best first; tied players share a place. A game still in progress has
   * no stored places yet (every seat reads 1): it shows the standing by the totals so
   * far (issue 14). */
  if (self->summary->state != DP_GAME_STATE_FINISHED)
    for (guint seat = 0; seat < self->summary->n_players; seat++)
      {
        guint better = 0;

        for (guint other = 0; other < self->summary->n_players; other++)
          if (self->summary->totals[other] > self->summary->totals[seat])
            better++;
        self->summary->ranks[seat] = better + 1;
      }
  for (guint rank = 1; rank <= self->summary->n_players; rank++)
    for (guint seat = 0; seat < self->summary->n_players; seat++)
      {
        GtkWidget *row, *points;
        g_autofree char *title = NULL;
        g_autofree char *points_text = NULL;

        if (self->summary->ranks[seat] != rank)
          continue;

        row = adw_action_row_new ();
        /* Translators: a place in a game's result: "1. Ina" */
        title = g_strdup_printf (_("%u. %s"), rank, self->summary->names[seat]);
        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
        if (self->summary->state == DP_GAME_STATE_FINISHED && self->summary->winners[seat])
          /* Translators: under the name of the winner(s) in a game's result */
          adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("Winner"));

        points_text = dup_total_text (dp_game_view_lookup (self->summary->kind), self->summary->totals[seat]);
        points = gtk_label_new (points_text);
        gtk_widget_add_css_class (points, "numeric");
        adw_action_row_add_suffix (ADW_ACTION_ROW (row), points);
        gtk_list_box_append (self->result_list, row);
      }

  gtk_widget_set_visible (GTK_WIDGET (self->resume_button), self->summary->state == DP_GAME_STATE_IN_PROGRESS);
  gtk_actionable_set_action_target (GTK_ACTIONABLE (self->resume_button), "s", self->game_id);
  /* BG Stats takes plays, not games in progress. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.bgstats", self->summary->state == DP_GAME_STATE_FINISHED);
}

static void
update_progression (DpGameReplayPage *self)
{
  g_autoptr(GArray) turns = NULL;
  g_autoptr(GPtrArray) totals = NULL;
  g_autoptr(GError) error = NULL;

  dp_chart_clear (self->progression_chart);
  if (!dp_game_compute_progression (self->setup_text, self->actions, &turns, &totals, &error))
    {
      g_debug ("Cannot compute the score progression of %s: %s", self->game_id, error->message);
      return;
    }

  for (guint seat = 0; seat < totals->len; seat++)
    {
      GArray *column = g_ptr_array_index (totals, seat);
      dp_chart_add_series (self->progression_chart, self->summary->names[seat],
                           (const double *) turns->data, (const double *) column->data, column->len);
    }
}

static void
rebuild_sheets (DpGameReplayPage *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->sheets_box))) != NULL)
    gtk_flow_box_remove (self->sheets_box, child);
  g_ptr_array_set_size (self->sheets, 0);

  /* Two sheets side by side when there are two or more: large enough to read. */
  gtk_flow_box_set_min_children_per_line (self->sheets_box, MIN (dp_game_get_n_players (self->state), 2));

  for (guint seat = 0; seat < dp_game_get_n_players (self->state); seat++)
    {
      GtkWidget *sheet = dp_game_ui_new_sheet_view (dp_game_ui_for_game (self->state), self->state, seat);

      gtk_flow_box_append (self->sheets_box, sheet);
      g_ptr_array_add (self->sheets, sheet);
    }
}

static void
update_step_view (DpGameReplayPage *self)
{
  const DpGameUi *ui = dp_game_ui_for_game (self->state);
  g_autofree char *step_text = NULL;

  for (guint seat = 0; seat < self->sheets->len; seat++)
    dp_game_ui_update_sheet_view (ui, g_ptr_array_index (self->sheets, seat), self->state, seat);

  g_clear_pointer (&self->turn_text, g_free);
  self->turn_text = dp_game_view_dup_turn_text (self->state);

  gtk_label_set_label (self->action_label, self->action_text);
  gtk_widget_set_visible (GTK_WIDGET (self->action_label), self->action_text[0] != '\0');
  gtk_label_set_label (self->turn_label, self->turn_text);

  /* Translators: where the replay stands: "Step 12 of 134" */
  step_text = g_strdup_printf (_("Step %u of %u"), self->step, self->actions->len);
  gtk_label_set_label (self->step_label, step_text);

  self->updating_slider = TRUE;
  gtk_adjustment_set_value (self->adjustment, self->step);
  self->updating_slider = FALSE;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.previous", self->step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.first", self->step > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.next", self->step < self->actions->len);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "replay.last", self->step < self->actions->len);
}


static void
replay_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DpGameReplayPage *self = DP_GAME_REPLAY_PAGE (widget);
  guint step = self->step;

  if (self->actions == NULL)
    return;

  if (g_str_equal (action_name, "replay.previous") && step > 0)
    step--;
  else if (g_str_equal (action_name, "replay.next") && step < self->actions->len)
    step++;
  else if (g_str_equal (action_name, "replay.first"))
    step = 0;
  else if (g_str_equal (action_name, "replay.last"))
    step = self->actions->len;

  dp_game_replay_page_set_step (self, step);
}

static void
back_action_cb (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  g_signal_emit (widget, signals[SIGNAL_CLOSED], 0);
}

static void
delete_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DpGameReplayPage *self = DP_GAME_REPLAY_PAGE (widget);

  if (self->game_id != NULL)
    g_signal_emit (widget, signals[SIGNAL_DELETE_REQUESTED], 0, self->game_id);
}

static void
export_action_cb (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  DpGameReplayPage *self = DP_GAME_REPLAY_PAGE (widget);
  DpHistoryExportFormat format;
  const char *ids[] = { self->game_id, NULL };
  GSettings *settings = dp_application_get_settings_for_widget (widget);
  g_autofree char *location = settings != NULL ? g_settings_get_string (settings, "bgstats-location") : NULL;
  g_autofree char *name = NULL;

  if (self->game_id == NULL ||
      !dp_history_export_format_from_string (g_variant_get_string (parameter, NULL), &format))
    return;

  /* Translators: the suggested file name of an exported game; keep it without spaces */
  name = g_strdup_printf ("%s-%s.%s", _("dicepad-game"), self->game_id,
                          format == DP_HISTORY_EXPORT_CSV ? "csv"
                          : format == DP_HISTORY_EXPORT_BGSPLAY ? "bgsplay" : "json");
  dp_history_export_run (widget, self->store, ids, format, location, name);
}

static void
bgstats_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  DpGameReplayPage *self = DP_GAME_REPLAY_PAGE (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->game_id == NULL)
    return;
  gtk_window_present (GTK_WINDOW (dp_bgstats_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                                         self->store, self->game_id,
                                                         dp_application_get_settings_for_widget (widget))));
}

static void
slider_value_changed_cb (GtkAdjustment    *adjustment,
                         DpGameReplayPage *self)
{
  if (self->updating_slider)
    return;

  dp_game_replay_page_set_step (self, (guint) (gtk_adjustment_get_value (adjustment) + 0.5));
}

static void
dp_game_replay_page_dispose (GObject *object)
{
  GtkWidget *child;
  gtk_widget_dispose_template (GTK_WIDGET (object), DP_TYPE_GAME_REPLAY_PAGE);
  /* The template's unnamed top box is not a bound child: unparent it too. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (dp_game_replay_page_parent_class)->dispose (object);
}

static void
dp_game_replay_page_finalize (GObject *object)
{
  DpGameReplayPage *self = DP_GAME_REPLAY_PAGE (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->game_id, g_free);
  g_clear_pointer (&self->setup_text, g_free);
  g_clear_pointer (&self->actions, g_ptr_array_unref);
  g_clear_pointer (&self->summary, dp_game_summary_free);
  g_clear_pointer (&self->state, dp_game_free);
  g_clear_pointer (&self->action_text, g_free);
  g_clear_pointer (&self->turn_text, g_free);
  g_clear_pointer (&self->sheets, g_ptr_array_unref);

  G_OBJECT_CLASS (dp_game_replay_page_parent_class)->finalize (object);
}

static void
dp_game_replay_page_class_init (DpGameReplayPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dp_game_replay_page_dispose;
  object_class->finalize = dp_game_replay_page_finalize;

  /* Back to the list. */
  signals[SIGNAL_CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The user asked to delete the game shown (its id); History deletes with Undo. */
  signals[SIGNAL_DELETE_REQUESTED] =
    g_signal_new ("delete-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  g_type_ensure (DP_TYPE_CHART);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-game-replay-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, title_label);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, subtitle_label);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, resume_button);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, result_list);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, slider);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, adjustment);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, step_label);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, action_label);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, turn_label);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, sheets_box);
  gtk_widget_class_bind_template_child (widget_class, DpGameReplayPage, progression_chart);
  gtk_widget_class_bind_template_callback (widget_class, slider_value_changed_cb);

  gtk_widget_class_install_action (widget_class, "replay.previous", NULL, replay_action_cb);
  gtk_widget_class_install_action (widget_class, "replay.next", NULL, replay_action_cb);
  gtk_widget_class_install_action (widget_class, "replay.first", NULL, replay_action_cb);
  gtk_widget_class_install_action (widget_class, "replay.last", NULL, replay_action_cb);
  gtk_widget_class_install_action (widget_class, "replay.back", NULL, back_action_cb);
  gtk_widget_class_install_action (widget_class, "replay.delete", NULL, delete_action_cb);
  gtk_widget_class_install_action (widget_class, "replay.export", "s", export_action_cb);
  gtk_widget_class_install_action (widget_class, "replay.bgstats", NULL, bgstats_action_cb);

  /* Arrow keys step through the game wherever the focus is on this page. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "replay.previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "replay.next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "replay.first", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "replay.last", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "replay.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "replay.back", NULL);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
dp_game_replay_page_init (DpGameReplayPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->sheets = g_ptr_array_new ();
  self->action_text = g_strdup ("");
  self->turn_text = g_strdup ("");

  dp_chart_set_x_axis (self->progression_chart, DP_CHART_X_NUMBER);
  dp_chart_set_formatters (self->progression_chart, format_turn, format_total, self);
  /* Translators: the accessible name of the score progression chart */
  dp_chart_set_title (self->progression_chart, _("Score progression, turn by turn"));
}

GtkWidget *
dp_game_replay_page_new (void)
{
  return g_object_new (DP_TYPE_GAME_REPLAY_PAGE, NULL);
}

gboolean
dp_game_replay_page_load (DpGameReplayPage  *self,
                          DpStore           *store,
                          const char        *game_id,
                          GError           **error)
{
  g_autoptr(DpGameSummary) summary = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autofree char *setup_text = NULL;
  g_autoptr(DpGame) state = NULL;

  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), FALSE);
  g_return_val_if_fail (DP_IS_STORE (store), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  summary = dp_store_get_summary (store, game_id, error);
  if (summary == NULL)
    return FALSE;
  actions = dp_store_get_actions (store, game_id, &setup_text, error);
  if (actions == NULL)
    return FALSE;
  state = dp_game_replay (setup_text, (const char *const *) actions->pdata, actions->len, NULL, error);
  if (state == NULL)
    return FALSE;

  g_set_object (&self->store, store);
  g_free (self->game_id);
  self->game_id = g_strdup (game_id);
  g_free (self->setup_text);
  self->setup_text = g_steal_pointer (&setup_text);
  g_clear_pointer (&self->actions, g_ptr_array_unref);
  self->actions = g_steal_pointer (&actions);
  g_clear_pointer (&self->summary, dp_game_summary_free);
  self->summary = g_steal_pointer (&summary);
  g_clear_pointer (&self->state, dp_game_free);
  self->state = g_steal_pointer (&state);
  self->step = self->actions->len;

  self->updating_slider = TRUE;
  gtk_adjustment_configure (self->adjustment, self->step, 0, self->actions->len, 1, 10, 0);
  self->updating_slider = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->slider), self->actions->len > 0);

  update_result (self);
  rebuild_sheets (self);
  update_progression (self);

  dp_game_replay_page_set_step (self, self->step);

  return TRUE;
}

const char *
dp_game_replay_page_get_game_id (DpGameReplayPage *self)
{
  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), NULL);
  return self->game_id;
}

guint
dp_game_replay_page_get_n_steps (DpGameReplayPage *self)
{
  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), 0);
  return self->actions != NULL ? self->actions->len : 0;
}

guint
dp_game_replay_page_get_step (DpGameReplayPage *self)
{
  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), 0);
  return self->step;
}

void
dp_game_replay_page_set_step (DpGameReplayPage *self,
                              guint             step)
{
  g_autoptr(DpGame) before = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (DP_IS_GAME_REPLAY_PAGE (self));

  if (self->actions == NULL)
    return;

  step = MIN (step, self->actions->len);

  /* The state before the action is needed to say what the action did; replaying a
   * whole game takes microseconds, so each step replays from the setup. */
  before = dp_game_replay (self->setup_text, (const char *const *) self->actions->pdata,
                           step > 0 ? step - 1 : 0, NULL, &error);
  if (before == NULL)
    {
      g_debug ("Cannot replay game %s: %s", self->game_id, error->message);
      return;
    }

  g_clear_pointer (&self->state, dp_game_free);
  g_clear_pointer (&self->action_text, g_free);
  if (step == 0)
    {
      self->state = g_steal_pointer (&before);
      self->action_text = g_strdup ("");
    }
  else
    {
      const char *text = g_ptr_array_index (self->actions, step - 1);

      self->action_text = dp_game_view_dup_action_text (before, text);
      self->state = g_steal_pointer (&before);
      if (!dp_game_apply_text (self->state, text, &error))
        g_debug ("Cannot replay game %s: %s", self->game_id, error->message);
    }

  self->step = step;
  update_step_view (self);
}

const DpGame *
dp_game_replay_page_get_game (DpGameReplayPage *self)
{
  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), NULL);
  return self->state;
}

GtkWidget *
dp_game_replay_page_get_sheet (DpGameReplayPage *self,
                               guint             seat)
{
  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), NULL);

  if (seat >= self->sheets->len)
    return NULL;
  return g_ptr_array_index (self->sheets, seat);
}

const char *
dp_game_replay_page_get_action_text (DpGameReplayPage *self)
{
  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), NULL);
  return self->action_text;
}

const char *
dp_game_replay_page_get_turn_text (DpGameReplayPage *self)
{
  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), NULL);
  return self->turn_text;
}

DpChart *
dp_game_replay_page_get_progression_chart (DpGameReplayPage *self)
{
  g_return_val_if_fail (DP_IS_GAME_REPLAY_PAGE (self), NULL);
  return self->progression_chart;
}
