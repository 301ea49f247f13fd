/* cb-table-page.c — the Cubitos table: the round, the race's cards and every team board
 *
 * One card per player: the team board (cb-board-view) with that player's own controls
 * under it (cb-run-panel), because everyone plays the roll section and the race section
 * at the same time (rulebook p. 8–9). Above them: who holds the top dog and who still
 * has to act, the swords comparison, and the race's eight cards with their cost and the
 * dice left in the shop. Every entry is stored by the session (the store first) before
 * the table shows it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "cb-action.h"
#include "cb-table-page.h"
#include "cb-die-icon.h"
#include "cb-panel-controls.h"
#include "cb-presenter.h"
#include "cb-roll-section.h"
#include "dp-window.h"

/* From this width on, two boards stand side by side. */
#define TWO_COLUMN_WIDTH 900
#define PAGE_MARGIN 12   /* the margins of the page's box in cb-table-page.ui */

struct _CbTablePage
{
  GtkWidget     parent_instance;

  DpSession    *session;
  gulong        changed_id;
  GPtrArray    *boards;        /* CbBoardView* in seat order */
  GPtrArray    *panels;        /* CbRunPanel* in seat order */
  GPtrArray    *cells;         /* GtkWidget* (board + panel) in seat order */
  guint         columns;
  guint         columns_idle;
  guint         follow_idle;     /* follow_focus_idle() pending */
  GtkRoot      *root;            /* whose focus the page follows while mapped */
  gulong        focus_id;
  gboolean      focus_pending;   /* focus the next entry once the page is mapped */
  guint         scroll_pending;  /* layouts after which the focused widget is brought into view */
  guint         scroll_idle;
  int           acted_seat;      /* the board that made the last entry here; -1: none */
  DpGame       *shown;           /* the game as the page last showed it */
  gboolean      entering;        /* cb_table_page_enter() is storing an entry */
  guint         armed;           /* boards (a bit per seat) a key or click went to since */
  gboolean      own_scroll;      /* the page itself is scrolling (not the player) */
  gboolean      looking_away;    /* the player scrolled since their last key, click or entry */
  gboolean      pointer_in;      /* the pointer moved over the page and has not left it */
  double        pointer_x, pointer_y;  /* where, in the page's coordinates */
  GArray       *logged_seats;    /* int per logged action of the game shown: its seat, or -1 */

  /* Template widgets */
  GtkWidget    *scroller;
  GtkLabel     *status_label;
  GtkLabel     *entry_label;
  GtkLabel     *swords_label;
  GtkFlowBox   *cards_box;
  GtkGrid      *boards_grid;
};

static void cb_table_page_iface_init (DpTablePageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (CbTablePage, cb_table_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (DP_TYPE_TABLE_PAGE, cb_table_page_iface_init))

static void
place_cells (CbTablePage *self)
{
  GtkLayoutManager *layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->boards_grid));

  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (self->cells, i);

      if (gtk_widget_get_parent (cell) == NULL)
        gtk_grid_attach (self->boards_grid, cell, i % self->columns, i / self->columns, 1, 1);
      else
        {
          /* Moved in place: taking a board out would drop the keyboard focus. */
          GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, cell));

          gtk_grid_layout_child_set_column (child, i % self->columns);
          gtk_grid_layout_child_set_row (child, i / self->columns);
        }
    }
}

static gboolean
update_columns_idle (gpointer data)
{
  CbTablePage *self = data;

  self->columns_idle = 0;
  place_cells (self);
  return G_SOURCE_REMOVE;
}

static void
panel_action_cb (CbRunPanel  *panel,
                 const char  *action,
                 CbTablePage *self)
{
  cb_table_page_enter (self, action);
}

static void
clear_boards (CbTablePage *self)
{
  for (guint i = 0; i < self->cells->len; i++)
    gtk_grid_remove (self->boards_grid, g_ptr_array_index (self->cells, i));
  g_ptr_array_set_size (self->cells, 0);
  g_ptr_array_set_size (self->boards, 0);
  g_ptr_array_set_size (self->panels, 0);
}

static void
build_boards (CbTablePage  *self,
              const CbGame *game)
{
  clear_boards (self);
  for (guint seat = 0; seat < cb_game_get_n_players (game); seat++)
    {
      GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *board = cb_board_view_new ();
      GtkWidget *panel = cb_run_panel_new ();

      gtk_widget_set_valign (cell, GTK_ALIGN_START);
      g_signal_connect (panel, "action", G_CALLBACK (panel_action_cb), self);
      gtk_box_append (GTK_BOX (cell), board);
      gtk_box_append (GTK_BOX (cell), panel);
      g_ptr_array_add (self->boards, board);
      g_ptr_array_add (self->panels, panel);
      g_ptr_array_add (self->cells, cell);
    }
  place_cells (self);
}

static void
refresh_cards (CbTablePage  *self,
               const CbGame *game)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->cards_box))) != NULL)
    gtk_flow_box_remove (self->cards_box, child);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *text = cb_presenter_dup_card_text (game, c);
      GtkWidget *label = gtk_label_new (text);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      /* "Reckless Cheese (Mutiger Maasdamer) · Kosten ? · noch 10" wraps at 360 px */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_box_append (GTK_BOX (box), cb_die_icon_new (CB_KIND_OF (c), CB_FACE_BLANK, 0, 22));
      gtk_box_append (GTK_BOX (box), label);
      gtk_flow_box_append (self->cards_box, box);
    }
}

static void
refresh (CbTablePage *self)
{
  const DpGame *dp;
  const CbGame *game;
  g_autofree char *status = NULL;
  g_autofree char *swords = NULL;

  if (self->session == NULL)
    return;
  dp = dp_session_get_game (self->session);
  game = cb_game_from_dp_const (dp);
  if (game == NULL)
    return;

  if (self->boards->len != cb_game_get_n_players (game))
    build_boards (self, game);

  status = cb_presenter_dup_status (game);
  gtk_label_set_text (self->status_label, status);
  cb_controls_keep_height (GTK_WIDGET (self->status_label));
  swords = cb_presenter_dup_swords_text (game);
  gtk_label_set_text (self->swords_label, swords);
  /* Always shown (the red card waits for everyone in the roll section): a line that
   * came and went moved every board (issue 25, item 3.9). */
  cb_controls_keep_height (GTK_WIDGET (self->swords_label));
  refresh_cards (self, game);

  for (guint seat = 0; seat < self->boards->len; seat++)
    {
      cb_board_view_update (g_ptr_array_index (self->boards, seat), game, seat);
      cb_run_panel_update (g_ptr_array_index (self->panels, seat), dp, seat);
    }
}

/* The page (@content with its margins) at least @bottom long. */
static void
set_page_floor (GtkWidget *content,
                double     bottom)
{
  gtk_widget_set_size_request (content, -1,
                               MAX (0, (int) ceil (bottom) - gtk_widget_get_margin_top (content)
                                       - gtk_widget_get_margin_bottom (content)));
}

/* The page never gets shorter than the bottom of what is in view, so an entry that
 * shortens a board never scrolls the page under the pointer: scrolled to the end, the
 * viewport clamped to the shorter page and moved every control 34 px down (walkthrough
 * of 26 Nov: O'Brien passed, and the click meant for Jürgen's Pass hit the text above
 * it). The floor follows the view at each entry; scrolling up lets the page shrink. */
static void
keep_page_height (CbTablePage *self)
{
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));
  GtkWidget *content = viewport != NULL ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));

  if (content != NULL)
    set_page_floor (content, gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj));
}

/* The last entry in full under the status line (the toast says it short). */
static void
set_entry_text (CbTablePage *self,
                const char  *text)
{
  gtk_label_set_text (self->entry_label, text != NULL ? text : "");
  cb_controls_keep_height (GTK_WIDGET (self->entry_label));
}

static void focus_from (CbTablePage *self, guint seat);

/* Follows the game's log; returns the seat of the first action taken back since the last
 * call (an undo), or -1. */
static int
follow_log (CbTablePage *self)
{
  const CbGame *game = cb_game_from_dp_const (dp_session_get_game (self->session));
  guint n = cb_game_get_n_logged (game);
  int undone = -1;

  if (n < self->logged_seats->len)
    undone = g_array_index (self->logged_seats, int, n);
  g_array_set_size (self->logged_seats, MIN (n, self->logged_seats->len));
  for (guint i = self->logged_seats->len; i < n; i++)
    {
      int seat = cb_action_get_seat (cb_game_get_logged (game, i));

      g_array_append_val (self->logged_seats, seat);
    }
  return undone;
}

static void
session_changed_cb (DpSession   *session,
                    CbTablePage *self)
{
  const DpGame *game = dp_session_get_game (session);
  int undone = follow_log (self);

  /* An undo, a redo or a phone's entry: the table says what changed, in full. (The
   * page's own entries say it in cb_table_page_enter().) */
  if (!self->entering && self->shown != NULL)
    {
      g_autofree char *text = cb_presenter_dup_log_change_text (cb_game_from_dp_const (self->shown),
                                                                cb_game_from_dp_const (game));

      if (text != NULL)
        set_entry_text (self, text);
    }
  g_clear_pointer (&self->shown, dp_game_free);
  self->shown = dp_game_copy (game);
  keep_page_height (self);
  refresh (self);
  /* An entry taken back (the window's Undo, also of a phone's entry): its board has it
   * to make again and takes the keyboard, where the next key is meant for it (the
   * walkthrough of 27 Nov: after Ctrl+Z on Zoë's Pass the keyboard stayed on O'Brien's
   * roll, and P entered O'Brien's empty roll and passed). */
  if (undone >= 0 && (guint) undone < self->panels->len)
    {
      /* an Undo is the window's (its button or Ctrl+Z): the view follows the keyboard */
      self->looking_away = FALSE;
      self->acted_seat = undone;
      self->armed = 0;
      focus_from (self, (guint) undone);
    }
}

/* The focused widget into view, with a little room around it: after an entry the
 * keyboard's new place is scrolled to once the page is laid out (the viewport's own
 * scroll-to-focus ran when the new section had no size yet; issue 25 item 1). */
static gboolean
scroll_to_focus_idle (gpointer data)
{
  CbTablePage *self = data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));
  GtkWidget *content = viewport != NULL ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  graphene_rect_t bounds;
  double value, page, room = 24, room_below;

  self->scroll_idle = 0;
  if (self->scroll_pending > 0)
    self->scroll_pending--;
  /* In the adjustment's units: the content's coordinates (they do not change with a
   * scroll not laid out yet) plus its margin, which the viewport scrolls too. */
  if (focus == NULL || content == NULL || !gtk_widget_is_ancestor (focus, content)
      || !gtk_widget_compute_bounds (focus, content, &bounds))
    return G_SOURCE_REMOVE;
  bounds.origin.y += gtk_widget_get_margin_top (content);
  value = gtk_adjustment_get_value (adj);
  page = gtk_adjustment_get_page_size (adj);
  room = MIN (room, MAX (0, (page - bounds.size.height) / 2));
  /* Below it, the toast that says the entry lies over the page for a few seconds: the
   * keyboard's place is kept above it, so the next click on it never hits the toast or
   * its Undo (walkthrough of 26 Nov: Zoë's Pass under "Zoë rolled 4 hits"). */
  room_below = MIN (DP_WINDOW_TOAST_STRIP, MAX (0, page - bounds.size.height - room));
  /* The rest of a roll's form too, where it fits: its other fields and its Enter Roll
   * button were under the toast while only the focused field was above it (walkthrough
   * of 27 Nov: O'Brien's dark grey step field under "Zoë passes"). Only a roll: a click
   * elsewhere leaves the page where it is (issue 25, item 3.4). */
  {
    GtkWidget *section = gtk_widget_get_ancestor (focus, CB_TYPE_ROLL_SECTION);
    graphene_rect_t form;

    if (section != NULL && gtk_widget_compute_bounds (section, content, &form))
      {
        double form_bottom = form.origin.y + gtk_widget_get_margin_top (content) + form.size.height;
        double focus_bottom = bounds.origin.y + bounds.size.height;

        if (form_bottom > focus_bottom && form_bottom + DP_WINDOW_TOAST_STRIP - (bounds.origin.y - room) <= page)
          {
            bounds.size.height = form_bottom - bounds.origin.y;
            room_below = DP_WINDOW_TOAST_STRIP;
          }
      }
  }
  self->own_scroll = TRUE;
  if (bounds.origin.y - room < value)
    gtk_adjustment_set_value (adj, bounds.origin.y - room);
  else if (bounds.origin.y + bounds.size.height + room_below > value + page)
    gtk_adjustment_set_value (adj, bounds.origin.y + bounds.size.height + room_below - page);
  self->own_scroll = FALSE;
  return G_SOURCE_REMOVE;
}

/* After the next few layouts of the page (a new section, then the roll entry's fields
 * rearranged for the width, then the scroll itself). A player's own scrolling lays out
 * the viewport only, never the page: it is left alone. */
static void
scroll_to_focus_later (CbTablePage *self)
{
  if (self->looking_away)
    return;
  self->scroll_pending = 5;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* ---- Scroll anchoring: what is in view stays in place ----
 *
 * When something above the part of the page in view grows or shrinks — an entry from a
 * phone, a board's section folding — the page scrolls by as much, as browsers' scroll
 * anchoring does (issue 25, "nothing that moves under the pointer"; walkthrough at
 * 1100×760: Tom's board, in view below Ina's and Sami's, jumped by their boards' changes).
 * The anchor is chosen from the layout before the change:
 *   1. what is under the pointer, while it is over the page;
 *   2. none while the page brings an entry's next keyboard place into view (the
 *      deliberate scroll to the acting board, scroll_to_focus_later());
 *   3. the widget with the keyboard, when it is in view;
 *   4. else the first board (or header line) whose top is in view; else, inside the
 *      board the view's top edge cuts, the first part whose top is in view, and so on. */

/* The view, in @content's coordinates. */
static void
get_view (CbTablePage *self,
          GtkWidget   *content,
          double      *top,
          double      *bottom)
{
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));

  *top = gtk_adjustment_get_value (vadj) - gtk_widget_get_margin_top (content);
  *bottom = *top + gtk_adjustment_get_page_size (vadj);
}

/* Laid out and shown: a widget built since the last layout has no place to keep yet. */
static gboolean
get_placed_bounds (GtkWidget       *widget,
                   GtkWidget       *content,
                   graphene_rect_t *bounds)
{
  return gtk_widget_get_visible (widget) && gtk_widget_get_child_visible (widget)
         && gtk_widget_get_width (widget) > 0 && gtk_widget_get_height (widget) > 0
         && gtk_widget_compute_bounds (widget, content, bounds);
}

/* The first child of @parent whose top is in view (a whole board whose top the player
 * sees, rather than the end of a board above it, which an entry may change); else the
 * same inside the first child the view's top edge cuts, or that child itself. */
static GtkWidget *
first_in_view (GtkWidget *parent,
               GtkWidget *content,
               double     top,
               double     bottom)
{
  GtkWidget *cut = NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (parent); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      graphene_rect_t at;

      if (!get_placed_bounds (child, content, &at))
        continue;
      if (at.origin.y >= top && at.origin.y < bottom)
        return child;
      if (cut == NULL && at.origin.y < top && at.origin.y + at.size.height > top)
        cut = child;
    }
  if (cut != NULL)
    {
      GtkWidget *inner = first_in_view (cut, content, top, bottom);

      return inner != NULL ? inner : cut;
    }
  return NULL;
}

static GtkWidget *
choose_anchor (CbTablePage *self,
               GtkWidget   *content)
{
  GtkWidget *focus;
  graphene_rect_t at;
  double top, bottom;

  if (gtk_widget_get_height (content) <= 0)
    return NULL;   /* never laid out yet */
  if (self->pointer_in)
    {
      GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), self->pointer_x, self->pointer_y, GTK_PICK_DEFAULT);

      /* Over a board's controls or numbers; not between the boards (the grid itself). */
      if (picked != NULL && gtk_widget_is_ancestor (picked, content) && picked != GTK_WIDGET (self->boards_grid)
          && get_placed_bounds (picked, content, &at))
        return picked;
    }
  if (self->scroll_pending > 0)
    return NULL;
  get_view (self, content, &top, &bottom);
  focus = self->root != NULL ? gtk_root_get_focus (self->root) : NULL;
  if (focus != NULL && GTK_IS_TEXT (focus))   /* a number field's text: the whole field */
    focus = gtk_widget_get_parent (focus);
  if (focus != NULL && gtk_widget_is_ancestor (focus, content) && get_placed_bounds (focus, content, &at)
      && at.origin.y >= top && at.origin.y + at.size.height <= bottom)
    return focus;
  return first_in_view (content, content, top, bottom);
}

static void
value_changed_cb (GtkAdjustment *adj,
                  CbTablePage   *self)
{
  /* The player scrolled: the page no longer brings the keyboard's place into view until
   * they press a key, click or make an entry here — a phone's entry that moved the
   * keyboard pulled the view away from what they were reading. */
  if (!self->own_scroll)
    {
      self->scroll_pending = 0;
      self->looking_away = TRUE;
    }
}

static void
pointer_at_cb (GtkEventControllerMotion *motion,
               double                    x,
               double                    y,
               CbTablePage              *self)
{
  self->pointer_in = TRUE;
  self->pointer_x = x;
  self->pointer_y = y;
}

static void
pointer_left_cb (GtkEventControllerMotion *motion,
                 CbTablePage              *self)
{
  self->pointer_in = FALSE;
}

static void
cb_table_page_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  CbTablePage *self = CB_TABLE_PAGE (widget);
  GtkAdjustment *vadj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  GtkWidget *viewport, *content, *anchor;
  graphene_rect_t before, after;
  double value = 0;
  guint columns;

  /* The column count depends on the window width and the number of boards only,
   * never on what a board shows at the moment: measuring the boards made them jump
   * between one and two columns when a player's controls changed (issue 15, item 2,
   * "nothing that moves"). A board wider than its column wraps or scrolls sideways. */
  columns = self->cells->len > 1 && width >= TWO_COLUMN_WIDTH ? 2 : 1;

  if (columns != self->columns)
    {
      /* Moving the boards during allocation would re-enter it; do it right after. */
      self->columns = columns;
      if (self->columns_idle == 0)
        self->columns_idle = g_idle_add (update_columns_idle, self);
    }
  viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));
  content = viewport != NULL ? gtk_viewport_get_child (GTK_VIEWPORT (viewport)) : NULL;
  anchor = content != NULL ? choose_anchor (self, content) : NULL;
  if (anchor != NULL)
    {
      g_object_ref (anchor);
      get_placed_bounds (anchor, content, &before);
      value = gtk_adjustment_get_value (vadj);
    }
  self->own_scroll = TRUE;
  gtk_widget_size_allocate (self->scroller, &(GtkAllocation) { 0, 0, width, height }, baseline);
  if (anchor != NULL)
    {
      if (gtk_widget_is_ancestor (anchor, content) && get_placed_bounds (anchor, content, &after)
          && fabs (after.origin.y - before.origin.y) >= 0.5)
        {
          double target = value + after.origin.y - before.origin.y;

          /* The page's floor (keep_page_height) may leave too little below the view:
           * the page gets as long as the view's new bottom. */
          if (target + gtk_adjustment_get_page_size (vadj) > gtk_adjustment_get_upper (vadj))
            {
              set_page_floor (content, target + gtk_adjustment_get_page_size (vadj));
              gtk_widget_size_allocate (self->scroller, &(GtkAllocation) { 0, 0, width, height }, baseline);
            }
          gtk_adjustment_set_value (vadj, target);
          /* the content at its new place in this frame, not one frame later */
          gtk_widget_size_allocate (self->scroller, &(GtkAllocation) { 0, 0, width, height }, baseline);
        }
      g_object_unref (anchor);
    }
  self->own_scroll = FALSE;
  if (self->scroll_pending > 0 && self->scroll_idle == 0)
    self->scroll_idle = g_idle_add (scroll_to_focus_idle, self);
}

static void
cb_table_page_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  gtk_widget_measure (CB_TABLE_PAGE (widget)->scroller, orientation, for_size, minimum, natural, NULL, NULL);
}

/* Scrolls just enough to show the widget that has the keyboard, once the layout after
 * an entry is done: nothing moves when it is in view already (issue 25, item 3.4: the
 * page jumped 100–500 px after a click, GtkViewport scrolling to stale places). */
static gboolean
follow_focus_idle (gpointer data)
{
  CbTablePage *self = data;
  GtkWidget *viewport = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (self->scroller));
  GtkWidget *content = gtk_viewport_get_child (GTK_VIEWPORT (viewport));
  GtkWidget *focus = self->root != NULL ? gtk_root_get_focus (self->root) : NULL;
  graphene_rect_t at;

  self->follow_idle = 0;
  if (focus == NULL || !gtk_widget_is_ancestor (focus, content) || self->looking_away)
    return G_SOURCE_REMOVE;
  if (GTK_IS_TEXT (focus))   /* a number field's text: the whole field */
    focus = gtk_widget_get_parent (focus);
  /* in the adjustments' units, as scroll_to_focus_idle() */
  if (gtk_widget_compute_bounds (focus, content, &at))
    {
      GtkAdjustment *vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (viewport));
      GtkAdjustment *hadj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (viewport));
      /* …and above the toast's strip, as scroll_to_focus_idle() */
      double below = MIN (DP_WINDOW_TOAST_STRIP,
                          MAX (0, gtk_adjustment_get_page_size (vadj) - at.size.height));
      double y = at.origin.y + gtk_widget_get_margin_top (content);
      double x = at.origin.x + gtk_widget_get_margin_start (content);

      self->own_scroll = TRUE;
      gtk_adjustment_clamp_page (vadj, y, y + at.size.height + below);
      gtk_adjustment_clamp_page (hadj, x, x + at.size.width);
      self->own_scroll = FALSE;
    }
  return G_SOURCE_REMOVE;
}

static void
root_focus_cb (GtkRoot     *root,
               GParamSpec  *pspec,
               CbTablePage *self)
{
  /* after the layout: a widget just built has no place yet */
  if (self->follow_idle == 0)
    self->follow_idle = g_idle_add_full (GDK_PRIORITY_REDRAW + 10, follow_focus_idle, self, NULL);
}

static void
cb_table_page_map (GtkWidget *widget)
{
  CbTablePage *self = CB_TABLE_PAGE (widget);

  GTK_WIDGET_CLASS (cb_table_page_parent_class)->map (widget);
  self->looking_away = FALSE;
  self->root = gtk_widget_get_root (widget);
  self->focus_id = g_signal_connect (self->root, "notify::focus-widget", G_CALLBACK (root_focus_cb), self);
  if (self->focus_pending)
    cb_table_page_focus_entry (self);
}

static void
cb_table_page_unmap (GtkWidget *widget)
{
  CbTablePage *self = CB_TABLE_PAGE (widget);

  if (self->root != NULL)
    g_clear_signal_handler (&self->focus_id, self->root);
  self->root = NULL;
  g_clear_handle_id (&self->follow_idle, g_source_remove);
  GTK_WIDGET_CLASS (cb_table_page_parent_class)->unmap (widget);
}

/* ---- The keyboard contract (docs/keyboard.md, "Cubitos by keyboard") ---- */

static int
seat_of_widget (CbTablePage *self,
                GtkWidget   *widget)
{
  GtkWidget *panel = widget != NULL ? gtk_widget_get_ancestor (widget, CB_TYPE_RUN_PANEL) : NULL;
  guint seat;

  if (panel != NULL && g_ptr_array_find (self->panels, panel, &seat))
    return (int) seat;
  return -1;
}

static gboolean
is_enter (guint keyval)
{
  return keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter;
}

static gboolean
key_pressed_cb (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                CbTablePage           *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  int seat = seat_of_widget (self, focus);
  CbRunPanel *panel;
  gboolean in_text;

  self->looking_away = FALSE;   /* the keyboard's place is followed again */
  if (seat < 0 || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  panel = g_ptr_array_index (self->panels, seat);
  in_text = GTK_IS_EDITABLE (focus);
  /* Issue 25, 3.1: Enter (and Space on a button) never acts for a board other than the
   * one that just acted — after an entry the keyboard may have gone on to the next
   * board, whose player has not pressed anything yet. */
  if (is_enter (keyval) || (keyval == GDK_KEY_space && !in_text))
    {
      if (self->acted_seat >= 0 && seat != self->acted_seat && (self->armed & (1u << seat)) == 0)
        {
          const CbGame *game = cb_game_from_dp_const (dp_session_get_game (self->session));
          /* Translators: under a board, after a stray Enter; %s is the player's name */
          g_autofree char *text = g_strdup_printf (_("%s’s board has the keyboard now. Enter acts only for the "
                                                     "board that just acted: press the underlined letter of a "
                                                     "choice, type the roll, or Tab first."),
                                                   cb_game_get_player_name (game, (guint) seat));

          cb_run_panel_say (panel, text);
          return TRUE;
        }
      return FALSE;
    }
  if (gdk_keyval_to_unicode (keyval) == 0 && keyval != GDK_KEY_Tab && keyval != GDK_KEY_ISO_Left_Tab
      && keyval != GDK_KEY_BackSpace && keyval != GDK_KEY_Delete && keyval != GDK_KEY_Escape
      && (keyval < GDK_KEY_Left || keyval > GDK_KEY_Down))
    return FALSE;   /* Shift and the other modifiers alone arm nothing */
  self->armed |= 1u << seat;
  cb_run_panel_say (panel, NULL);
  /* A text field's letters are its own (the names in a card's form). */
  if (in_text && gtk_widget_get_ancestor (focus, GTK_TYPE_SPIN_BUTTON) == NULL)
    return FALSE;
  return cb_run_panel_handle_key (panel, keyval);
}

static void
click_pressed_cb (GtkGestureClick *gesture,
                  int              n_press,
                  double           x,
                  double           y,
                  CbTablePage     *self)
{
  GtkWidget *picked = gtk_widget_pick (GTK_WIDGET (self), x, y, GTK_PICK_DEFAULT);
  int seat = seat_of_widget (self, picked);

  pointer_at_cb (NULL, x, y, self);   /* what it clicked stays under it (scroll anchoring) */
  self->looking_away = FALSE;
  /* A click on a board is a key of that board: Enter may act for it then. */
  if (seat >= 0)
    self->armed |= 1u << seat;
}

gboolean
cb_table_page_takes_enter (CbTablePage *self,
                           guint        seat)
{
  g_return_val_if_fail (CB_IS_TABLE_PAGE (self), FALSE);
  return self->acted_seat < 0 || (guint) self->acted_seat == seat || (self->armed & (1u << seat)) != 0;
}

static void
cb_table_page_dispose (GObject *object)
{
  CbTablePage *self = CB_TABLE_PAGE (object);

  cb_table_page_set_session (self, NULL);
  g_clear_pointer (&self->shown, dp_game_free);
  g_clear_handle_id (&self->columns_idle, g_source_remove);
  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  g_clear_handle_id (&self->follow_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_TABLE_PAGE);
  g_clear_pointer (&self->boards, g_ptr_array_unref);
  g_clear_pointer (&self->panels, g_ptr_array_unref);
  g_clear_pointer (&self->cells, g_ptr_array_unref);
  g_clear_pointer (&self->logged_seats, g_array_unref);

  G_OBJECT_CLASS (cb_table_page_parent_class)->dispose (object);
}

/* ---- DpTablePage ---- */

static void
set_session (DpTablePage *page,
             DpSession   *session)
{
  cb_table_page_set_session (CB_TABLE_PAGE (page), session);
}

static void
focus_entry (DpTablePage *page)
{
  cb_table_page_focus_entry (CB_TABLE_PAGE (page));
}

static void
cb_table_page_iface_init (DpTablePageInterface *iface)
{
  iface->set_session = set_session;
  /* The page's content ends with room for a toast (cb-table-page.ui): no empty strip
   * under the boards (issue 25, item 3.10) */
  iface->toasts_over_content = TRUE;
  iface->focus_entry = focus_entry;
}

static void
cb_table_page_class_init (CbTablePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_table_page_dispose;
  widget_class->measure = cb_table_page_measure;
  widget_class->size_allocate = cb_table_page_size_allocate;
  widget_class->map = cb_table_page_map;
  widget_class->unmap = cb_table_page_unmap;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-table-page.ui");
  gtk_widget_class_bind_template_child (widget_class, CbTablePage, scroller);
  gtk_widget_class_bind_template_child (widget_class, CbTablePage, status_label);
  gtk_widget_class_bind_template_child (widget_class, CbTablePage, entry_label);
  gtk_widget_class_bind_template_child (widget_class, CbTablePage, swords_label);
  gtk_widget_class_bind_template_child (widget_class, CbTablePage, cards_box);
  gtk_widget_class_bind_template_child (widget_class, CbTablePage, boards_grid);
  gtk_widget_class_set_css_name (widget_class, "cbtablepage");
}

static void
cb_table_page_init (CbTablePage *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->acted_seat = -1;
  /* Capture: the contract's keys before the focused field or button sees them. */
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  /* Motion only (never mere crossing): a pointer that rests where the window appeared
   * anchors nothing. */
  g_signal_connect (motion, "motion", G_CALLBACK (pointer_at_cb), self);
  g_signal_connect (motion, "leave", G_CALLBACK (pointer_left_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), "value-changed",
                           G_CALLBACK (value_changed_cb), self, 0);
  self->boards = g_ptr_array_new ();
  self->panels = g_ptr_array_new ();
  self->cells = g_ptr_array_new ();
  self->logged_seats = g_array_new (FALSE, FALSE, sizeof (int));
  self->columns = 1;
}

GtkWidget *
cb_table_page_new (void)
{
  return g_object_new (CB_TYPE_TABLE_PAGE, NULL);
}

void
cb_table_page_set_session (CbTablePage *self,
                           DpSession   *session)
{
  g_return_if_fail (CB_IS_TABLE_PAGE (self));

  if (self->session != NULL)
    {
      g_clear_signal_handler (&self->changed_id, self->session);
      g_clear_object (&self->session);
    }
  if (self->cells != NULL)
    clear_boards (self);
  g_clear_pointer (&self->shown, dp_game_free);
  set_entry_text (self, NULL);

  if (session == NULL || cb_game_from_dp_const (dp_session_get_game (session)) == NULL)
    return;

  self->session = g_object_ref (session);
  self->shown = dp_game_copy (dp_session_get_game (session));
  self->changed_id = g_signal_connect (session, "changed", G_CALLBACK (session_changed_cb), self);
  g_array_set_size (self->logged_seats, 0);
  follow_log (self);
  refresh (self);
}

guint
cb_table_page_get_n_boards (CbTablePage *self)
{
  g_return_val_if_fail (CB_IS_TABLE_PAGE (self), 0);
  return self->boards->len;
}

CbBoardView *
cb_table_page_get_board (CbTablePage *self,
                         guint        seat)
{
  g_return_val_if_fail (CB_IS_TABLE_PAGE (self), NULL);
  g_return_val_if_fail (seat < self->boards->len, NULL);
  return g_ptr_array_index (self->boards, seat);
}

CbRunPanel *
cb_table_page_get_panel (CbTablePage *self,
                         guint        seat)
{
  g_return_val_if_fail (CB_IS_TABLE_PAGE (self), NULL);
  g_return_val_if_fail (seat < self->panels->len, NULL);
  return g_ptr_array_index (self->panels, seat);
}

const char *
cb_table_page_get_status (CbTablePage *self)
{
  g_return_val_if_fail (CB_IS_TABLE_PAGE (self), NULL);
  return gtk_label_get_text (self->status_label);
}

const char *
cb_table_page_get_entry_text (CbTablePage *self)
{
  g_return_val_if_fail (CB_IS_TABLE_PAGE (self), NULL);

  return gtk_label_get_text (self->entry_label);
}

const char *
cb_table_page_get_swords (CbTablePage *self)
{
  g_return_val_if_fail (CB_IS_TABLE_PAGE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->swords_label)) ? gtk_label_get_text (self->swords_label) : "";
}

static guint
seat_of (const CbGame *game,
         const char   *action_json)
{
  CbAction action;
  int seat = -1;

  if (cb_action_from_text (game, action_json, &action, NULL))
    seat = cb_action_get_seat (&action);
  return seat >= 0 ? (guint) seat : 0;
}

/* The player who just entered something goes on where they are; when their board has
 * nothing more to do, the next board clockwise that has takes the keyboard. */
static void
focus_from (CbTablePage *self,
            guint        seat)
{
  guint n = self->panels->len;

  self->focus_pending = !gtk_widget_get_mapped (GTK_WIDGET (self));
  if (self->focus_pending)
    return;
  scroll_to_focus_later (self);
  for (guint i = 0; i < n; i++)
    if (cb_run_panel_focus_first (g_ptr_array_index (self->panels, (seat + i) % n)))
      return;
  /* Issue 25, 3.2: never no focus (the first Tab would land on the toast's Undo): a
   * board that just ended its roll section takes it back while the others wait. */
  for (guint i = 0; i < n; i++)
    if (cb_run_panel_take_focus (g_ptr_array_index (self->panels, (seat + i) % n)))
      return;
}

/* @action_json and what Dicepad entered by itself after it (a player had nothing to
 * decide, docs/cubitos-notes.md "Forced actions"). */
static GPtrArray *
dup_entries (CbTablePage *self,
             const char  *action_json)
{
  const GPtrArray *forced = dp_session_get_forced (self->session);
  GPtrArray *texts = g_ptr_array_new ();

  g_ptr_array_add (texts, (gpointer) action_json);
  for (guint i = 0; i < forced->len; i++)
    g_ptr_array_add (texts, g_ptr_array_index (forced, i));
  return texts;
}

gboolean
cb_table_page_enter (CbTablePage *self,
                     const char  *action_json)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) before = NULL;
  g_autoptr(GPtrArray) entries = NULL;
  g_autofree char *text = NULL;
  g_autofree char *toast = NULL;
  gboolean stored;

  g_return_val_if_fail (CB_IS_TABLE_PAGE (self), FALSE);

  if (self->session == NULL || action_json == NULL)
    return FALSE;

  before = dp_game_copy (dp_session_get_game (self->session));
  self->looking_away = FALSE;   /* an entry here: the keyboard goes on, the view with it */

  /* Stored first; the session's ::changed then redraws the boards. */
  self->entering = TRUE;
  stored = dp_session_apply_text (self->session, action_json, &error);
  self->entering = FALSE;
  if (!stored)
    {
      g_debug ("entry refused: %s: %s", action_json, error->message);
      dp_table_page_entry_failed (DP_TABLE_PAGE (self), error->message);
      return FALSE;
    }
  /* What Dicepad entered by itself is named, so that nobody wonders why a board moved
   * on: in full on the table ("Ina passes — and, with nothing to decide: Ina rests"),
   * in one short line in the toast ("Ina passes (+1 automatic)", wpolish item 1). */
  entries = dup_entries (self, action_json);
  text = cb_presenter_dup_entries_text (cb_game_from_dp_const (before), (const char *const *) entries->pdata,
                                        entries->len);
  toast = cb_presenter_dup_entries_toast (cb_game_from_dp_const (before), (const char *const *) entries->pdata,
                                          entries->len);
  {
    /* An optional ability whose time the entry ended is named (issue 25, item 3.7) */
    g_autofree char *unused = cb_presenter_dup_unused_text (cb_game_from_dp_const (before),
                                                            cb_game_from_dp_const (dp_session_get_game (self->session)),
                                                            seat_of (cb_game_from_dp_const (before), action_json));
    if (unused != NULL)
      {
        g_autofree char *entry = g_steal_pointer (&text);

        /* Translators: what was entered and what it left unused: "Ina walked 2 spaces —
         * Smelly Cat was not used (its time is over)" */
        text = g_strdup_printf (_("%s — %s"), entry, unused);
      }
  }
  /* The board that acted: the next Enter is its own (issue 25, 3.1). */
  self->acted_seat = (int) seat_of (cb_game_from_dp_const (before), action_json);
  self->armed = 0;
  set_entry_text (self, text);
  dp_table_page_entry_stored (DP_TABLE_PAGE (self), toast);
  focus_from (self, (guint) self->acted_seat);
  return TRUE;
}

void
cb_table_page_focus_entry (CbTablePage *self)
{
  g_return_if_fail (CB_IS_TABLE_PAGE (self));

  /* A page still fading in cannot take the focus yet (keyboard-only play). */
  self->focus_pending = !gtk_widget_get_mapped (GTK_WIDGET (self));
  if (self->focus_pending)
    return;
  scroll_to_focus_later (self);
  for (guint i = 0; i < self->panels->len; i++)
    if (cb_run_panel_focus_first (g_ptr_array_index (self->panels, i)))
      return;
}
