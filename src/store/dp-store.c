/* dp-store.c — every game in one SQLite file, entry by entry
 *
 * Each action is committed in its own transaction (WAL, synchronous=FULL) before the
 * caller shows its effect, so a crash, a killed process or a power cut loses nothing.
 * The store never interprets setups or actions: it keeps their canonical JSON text
 * and asks the core (dp-game.h) to check and replay them. See docs/storage.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "dp-backup.h"
#include "dp-store.h"
#include "dp-exchange.h"
#include "dp-store-private.h"
#include "dp-store-resources.h"

/* Long enough to outlast the other program's transaction (each is one action, a few
 * milliseconds), short enough that a stuck lock becomes an error the user sees. */
#define BUSY_TIMEOUT_MS 5000

#define RESOURCE_PREFIX "/io/github/dicepad/Dicepad/store/sql/"

/* One file per schema version; migrations[i] turns version i into version i + 1. */
static const char *const migrations[] = {
  "0001-initial.sql",
  "0002-undo-delete.sql",
  "0003-stat-sums.sql",
  "0004-resume-index.sql",
  "0005-place-sums.sql",
  "0006-pair-sums.sql",
  "0007-known-facts.sql",
};

/* The version whose tables hold the facts of dp_game_dup_facts(): migrating to it fills
 * them by replaying the stored games (fill_facts). */
#define FACTS_VERSION 7

static gboolean fill_facts (DpStore *self, GError **error);

#define SCHEMA_VERSION ((guint) G_N_ELEMENTS (migrations))

struct _DpStore
{
  GObject     parent_instance;

  char       *path;
  sqlite3    *db;
  GHashTable *statements;  /* SQL text → sqlite3_stmt*, prepared once */
  gboolean    read_only;   /* opened with SQLITE_OPEN_READONLY: never written */
};

G_DEFINE_TYPE (DpStore, dp_store, G_TYPE_OBJECT)

G_DEFINE_QUARK (dp-store-error-quark, dp_store_error)

/* A statement borrowed from the cache: the cleanup resets it, so no statement keeps
 * a read transaction open after use. */
typedef sqlite3_stmt StoreStmt;

static void
store_stmt_release (StoreStmt *stmt)
{
  sqlite3_reset (stmt);
  sqlite3_clear_bindings (stmt);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StoreStmt, store_stmt_release)

static const char *const state_names[] = { "in-progress", "finished", "abandoned" };

/* ---- Errors ---- */

/* Maps a SQLite result code to a translated GError. Always returns FALSE. */
static gboolean
set_db_error (const char  *path,
              sqlite3     *db,
              int          rc,
              GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  const char *detail = db != NULL ? sqlite3_errmsg (db) : sqlite3_errstr (rc);

  switch (rc & 0xff)
    {
    case SQLITE_FULL:
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("The disk is full: nothing was saved to the game database “%s”."),
                   display);
      break;

    case SQLITE_READONLY:
    case SQLITE_PERM:
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("The game database “%s” is read-only: nothing was saved."),
                   display);
      break;

    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_BUSY,
                   _("The game database “%s” is in use by another program. Close it and try again."),
                   display);
      break;

    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE,
                   _("The file “%s” is not a Dicepad game database or it is damaged."),
                   display);
      break;

    default:
      /* Say what the system said (no space left, read-only file system, permission
       * denied) rather than SQLite's "unable to open database file". */
      if (db != NULL && sqlite3_system_errno (db) != 0 &&
          ((rc & 0xff) == SQLITE_CANTOPEN || (rc & 0xff) == SQLITE_IOERR))
        detail = g_strerror (sqlite3_system_errno (db));
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   /* Translators: the second %s is SQLite's own (English) explanation */
                   _("Could not read or write the game database “%s”: %s"),
                   display, detail);
      break;
    }

  return FALSE;
}

static gboolean
store_error (DpStore  *self,
             int       rc,
             GError  **error)
{
  return set_db_error (self->path, self->db, rc, error);
}

static gboolean
set_not_found (const char  *game_id,
               GError     **error)
{
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND,
               _("There is no game with the id “%s”."), game_id);
  return FALSE;
}

/* ---- Statements and transactions ---- */

static StoreStmt *
store_prepare (DpStore     *self,
               const char  *sql,
               GError     **error)
{
  sqlite3_stmt *stmt = g_hash_table_lookup (self->statements, sql);
  int rc;

  if (stmt != NULL)
    return stmt;

  rc = sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, NULL);
  if (rc != SQLITE_OK)
    {
      store_error (self, rc, error);
      return NULL;
    }

  g_hash_table_insert (self->statements, g_strdup (sql), stmt);
  return stmt;
}

static void
bind_text (sqlite3_stmt *stmt,
           int           index,
           const char   *text)
{
  sqlite3_bind_text (stmt, index, text, -1, SQLITE_TRANSIENT);
}

/* Steps a statement that returns no rows (or whose rows are not wanted). */
static gboolean
step_done (DpStore       *self,
           sqlite3_stmt  *stmt,
           GError       **error)
{
  int rc = sqlite3_step (stmt);

  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return store_error (self, rc, error);

  return TRUE;
}

/* Steps to the next row: TRUE with *has_row set, or FALSE on an error. */
static gboolean
step_row (DpStore       *self,
          sqlite3_stmt  *stmt,
          gboolean      *has_row,
          GError       **error)
{
  int rc = sqlite3_step (stmt);

  *has_row = (rc == SQLITE_ROW);
  if (rc != SQLITE_DONE && rc != SQLITE_ROW)
    return store_error (self, rc, error);

  return TRUE;
}

static gboolean
store_exec (DpStore     *self,
            const char  *sql,
            GError     **error)
{
  int rc = sqlite3_exec (self->db, sql, NULL, NULL, NULL);

  if (rc != SQLITE_OK)
    return store_error (self, rc, error);

  return TRUE;
}

static void
store_rollback (DpStore *self)
{
  /* SQLite rolls back by itself after some errors (a full disk); do not roll back twice. */
  if (!sqlite3_get_autocommit (self->db))
    sqlite3_exec (self->db, "ROLLBACK", NULL, NULL, NULL);
}

/* IMMEDIATE takes the write lock at once, so a busy database fails here and not
 * half-way through, and the state read inside the transaction stays valid. */
static gboolean
store_begin (DpStore  *self,
             GError  **error)
{
  return store_exec (self, "BEGIN IMMEDIATE", error);
}

static gboolean
store_commit (DpStore  *self,
              GError  **error)
{
  if (!store_exec (self, "COMMIT", error))
    {
      store_rollback (self);
      return FALSE;
    }

  return TRUE;
}

/* ---- Player names ---- */

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

static gboolean
check_game_names (const DpGame  *game,
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
static char *
fold_for_search (const char *text)
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

static void
sql_casefold (sqlite3_context  *context,
              int               argc,
              sqlite3_value   **argv)
{
  const char *text = (const char *) sqlite3_value_text (argv[0]);

  if (text == NULL)
    {
      sqlite3_result_null (context);
      return;
    }

  sqlite3_result_text (context, fold_for_search (text), -1, g_free);
}

/* ---- Opening and migrations ---- */

static gboolean
read_int_pragma (DpStore     *self,
                 const char  *sql,
                 gint64      *out,
                 GError     **error)
{
  g_autoptr(StoreStmt) stmt = store_prepare (self, sql, error);
  gboolean has_row;

  if (stmt == NULL || !step_row (self, stmt, &has_row, error))
    return FALSE;

  *out = has_row ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

static gboolean
set_not_a_database (const char  *path,
                    GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE,
               _("The file “%s” is not a Dicepad game database or it is damaged. "
                 "Dicepad leaves it untouched; choose another file."),
               display);
  return FALSE;
}

/* Reads the first bytes with plain stdio, so a file that is not SQLite at all is
 * refused before SQLite could touch it. */
static gboolean
check_sqlite_header (const char  *path,
                     GError     **error)
{
  static const char magic[16] = "SQLite format 3";
  char header[100];
  size_t n_read;
  FILE *file = g_fopen (path, "rb");

  if (file == NULL)
    {
      int saved_errno = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("Could not read or write the game database “%s”: %s"),
                   display, g_strerror (saved_errno));
      return FALSE;
    }

  n_read = fread (header, 1, sizeof header, file);
  fclose (file);

  if (n_read < sizeof header || memcmp (header, magic, sizeof magic) != 0)
    return set_not_a_database (path, error);

  return TRUE;
}

static gboolean
store_migrate (DpStore  *self,
               guint     target,
               GError  **error)
{
  gint64 current;

  /* Games stored by an older Dicepad are copied before their schema changes
   * (dp-backup.h); a new, empty database has nothing to keep. */
  if (!read_int_pragma (self, "PRAGMA user_version", &current, error))
    return FALSE;
  if (current > 0 && current < target)
    {
      g_autofree char *dir = dp_backup_dir_for_database (self->path);
      g_autofree char *copy = dp_backup_create (self->path, dir, DP_BACKUP_BEFORE_MIGRATION, NULL, error);

      if (copy == NULL)
        return FALSE;
    }

  for (;;)
    {
      gint64 version;
      g_autofree char *resource = NULL;
      g_autofree char *footer = NULL;
      g_autoptr(GBytes) sql = NULL;
      g_autoptr(GError) local_error = NULL;

      if (!store_begin (self, error))
        return FALSE;

      /* Read again under the write lock: another Dicepad may have just migrated. */
      if (!read_int_pragma (self, "PRAGMA user_version", &version, error))
        {
          store_rollback (self);
          return FALSE;
        }

      if (version >= target)
        return store_commit (self, error);
      if (version < 0)
        {
          store_rollback (self);
          return set_not_a_database (self->path, error);
        }

      resource = g_strconcat (RESOURCE_PREFIX, migrations[version], NULL);
      sql = g_resource_lookup_data (dp_store_get_resource (), resource,
                                    G_RESOURCE_LOOKUP_FLAGS_NONE, &local_error);
      /* The migrations are compiled in: a missing one is a packaging bug. */
      g_assert_no_error (local_error);

      footer = g_strdup_printf ("PRAGMA user_version = %u; PRAGMA application_id = %d;",
                                (guint) version + 1, DP_STORE_APPLICATION_ID);

      if (!store_exec (self, g_bytes_get_data (sql, NULL), error) ||
          (version + 1 == FACTS_VERSION && !fill_facts (self, error)) ||
          !store_exec (self, footer, error) ||
          !store_commit (self, error))
        {
          store_rollback (self);
          return FALSE;
        }
    }
}

char *
dp_store_resolve_path (const char *option)
{
  const char *env;

  if (option != NULL && option[0] != '\0')
    return g_strdup (option);

  env = g_getenv ("DICEPAD_DATABASE");
  if (env != NULL && env[0] != '\0')
    return g_strdup (env);

  return g_build_filename (g_get_user_data_dir (), "io.github.dicepad.Dicepad", "dicepad.db", NULL);
}

DpStore *
_dp_store_open_at_version (const char  *path,
                           guint        target,
                           GError     **error)
{
  g_autoptr(DpStore) self = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *display = NULL;
  GStatBuf st;
  gboolean has_content;
  gint64 app_id, version, n_objects;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_EXRESCODE;
  int rc;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (target <= SCHEMA_VERSION, NULL);

  display = g_filename_display_name (path);
  dir = g_path_get_dirname (path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;
      g_autofree char *dir_display = g_filename_display_name (dir);

      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("Could not create the folder “%s”: %s"),
                   dir_display, g_strerror (saved_errno));
      return NULL;
    }

  if (g_stat (path, &st) == 0)
    {
      if (!S_ISREG (st.st_mode))
        {
          set_not_a_database (path, error);
          return NULL;
        }
      has_content = st.st_size > 0;
    }
  else
    {
      has_content = FALSE;
    }

  /* An existing file is opened without CREATE and checked before anything is
   * written to it (setting WAL is a write). */
  if (has_content)
    {
      if (!check_sqlite_header (path, error))
        return NULL;
    }
  else
    {
      flags |= SQLITE_OPEN_CREATE;
    }

  self = g_object_new (DP_TYPE_STORE, NULL);
  self->path = g_strdup (path);

  rc = sqlite3_open_v2 (path, &self->db, flags, NULL);
  if (rc != SQLITE_OK)
    {
      store_error (self, rc, error);
      return NULL;
    }

  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);

  if (sqlite3_db_readonly (self->db, "main") == 1)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("The game database “%s” is read-only: nothing was saved."),
                   display);
      return NULL;
    }

  {
    g_autoptr(GError) read_error = NULL;

    if (!read_int_pragma (self, "PRAGMA application_id", &app_id, &read_error) ||
        !read_int_pragma (self, "PRAGMA user_version", &version, &read_error) ||
        !read_int_pragma (self, "SELECT count(*) FROM sqlite_schema", &n_objects, &read_error))
      {
        /* Only damage is "not a database": a read-only folder, a full disk or a
         * busy file is said as what it is (issue 16, item 5). */
        if (!g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE))
          g_propagate_error (error, g_steal_pointer (&read_error));
        else
          set_not_a_database (path, error);
        return NULL;
      }
  }

  if (app_id != DP_STORE_APPLICATION_ID &&
      !(app_id == 0 && version == 0 && n_objects == 0))
    {
      set_not_a_database (path, error);
      return NULL;
    }

  /* The version is a signed 32-bit number in the file's header: a negative one is
   * damage, never a version (issue 16: it indexed before the migrations). */
  if (version < 0)
    {
      set_not_a_database (path, error);
      return NULL;
    }

  if (version > SCHEMA_VERSION)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_TOO_NEW,
                   _("The game database “%s” was written by a newer version of Dicepad "
                     "(format %u; this version reads up to format %u). Update Dicepad to open it; "
                     "the file is left untouched."),
                   display, (guint) version, SCHEMA_VERSION);
      return NULL;
    }

  /* From here on the file is ours and may be written. */
  {
    g_autoptr(StoreStmt) stmt = NULL;
    gboolean has_row;

    if (!store_exec (self, "PRAGMA foreign_keys = ON", error))
      return NULL;

    stmt = store_prepare (self, "PRAGMA journal_mode = WAL", error);
    if (stmt == NULL || !step_row (self, stmt, &has_row, error))
      return NULL;

    if (!has_row || g_ascii_strcasecmp ((const char *) sqlite3_column_text (stmt, 0), "wal") != 0)
      {
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                     _("Could not read or write the game database “%s”: %s"),
                     display, "journal_mode=WAL");
        return NULL;
      }
  }

  if (!store_exec (self, "PRAGMA synchronous = FULL", error))
    return NULL;

  sqlite3_create_function_v2 (self->db, "dp_casefold", 1,
                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                              NULL, sql_casefold, NULL, NULL, NULL);

  if (!store_migrate (self, target, error))
    return NULL;

  return g_steal_pointer (&self);
}

DpStore *
dp_store_open (const char  *path,
               GError     **error)
{
  return _dp_store_open_at_version (path, SCHEMA_VERSION, error);
}

gboolean
_dp_store_migrate (DpStore  *self,
                   GError  **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);

  return store_migrate (self, SCHEMA_VERSION, error);
}

DpStore *
_dp_store_open_read_only (const char  *path,
                          GError     **error)
{
  g_autoptr(DpStore) self = NULL;
  g_autofree char *display = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(GError) read_error = NULL;
  gint64 app_id = 0, version = 0, n_objects = 0;
  int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_EXRESCODE;

  g_return_val_if_fail (path != NULL, NULL);

  display = g_filename_display_name (path);
  if (!check_sqlite_header (path, error))
    return NULL;

  self = g_object_new (DP_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  self->read_only = TRUE;

  /* mode=ro first; a WAL database in a folder we cannot write needs immutable=1 (no
   * shared-memory file), which is right for a file nobody can write either. */
  for (guint attempt = 0; attempt < 2; attempt++)
    {
      g_autofree char *absolute = g_canonicalize_filename (path, NULL);
      g_autofree char *file_uri = g_filename_to_uri (absolute, NULL, error);
      int rc;

      if (file_uri == NULL)
        return NULL;
      g_clear_pointer (&uri, g_free);
      uri = g_strconcat (file_uri, attempt == 0 ? "?mode=ro" : "?mode=ro&immutable=1", NULL);
      g_hash_table_remove_all (self->statements);
      g_clear_pointer (&self->db, sqlite3_close_v2);
      g_clear_error (&read_error);

      rc = sqlite3_open_v2 (uri, &self->db, flags, NULL);
      if (rc != SQLITE_OK)
        {
          store_error (self, rc, &read_error);
          continue;
        }
      sqlite3_extended_result_codes (self->db, 1);
      sqlite3_busy_timeout (self->db, BUSY_TIMEOUT_MS);

      if (read_int_pragma (self, "PRAGMA application_id", &app_id, &read_error) &&
          read_int_pragma (self, "PRAGMA user_version", &version, &read_error) &&
          read_int_pragma (self, "SELECT count(*) FROM sqlite_schema", &n_objects, &read_error))
        break;
      if (g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE))
        break;
    }

  if (read_error != NULL)
    {
      if (g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE))
        set_not_a_database (path, error);
      else
        g_propagate_error (error, g_steal_pointer (&read_error));
      return NULL;
    }

  if (app_id != DP_STORE_APPLICATION_ID || version < 0)
    {
      set_not_a_database (path, error);
      return NULL;
    }

  if (version > SCHEMA_VERSION)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_TOO_NEW,
                   _("The game database “%s” was written by a newer version of Dicepad "
                     "(format %u; this version reads up to format %u). Update Dicepad to open it; "
                     "the file is left untouched."),
                   display, (guint) version, SCHEMA_VERSION);
      return NULL;
    }

  if (version < SCHEMA_VERSION)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_IO,
                   _("The game database “%s” is read-only and was written by an older version "
                     "of Dicepad: it must be updated before it can be read. Make it writable and open it again."),
                   display);
      return NULL;
    }

  sqlite3_create_function_v2 (self->db, "dp_casefold", 1,
                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                              NULL, sql_casefold, NULL, NULL, NULL);

  return g_steal_pointer (&self);
}

DpStore *
dp_store_open_for_reading (const char  *path,
                           GError     **error)
{
  g_autoptr(GError) read_error = NULL;
  g_autoptr(GError) write_error = NULL;
  DpStore *store;
  GStatBuf st;
  gboolean exists;

  g_return_val_if_fail (path != NULL, NULL);

  /* A current database is only read: not a byte of it changes, whatever state it is
   * in (issue 16: "the file untouched unless the user asked for a repair"). */
  exists = g_stat (path, &st) == 0 && S_ISREG (st.st_mode) && st.st_size > 0;
  if (exists)
    {
      store = _dp_store_open_read_only (path, &read_error);
      if (store != NULL)
        return store;
      if (g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_A_DATABASE) ||
          g_error_matches (read_error, DP_STORE_ERROR, DP_STORE_ERROR_TOO_NEW))
        {
          g_propagate_error (error, g_steal_pointer (&read_error));
          return NULL;
        }
    }

  /* Missing (created empty, as the app does) or an older schema (migrated first). */
  store = dp_store_open (path, &write_error);
  if (store != NULL)
    return store;

  /* An older database that cannot be written: the read-only error says so. */
  if (exists && read_error != NULL && g_error_matches (write_error, DP_STORE_ERROR, DP_STORE_ERROR_IO))
    g_propagate_error (error, g_steal_pointer (&read_error));
  else
    g_propagate_error (error, g_steal_pointer (&write_error));
  return NULL;
}

DpStore *
dp_store_open_or_read_only (const char  *path,
                            GError     **error)
{
  g_autoptr(GError) write_error = NULL;
  DpStore *store;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);

  store = dp_store_open (path, &write_error);
  if (store != NULL)
    return store;

  /* An existing database that cannot be written (read-only file, folder or disk, or
   * a full disk) can still be read (issue 16, item 7). */
  if (!g_error_matches (write_error, DP_STORE_ERROR, DP_STORE_ERROR_IO) ||
      g_stat (path, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size == 0)
    {
      g_propagate_error (error, g_steal_pointer (&write_error));
      return NULL;
    }

  return _dp_store_open_read_only (path, error);
}

gboolean
dp_store_is_read_only (DpStore *self)
{
  g_return_val_if_fail (DP_IS_STORE (self), TRUE);

  return self->read_only;
}

guint
_dp_store_get_schema_version (void)
{
  return SCHEMA_VERSION;
}

sqlite3 *
_dp_store_get_db (DpStore *self)
{
  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  return self->db;
}

const char *
dp_store_get_path (DpStore *self)
{
  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  return self->path;
}

/* ---- GObject ---- */

static void
dp_store_finalize (GObject *object)
{
  DpStore *self = DP_STORE (object);

  g_clear_pointer (&self->statements, g_hash_table_unref);
  /* Closing the last connection checkpoints the WAL into the main file. */
  g_clear_pointer (&self->db, sqlite3_close_v2);
  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (dp_store_parent_class)->finalize (object);
}

static void
dp_store_class_init (DpStoreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = dp_store_finalize;
}

static void
finalize_stmt (gpointer stmt)
{
  sqlite3_finalize (stmt);
}

static void
dp_store_init (DpStore *self)
{
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, finalize_stmt);
}

/* ---- Helpers inside a transaction ---- */

typedef struct
{
  gint64      row;
  DpGameState state;
  guint       n_actions;   /* counted in the log, the truth */
} GameRow;

static gboolean
lookup_game (DpStore     *self,
             const char  *game_id,
             GameRow     *out,
             GError     **error)
{
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean has_row;

  stmt = store_prepare (self,
                        "SELECT g.id, g.state, "
                        "  (SELECT coalesce (max (a.seq) + 1, 0) FROM actions a WHERE a.game = g.id) "
                        "FROM games g WHERE g.uuid = ? AND g.deleted = 0",
                        error);
  if (stmt == NULL)
    return FALSE;

  bind_text (stmt, 1, game_id);
  if (!step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    return set_not_found (game_id, error);

  out->row = sqlite3_column_int64 (stmt, 0);
  out->state = CLAMP (sqlite3_column_int (stmt, 1), DP_GAME_STATE_IN_PROGRESS, DP_GAME_STATE_ABANDONED);
  out->n_actions = (guint) sqlite3_column_int64 (stmt, 2);
  return TRUE;
}

/* The caller's state (@current, NULL = no check) must be the stored one: the log
 * position is the same, or another window or program has moved the game on. */
static gboolean
check_position (const GameRow  *info,
                const DpGame   *current,
                GError        **error)
{
  if (current == NULL || info->n_actions == dp_game_get_n_actions (current))
    return TRUE;

  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_OUT_OF_DATE,
               _("This game was changed elsewhere (in another window or program). "
                 "Open it again to go on."));
  return FALSE;
}

static gboolean
set_game_over (DpGameState   state,
               GError      **error)
{
  if (state == DP_GAME_STATE_ABANDONED)
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_GAME_OVER,
                 _("This game was abandoned: no more entries can be made."));
  else
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_GAME_OVER,
                 _("This game is over: no more entries can be made."));
  return FALSE;
}

/* The log of game @game_id cannot be trusted: rows are missing or out of order. */
static gboolean
set_damaged_log (const char  *game_id,
                 guint        n_readable,
                 guint        n_stored,
                 GError     **error)
{
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
               /* Translators: the first %s is the game's id; then "19 of its 143 actions" */
               g_dngettext (GETTEXT_PACKAGE,
                            "The game “%s” is damaged in the database: only %u of its %u action can be read.",
                            "The game “%s” is damaged in the database: only %u of its %u actions can be read.",
                            n_stored),
               game_id, n_readable, n_stored);
  return FALSE;
}

/* Reads the setup and the log of a game, and checks the log against the count the
 * game's row keeps: a damaged page must never show as a shorter game (issue 16, item 4).
 * With @prefix_ok, a damaged log gives what can be read in order (for a rescue export)
 * and *complete says whether that is all of it. */
static gboolean
read_log_full (DpStore     *self,
               gint64       row,
               const char  *game_id,
               gboolean     prefix_ok,
               char       **setup_out,
               GPtrArray  **actions_out,
               gboolean    *complete,
               guint       *n_stored_out,
               GError     **error)
{
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *setup = NULL;
  gboolean has_row, in_order = TRUE;
  gint64 n_stored = 0;

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self, "SELECT setup, n_actions FROM games WHERE id = ?", error);

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_int64 (stmt, 1, row);
    if (!step_row (self, stmt, &has_row, error))
      return FALSE;
    if (!has_row)
      return store_error (self, SQLITE_CORRUPT, error);
    setup = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    n_stored = sqlite3_column_int64 (stmt, 1);
  }

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "SELECT seq, json FROM actions WHERE game = ? ORDER BY seq",
                                               error);

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_int64 (stmt, 1, row);
    for (;;)
      {
        const char *text;

        if (!step_row (self, stmt, &has_row, error))
          return FALSE;
        if (!has_row)
          break;
        /* Action i is row seq = i: a gap is a lost row. */
        if (sqlite3_column_int64 (stmt, 0) != (gint64) actions->len)
          {
            in_order = FALSE;
            break;
          }
        text = (const char *) sqlite3_column_text (stmt, 1);
        g_ptr_array_add (actions, g_strdup (text != NULL ? text : ""));
      }
  }

  if (complete != NULL)
    *complete = in_order && n_stored == (gint64) actions->len;
  if (n_stored_out != NULL)
    *n_stored_out = (guint) CLAMP (n_stored, 0, G_MAXUINT);
  if ((!in_order || n_stored != (gint64) actions->len) && !prefix_ok)
    return set_damaged_log (game_id, actions->len, (guint) CLAMP (n_stored, 0, G_MAXUINT), error);

  *setup_out = g_steal_pointer (&setup);
  *actions_out = g_steal_pointer (&actions);
  return TRUE;
}

static gboolean
read_log (DpStore     *self,
          gint64       row,
          const char  *game_id,
          char       **setup_out,
          GPtrArray  **actions_out,
          GError     **error)
{
  return read_log_full (self, row, game_id, FALSE, setup_out, actions_out, NULL, NULL, error);
}

/* Replays the first @n_actions of the log through the core. */
static DpGame *
replay_log (const char   *game_id,
            const char   *setup,
            GPtrArray    *actions,
            guint         n_actions,
            GError      **error)
{
  g_autoptr(GError) local_error = NULL;
  DpGame *game;
  int failed = -1;

  g_assert (n_actions <= actions->len);

  if (setup == NULL)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                   _("The stored setup of game “%s” cannot be read back."), game_id);
      return NULL;
    }

  game = dp_game_replay (setup, (const char *const *) actions->pdata, n_actions,
                         &failed, &local_error);
  if (game != NULL)
    return game;

  if (failed < 0)
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                 _("The stored setup of game “%s” cannot be read back: %s"),
                 game_id, local_error->message);
  else
    g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                 /* Translators: %d counts the game's actions from 1, the first %s is
                  * the game's id, the last one the reason */
                 _("Stored action %d of game “%s” cannot be read back: %s"),
                 failed + 1, game_id, local_error->message);
  return NULL;
}

/* Returns the id of the player called @name, adding the player if new. */
static gboolean
upsert_player (DpStore     *self,
               const char  *name,
               gint64       used,
               gint64      *id_out,
               GError     **error)
{
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean has_row;

  stmt = store_prepare (self,
                        "INSERT INTO players (name, last_used) VALUES (?1, ?2) "
                        "ON CONFLICT (name) DO UPDATE SET last_used = max (last_used, ?2) "
                        "RETURNING id",
                        error);
  if (stmt == NULL)
    return FALSE;

  bind_text (stmt, 1, name);
  sqlite3_bind_int64 (stmt, 2, used);
  if (!step_row (self, stmt, &has_row, error))
    return FALSE;
  if (!has_row)
    return store_error (self, SQLITE_CORRUPT, error);
  *id_out = sqlite3_column_int64 (stmt, 0);
  /* Run RETURNING to completion so the statement is finished before reset. */
  return step_done (self, stmt, error);
}

/* Inserts the game row and its seats; returns the row id. */
static gboolean
insert_game (DpStore       *self,
             const char    *uuid,
             const DpGame  *game,
             gint64         created,
             gint64        *row_out,
             GError       **error)
{
  g_autofree char *setup = dp_game_dup_setup_text (game);
  guint n_players = dp_game_get_n_players (game);
  gint64 row;

  {
    g_autoptr(StoreStmt) stmt = NULL;

    stmt = store_prepare (self,
                          "INSERT INTO games (uuid, kind, created, setup, n_players) "
                          "VALUES (?, ?, ?, ?, ?)",
                          error);
    if (stmt == NULL)
      return FALSE;
    bind_text (stmt, 1, uuid);
    bind_text (stmt, 2, dp_game_kind_get_id (dp_game_get_kind (game)));
    sqlite3_bind_int64 (stmt, 3, created);
    bind_text (stmt, 4, setup);
    sqlite3_bind_int (stmt, 5, (int) n_players);
    if (!step_done (self, stmt, error))
      return FALSE;
    row = sqlite3_last_insert_rowid (self->db);
  }

  for (guint seat = 0; seat < n_players; seat++)
    {
      g_autoptr(StoreStmt) stmt = NULL;
      gint64 player = 0;

      if (!upsert_player (self, dp_game_get_player_name (game, seat), created, &player, error))
        return FALSE;

      stmt = store_prepare (self, "INSERT INTO seats (game, seat, player, total, rank) VALUES (?, ?, ?, ?, ?)", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, row);
      sqlite3_bind_int (stmt, 2, (int) seat);
      sqlite3_bind_int64 (stmt, 3, player);
      sqlite3_bind_int (stmt, 4, dp_game_get_total (game, seat));
      sqlite3_bind_int (stmt, 5, (int) dp_game_get_rank (game, seat));
      if (!step_done (self, stmt, error))
        return FALSE;
    }

  *row_out = row;
  return TRUE;
}

static gboolean
insert_seat_stat (DpStore     *self,
                  gint64       row,
                  guint        seat,
                  const char  *key,
                  double       value,
                  GError     **error)
{
  g_autoptr(StoreStmt) stmt = store_prepare (self,
                                             "INSERT INTO seat_stats (game, seat, key, value) VALUES (?, ?, ?, ?)",
                                             error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, row);
  sqlite3_bind_int (stmt, 2, (int) seat);
  bind_text (stmt, 3, key);
  sqlite3_bind_double (stmt, 4, value);
  return step_done (self, stmt, error);
}

/* Brings the game_facts rows of game @row in line with @game's facts
 * (dp_game_dup_facts()); the triggers of 0007-known-facts.sql keep known_facts. Only
 * the keys whose value changed are touched, so an action that tells nothing writes
 * nothing. Only for games that are not deleted, as update_summary(). */
static gboolean
write_facts (DpStore       *self,
             gint64         row,
             const DpGame  *game,
             GError       **error)
{
  g_autoptr(GHashTable) facts = dp_game_dup_facts (game);
  g_autoptr(GHashTable) stored = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (facts == NULL)
    return TRUE;

  stored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  {
    g_autoptr(StoreStmt) stmt = store_prepare (self, "SELECT key, value FROM game_facts WHERE game = ?", error);
    gboolean has_row;

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_int64 (stmt, 1, row);
    for (;;)
      {
        if (!step_row (self, stmt, &has_row, error))
          return FALSE;
        if (!has_row)
          break;
        g_hash_table_insert (stored,
                             g_strdup ((const char *) sqlite3_column_text (stmt, 0)),
                             g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
      }
  }

  g_hash_table_iter_init (&iter, stored);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const char *now = g_hash_table_lookup (facts, key);
      g_autoptr(StoreStmt) stmt = NULL;

      if (g_strcmp0 (now, value) == 0)
        {
          g_hash_table_remove (facts, key);   /* unchanged: nothing to write */
          continue;
        }
      stmt = store_prepare (self, "DELETE FROM game_facts WHERE game = ? AND key = ?", error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, row);
      bind_text (stmt, 2, key);
      if (!step_done (self, stmt, error))
        return FALSE;
    }

  g_hash_table_iter_init (&iter, facts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_autoptr(StoreStmt) stmt = NULL;

      stmt = store_prepare (self,
                            "INSERT INTO game_facts (kind, key, created, game, value) "
                            "SELECT kind, ?2, created, id, ?3 FROM games WHERE id = ?1",
                            error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int64 (stmt, 1, row);
      bind_text (stmt, 2, key);
      bind_text (stmt, 3, value);
      if (!step_done (self, stmt, error))
        return FALSE;
    }

  return TRUE;
}

/* Part of the migration to FACTS_VERSION, in its transaction: the games stored so far
 * hold facts only the engine can read out of their logs, so each game that is not
 * deleted and whose kind tells facts is replayed once. A game that cannot be replayed
 * (a damaged row) is left out: it cannot be loaded either, and must not stop the
 * migration of the others. */
static gboolean
fill_facts (DpStore  *self,
            GError  **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr(GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self, "SELECT id, uuid, kind FROM games WHERE deleted = 0", error);
    gboolean has_row;

    if (stmt == NULL)
      return FALSE;
    for (;;)
      {
        const DpGameKind *kind;
        gint64 row;

        if (!step_row (self, stmt, &has_row, error))
          return FALSE;
        if (!has_row)
          break;
        kind = dp_game_kind_lookup ((const char *) sqlite3_column_text (stmt, 2));
        if (kind == NULL || !dp_game_kind_has_facts (kind))
          continue;
        row = sqlite3_column_int64 (stmt, 0);
        g_array_append_val (rows, row);
        g_ptr_array_add (ids, g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
      }
  }

  for (guint i = 0; i < rows->len; i++)
    {
      gint64 row = g_array_index (rows, gint64, i);
      const char *id = g_ptr_array_index (ids, i);
      g_autofree char *setup = NULL;
      g_autoptr(GPtrArray) actions = NULL;
      g_autoptr(DpGame) game = NULL;
      g_autoptr(GError) local_error = NULL;

      if (!read_log (self, row, id, &setup, &actions, &local_error) ||
          (game = replay_log (id, setup, actions, actions->len, &local_error)) == NULL)
        {
          if (g_error_matches (local_error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW))
            continue;
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (!write_facts (self, row, game, error))
        return FALSE;
    }
  return TRUE;
}

/* Brings the summary of a game (seats, state, statistics) in line with @game, the
 * state after its last stored action. Finishing and un-finishing both go here, in
 * the same transaction as the action that caused them. Only called for games that are
 * not deleted: seat_stats rows exist exactly for finished games that are not deleted. */
static gboolean
update_summary (DpStore       *self,
                gint64         row,
                const DpGame  *game,
                gint64         finished_time,
                GError       **error)
{
  gboolean finished = dp_game_is_finished (game);
  guint n_players = dp_game_get_n_players (game);

  for (guint seat = 0; seat < n_players; seat++)
    {
      g_autoptr(StoreStmt) stmt = NULL;

      stmt = store_prepare (self,
                            "UPDATE seats SET total = ?, rank = ?, winner = ? WHERE game = ? AND seat = ?",
                            error);
      if (stmt == NULL)
        return FALSE;
      sqlite3_bind_int (stmt, 1, dp_game_get_total (game, seat));
      sqlite3_bind_int (stmt, 2, (int) dp_game_get_rank (game, seat));
      sqlite3_bind_int (stmt, 3, finished && dp_game_is_winner (game, seat));
      sqlite3_bind_int64 (stmt, 4, row);
      sqlite3_bind_int (stmt, 5, (int) seat);
      if (!step_done (self, stmt, error))
        return FALSE;
    }

  {
    g_autoptr(StoreStmt) stmt = NULL;

    stmt = store_prepare (self,
                          "UPDATE games SET n_actions = ?, state = ?, finished = ? WHERE id = ?",
                          error);
    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_int (stmt, 1, (int) dp_game_get_n_actions (game));
    sqlite3_bind_int (stmt, 2, finished ? DP_GAME_STATE_FINISHED : DP_GAME_STATE_IN_PROGRESS);
    sqlite3_bind_int64 (stmt, 3, finished ? finished_time : 0);
    sqlite3_bind_int64 (stmt, 4, row);
    if (!step_done (self, stmt, error))
      return FALSE;
  }

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self, "DELETE FROM seat_stats WHERE game = ?", error);

    if (stmt == NULL)
      return FALSE;
    sqlite3_bind_int64 (stmt, 1, row);
    if (!step_done (self, stmt, error))
      return FALSE;
  }

  if (!write_facts (self, row, game, error))
    return FALSE;

  if (!finished)
    return TRUE;

  for (guint seat = 0; seat < n_players; seat++)
    {
      g_autoptr(JsonObject) stats = dp_game_dup_seat_stats (game, seat);
      JsonObjectIter iter;
      const char *key;
      JsonNode *value;

      /* The store's own keys ("#" never starts a game's key): what the statistics
       * page needs besides the game's averages, summed by the stat_sums triggers. */
      if (!insert_seat_stat (self, row, seat, "#games", 1.0, error) ||
          !insert_seat_stat (self, row, seat, "#wins", dp_game_is_winner (game, seat) ? 1.0 : 0.0, error) ||
          !insert_seat_stat (self, row, seat, "#total", dp_game_get_total (game, seat), error) ||
          !insert_seat_stat (self, row, seat, "#place", dp_game_get_rank (game, seat), error))
        return FALSE;

      if (stats == NULL)
        continue;

      json_object_iter_init (&iter, stats);
      while (json_object_iter_next (&iter, &key, &value))
        {
          GType type;

          if (!JSON_NODE_HOLDS_VALUE (value) || key[0] == '#')
            continue;
          type = json_node_get_value_type (value);
          if (type != G_TYPE_INT64 && type != G_TYPE_DOUBLE && type != G_TYPE_BOOLEAN)
            continue;

          if (!insert_seat_stat (self, row, seat, key,
                                 type == G_TYPE_BOOLEAN
                                   ? (json_node_get_boolean (value) ? 1.0 : 0.0)
                                   : json_node_get_double (value),
                                 error))
            return FALSE;
        }
    }

  return TRUE;
}

/* Adds action number @seq (canonical text) to the log; @after is the state with it. */
static gboolean
insert_action (DpStore       *self,
               gint64         row,
               guint          seq,
               const char    *text,
               const DpGame  *after,
               GError       **error)
{
  g_autoptr(StoreStmt) stmt = NULL;

  stmt = store_prepare (self, "INSERT INTO actions (game, seq, json) VALUES (?, ?, ?)", error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, row);
  sqlite3_bind_int (stmt, 2, (int) seq);
  bind_text (stmt, 3, text);
  if (!step_done (self, stmt, error))
    return FALSE;

  return update_summary (self, row, after, g_get_real_time () / G_USEC_PER_SEC, error);
}

static gboolean
clear_redo (DpStore  *self,
            gint64    row,
            GError  **error)
{
  g_autoptr(StoreStmt) stmt = store_prepare (self, "DELETE FROM redo WHERE game = ?", error);

  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, row);
  return step_done (self, stmt, error);
}

/* ---- Writing a game ---- */

char *
dp_store_create_game_at (DpStore       *self,
                         const DpGame  *game,
                         gint64         created,
                         GError       **error)
{
  g_autofree char *uuid = NULL;
  gint64 row;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (dp_game_get_n_actions (game) == 0, NULL);

  if (!check_game_names (game, error))
    return NULL;

  uuid = g_uuid_string_random ();

  if (!store_begin (self, error))
    return NULL;

  /* A setup may carry facts from earlier games (dp_game_dup_facts()): the new game
   * holds them from the start. */
  if (!insert_game (self, uuid, game, created, &row, error) ||
      !write_facts (self, row, game, error) ||
      !store_commit (self, error))
    {
      store_rollback (self);
      return NULL;
    }

  return g_steal_pointer (&uuid);
}

char *
dp_store_create_game (DpStore       *self,
                      const DpGame  *game,
                      GError       **error)
{
  return dp_store_create_game_at (self, game, g_get_real_time () / G_USEC_PER_SEC, error);
}

gboolean
dp_store_append_action (DpStore     *self,
                        const char  *game_id,
                        DpGame      *game,
                        JsonObject  *action,
                        GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(DpGame) after = NULL;
  g_autoptr(GError) local_error = NULL;
  GameRow info;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (action != NULL, FALSE);

  /* The core decides; the store keeps the canonical form, and checks that this very
   * text reproduces the state, so a replay gives back exactly what is shown. */
  text = dp_game_normalize_action (game, action, error);
  if (text == NULL)
    return FALSE;
  after = dp_game_copy (game);
  if (!dp_game_apply_text (after, text, error))
    return FALSE;

  if (!store_begin (self, error))
    return FALSE;

  if (!lookup_game (self, game_id, &info, error))
    goto fail;

  if (info.state != DP_GAME_STATE_IN_PROGRESS)
    {
      set_game_over (info.state, error);
      goto fail;
    }

  if (!check_position (&info, game, error))
    goto fail;

  if (!insert_action (self, info.row, info.n_actions, text, after, error) ||
      !clear_redo (self, info.row, error) ||
      !store_commit (self, error))
    goto fail;

  /* Committed: now, and only now, the caller's state moves on. The copy accepted this
   * text, so the original does too. */
  if (!dp_game_apply_text (game, text, &local_error))
    g_warning ("Stored action not accepted on the second apply: %s", local_error->message);

  return TRUE;

fail:
  store_rollback (self);
  return FALSE;
}

DpGame *
dp_store_undo (DpStore       *self,
               const char    *game_id,
               const DpGame  *current,
               GError       **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(DpGame) game = NULL;
  GameRow info;
  gint64 pos = 0;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!store_begin (self, error))
    return NULL;

  if (!lookup_game (self, game_id, &info, error))
    goto fail;

  if (info.state == DP_GAME_STATE_ABANDONED)
    {
      set_game_over (info.state, error);
      goto fail;
    }

  if (!check_position (&info, current, error))
    goto fail;

  if (info.n_actions == 0)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOTHING_TO_UNDO,
                   _("There is nothing to undo."));
      goto fail;
    }

  if (!read_log (self, info.row, game_id, &setup, &actions, error))
    goto fail;
  if (actions->len != info.n_actions)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                   _("The stored actions of game “%s” have gaps."), game_id);
      goto fail;
    }

  game = replay_log (game_id, setup, actions, info.n_actions - 1, error);
  if (game == NULL)
    goto fail;

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "SELECT coalesce (max (pos) + 1, 0) FROM redo WHERE game = ?",
                                               error);
    gboolean has_row;

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, info.row);
    if (!step_row (self, stmt, &has_row, error))
      goto fail;
    pos = sqlite3_column_int64 (stmt, 0);
  }

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "INSERT INTO redo (game, pos, json) VALUES (?, ?, ?)",
                                               error);

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, info.row);
    sqlite3_bind_int64 (stmt, 2, pos);
    bind_text (stmt, 3, g_ptr_array_index (actions, info.n_actions - 1));
    if (!step_done (self, stmt, error))
      goto fail;
  }

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "DELETE FROM actions WHERE game = ? AND seq = ?",
                                               error);

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, info.row);
    sqlite3_bind_int (stmt, 2, (int) info.n_actions - 1);
    if (!step_done (self, stmt, error))
      goto fail;
  }

  if (!update_summary (self, info.row, game, 0, error) ||
      !store_commit (self, error))
    goto fail;

  return g_steal_pointer (&game);

fail:
  store_rollback (self);
  return NULL;
}

DpGame *
dp_store_redo (DpStore       *self,
               const char    *game_id,
               const DpGame  *current,
               GError       **error)
{
  g_autofree char *setup = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(GError) local_error = NULL;
  GameRow info;
  gint64 pos;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!store_begin (self, error))
    return NULL;

  if (!lookup_game (self, game_id, &info, error))
    goto fail;

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "SELECT pos, json FROM redo WHERE game = ? ORDER BY pos DESC LIMIT 1",
                                               error);
    gboolean has_row;

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, info.row);
    if (!step_row (self, stmt, &has_row, error))
      goto fail;
    if (!has_row)
      {
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOTHING_TO_REDO,
                     _("There is nothing to redo."));
        goto fail;
      }
    pos = sqlite3_column_int64 (stmt, 0);
    text = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
  }

  if (info.state != DP_GAME_STATE_IN_PROGRESS)
    {
      set_game_over (info.state, error);
      goto fail;
    }

  if (!check_position (&info, current, error))
    goto fail;

  if (!read_log (self, info.row, game_id, &setup, &actions, error))
    goto fail;

  game = replay_log (game_id, setup, actions, actions->len, error);
  if (game == NULL)
    goto fail;

  if (text == NULL || !dp_game_apply_text (game, text, &local_error))
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                   _("The action to redo in game “%s” cannot be read back: %s"),
                   game_id, local_error != NULL ? local_error->message : "NULL");
      goto fail;
    }

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "DELETE FROM redo WHERE game = ? AND pos = ?",
                                               error);

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, info.row);
    sqlite3_bind_int64 (stmt, 2, pos);
    if (!step_done (self, stmt, error))
      goto fail;
  }

  if (!insert_action (self, info.row, info.n_actions, text, game, error) ||
      !store_commit (self, error))
    goto fail;

  return g_steal_pointer (&game);

fail:
  store_rollback (self);
  return NULL;
}

guint
dp_store_get_n_redo (DpStore    *self,
                     const char *game_id)
{
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), 0);
  g_return_val_if_fail (game_id != NULL, 0);

  stmt = store_prepare (self,
                        "SELECT count (*) FROM redo r JOIN games g ON g.id = r.game "
                        "WHERE g.uuid = ? AND g.deleted = 0 AND g.state = 0",
                        NULL);
  if (stmt == NULL)
    return 0;
  bind_text (stmt, 1, game_id);
  if (!step_row (self, stmt, &has_row, NULL) || !has_row)
    return 0;

  return (guint) sqlite3_column_int64 (stmt, 0);
}

gboolean
dp_store_get_data_version (DpStore  *self,
                           gint64   *version,
                           GError  **error)
{
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (version != NULL, FALSE);

  /* One read of the WAL index: no table is touched, whatever the file holds. */
  stmt = store_prepare (self, "PRAGMA data_version", error);
  if (stmt == NULL || !step_row (self, stmt, &has_row, error))
    return FALSE;
  *version = has_row ? sqlite3_column_int64 (stmt, 0) : 0;
  return TRUE;
}

gboolean
dp_store_abandon_game (DpStore     *self,
                       const char  *game_id,
                       GError     **error)
{
  GameRow info;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  if (!store_begin (self, error))
    return FALSE;

  if (!lookup_game (self, game_id, &info, error))
    goto fail;

  if (info.state == DP_GAME_STATE_FINISHED)
    {
      set_game_over (info.state, error);
      goto fail;
    }

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "UPDATE games SET state = 2 WHERE id = ?",
                                               error);

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int64 (stmt, 1, info.row);
    if (!step_done (self, stmt, error))
      goto fail;
  }

  if (!clear_redo (self, info.row, error) ||
      !store_commit (self, error))
    goto fail;

  return TRUE;

fail:
  store_rollback (self);
  return FALSE;
}

gboolean
dp_store_set_deleted (DpStore     *self,
                      const char  *game_id,
                      gboolean     deleted,
                      GError     **error)
{
  gint64 row, finished;
  gboolean was_deleted, has_row;
  int state;
  const DpGameKind *kind;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  deleted = !!deleted;

  if (!store_begin (self, error))
    return FALSE;

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "SELECT id, deleted, state, finished, kind FROM games WHERE uuid = ?",
                                               error);

    if (stmt == NULL)
      goto fail;
    bind_text (stmt, 1, game_id);
    if (!step_row (self, stmt, &has_row, error))
      goto fail;
    if (!has_row)
      {
        set_not_found (game_id, error);
        goto fail;
      }
    row = sqlite3_column_int64 (stmt, 0);
    was_deleted = sqlite3_column_int (stmt, 1) != 0;
    state = sqlite3_column_int (stmt, 2);
    finished = sqlite3_column_int64 (stmt, 3);
    kind = dp_game_kind_lookup ((const char *) sqlite3_column_text (stmt, 4));
  }

  if (was_deleted == deleted)
    return store_commit (self, error);

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self, "UPDATE games SET deleted = ? WHERE id = ?", error);

    if (stmt == NULL)
      goto fail;
    sqlite3_bind_int (stmt, 1, deleted);
    sqlite3_bind_int64 (stmt, 2, row);
    if (!step_done (self, stmt, error))
      goto fail;
  }

  /* A finished game leaves the statistics with its seat_stats rows (the triggers
   * subtract them), every game leaves the known facts with its game_facts rows (the
   * next newest holder takes over); both come back by replaying the game. */
  if (deleted)
    {
      const char *const deletes[] = {
        "DELETE FROM seat_stats WHERE game = ?",
        "DELETE FROM game_facts WHERE game = ?",
      };

      for (guint i = 0; i < G_N_ELEMENTS (deletes); i++)
        {
          g_autoptr(StoreStmt) stmt = store_prepare (self, deletes[i], error);

          if (stmt == NULL)
            goto fail;
          sqlite3_bind_int64 (stmt, 1, row);
          if (!step_done (self, stmt, error))
            goto fail;
        }
    }
  else if (state == DP_GAME_STATE_FINISHED || (kind != NULL && dp_game_kind_has_facts (kind)))
    {
      g_autofree char *setup = NULL;
      g_autoptr(GPtrArray) actions = NULL;
      g_autoptr(DpGame) game = NULL;

      if (!read_log (self, row, game_id, &setup, &actions, error))
        goto fail;
      game = replay_log (game_id, setup, actions, actions->len, error);
      if (game == NULL)
        goto fail;
      /* update_summary() writes the facts too; an unfinished game (perhaps abandoned)
       * keeps its state and only gets its facts back. */
      if (state == DP_GAME_STATE_FINISHED ? !update_summary (self, row, game, finished, error)
                                          : !write_facts (self, row, game, error))
        goto fail;
    }

  return store_commit (self, error);

fail:
  store_rollback (self);
  return FALSE;
}

gboolean
dp_store_purge_game (DpStore     *self,
                     const char  *game_id,
                     GError     **error)
{
  g_autoptr(StoreStmt) stmt = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (game_id != NULL, FALSE);

  if (!store_begin (self, error))
    return FALSE;

  /* Only a game already in the Deleted list goes for good: never a live one. */
  stmt = store_prepare (self, "DELETE FROM games WHERE uuid = ? AND deleted = 1", error);
  if (stmt == NULL)
    goto fail;
  bind_text (stmt, 1, game_id);
  if (!step_done (self, stmt, error))
    goto fail;
  if (sqlite3_changes (self->db) == 0)
    {
      set_not_found (game_id, error);
      goto fail;
    }
  if (!store_exec (self, "DELETE FROM players WHERE id NOT IN (SELECT player FROM seats)", error))
    goto fail;

  return store_commit (self, error);

fail:
  store_rollback (self);
  return FALSE;
}

GStrv
dp_store_list_deleted_among (DpStore             *self,
                             const char *const   *ids,
                             GError             **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(StoreStmt) stmt = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  stmt = store_prepare (self, "SELECT 1 FROM games WHERE uuid = ? AND deleted = 1", error);
  if (stmt == NULL)
    return NULL;

  for (guint i = 0; ids != NULL && ids[i] != NULL; i++)
    {
      gboolean has_row;

      sqlite3_reset (stmt);
      bind_text (stmt, 1, ids[i]);
      if (!step_row (self, stmt, &has_row, error))
        return NULL;
      if (has_row)
        g_strv_builder_add (builder, ids[i]);
    }
  return g_strv_builder_end (builder);
}

gboolean
dp_store_purge_deleted (DpStore  *self,
                        GError  **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);

  if (!store_begin (self, error))
    return FALSE;

  /* Seats, actions, redo and statistics go with their game (ON DELETE CASCADE);
   * players who no longer sit at any table go too, so typos leave no trace. */
  if (!store_exec (self, "DELETE FROM games WHERE deleted = 1", error) ||
      !store_exec (self, "DELETE FROM players WHERE id NOT IN (SELECT player FROM seats)", error) ||
      !store_commit (self, error))
    {
      store_rollback (self);
      return FALSE;
    }

  return TRUE;
}

/* ---- Reading ---- */

DpGame *
dp_store_load_game (DpStore     *self,
                    const char  *game_id,
                    GError     **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  actions = dp_store_get_actions (self, game_id, &setup, error);
  if (actions == NULL)
    return NULL;

  return replay_log (game_id, setup, actions, actions->len, error);
}

GPtrArray *
dp_store_get_actions (DpStore     *self,
                      const char  *game_id,
                      char       **setup_text,
                      GError     **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  GameRow info;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  /* One read transaction: the setup and the log come from the same snapshot. */
  if (!store_exec (self, "BEGIN", error))
    return NULL;

  if (!lookup_game (self, game_id, &info, error) ||
      !read_log (self, info.row, game_id, &setup, &actions, error))
    {
      store_rollback (self);
      return NULL;
    }

  store_rollback (self);

  if (setup_text != NULL)
    *setup_text = g_steal_pointer (&setup);

  return g_steal_pointer (&actions);
}

GPtrArray *
dp_store_get_readable_actions (DpStore     *self,
                               const char  *game_id,
                               char       **setup_text,
                               guint       *n_stored,
                               GError     **error)
{
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  gboolean complete = FALSE;
  GameRow info;
  guint stored = 0;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!store_exec (self, "BEGIN", error))
    return NULL;

  if (!lookup_game (self, game_id, &info, error) ||
      !read_log_full (self, info.row, game_id, TRUE, &setup, &actions, &complete, &stored, error))
    {
      store_rollback (self);
      return NULL;
    }
  store_rollback (self);

  if (n_stored != NULL)
    *n_stored = complete ? actions->len : MAX (stored, actions->len + 1);
  if (setup_text != NULL)
    *setup_text = g_steal_pointer (&setup);
  return g_steal_pointer (&actions);
}

void
dp_game_summary_free (DpGameSummary *summary)
{
  if (summary == NULL)
    return;

  g_free (summary->id);
  g_free (summary->kind);
  for (guint i = 0; i < G_N_ELEMENTS (summary->names); i++)
    g_free (summary->names[i]);
  g_free (summary);
}

static gboolean
set_damaged_players (const char  *game_id,
                     GError     **error)
{
  g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
               _("The game “%s” is damaged in the database: its players cannot be read."),
               game_id != NULL ? game_id : "?");
  return FALSE;
}

#define SUMMARY_COLUMNS "g.id, g.uuid, g.kind, g.created, g.finished, g.state, g.n_actions, g.n_players"

/* Builds a summary from a row of SUMMARY_COLUMNS plus its seats. */
static DpGameSummary *
summary_from_row (DpStore       *self,
                  sqlite3_stmt  *row_stmt,
                  GError       **error)
{
  g_autoptr(DpGameSummary) summary = g_new0 (DpGameSummary, 1);
  g_autoptr(StoreStmt) stmt = NULL;
  gint64 row = sqlite3_column_int64 (row_stmt, 0);

  summary->id = g_strdup ((const char *) sqlite3_column_text (row_stmt, 1));
  summary->kind = g_strdup ((const char *) sqlite3_column_text (row_stmt, 2));
  summary->created = sqlite3_column_int64 (row_stmt, 3);
  summary->finished = sqlite3_column_int64 (row_stmt, 4);
  summary->state = CLAMP (sqlite3_column_int (row_stmt, 5), DP_GAME_STATE_IN_PROGRESS, DP_GAME_STATE_ABANDONED);
  summary->n_actions = (guint) sqlite3_column_int64 (row_stmt, 6);

  stmt = store_prepare (self,
                        "SELECT s.seat, p.name, s.total, s.rank, s.winner "
                        "FROM seats s JOIN players p ON p.id = s.player "
                        "WHERE s.game = ? ORDER BY s.seat",
                        error);
  if (stmt == NULL)
    return NULL;
  sqlite3_bind_int64 (stmt, 1, row);

  for (;;)
    {
      gboolean has_row;
      guint seat;

      if (!step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        break;

      seat = summary->n_players++;
      if (seat >= G_N_ELEMENTS (summary->names))
        continue;
      /* A seat row whose player row is gone or unreadable: damage, never a blank name. */
      if (sqlite3_column_type (stmt, 1) != SQLITE_TEXT || sqlite3_column_bytes (stmt, 1) == 0 ||
          sqlite3_column_int64 (stmt, 0) != (gint64) seat)
        {
          set_damaged_players (summary->id, error);
          return NULL;
        }
      summary->names[seat] = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
      summary->totals[seat] = sqlite3_column_int (stmt, 2);
      summary->ranks[seat] = (guint) sqlite3_column_int (stmt, 3);
      summary->winners[seat] = sqlite3_column_int (stmt, 4) != 0;
    }

  if (summary->n_players != (guint) sqlite3_column_int64 (row_stmt, 7) || summary->n_players == 0 ||
      summary->n_players > G_N_ELEMENTS (summary->names) || summary->id == NULL || summary->kind == NULL)
    {
      set_damaged_players (summary->id, error);
      return NULL;
    }

  return g_steal_pointer (&summary);
}

typedef struct
{
  gboolean    is_text;
  char       *text;
  gint64      number;
} Bind;

static void
bind_clear (gpointer data)
{
  Bind *bind = data;

  g_free (bind->text);
}

static void
add_text_bind (GArray     *binds,
               const char *text)
{
  Bind bind = { TRUE, g_strdup (text), 0 };

  g_array_append_val (binds, bind);
}

static void
add_number_bind (GArray *binds,
                 gint64  number)
{
  Bind bind = { FALSE, NULL, number };

  g_array_append_val (binds, bind);
}

static void
apply_binds (sqlite3_stmt *stmt,
             GArray       *binds)
{
  for (guint i = 0; i < binds->len; i++)
    {
      Bind *bind = &g_array_index (binds, Bind, i);

      if (bind->is_text)
        bind_text (stmt, (int) i + 1, bind->text);
      else
        sqlite3_bind_int64 (stmt, (int) i + 1, bind->number);
    }
}

/* The WHERE clause of a filter. Values are always bound, never spliced in. */
static void
append_filter (GString            *sql,
               GArray             *binds,
               const DpGameFilter *filter)
{
  g_string_append (sql, filter != NULL && filter->deleted ? " WHERE g.deleted = 1" : " WHERE g.deleted = 0");

  if (filter == NULL)
    return;

  if (filter->kind != NULL)
    {
      g_string_append (sql, " AND g.kind = ?");
      add_text_bind (binds, filter->kind);
    }
  if (filter->state >= 0)
    {
      g_string_append (sql, " AND g.state = ?");
      add_number_bind (binds, filter->state);
    }
  if (filter->from != 0)
    {
      g_string_append (sql, " AND g.created >= ?");
      add_number_bind (binds, filter->from);
    }
  if (filter->to != 0)
    {
      g_string_append (sql, " AND g.created <= ?");
      add_number_bind (binds, filter->to);
    }
  if (filter->player != NULL)
    {
      g_string_append (sql, " AND g.id IN (SELECT s.game FROM seats s JOIN players p ON p.id = s.player"
                            " WHERE p.name = ?)");
      add_text_bind (binds, filter->player);
    }
  if (filter->search != NULL && filter->search[0] != '\0')
    {
      g_autofree char *folded = fold_for_search (filter->search);

      g_string_append (sql, " AND g.id IN (SELECT s.game FROM seats s WHERE s.player IN"
                            " (SELECT id FROM players WHERE instr (dp_casefold (name), ?) > 0))");
      add_text_bind (binds, folded);
    }
}

GPtrArray *
dp_store_list_games (DpStore             *self,
                     const DpGameFilter  *filter,
                     guint                offset,
                     guint                limit,
                     GError             **error)
{
  g_autoptr(GString) sql = g_string_new ("SELECT " SUMMARY_COLUMNS " FROM games g");
  g_autoptr(GArray) binds = g_array_new (FALSE, FALSE, sizeof (Bind));
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_game_summary_free);
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean oldest = filter != NULL && filter->sort == DP_GAME_SORT_OLDEST;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  g_array_set_clear_func (binds, bind_clear);
  append_filter (sql, binds, filter);
  g_string_append (sql, oldest ? " ORDER BY g.created ASC, g.id ASC"
                               : " ORDER BY g.created DESC, g.id DESC");
  g_string_append (sql, " LIMIT ? OFFSET ?");
  add_number_bind (binds, limit == 0 ? -1 : (gint64) limit);
  add_number_bind (binds, offset);

  if (!store_exec (self, "BEGIN", error))
    return NULL;

  stmt = store_prepare (self, sql->str, error);
  if (stmt == NULL)
    goto fail;
  apply_binds (stmt, binds);

  for (;;)
    {
      gboolean has_row;
      DpGameSummary *summary;

      if (!step_row (self, stmt, &has_row, error))
        goto fail;
      if (!has_row)
        break;
      summary = summary_from_row (self, stmt, error);
      if (summary == NULL)
        goto fail;
      g_ptr_array_add (games, summary);
    }

  store_rollback (self);
  return g_steal_pointer (&games);

fail:
  store_rollback (self);
  return NULL;
}

guint
dp_store_count_games (DpStore             *self,
                      const DpGameFilter  *filter,
                      GError             **error)
{
  g_autoptr(GString) sql = g_string_new ("SELECT count (*) FROM games g");
  g_autoptr(GArray) binds = g_array_new (FALSE, FALSE, sizeof (Bind));
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), 0);

  g_array_set_clear_func (binds, bind_clear);
  append_filter (sql, binds, filter);

  stmt = store_prepare (self, sql->str, error);
  if (stmt == NULL)
    return 0;
  apply_binds (stmt, binds);
  if (!step_row (self, stmt, &has_row, error) || !has_row)
    return 0;

  return (guint) sqlite3_column_int64 (stmt, 0);
}

DpGameSummary *
dp_store_get_summary (DpStore     *self,
                      const char  *game_id,
                      GError     **error)
{
  g_autoptr(StoreStmt) stmt = NULL;
  DpGameSummary *summary;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (game_id != NULL, NULL);

  if (!store_exec (self, "BEGIN", error))
    return NULL;

  stmt = store_prepare (self,
                        "SELECT " SUMMARY_COLUMNS " FROM games g WHERE g.uuid = ? AND g.deleted = 0",
                        error);
  if (stmt == NULL)
    {
      store_rollback (self);
      return NULL;
    }

  bind_text (stmt, 1, game_id);
  if (!step_row (self, stmt, &has_row, error))
    {
      store_rollback (self);
      return NULL;
    }

  if (!has_row)
    {
      store_rollback (self);
      set_not_found (game_id, error);
      return NULL;
    }

  summary = summary_from_row (self, stmt, error);
  store_rollback (self);
  return summary;
}

GStrv
dp_store_list_player_names (DpStore  *self,
                            GError  **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(StoreStmt) stmt = NULL;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  stmt = store_prepare (self, "SELECT name FROM players ORDER BY last_used DESC, name", error);
  if (stmt == NULL)
    return NULL;

  for (;;)
    {
      gboolean has_row;

      if (!step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        break;
      g_strv_builder_add (builder, (const char *) sqlite3_column_text (stmt, 0));
    }

  return g_strv_builder_end (builder);
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

  if (!store_begin (self, error))
    return FALSE;

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self, "SELECT 1 FROM players WHERE name = ?", error);
    gboolean has_row;

    if (stmt == NULL)
      goto fail;
    bind_text (stmt, 1, new_name);
    if (!step_row (self, stmt, &has_row, error))
      goto fail;
    if (has_row)
      {
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                     _("There is already a player called “%s”."), new_name);
        goto fail;
      }
  }

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self, "UPDATE players SET name = ? WHERE name = ?", error);

    if (stmt == NULL)
      goto fail;
    bind_text (stmt, 1, new_name);
    bind_text (stmt, 2, old_name);
    if (!step_done (self, stmt, error))
      goto fail;
    if (sqlite3_changes (self->db) == 0)
      {
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_NOT_FOUND,
                     _("There is no player called “%s”."), old_name);
        goto fail;
      }
  }

  return store_commit (self, error);

fail:
  store_rollback (self);
  return FALSE;
}

void
dp_player_stats_free (DpPlayerStats *stats)
{
  if (stats == NULL)
    return;

  g_free (stats->name);
  g_clear_pointer (&stats->averages, g_hash_table_unref);
  g_free (stats);
}

/* A count read back as a double (SQLite's sum): NaN and negatives are 0, the rest is
 * clamped to what a guint holds. */
static guint
count_from_double (double value)
{
  if (!(value > 0.0))
    return 0;
  if (value >= (double) G_MAXUINT)
    return G_MAXUINT;
  return (guint) value;
}

static int
compare_player_stats (gconstpointer a,
                      gconstpointer b)
{
  const DpPlayerStats *x = *(DpPlayerStats *const *) a;
  const DpPlayerStats *y = *(DpPlayerStats *const *) b;

  if (x->wins != y->wins)
    return x->wins > y->wins ? -1 : 1;
  if (x->win_rate != y->win_rate)
    return x->win_rate > y->win_rate ? -1 : 1;
  return g_utf8_collate (x->name, y->name);
}

/* The best (@highest) or worst total of a player: the first entry of stat_totals (kept
 * by triggers) from either end, per game kind, so no scan of all the player's games;
 * with no @kind given, the extreme of the kinds' extremes. */
static gboolean
player_extreme_total (DpStore     *self,
                      gint64       player,
                      const char  *kind,
                      gboolean     highest,
                      int         *out,
                      GError     **error)
{
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean has_row;

  stmt = store_prepare (self,
                        highest
                          ? "SELECT max (t) FROM (SELECT (SELECT st.total FROM stat_totals st "
                            "  WHERE st.kind = k.kind AND st.player = ?1 ORDER BY st.total DESC LIMIT 1) AS t "
                            "FROM (SELECT DISTINCT kind FROM stat_sums WHERE ?2 IS NULL OR kind = ?2) k)"
                          : "SELECT min (t) FROM (SELECT (SELECT st.total FROM stat_totals st "
                            "  WHERE st.kind = k.kind AND st.player = ?1 ORDER BY st.total ASC LIMIT 1) AS t "
                            "FROM (SELECT DISTINCT kind FROM stat_sums WHERE ?2 IS NULL OR kind = ?2) k)",
                        error);
  if (stmt == NULL)
    return FALSE;
  sqlite3_bind_int64 (stmt, 1, player);
  if (kind != NULL)
    bind_text (stmt, 2, kind);
  if (!step_row (self, stmt, &has_row, error))
    return FALSE;

  *out = has_row ? sqlite3_column_int (stmt, 0) : 0;
  return TRUE;
}

GPtrArray *
dp_store_player_stats (DpStore     *self,
                       const char  *kind,
                       const char  *player,
                       GError     **error)
{
  g_autoptr(GPtrArray) result = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_player_stats_free);
  g_autoptr(GHashTable) by_id = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(StoreStmt) stmt = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  if (!store_exec (self, "BEGIN", error))
    return NULL;

  /* Sums per kind, player and key (stat_sums, kept by triggers); with no kind given,
   * the kinds are added up here. */
  stmt = store_prepare (self,
                        "SELECT ss.player, p.name, ss.key, sum (ss.total), sum (ss.n) "
                        "FROM stat_sums ss JOIN players p ON p.id = ss.player "
                        "WHERE ss.n > 0 AND (?1 IS NULL OR ss.kind = ?1) AND (?2 IS NULL OR p.name = ?2) "
                        "GROUP BY ss.player, ss.key",
                        error);
  if (stmt == NULL)
    goto fail;
  if (kind != NULL)
    bind_text (stmt, 1, kind);
  if (player != NULL)
    bind_text (stmt, 2, player);

  for (;;)
    {
      gboolean has_row;
      gint64 id;
      const char *stat_key;
      double sum;
      gint64 n;
      DpPlayerStats *stats;

      if (!step_row (self, stmt, &has_row, error))
        goto fail;
      if (!has_row)
        break;

      id = sqlite3_column_int64 (stmt, 0);
      stat_key = (const char *) sqlite3_column_text (stmt, 2);
      sum = sqlite3_column_double (stmt, 3);
      n = sqlite3_column_int64 (stmt, 4);

      stats = g_hash_table_lookup (by_id, &id);
      if (stats == NULL && sqlite3_column_type (stmt, 1) != SQLITE_TEXT)
        {
          g_autofree char *display = g_filename_display_name (self->path);

          g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                       _("The game database “%s” is damaged: a player’s name cannot be read."),
                       display);
          goto fail;
        }
      if (stats == NULL)
        {
          stats = g_new0 (DpPlayerStats, 1);
          stats->name = g_strdup ((const char *) sqlite3_column_text (stmt, 1));
          stats->averages = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
          g_hash_table_insert (by_id, g_memdup2 (&id, sizeof id), stats);
          g_ptr_array_add (result, stats);
        }

      if (stat_key == NULL || n <= 0)
        continue;

      /* Counts and sums come from the file: an edited or damaged row may hold any
       * double, and casting one out of range is undefined behaviour. */
      if (g_str_equal (stat_key, "#games"))
        stats->games = count_from_double (sum);
      else if (g_str_equal (stat_key, "#wins"))
        stats->wins = count_from_double (sum);
      else if (g_str_equal (stat_key, "#total"))
        stats->average_total = isfinite (sum) ? sum : 0.0;   /* the sum until divided below */
      else if (g_str_equal (stat_key, "#place"))
        stats->average_place = isfinite (sum) ? sum / (double) n : 0.0;
      else if (stat_key[0] != '#')
        {
          double *average = g_new (double, 1);

          *average = sum / (double) n;
          g_hash_table_insert (stats->averages, g_strdup (stat_key), average);
        }
    }

  g_hash_table_iter_init (&iter, by_id);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      DpPlayerStats *stats = value;

      stats->wins = MIN (stats->wins, stats->games);
      if (stats->games > 0)
        {
          stats->win_rate = (double) stats->wins / stats->games;
          stats->average_total /= (double) stats->games;
        }
      else
        {
          stats->average_total = 0.0;
        }
      if (!player_extreme_total (self, *(gint64 *) key, kind, TRUE, &stats->best_total, error) ||
          !player_extreme_total (self, *(gint64 *) key, kind, FALSE, &stats->worst_total, error))
        goto fail;
    }

  store_rollback (self);

  /* A player whose games were all deleted or undone has only zero counts left. */
  for (guint i = result->len; i > 0; i--)
    {
      if (((DpPlayerStats *) g_ptr_array_index (result, i - 1))->games == 0)
        g_ptr_array_remove_index (result, i - 1);
    }
  g_ptr_array_sort (result, compare_player_stats);

  return g_steal_pointer (&result);

fail:
  store_rollback (self);
  return NULL;
}

GHashTable *
dp_store_dup_known_facts (DpStore     *self,
                          const char  *kind,
                          GError     **error)
{
  g_autoptr(GHashTable) facts = NULL;
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), NULL);
  g_return_val_if_fail (kind != NULL, NULL);

  stmt = store_prepare (self, "SELECT key, value FROM known_facts WHERE kind = ?", error);
  if (stmt == NULL)
    return NULL;
  bind_text (stmt, 1, kind);
  facts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (;;)
    {
      if (!step_row (self, stmt, &has_row, error))
        return NULL;
      if (!has_row)
        break;
      g_hash_table_insert (facts,
                           g_strdup ((const char *) sqlite3_column_text (stmt, 0)),
                           g_strdup ((const char *) sqlite3_column_text (stmt, 1)));
    }
  return g_steal_pointer (&facts);
}

gboolean
dp_store_head_to_head (DpStore       *self,
                       const char    *kind,
                       const char    *a,
                       const char    *b,
                       DpHeadToHead  *out,
                       GError       **error)
{
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean has_row;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  memset (out, 0, sizeof *out);

  if (strcmp (a, b) == 0)
    {
      g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_INVALID_NAME,
                   _("Choose two different players to compare."));
      return FALSE;
    }

  stmt = store_prepare (self,
                        "SELECT coalesce (sum (games), 0), coalesce (sum (wins_a), 0), "
                        "  coalesce (sum (wins_b), 0), coalesce (sum (ties), 0) "
                        "FROM pair_sums "
                        "WHERE a = (SELECT id FROM players WHERE name = ?1) "
                        "  AND b = (SELECT id FROM players WHERE name = ?2) "
                        "  AND (?3 IS NULL OR kind = ?3)",
                        error);
  if (stmt == NULL)
    return FALSE;
  bind_text (stmt, 1, a);
  bind_text (stmt, 2, b);
  if (kind != NULL)
    bind_text (stmt, 3, kind);
  if (!step_row (self, stmt, &has_row, error))
    return FALSE;

  if (has_row)
    {
      out->games = (guint) sqlite3_column_int64 (stmt, 0);
      out->wins_a = (guint) sqlite3_column_int64 (stmt, 1);
      out->wins_b = (guint) sqlite3_column_int64 (stmt, 2);
      out->ties = (guint) sqlite3_column_int64 (stmt, 3);
    }

  return TRUE;
}

/* ---- Export and import ---- */

static JsonNode *
parse_stored_object (const char  *text,
                     const char  *game_id,
                     int          action,
                     GError     **error)
{
  g_autoptr(JsonNode) node = NULL;

  /* A database file is input too: json-glib's recursive parser overflows the stack on
   * a row nested 100 000 levels deep (the check refuses it as not an object). */
  if (text != NULL && dp_json_check_text (text, -1, TRUE, NULL, NULL))
    node = json_from_string (text, NULL);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      if (action < 0)
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                     _("The stored setup of game “%s” cannot be read back."), game_id);
      else
        g_set_error (error, DP_STORE_ERROR, DP_STORE_ERROR_CORRUPT_ROW,
                     _("Stored action %d of game “%s” cannot be read back: %s"),
                     action + 1, game_id, _("it is not a JSON object"));
      return NULL;
    }

  return g_steal_pointer (&node);
}

/* Game @row as one export object, or NULL with @error. */
static JsonNode *
export_game (DpStore      *self,
             gint64        row,
             GError      **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autofree char *uuid = NULL;
  g_autofree char *setup = NULL;
  g_autoptr(GPtrArray) actions = NULL;
  g_autoptr(JsonNode) setup_node = NULL;
  gint64 created, finished;
  int state;

  {
    g_autoptr(StoreStmt) stmt = store_prepare (self,
                                               "SELECT uuid, created, finished, state FROM games WHERE id = ?",
                                               error);
    gboolean has_row;

    if (stmt == NULL)
      return NULL;
    sqlite3_bind_int64 (stmt, 1, row);
    if (!step_row (self, stmt, &has_row, error))
      return NULL;
    /* The list of games named a row that is not there: a damaged index. */
    if (!has_row)
      {
        store_error (self, SQLITE_CORRUPT, error);
        return NULL;
      }
    uuid = g_strdup ((const char *) sqlite3_column_text (stmt, 0));
    created = sqlite3_column_int64 (stmt, 1);
    finished = sqlite3_column_int64 (stmt, 2);
    state = CLAMP (sqlite3_column_int (stmt, 3), 0, 2);
  }

  if (uuid == NULL)
    {
      store_error (self, SQLITE_CORRUPT, error);
      return NULL;
    }
  if (!read_log (self, row, uuid, &setup, &actions, error))
    return NULL;

  setup_node = parse_stored_object (setup, uuid, -1, error);
  if (setup_node == NULL)
    return NULL;

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, uuid);
  json_builder_set_member_name (builder, "created");
  json_builder_add_int_value (builder, created);
  json_builder_set_member_name (builder, "finished");
  json_builder_add_int_value (builder, finished);
  json_builder_set_member_name (builder, "state");
  json_builder_add_string_value (builder, state_names[state]);
  json_builder_set_member_name (builder, "setup");
  json_builder_add_value (builder, g_steal_pointer (&setup_node));
  json_builder_set_member_name (builder, "actions");
  json_builder_begin_array (builder);
  for (guint i = 0; i < actions->len; i++)
    {
      JsonNode *node = parse_stored_object (g_ptr_array_index (actions, i), uuid, (int) i, error);

      if (node == NULL)
        return NULL;
      json_builder_add_value (builder, node);
    }
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

gboolean
_dp_store_export_foreach (DpStore              *self,
                          const char *const    *ids,
                          DpStoreExportGameFunc func,
                          gpointer              user_data,
                          GError              **error)
{
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (gint64));

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (func != NULL, FALSE);

  /* One read transaction: the export is one consistent snapshot. */
  if (!store_exec (self, "BEGIN", error))
    return FALSE;

  if (ids == NULL)
    {
      g_autoptr(StoreStmt) stmt = store_prepare (self,
                                                 "SELECT id FROM games WHERE deleted = 0 ORDER BY created, id",
                                                 error);

      if (stmt == NULL)
        goto fail;
      for (;;)
        {
          gboolean has_row;
          gint64 row;

          if (!step_row (self, stmt, &has_row, error))
            goto fail;
          if (!has_row)
            break;
          row = sqlite3_column_int64 (stmt, 0);
          g_array_append_val (rows, row);
        }
    }
  else
    {
      for (guint i = 0; ids[i] != NULL; i++)
        {
          GameRow info;

          if (!lookup_game (self, ids[i], &info, error))
            goto fail;
          g_array_append_val (rows, info.row);
        }
    }

  /* One game in memory at a time: the caller writes it before the next is read. */
  for (guint i = 0; i < rows->len; i++)
    {
      g_autoptr(JsonNode) game = export_game (self, g_array_index (rows, gint64, i), error);

      if (game == NULL || !func (game, user_data, error))
        goto fail;
    }

  store_rollback (self);
  return TRUE;

fail:
  store_rollback (self);
  return FALSE;
}

static gboolean
export_add_game (JsonNode  *game,
                 gpointer   user_data,
                 GError   **error)
{
  json_builder_add_value (user_data, json_node_ref (game));
  return TRUE;
}

JsonNode *
dp_store_export (DpStore            *self,
                 const char *const  *ids,
                 GError            **error)
{
  g_autoptr(JsonBuilder) builder = json_builder_new ();

  g_return_val_if_fail (DP_IS_STORE (self), NULL);

  dp_exchange_begin_json (builder);
  if (!_dp_store_export_foreach (self, ids, export_add_game, builder, error))
    return NULL;
  json_builder_end_array (builder);
  json_builder_end_object (builder);

  return json_builder_get_root (builder);
}

/* ---- Import (the checks are dp-exchange.c's) ---- */

gboolean
_dp_store_check_game_names (const DpGame  *game,
                            GError       **error)
{
  return check_game_names (game, error);
}

gboolean
_dp_store_import_begin (DpStore  *self,
                        GError  **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);

  return store_begin (self, error);
}

gboolean
_dp_store_import_commit (DpStore  *self,
                         GError  **error)
{
  g_return_val_if_fail (DP_IS_STORE (self), FALSE);

  return store_commit (self, error);
}

void
_dp_store_import_rollback (DpStore *self)
{
  g_return_if_fail (DP_IS_STORE (self));

  store_rollback (self);
}

gboolean
_dp_store_import_game (DpStore       *self,
                       const char    *uuid,
                       gint64         created,
                       gint64         finished,
                       DpGameState    state,
                       const DpGame  *game,
                       GPtrArray     *texts,
                       gboolean      *imported,
                       GError       **error)
{
  g_autoptr(StoreStmt) stmt = NULL;
  gboolean exists;
  gint64 row;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (texts->len == dp_game_get_n_actions (game), FALSE);

  *imported = FALSE;

  {
    g_autoptr(StoreStmt) lookup = store_prepare (self, "SELECT 1 FROM games WHERE uuid = ?", error);

    if (lookup == NULL)
      return FALSE;
    bind_text (lookup, 1, uuid);
    if (!step_row (self, lookup, &exists, error))
      return FALSE;
    if (exists)
      return TRUE;
  }

  /* The setup text is the same in every state of a game: insert_game takes it from
   * the final state. */
  if (!insert_game (self, uuid, game, created, &row, error))
    return FALSE;

  stmt = store_prepare (self, "INSERT INTO actions (game, seq, json) VALUES (?, ?, ?)", error);
  if (stmt == NULL)
    return FALSE;
  for (guint i = 0; i < texts->len; i++)
    {
      sqlite3_bind_int64 (stmt, 1, row);
      sqlite3_bind_int (stmt, 2, (int) i);
      bind_text (stmt, 3, g_ptr_array_index (texts, i));
      if (!step_done (self, stmt, error))
        return FALSE;
      sqlite3_reset (stmt);
    }

  if (!update_summary (self, row, game, finished != 0 ? finished : created, error))
    return FALSE;

  if (state == DP_GAME_STATE_ABANDONED)
    {
      g_autoptr(StoreStmt) abandon = store_prepare (self, "UPDATE games SET state = 2 WHERE id = ?", error);

      if (abandon == NULL)
        return FALSE;
      sqlite3_bind_int64 (abandon, 1, row);
      if (!step_done (self, abandon, error))
        return FALSE;
    }

  *imported = TRUE;
  return TRUE;
}

gboolean
dp_store_import (DpStore   *self,
                 JsonNode  *export_root,
                 guint     *n_imported,
                 guint     *n_skipped,
                 GError   **error)
{
  g_autofree char *text = NULL;
  gsize length = 0;

  g_return_val_if_fail (DP_IS_STORE (self), FALSE);
  g_return_val_if_fail (export_root != NULL, FALSE);

  /* One reader of the export format: the document goes through its text form. */
  text = json_to_string (export_root, FALSE);
  length = strlen (text);
  return dp_exchange_import_data (self, text, length, n_imported, n_skipped, NULL, error);
}
