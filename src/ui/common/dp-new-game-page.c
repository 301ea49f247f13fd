/* dp-new-game-page.c — choose the game and the players, in seat order
 *
 * What the seat order means, how many may play and the game's options (a widget under
 * the players) come from the game's DpGameUi. Seats are reordered by dragging the
 * handle or with the up/down buttons (keyboard). Bad names (empty, duplicate, refused
 * by the store) are said inline under the name, once the player left that field or
 * tried to start: nothing is marked wrong before anything was typed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "dp-new-game-page-private.h"
#include "dp-game-ui.h"
#include "dp-store.h"

typedef struct
{
  GtkWidget *row;
  GtkEntry  *entry;
  GtkWidget *error_label;
  GtkWidget *up_button;
  GtkWidget *down_button;
  GtkWidget *remove_button;
} PlayerRow;

struct _DpNewGamePage
{
  GtkWidget        parent_instance;

  char            *kind;
  const DpGameUi  *ui;           /* the description of `kind` */
  GHashTable      *options;      /* kind id → its options widget (owned), kept while the page lives */
  GtkWidget       *shown_options; /* in `options`, or NULL */
  GPtrArray       *names;        /* char*, as typed */
  GPtrArray       *errors;       /* char* or NULL, per seat */
  GArray          *shown;        /* gboolean per seat: its error may be shown (left or tried to start) */
  GArray          *rows;         /* PlayerRow */
  GtkListStore    *completions;
  gboolean         rebuilding;
  guint            move_idle;
  guint            leave_idle;    /* a field lost the focus: did the player leave it? */
  guint            left_seats;    /* bit per seat whose field lost the focus */
  GtkRoot         *root;          /* whose focus is followed, while the page is rooted */
  int              focused_seat;  /* the seat whose field has the window's focus, or -1 */
  guint            pending_from;
  guint            pending_to;

  /* Template widgets */
  GtkLabel        *game_title;
  GtkLabel        *game_summary;
  AdwPreferencesGroup *players_group;
  GtkBox          *options_box;
  GtkListBox      *players_list;
  GtkButton       *add_button;
  GtkButton       *start_button;
  GtkLabel        *start_hint;
};

G_DEFINE_FINAL_TYPE (DpNewGamePage, dp_new_game_page, GTK_TYPE_WIDGET)

enum {
  NAMES_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void rebuild (DpNewGamePage *self, int focus_seat, const char *focus_what);

/* The error of @seat as the page shows it: only once the field was left or the player
 * tried to start. */
static const char *
shown_error (DpNewGamePage *self,
             guint          seat)
{
  if (seat >= self->errors->len || seat >= self->shown->len || !g_array_index (self->shown, gboolean, seat))
    return NULL;
  return g_ptr_array_index (self->errors, seat);
}

static void
validate (DpNewGamePage *self)
{
  gboolean valid;
  gboolean any_shown = FALSE;

  g_ptr_array_set_size (self->errors, 0);
  for (guint i = 0; i < self->names->len; i++)
    {
      g_autofree char *name = dp_store_normalize_player_name (g_ptr_array_index (self->names, i));
      g_autoptr(GError) error = NULL;
      char *message = NULL;

      if (name[0] == '\0')
        message = g_strdup (_("Enter a name"));
      else if (!dp_store_check_player_name (name, &error))
        message = g_strdup (error->message);
      else
        {
          g_autofree char *folded = g_utf8_casefold (name, -1);

          for (guint j = 0; j < self->names->len && message == NULL; j++)
            {
              g_autofree char *other = NULL;
              g_autofree char *other_folded = NULL;

              if (j == i)
                continue;
              other = dp_store_normalize_player_name (g_ptr_array_index (self->names, j));
              other_folded = g_utf8_casefold (other, -1);
              if (g_strcmp0 (folded, other_folded) == 0)
                message = g_strdup (_("Two players cannot have the same name"));
            }
        }
      g_ptr_array_add (self->errors, message);
    }

  for (guint i = 0; i < self->rows->len; i++)
    {
      PlayerRow *row = &g_array_index (self->rows, PlayerRow, i);
      const char *message = shown_error (self, i);

      if (message != NULL)
        any_shown = TRUE;
      gtk_label_set_text (GTK_LABEL (row->error_label), message != NULL ? message : "");
      gtk_widget_set_visible (row->error_label, message != NULL);
      if (message != NULL)
        gtk_widget_add_css_class (GTK_WIDGET (row->entry), "error");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (row->entry), "error");
      gtk_accessible_update_property (GTK_ACCESSIBLE (row->entry),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, message != NULL ? message : "",
                                      -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (row->entry),
                                   GTK_ACCESSIBLE_STATE_INVALID,
                                   message != NULL ? GTK_ACCESSIBLE_INVALID_TRUE : GTK_ACCESSIBLE_INVALID_FALSE,
                                   -1);
    }

  valid = dp_new_game_page_is_valid (self);
  /* Start stays sensitive: pressing it with a bad name shows what to correct. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->add_button), self->names->len < self->ui->max_players);
  if (self->names->len < self->ui->min_players)
    gtk_label_set_text (self->start_hint, _("Add at least two players."));
  else if (!valid && any_shown)
    gtk_label_set_text (self->start_hint, _("Correct the names marked above to start."));
  else if (!valid)
    gtk_label_set_text (self->start_hint, _("Enter every player’s name to start."));
  else if (!self->ui->first_seat_starts)
    /* Everyone plays at once, or the options below say who begins. */
    gtk_label_set_text (self->start_hint, _("Ready to start."));
  else
    /* Translators: shown above the Start button, %s is the name of the first player */
    {
      g_autofree char *hint = g_strdup_printf (_("%s starts."), (const char *) g_ptr_array_index (self->names, 0));
      gtk_label_set_text (self->start_hint, hint);
    }
  if (self->shown_options != NULL && self->ui->options_set_names != NULL)
    {
      g_auto(GStrv) names = dp_new_game_page_dup_names (self);
      self->ui->options_set_names (self->shown_options, (const char *const *) names);
    }
  g_signal_emit (self, signals[NAMES_CHANGED], 0);
}

static void
entry_changed_cb (GtkEditable   *editable,
                  DpNewGamePage *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (editable), "seat"));

  if (self->rebuilding || seat >= self->names->len)
    return;

  g_free (g_ptr_array_index (self->names, seat));
  g_ptr_array_index (self->names, seat) = g_strdup (gtk_editable_get_text (editable));
  validate (self);
}

/* The player tried to start: every seat's error shows, the first bad name gets the focus. */
static void
show_all_errors (DpNewGamePage *self)
{
  for (guint i = 0; i < self->shown->len; i++)
    g_array_index (self->shown, gboolean, i) = TRUE;
  validate (self);
  for (guint i = 0; i < self->rows->len; i++)
    if (shown_error (self, i) != NULL)
      {
        gtk_widget_grab_focus (GTK_WIDGET (g_array_index (self->rows, PlayerRow, i).entry));
        break;
      }
}

static void
start_clicked_cb (GtkButton     *button,
                  DpNewGamePage *self)
{
  /* A valid page starts through the button's action (win.start-game). */
  if (!dp_new_game_page_is_valid (self))
    show_all_errors (self);
}

/* After a field lost the focus: where the focus is now. A field whose focus went
 * elsewhere in the window was left — its error (if any) may show now; a field that still
 * has the focus was not (the whole window lost the keyboard to another window). */
static gboolean
leave_idle_cb (gpointer data)
{
  DpNewGamePage *self = data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
  gboolean changed = FALSE;

  self->leave_idle = 0;
  for (guint seat = 0; seat < self->rows->len && seat < self->shown->len; seat++)
    {
      GtkWidget *entry = GTK_WIDGET (g_array_index (self->rows, PlayerRow, seat).entry);

      if (!(self->left_seats & (1u << seat)) || g_array_index (self->shown, gboolean, seat))
        continue;
      if (focus != NULL && (focus == entry || gtk_widget_is_ancestor (focus, entry)))
        continue;
      g_array_index (self->shown, gboolean, seat) = TRUE;
      changed = TRUE;
    }
  self->left_seats = 0;
  if (changed)
    validate (self);
  return G_SOURCE_REMOVE;
}

/* The seat whose name field holds @focus, or -1. */
static int
seat_of_focus (DpNewGamePage *self,
               GtkWidget     *focus)
{
  for (guint seat = 0; focus != NULL && seat < self->rows->len; seat++)
    {
      GtkWidget *entry = GTK_WIDGET (g_array_index (self->rows, PlayerRow, seat).entry);

      if (focus == entry || gtk_widget_is_ancestor (focus, entry))
        return (int) seat;
    }
  return -1;
}

/* The window's focus moved. A name field it left may show its error (if any) once the
 * focus has settled. This follows the window's focus widget rather than the field's
 * focus events: those report a leave already when the whole window loses the keyboard
 * to another window, and then none when the focus later moves on inside the window. */
static void
root_focus_cb (GtkRoot       *root,
               GParamSpec    *pspec,
               DpNewGamePage *self)
{
  int seat = seat_of_focus (self, gtk_root_get_focus (root));
  int left = self->focused_seat;

  self->focused_seat = seat;
  /* Not for a field the page took away (a rebuild drops the focus with it). */
  if (left < 0 || left == seat || self->rebuilding || (guint) left >= self->shown->len ||
      (guint) left >= self->rows->len || g_array_index (self->shown, gboolean, left) || left >= 32)
    return;
  self->left_seats |= 1u << left;
  if (self->leave_idle == 0)
    self->leave_idle = g_idle_add (leave_idle_cb, self);
}

static void
dp_new_game_page_root (GtkWidget *widget)
{
  DpNewGamePage *self = DP_NEW_GAME_PAGE (widget);

  GTK_WIDGET_CLASS (dp_new_game_page_parent_class)->root (widget);
  self->root = gtk_widget_get_root (widget);
  g_signal_connect_object (self->root, "notify::focus-widget", G_CALLBACK (root_focus_cb), self, 0);
  self->focused_seat = seat_of_focus (self, gtk_root_get_focus (self->root));
}

static void
dp_new_game_page_unroot (GtkWidget *widget)
{
  DpNewGamePage *self = DP_NEW_GAME_PAGE (widget);

  g_signal_handlers_disconnect_by_func (self->root, root_focus_cb, self);
  self->root = NULL;
  self->focused_seat = -1;
  GTK_WIDGET_CLASS (dp_new_game_page_parent_class)->unroot (widget);
}

static void
start_now (DpNewGamePage *self)
{
  const char *action = gtk_actionable_get_action_name (GTK_ACTIONABLE (self->start_button));

  if (action != NULL && gtk_widget_is_sensitive (GTK_WIDGET (self->start_button)))
    gtk_widget_activate_action_variant (GTK_WIDGET (self->start_button), action,
                                        gtk_actionable_get_action_target_value (GTK_ACTIONABLE (self->start_button)));
}

static void
entry_activate_cb (GtkEntry      *entry,
                   DpNewGamePage *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (entry), "seat"));
  gboolean empty = gtk_entry_get_text_length (entry) == 0;

  /* Issue 14: a name + Enter moves to the next field, adding one; Enter on an empty
   * field, with at least two names, starts the game (the empty seats are dropped). */
  if (empty)
    {
      for (guint i = self->rows->len; i > 0; i--)
        if (gtk_entry_get_text_length (g_array_index (self->rows, PlayerRow, i - 1).entry) == 0 &&
            self->rows->len > self->ui->min_players)
          dp_new_game_page_remove_player (self, i - 1);
      /* The button's action at once (activating the button would wait for its animation). */
      if (dp_new_game_page_is_valid (self))
        start_now (self);
      else
        show_all_errors (self);
      return;
    }
  if (seat + 1 < self->rows->len)
    gtk_widget_grab_focus (GTK_WIDGET (g_array_index (self->rows, PlayerRow, seat + 1).entry));
  else if (self->names->len < self->ui->max_players)
    {
      dp_new_game_page_add_player (self);
      gtk_widget_grab_focus (GTK_WIDGET (g_array_index (self->rows, PlayerRow, self->rows->len - 1).entry));
    }
  else if (dp_new_game_page_is_valid (self))
    start_now (self);
  else
    show_all_errors (self);
}

static void
up_clicked_cb (GtkButton     *button,
               DpNewGamePage *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat"));

  if (seat > 0)
    {
      dp_new_game_page_move (self, seat, seat - 1);
      rebuild (self, seat - 1, seat - 1 > 0 ? "up" : "down");
    }
}

static void
down_clicked_cb (GtkButton     *button,
                 DpNewGamePage *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat"));

  if (seat + 1 < self->names->len)
    {
      dp_new_game_page_move (self, seat, seat + 1);
      rebuild (self, seat + 1, seat + 2 < self->names->len ? "down" : "up");
    }
}

static void
remove_clicked_cb (GtkButton     *button,
                   DpNewGamePage *self)
{
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "seat"));

  dp_new_game_page_remove_player (self, seat);
}

static GdkContentProvider *
drag_prepare_cb (GtkDragSource *source,
                 double         x,
                 double         y,
                 DpNewGamePage *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (source));
  guint seat = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "seat"));

  return gdk_content_provider_new_typed (G_TYPE_UINT, seat);
}

static gboolean
move_idle_cb (gpointer data)
{
  DpNewGamePage *self = data;

  self->move_idle = 0;
  if (self->pending_from < self->names->len && self->pending_to < self->names->len)
    dp_new_game_page_move (self, self->pending_from, self->pending_to);
  return G_SOURCE_REMOVE;
}

static gboolean
drop_cb (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         DpNewGamePage *self)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (target));
  guint to = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (widget), "seat"));
  guint from;

  if (!G_VALUE_HOLDS_UINT (value))
    return FALSE;
  from = g_value_get_uint (value);
  if (from >= self->names->len || from == to)
    return FALSE;

  /* Rebuilding removes the row this drop target belongs to: do it after the drop. */
  self->pending_from = from;
  self->pending_to = to;
  if (self->move_idle == 0)
    self->move_idle = g_idle_add (move_idle_cb, self);
  return TRUE;
}

static GtkWidget *
icon_button (const char *icon,
             const char *accessible_label)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon);

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, accessible_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, accessible_label, -1);
  return button;
}

static void
add_row (DpNewGamePage *self,
         guint          seat)
{
  PlayerRow row = { 0, };
  const char *name = g_ptr_array_index (self->names, seat);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *handle = gtk_image_new_from_icon_name ("list-drag-handle-symbolic");
  g_autofree char *seat_text = g_strdup_printf ("%u", seat + 1);
  GtkWidget *seat_label = gtk_label_new (seat_text);
  GtkWidget *name_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkEntryCompletion *completion;
  GtkDragSource *source;
  GtkDropTarget *target;
  g_autofree char *placeholder = NULL;
  g_autofree char *entry_label = NULL;
  g_autofree char *up_label = NULL;
  g_autofree char *down_label = NULL;
  g_autofree char *remove_label = NULL;

  row.row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row.row), FALSE);
  gtk_widget_set_focusable (row.row, FALSE);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);

  gtk_widget_set_tooltip_text (handle, _("Drag to change the seat"));
  gtk_widget_add_css_class (handle, "dim-label");
  gtk_widget_add_css_class (seat_label, "heading");
  gtk_widget_set_size_request (seat_label, 20, -1);

  row.entry = GTK_ENTRY (gtk_entry_new ());
  /* Translators: placeholder of a player name entry, "Player 1" */
  placeholder = g_strdup_printf (_("Player %u"), seat + 1);
  gtk_entry_set_placeholder_text (row.entry, placeholder);
  gtk_editable_set_text (GTK_EDITABLE (row.entry), name);
  gtk_entry_set_max_length (row.entry, 100);
  gtk_widget_set_hexpand (GTK_WIDGET (row.entry), TRUE);
  if (seat == 0)
    /* Translators: accessible name of the first name entry */
    entry_label = g_strdup_printf (_("Name of player %u (starts)"), seat + 1);
  else
    /* Translators: accessible name of a name entry, "Name of player 2" */
    entry_label = g_strdup_printf (_("Name of player %u"), seat + 1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row.entry), GTK_ACCESSIBLE_PROPERTY_LABEL, entry_label, -1);
  g_object_set_data (G_OBJECT (row.entry), "seat", GUINT_TO_POINTER (seat));
  g_signal_connect (row.entry, "changed", G_CALLBACK (entry_changed_cb), self);
  g_signal_connect (row.entry, "activate", G_CALLBACK (entry_activate_cb), self);

  completion = gtk_entry_completion_new ();
  gtk_entry_completion_set_model (completion, GTK_TREE_MODEL (self->completions));
  gtk_entry_completion_set_text_column (completion, 0);
  gtk_entry_completion_set_inline_completion (completion, TRUE);
  gtk_entry_completion_set_popup_single_match (completion, FALSE);
  gtk_entry_set_completion (row.entry, completion);
  g_object_unref (completion);

  row.error_label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (row.error_label), 0);
  gtk_label_set_wrap (GTK_LABEL (row.error_label), TRUE);
  gtk_widget_add_css_class (row.error_label, "error");
  gtk_widget_add_css_class (row.error_label, "caption");
  gtk_widget_set_visible (row.error_label, FALSE);

  gtk_box_append (GTK_BOX (name_box), GTK_WIDGET (row.entry));
  gtk_box_append (GTK_BOX (name_box), row.error_label);

  /* Translators: accessible name of a button that moves a player one seat earlier */
  up_label = g_strdup_printf (_("Move player %u up"), seat + 1);
  /* Translators: accessible name of a button that moves a player one seat later */
  down_label = g_strdup_printf (_("Move player %u down"), seat + 1);
  /* Translators: accessible name of a button that removes a player */
  remove_label = g_strdup_printf (_("Remove player %u"), seat + 1);
  row.up_button = icon_button ("go-up-symbolic", up_label);
  row.down_button = icon_button ("go-down-symbolic", down_label);
  row.remove_button = icon_button ("user-trash-symbolic", remove_label);
  gtk_widget_set_sensitive (row.up_button, seat > 0);
  gtk_widget_set_sensitive (row.down_button, seat + 1 < self->names->len);
  gtk_widget_set_sensitive (row.remove_button, self->names->len > self->ui->min_players);
  g_object_set_data (G_OBJECT (row.up_button), "seat", GUINT_TO_POINTER (seat));
  g_object_set_data (G_OBJECT (row.down_button), "seat", GUINT_TO_POINTER (seat));
  g_object_set_data (G_OBJECT (row.remove_button), "seat", GUINT_TO_POINTER (seat));
  g_signal_connect (row.up_button, "clicked", G_CALLBACK (up_clicked_cb), self);
  g_signal_connect (row.down_button, "clicked", G_CALLBACK (down_clicked_cb), self);
  g_signal_connect (row.remove_button, "clicked", G_CALLBACK (remove_clicked_cb), self);

  gtk_box_append (GTK_BOX (box), handle);
  gtk_box_append (GTK_BOX (box), seat_label);
  gtk_box_append (GTK_BOX (box), name_box);
  gtk_box_append (GTK_BOX (box), row.up_button);
  gtk_box_append (GTK_BOX (box), row.down_button);
  gtk_box_append (GTK_BOX (box), row.remove_button);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row.row), box);

  g_object_set_data (G_OBJECT (handle), "seat", GUINT_TO_POINTER (seat));
  g_object_set_data (G_OBJECT (row.row), "seat", GUINT_TO_POINTER (seat));
  source = gtk_drag_source_new ();
  gtk_drag_source_set_actions (source, GDK_ACTION_MOVE);
  g_signal_connect (source, "prepare", G_CALLBACK (drag_prepare_cb), self);
  gtk_widget_add_controller (handle, GTK_EVENT_CONTROLLER (source));
  target = gtk_drop_target_new (G_TYPE_UINT, GDK_ACTION_MOVE);
  g_signal_connect (target, "drop", G_CALLBACK (drop_cb), self);
  gtk_widget_add_controller (row.row, GTK_EVENT_CONTROLLER (target));

  gtk_list_box_append (self->players_list, row.row);
  g_array_append_val (self->rows, row);
}

static void
rebuild (DpNewGamePage *self,
         int            focus_seat,
         const char    *focus_what)
{
  GtkWidget *child;

  self->rebuilding = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players_list))) != NULL)
    gtk_list_box_remove (self->players_list, child);
  g_array_set_size (self->rows, 0);

  for (guint i = 0; i < self->names->len; i++)
    add_row (self, i);
  self->rebuilding = FALSE;
  self->focused_seat = self->root != NULL ? seat_of_focus (self, gtk_root_get_focus (self->root)) : -1;
  validate (self);

  if (focus_seat >= 0 && (guint) focus_seat < self->rows->len)
    {
      PlayerRow *row = &g_array_index (self->rows, PlayerRow, focus_seat);
      GtkWidget *target = GTK_WIDGET (row->entry);

      if (g_strcmp0 (focus_what, "up") == 0)
        target = row->up_button;
      else if (g_strcmp0 (focus_what, "down") == 0)
        target = row->down_button;
      gtk_widget_grab_focus (target);
    }
}

static void
add_clicked_cb (GtkButton     *button,
                DpNewGamePage *self)
{
  dp_new_game_page_add_player (self);
}

static void
dp_new_game_page_dispose (GObject *object)
{
  DpNewGamePage *self = DP_NEW_GAME_PAGE (object);
  GtkWidget *child;

  g_clear_handle_id (&self->move_idle, g_source_remove);
  g_clear_handle_id (&self->leave_idle, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), DP_TYPE_NEW_GAME_PAGE);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->kind, g_free);
  self->shown_options = NULL;
  g_clear_pointer (&self->options, g_hash_table_unref);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  g_clear_pointer (&self->errors, g_ptr_array_unref);
  g_clear_pointer (&self->shown, g_array_unref);
  g_clear_pointer (&self->rows, g_array_unref);
  g_clear_object (&self->completions);

  G_OBJECT_CLASS (dp_new_game_page_parent_class)->dispose (object);
}

static void
dp_new_game_page_class_init (DpNewGamePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = dp_new_game_page_dispose;
  widget_class->root = dp_new_game_page_root;
  widget_class->unroot = dp_new_game_page_unroot;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/dp-new-game-page.ui");
  gtk_widget_class_bind_template_child (widget_class, DpNewGamePage, game_title);
  gtk_widget_class_bind_template_child (widget_class, DpNewGamePage, game_summary);
  gtk_widget_class_bind_template_child (widget_class, DpNewGamePage, players_group);
  gtk_widget_class_bind_template_child (widget_class, DpNewGamePage, options_box);
  gtk_widget_class_bind_template_child (widget_class, DpNewGamePage, players_list);
  gtk_widget_class_bind_template_child (widget_class, DpNewGamePage, add_button);
  gtk_widget_class_bind_template_child (widget_class, DpNewGamePage, start_button);
  gtk_widget_class_bind_template_child (widget_class, DpNewGamePage, start_hint);
  gtk_widget_class_bind_template_callback (widget_class, add_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_clicked_cb);

  /**
   * DpNewGamePage::names-changed:
   * A name or the seat order changed (game options that list the players follow it).
   */
  signals[NAMES_CHANGED] = g_signal_new ("names-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
dp_new_game_page_init (DpNewGamePage *self)
{
  self->focused_seat = -1;
  gtk_widget_init_template (GTK_WIDGET (self));

  self->ui = dp_game_ui_get_default ();
  self->kind = g_strdup (self->ui->kind_id);
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_object_unref);
  self->names = g_ptr_array_new_with_free_func (g_free);
  self->errors = g_ptr_array_new_with_free_func (g_free);
  self->shown = g_array_new (FALSE, TRUE, sizeof (gboolean));
  self->rows = g_array_new (FALSE, TRUE, sizeof (PlayerRow));
  self->completions = gtk_list_store_new (1, G_TYPE_STRING);
}

GtkWidget *
dp_new_game_page_new (void)
{
  return g_object_new (DP_TYPE_NEW_GAME_PAGE, NULL);
}

/* The options of the game shown, under the players; NULL: none. */
static void
show_options (DpNewGamePage *self,
              GtkWidget     *options)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->options_box))) != NULL)
    gtk_box_remove (self->options_box, child);
  if (options != NULL)
    gtk_box_append (self->options_box, options);
  gtk_widget_set_visible (GTK_WIDGET (self->options_box), options != NULL);
  self->shown_options = options;
}

void
dp_new_game_page_reset (DpNewGamePage      *self,
                        const char         *kind,
                        const char *const  *names,
                        const char *const  *known_names,
                        DpStore            *store)
{
  const DpGameKind *game_kind;
  GtkWidget *options = NULL;

  g_return_if_fail (DP_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (store == NULL || DP_IS_STORE (store));

  self->ui = dp_game_ui_lookup (kind);
  if (self->ui == NULL)
    self->ui = dp_game_ui_get_default ();
  g_free (self->kind);
  self->kind = g_strdup (self->ui->kind_id);
  game_kind = dp_game_kind_lookup (self->kind);
  gtk_label_set_text (self->game_title, game_kind != NULL ? dp_game_kind_get_name (game_kind) : self->kind);
  gtk_label_set_text (self->game_summary, _(self->ui->summary));
  adw_preferences_group_set_description (self->players_group, _(self->ui->seating));

  g_ptr_array_set_size (self->names, 0);
  for (guint i = 0; names != NULL && names[i] != NULL && i < self->ui->max_players; i++)
    g_ptr_array_add (self->names, g_strdup (names[i]));
  while (self->names->len < self->ui->min_players)
    g_ptr_array_add (self->names, g_strdup (""));
  /* Nothing typed yet: nothing is marked wrong. */
  g_array_set_size (self->shown, 0);
  g_array_set_size (self->shown, self->names->len);

  gtk_list_store_clear (self->completions);
  for (guint i = 0; known_names != NULL && known_names[i] != NULL; i++)
    gtk_list_store_insert_with_values (self->completions, NULL, -1, 0, known_names[i], -1);

  if (self->ui->new_options != NULL)
    {
      options = g_hash_table_lookup (self->options, self->kind);
      if (options == NULL)
        {
          options = g_object_ref_sink (self->ui->new_options ());
          g_hash_table_insert (self->options, (gpointer) self->ui->kind_id, options);
        }
    }
  show_options (self, options);
  if (options != NULL && self->ui->options_prepare != NULL)
    {
      g_auto(GStrv) trimmed = dp_new_game_page_dup_names (self);
      self->ui->options_prepare (options, store, (const char *const *) trimmed);
    }

  rebuild (self, -1, NULL);
}

const char *
dp_new_game_page_get_kind (DpNewGamePage *self)
{
  g_return_val_if_fail (DP_IS_NEW_GAME_PAGE (self), NULL);
  return self->kind;
}

guint
dp_new_game_page_get_n_players (DpNewGamePage *self)
{
  g_return_val_if_fail (DP_IS_NEW_GAME_PAGE (self), 0);
  return self->names->len;
}

GStrv
dp_new_game_page_dup_names (DpNewGamePage *self)
{
  GStrv names;

  g_return_val_if_fail (DP_IS_NEW_GAME_PAGE (self), NULL);

  names = g_new0 (char *, self->names->len + 1);
  for (guint i = 0; i < self->names->len; i++)
    names[i] = dp_store_normalize_player_name (g_ptr_array_index (self->names, i));
  return names;
}

void
dp_new_game_page_set_name (DpNewGamePage *self,
                           guint          seat,
                           const char    *name)
{
  g_return_if_fail (DP_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (seat < self->rows->len);

  /* Through the entry, exactly as typing does. */
  gtk_editable_set_text (GTK_EDITABLE (g_array_index (self->rows, PlayerRow, seat).entry), name);
}

const char *
dp_new_game_page_get_error (DpNewGamePage *self,
                            guint          seat)
{
  g_return_val_if_fail (DP_IS_NEW_GAME_PAGE (self), NULL);
  g_return_val_if_fail (seat < self->errors->len, NULL);
  return g_ptr_array_index (self->errors, seat);
}

const char *
dp_new_game_page_get_shown_error (DpNewGamePage *self,
                                  guint          seat)
{
  g_return_val_if_fail (DP_IS_NEW_GAME_PAGE (self), NULL);
  g_return_val_if_fail (seat < self->errors->len, NULL);
  return shown_error (self, seat);
}

gboolean
dp_new_game_page_is_valid (DpNewGamePage *self)
{
  g_return_val_if_fail (DP_IS_NEW_GAME_PAGE (self), FALSE);

  if (self->names->len < self->ui->min_players || self->names->len > self->ui->max_players)
    return FALSE;
  for (guint i = 0; i < self->errors->len; i++)
    if (g_ptr_array_index (self->errors, i) != NULL)
      return FALSE;
  return self->errors->len == self->names->len;
}

void
dp_new_game_page_move (DpNewGamePage *self,
                       guint          from,
                       guint          to)
{
  char *name;
  gboolean shown;

  g_return_if_fail (DP_IS_NEW_GAME_PAGE (self));
  g_return_if_fail (from < self->names->len && to < self->names->len);

  name = g_ptr_array_steal_index (self->names, from);
  g_ptr_array_insert (self->names, to, name);
  shown = g_array_index (self->shown, gboolean, from);
  g_array_remove_index (self->shown, from);
  g_array_insert_val (self->shown, to, shown);
  rebuild (self, -1, NULL);
}

void
dp_new_game_page_add_player (DpNewGamePage *self)
{
  g_return_if_fail (DP_IS_NEW_GAME_PAGE (self));

  if (self->names->len >= self->ui->max_players)
    return;
  g_ptr_array_add (self->names, g_strdup (""));
  g_array_set_size (self->shown, self->names->len);
  rebuild (self, self->names->len - 1, NULL);
}

void
dp_new_game_page_remove_player (DpNewGamePage *self,
                                guint          seat)
{
  g_return_if_fail (DP_IS_NEW_GAME_PAGE (self));

  if (seat >= self->names->len || self->names->len <= self->ui->min_players)
    return;
  g_ptr_array_remove_index (self->names, seat);
  g_array_remove_index (self->shown, seat);
  rebuild (self, MIN (seat, self->names->len - 1), NULL);
}

void
dp_new_game_page_focus_first (DpNewGamePage *self)
{
  g_return_if_fail (DP_IS_NEW_GAME_PAGE (self));

  /* Issue 14: Ctrl+N puts the focus in the first name field (its name selected, so
   * typing replaces it and Enter keeps it). */
  if (self->rows->len > 0)
    gtk_widget_grab_focus (GTK_WIDGET (g_array_index (self->rows, PlayerRow, 0).entry));
}

char *
dp_new_game_page_dup_setup (DpNewGamePage *self)
{
  g_auto(GStrv) names = NULL;

  g_return_val_if_fail (DP_IS_NEW_GAME_PAGE (self), NULL);

  names = dp_new_game_page_dup_names (self);
  if (self->shown_options != NULL)
    return self->ui->options_dup_setup (self->shown_options, (const char *const *) names);
  return dp_game_ui_dup_plain_setup (self->kind, (const char *const *) names);
}
