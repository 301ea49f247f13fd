/* fuzz-script.c — libFuzzer target: a game script through the script reader and
 * whichever rule engine its setup names (Calavera, Cubitos)
 *
 * Oracle besides "no crash, no sanitizer report, no CRITICAL": a script that replays
 * gives a state whose canonical setup and actions replay again to the same state.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <gio/gio.h>
#include <stdint.h>

#include "dp-game.h"
#include "dp-script.h"
#include "fuzz-util.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (data, size, NULL);
  g_autoptr(GPtrArray) actions = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) game = NULL;
  g_autoptr(DpGame) again = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *setup = NULL;
  g_autoptr(JsonNode) state = NULL;
  g_autoptr(JsonNode) state_again = NULL;
  guint line = 0;

  game = dp_script_replay (stream, actions, NULL, &line, NULL, &error);
  if (game == NULL)
    {
      FUZZ_CHECK (error != NULL);
      return 0;
    }

  /* The canonical texts the store would keep reproduce the state. */
  setup = dp_game_dup_setup_text (game);
  again = dp_game_new_from_text (setup, &error);
  FUZZ_CHECK (again != NULL);
  for (guint i = 0; i < actions->len; i++)
    {
      char *text = dp_game_normalize_action (again, g_ptr_array_index (actions, i), &error);

      FUZZ_CHECK (text != NULL);
      FUZZ_CHECK (dp_game_apply_text (again, text, &error));
      g_ptr_array_add (texts, text);
    }

  state = dp_game_to_json (game);
  state_again = dp_game_to_json (again);
  FUZZ_CHECK (json_node_equal (state, state_again));
  return 0;
}
