/* cv-table-page.c — the Calavera table: every sheet and the turn panel
 *
 * Wide windows: sheets on the left, in one or two columns (whichever shows them biggest
 * without scrolling: four players at 1280×720 fit in two), the turn panel on the right.
 * Narrow windows: one column, the acting player first, and the turn panel stays visible
 * at the bottom. libadwaita 1.2 has no breakpoints, so the page lays out its two parts
 * itself.
 *
 * The keyboard contract (issue 14, docs/keyboard.md) is served from a capture-phase key
 * controller on the window itself, added while the page is in a window: keys reach the
 * dice and the choices whatever has the focus (a toast's button, the header bar, or
 * nothing after the focused choice button went away), and Enter never reaches an Undo
 * button while the table waits for dice or a choice.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "cv-table-page.h"
#include "cv-game-ui.h"

/* Below this width the turn panel moves under the sheets. */
#define WIDE_WIDTH        860
#define PANEL_MIN_WIDTH   360
#define PANEL_MAX_WIDTH   520

struct _CvTablePage
{
  GtkWidget     parent_instance;

  DpSession    *session;
  gulong        changed_id;
  GPtrArray    *sheets;        /* CvSheetView* in seat order */
  guint         columns;
  double        unit;          /* the sheets' box size in pixels, 0 = as wide as they get */
  gboolean      narrow;
  guint         columns_idle;
  guint         scroll_idle;
  GtkEventController *root_keys;   /* on the window while the page is in one */
  GtkWidget    *keys_root;
  /* The game as last shown, and whether the change under way is an entry made here:
   * the turn panel's first line says what changed (see session_changed_cb). */
  DpGame       *shown;
  gboolean      applying;
  guint         undone;        /* undos not yet redone since the last entry made here */

  /* Template widgets */
  GtkWidget    *sheets_scroller;
  GtkGrid      *sheets_box;
  GtkWidget    *panel_scroller;
  CvTurnPanel  *turn_panel;
};

static void cv_table_page_iface_init (DpTablePageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CvTablePage, cv_table_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (DP_TYPE_TABLE_PAGE, cv_table_page_iface_init))

static void place_sheets (CvTablePage *self);

/* The seat that acts now: whose keys are served, or the roller. */
static guint
acting_seat (CvTablePage *self)
{
  const CvGame *game = self->session != NULL ? cv_game_ui_get_game (self->session) : NULL;
  int seat;

  if (game == NULL)
    return 0;
  seat = cv_presenter_get_keyboard_seat (game);
  return seat >= 0 ? (guint) seat : cv_game_get_roller (game);
}

/* The acting player's sheet is always in view (issue 14). */
static gboolean
scroll_idle_cb (gpointer data)
{
  CvTablePage *self = data;
  GtkAdjustment *adj;
  GtkWidget *sheet;
  graphene_rect_t bounds;

  self->scroll_idle = 0;
  if (self->sheets->len == 0)
    return G_SOURCE_REMOVE;

  sheet = g_ptr_array_index (self->sheets, acting_seat (self));
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->sheets_scroller));
  if (gtk_widget_compute_bounds (sheet, GTK_WIDGET (self->sheets_box), &bounds))
    {
      double top = bounds.origin.y;
      double bottom = top + bounds.size.height + 12;
      double value = gtk_adjustment_get_value (adj);
      double page = gtk_adjustment_get_page_size (adj);

      if (top < value)
        gtk_adjustment_set_value (adj, top);
      else if (bottom > value + page)
        gtk_adjustment_set_value (adj, MIN (top, bottom - page));
    }
  return G_SOURCE_REMOVE;
}

static void
refresh (CvTablePage *self)
{
  const CvGame *game = self->session != NULL ? cv_game_ui_get_game (self->session) : NULL;

  if (game == NULL)
    return;

  for (guint seat = 0; seat < self->sheets->len; seat++)
    cv_sheet_view_update (g_ptr_array_index (self->sheets, seat), game, seat);
  cv_turn_panel_set_game (self->turn_panel, game);
  /* Narrow: the acting player's sheet comes first, at the top. */
  if (self->narrow)
    {
      place_sheets (self);
      gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->sheets_scroller)), 0);
    }
  else if (self->scroll_idle == 0)
    self->scroll_idle = g_idle_add (scroll_idle_cb, self);
}

/* The turn panel's first line says what the last change did, like the toast (issue 14:
 * "Say what happened"). An entry made here says itself (action_chosen_cb); an undo or a
 * redo from the window says "Undone: …" / "Redone: …", never the entry just undone. */
static void
session_changed_cb (DpSession   *session,
                    CvTablePage *self)
{
  const DpGame *game = dp_session_get_game (session);

  if (game != NULL && self->shown != NULL && !self->applying)
    {
      guint was = dp_game_get_n_actions (self->shown);
      guint now = dp_game_get_n_actions (game);
      g_autofree char *text = NULL;

      if (now < was)
        {
          text = cv_presenter_dup_undo_text (cv_game_from_dp_const (self->shown), cv_game_from_dp_const (game));
          self->undone++;
        }
      else if (now > was && self->undone > 0)
        {
          text = cv_presenter_dup_redo_text (cv_game_from_dp_const (self->shown), cv_game_from_dp_const (game));
          self->undone--;
        }
      /* Anything else (an entry from a phone) is not described here: no stale line. */
      cv_turn_panel_set_last_text (self->turn_panel, text);
    }
  else if (self->applying)
    self->undone = 0;

  g_clear_pointer (&self->shown, dp_game_free);
  if (game != NULL)
    self->shown = dp_game_copy (game);
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

  /* Stored first; the session's ::changed then redraws the table. */
  self->applying = TRUE;
  if (!cv_game_ui_apply (self->session, action, &error))
    {
      self->applying = FALSE;
      dp_table_page_entry_failed (DP_TABLE_PAGE (self), error->message);
      return;
    }
  self->applying = FALSE;

  /* Said twice: in full in the turn panel, and in one short line in the toast that
   * offers Undo (wpolish item 1: a toast at 360 px has two short lines). */
  text = cv_presenter_dup_outcome_text (before, action, cv_game_ui_get_game (self->session));
  cv_turn_panel_set_last_text (self->turn_panel, text);
  {
    g_autofree char *toast = cv_presenter_dup_action_toast (before, action);

    dp_table_page_entry_stored (DP_TABLE_PAGE (self), toast);
  }
}

/* A click on a sheet's row: what a pencil would do there (issue 14) — the colour if its
 * dice may be taken, else the jokers as that colour. */
static void
row_activated_cb (CvSheetView *sheet,
                  guint        row,
                  CvTablePage *self)
{
  guint seat;

  for (seat = 0; seat < self->sheets->len; seat++)
    if (g_ptr_array_index (self->sheets, seat) == (gpointer) sheet)
      break;
  if (seat < self->sheets->len)
    cv_turn_panel_choose_row (self->turn_panel, seat, (CvFace) row);
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
  gboolean on_button;

  /* Only while the table is the page shown, and never from a text field or a dialog. */
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)) || self->session == NULL)
    return FALSE;
  if (focus != NULL && (GTK_IS_EDITABLE (focus) || gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL))
    return FALSE;

  /* A button the player tabbed to inside the table may take Enter; one outside it
   * (a toast's Undo, the header bar) never does. */
  on_button = focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->turn_panel)) &&
              (GTK_IS_BUTTON (focus) || gtk_widget_get_ancestor (focus, GTK_TYPE_BUTTON) != NULL);

  return cv_turn_panel_handle_key (self->turn_panel, keyval, state, on_button);
}

static void
cv_table_page_root (GtkWidget *widget)
{
  CvTablePage *self = CV_TABLE_PAGE (widget);

  GTK_WIDGET_CLASS (cv_table_page_parent_class)->root (widget);

  /* Capture phase on the window: the keys reach the table whatever has the focus. */
  self->keys_root = GTK_WIDGET (gtk_widget_get_root (widget));
  self->root_keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (self->root_keys, "calavera-table-keys");
  gtk_event_controller_set_propagation_phase (self->root_keys, GTK_PHASE_CAPTURE);
  g_signal_connect (self->root_keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (self->keys_root, self->root_keys);
}

static void
cv_table_page_unroot (GtkWidget *widget)
{
  CvTablePage *self = CV_TABLE_PAGE (widget);

  if (self->root_keys != NULL)
    {
      gtk_widget_remove_controller (self->keys_root, self->root_keys);
      self->root_keys = NULL;
      self->keys_root = NULL;
    }

  GTK_WIDGET_CLASS (cv_table_page_parent_class)->unroot (widget);
}

/* Seat order, left to right and top to bottom; narrow: one column from the acting seat. */
static void
place_sheets (CvTablePage *self)
{
  guint first = self->narrow ? acting_seat (self) : 0;

  for (guint k = 0; k < self->sheets->len; k++)
    {
      guint i = (first + k) % self->sheets->len;
      GtkWidget *sheet = g_ptr_array_index (self->sheets, i);

      cv_sheet_view_set_max_unit (CV_SHEET_VIEW (sheet), self->unit);

      /* Move a sheet the grid holds in place: removing it would drop the grid's only
       * reference (and the keyboard focus) before it is attached again. */
      if (gtk_widget_get_parent (sheet) == GTK_WIDGET (self->sheets_box))
        {
          GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->sheets_box));
          GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, sheet));

          gtk_grid_layout_child_set_column (child, k % self->columns);
          gtk_grid_layout_child_set_row (child, k / self->columns);
        }
      else
        gtk_grid_attach (self->sheets_box, sheet, k % self->columns, k / self->columns, 1, 1);
    }
}

static gboolean
update_columns_idle (gpointer data)
{
  CvTablePage *self = data;

  self->columns_idle = 0;
  place_sheets (self);
  /* Narrow: the turn panel is at the bottom, where toasts appear; its last choices can
   * scroll above them. */
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->turn_panel), self->narrow ? 64 : 0);
  cv_turn_panel_set_narrow (self->turn_panel, self->narrow);
  return G_SOURCE_REMOVE;
}

static gboolean
is_wide (int width)
{
  return width >= WIDE_WIDTH;
}

#define SHEETS_MARGIN  12
#define SHEETS_SPACING 12

/* The box size the sheets get in @columns columns of a @width × @height area. */
static double
unit_for (guint n,
          guint columns,
          int   width,
          int   height)
{
  guint rows = (n + columns - 1) / columns;
  double w = (width - 2 * SHEETS_MARGIN - (columns - 1.0) * SHEETS_SPACING) / columns;
  double h = (height - 2 * SHEETS_MARGIN - (rows - 1.0) * SHEETS_SPACING) / rows;

  return MIN (w / cv_sheet_view_get_width_units (), h / cv_sheet_view_get_height_units ());
}

/* One or two columns, whichever shows every sheet biggest without scrolling (issue 14:
 * "at 1280×720 with 4 players every sheet … visible without scrolling"); the sheets
 * never grow past that size, so they all stay in view. */
static void
fit_sheets (CvTablePage *self,
            int          width,
            int          height,
            gboolean     narrow)
{
  guint n = MAX (self->sheets->len, 1);
  guint columns = 1;
  double unit;

  if (narrow)
    /* One column, each sheet as big as the area shows one whole (issue 14: at 800×600
     * only 2½ rows of a sheet were visible); the acting sheet comes first. */
    unit = unit_for (1, 1, width, height);
  else
    {
      double one = unit_for (n, 1, width, height);
      double two = n > 1 ? unit_for (n, 2, width, height) : 0;

      columns = two > one ? 2 : 1;
      unit = MAX (one, two);
    }

  if (columns != self->columns || fabs (unit - self->unit) >= 0.5 || narrow != self->narrow)
    {
      /* Changing the grid during allocation would re-enter it; do it right after. */
      self->columns = columns;
      self->unit = unit;
      self->narrow = narrow;
      if (self->columns_idle == 0)
        self->columns_idle = g_idle_add (update_columns_idle, self);
    }
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
      /* No floor of PANEL_MIN_WIDTH here: narrow, the panel takes the whole width, and
       * a 360 px window (with its border) leaves the page less than 360. */
      *minimum = MAX (s_min, p_min);
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

  if (is_wide (width))
    {
      int p_min, p_nat, panel_width;

      gtk_widget_measure (self->panel_scroller, GTK_ORIENTATION_HORIZONTAL, -1, &p_min, &p_nat, NULL, NULL);
      panel_width = CLAMP (MAX (p_nat, width * 2 / 5), MAX (p_min, PANEL_MIN_WIDTH), PANEL_MAX_WIDTH);
      fit_sheets (self, width - panel_width, height, FALSE);

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
      fit_sheets (self, width, height - panel_height, TRUE);

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
  g_clear_handle_id (&self->scroll_idle, g_source_remove);
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

/* Issue 27 item 4: Ctrl+Z during a re-roll's pick-up takes back the pick-up only. */
static char *
take_back_unstored (DpTablePage *page)
{
  CvTablePage *self = CV_TABLE_PAGE (page);
  guint n;

  if (!cv_dice_entry_take_back_reroll (cv_turn_panel_get_dice_entry (self->turn_panel), &n))
    return NULL;
  dp_table_page_keep_focus (page);
  return cv_presenter_dup_take_back_text (n);
}

static void
cv_table_page_iface_init (DpTablePageInterface *iface)
{
  iface->set_session = set_session;
  iface->focus_entry = focus_entry;
  iface->set_settings = set_settings;
  iface->take_back_unstored = take_back_unstored;
}

static void
cv_table_page_class_init (CvTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cv_table_page_dispose;
  widget_class->measure = cv_table_page_measure;
  widget_class->size_allocate = cv_table_page_size_allocate;
  widget_class->root = cv_table_page_root;
  widget_class->unroot = cv_table_page_unroot;

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
  gtk_widget_init_template (GTK_WIDGET (self));
  self->sheets = g_ptr_array_new ();
  self->columns = 1;
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

  cv_turn_panel_set_last_text (self->turn_panel, NULL);
  g_clear_pointer (&self->shown, dp_game_free);
  self->undone = 0;
  if (session == NULL || (game = cv_game_ui_get_game (session)) == NULL)
    return;

  self->shown = dp_game_copy (dp_session_get_game (session));
  self->session = g_object_ref (session);
  self->changed_id = g_signal_connect (session, "changed", G_CALLBACK (session_changed_cb), self);

  for (guint seat = 0; seat < cv_game_get_n_players (game); seat++)
    {
      GtkWidget *sheet = cv_sheet_view_new ();

      gtk_widget_set_hexpand (sheet, TRUE);
      g_signal_connect (sheet, "row-activated", G_CALLBACK (row_activated_cb), self);
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
  /* The dice entry itself takes the focus (it is focusable in every mode): a button
   * there may be gone after the next entry, and the keys go to the table anyway. */
  gtk_widget_grab_focus (GTK_WIDGET (cv_turn_panel_get_dice_entry (self->turn_panel)));
}

GtkWidget *
cv_table_page_get_sheets_scroller (CvTablePage *self)
{
  g_return_val_if_fail (CV_IS_TABLE_PAGE (self), NULL);
  return self->sheets_scroller;
}

GtkWidget *
cv_table_page_get_panel_scroller (CvTablePage *self)
{
  g_return_val_if_fail (CV_IS_TABLE_PAGE (self), NULL);
  return self->panel_scroller;
}
