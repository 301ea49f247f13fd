/* cli-test-util.c — running dicepad-cli in-process in the CLI tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include "cli-test-util.h"
#include "dp-cli.h"

void
cli_result_clear (CliResult *result)
{
  g_clear_pointer (&result->out, g_free);
  g_clear_pointer (&result->err, g_free);
}

/* A memory stream's text, NUL-terminated; closes the stream. */
static char *
steal_text (GOutputStream *stream)
{
  GMemoryOutputStream *memory = G_MEMORY_OUTPUT_STREAM (stream);

  g_output_stream_write_all (stream, "", 1, NULL, NULL, NULL);
  g_output_stream_close (stream, NULL, NULL);
  return g_memory_output_stream_steal_data (memory);
}

void
run_cli (CliResult         *result,
         const char *const *args)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GOutputStream) err = g_memory_output_stream_new_resizable ();
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) "dicepad-cli");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  result->status = dp_cli_run (argv->len - 1, (char **) argv->pdata, out, err);
  result->out = steal_text (out);
  result->err = steal_text (err);
}
