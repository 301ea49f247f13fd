/* fuzz-import.c — libFuzzer target: an export file through the one import reader
 * (dp-exchange.h), with a round-trip oracle
 *
 * Oracles besides "no crash, no sanitizer report, no CRITICAL":
 *  - checking without a database and importing agree (what the check accepts imports,
 *    what it refuses whole leaves the database unchanged, and where it leaves out bad
 *    games the import takes exactly the good ones);
 *  - export → import → export gives the same bytes, and every game is kept.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <stdint.h>

#include "dp-exchange.h"
#include "dp-store-private.h"
#include "fuzz-util.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static DpStore *
fresh_store (const char *name)
{
  g_autofree char *path = g_build_filename (fuzz_scratch_dir (), name, NULL);
  DpStore *store = dp_store_open (path, NULL);

  FUZZ_CHECK (store != NULL);
  /* Speed, not safety: this database lives for one input. */
  sqlite3_exec (_dp_store_get_db (store), "PRAGMA synchronous = OFF; DELETE FROM games; DELETE FROM players;",
                NULL, NULL, NULL);
  return store;
}

static char *
export_all (DpStore *store,
            gsize   *length)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;

  FUZZ_CHECK (dp_exchange_write (store, DP_EXCHANGE_FORMAT_JSON, NULL, out, NULL, &error));
  FUZZ_CHECK (g_output_stream_close (out, NULL, NULL));
  *length = g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out));
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  static DpStore *first, *second;
  g_autoptr(GError) error = NULL;
  g_autofree char *text1 = NULL;
  g_autofree char *text2 = NULL;
  gsize length1 = 0, length2 = 0;
  guint imported = 0, skipped = 0, line = 0;
  gboolean checked, check_partial, partial;

  if (first == NULL)
    {
      first = fresh_store ("first.db");
      second = fresh_store ("second.db");
    }
  sqlite3_exec (_dp_store_get_db (first), "DELETE FROM games; DELETE FROM players;", NULL, NULL, NULL);
  sqlite3_exec (_dp_store_get_db (second), "DELETE FROM games; DELETE FROM players;", NULL, NULL, NULL);

  checked = dp_exchange_import_data (NULL, (const char *) data, size, NULL, NULL, &line, &error);
  check_partial = g_error_matches (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES);
  g_clear_error (&error);

  if (!dp_exchange_import_data (first, (const char *) data, size, &imported, &skipped, &line, &error))
    {
      partial = g_error_matches (error, DP_STORE_ERROR, DP_STORE_ERROR_SKIPPED_GAMES);
      FUZZ_CHECK (error != NULL);
      /* The check says the same: refused whole, or good games with bad ones left out. */
      FUZZ_CHECK (!checked && check_partial == partial);
      if (!partial)
        {
          /* Refused whole: nothing was written. */
          FUZZ_CHECK (dp_store_count_games (first, NULL, NULL) == 0);
          return 0;
        }
      /* Every good game was imported, the bad ones named (issue 26 item 1). */
      g_clear_error (&error);
    }
  else
    FUZZ_CHECK (checked);
  FUZZ_CHECK (dp_store_count_games (first, NULL, NULL) == imported);

  text1 = export_all (first, &length1);
  FUZZ_CHECK (dp_exchange_import_data (second, text1, length1, &imported, &skipped, &line, &error));
  FUZZ_CHECK (skipped == 0);
  text2 = export_all (second, &length2);
  FUZZ_CHECK (length1 == length2 && memcmp (text1, text2, length1) == 0);
  return 0;
}
