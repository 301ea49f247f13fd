/* test-third-game.c — a third game slots in without touching the shared pages
 *
 * Issue 17 item 1: "a test registers a tiny third game (test-only) and shows it in
 * the new-game, table, result, replay and statistics pages"; issue 23 item 2: it is
 * also played on phones through the table server, which names no game. The game,
 * "High Roll", exists only here: every player rolls one die once, in seat order, and
 * the highest roll wins (ties share the win). It implements the core's game vtable
 * (dp-game-private.h), a DpGameView (dp-game-view.h) and a DpGameUi (dp-game-ui.h)
 * with its own DpTablePage; the window, the session, the server and the pages are the
 * real ones, unchanged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>

#include "dp-game-private.h"
#include "dp-game-replay-page.h"
#include "dp-game-ui-private.h"
#include "dp-game-view-private.h"
#include "dp-history-format.h"
#include "dp-history-page.h"
#include "dp-new-game-page.h"
#include "dp-result-page.h"
#include "dp-statistics-page.h"
#include "dp-table-page.h"
#include "dp-table-server.h"
#include "dp-ui-test-util.h"
#include "phone-test-util.h"

#define HR_MAX_PLAYERS 4

/* ---- The core: the game's state and its vtable ---- */

typedef struct
{
  guint  n_players;
  char  *names[HR_MAX_PLAYERS];
  guint  rolls[HR_MAX_PLAYERS];   /* 0: not rolled yet */
  guint  n_rolled;                /* seats 0 … n_rolled-1 have rolled */
} HrState;

static gpointer
hr_new_state (JsonObject  *setup,
              GError     **error)
{
  static const char *const keys[] = { "game", "players", NULL };
  g_autofree HrState *state = g_new0 (HrState, 1);
  JsonNode *players;
  JsonArray *array;

  if (!_dp_json_check_keys (setup, keys, error))
    return NULL;
  players = json_object_get_member (setup, "players");
  if (players == NULL || !JSON_NODE_HOLDS_ARRAY (players))
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED, "players must be a list");
      return NULL;
    }
  array = json_node_get_array (players);
  if (json_array_get_length (array) < 2 || json_array_get_length (array) > HR_MAX_PLAYERS)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP, "2 to 4 players");
      return NULL;
    }
  state->n_players = json_array_get_length (array);
  for (guint i = 0; i < state->n_players; i++)
    state->names[i] = g_strdup (json_array_get_string_element (array, i));
  return g_steal_pointer (&state);
}

static gpointer
hr_copy_state (gconstpointer data)
{
  const HrState *state = data;
  HrState *copy = g_memdup2 (state, sizeof *state);

  for (guint i = 0; i < state->n_players; i++)
    copy->names[i] = g_strdup (state->names[i]);
  return copy;
}

static void
hr_free_state (gpointer data)
{
  HrState *state = data;

  for (guint i = 0; i < state->n_players; i++)
    g_free (state->names[i]);
  g_free (state);
}

static char *
hr_setup_text (gconstpointer data)
{
  const HrState *state = data;
  GString *out = g_string_new ("{\"game\":\"highroll\",\"players\":[");

  for (guint i = 0; i < state->n_players; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      _dp_json_append_string (out, state->names[i]);
    }
  g_string_append (out, "]}");
  return g_string_free (out, FALSE);
}

static guint
hr_n_players (gconstpointer data)
{
  return ((const HrState *) data)->n_players;
}

static const char *
hr_player_name (gconstpointer data,
                guint         seat)
{
  return ((const HrState *) data)->names[seat];
}

/* {"player": "Ina", "roll": 5}: the player whose turn it is, a face of one die. */
static gboolean
hr_read_action (const HrState  *state,
                JsonObject     *action,
                guint          *roll,
                GError        **error)
{
  static const char *const keys[] = { "player", "roll", NULL };
  int seat;
  gint64 value;
  gboolean present;

  if (!_dp_json_check_keys (action, keys, error) ||
      !_dp_json_get_player (action, dp_game_kind_lookup ("highroll"), state, &seat, error) ||
      !_dp_json_get_int (action, "roll", &value, &present, error))
    return FALSE;
  if (!present || value < 1 || value > 6)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED, "a roll is 1 to 6");
      return FALSE;
    }
  if (state->n_rolled >= state->n_players || seat != (int) state->n_rolled)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, "not this player's turn");
      return FALSE;
    }
  *roll = (guint) value;
  return TRUE;
}

static char *
hr_action_text (const HrState *state,
                guint          roll)
{
  GString *out = g_string_new ("{\"player\":");

  _dp_json_append_string (out, state->names[state->n_rolled]);
  g_string_append_printf (out, ",\"roll\":%u}", roll);
  return g_string_free (out, FALSE);
}

static char *
hr_normalize_action (gconstpointer   data,
                     JsonObject     *action,
                     GError        **error)
{
  guint roll;

  if (!hr_read_action (data, action, &roll, error))
    return NULL;
  return hr_action_text (data, roll);
}

static gboolean
hr_apply (gpointer     data,
          JsonObject  *action,
          GError     **error)
{
  HrState *state = data;
  guint roll;

  if (!hr_read_action (state, action, &roll, error))
    return FALSE;
  state->rolls[state->n_rolled++] = roll;
  return TRUE;
}

static GPtrArray *
hr_legal_actions (gconstpointer data)
{
  const HrState *state = data;
  GPtrArray *actions = g_ptr_array_new_with_free_func (g_free);

  if (state->n_rolled < state->n_players)
    for (guint roll = 1; roll <= 6; roll++)
      g_ptr_array_add (actions, hr_action_text (state, roll));
  return actions;
}

static gboolean
hr_is_finished (gconstpointer data)
{
  const HrState *state = data;
  return state->n_rolled == state->n_players;
}

static gboolean
hr_must_act (gconstpointer data,
             guint         seat)
{
  return seat == ((const HrState *) data)->n_rolled;
}

static int
hr_total (gconstpointer data,
          guint         seat)
{
  return ((const HrState *) data)->rolls[seat];
}

static void
hr_add_json (gconstpointer data,
             JsonObject   *object)
{
}

static void
hr_add_player_json (gconstpointer  data,
                    guint          seat,
                    JsonObject    *player)
{
  json_object_set_int_member (player, "roll", ((const HrState *) data)->rolls[seat]);
}

static JsonObject *
hr_seat_stats (gconstpointer data,
               guint         seat)
{
  JsonObject *stats = json_object_new ();

  json_object_set_int_member (stats, "sixes", ((const HrState *) data)->rolls[seat] == 6);
  json_object_set_int_member (stats, "rolls", 1);
  return stats;
}

static const DpGameKind hr_game_kind = {
  .id = "highroll",
  .name = "High Roll",
  .new_state = hr_new_state,
  .copy_state = hr_copy_state,
  .free_state = hr_free_state,
  .setup_text = hr_setup_text,
  .n_players = hr_n_players,
  .player_name = hr_player_name,
  .normalize_action = hr_normalize_action,
  .apply = hr_apply,
  .legal_actions = hr_legal_actions,
  .is_finished = hr_is_finished,
  .must_act = hr_must_act,
  .total = hr_total,
  .add_json = hr_add_json,
  .add_player_json = hr_add_player_json,
  .seat_stats = hr_seat_stats,
};

static const HrState *
hr_state (const DpGame *game)
{
  return _dp_game_get_state (game, &hr_game_kind);
}

/* ---- The window: a table page (DpTablePage), a sheet view and the DpGameUi ---- */

#define HR_TYPE_TABLE_PAGE (hr_table_page_get_type ())
G_DECLARE_FINAL_TYPE (HrTablePage, hr_table_page, HR, TABLE_PAGE, GtkWidget)

struct _HrTablePage
{
  GtkWidget  parent_instance;

  DpSession *session;
  GtkWidget *button;   /* "Roll", the entry the keyboard focus goes to */
};

static void hr_table_page_iface_init (DpTablePageInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HrTablePage, hr_table_page, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (DP_TYPE_TABLE_PAGE, hr_table_page_iface_init))

static void
hr_table_page_set_session (DpTablePage *page,
                           DpSession   *session)
{
  g_set_object (&HR_TABLE_PAGE (page)->session, session);
}

static void
hr_table_page_focus_entry (DpTablePage *page)
{
  gtk_widget_grab_focus (HR_TABLE_PAGE (page)->button);
}

static void
hr_table_page_iface_init (DpTablePageInterface *iface)
{
  iface->set_session = hr_table_page_set_session;
  iface->focus_entry = hr_table_page_focus_entry;
}

/* What a player's click on a face does: store the roll, say it or say why not. */
static void
hr_table_page_roll (HrTablePage *self,
                    guint        roll)
{
  const HrState *state = hr_state (dp_session_get_game (self->session));
  g_autofree char *action = g_strdup_printf ("{\"player\":\"%s\",\"roll\":%u}",
                                             state->names[MIN (state->n_rolled, state->n_players - 1)], roll);
  g_autoptr(GError) error = NULL;

  if (!dp_session_apply_text (self->session, action, &error))
    dp_table_page_entry_failed (DP_TABLE_PAGE (self), error->message);
  else
    dp_table_page_entry_stored (DP_TABLE_PAGE (self), action);
}

static void
hr_table_page_dispose (GObject *object)
{
  HrTablePage *self = HR_TABLE_PAGE (object);

  g_clear_pointer (&self->button, gtk_widget_unparent);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (hr_table_page_parent_class)->dispose (object);
}

static void
hr_table_page_class_init (HrTablePageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = hr_table_page_dispose;
  gtk_widget_class_set_layout_manager_type (GTK_WIDGET_CLASS (klass), GTK_TYPE_BIN_LAYOUT);
}

static void
hr_table_page_init (HrTablePage *self)
{
  self->button = gtk_button_new_with_label ("Roll");
  gtk_widget_set_parent (self->button, GTK_WIDGET (self));
}

static char *
hr_round_text (const DpGame *game)
{
  const HrState *state = hr_state (game);

  if (state->n_rolled == state->n_players)
    return g_strdup ("High Roll — game over");
  return g_strdup_printf ("%s rolls", state->names[state->n_rolled]);
}

static GtkWidget *
hr_new_sheet_view (void)
{
  return gtk_label_new ("");
}

static void
hr_update_sheet_view (GtkWidget    *view,
                      const DpGame *game,
                      guint         seat)
{
  const HrState *state = hr_state (game);
  g_autofree char *text = g_strdup_printf ("%s: %u", state->names[seat], state->rolls[seat]);

  gtk_label_set_text (GTK_LABEL (view), text);
}

static char *
hr_action_description (const DpGame *before,
                       const char   *action_text)
{
  const HrState *state = hr_state (before);
  g_autoptr(JsonNode) node = json_from_string (action_text, NULL);

  return g_strdup_printf ("%s rolled a %d", state->names[state->n_rolled],
                          (int) json_object_get_int_member (json_node_get_object (node), "roll"));
}

static char *
hr_headline (const DpGame *game)
{
  const HrState *state = hr_state (game);
  guint best = 0;

  for (guint seat = 0; seat < state->n_players; seat++)
    if (dp_game_is_winner (game, seat))
      best = seat;
  return g_strdup_printf ("%s rolled highest", state->names[best]);
}

static GPtrArray *
hr_result_columns (const DpGame *game)
{
  GPtrArray *columns = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_result_column_free);
  DpResultColumn *roll = dp_result_column_new ("Roll", "The face rolled", NULL, TRUE);

  for (guint seat = 0; seat < dp_game_get_n_players (game); seat++)
    g_ptr_array_add (roll->cells, g_strdup_printf ("%d", dp_game_get_total (game, seat)));
  g_ptr_array_add (columns, roll);
  return columns;
}

/* The unit of a total: the face rolled. */
static char *
hr_total_text (double total)
{
  return g_strdup_printf ("a %d", (int) total);
}

static const DpStatDescriptor hr_stats[] = {
  { "sixes", "Sixes rolled, per game", "sixes", DP_STAT_FORMAT_SHARE, DP_STAT_GROUP_SCORE },
  /* Derived by the page: rolls minus sixes. */
  { "other_faces", "Other faces rolled, per game", NULL, DP_STAT_FORMAT_SHARE, DP_STAT_GROUP_SCORE,
    "rolls", "sixes" },
};

/* A phone's form answer {"die": 5} is the roll {"roll": 5}; anything else (a choice's
 * canonical action) is already an action. */
static JsonObject *
hr_phone_read_answer (const DpGame  *game,
                      guint          seat,
                      JsonObject    *answer,
                      GError       **error)
{
  JsonObject *action;

  if (!json_object_has_member (answer, "die"))
    return json_object_ref (answer);
  action = json_object_new ();
  json_object_set_string_member (action, "player", json_object_get_string_member (answer, "player"));
  json_object_set_member (action, "roll", json_node_copy (json_object_get_member (answer, "die")));
  return action;
}

/* What every face tells of it (dp-game-view.h): its sentences, and how a phone's form
 * answer becomes an action. No phone_fill: phones get the plain view (names, totals,
 * the seat's legal actions as buttons titled by its sentence). */
static const DpGameView hr_game_view = {
  .kind_id = "highroll",
  .dup_round_text = hr_round_text,
  .dup_action_text = hr_action_description,
  .dup_headline = hr_headline,
  .dup_result_columns = hr_result_columns,
  .stats = hr_stats,
  .n_stats = G_N_ELEMENTS (hr_stats),
  .dup_total_text = hr_total_text,
  .phone_read_answer = hr_phone_read_answer,
};

static const DpGameUi hr_game_ui = {
  .kind_id = "highroll",
  .start_label = "Play _High Roll",
  .summary = "2–4 players, one die each",
  .seating = "In seat order: each rolls once.",
  .min_players = 2,
  .max_players = HR_MAX_PLAYERS,
  .first_seat_starts = TRUE,
  .table_page_name = "highroll-table",
  .table_title = "High Roll Table",
  .table_page_type = hr_table_page_get_type,
  .new_sheet_view = hr_new_sheet_view,
  .update_sheet_view = hr_update_sheet_view,
};

/* ---- The tests ---- */

typedef DpUiFixture Fixture;
static const DpUiFixtureConfig ui_config = { "dicepad-third-XXXXXX", "ThirdGame" };

static void
activate (Fixture    *f,
          const char *action,
          GVariant   *target)
{
  g_assert_true (gtk_widget_activate_action_variant (GTK_WIDGET (f->window), action, target));
}

static HrTablePage *
table (Fixture *f)
{
  return HR_TABLE_PAGE (dp_window_get_page (f->window, "highroll-table"));
}

/* Start page → new game → table, with Ina and Sami. */
static void
start_game (Fixture *f)
{
  DpNewGamePage *page;
  g_autofree char *setup = NULL;

  /* The start page offers the third game beside the built-in ones. */
  g_assert_nonnull (dp_ui_find_button_with_action (GTK_WIDGET (f->window), "win.new-game", "highroll"));

  activate (f, "win.new-game", g_variant_new_string ("highroll"));
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "new-game");
  page = DP_NEW_GAME_PAGE (dp_window_get_page (f->window, "new-game"));
  g_assert_cmpstr (dp_new_game_page_get_kind (page), ==, "highroll");
  dp_new_game_page_set_name (page, 0, "Ina");
  dp_new_game_page_set_name (page, 1, "Sami");
  g_assert_true (dp_new_game_page_is_valid (page));
  setup = dp_new_game_page_dup_setup (page);
  g_assert_cmpstr (setup, ==, "{\"game\":\"highroll\",\"players\":[\"Ina\",\"Sami\"]}");

  activate (f, "win.start-game", NULL);
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "highroll-table");
  g_assert_true (DP_IS_TABLE_PAGE (table (f)));
  g_assert_cmpstr (dp_window_get_subtitle (f->window), ==, "Ina rolls");
}

static void
test_table (Fixture       *f,
            gconstpointer  data)
{
  start_game (f);

  /* An entry through the page is stored by the session; the window follows it. */
  hr_table_page_roll (table (f), 4);
  g_assert_cmpuint (dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window))), ==, 1);
  g_assert_cmpstr (dp_window_get_subtitle (f->window), ==, "Sami rolls");
  /* The keyboard stays in the game's page (DpTablePage keep_focus/focus_entry). */
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (f->window)), GTK_WIDGET (table (f))));

  /* Undo works for any game: the window's action, the session's log. */
  activate (f, "win.undo", NULL);
  g_assert_cmpuint (dp_game_get_n_actions (dp_session_get_game (dp_window_get_session (f->window))), ==, 0);
  g_assert_cmpstr (dp_window_get_subtitle (f->window), ==, "Ina rolls");
}

/* Plays Ina 3, Sami 6 and returns the stored game's id. */
static char *
play_whole_game (Fixture *f)
{
  start_game (f);
  hr_table_page_roll (table (f), 3);
  hr_table_page_roll (table (f), 6);
  return g_strdup (dp_session_get_id (dp_window_get_session (f->window)));
}

static void
test_result (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *id = play_whole_game (f);
  DpResultPage *result;

  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "result");
  result = DP_RESULT_PAGE (dp_window_get_page (f->window, "result"));
  g_assert_cmpstr (dp_result_page_get_headline (result), ==, "Sami rolled highest");
  g_assert_cmpuint (dp_result_page_get_n_rows (result), ==, 2);
  g_assert_cmpuint (dp_result_page_get_row_seat (result, 0), ==, 1);
  g_assert_cmpstr (dp_result_page_get_row_rank_text (result, 0), ==, "1.");
  g_assert_cmpstr (dp_window_get_subtitle (f->window), ==, "High Roll — game over");

  /* Play again: the same players in a new game of the same kind. */
  activate (f, "win.play-again", NULL);
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "highroll-table");
  g_assert_cmpstr (dp_session_get_id (dp_window_get_session (f->window)), !=, id);
  g_assert_cmpstr (dp_game_get_player_name (dp_session_get_game (dp_window_get_session (f->window)), 1), ==, "Sami");
}

/* The text of the "numeric" label in the result row titled @title, or NULL. */
static const char *
result_total (GtkWidget  *page,
              const char *title)
{
  for (GtkWidget *w = page; w != NULL; )
    {
      if (ADW_IS_ACTION_ROW (w) &&
          g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), title) == 0)
        {
          for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; )
            {
              if (GTK_IS_LABEL (c) && gtk_widget_has_css_class (c, "numeric"))
                return gtk_label_get_text (GTK_LABEL (c));
              if (gtk_widget_get_first_child (c) != NULL)
                c = gtk_widget_get_first_child (c);
              else
                {
                  while (c != w && gtk_widget_get_next_sibling (c) == NULL)
                    c = gtk_widget_get_parent (c);
                  c = c != w ? gtk_widget_get_next_sibling (c) : NULL;
                }
            }
          return NULL;
        }
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != page && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w != page ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
  return NULL;
}

static void
test_replay (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *id = play_whole_game (f);
  g_autoptr(GError) error = NULL;
  DpHistoryPage *history;
  DpGameReplayPage *replay;
  GtkWidget *sheet;

  activate (f, "win.show-page", g_variant_new_string ("history"));
  history = DP_HISTORY_PAGE (dp_window_get_page (f->window, "history"));
  g_assert_true (dp_history_page_open_game (history, id, &error));
  g_assert_no_error (error);
  replay = dp_history_page_get_replay_page (history);

  g_assert_cmpuint (dp_game_replay_page_get_n_steps (replay), ==, 2);
  /* The ranking says each total in the game's own unit (DpGameView.dup_total_text). */
  g_assert_cmpstr (result_total (GTK_WIDGET (replay), "1. Sami"), ==, "a 6");
  g_assert_cmpstr (result_total (GTK_WIDGET (replay), "2. Ina"), ==, "a 3");
  sheet = dp_game_replay_page_get_sheet (replay, 1);
  g_assert_true (GTK_IS_LABEL (sheet));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (sheet)), ==, "Sami: 6");
  g_assert_cmpstr (dp_game_replay_page_get_action_text (replay), ==, "Sami rolled a 6");

  dp_game_replay_page_set_step (replay, 1);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (dp_game_replay_page_get_sheet (replay, 1))), ==, "Sami: 0");
  g_assert_cmpstr (dp_game_replay_page_get_action_text (replay), ==, "Ina rolled a 3");
}

static void
test_statistics (Fixture       *f,
                 gconstpointer  data)
{
  g_autofree char *id = play_whole_game (f);
  DpStatisticsPage *page;
  g_autoptr(GError) error = NULL;
  g_autofree char *all = dp_format_percent (1.0);
  g_autofree char *none = dp_format_percent (0.0);

  activate (f, "win.show-page", g_variant_new_string ("statistics"));
  page = DP_STATISTICS_PAGE (dp_window_get_page (f->window, "statistics"));
  dp_statistics_page_set_store (page, dp_application_get_store (f->app, &error));
  g_assert_no_error (error);
  dp_statistics_page_set_kind (page, "highroll");
  g_assert_cmpuint (dp_statistics_page_get_n_players (page), ==, 2);

  /* The game's own figure, from its DpStatDescriptor: Sami rolled a six in 1 of 1. */
  dp_statistics_page_set_player (page, "Sami");
  g_assert_cmpstr (dp_statistics_page_get_detail (page, "sixes"), ==, all);
  g_assert_cmpstr (dp_statistics_page_get_detail (page, "other_faces"), ==, none);
  dp_statistics_page_set_player (page, "Ina");
  g_assert_cmpstr (dp_statistics_page_get_detail (page, "sixes"), ==, none);
  g_assert_cmpstr (dp_statistics_page_get_detail (page, "other_faces"), ==, all);
  /* No other game's figures under this game. */
  g_assert_null (dp_statistics_page_get_detail (page, "points_orange"));
}

/* The action of @state's enabled choice titled @title, parsed. */
static JsonNode *
choice_action (JsonObject *state,
               const char *title)
{
  JsonArray *choices = json_object_get_array_member (state, "choices");

  for (guint i = 0; i < json_array_get_length (choices); i++)
    {
      JsonObject *choice = json_array_get_object_element (choices, i);

      if (g_strcmp0 (json_object_get_string_member (choice, "title"), title) == 0
          && json_object_get_boolean_member (choice, "enabled"))
        return json_from_string (json_object_get_string_member (choice, "action"), NULL);
    }
  return NULL;
}

/* Issue 23 item 2: "A new game then touches no server file: … the test-only game is
 * also played on phones through the server". High Roll brings no phone code (its view
 * has sentences and a form-answer reader only), yet two phones play it through the
 * real table server on the window's session, each for its own seat, and the window
 * follows them to the result. */
static void
test_phones (Fixture       *f,
             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(SoupSession) http = phone_http_session_new ();
  g_autoptr(DpTableServer) server = NULL;
  g_autoptr(Phone) ina = NULL;
  g_autoptr(Phone) sami = NULL;
  g_autoptr(JsonObject) ina_state = NULL;
  g_autoptr(JsonObject) sami_state = NULL;
  g_autoptr(JsonNode) action = NULL;
  g_autofree char *action_text = NULL;
  g_autofree char *url = NULL;
  JsonObject *player;

  start_game (f);
  server = dp_table_server_new (dp_window_get_session (f->window), NULL);
  /* 127.0.0.1 only: nothing in the tests is reachable from another machine. */
  g_assert_true (dp_table_server_start (server, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  url = dp_table_server_dup_url (server);
  ina = phone_connect_seated (http, url, 0);
  sami = phone_connect_seated (http, url, 1);

  /* The plain view: the game's title, each player's name and total, and Ina's six
   * possible rolls as buttons in the game's own sentence; Sami has nothing to do. */
  ina_state = phone_wait_seat (ina, 0, 0);
  g_assert_cmpstr (json_object_get_string_member (ina_state, "kind"), ==, "highroll");
  g_assert_cmpstr (json_object_get_string_member (ina_state, "title"), ==, "Ina rolls");
  g_assert_true (json_object_get_null_member (ina_state, "entry"));
  player = json_array_get_object_element (json_object_get_array_member (ina_state, "players"), 1);
  g_assert_cmpstr (json_object_get_string_member (player, "name"), ==, "Sami");
  g_assert_cmpstr (json_object_get_string_member (player, "total"), ==, "0");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (ina_state, "choices")), ==, 6);
  sami_state = phone_wait_seat (sami, 1, 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (sami_state, "choices")), ==, 0);

  /* Ina taps "Ina rolled a 4": stored, and the window goes on to Sami. */
  action = choice_action (ina_state, "Ina rolled a 4");
  g_assert_nonnull (action);
  action_text = json_to_string (action, FALSE);
  phone_send_action (ina, 0, action_text);
  g_clear_pointer (&sami_state, json_object_unref);
  sami_state = phone_wait_state_at (sami, 1);
  g_assert_cmpstr (dp_window_get_subtitle (f->window), ==, "Sami rolls");
  g_assert_cmpstr (json_object_get_string_member (sami_state, "title"), ==, "Sami rolls");
  g_assert_nonnull (choice_action (sami_state, "Sami rolled a 6"));

  /* Sami answers with the game's own form answer, which its view turns into a roll. */
  phone_send_action (sami, 1, "{\"die\":6}");
  g_clear_pointer (&ina_state, json_object_unref);
  ina_state = phone_wait_state_at (ina, 2);
  g_assert_true (json_object_get_boolean_member (ina_state, "finished"));
  player = json_array_get_object_element (json_object_get_array_member (ina_state, "players"), 1);
  g_assert_true (json_object_get_boolean_member (player, "winner"));
  g_assert_cmpstr (json_object_get_string_member (player, "total"), ==, "6");
  g_assert_cmpstr (dp_window_get_visible_page (f->window), ==, "result");
  g_assert_cmpstr (dp_result_page_get_headline (DP_RESULT_PAGE (dp_window_get_page (f->window, "result"))),
                   ==, "Sami rolled highest");
}

int
main (int   argc,
      char *argv[])
{
  /* Registered before the first window, as a built-in game is. */
  _dp_game_kind_register (&hr_game_kind);
  _dp_game_view_register (&hr_game_view);
  _dp_game_ui_register (&hr_game_ui);

  dp_ui_test_init (&argc, &argv, DP_UI_TEST_GTK | DP_UI_TEST_ISOLATE_DIRS);

  g_test_add ("/third-game/table", Fixture, &ui_config, dp_ui_fixture_setup, test_table, dp_ui_fixture_teardown);
  g_test_add ("/third-game/result", Fixture, &ui_config, dp_ui_fixture_setup, test_result, dp_ui_fixture_teardown);
  g_test_add ("/third-game/replay", Fixture, &ui_config, dp_ui_fixture_setup, test_replay, dp_ui_fixture_teardown);
  g_test_add ("/third-game/statistics", Fixture, &ui_config, dp_ui_fixture_setup, test_statistics, dp_ui_fixture_teardown);
  g_test_add ("/third-game/phones", Fixture, &ui_config, dp_ui_fixture_setup, test_phones, dp_ui_fixture_teardown);

  return g_test_run ();
}
