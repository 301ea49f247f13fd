/* dp-table-view.c — what one phone shows: its seat's view of the game, as JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-table-view.h"
#include "dp-game-view.h"

/* glibc: bumping it makes gettext drop its cache after LANGUAGE changed. */
extern int _nl_msg_cat_cntr;

static const char *const languages[] = { "de", "fr", "en" };

/* The page's own fixed labels; a game's forms bring theirs (DpGameView.phone_labels),
 * everything else comes from the views. */
static const struct
{
  const char *key;
  const char *label;
} page_labels[] = {
  { "lang", NULL },
  /* Translators: the title of the phone page of the table server */
  { "title", N_("Dicepad at the table") },
  { "pick_seat", N_("Which seat is yours?") },
  { "pick_seat_help", N_("Pick your seat once; this phone keeps it.") },
  { "connecting", N_("Connecting to the table…") },
  { "offline", N_("The table cannot be reached. Trying again…") },
  { "ended", N_("The table is closed. Ask the window to turn phones on again.") },
  { "your_seat", N_("Your seat") },
  { "leave_seat", N_("Pick another seat") },
  { "taken", N_("taken") },
  { "free", N_("free") },
  { "send", N_("Enter") },
  { "nothing_to_do", N_("Nothing to do for you now.") },
  { "sheets", N_("Sheets") },
  { "undo_note", N_("Undo is on the window.") },
};

const char *
dp_table_check_language (const char *lang)
{
  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    if (g_strcmp0 (lang, languages[i]) == 0)
      return languages[i];
  return "en";
}

const char *
dp_table_pick_language (const char *accept_language)
{
  g_auto(GStrv) parts = NULL;
  double best_q = -1;
  const char *best = "en";

  if (accept_language == NULL)
    return "en";

  /* "fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7": highest q wins, earlier on ties. */
  parts = g_strsplit (accept_language, ",", 16);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *tag = g_strstrip (g_strdup (parts[i]));
      char *semi = strchr (tag, ';');
      double q = 1.0;

      if (semi != NULL)
        {
          const char *qs = strstr (semi, "q=");
          *semi = '\0';
          if (qs != NULL)
            q = g_ascii_strtod (qs + 2, NULL);
        }
      for (guint l = 0; l < G_N_ELEMENTS (languages); l++)
        if (g_ascii_strncasecmp (tag, languages[l], 2) == 0
            && (tag[2] == '\0' || tag[2] == '-' || tag[2] == '_')
            && q > best_q)
          {
            best_q = q;
            best = languages[l];
          }
    }
  return best;
}

gboolean
dp_table_language_init (void)
{
  static const char probe[] = N_("Dicepad at the table");
  DpLanguageSwitch sw;
  gboolean found;

  dp_table_language_push (&sw, "de");
  found = _(probe) != probe;
  dp_table_language_pop (&sw);
  return found;
}

void
dp_table_language_push (DpLanguageSwitch *sw,
                        const char       *lang)
{
  const char *now = g_getenv ("LANGUAGE");

  sw->had = now != NULL;
  sw->saved = g_strdup (now);
  if (g_strcmp0 (now, lang) == 0)
    return;
  g_setenv ("LANGUAGE", lang, TRUE);
  ++_nl_msg_cat_cntr;
}

void
dp_table_language_pop (DpLanguageSwitch *sw)
{
  if (g_strcmp0 (g_getenv ("LANGUAGE"), sw->saved) != 0)
    {
      if (sw->had)
        g_setenv ("LANGUAGE", sw->saved, TRUE);
      else
        g_unsetenv ("LANGUAGE");
      ++_nl_msg_cat_cntr;
    }
  g_clear_pointer (&sw->saved, g_free);
}

void
dp_table_view_add_choice (JsonArray  *choices,
            const char *title,
            const char *detail,
            gboolean    enabled,
            const char *action)
{
  JsonObject *choice = json_object_new ();

  json_object_set_string_member (choice, "title", title);
  json_object_set_string_member (choice, "detail", detail != NULL ? detail : "");
  json_object_set_boolean_member (choice, "enabled", enabled);
  json_object_set_string_member (choice, "action", action != NULL ? action : "");
  json_array_add_object_element (choices, choice);
}

void
dp_table_view_add_row (JsonArray  *rows,
         const char *label,
         const char *value,
         const char *css,
         gboolean    frozen)
{
  JsonObject *row = json_object_new ();

  json_object_set_string_member (row, "label", label);
  json_object_set_string_member (row, "value", value);
  json_object_set_string_member (row, "css", css != NULL ? css : "");
  json_object_set_boolean_member (row, "frozen", frozen);
  json_array_add_object_element (rows, row);
}

JsonObject *
dp_table_view_add_player (JsonArray    *players,
                          const DpGame *game,
                          guint         seat,
                          JsonArray    *rows)
{
  JsonObject *player = json_object_new ();
  g_autofree char *total = g_strdup_printf ("%d", dp_game_get_total (game, seat));

  json_object_set_string_member (player, "name", dp_game_get_player_name (game, seat));
  json_object_set_string_member (player, "total", total);
  json_object_set_boolean_member (player, "active", dp_game_must_act (game, seat));
  json_object_set_boolean_member (player, "must_act", dp_game_must_act (game, seat));
  json_object_set_boolean_member (player, "winner", dp_game_is_winner (game, seat));
  json_object_set_array_member (player, "rows", rows != NULL ? rows : json_array_new ());
  json_array_add_object_element (players, player);
  return player;
}

/* The action's verb: its first member but "player". */
static const char *
verb_of (JsonObject *action)
{
  g_autoptr(GList) members = json_object_get_members (action);

  for (GList *l = members; l != NULL; l = l->next)
    if (!g_str_equal (l->data, "player"))
      return l->data;
  return NULL;
}

void
dp_table_view_add_legal_choices (JsonArray          *choices,
                                 const DpGame       *game,
                                 guint               seat,
                                 const char *const  *skip_verbs,
                                 DpChoiceTitleFunc   title)
{
  g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
  const char *name = dp_game_get_player_name (game, seat);
  guint n = 0;

  for (guint i = 0; i < legal->len && n < DP_TABLE_VIEW_MAX_CHOICES; i++)
    {
      const char *text = g_ptr_array_index (legal, i);
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autofree char *label = NULL;
      JsonObject *object;
      const char *verb;

      if (!json_parser_load_from_data (parser, text, -1, NULL)
          || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
        continue;
      object = json_node_get_object (json_parser_get_root (parser));
      if (g_strcmp0 (json_object_get_string_member_with_default (object, "player", ""), name) != 0)
        continue;
      verb = verb_of (object);
      if (skip_verbs != NULL && verb != NULL && g_strv_contains (skip_verbs, verb))
        continue;
      label = title != NULL ? title (game, text) : dp_game_view_dup_action_text (game, text);
      dp_table_view_add_choice (choices, label, NULL, TRUE, text);
      n++;
    }
}

JsonObject *
dp_table_view_build (const DpGame *game,
                     int           seat)
{
  JsonObject *view = json_object_new ();
  const DpGameView *game_view = dp_game_view_for_game (game);
  const char *sheets_title = game_view != NULL && game_view->sheets_title != NULL
                             ? game_view->sheets_title : N_("Sheets");

  json_object_set_string_member (view, "type", "state");
  json_object_set_int_member (view, "at", dp_game_get_n_actions (game));
  json_object_set_string_member (view, "kind", dp_game_kind_get_id (dp_game_get_kind (game)));
  json_object_set_boolean_member (view, "finished", dp_game_is_finished (game));
  json_object_set_int_member (view, "seat", seat);
  json_object_set_string_member (view, "sheets_title", _(sheets_title));

  if (game_view != NULL && game_view->phone_fill != NULL)
    game_view->phone_fill (view, game, seat);

  /* What the view left out: the plain view every game has. */
  if (!json_object_has_member (view, "title"))
    {
      g_autofree char *title = dp_game_view_dup_round_text (game);
      json_object_set_string_member (view, "title", title);
    }
  if (!json_object_has_member (view, "turn"))
    {
      g_autofree char *turn = dp_game_view_dup_turn_text (game);
      json_object_set_string_member (view, "turn", turn);
    }
  if (!json_object_has_member (view, "dice"))
    json_object_set_array_member (view, "dice", json_array_new ());
  if (!json_object_has_member (view, "players"))
    {
      JsonArray *players = json_array_new ();

      for (guint s = 0; s < dp_game_get_n_players (game); s++)
        dp_table_view_add_player (players, game, s, NULL);
      json_object_set_array_member (view, "players", players);
    }
  if (!json_object_has_member (view, "entry"))
    json_object_set_null_member (view, "entry");
  if (!json_object_has_member (view, "choices"))
    {
      JsonArray *choices = json_array_new ();

      if (seat >= 0)
        dp_table_view_add_legal_choices (choices, game, seat, NULL, NULL);
      json_object_set_array_member (view, "choices", choices);
    }
  return view;
}

/* <span data-key="KEY">label</span> for every label of every view, once per key. */
static void
append_game_labels (GString *out)
{
  g_autoptr(GPtrArray) views = dp_game_view_dup_list ();
  g_autoptr(GHashTable) done = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < views->len; i++)
    {
      const DpGameView *view = g_ptr_array_index (views, i);

      for (guint l = 0; l < view->n_phone_labels; l++)
        {
          const DpPhoneLabel *label = &view->phone_labels[l];
          g_autofree char *key = NULL;
          g_autofree char *text = NULL;

          if (!g_hash_table_add (done, (gpointer) label->key))
            continue;
          key = g_markup_escape_text (label->key, -1);
          text = g_markup_escape_text (_(label->label), -1);
          g_string_append_printf (out, "<span data-key=\"%s\">%s</span>\n", key, text);
        }
    }
}

void
dp_table_view_add_assistant (JsonObject   *view,
                             const DpGame *game,
                             int           seat)
{
  const DpGameView *game_view = dp_game_view_for_game (game);
  g_autofree char *text = NULL;

  if (game_view != NULL && game_view->dup_assistant_text != NULL && seat >= 0)
    text = game_view->dup_assistant_text (game, (guint) seat);
  if (text != NULL)
    json_object_set_string_member (view, "assistant", text);
  else
    json_object_set_null_member (view, "assistant");
}

char *
dp_table_view_render_page (const char *template,
                           const char *lang)
{
  GString *out = g_string_new (NULL);
  DpLanguageSwitch sw;
  const char *p = template;

  dp_table_language_push (&sw, lang);
  while (*p != '\0')
    {
      const char *start = strstr (p, "@@");
      const char *end;
      g_autofree char *key = NULL;
      gboolean found = FALSE;

      if (start == NULL || (end = strstr (start + 2, "@@")) == NULL)
        {
          g_string_append (out, p);
          break;
        }
      g_string_append_len (out, p, start - p);
      key = g_strndup (start + 2, end - start - 2);
      if (g_str_equal (key, "game_labels"))
        {
          append_game_labels (out);
          found = TRUE;
        }
      for (guint i = 0; !found && i < G_N_ELEMENTS (page_labels); i++)
        if (g_str_equal (key, page_labels[i].key))
          {
            const char *text = page_labels[i].label != NULL ? _(page_labels[i].label) : lang;
            g_autofree char *escaped = g_markup_escape_text (text, -1);

            g_string_append (out, escaped);
            found = TRUE;
            break;
          }
      if (!found)
        g_string_append_len (out, start, end + 2 - start);
      p = end + 2;
    }
  dp_table_language_pop (&sw);
  return g_string_free (out, FALSE);
}

const char *
dp_table_json_get_string (JsonObject *object,
                          const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (node);
}

gboolean
dp_table_json_get_int (JsonObject *object,
                       const char *name,
                       gint64     *value)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    return FALSE;
  *value = json_node_get_int (node);
  return TRUE;
}

JsonObject *
dp_table_view_claim_action (const DpGame  *game,
                            guint          seat,
                            JsonNode      *action,
                            GError       **error)
{
  const char *name = dp_game_get_player_name (game, seat);
  const DpGameView *view;
  JsonObject *object;

  if (action == NULL || !JSON_NODE_HOLDS_OBJECT (action))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The entry could not be written down"));
      return NULL;
    }
  object = json_node_get_object (action);
  if (json_object_has_member (object, "player")
      && g_strcmp0 (dp_table_json_get_string (object, "player"), name) != 0)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("This phone can only enter for its own seat, %s"), name);
      return NULL;
    }
  json_object_set_string_member (object, "player", name);
  view = dp_game_view_for_game (game);
  if (view != NULL && view->phone_read_answer != NULL)
    return view->phone_read_answer (game, seat, object, error);
  return json_object_ref (object);
}

