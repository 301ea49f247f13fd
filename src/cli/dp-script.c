/* dp-script.c — reading game scripts line by line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>
#ifdef G_OS_UNIX
#include <gio/gunixinputstream.h>
#endif

#include "dp-script.h"
#include "dp-store.h"

#define READ_CHUNK 65536

JsonObject *
dp_script_parse_line (const char  *text,
                      gsize        length,
                      GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) local_error = NULL;
  const char *end = NULL;
  JsonNode *root;

  if (!g_utf8_validate (text, length, &end))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The line is not valid UTF-8 text (byte %u)"),
                   (guint) (end - text) + 1);
      return NULL;
    }

  if (!dp_json_check_text (text, length, TRUE, NULL, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, text, length, &local_error))
    {
      /* json-glib quotes what it decoded, which for "\ud800" is not UTF-8 */
      g_autofree char *message = g_utf8_make_valid (local_error->message, -1);
      guint err_line, err_column;
      int consumed = 0;

      /* json-glib says "<data>:LINE:COLUMN: Parse error: …"; the line is ours to
       * give, the column is worth keeping. */
      if (sscanf (message, "<data>:%u:%u: %n", &err_line, &err_column, &consumed) == 2 && consumed > 0)
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                     /* Translators: the second %s is json-glib's own (translated) description */
                     _("This is not valid JSON (column %u): %s"),
                     err_column, message + consumed);
      else
        g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                     _("This is not valid JSON: %s"), message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   /* Translators: keep the JSON example as it is */
                   _("Each line must hold one JSON object, like {\"take\": \"orange\"}"));
      return NULL;
    }

  return json_object_ref (json_node_get_object (root));
}

/* What the reader knows between lines. */
typedef struct
{
  DpGame    *game;
  GPtrArray *actions;
  GArray    *action_lines;
} ReplayState;

/* Handles one complete physical line (without its '\n'). */
static gboolean
handle_line (ReplayState  *state,
             char         *text,
             gsize         length,
             guint         line_number,
             GError      **error)
{
  g_autoptr(JsonObject) object = NULL;
  gsize start = 0;

  if (length > 0 && text[length - 1] == '\r')
    text[--length] = '\0';

  /* A byte order mark some editors write before the first line. */
  if (line_number == 1 && length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    start = 3;

  while (start < length && g_ascii_isspace (text[start]))
    start++;
  if (start == length || text[start] == '#')
    return TRUE;

  object = dp_script_parse_line (text + start, length - start, error);
  if (object == NULL)
    return FALSE;

  if (state->game == NULL)
    {
      g_autoptr(GError) name_error = NULL;

      state->game = dp_game_new (object, error);
      if (state->game == NULL)
        return FALSE;

      /* The names the store would refuse are refused here, at the setup's line, so
       * replay and validate say what play would (issue 16, item 11). */
      for (guint seat = 0; seat < dp_game_get_n_players (state->game); seat++)
        {
          if (!dp_store_check_player_name (dp_game_get_player_name (state->game, seat), &name_error))
            {
              g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP, name_error->message);
              g_clear_pointer (&state->game, dp_game_free);
              return FALSE;
            }
        }
      return TRUE;
    }

  if (!dp_game_apply (state->game, object, error))
    return FALSE;

  if (state->action_lines != NULL)
    g_array_append_val (state->action_lines, line_number);
  if (state->actions != NULL)
    g_ptr_array_add (state->actions, g_steal_pointer (&object));

  return TRUE;
}

DpGame *
dp_script_replay (GInputStream  *stream,
                  GPtrArray     *actions,
                  GArray        *action_lines,
                  guint         *error_line,
                  GCancellable  *cancellable,
                  GError       **error)
{
  ReplayState state = { NULL, actions, action_lines };
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *buffer = g_malloc (READ_CHUNK);
  guint line_number = 1;
  guint dummy_line;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  if (error_line == NULL)
    error_line = &dummy_line;
  *error_line = 0;

  for (;;)
    {
      gssize n_read = g_input_stream_read (stream, buffer, READ_CHUNK, cancellable, error);
      gsize pos = 0;

      if (n_read < 0)
        goto failed;

      while (pos < (gsize) n_read)
        {
          const char *newline = memchr (buffer + pos, '\n', n_read - pos);
          gsize piece = newline ? (gsize) (newline - (buffer + pos)) : (gsize) n_read - pos;

          if (line->len + piece > DP_SCRIPT_MAX_LINE)
            {
              *error_line = line_number;
              g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                           _("The line is longer than %u KiB; a game script holds one short action per line"),
                           (guint) (DP_SCRIPT_MAX_LINE / 1024));
              goto failed_at_line;
            }

          g_string_append_len (line, buffer + pos, piece);
          pos += piece;

          if (newline != NULL)
            {
              pos++;
              if (!handle_line (&state, line->str, line->len, line_number, error))
                {
                  *error_line = line_number;
                  goto failed_at_line;
                }
              g_string_truncate (line, 0);
              line_number++;
            }
        }

      if (n_read == 0)
        break;
    }

  /* The last line may lack its newline. */
  if (line->len > 0 && !handle_line (&state, line->str, line->len, line_number, error))
    {
      *error_line = line_number;
      goto failed_at_line;
    }

  if (state.game == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   /* Translators: keep the JSON example as it is */
                   _("The file holds no setup line, like {\"game\": \"calavera\", \"players\": [\"Ina\", \"Sami\"]}"));
      return NULL;
    }

  return state.game;

failed:
  *error_line = 0;
failed_at_line:
  g_clear_pointer (&state.game, dp_game_free);
  return NULL;
}

DpGame *
dp_script_replay_path (const char  *path,
                       GPtrArray   *actions,
                       GArray      *action_lines,
                       guint       *error_line,
                       GError     **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GError) local_error = NULL;

  if (error_line)
    *error_line = 0;

  /* "-" is standard input, as for most command-line tools. */
  if (g_strcmp0 (path, "-") == 0)
    {
      g_autoptr(GInputStream) in = NULL;

#ifdef G_OS_UNIX
      in = g_unix_input_stream_new (0, FALSE);
#else
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Reading from standard input is not supported here"));
      return NULL;
#endif
      return dp_script_replay (in, actions, action_lines, error_line, NULL, error);
    }

  file = g_file_new_for_path (path);
  stream = g_file_read (file, NULL, &local_error);
  if (stream == NULL)
    {
      g_set_error (error, local_error->domain, local_error->code,
                   _("Cannot open the file: %s"), local_error->message);
      return NULL;
    }

  return dp_script_replay (G_INPUT_STREAM (stream), actions, action_lines, error_line, NULL, error);
}
