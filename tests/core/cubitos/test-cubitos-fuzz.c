/* test-cubitos-fuzz.c — hostile Cubitos text forms never crash or half-change a game
 *
 * dp-game.h: apply "applies a legal action or leaves the game untouched and returns an
 * error … Never asserts on any input" (issues 3, 6 and 11: "Never a crash, assert or
 * half-change on any input"). The golden race scripts of tests/core/cubitos/scripts/ are
 * the seeds: their setup and action lines are mutated the way hostile or sloppy files
 * differ from good ones (numbers made negative, huge, fractional or text; keys dropped,
 * duplicated, renamed or added; lists turned into objects and back; unknown colours,
 * faces, cards, areas and players; values wrapped in nesting; values spliced in from
 * other lines; bytes inserted, deleted and replaced) and applied at every point of the
 * races. For each line:
 *   - refused: the error is a DP_GAME_ERROR with a message, and dp_game_to_json() is
 *     exactly what it was before (nothing half-changed);
 *   - accepted: its canonical text (dp_game_normalize_action) reads back to itself and
 *     gives the same state applied to the state before, and the whole game replays
 *     from the canonical setup and action texts to the same state (what the store and
 *     the CLI keep); dice are conserved (rulebook p. 2: the box holds exactly these dice);
 *     and the legal actions listed afterwards are accepted (all of a short list, a
 *     random dozen of a long one: refills and rolls list hundreds).
 * A mutated setup is refused as MALFORMED or INVALID_SETUP, or gives a game whose
 * canonical setup reads back to the same game, which then plays on (script lines, legal
 * actions and more mutated lines) under the same checks.
 *
 * The seed comes from the GLib test framework (--seed to repeat a run);
 * DICEPAD_FUZZ_SCALE=N runs N times as many cases (for a long soak).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "dp-game.h"
#include "cb-game.h"
#include "cb-data.h"

typedef struct
{
  char      *name;
  char      *setup;      /* canonical setup line */
  GPtrArray *lines;      /* canonical action lines (char *) */
  GPtrArray *states;     /* DpGame * after 0 … n actions */
} Script;

typedef struct
{
  GRand     *rand;
  GPtrArray *scripts;    /* Script * */
  GPtrArray *pool;       /* JsonNode *: every value of every script line, for splicing */
  GPtrArray *words;      /* char *: words the text form knows, and near misses */
  GPtrArray *keys;       /* char *: keys the text form knows, and near misses */
  /* raw text substituted for markers after the tree is written out */
  GPtrArray *marks;      /* char * marker, char * replacement, … */
  guint      scale;
  guint      n_accepted;
  guint      n_refused;
  guint      n_legal_checked;
} Fuzz;

/* ---- helpers ---- */

static char *
state_text (const DpGame *game)
{
  g_autoptr(JsonNode) node = dp_game_to_json (game);

  return json_to_string (node, FALSE);
}

static char *
node_text (JsonNode *node)
{
  return json_to_string (node, FALSE);
}

static guint
pick (Fuzz *f, guint n)
{
  g_assert_cmpuint (n, >, 0);
  return (guint) g_rand_int_range (f->rand, 0, (gint32) n);
}

static gboolean
chance (Fuzz *f, double p)
{
  return g_rand_double (f->rand) < p;
}

static void
script_free (Script *s)
{
  g_free (s->name);
  g_free (s->setup);
  g_ptr_array_unref (s->lines);
  g_ptr_array_unref (s->states);
  g_free (s);
}

static void
fuzz_free (Fuzz *f)
{
  g_rand_free (f->rand);
  g_ptr_array_unref (f->scripts);
  g_ptr_array_unref (f->pool);
  g_ptr_array_unref (f->words);
  g_ptr_array_unref (f->keys);
  g_ptr_array_unref (f->marks);
  g_free (f);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Fuzz, fuzz_free)

static JsonNode *deep_copy (JsonNode *node);

static void
collect_values (Fuzz *f, JsonNode *node)
{
  g_ptr_array_add (f->pool, deep_copy (node));
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *member;
      JsonNode *value;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &member, &value))
        {
          collect_values (f, value);
          if (!g_ptr_array_find_with_equal_func (f->keys, member, g_str_equal, NULL))
            g_ptr_array_add (f->keys, g_strdup (member));
        }
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        collect_values (f, json_array_get_element (array, i));
    }
}

static JsonNode *
parse_node (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  if (!json_parser_load_from_data (parser, text, -1, &error))
    return NULL;
  return json_node_copy (json_parser_get_root (parser));
}

/* json_node_copy() shares objects and arrays; mutations need trees of their own. */
static JsonNode *
deep_copy (JsonNode *node)
{
  g_autofree char *text = node_text (node);
  JsonNode *copy = parse_node (text);

  if (copy == NULL)
    g_error ("json-glib does not read back what it wrote: %s", text);
  return copy;
}

static Script *
load_script (Fuzz *f, const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "core", "cubitos", "scripts", name, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  Script *s = g_new0 (Script, 1);

  s->name = g_strdup (name);
  s->lines = g_ptr_array_new_with_free_func (g_free);
  s->states = g_ptr_array_new_with_free_func ((GDestroyNotify) dp_game_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      g_autoptr(JsonNode) node = NULL;

      if (*line == '\0' || *line == '#')
        continue;
      node = parse_node (line);
      g_assert_nonnull (node);
      collect_values (f, node);
      if (s->setup == NULL)
        {
          DpGame *game = dp_game_new_from_text (line, &error);
          g_assert_no_error (error);
          s->setup = g_strdup (line);
          g_ptr_array_add (s->states, game);
        }
      else
        {
          DpGame *game = dp_game_copy (g_ptr_array_index (s->states, s->states->len - 1));
          if (!dp_game_apply_text (game, line, &error))
            g_error ("%s: %s refused: %s", name, line, error->message);
          g_ptr_array_add (s->lines, g_strdup (line));
          g_ptr_array_add (s->states, game);
        }
    }
  g_assert_nonnull (s->setup);
  return s;
}

static void
add_word (Fuzz *f, const char *word)
{
  g_ptr_array_add (f->words, g_strdup (word));
}

static Fuzz *
fuzz_new (void)
{
  static const char *const extra_keys[] = {
    /* every key of docs/cubitos-notes.md, "Cubitos actions" and the setup */
    "game", "version", "players", "race", "cards", "track", "laps", "first", "costs",
    "fan_track", "player", "refill", "roll", "push", "pass", "bust", "collect", "announce",
    "redeem", "buy_steps", "move", "jet", "shortcut", "buy", "rest", "ability", "red_lines",
    "from_rest", "fan", "credits", "finish", "water", "landed", "beyond", "cost", "number",
    "face", "mandatory", "lose", "give", "die", "set", "other", "dice", "from", "rolled",
    "rolled2", "take", "bonus", "fans", "max_cost", "space", "supply", "to",
    /* near misses */
    "Player", "refil", "", " player", "players\u00e9", "__proto__",
  };
  static const char *const extra_words[] = {
    "Ina", "Sami", "Tom", "Lu", "ina", "", " ", "Ina ", "\u00c9lo\u00efse", "calavera",
    "cubitos", "free", "chartreuse", "grey", "light grey", "LIGHT_GREY", "joker", "skull",
    "orange ", "coin4", "coins", "draw ", "supply", "box", "nothing", "true", "null", "0",
    "-1", "1", "99", "1e3", "\u2603", "top-dog", "nothing-goes-right", "grand-finale",
  };
  const char *env = g_getenv ("DICEPAD_FUZZ_SCALE");
  const char *names[] = {
    "race1-two-players.jsonl", "race1-cards.jsonl", "race2-cards.jsonl", "race3-cards.jsonl",
    "race4-cards.jsonl", "race5-cards.jsonl", "race6-cards.jsonl", "race7-cards.jsonl",
    "race8-cards.jsonl", "race9-cards.jsonl", "race10-cards.jsonl",
  };
  Fuzz *f = g_new0 (Fuzz, 1);

  f->rand = g_rand_new_with_seed (g_test_rand_int ());
  f->scripts = g_ptr_array_new_with_free_func ((GDestroyNotify) script_free);
  f->pool = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  f->words = g_ptr_array_new_with_free_func (g_free);
  f->keys = g_ptr_array_new_with_free_func (g_free);
  f->marks = g_ptr_array_new_with_free_func (g_free);
  f->scale = env != NULL ? (guint) CLAMP (atoi (env), 1, 1000) : 1;

  for (guint i = 0; i < G_N_ELEMENTS (extra_keys); i++)
    g_ptr_array_add (f->keys, g_strdup (extra_keys[i]));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_ptr_array_add (f->scripts, load_script (f, names[i]));

  for (guint i = 0; i < G_N_ELEMENTS (extra_words); i++)
    add_word (f, extra_words[i]);
  for (guint k = 0; k < CB_N_KINDS; k++)
    add_word (f, cb_kind_to_string ((CbKind) k));
  for (guint x = 0; x < CB_N_FACES; x++)
    add_word (f, cb_face_to_string ((CbFace) x));
  for (guint z = 0; z < CB_N_ZONES; z++)
    add_word (f, cb_zone_to_string ((CbZone) z));
  for (guint c = 0; c < CB_N_CARDS; c++)
    add_word (f, cb_card (c)->key);
  for (guint t = 0; t < CB_N_TRACKS; t++)
    add_word (f, cb_track (t)->key);
  {
    /* a long name, and one with every ASCII punctuation a hostile file might hold */
    g_autofree char *long_word = g_strnfill (4096, 'x');
    add_word (f, long_word);
    add_word (f, "\"\\/\b\f\n\r\t{}[]:,");
  }
  return f;
}

/* ---- mutations of a JSON tree ----
 *
 * Every edit builds a new node and puts it where the old one was, through its parent:
 * json-glib 1.6 cannot turn a node into another type in place (json_node_init_*() unref
 * the old contents but keep the pointer, so the next setter unrefs it again). */

typedef struct
{
  JsonNode *node;
  JsonNode *parent;   /* NULL for the root */
  char     *key;      /* member name when the parent holds an object */
  guint     index;    /* element index when the parent holds an array */
} Slot;

static void
slot_free (Slot *slot)
{
  g_free (slot->key);
  g_free (slot);
}

static void
collect_slots (JsonNode *node, JsonNode *parent, const char *key, guint index, GPtrArray *out)
{
  Slot *slot = g_new0 (Slot, 1);

  slot->node = node;
  slot->parent = parent;
  slot->key = g_strdup (key);
  slot->index = index;
  g_ptr_array_add (out, slot);
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      JsonObjectIter iter;
      const char *member;
      JsonNode *value;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &member, &value))
        collect_slots (value, node, member, 0, out);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);
      for (guint i = 0; i < json_array_get_length (array); i++)
        collect_slots (json_array_get_element (array, i), node, NULL, i, out);
    }
}

/* Puts @replacement (taken) where @slot's node was; returns the (maybe new) root. */
static JsonNode *
replace_slot (JsonNode *root, const Slot *slot, JsonNode *replacement)
{
  if (slot->parent == NULL)
    {
      json_node_unref (root);
      return replacement;
    }
  if (JSON_NODE_HOLDS_OBJECT (slot->parent))
    json_object_set_member (json_node_get_object (slot->parent), slot->key, replacement);
  else
    {
      JsonArray *old = json_node_get_array (slot->parent);
      g_autoptr(JsonArray) array = json_array_new ();

      for (guint i = 0; i < json_array_get_length (old); i++)
        json_array_add_element (array, i == slot->index ? replacement
                                                        : json_node_ref (json_array_get_element (old, i)));
      json_node_set_array (slot->parent, array);
    }
  return root;
}

/* A string node standing for raw JSON text written in place of it later (numbers
 * json-glib cannot hold, duplicate keys, broken escapes). */
static JsonNode *
raw_node (Fuzz *f, const char *raw)
{
  char *marker = g_strdup_printf ("@@mark%u@@", f->marks->len / 2);
  JsonNode *node = json_node_init_string (json_node_alloc (), marker);

  g_ptr_array_add (f->marks, marker);
  g_ptr_array_add (f->marks, g_strdup (raw));
  return node;
}

static JsonNode *
scalar_node (Fuzz *f)
{
  static const gint64 ints[] = {
    -1, -2, 0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 12, 13, 14, 27, 98, 99, 100, 255, 256, 65535,
    65536, G_MAXINT32, (gint64) G_MAXINT32 + 1, G_MAXUINT32, (gint64) G_MAXUINT32 + 1,
    G_MININT32, G_MAXINT64, G_MININT64,
  };
  /* json-glib 1.6 writes 1e300 as "1e+300.0", so exponents go in as raw text */
  static const double doubles[] = { 0.5, 1.0, 2.5, -0.0, -1.5, 4294967296.0 };
  static const char *const raws[] = {
    "1e300", "-1e300", "1e-300", "1e999", "-1e999", "-0", "1E2", "2.0e0", "00", "01", "0x10", "NaN", "Infinity", "+1",
    "\"a\\u0000b\"", "\"\\ud800\"", "\"light_grey\\u0000\"", "1.", ".5", "[", "}", "",
  };
  JsonNode *node = json_node_alloc ();

  switch (pick (f, 9))
    {
    case 0:
    case 1:
      return json_node_init_int (node, ints[pick (f, G_N_ELEMENTS (ints))]);
    case 2:
      return json_node_init_double (node, doubles[pick (f, G_N_ELEMENTS (doubles))]);
    case 3:
    case 4:
    case 5:
      return json_node_init_string (node, g_ptr_array_index (f->words, pick (f, f->words->len)));
    case 6:
      return json_node_init_boolean (node, g_rand_boolean (f->rand));
    case 7:
      return json_node_init_null (node);
    default:
      json_node_unref (node);
      return raw_node (f, raws[pick (f, G_N_ELEMENTS (raws))]);
    }
}

/* A whole number a little off, as a careless hand or an off-by-one program writes it:
 * these keep the line readable, so they reach the rules rather than the reader. */
static JsonNode *
nudged_number (Fuzz *f, JsonNode *node)
{
  /* unsigned, so that the extremes wrap instead of overflowing */
  guint64 v = (guint64) json_node_get_int (node);

  switch (pick (f, 5))
    {
    case 0: v += 1; break;
    case 1: v -= 1; break;
    case 2: v *= 2; break;
    case 3: v = 0; break;
    default: v += pick (f, 20); break;
    }
  return json_node_init_int (json_node_alloc (), (gint64) v);
}

static JsonNode *
pool_node (Fuzz *f)
{
  return deep_copy (g_ptr_array_index (f->pool, pick (f, f->pool->len)));
}

/* [v] / {"key": v}, @depth times */
static JsonNode *
wrapped (Fuzz *f, JsonNode *node, guint depth)
{
  JsonNode *result = deep_copy (node);

  for (guint d = 0; d < depth; d++)
    {
      JsonNode *outer = json_node_alloc ();

      if (g_rand_boolean (f->rand))
        {
          g_autoptr(JsonArray) array = json_array_new ();
          json_array_add_element (array, result);
          json_node_init_array (outer, array);
        }
      else
        {
          g_autoptr(JsonObject) object = json_object_new ();
          json_object_set_member (object, g_ptr_array_index (f->keys, pick (f, f->keys->len)), result);
          json_node_init_object (outer, object);
        }
      result = outer;
    }
  return result;
}

/* An object ↔ a list of its values (or of its keys); a list ↔ {"0": …, "1": …} */
static JsonNode *
flipped (Fuzz *f, JsonNode *node)
{
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      g_autoptr(JsonArray) array = json_array_new ();
      gboolean keys = g_rand_boolean (f->rand);
      JsonObjectIter iter;
      const char *member;
      JsonNode *value;

      json_object_iter_init (&iter, json_node_get_object (node));
      while (json_object_iter_next (&iter, &member, &value))
        if (keys)
          json_array_add_string_element (array, member);
        else
          json_array_add_element (array, deep_copy (value));
      return json_node_init_array (json_node_alloc (), array);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      g_autoptr(JsonObject) object = json_object_new ();
      JsonArray *array = json_node_get_array (node);

      for (guint i = 0; i < json_array_get_length (array); i++)
        {
          JsonNode *element = json_array_get_element (array, i);
          g_autofree char *key = NULL;

          /* ["white", "red"] → {"white": 1, "red": 1}, or by index */
          if (JSON_NODE_HOLDS_VALUE (element) && json_node_get_value_type (element) == G_TYPE_STRING
              && g_rand_boolean (f->rand))
            {
              json_object_set_int_member (object, json_node_get_string (element), 1);
              continue;
            }
          key = g_strdup_printf ("%u", i);
          json_object_set_member (object, key, deep_copy (element));
        }
      return json_node_init_object (json_node_alloc (), object);
    }
  return wrapped (f, node, 1);
}

/* Edits the members of an object in place (the object API is safe for that). */
static void
mutate_object (Fuzz *f, JsonObject *o)
{
  g_autoptr(GList) members = json_object_get_members (o);
  guint n = g_list_length (members);
  const char *key = n > 0 ? g_list_nth_data (members, pick (f, n)) : NULL;
  const char *new_key = g_ptr_array_index (f->keys, pick (f, f->keys->len));

  switch (pick (f, 5))
    {
    case 0:   /* drop a key */
      if (key != NULL)
        {
          json_object_remove_member (o, key);
          break;
        }
      G_GNUC_FALLTHROUGH;
    case 1:   /* add a key the format knows, with a value from another line */
      json_object_set_member (o, new_key, g_rand_boolean (f->rand) ? pool_node (f) : scalar_node (f));
      break;
    case 2:   /* rename a key */
      if (key != NULL && !json_object_has_member (o, new_key))
        {
          JsonNode *value = deep_copy (json_object_get_member (o, key));
          json_object_remove_member (o, key);
          json_object_set_member (o, new_key, value);
        }
      break;
    case 3:   /* the same key twice, with the same or another value */
      if (key != NULL)
        {
          g_autofree char *first = node_text (json_object_get_member (o, key));
          g_autoptr(JsonNode) second = g_rand_boolean (f->rand) ? scalar_node (f)
                                                                 : deep_copy (json_object_get_member (o, key));
          g_autoptr(JsonNode) key_node = json_node_init_string (json_node_alloc (), key);
          g_autofree char *key_text = node_text (key_node);
          g_autofree char *second_text = node_text (second);
          g_autofree char *raw = g_strdup_printf ("%s,%s:%s", first, key_text, second_text);

          json_object_set_member (o, key, raw_node (f, raw));
        }
      break;
    default:  /* empty it */
      for (GList *l = members; l != NULL; l = l->next)
        json_object_remove_member (o, l->data);
      break;
    }
}

/* Edits the elements of a list in place. */
static void
mutate_array (Fuzz *f, JsonArray *array)
{
  guint n = json_array_get_length (array);

  switch (pick (f, 3))
    {
    case 0:
      if (n > 0)
        {
          json_array_remove_element (array, pick (f, n));
          break;
        }
      G_GNUC_FALLTHROUGH;
    case 1:
      if (n > 0)
        {
          json_array_add_element (array, deep_copy (json_array_get_element (array, pick (f, n))));
          break;
        }
      G_GNUC_FALLTHROUGH;
    default:
      json_array_add_element (array, scalar_node (f));
      break;
    }
}

/* One edit somewhere in the tree; returns the (maybe new) root. */
static JsonNode *
mutate_tree (Fuzz *f, JsonNode *root)
{
  g_autoptr(GPtrArray) slots = g_ptr_array_new_with_free_func ((GDestroyNotify) slot_free);
  const Slot *slot;
  JsonNode *node;

  collect_slots (root, NULL, NULL, 0, slots);
  /* the root itself is replaced rarely: most of the time it stays an action */
  slot = g_ptr_array_index (slots, slots->len > 1 && !chance (f, 0.05) ? 1 + pick (f, slots->len - 1) : 0);
  node = slot->node;

  switch (pick (f, 12))
    {
    case 0:
    case 1:
      return replace_slot (root, slot, scalar_node (f));
    case 2:
    case 3:
      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_INT64)
        return replace_slot (root, slot, nudged_number (f, node));
      if (JSON_NODE_HOLDS_OBJECT (node))
        {
          mutate_object (f, json_node_get_object (node));
          return root;
        }
      return replace_slot (root, slot, scalar_node (f));
    case 4:
    case 5:
      if (JSON_NODE_HOLDS_OBJECT (node))
        mutate_object (f, json_node_get_object (node));
      else if (JSON_NODE_HOLDS_ARRAY (node))
        mutate_array (f, json_node_get_array (node));
      else
        return replace_slot (root, slot, pool_node (f));
      return root;
    case 6:
    case 7:
      return replace_slot (root, slot, pool_node (f));
    case 8:
      return replace_slot (root, slot, flipped (f, node));
    case 9:
      /* nesting, mostly within what a JSON reader must handle, sometimes past the
       * core's limit of 64 levels */
      return replace_slot (root, slot, wrapped (f, node, chance (f, 0.9) ? 1 + pick (f, 4) : 1 + pick (f, 200)));
    default:
      /* the player: another one, an unknown one, or none */
      if (JSON_NODE_HOLDS_OBJECT (root))
        {
          JsonObject *o = json_node_get_object (root);
          if (g_rand_boolean (f->rand))
            json_object_remove_member (o, "player");
          else
            json_object_set_string_member (o, "player", g_rand_boolean (f->rand) ? "Sami" : "Ina");
        }
      return root;
    }
}

/* Replaces the markers by their raw text. */
static char *
write_tree (Fuzz *f, JsonNode *root)
{
  g_autofree char *text = node_text (root);
  GString *out = g_string_new (text);

  for (guint i = f->marks->len; i >= 2; i -= 2)
    {
      g_autofree char *quoted = g_strdup_printf ("\"%s\"", (char *) g_ptr_array_index (f->marks, i - 2));
      g_string_replace (out, quoted, g_ptr_array_index (f->marks, i - 1), 0);
    }
  g_ptr_array_set_size (f->marks, 0);
  return g_string_free (out, FALSE);
}

static void
mutate_bytes (Fuzz *f, GString *text)
{
  static const char alphabet[] = "{}[]\":, \\abcdefghijklmnopqrstuvwxyz_0123456789-.eE\xc3\xa9";
  guint n_edits = 1 + pick (f, 3);

  for (guint e = 0; e < n_edits; e++)
    {
      guint pos = pick (f, text->len + 1);
      char c = alphabet[pick (f, sizeof alphabet - 1)];

      switch (pick (f, 3))
        {
        case 0:
          g_string_insert_c (text, pos, c);
          break;
        case 1:
          if (pos < text->len)
            {
              gsize len = 1 + pick (f, 4);
              g_string_erase (text, pos, MIN (len, text->len - pos));
            }
          break;
        default:
          if (pos < text->len)
            text->str[pos] = c;
          break;
        }
    }
}

/* A mutated copy of @line: structured edits mostly, byte edits sometimes. */
static char *
mutate_line (Fuzz *f, const char *line)
{
  if (chance (f, 0.15))
    {
      GString *text = g_string_new (line);
      mutate_bytes (f, text);
      return g_string_free (text, FALSE);
    }
  else
    {
      g_autoptr(JsonNode) root = parse_node (line);
      guint n = 1 + (chance (f, 0.7) ? 0 : pick (f, 3));

      g_assert_nonnull (root);
      for (guint i = 0; i < n; i++)
        root = mutate_tree (f, root);
      return write_tree (f, root);
    }
}

/* ---- the checks ---- */

/* p. 2 „Spielmaterial“: the box holds exactly these dice; none appears or vanishes. */
static void
check_conserved (const DpGame *game, const char *context)
{
  const CbGame *g = cb_game_from_dp_const (game);
  guint n = cb_game_get_n_players (g);

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint total = cb_game_get_supply (g, (CbKind) k);
      for (guint s = 0; s < n; s++)
        for (guint z = 0; z < CB_N_ZONES; z++)
          total += cb_game_get_dice (g, s, (CbZone) z, (CbKind) k);
      if (total != cb_die_info ((CbKind) k)->in_box)
        g_error ("%s: %u %s dice in the game, the box holds %u", context, total,
                 cb_kind_to_string ((CbKind) k), cb_die_info ((CbKind) k)->in_box);
    }
}

/* The game log: canonical setup plus canonical actions, as the store keeps it. */
typedef struct
{
  char      *setup;
  GPtrArray *actions;
} Log;

static void
check_replays (const Log *log, const DpGame *game, const char *context)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(DpGame) replayed = NULL;
  g_autofree char *want = state_text (game);
  g_autofree char *got = NULL;
  int failed = -2;

  replayed = dp_game_replay (log->setup, (const char *const *) log->actions->pdata,
                             log->actions->len, &failed, &error);
  if (replayed == NULL)
    g_error ("%s: the canonical log does not replay: action %d: %s", context, failed, error->message);
  got = state_text (replayed);
  if (g_strcmp0 (want, got) != 0)
    g_error ("%s: replay from the canonical log differs:\n%s\n%s", context, want, got);
}

/* Every listed action is accepted (a random sample of long lists). */
static void
check_legal (Fuzz *f, const DpGame *game, const char *context)
{
  g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);
  guint n = legal->len;
  guint n_checks = MIN (n, 12u * f->scale);

  if ((n == 0) != dp_game_is_finished (game))
    g_error ("%s: %u legal actions but finished = %d", context, n, dp_game_is_finished (game));
  for (guint i = 0; i < n_checks; i++)
    {
      guint index = n <= n_checks ? i : pick (f, n);
      const char *text = g_ptr_array_index (legal, index);
      g_autoptr(DpGame) copy = dp_game_copy (game);
      g_autoptr(GError) error = NULL;

      if (!dp_game_apply_text (copy, text, &error))
        g_error ("%s: listed legal action %s refused: %s", context, text, error->message);
      f->n_legal_checked++;
    }
}

/* Applies @text to @game under the checks of the file comment (but the replay of the
 * whole log, which the caller does once at the end). Returns TRUE when it was accepted
 * (then @game and @log moved on). */
static gboolean
try_line (Fuzz       *f,
          DpGame     *game,
          Log        *log,
          const char *text,
          const char *where)
{
  g_autofree char *before = state_text (game);
  g_autoptr(DpGame) base = dp_game_copy (game);
  g_autoptr(GError) error = NULL;
  g_autofree char *context = g_strdup_printf ("%s after %u actions: %s", where, log->actions->len, text);
  guint n_before = dp_game_get_n_actions (game);
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(GError) norm_error = NULL;
  g_autofree char *norm = NULL;
  g_autofree char *norm2 = NULL;
  g_autofree char *after = NULL;

  if (!dp_game_apply_text (game, text, &error))
    {
      g_autofree char *unchanged = state_text (game);

      if (error == NULL || error->domain != DP_GAME_ERROR
          || error->message == NULL || *error->message == '\0'
          || !g_utf8_validate (error->message, -1, NULL))
        {
          g_autofree char *message = error != NULL ? g_strescape (error->message, NULL) : NULL;
          g_error ("%s: refused without a proper DP_GAME_ERROR: %s", context, message);
        }
      if (g_strcmp0 (before, unchanged) != 0 || dp_game_get_n_actions (game) != n_before)
        g_error ("%s: refused (%s) but the game changed:\n%s\n%s", context, error->message,
                 before, unchanged);
      f->n_refused++;
      return FALSE;
    }
  f->n_accepted++;
  g_assert_cmpuint (dp_game_get_n_actions (game), ==, n_before + 1);
  after = state_text (game);
  check_conserved (game, context);

  /* The canonical text of the accepted line, read in the state before … */
  root = parse_node (text);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    g_error ("%s: accepted, but json-glib does not read it as an object", context);
  norm = dp_game_normalize_action (base, json_node_get_object (root), &norm_error);
  if (norm == NULL)
    g_error ("%s: accepted, but normalizing it fails: %s", context, norm_error->message);

  /* … reads back to itself and gives the same state */
  {
    g_autoptr(JsonNode) norm_root = parse_node (norm);
    g_autoptr(DpGame) again = dp_game_copy (base);
    g_autofree char *again_text = NULL;

    g_assert_nonnull (norm_root);
    norm2 = dp_game_normalize_action (base, json_node_get_object (norm_root), &norm_error);
    if (norm2 == NULL)
      g_error ("%s: canonical text %s does not read back: %s", context, norm, norm_error->message);
    if (g_strcmp0 (norm, norm2) != 0)
      g_error ("%s: canonical text %s reads back as %s", context, norm, norm2);
    if (!dp_game_apply_text (again, norm, &norm_error))
      g_error ("%s: canonical text %s refused: %s", context, norm, norm_error->message);
    again_text = state_text (again);
    if (g_strcmp0 (after, again_text) != 0)
      g_error ("%s: canonical text %s gives another state:\n%s\n%s", context, norm, after, again_text);
  }

  /* the caller replays the whole log at the end of the case */
  g_ptr_array_add (log->actions, g_steal_pointer (&norm));
  check_legal (f, game, context);
  return TRUE;
}

static void
log_clear (Log *log)
{
  g_clear_pointer (&log->setup, g_free);
  g_clear_pointer (&log->actions, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Log, log_clear)

static void
log_init (Log *log, const char *setup, GPtrArray *lines, guint n)
{
  log->setup = g_strdup (setup);
  log->actions = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (log->actions, g_strdup (g_ptr_array_index (lines, i)));
}

/* Moves @game on by one listed legal action, if any. */
static void
play_legal (Fuzz *f, DpGame *game, Log *log, const char *where)
{
  g_autoptr(GPtrArray) legal = dp_game_legal_actions (game);

  if (legal->len > 0)
    try_line (f, game, log, g_ptr_array_index (legal, pick (f, legal->len)), where);
}

/* A line to mutate: mostly the script's next line (so the edit lands near a legal
 * action), else any line of any script. */
static const char *
seed_line (Fuzz *f, const Script *s, guint k)
{
  const Script *other;

  if (k < s->lines->len && chance (f, 0.6))
    return g_ptr_array_index (s->lines, k);
  if (chance (f, 0.6) && s->lines->len > 0)
    return g_ptr_array_index (s->lines, pick (f, s->lines->len));
  other = g_ptr_array_index (f->scripts, pick (f, f->scripts->len));
  return other->lines->len > 0 ? g_ptr_array_index (other->lines, pick (f, other->lines->len)) : "{}";
}

/* Mutated action lines at every point of every golden race. */
static void
test_mutated_actions (void)
{
  g_autoptr(Fuzz) f = fuzz_new ();
  guint n_cases = 1500 * f->scale;

  for (guint i = 0; i < n_cases; i++)
    {
      const Script *s = g_ptr_array_index (f->scripts, i % f->scripts->len);
      guint k = pick (f, s->states->len);
      g_autoptr(DpGame) game = dp_game_copy (g_ptr_array_index (s->states, k));
      g_auto(Log) log = { NULL, NULL };
      g_autofree char *where = g_strdup_printf ("%s, case %u", s->name, i);
      guint n_steps = 1 + pick (f, 4);

      log_init (&log, s->setup, s->lines, k);
      /* a few lines in a row: an accepted mutation leads off the golden path, and the
       * next line lands in a state no script reaches */
      for (guint step = 0; step < n_steps; step++)
        {
          g_autofree char *text = mutate_line (f, seed_line (f, s, k + step));

          if (!try_line (f, game, &log, text, where) && chance (f, 0.5))
            play_legal (f, game, &log, where);
        }
      check_replays (&log, game, where);
    }
  g_test_message ("%u mutated lines accepted, %u refused; %u listed actions applied",
                  f->n_accepted, f->n_refused, f->n_legal_checked);
  /* the mutations reach the rules, not only the reader */
  g_assert_cmpuint (f->n_accepted, >, n_cases / 20);
  g_assert_cmpuint (f->n_refused, >, n_cases / 2);
}

/* Setups beyond the golden scripts' (docs/cubitos-notes.md, "Setup"): a free race with
 * one card per colour, 3 players, another first player, costs and fan-track rewards told
 * in earlier games; and race 9 for 4 players with the costs of its cards. */
static GPtrArray *
extra_setups (void)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) free_race = g_string_new ("{\"game\":\"cubitos\",\"version\":1,"
                                               "\"players\":[\"Ina\",\"Sami\",\"Tom\"],"
                                               "\"race\":\"free\",\"cards\":[");
  g_autoptr(GString) race9 = g_string_new ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\",\"Tom\",\"Lu\"],"
                                           "\"race\":9,\"costs\":{");
  const CbRace *race = cb_race (9);
  guint first[CB_N_COLOURS];
  guint n_found = 0;

  for (guint c = 0; c < CB_N_COLOURS; c++)
    first[c] = CB_N_CARDS;
  for (guint i = 0; i < CB_N_CARDS; i++)
    if (first[cb_card (i)->colour] == CB_N_CARDS)
      {
        first[cb_card (i)->colour] = i;
        n_found++;
      }
  g_assert_cmpuint (n_found, ==, CB_N_COLOURS);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g_string_append_printf (free_race, "%s\"%s\"", c > 0 ? "," : "", cb_card (first[c])->key);
  g_string_append_printf (free_race, "],\"track\":\"grand-finale\",\"laps\":2,\"first\":\"Tom\","
                          "\"costs\":{\"%s\":3,\"%s\":5},"
                          "\"fan_track\":{\"1\":{\"credits\":1,\"supply\":0},\"2\":{\"credits\":0,\"supply\":1}}}",
                          cb_card (first[0])->key, cb_card (first[7])->key);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g_string_append_printf (race9, "%s\"%s\":%u", c > 0 ? "," : "",
                            cb_card (cb_card_index (c, race->card_race[c]))->key, 2 + c % 3);
  g_string_append (race9, "}}");
  g_ptr_array_add (out, g_string_free (g_steal_pointer (&free_race), FALSE));
  g_ptr_array_add (out, g_string_free (g_steal_pointer (&race9), FALSE));
  return out;
}

/* Mutated setup lines: refused as the setup's fault, or a game that reads back the same
 * and plays on under the same checks. */
static void
test_mutated_setups (void)
{
  g_autoptr(Fuzz) f = fuzz_new ();
  g_autoptr(GPtrArray) extras = extra_setups ();
  guint n_cases = 600 * f->scale;
  guint n_games = 0;

  for (guint e = 0; e < extras->len; e++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(DpGame) game = dp_game_new_from_text (g_ptr_array_index (extras, e), &error);

      g_assert_no_error (error);
    }
  for (guint i = 0; i < n_cases; i++)
    {
      const Script *s = g_ptr_array_index (f->scripts, i % f->scripts->len);
      const char *seed = chance (f, 0.3) ? g_ptr_array_index (extras, pick (f, extras->len)) : s->setup;
      g_autofree char *text = mutate_line (f, seed);
      g_autofree char *where = g_strdup_printf ("%s, setup case %u: %s", s->name, i, text);
      g_autoptr(GError) error = NULL;
      g_autoptr(DpGame) game = dp_game_new_from_text (text, &error);
      g_autoptr(DpGame) again = NULL;
      g_autofree char *canonical = NULL;
      g_autofree char *canonical2 = NULL;
      g_autofree char *state = NULL;
      g_autofree char *state2 = NULL;
      g_auto(Log) log = { NULL, NULL };

      if (game == NULL)
        {
          if (error == NULL || error->domain != DP_GAME_ERROR
              || (error->code != DP_GAME_ERROR_MALFORMED && error->code != DP_GAME_ERROR_INVALID_SETUP)
              || error->message == NULL || *error->message == '\0')
            g_error ("%s: refused without a proper setup error", where);
          continue;
        }
      n_games++;
      canonical = dp_game_dup_setup_text (game);
      again = dp_game_new_from_text (canonical, &error);
      if (again == NULL)
        g_error ("%s: canonical setup %s refused: %s", where, canonical, error->message);
      canonical2 = dp_game_dup_setup_text (again);
      g_assert_cmpstr (canonical, ==, canonical2);
      state = state_text (game);
      state2 = state_text (again);
      g_assert_cmpstr (state, ==, state2);
      check_legal (f, game, where);

      /* play on: the script's lines while they apply, then legal and mutated lines */
      log_init (&log, canonical, s->lines, 0);
      for (guint k = 0; k < s->lines->len; k++)
        if (!try_line (f, game, &log, g_ptr_array_index (s->lines, k), where))
          break;
      for (guint step = 0; step < 6 && !dp_game_is_finished (game); step++)
        {
          g_autofree char *line = mutate_line (f, seed_line (f, s, log.actions->len));

          try_line (f, game, &log, line, where);
          play_legal (f, game, &log, where);
        }
      check_replays (&log, game, where);
    }
  g_test_message ("%u of %u mutated setups accepted; %u lines accepted, %u refused",
                  n_games, n_cases, f->n_accepted, f->n_refused);
  g_assert_cmpuint (n_games, >, n_cases / 20);
  g_assert_cmpuint (n_games, <, n_cases);
}

/* The hand-picked hostile lines a fuzzer finds only by luck: every one is refused whole,
 * at the start of the race, in the roll section and in the run section. */
static void
test_hostile_lines (void)
{
  static const char *const lines[] = {
    "{\"player\":\"Ina\",\"refill\":{\"light_grey\":-7}}",
    "{\"player\":\"Ina\",\"refill\":{\"light_grey\":4294967303}}",
    "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7.0}}",
    "{\"player\":\"Ina\",\"refill\":{\"light_grey\":\"7\"}}",
    "{\"player\":\"Ina\",\"refill\":{\"light_grey\":1e999}}",
    "{\"player\":\"Ina\",\"refill\":[\"light_grey\",\"dark_grey\"]}",
    "{\"player\":\"Ina\",\"refill\":{\"chartreuse\":1}}",
    "{\"player\":\"Ina\",\"refill\":{\"top_dog\":1}}",
    "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2},\"red_lines\":-1}",
    "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2},\"from_rest\":{\"red\":99}}",
    "{\"player\":\"Ina\",\"roll\":{\"light_grey\":{\"coin\":99}}}",
    "{\"player\":\"Ina\",\"roll\":{\"light_grey\":{\"coin4\":1}}}",
    "{\"player\":\"Ina\",\"roll\":{\"light_grey\":{\"coin\":-1}}}",
    "{\"player\":\"Ina\",\"roll\":{\"light_grey\":[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]}}",
    "{\"player\":\"Ina\",\"bust\":{\"light_grey\":99},\"fan\":[{\"space\":0}]}",
    "{\"player\":\"Ina\",\"bust\":{},\"fan\":[{\"space\":1},{\"space\":1}]}",
    "{\"player\":\"Ina\",\"move\":99,\"landed\":{\"lose\":[{\"die\":\"red\",\"from\":\"box\"}]}}",
    "{\"player\":\"Ina\",\"move\":1,\"landed\":{\"lose\":[{},{},{},{},{},{},{},{},{}]}}",
    "{\"player\":\"Ina\",\"move\":1,\"landed\":{\"max_cost\":3}}",
    "{\"player\":\"Ina\",\"buy\":\"top_dog\",\"cost\":1}",
    "{\"player\":\"Ina\",\"buy\":\"light_grey\"}",
    "{\"player\":\"Ina\",\"buy\":\"white\",\"cost\":0}",
    "{\"player\":\"Ina\",\"buy_steps\":99}",
    "{\"player\":\"Ina\",\"redeem\":99}",
    "{\"player\":\"Ina\",\"shortcut\":99}",
    "{\"player\":\"Ina\",\"ability\":\"no-such-card\"}",
    "{\"player\":\"Ina\",\"ability\":\"fast-cat\",\"number\":99}",
    "{\"player\":\"Ina\",\"ability\":\"fast-cat\",\"face\":\"coin\"}",
    "{\"player\":\"Ina\",\"ability\":\"fast-cat\",\"dice\":{\"light_grey\":99},\"rolled\":{\"light_grey\":{\"coin\":99}}}",
    "{\"player\":\"Ina\",\"ability\":\"mr-dog\",\"give\":{\"die\":\"red\",\"from\":\"active\",\"to\":\"Tom\"}}",
    "{\"player\":\"Tom\",\"pass\":true}",
    "{\"player\":null,\"pass\":true}",
    "{\"pass\":true,\"push\":true,\"player\":\"Ina\"}",
    "{\"player\":\"Ina\",\"pass\":false}",
    "{}",
    "[]",
    "null",
    "",
    "{\"player\":\"Ina\",\"pass\":true} {\"player\":\"Ina\",\"pass\":true}",
  };
  g_autoptr(Fuzz) f = fuzz_new ();
  const Script *s = g_ptr_array_index (f->scripts, 0);   /* race 1, two players */

  for (guint k = 0; k < s->states->len; k += 3)
    for (guint i = 0; i < G_N_ELEMENTS (lines); i++)
      {
        g_autoptr(DpGame) game = dp_game_copy (g_ptr_array_index (s->states, k));
        g_auto(Log) log = { NULL, NULL };

        log_init (&log, s->setup, s->lines, k);
        if (try_line (f, game, &log, lines[i], s->name))
          g_error ("%s after %u actions: hostile line %s accepted", s->name, k, lines[i]);
      }
}

/* What json-glib 1.6 lets through is refused by the core itself, for both games and on
 * every way in (dp_game_new_from_text, dp_game_apply_text, dp_game_replay and the typed
 * Cubitos API): nesting deeper than 64 levels (json-glib recurses once per level and
 * 100 000 '[' overflow the stack), a second value after the object (json-glib reads the
 * first alone, so half the line would be dropped), and an escape that decodes to no
 * character (json-glib quotes it undecoded in its message, which then is not UTF-8). */
static void
test_reader_limits (void)
{
  static const char *const setups[] = {
    "{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":1}",
    "{\"game\":\"calavera\",\"players\":[\"Ina\",\"Sami\"]}",
  };
  static const char *const firsts[] = {
    "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}}",
    "{\"roll\":[\"orange\",\"orange\",\"green\",\"joker\",\"skull\",\"pink\"]}",
  };
  g_autoptr(GString) deep = g_string_new ("{\"player\":\"Ina\",\"refill\":");
  g_autoptr(GString) deep_setup = g_string_new ("{\"game\":\"cubitos\",\"players\":[\"Ina\",\"Sami\"],\"race\":");
  g_autoptr(GString) nested_64 = g_string_new ("{\"player\":\"Ina\",\"refill\":");

  for (guint i = 0; i < 100000; i++)
    {
      g_string_append_c (deep, '[');
      g_string_append_c (deep_setup, '[');
    }
  for (guint i = 0; i < 100000; i++)
    {
      g_string_append_c (deep, ']');
      g_string_append_c (deep_setup, ']');
    }
  g_string_append_c (deep, '}');
  g_string_append_c (deep_setup, '}');
  /* 64 levels in all are still read (and refused for what they say) */
  for (guint i = 1; i < 64; i++)
    g_string_append_c (nested_64, '[');
  for (guint i = 1; i < 64; i++)
    g_string_append_c (nested_64, ']');
  g_string_append_c (nested_64, '}');

  for (guint i = 0; i < G_N_ELEMENTS (setups); i++)
    {
      g_autofree char *twice = g_strdup_printf ("%s %s", firsts[i], firsts[i]);
      g_autofree char *setup_twice = g_strdup_printf ("%s\n%s", setups[i], setups[i]);
      /* json-glib also reads "1 {…}" as the 1 alone and leaks the object */
      const char *lines[] = { deep->str, twice, "{\"player\":\"\\ud800\",\"pass\":true}",
                              "1 {\"pass\":true}", "\"x\"[]" };
      g_autoptr(DpGame) game = dp_game_new_from_text (setups[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(DpGame) none = NULL;
      g_autofree char *before = NULL;

      g_assert_nonnull (game);
      before = state_text (game);
      for (guint l = 0; l < G_N_ELEMENTS (lines); l++)
        {
          g_autoptr(DpGame) replayed = NULL;
          g_autofree char *after = NULL;
          int failed = -2;

          g_assert_false (dp_game_apply_text (game, lines[l], &error));
          g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
          g_assert_true (g_utf8_validate (error->message, -1, NULL));
          g_clear_error (&error);
          after = state_text (game);
          g_assert_cmpstr (before, ==, after);

          replayed = dp_game_replay (setups[i], &lines[l], 1, &failed, &error);
          g_assert_null (replayed);
          g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
          g_assert_cmpint (failed, ==, 0);
          g_clear_error (&error);
        }
      none = dp_game_new_from_text (setup_twice, &error);
      g_assert_null (none);
      g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
      g_clear_error (&error);
    }

  {
    g_autoptr(DpGame) none = dp_game_new_from_text (deep_setup->str, NULL);
    g_autoptr(DpGame) game = dp_game_new_from_text (setups[0], NULL);
    g_autoptr(GError) error = NULL;
    CbGame *g = cb_game_from_dp (game);

    g_assert_null (none);
    /* the typed API reads with its own parser: the same limits */
    g_assert_false (cb_game_apply_text (g, deep->str, &error));
    g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
    g_clear_error (&error);
    g_assert_false (cb_game_apply_text (g, "{\"player\":\"Ina\",\"refill\":{\"light_grey\":7,\"dark_grey\":2}} {}", &error));
    g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
    g_clear_error (&error);
    g_assert_false (cb_game_apply_text (g, "{\"player\":\"\\ud800\",\"pass\":true", &error));
    g_assert_true (g_utf8_validate (error->message, -1, NULL));
    g_clear_error (&error);
    /* within the limit the reader answers for what the line says */
    g_assert_false (dp_game_apply_text (game, nested_64->str, &error));
    g_assert_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED);
    g_assert_null (strstr (error->message, "nested"));
    g_assert_cmpuint (dp_game_get_n_actions (game), ==, 0);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cubitos/fuzz/reader-limits", test_reader_limits);
  g_test_add_func ("/cubitos/fuzz/hostile-lines", test_hostile_lines);
  g_test_add_func ("/cubitos/fuzz/mutated-actions", test_mutated_actions);
  g_test_add_func ("/cubitos/fuzz/mutated-setups", test_mutated_setups);
  return g_test_run ();
}
