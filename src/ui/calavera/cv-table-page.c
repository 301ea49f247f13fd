/* cv-table-page.c — the Calavera table: every sheet and the turn panel
 *
 * Wide windows: sheets on the left (two columns on a big screen), the turn panel on the
 * right. Narrow windows: the sheets stack and the turn panel stays visible at the
 * bottom. libadwaita 1.2 has no breakpoints, so the page lays out its two parts itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cv-table-page.h"
#include "cv-game-ui.h"

/* Below this width the turn panel moves under the sheets. */
#define WIDE_WIDTH        860
/* From this width on, two sheets stand side by side. */
#define TWO_COLUMN_WIDTH  1500
#define PANEL_MIN_WIDTH   360
#define PANEL_MAX_WIDTH   460

struct _CvTablePage
{
  GtkWidget     parent_instance;

  DpSession    *session;
  gulong        changed_id;
  GPtrArray    *sheets;        /* CvSheetView* in seat order */
  guint         columns;
  guint         columns_idle;

  /* Template widgets */
  GtkWidget    *sheets_scroller;
  GtkGrid      *sheets_box;
  GtkWidget    *panel_scroller;
  CvTurnPanel  *turn_panel;
};

static void cv_table_page_iface_init (DpTablePageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CvTablePage, cv_table_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (DP_TYPE_TABLE_PAGE, cv_table_page_iface_init))

static void
refresh (CvTablePage *self)
{
  const CvGame *game = self->session != NULL ? cv_game_ui_get_game (self->session) : NULL;

  if (game == NULL)
    return;

  for (guint seat = 0; seat < self->sheets->len; seat++)
    cv_sheet_view_update (g_ptr_array_index (self->sheets, seat), game, seat);
  cv_turn_panel_set_game (self->turn_panel, game);
}

static void
session_changed_cb (DpSession   *session,
                    CvTablePage *self)
{
  refresh (self);
}

static void
action_chosen_cb (CvTurnPanel    *panel,
                  const CvAction *action,
                  CvTablePage    *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CvGame) before = NULL;
  g_autofree char *text = NULL;

  if (self->session == NULL)
    return;

  before = cv_game_copy (cv_game_ui_get_game (self->session));
  text = cv_presenter_dup_action_text (before, action);

  /* Stored first; the session's ::changed then redraws the table. */
  if (!cv_game_ui_apply (self->session, action, &error))
    {
      dp_table_page_entry_failed (DP_TABLE_PAGE (self), error->message);
      return;
    }

  dp_table_page_entry_stored (DP_TABLE_PAGE (self), text);
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CvTablePage           *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  /* Never steal typing from a text field. */
  if (focus != NULL && GTK_IS_EDITABLE (focus))
    return FALSE;

  return cv_dice_entry_handle_key (cv_turn_panel_get_dice_entry (self->turn_panel), keyval, state);
}

/* Seat order, left to right and top to bottom. */
static void
place_sheets (CvTablePage *self)
{
  for (guint i = 0; i < self->sheets->len; i++)
    {
      GtkWidget *sheet = g_ptr_array_index (self->sheets, i);

      /* Move a sheet the grid holds in place: removing it would drop the grid's only
       * reference (and the keyboard focus) before it is attached again. */
      if (gtk_widget_get_parent (sheet) == GTK_WIDGET (self->sheets_box))
        {
          GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->sheets_box));
          GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, sheet));

          gtk_grid_layout_child_set_column (child, i % self->columns);
          gtk_grid_layout_child_set_row (child, i / self->columns);
        }
      else
        gtk_grid_attach (self->sheets_box, sheet, i % self->columns, i / self->columns, 1, 1);
    }
}

static gboolean
update_columns_idle (gpointer data)
{
  CvTablePage *self = data;

  self->columns_idle = 0;
  place_sheets (self);
  return G_SOURCE_REMOVE;
}

static gboolean
is_wide (int width)
{
  return width >= WIDE_WIDTH;
}

static void
cv_table_page_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  CvTablePage *self = CV_TABLE_PAGE (widget);
  int s_min, s_nat, p_min, p_nat;

  gtk_widget_measure (self->sheets_scroller, orientation, -1, &s_min, &s_nat, NULL, NULL);
  gtk_widget_measure (self->panel_scroller, orientation, -1, &p_min, &p_nat, NULL, NULL);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (MAX (s_min, p_min), PANEL_MIN_WIDTH);
      *natural = MAX (*minimum, s_nat + MAX (p_nat, PANEL_MIN_WIDTH));
    }
  else
    {
      *minimum = MAX (s_min, 200) + MIN (p_min, 200);
      *natural = MAX (*minimum, MAX (s_nat, p_nat));
    }
}

static void
cv_table_page_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  CvTablePage *self = CV_TABLE_PAGE (widget);
  guint columns = width >= TWO_COLUMN_WIDTH && self->sheets->len > 1 ? 2 : 1;

  if (columns != self->columns)
    {
      /* Changing the flow box during allocation would re-enter it; do it right after. */
      self->columns = columns;
      if (self->columns_idle == 0)
        self->columns_idle = g_idle_add (update_columns_idle, self);
    }

  if (is_wide (width))
    {
      int p_min, p_nat, panel_width;

      gtk_widget_measure (self->panel_scroller, GTK_ORIENTATION_HORIZONTAL, -1, &p_min, &p_nat, NULL, NULL);
      panel_width = CLAMP (MAX (p_nat, width / 3), MAX (p_min, PANEL_MIN_WIDTH), PANEL_MAX_WIDTH);

      gtk_widget_size_allocate (self->sheets_scroller,
                                &(GtkAllocation) { 0, 0, width - panel_width, height }, -1);
      gtk_widget_size_allocate (self->panel_scroller,
                                &(GtkAllocation) { width - panel_width, 0, panel_width, height }, -1);
    }
  else
    {
      int p_min, p_nat, panel_height;

      gtk_widget_measure (self->panel_scroller, GTK_ORIENTATION_VERTICAL, width, &p_min, &p_nat, NULL, NULL);
      /* The turn panel stays visible: at most 60 % of the height, the rest scrolls. */
      panel_height = CLAMP (p_nat, MIN (p_min, height / 2), height * 3 / 5);

      gtk_widget_size_allocate (self->sheets_scroller,
                                &(GtkAllocation) { 0, 0, width, height - panel_height }, -1);
      gtk_widget_size_allocate (self->panel_scroller,
                                &(GtkAllocation) { 0, height - panel_height, width, panel_height }, -1);
    }
}

static void
cv_table_page_dispose (GObject *object)
{
  CvTablePage *self = CV_TABLE_PAGE (object);

  cv_table_page_set_session (self, NULL);
  g_clear_handle_id (&self->columns_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CV_TYPE_TABLE_PAGE);
  /* Whatever the template did not bind goes too. */
  {
    GtkWidget *child;

    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
      gtk_widget_unparent (child);
  }
  g_clear_pointer (&self->sheets, g_ptr_array_unref);

  G_OBJECT_CLASS (cv_table_page_parent_class)->dispose (object);
}

/* ---- DpTablePage ---- */

static void
set_session (DpTablePage *page,
             DpSession   *session)
{
  cv_table_page_set_session (CV_TABLE_PAGE (page), session);
}

static void
focus_entry (DpTablePage *page)
{
  cv_table_page_focus_entry (CV_TABLE_PAGE (page));
}

static void
set_settings (DpTablePage *page,
              GSettings   *settings)
{
  cv_turn_panel_set_settings (CV_TABLE_PAGE (page)->turn_panel, settings);
}

static void
cv_table_page_iface_init (DpTablePageInterface *iface)
{
  iface->set_session = set_session;
  iface->focus_entry = focus_entry;
  iface->set_settings = set_settings;
}

static void
cv_table_page_class_init (CvTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cv_table_page_dispose;
  widget_class->measure = cv_table_page_measure;
  widget_class->size_allocate = cv_table_page_size_allocate;

  g_type_ensure (CV_TYPE_TURN_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cv-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CvTablePage, sheets_scroller);
  gtk_widget_class_bind_template_child (widget_class, CvTablePage, sheets_box);
  gtk_widget_class_bind_template_child (widget_class, CvTablePage, panel_scroller);
  gtk_widget_class_bind_template_child (widget_class, CvTablePage, turn_panel);
  gtk_widget_class_bind_template_callback (widget_class, action_chosen_cb);

  gtk_widget_class_set_css_name (widget_class, "tablepage");
}

static void
cv_table_page_init (CvTablePage *self)
{
  GtkEventController *keys;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->sheets = g_ptr_array_new ();
  self->columns = 1;

  /* Capture phase: a typed face letter reaches the dice even when a button has focus. */
  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

GtkWidget *
cv_table_page_new (void)
{
  return g_object_new (CV_TYPE_TABLE_PAGE, NULL);
}

void
cv_table_page_set_session (CvTablePage *self,
                           DpSession   *session)
{
  const CvGame *game;

  g_return_if_fail (CV_IS_TABLE_PAGE (self));
  g_return_if_fail (session == NULL || DP_IS_SESSION (session));

  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->session);
      g_clear_object (&self->session);
    }

  if (self->sheets != NULL)
    {
      for (guint i = 0; i < self->sheets->len; i++)
        gtk_grid_remove (self->sheets_box, g_ptr_array_index (self->sheets, i));
      g_ptr_array_set_size (self->sheets, 0);
    }

  if (session == NULL || (game = cv_game_ui_get_game (session)) == NULL)
    return;

  self->session = g_object_ref (session);
  self->changed_id = g_signal_connect (session, "changed", G_CALLBACK (session_changed_cb), self);

  for (guint seat = 0; seat < cv_game_get_n_players (game); seat++)
    {
      GtkWidget *sheet = cv_sheet_view_new ();

      gtk_widget_set_hexpand (sheet, TRUE);
      g_ptr_array_add (self->sheets, sheet);
    }
  place_sheets (self);

  gtk_widget_queue_allocate (GTK_WIDGET (self));
  refresh (self);
}

CvTurnPanel *
cv_table_page_get_turn_panel (CvTablePage *self)
{
  g_return_val_if_fail (CV_IS_TABLE_PAGE (self), NULL);
  return self->turn_panel;
}

guint
cv_table_page_get_n_sheets (CvTablePage *self)
{
  g_return_val_if_fail (CV_IS_TABLE_PAGE (self), 0);
  return self->sheets->len;
}

CvSheetView *
cv_table_page_get_sheet (CvTablePage *self,
                         guint        seat)
{
  g_return_val_if_fail (CV_IS_TABLE_PAGE (self), NULL);
  g_return_val_if_fail (seat < self->sheets->len, NULL);
  return g_ptr_array_index (self->sheets, seat);
}

void
cv_table_page_focus_entry (CvTablePage *self)
{
  g_return_if_fail (CV_IS_TABLE_PAGE (self));
  gtk_widget_child_focus (GTK_WIDGET (self->turn_panel), GTK_DIR_TAB_FORWARD);
}
