/* dp-game.c — the game interface both games share: registry, setup, text form, replay
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-game-private.h"
#include "cv-game.h"
#include "cb-game.h"

G_DEFINE_QUARK (dp-game-error-quark, dp_game_error)

/* The games of this build, in the order the UI lists them. A further game adds its kind
 * to this list and nothing else in the store or the CLI changes. */
static const DpGameKind *const builtin_kinds[] = {
  &cv_game_kind,
  &cb_game_kind,
};

/* ---- Registry ---- */

/* The built-in kinds, then any a test program added with _dp_game_kind_register(). */
static GPtrArray *
registry (void)
{
  static GPtrArray *kinds = NULL;

  if (g_once_init_enter (&kinds))
    {
      GPtrArray *list = g_ptr_array_new ();

      for (guint i = 0; i < G_N_ELEMENTS (builtin_kinds); i++)
        g_ptr_array_add (list, (gpointer) builtin_kinds[i]);
      g_once_init_leave (&kinds, list);
    }
  return kinds;
}

void
_dp_game_kind_register (const DpGameKind *kind)
{
  g_return_if_fail (kind != NULL && kind->id != NULL);
  g_return_if_fail (dp_game_kind_lookup (kind->id) == NULL);

  g_ptr_array_add (registry (), (gpointer) kind);
}

const DpGameKind *const *
dp_game_kinds_list (guint *n_kinds)
{
  GPtrArray *kinds = registry ();

  if (n_kinds != NULL)
    *n_kinds = kinds->len;
  return (const DpGameKind *const *) kinds->pdata;
}

const DpGameKind *
dp_game_kind_lookup (const char *id)
{
  GPtrArray *kinds = registry ();

  if (id == NULL)
    return NULL;

  for (guint i = 0; i < kinds->len; i++)
    if (strcmp (((const DpGameKind *) g_ptr_array_index (kinds, i))->id, id) == 0)
      return g_ptr_array_index (kinds, i);

  return NULL;
}

const char *
dp_game_kind_get_id (const DpGameKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);
  return kind->id;
}

const char *
dp_game_kind_get_name (const DpGameKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);
  return g_dgettext (GETTEXT_PACKAGE, kind->name);
}

const DpGameBox *
dp_game_kind_get_box (const DpGameKind *kind)
{
  g_return_val_if_fail (kind != NULL, NULL);
  return &kind->box;
}

/* ---- A fast reader for the common case ----
 *
 * Replaying a game parses one small JSON object per action; json-glib's parser costs
 * more than applying the action (a few µs each, mostly its scanner set-up). Action
 * lines are flat and plain, so they are read here directly. Anything unusual —
 * escapes, non-ASCII text, fractions, nesting beyond arrays, trailing text — is left to
 * json-glib, so errors and edge cases behave exactly as json-glib defines them. */

typedef struct
{
  const char *p;
} FastReader;

static void
fast_skip_space (FastReader *r)
{
  while (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')
    r->p++;
}

/* A plain ASCII string without escapes; returns a copy, or NULL to fall back. */
static char *
fast_read_string (FastReader *r)
{
  const char *start;

  if (*r->p != '"')
    return NULL;
  start = ++r->p;
  while (*r->p != '"')
    {
      guchar c = (guchar) *r->p;

      if (c == '\0' || c == '\\' || c < 0x20 || c >= 0x80)
        return NULL;
      r->p++;
    }
  r->p++;
  return g_strndup (start, r->p - 1 - start);
}

static JsonNode *fast_read_value (FastReader *r, gboolean allow_array);

static JsonNode *
fast_read_array (FastReader *r)
{
  JsonArray *array = json_array_new ();
  JsonNode *node;

  r->p++;
  fast_skip_space (r);
  if (*r->p != ']')
    for (;;)
      {
        JsonNode *element = fast_read_value (r, FALSE);

        if (element == NULL)
          {
            json_array_unref (array);
            return NULL;
          }
        json_array_add_element (array, element);
        fast_skip_space (r);
        if (*r->p == ',')
          {
            r->p++;
            fast_skip_space (r);
            continue;
          }
        if (*r->p == ']')
          break;
        json_array_unref (array);
        return NULL;
      }
  r->p++;

  node = json_node_new (JSON_NODE_ARRAY);
  json_node_take_array (node, array);
  return node;
}

static JsonNode *
fast_read_value (FastReader *r,
                 gboolean    allow_array)
{
  JsonNode *node;

  switch (*r->p)
    {
    case '"':
      {
        char *str = fast_read_string (r);

        if (str == NULL)
          return NULL;
        node = json_node_new (JSON_NODE_VALUE);
        json_node_set_string (node, str);
        g_free (str);
        return node;
      }
    case '[':
      return allow_array ? fast_read_array (r) : NULL;
    case 't':
      if (strncmp (r->p, "true", 4) != 0)
        return NULL;
      r->p += 4;
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_boolean (node, TRUE);
      return node;
    case 'f':
      if (strncmp (r->p, "false", 5) != 0)
        return NULL;
      r->p += 5;
      node = json_node_new (JSON_NODE_VALUE);
      json_node_set_boolean (node, FALSE);
      return node;
    default:
      /* Small plain integers only ("count": 3) */
      if (*r->p >= '1' && *r->p <= '9' && !g_ascii_isdigit (r->p[1]) &&
          r->p[1] != '.' && r->p[1] != 'e' && r->p[1] != 'E')
        {
          node = json_node_new (JSON_NODE_VALUE);
          json_node_set_int (node, *r->p - '0');
          r->p++;
          return node;
        }
      return NULL;
    }
}

/* Returns the object, or NULL when json-glib should read @text. */
static JsonObject *
fast_read_object (const char *text)
{
  FastReader r = { text };
  JsonObject *object;

  fast_skip_space (&r);
  if (*r.p != '{')
    return NULL;
  r.p++;
  fast_skip_space (&r);

  object = json_object_new ();
  if (*r.p == '}')
    {
      json_object_unref (object);
      return NULL;
    }

  for (;;)
    {
      char *key = fast_read_string (&r);
      JsonNode *value;

      if (key == NULL || json_object_has_member (object, key))
        {
          g_free (key);
          break;
        }
      fast_skip_space (&r);
      if (*r.p != ':')
        {
          g_free (key);
          break;
        }
      r.p++;
      fast_skip_space (&r);
      value = fast_read_value (&r, TRUE);
      if (value == NULL)
        {
          g_free (key);
          break;
        }
      json_object_set_member (object, key, value);
      g_free (key);

      fast_skip_space (&r);
      if (*r.p == ',')
        {
          r.p++;
          fast_skip_space (&r);
          continue;
        }
      if (*r.p == '}')
        {
          r.p++;
          fast_skip_space (&r);
          if (*r.p == '\0')
            return object;
        }
      break;
    }

  json_object_unref (object);
  return NULL;
}

/* ---- Shared text-form helpers ---- */

static void
set_not_json (GError       **error,
              gboolean       is_setup,
              const GError  *parse_error)
{
  /* json-glib quotes the offending text as it decoded it, which for "\ud800" is not
   * UTF-8; messages end up in labels and terminals */
  g_autofree char *message = g_utf8_make_valid (parse_error->message, -1);

  if (is_setup)
    /* Translators: %s is the JSON parser's message */
    g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                 _("The setup is not valid JSON: %s"), message);
  else
    /* Translators: %s is the JSON parser's message */
    g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                 _("The action is not valid JSON: %s"), message);
}

static void
set_not_object (GError   **error,
                gboolean   is_setup)
{
  g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       is_setup ? _("The setup must be a JSON object")
                                : _("The action must be a JSON object"));
}

gboolean
dp_json_check_text (const char  *data,
                    gssize       length,
                    gboolean     single_value,
                    guint       *line,
                    GError     **error)
{
  guint depth = 0;
  guint current_line = 1;
  gboolean in_string = FALSE;
  gboolean escaped = FALSE;
  gboolean value_ended = FALSE;
  gboolean value_started = FALSE;

  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (length < 0)
    length = strlen (data);

  for (gssize i = 0; i < length; i++)
    {
      char c = data[i];

      if (c == '\n')
        current_line++;

      if (in_string)
        {
          /* json-glib decodes "\u0000" into a NUL that silently ends the text:
           * "Ina\u0000x" would be stored as "Ina" (issue 16, item 11). */
          if (escaped && c == 'u' && length - i > 4 && memcmp (data + i + 1, "0000", 4) == 0)
            {
              if (line)
                *line = current_line;
              g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                                   _("The JSON text holds a \\u0000 character, which no name or action may contain"));
              return FALSE;
            }
          if (escaped)
            escaped = FALSE;
          else if (c == '\\')
            escaped = TRUE;
          else if (c == '"')
            in_string = FALSE;
          continue;
        }

      /* "1 {…}" too: json-glib accepts it, keeps the 1 and leaks the object */
      if ((value_ended && !g_ascii_isspace (c))
          || (single_value && depth == 0 && value_started && (c == '{' || c == '[')))
        {
          if (line)
            *line = current_line;
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       /* Translators: the input is JSON text, e.g. {"roll": […]} {"take": …} on one line */
                       _("There is more text after the JSON object; put each action on its own line"));
          return FALSE;
        }

      if (depth == 0 && !g_ascii_isspace (c))
        value_started = TRUE;

      switch (c)
        {
        case '"':
          in_string = TRUE;
          break;

        case '{':
        case '[':
          if (++depth > DP_JSON_MAX_DEPTH)
            {
              if (line)
                *line = current_line;
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           _("The JSON is nested more than %u levels deep"),
                           (guint) DP_JSON_MAX_DEPTH);
              return FALSE;
            }
          break;

        case '}':
        case ']':
          /* An unbalanced bracket is left to the parser, which names it. */
          if (depth > 0 && --depth == 0 && single_value)
            value_ended = TRUE;
          break;

        default:
          break;
        }
    }

  return TRUE;
}

JsonObject *
_dp_json_parse_object (const char  *text,
                       const char  *what,
                       GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  gboolean is_setup = g_strcmp0 (what, "setup") == 0;
  JsonObject *object;
  JsonNode *root;

  if (text == NULL)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           is_setup ? _("The setup is empty") : _("The action is empty"));
      return NULL;
    }

  object = fast_read_object (text);
  if (object != NULL)
    return object;

  if (!dp_json_check_text (text, -1, TRUE, NULL, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, text, -1, &local_error))
    {
      set_not_json (error, is_setup, local_error);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      set_not_object (error, is_setup);
      return NULL;
    }

  return json_object_ref (json_node_get_object (root));
}

typedef struct
{
  const char *const *allowed;
  const char        *unknown;
} CheckKeys;

static void
check_key_cb (JsonObject  *object,
              const char  *member_name,
              JsonNode    *member_node,
              gpointer     user_data)
{
  CheckKeys *check = user_data;

  if (check->unknown != NULL)
    return;

  for (guint i = 0; check->allowed[i] != NULL; i++)
    if (strcmp (check->allowed[i], member_name) == 0)
      return;

  check->unknown = member_name;
}

gboolean
_dp_json_check_keys (JsonObject         *object,
                     const char *const  *allowed,
                     GError            **error)
{
  CheckKeys check = { allowed, NULL };

  json_object_foreach_member (object, check_key_cb, &check);
  if (check.unknown != NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("Unknown key “%s”"), check.unknown);
      return FALSE;
    }

  return TRUE;
}

gboolean
_dp_json_get_string (JsonObject  *object,
                     const char  *key,
                     gboolean     required,
                     const char **value,
                     GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  *value = NULL;
  if (node == NULL)
    {
      if (!required)
        return TRUE;
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The key “%s” is missing"), key);
      return FALSE;
    }

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The value of “%s” must be a string"), key);
      return FALSE;
    }

  *value = json_node_get_string (node);
  return TRUE;
}

gboolean
_dp_json_get_int (JsonObject  *object,
                  const char  *key,
                  gint64      *value,
                  gboolean    *present,
                  GError     **error)
{
  JsonNode *node = json_object_get_member (object, key);

  *present = FALSE;
  *value = 0;
  if (node == NULL)
    return TRUE;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The value of “%s” must be a whole number"), key);
      return FALSE;
    }

  *present = TRUE;
  *value = json_node_get_int (node);
  return TRUE;
}

gboolean
_dp_json_get_player (JsonObject        *object,
                     const DpGameKind  *kind,
                     gconstpointer      state,
                     int               *seat,
                     GError           **error)
{
  const char *name;
  guint n_players;

  *seat = -1;
  if (!_dp_json_get_string (object, "player", FALSE, &name, error))
    return FALSE;
  if (name == NULL)
    return TRUE;

  n_players = kind->n_players (state);
  for (guint i = 0; i < n_players; i++)
    if (strcmp (kind->player_name (state, i), name) == 0)
      {
        *seat = (int) i;
        return TRUE;
      }

  g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
               _("There is no player “%s” in this game"), name);
  return FALSE;
}

void
_dp_json_append_string (GString    *out,
                        const char *str)
{
  g_string_append_c (out, '"');
  for (const char *p = str; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '"':  g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          if (c < 0x20)
            g_string_append_printf (out, "\\u%04x", c);
          else
            g_string_append_c (out, (char) c);
        }
    }
  g_string_append_c (out, '"');
}

char *
_dp_game_join_names (const DpGameKind *kind,
                     gconstpointer     state,
                     guint             seat_mask)
{
  GString *out = g_string_new (NULL);
  guint n_players = kind->n_players (state);

  for (guint i = 0; i < n_players; i++)
    if (seat_mask & (1u << i))
      {
        if (out->len > 0)
          /* Translators: separates player names in a list, "Sami, Tom" */
          g_string_append (out, _(", "));
        g_string_append (out, kind->player_name (state, i));
      }

  return g_string_free (out, FALSE);
}

/* ---- Games ---- */

gpointer
_dp_game_get_state (const DpGame     *game,
                    const DpGameKind *kind)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (game->kind != kind)
    return NULL;
  return game->state;
}

DpGame *
dp_game_new (JsonObject  *setup,
             GError     **error)
{
  const DpGameKind *kind;
  const char *id;
  gint64 version;
  gboolean has_version;
  gpointer state;
  DpGame *game;

  if (setup == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The setup is empty"));
      return NULL;
    }

  if (!_dp_json_get_string (setup, "game", TRUE, &id, error))
    return NULL;

  if (!_dp_json_get_int (setup, "version", &version, &has_version, error))
    return NULL;
  if (has_version && version != DP_GAME_FORMAT_VERSION)
    {
      g_autofree char *number = g_strdup_printf ("%" G_GINT64_FORMAT, version);

      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   /* Translators: %s is the version number found in the file */
                   _("Game script version %s is not supported; this version of Dicepad reads version %d"),
                   number, DP_GAME_FORMAT_VERSION);
      return NULL;
    }

  kind = dp_game_kind_lookup (id);
  if (kind == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                   _("Unknown game “%s”"), id);
      return NULL;
    }

  state = kind->new_state (setup, error);
  if (state == NULL)
    return NULL;

  game = g_new0 (DpGame, 1);
  game->kind = kind;
  game->state = state;
  return game;
}

DpGame *
dp_game_new_from_text (const char  *setup_json,
                       GError     **error)
{
  g_autoptr(JsonObject) setup = NULL;

  setup = _dp_json_parse_object (setup_json, "setup", error);
  if (setup == NULL)
    return NULL;

  return dp_game_new (setup, error);
}

DpGame *
dp_game_copy (const DpGame *game)
{
  DpGame *copy;

  g_return_val_if_fail (game != NULL, NULL);

  copy = g_new0 (DpGame, 1);
  copy->kind = game->kind;
  copy->state = game->kind->copy_state (game->state);
  copy->n_actions = game->n_actions;
  return copy;
}

void
dp_game_free (DpGame *game)
{
  if (game == NULL)
    return;

  game->kind->free_state (game->state);
  g_free (game);
}

const DpGameKind *
dp_game_get_kind (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  return game->kind;
}

char *
dp_game_dup_setup_text (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  return game->kind->setup_text (game->state);
}

guint
dp_game_get_n_players (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->kind->n_players (game->state);
}

const char *
dp_game_get_player_name (const DpGame *game,
                         guint         seat)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (seat < dp_game_get_n_players (game), NULL);
  return game->kind->player_name (game->state, seat);
}

guint
dp_game_get_n_actions (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->n_actions;
}

gboolean
dp_game_apply (DpGame      *game,
               JsonObject  *action,
               GError     **error)
{
  g_return_val_if_fail (game != NULL, FALSE);

  if (action == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The action is empty"));
      return FALSE;
    }

  if (!game->kind->apply (game->state, action, error))
    return FALSE;

  game->n_actions++;
  return TRUE;
}

gboolean
dp_game_apply_text (DpGame      *game,
                    const char  *action_json,
                    GError     **error)
{
  g_autoptr(JsonObject) action = NULL;

  g_return_val_if_fail (game != NULL, FALSE);

  action = _dp_json_parse_object (action_json, "action", error);
  if (action == NULL)
    return FALSE;

  return dp_game_apply (game, action, error);
}

char *
dp_game_normalize_action (const DpGame  *game,
                          JsonObject    *action,
                          GError       **error)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (action == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The action is empty"));
      return NULL;
    }

  return game->kind->normalize_action (game->state, action, error);
}

GPtrArray *
dp_game_legal_actions (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  return game->kind->legal_actions (game->state);
}

char *
dp_game_dup_forced_action (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);
  if (game->kind->dup_forced_action == NULL)
    return NULL;
  return game->kind->dup_forced_action (game->state);
}

gboolean
dp_game_is_finished (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return game->kind->is_finished (game->state);
}

gboolean
dp_game_must_act (const DpGame *game,
                  guint         seat)
{
  g_return_val_if_fail (game != NULL, FALSE);
  if (seat >= dp_game_get_n_players (game))
    return FALSE;
  return game->kind->must_act (game->state, seat);
}

int
dp_game_get_total (const DpGame *game,
                   guint         seat)
{
  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (seat < dp_game_get_n_players (game), 0);
  return game->kind->total (game->state, seat);
}

guint
dp_game_get_rank (const DpGame *game,
                  guint         seat)
{
  guint n_players, rank = 1;
  int total;

  g_return_val_if_fail (game != NULL, 0);
  n_players = dp_game_get_n_players (game);
  g_return_val_if_fail (seat < n_players, 0);

  if (game->kind->rank != NULL)
    return game->kind->rank (game->state, seat);

  /* Competition ranking: tied players share a rank, the next rank is skipped. */
  total = game->kind->total (game->state, seat);
  for (guint i = 0; i < n_players; i++)
    if (game->kind->total (game->state, i) > total)
      rank++;

  return rank;
}

gboolean
dp_game_is_winner (const DpGame *game,
                   guint         seat)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (seat < dp_game_get_n_players (game), FALSE);

  return dp_game_is_finished (game) && dp_game_get_rank (game, seat) == 1;
}

JsonNode *
dp_game_to_json (const DpGame *game)
{
  JsonObject *object;
  JsonArray *winners, *to_act, *players;
  JsonNode *root;
  guint n_players;
  gboolean finished;

  g_return_val_if_fail (game != NULL, NULL);

  n_players = dp_game_get_n_players (game);
  finished = dp_game_is_finished (game);

  object = json_object_new ();
  json_object_set_string_member (object, "game", game->kind->id);
  json_object_set_boolean_member (object, "finished", finished);

  winners = json_array_new ();
  to_act = json_array_new ();
  players = json_array_new ();
  for (guint i = 0; i < n_players; i++)
    {
      JsonObject *player = json_object_new ();
      const char *name = dp_game_get_player_name (game, i);

      if (dp_game_is_winner (game, i))
        json_array_add_string_element (winners, name);
      if (!finished && dp_game_must_act (game, i))
        json_array_add_string_element (to_act, name);

      json_object_set_string_member (player, "name", name);
      json_object_set_int_member (player, "total", dp_game_get_total (game, i));
      json_object_set_int_member (player, "rank", dp_game_get_rank (game, i));
      if (game->kind->add_player_json != NULL)
        game->kind->add_player_json (game->state, i, player);
      json_array_add_object_element (players, player);
    }

  json_object_set_array_member (object, "winners", winners);
  json_object_set_array_member (object, "to_act", to_act);
  json_object_set_int_member (object, "actions", game->n_actions);
  if (game->kind->add_json != NULL)
    game->kind->add_json (game->state, object);
  json_object_set_array_member (object, "players", players);

  root = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (root, object);
  return root;
}

JsonObject *
dp_game_dup_seat_stats (const DpGame *game,
                        guint         seat)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (seat < dp_game_get_n_players (game), NULL);

  if (game->kind->seat_stats == NULL)
    return json_object_new ();
  return game->kind->seat_stats (game->state, seat);
}

GHashTable *
dp_game_dup_facts (const DpGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (game->kind->facts == NULL)
    return NULL;
  return game->kind->facts (game->state);
}

gboolean
dp_game_kind_has_facts (const DpGameKind *kind)
{
  g_return_val_if_fail (kind != NULL, FALSE);

  return kind->facts != NULL;
}

DpGame *
dp_game_replay (const char         *setup_json,
                const char *const  *actions,
                guint               n_actions,
                int                *failed_index,
                GError            **error)
{
  g_autoptr(DpGame) game = NULL;
  g_autoptr(JsonParser) parser = NULL;

  if (failed_index != NULL)
    *failed_index = -1;

  game = dp_game_new_from_text (setup_json, error);
  if (game == NULL)
    return NULL;

  /* One json-glib parser for the lines the fast reader leaves to it. */
  for (guint i = 0; i < n_actions; i++)
    {
      g_autoptr(GError) local_error = NULL;
      JsonObject *fast;
      JsonNode *root;

      if (failed_index != NULL)
        *failed_index = (int) i;

      if (actions == NULL || actions[i] == NULL)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("The action is empty"));
          return NULL;
        }

      fast = fast_read_object (actions[i]);
      if (fast != NULL)
        {
          gboolean ok = dp_game_apply (game, fast, error);

          json_object_unref (fast);
          if (!ok)
            return NULL;
          continue;
        }

      if (!dp_json_check_text (actions[i], -1, TRUE, NULL, error))
        return NULL;
      if (parser == NULL)
        parser = json_parser_new_immutable ();
      if (!json_parser_load_from_data (parser, actions[i], -1, &local_error))
        {
          set_not_json (error, FALSE, local_error);
          return NULL;
        }

      root = json_parser_get_root (parser);
      if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
        {
          set_not_object (error, FALSE);
          return NULL;
        }

      if (!dp_game_apply (game, json_node_get_object (root), error))
        return NULL;
    }

  if (failed_index != NULL)
    *failed_index = -1;

  return g_steal_pointer (&game);
}
