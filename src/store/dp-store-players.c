/* dp-store-players.c — player names: the one spelling kept, the checks, renaming
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "dp-store-internal.h"

/* Characters a name may not hold: they change how the rest of the line is shown
 * (right-to-left overrides can make "Ina" look like "anI"). */
static gboolean
is_bidi_control (gunichar c)
{
  return c == 0x061C || c == 0x200E || c == 0x200F ||
         (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

/* Characters that show as nothing: "Ina" and "Ina\u200B" would be two players. */
static gboolean
is_invisible (gunichar c)
{
  return c == 0x00AD || c == 0x180E || c == 0x200B || c == 0x2060 || c == 0xFEFF;
}

/* Spaces, and joiners where they join nothing (at either end). */
static gboolean
is_trimmed (gunichar c)
{
  return g_unichar_isspace (c) || c == 0x200C || c == 0x200D ||
         g_unichar_type (c) == G_UNICODE_SPACE_SEPARATOR;
}

char *
dp_store_normalize_player_name (const char *name)
{
  g_autofree char *valid = NULL;
  g_autofree char *composed = NULL;
  g_autoptr(GString) kept = g_string_new (NULL);
  const char *start, *end;

  g_return_val_if_fail (name != NULL, NULL);

  valid = g_utf8_make_valid (name, -1);
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (!is_invisible (c))
        g_string_append_unichar (kept, c);
    }

  composed = g_utf8_normalize (kept->str, -1, G_NORMALIZE_NFC);
  if (composed == NULL)
    return g_strdup ("");

  start = composed;
  while (*start != '\0' && is_trimmed (g_utf8_get_char (start)))
    start = g_utf8_next_char (start);
  end = start + strlen (start);
  while (end > start)
    {
      const char *prev = g_utf8_prev_char (end);

      if (!is_trimmed (g_utf8_get_char (prev)))
        break;
      end = prev;
    }

  return g_strndup (start, end - start);
}

gboolean
dp_store_check_player_name (const char  *name,
                            GError     **error)
{
  const char *p;
  gboolean blank = TRUE;
  g_autofree char *normal = NULL;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                   _("A player name must be readable text."));
      return FALSE;
    }

  for (p = name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c))
        {
          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                       _("A player name cannot contain line breaks or other control characters."));
          return FALSE;
        }
      if (is_bidi_control (c))
        {
          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                       _("A player name cannot contain characters that change the direction of the text."));
          return FALSE;
        }
      if (is_invisible (c))
        {
          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                       _("A player name cannot contain invisible characters."));
          return FALSE;
        }
      if (!g_unichar_isspace (c))
        blank = FALSE;
    }

  if (blank)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                   _("A player name cannot be empty."));
      return FALSE;
    }

  if (g_utf8_strlen (name, -1) > DP_STORE_MAX_NAME_LENGTH)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                   g_dngettext (GETTEXT_PACKAGE,
                                "A player name can have at most %d character.",
                                "A player name can have at most %d characters.",
                                DP_STORE_MAX_NAME_LENGTH),
                   DP_STORE_MAX_NAME_LENGTH);
      return FALSE;
    }

  /* One spelling per name: "Zoë" typed as e + combining diaeresis, or "Ina " with a
   * trailing space, would otherwise be a second player. */
  normal = dp_store_normalize_player_name (name);
  if (strcmp (normal, name) != 0)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                   /* Translators: %s is the name as it should be written */
                   _("A player name cannot begin or end with spaces and must use composed letters; write it as “%s”."),
                   normal);
      return FALSE;
    }

  return TRUE;
}

gboolean
_dp_store_check_game_names (const DpGame  *game,
                            GError       **error)
{
  guint n = dp_game_get_n_players (game);

  for (guint seat = 0; seat < n; seat++)
    {
      if (!dp_store_check_player_name (dp_game_get_player_name (game, seat), error))
        return FALSE;
    }

  return TRUE;
}

/* The form a name is searched in: without accents and case ("Émile" → "emile",
 * "Zoë" → "zoe"). SQLite's LIKE knows neither; the search folds both sides alike. */
char *
_dp_store_fold_for_search (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  g_autofree char *decomposed = g_utf8_normalize (valid, -1, G_NORMALIZE_ALL);
  g_autoptr(GString) bare = g_string_sized_new (strlen (decomposed));

  /* Canonical decomposition puts each accent in a combining mark of its own. */
  for (const char *p = decomposed; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_type (c) != G_UNICODE_NON_SPACING_MARK)
        g_string_append_unichar (bare, c);
    }
  return g_utf8_casefold (bare->str, -1);
}

void
_dp_store_sql_casefold (sqlite3_context  *context,
                        int               argc,
                        sqlite3_value   **argv)
{
  const char *text = (const char *) sqlite3_value_text (argv[0]);

  if (text == NULL)
    {
      sqlite3_result_null (context);
      return;
    }

  sqlite3_result_text (context, _dp_store_fold_for_search (text), -1, g_free);
}

/* Returns the id of the player called @name, adding the player if new. */
gboolean
_dp_store_upsert_player (DpStore     *self,
                         const char  *name,
                         gint64       used,
                         gint64      *id_out,
                         GError     **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  gboolean has_row;

  stmt = _dp_store_query (self, error,
                          "INSERT INTO players (name, last_used) VALUES (?1, ?2) "
                          "ON CONFLICT (name) DO UPDATE SET last_used = max (last_used, ?2) "
                          "RETURNING id",
                          "tI", name, used);
  if (stmt == NULL)
    return FALSE;
  if (!_dp_store_step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    return _dp_store_db_error (self, SQLITE_CORRUPT, error);
  *id_out = sqlite3_column_int64 (stmt, 0);
  /* Run RETURNING to completion so the statement is finished before reset. */
  return _dp_store_step_done (self, stmt, error);
}

/* The first column of every row of @stmt, in order. */
static GStrv
strv_from_rows (DpStore       *self,
                sqlite3_stmt  *stmt,
                GError       **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (;;)
    {
      gboolean has_row;

      if (!_dp_store_step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        break;
      g_strv_builder_add (builder, (const char *) sqlite3_column_text (stmt, 0));
    }
  return g_strv_builder_end (builder);
}

GStrv
dp_store_list_player_names (DpStore  *self,
                            GError  **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  stmt = _dp_store_prepare (self, "SELECT name FROM players ORDER BY last_used DESC, name", error);
  if (stmt == NULL)
    return NULL;
  return strv_from_rows (self, stmt, error);
}

gboolean
dp_store_rename_player (DpStore     *self,
                        const char  *old_name,
                        const char  *new_name,
                        GError     **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (old_name != NULL, FALSE);
  g_return_val_if_fail (new_name != NULL, FALSE);

  if (!dp_store_check_player_name (new_name, error))
    return FALSE;

  if (strcmp (old_name, new_name) == 0)
    return TRUE;

  if (!_dp_store_begin (self, error))
    return FALSE;

  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_query (self, error,
                                                   "SELECT 1 FROM players WHERE name = ?",
                                                   "t", new_name);
    gboolean has_row;

    if (stmt == NULL)
      goto fail;
    if (!_dp_store_step_row (self, stmt, &has_row, error))
      goto fail;
    if (has_row)
      {
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                     _("There is already a player called “%s”."), new_name);
        goto fail;
      }
  }

  {
    g_autoptr(DpStoreStmt) stmt = _dp_store_query (self, error,
                                                   "UPDATE players SET name = ? WHERE name = ?",
                                                   "tt", new_name, old_name);

    if (stmt == NULL)
      goto fail;
    if (!_dp_store_step_done (self, stmt, error))
      goto fail;
    if (sqlite3_changes (self->db) == 0)
      {
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND,
                     _("There is no player called “%s”."), old_name);
        goto fail;
      }
  }

  return _dp_store_commit (self, error);

fail:
  _dp_store_rollback (self);
  return FALSE;
}

GStrv
dp_store_match_player_names (DpStore     *self,
                             const char  *name,
                             GError     **error)
{
  g_autoptr(DpStoreStmt) stmt = NULL;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  folded = _dp_store_fold_for_search (name);
  stmt = _dp_store_query (self, error,
                          "SELECT name FROM players WHERE dp_casefold (name) = ?1 ORDER BY name = ?2 DESC, name",
                          "tt", folded, name);
  if (stmt == NULL)
    return NULL;
  return strv_from_rows (self, stmt, error);
}
