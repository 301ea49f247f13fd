/* cb-seat-view.c — the Cubitos part of a phone's view: boards, shop and entry forms
 *
 * Issue 23 item 1. The window's sections (src/ui/cubitos/cb-*-section.c, the ability
 * and bonus editors, the fan questions, the shop) each become a form here: the same
 * sentences (the same msgids, so the same translations), the same defaults, the same
 * presenter builders for the action. A form is
 *   {"id", "title", "detail", "reason", "enabled", "suggested", "mandatory", "send" (the
 *    button's label when it is not the title), "first" (an action sent before this one),
 *    "action": {…the action with the default answers…}, "fields": [field…]}
 * and a field is a counter ("count": min, max, value; zero left out unless "keep_zero"),
 * a choice ("pick": options with a JSON "value", null = left out) or a switch ("toggle":
 * "on" / "off" values), each with the "path" of the member it writes in the action and,
 * optionally, "when": {"path", "min"} (shown only while that counter is at least min, or
 * that switch is on).
 * A form without fields is one tap. The engine checks what the page sends.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cb-seat-view.h"
#include "cb-presenter.h"
#include "dp-table-view.h"

/* How many fan-track advances a landing bonus may ask about on the phone. */
#define MAX_LANDING_FANS 3

/* A count of at most this many steps is a row of number buttons on the phone ("numbers"):
 * one tap for any value instead of one per step (issue 23, taps); wider ones stay − / +
 * counters. Ten buttons of 44 px wrap to two rows at 360 px. */
#define NUMBER_ROW_SPAN 9

/* ---- Building blocks ---- */

/* A label of the window's without its mnemonic: "_Push" → "Push". */
static char *
plain (const char *label)
{
  GString *out = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    if (*p != '_')
      g_string_append_c (out, *p);
  return g_string_free (out, FALSE);
}

static JsonNode *
parse_node (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();

  if (text == NULL || !json_parser_load_from_data (parser, text, -1, NULL))
    return NULL;
  return json_node_copy (json_parser_get_root (parser));
}

/* "landed/take" → ["landed", "take"]; numeric segments are array indices. */
static JsonArray *
path_new (const char *spec)
{
  g_auto(GStrv) parts = g_strsplit (spec, "/", -1);
  JsonArray *path = json_array_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    if (g_ascii_isdigit (parts[i][0]))
      json_array_add_int_element (path, g_ascii_strtoll (parts[i], NULL, 10));
    else
      json_array_add_string_element (path, parts[i]);
  return path;
}

static JsonObject *
form_add (JsonArray  *forms,
          const char *id,
          const char *title,
          const char *detail,
          const char *action)
{
  JsonObject *form = json_object_new ();
  JsonNode *node = parse_node (action);

  json_object_set_string_member (form, "id", id);
  json_object_set_string_member (form, "title", title);
  json_object_set_string_member (form, "detail", detail != NULL ? detail : "");
  json_object_set_string_member (form, "reason", "");
  json_object_set_boolean_member (form, "enabled", node != NULL);
  json_object_set_boolean_member (form, "suggested", FALSE);
  json_object_set_boolean_member (form, "mandatory", FALSE);
  if (node != NULL)
    json_object_set_member (form, "action", node);
  else
    json_object_set_object_member (form, "action", json_object_new ());
  json_object_set_array_member (form, "fields", json_array_new ());
  json_array_add_object_element (forms, form);
  return form;
}

/* "then": a second button on @form that makes its action and, once it is stored, the
 * seat's form @id (its default action) in one tap ("Walk, Land and Rest"). */
static void
then_add (JsonObject *form,
          const char *id,
          const char *label)
{
  g_autofree char *title = plain (label);
  JsonObject *then = json_object_new ();

  if (!json_object_has_member (form, "then"))
    json_object_set_array_member (form, "then", json_array_new ());
  json_object_set_string_member (then, "id", id);
  json_object_set_string_member (then, "title", title);
  json_array_add_object_element (json_object_get_array_member (form, "then"), then);
}

/* One-tap forms say why not before they are tapped, as the window's buttons do. */
static void
form_check (JsonObject   *form,
            const DpGame *dp,
            const char   *action)
{
  g_autoptr(GError) error = NULL;

  if (!cb_presenter_check (dp, action, &error))
    {
      json_object_set_boolean_member (form, "enabled", FALSE);
      json_object_set_string_member (form, "reason", error->message);
    }
}

/* The row of red lines on the refill: 0 … 9 (cb-phone.js). */
#define RED_LINES_MAX 9

static JsonObject *
field_add (JsonObject *form,
           const char *type,
           const char *label,
           const char *path)
{
  JsonObject *field = json_object_new ();

  json_object_set_string_member (field, "type", type);
  json_object_set_string_member (field, "label", label);
  json_object_set_array_member (field, "path", path_new (path));
  json_array_add_object_element (json_object_get_array_member (form, "fields"), field);
  return field;
}

static JsonObject *
count_add (JsonObject *form,
           const char *label,
           const char *path,
           guint       min,
           guint       max,
           guint       value,
           gboolean    keep_zero)
{
  JsonObject *field = field_add (form, "count", label, path);

  json_object_set_int_member (field, "min", min);
  json_object_set_int_member (field, "max", MAX (min, max));
  json_object_set_int_member (field, "value", CLAMP (value, min, MAX (min, max)));
  json_object_set_boolean_member (field, "keep_zero", keep_zero);
  if (MAX (min, max) - min <= NUMBER_ROW_SPAN)
    json_object_set_boolean_member (field, "numbers", TRUE);
  return field;
}

/* A die as the boards draw it: its letter (blank) or face symbol, colours, and how many. */
static JsonObject *
die_icon (CbKind kind,
          CbFace face,
          guint  n)
{
  JsonObject *die = json_object_new ();

  json_object_set_string_member (die, "letter", face == CB_FACE_BLANK ? cb_presenter_kind_letter (kind)
                                                                      : cb_presenter_face_symbol (kind, face));
  json_object_set_string_member (die, "fill", cb_presenter_kind_fill (kind));
  json_object_set_string_member (die, "ink", cb_presenter_kind_ink (kind));
  json_object_set_int_member (die, "n", n);
  return die;
}

static void
swatch_set (JsonObject *field,
            CbKind      kind,
            CbFace      face)
{
  json_object_set_object_member (field, "swatch", die_icon (kind, face, 1));
}

static void
when_set (JsonObject *field,
          const char *path,
          guint       min)
{
  JsonObject *when = json_object_new ();

  json_object_set_array_member (when, "path", path_new (path));
  json_object_set_int_member (when, "min", min);
  json_object_set_object_member (field, "when", when);
}

/* Asked only while the pick at @path has one of the options @indices (taken) chosen. */
static void
when_options_set (JsonObject *field,
                  const char *path,
                  JsonArray  *indices)
{
  JsonObject *when = json_object_new ();

  json_object_set_array_member (when, "path", path_new (path));
  json_object_set_array_member (when, "options", indices);
  json_object_set_object_member (field, "when", when);
}

static JsonObject *
pick_add (JsonObject *form,
          const char *label,
          const char *path,
          const char *none)
{
  JsonObject *field = field_add (form, "pick", label, path);

  json_object_set_array_member (field, "options", json_array_new ());
  json_object_set_int_member (field, "value", 0);
  if (none != NULL)
    {
      JsonObject *option = json_object_new ();

      json_object_set_string_member (option, "title", none);
      json_object_set_null_member (option, "value");
      json_array_add_object_element (json_object_get_array_member (field, "options"), option);
    }
  return field;
}

static void
option_add (JsonObject *field,
            const char *title,
            JsonNode   *value)
{
  JsonObject *option = json_object_new ();

  json_object_set_string_member (option, "title", title);
  json_object_set_member (option, "value", value);
  json_array_add_object_element (json_object_get_array_member (field, "options"), option);
}

static guint
n_options (JsonObject *field)
{
  return json_array_get_length (json_object_get_array_member (field, "options"));
}

static JsonNode *
string_node (const char *s)
{
  JsonNode *node = json_node_new (JSON_NODE_VALUE);

  json_node_set_string (node, s);
  return node;
}

/* {"die": kind, key2: value2} as a choice's value. */
static JsonNode *
die_node (CbKind      kind,
          const char *key2,
          const char *value2)
{
  JsonObject *object = json_object_new ();
  JsonNode *node = json_node_new (JSON_NODE_OBJECT);

  json_object_set_string_member (object, "die", cb_kind_to_string (kind));
  if (key2 != NULL)
    json_object_set_string_member (object, key2, value2);
  json_node_take_object (node, object);
  return node;
}

/* One choice per die of @kinds (mask) @seat has in @zones (mask): {"die", "from"}. */
static void
place_options_add (JsonObject   *field,
                   const CbGame *game,
                   guint         seat,
                   guint         zones,
                   guint         kinds)
{
  for (CbZone z = CB_ZONE_DRAW; z < CB_N_ZONES; z++)
    for (CbKind k = 0; k < CB_N_KINDS; k++)
      if ((zones & (1u << z)) && (kinds & (1u << k)) && cb_game_get_dice (game, seat, z, k) > 0)
        {
          g_autofree char *place = cb_presenter_dup_die_place (k, z);

          option_add (field, place, die_node (k, "from", cb_zone_to_string (z)));
        }
}

/* A switch: on writes true (off leaves the member out), or, with @on_is_default, off
 * writes false (on leaves it out: what the engine takes when nothing is said). */
static JsonObject *
toggle_add (JsonObject *form,
            const char *label,
            const char *path,
            gboolean    value,
            gboolean    on_is_default)
{
  JsonObject *field = field_add (form, "toggle", label, path);

  json_object_set_boolean_member (field, "value", value);
  if (on_is_default)
    {
      json_object_set_null_member (field, "on");
      json_object_set_boolean_member (field, "off", FALSE);
    }
  else
    {
      json_object_set_boolean_member (field, "on", TRUE);
      json_object_set_null_member (field, "off");
    }
  return field;
}

/* A number the card prints, as one tap on @first … @max instead of counting up to it. */
static JsonObject *
number_pick_add (JsonObject *form,
                 const char *label,
                 const char *path,
                 int         current,
                 int         first,
                 guint       max)
{
  JsonObject *field = pick_add (form, label, path, current < 0 ? "?" : NULL);

  for (int n = first; n <= (int) max; n++)
    {
      char title[8];
      JsonNode *node = json_node_new (JSON_NODE_VALUE);

      g_snprintf (title, sizeof title, "%d", n);
      json_node_set_int (node, n);
      option_add (field, title, node);
      if (n == current)
        json_object_set_int_member (field, "value", n - first);
    }
  json_object_set_boolean_member (field, "required", current < 0);
  json_object_set_boolean_member (field, "numbers", TRUE);
  return field;
}

/* ---- Fan questions (cb-fan-questions.c): credits and supply tokens of untold spaces ---- */

static void
fan_questions_add (JsonObject   *form,
                   const DpGame *dp,
                   guint         seat,
                   guint         advances,
                   const char   *array_path,
                   const char   *when_path)
{
  guint spaces[CB_FAN_LAST_SPACE];
  guint n = cb_presenter_get_untold_fan_spaces (dp, seat, advances, spaces);
  guint fans = cb_game_get_fans (cb_game_from_dp_const (dp), seat);
  JsonObject *action = json_object_get_object_member (form, "action");
  JsonArray *told = json_array_new ();

  for (guint i = 0; i < n; i++)
    {
      JsonObject *space = json_object_new ();
      g_autofree char *credits_q = g_strdup_printf (_("Fan space %u: credits shown?"), spaces[i]);
      g_autofree char *supply_q = g_strdup_printf (_("Fan space %u: supply tokens shown?"), spaces[i]);
      g_autofree char *credits_path = g_strdup_printf ("%s/%u/credits", array_path, i);
      g_autofree char *supply_path = g_strdup_printf ("%s/%u/supply", array_path, i);
      JsonObject *field;

      json_object_set_int_member (space, "space", spaces[i]);
      json_object_set_int_member (space, "credits", 0);
      json_object_set_int_member (space, "supply", 0);
      json_array_add_object_element (told, space);
      /* Asked once the advances reach the space from where the fan stands (p. 11: one
       * space per advance; spaces told before are passed, not asked). */
      field = count_add (form, credits_q, credits_path, 0, 9, 0, TRUE);
      if (when_path != NULL)
        when_set (field, when_path, spaces[i] - fans);
      field = count_add (form, supply_q, supply_path, 0, 3, 0, TRUE);
      if (when_path != NULL)
        when_set (field, when_path, spaces[i] - fans);
    }
  if (n == 0)
    {
      json_array_unref (told);
      return;
    }
  /* The told spaces go in the action's "fan" (at its top level, as the window writes). */
  json_object_set_array_member (action, array_path, told);
}

/* ---- Landing bonus (cb-bonus-editor.c) ---- */

static void
bonus_fields_add (JsonObject   *form,
                  const DpGame *dp,
                  const CbGame *game,
                  guint         seat,
                  const char   *prefix,
                  guint         take_kinds)
{
  g_autofree char *credits = g_strdup_printf ("%s/credits", prefix);
  g_autofree char *fans = g_strdup_printf ("%s/fans", prefix);
  g_autofree char *take = g_strdup_printf ("%s/take", prefix);
  g_autofree char *lose = g_strdup_printf ("%s/lose/0", prefix);
  g_autofree char *take_label = plain (_("Take a die for free"));
  JsonObject *field;
  g_autoptr(JsonArray) untold = json_array_new ();   /* the take's options whose cost is untold */

  count_add (form, _("Credits"), credits, 0, 9, 0, FALSE);
  count_add (form, _("Fan-track advances"), fans, 0, MAX_LANDING_FANS, 0, FALSE);
  field = pick_add (form, take_label, take, _("no die"));
  for (CbKind k = 0; k < CB_N_KINDS; k++)
    if ((take_kinds & (1u << k)) && cb_game_get_supply (game, k) > 0)
      {
        g_autofree char *title = cb_presenter_dup_kind_title (k);

        option_add (field, title, string_node (cb_kind_to_string (k)));
        if (CB_KIND_IS_COLOUR (k) && cb_game_get_cost (game, CB_COLOUR_OF (k)) < 0)
          json_array_add_int_element (untold, n_options (field) - 1);
      }
  if (n_options (field) <= 1)
    json_array_remove_element (json_object_get_array_member (form, "fields"),
                               json_array_get_length (json_object_get_array_member (form, "fields")) - 1);
  else if (json_array_get_length (untold) > 0)
    /* Asked only while such a die is taken (issue 23, played as a table would). */
    when_options_set (count_add (form, _("Cost printed on that die’s card"), "cost", 0, 9, 0, FALSE),
                      take, g_steal_pointer (&untold));

  /* One die given back, from any area that holds one (the window's „Give back dice …“). */
  field = pick_add (form, _("Colour of the dice given back"), lose, _("none"));
  place_options_add (field, game, seat, (1u << CB_N_ZONES) - 1, ((1u << CB_N_KINDS) - 1) & ~(1u << CB_KIND_TOP_DOG));
  if (n_options (field) <= 1)
    json_array_remove_element (json_object_get_array_member (form, "fields"),
                               json_array_get_length (json_object_get_array_member (form, "fields")) - 1);
  fan_questions_add (form, dp, seat, MAX_LANDING_FANS, "fan", fans);
}

/* ---- The phases ---- */

static void
simple_form (JsonArray    *forms,
             const DpGame *dp,
             const char   *id,
             const char   *label,
             const char   *detail,
             char         *action)   /* taken */
{
  g_autofree char *title = plain (label);
  g_autofree char *owned = action;

  form_check (form_add (forms, id, title, detail, owned), dp, owned);
}

static void
redeem_form (JsonArray    *forms,
             const DpGame *dp,
             const CbGame *game,
             guint         seat)
{
  guint credits = cb_game_get_credits (game, seat);
  g_autofree char *action = NULL;
  JsonObject *form;

  if (credits == 0)
    return;
  action = cb_presenter_action_number (game, seat, CB_ACTION_REDEEM, credits);
  form = form_add (forms, "redeem", _("All Credits → Coins"), _("Turn every credit token into a coin"), action);
  form_check (form, dp, action);
  if (json_object_get_boolean_member (form, "enabled"))
    count_add (form, _("Credits"), "redeem", 1, credits, credits, FALSE);
}

static void
decide_forms (JsonArray    *forms,
              const DpGame *dp,
              const CbGame *game,
              guint         seat)
{
  gboolean danger = cb_game_in_danger (game, seat);
  JsonObject *push, *pass;
  guint n;

  simple_form (forms, dp, "push", _("_Push"), _("Roll the ready dice again"),
               cb_presenter_action_simple (game, seat, CB_ACTION_PUSH));
  simple_form (forms, dp, "pass", _("P_ass"), _("End your roll section"),
               cb_presenter_action_simple (game, seat, CB_ACTION_PASS));
  n = json_array_get_length (forms);
  push = json_array_get_object_element (forms, n - 2);
  pass = json_array_get_object_element (forms, n - 1);
  /* In danger the safe choice is the suggested one, and the board says why. */
  json_object_set_boolean_member (danger ? pass : push, "suggested", TRUE);
  if (danger)
    json_object_set_string_member (push, "detail", _("⚠ In danger: a roll without a hit busts"));
}

static void
bust_form (JsonArray    *forms,
           const DpGame *dp,
           const CbGame *game,
           guint         seat)
{
  guint to_rest[CB_N_KINDS] = { 0, };
  g_autofree char *action = cb_presenter_bust_action (game, seat, to_rest, NULL, 0, NULL);
  g_autofree char *title = plain (_("Take the _Bust"));
  JsonObject *form = form_add (forms, "bust", title, _("Active dice go to rest, your fan advances 1"), action);

  json_object_set_boolean_member (form, "suggested", TRUE);
  for (CbKind k = 0; k < CB_N_KINDS; k++)
    {
      guint n = cb_game_get_dice (game, seat, CB_ZONE_READY, k);
      g_autofree char *q = NULL;
      g_autofree char *path = NULL;

      if (n == 0 || k == CB_KIND_TOP_DOG)
        continue;
      q = g_strdup_printf (_("%s dice from the ready area to rest"), cb_kind_get_name (k));
      path = g_strdup_printf ("bust/%s", cb_kind_to_string (k));
      swatch_set (count_add (form, q, path, 0, n, 0, FALSE), k, CB_FACE_BLANK);
    }
  fan_questions_add (form, dp, seat, 1, "fan", NULL);
}

static void
support_forms (JsonArray    *forms,
               const DpGame *dp,
               const CbGame *game,
               guint         seat)
{
  g_autofree char *collect = cb_presenter_collect_action (game, seat, TRUE);
  g_autofree char *title = plain (_("_Collect"));
  guint coins = 0, steps = 0, credits = 0;
  g_autofree char *hint = NULL;
  g_autofree char *coins_text = NULL, *steps_text = NULL, *credits_text = NULL;
  JsonObject *form;

  for (CbKind k = 0; k < CB_N_KINDS; k++)
    for (CbFace f = 0; f < CB_N_FACES; f++)
      {
        guint n = cb_game_get_active_faces (game, seat, k, f);

        coins += n * cb_face_coins (f);
        steps += n * cb_face_steps (f);
        credits += n * cb_face_credits (f);
      }
  /* In the language's plural ("+1 step"), with cb-odds.c's words. */
  coins_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u coin", "+%u coins", coins), coins);
  steps_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u step", "+%u steps", steps), steps);
  credits_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "+%u credit", "+%u credits", credits), credits);
  hint = g_strjoin (_(", "), coins_text, steps_text, credits_text, NULL);
  form = form_add (forms, "collect", title, hint, collect);
  form_check (form, dp, collect);
  json_object_set_boolean_member (form, "suggested", TRUE);
  if (credits > 0 && json_object_get_boolean_member (form, "enabled"))
    {
      g_autofree char *label = plain (_("_Take the credits shown"));
      toggle_add (form, label, "credits", TRUE, TRUE);
    }
  {
    /* As on the window (cb-support-section.c, issue 15): with nothing to choose (no credit
     * faces) one tap collects and announces; the page sends "first", then "action". */
    gboolean pending = json_object_get_boolean_member (form, "enabled") && credits == 0;
    g_autofree char *announce = cb_presenter_action_simple (game, seat, CB_ACTION_ANNOUNCE);
    g_autofree char *label = plain (pending ? _("Collect and A_nnounce Swords") : _("A_nnounce Swords"));
    JsonObject *both = form_add (forms, "announce", label, _("Fix your swords for the red card"), announce);

    if (pending)
      {
        json_object_set_member (both, "first", json_node_copy (json_object_get_member (form, "action")));
        json_object_set_boolean_member (form, "suggested", FALSE);
        json_object_set_boolean_member (both, "suggested", TRUE);
      }
    else
      form_check (both, dp, announce);
  }
}

/* Jesus Huanako, Dalai (p. 14): the water spaces this move enters, while the runner may. */
static void
water_add (JsonObject   *form,
           const CbGame *game,
           guint         seat,
           guint         steps)
{
  guint water = MIN (cb_game_get_water (game, seat), steps);

  if (water > 0)
    /* Translators: on the phone's move form, with Jesus Huanako or Dalai (p. 14) */
    count_add (form, _("Water spaces this move enters"), "water", 0, water, 0, FALSE);
}

static void shop_ahead (JsonArray *forms, const DpGame *dp, guint seat, const char *land);

static void
move_forms (JsonArray    *forms,
            const DpGame *dp,
            const CbGame *game,
            guint         seat)
{
  guint steps = cb_game_get_steps (game, seat);
  guint buyable = cb_game_get_coins (game, seat) / CB_COINS_PER_STEP;
  gboolean finished = cb_game_has_finished_race (game, seat);
  JsonObject *form, *walk = NULL;
  g_autofree char *land = NULL;
  CbMove move;

  if (buyable > 0)
    {
      g_autofree char *action = cb_presenter_action_number (game, seat, CB_ACTION_BUY_STEPS, buyable);
      g_autofree char *detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "All: %u Coins → %u Step",
                                                              "All: %u Coins → %u Steps", buyable),
                                                 buyable * CB_COINS_PER_STEP, buyable);

      g_autofree char *title = plain (_("4 Coins → 1 _Step"));

      form = form_add (forms, "buy_steps", title, detail, action);
      form_check (form, dp, action);
      /* One step to buy: nothing to choose, one button (issue 23, played on phones). */
      if (json_object_get_boolean_member (form, "enabled") && buyable > 1)
        count_add (form, _("Steps"), "buy_steps", 1, buyable, buyable, FALSE);
    }

  /* Walk and land: the last move of the round, all steps by default (the window's). */
  cb_move_init (&move);
  move.steps = steps;
  move.last = TRUE;
  if (finished)
    move.beyond = 0;
  {
    g_autofree char *action = cb_move_dup_action (&move, game, seat);
    g_autofree char *title = plain (_("Walk and _Land"));

    form = form_add (forms, "land", title, _("The last move of this round: take the space’s bonus"), action);
    json_object_set_boolean_member (form, "suggested", TRUE);
    land = g_strdup (action);
    /* Nothing to buy after it: the rest in the same tap (the shop below, with nothing to
     * walk, comes with the landing itself). */
    if (steps > 0)
      then_add (form, "rest", _("Walk, Land and Rest"));
    count_add (form, _("Spaces to walk now"), "move", 0, steps, steps, TRUE);
    water_add (form, game, seat, steps);
    /* The bonus before the finish, which comes once a race: the credits and fans a
     * landing brings most rounds are then on screen with the button (issue 23). */
    bonus_fields_add (form, dp, game, seat, "landed", (1u << CB_N_KINDS) - 1);
    if (!finished)
      {
        g_autofree char *label = plain (_("The runner crosses the _finish line in this move"));

        toggle_add (form, label, "finish", FALSE, FALSE);
        /* "beyond" is asked once the runner is through the finish. */
        when_set (count_add (form, _("Spaces beyond the start after finishing"), "beyond", 0, 20, 0, TRUE),
                  "finish", 1);
      }
    else
      count_add (form, _("Spaces beyond the start after finishing"), "beyond", 0, 20, 0, TRUE);
  }

  if (steps > 0)
    {
      g_autofree char *action = NULL;
      g_autofree char *title = plain (_("_Walk, More to Come"));

      move.last = FALSE;
      action = cb_move_dup_action (&move, game, seat);
      form = walk = form_add (forms, "walk", title, _("Walk these spaces and keep moving this round"), action);
      count_add (form, _("Spaces to walk now"), "move", 1, steps, steps, TRUE);
      water_add (form, game, seat, steps);
      if (!finished)
        {
          g_autofree char *label = plain (_("The runner crosses the _finish line in this move"));
          toggle_add (form, label, "finish", FALSE, FALSE);
        }
    }

  simple_form (forms, dp, "jet", _("_Jet Boost"), _("Landed on a jet boost: double the steps left"),
               cb_presenter_action_simple (game, seat, CB_ACTION_JET));
  if (!json_object_get_boolean_member (json_array_get_object_element (forms, json_array_get_length (forms) - 1),
                                       "enabled"))
    json_array_remove_element (forms, json_array_get_length (forms) - 1);
  else if (walk != NULL)
    /* Walked onto the jet boost: the walk and the boost in one tap. */
    then_add (walk, "jet", _("Walk and Jet Boost"));
  if (steps > 0)
    {
      g_autofree char *action = cb_presenter_action_number (game, seat, CB_ACTION_SHORTCUT, steps);
      g_autofree char *title = plain (_("S_hortcut"));

      form = form_add (forms, "shortcut", title, _("Pay steps for a shortcut (the track shows the cost)"), action);
      count_add (form, _("Steps"), "shortcut", 1, steps, 1, FALSE);
    }
  redeem_form (forms, dp, game, seat);
  if (steps == 0 && land != NULL)
    shop_ahead (forms, dp, seat, land);
  /* "Walk, Land and Rest" on top: most rounds end with it (issue 23, played as a table
   * would: it sat below the whole landing form, a scroll away). */
  for (guint i = 1; i < json_array_get_length (forms); i++)
    if (g_str_equal (json_object_get_string_member (json_array_get_object_element (forms, i), "id"), "rest"))
      {
        g_autoptr(JsonObject) rest = json_object_ref (json_array_get_object_element (forms, i));
        g_autoptr(JsonArray) reordered = json_array_new ();

        json_array_add_object_element (reordered, g_steal_pointer (&rest));
        for (guint j = 0; j < json_array_get_length (forms); j++)
          if (j != i)
            json_array_add_element (reordered, json_node_copy (json_array_get_element (forms, j)));
        while (json_array_get_length (forms) > 0)
          json_array_remove_element (forms, 0);
        for (guint j = 0; j < json_array_get_length (reordered); j++)
          json_array_add_element (forms, json_node_copy (json_array_get_element (reordered, j)));
        break;
      }
}

static void
shop_forms (JsonArray    *forms,
            const DpGame *dp,
            const CbGame *game,
            guint         seat)
{
  /* Rest first: most rounds end with it, below eight cards it was a scroll away. */
  simple_form (forms, dp, "rest", _("_Rest"), _("Active dice go to rest; unspent coins are lost"),
               cb_presenter_action_simple (game, seat, CB_ACTION_REST));
  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      CbKind kind = CB_KIND_OF (c);
      g_autofree char *reason = cb_presenter_dup_buy_reason (dp, seat, c);
      g_autofree char *kind_title = cb_presenter_dup_kind_title (kind);
      g_autofree char *title = g_strdup_printf (_("Buy %s"), kind_title);
      g_autofree char *card = cb_presenter_dup_card_text (game, c);
      int cost = cb_game_get_cost (game, c);
      g_autofree char *action = cb_presenter_buy_action (game, seat, c, -1);
      g_autofree char *id = g_strdup_printf ("buy:%s", cb_kind_to_string (kind));
      JsonObject *form;

      if (cb_game_get_supply (game, kind) == 0)
        continue;
      form = form_add (forms, id, title, card, action);
      if (cost < 0)
        {
          g_autofree char *card_title = cb_presenter_dup_card_title (cb_game_get_card (game, c));
          g_autofree char *question = g_strdup_printf (_("Cost printed on %s"), card_title);
          g_autofree char *cheapest = cb_presenter_buy_action (game, seat, c, 1);

          /* Only costs the player could pay are offered: one row of numbers. When even
           * a cost of 1 cannot be bought, the engine's reason says why. */
          form_check (form, dp, cheapest);
          if (json_object_get_boolean_member (form, "enabled"))
            {
              /* The number is the only answer: its tap buys (issue 23, taps). */
              JsonObject *field = number_pick_add (form, question, "cost", -1, 1, MIN (cb_game_get_coins (game, seat), 9));
              json_object_set_boolean_member (field, "sends", TRUE);
            }
        }
      else if (reason != NULL)
        {
          json_object_set_boolean_member (form, "enabled", FALSE);
          json_object_set_string_member (form, "reason", reason);
        }
      if (cost >= 0 && cb_game_can_correct_cost (game, c))
        {
          g_autofree char *card_title = cb_presenter_dup_card_title (cb_game_get_card (game, c));
          g_autofree char *correct_title = g_strdup_printf (_("Correct the cost of %s"), card_title);
          g_autofree char *question = g_strdup_printf (_("Cost printed on %s"), card_title);
          g_autofree char *correct = cb_presenter_correct_cost_action (game, seat, c, cost);
          g_autofree char *correct_id = g_strdup_printf ("correct:%s", cb_kind_to_string (kind));
          const char *origin = cb_presenter_get_cost_origin (game, c);

          form = form_add (forms, correct_id, correct_title, origin, correct);
          json_object_set_boolean_member (form, "minor", TRUE);
          json_object_set_boolean_member (number_pick_add (form, question, "cost", cost, 1, 9), "sends", TRUE);
        }
    }
  redeem_form (forms, dp, game, seat);
}

/* With nothing to walk, the landing (move 0: no bonus, p. 10) is no decision of its own:
 * the shop's forms come with it, each sending @land "first" (issue 23, taps). Built on a
 * copy after @land, so each is what the shop then offers; the engine checks both. */
static void
shop_ahead (JsonArray    *forms,
            const DpGame *dp,
            guint         seat,
            const char   *land)
{
  g_autoptr(DpGame) after = dp_game_copy (dp);
  g_autoptr(JsonArray) ahead = NULL;
  g_autoptr(JsonNode) first = parse_node (land);
  const CbGame *game;

  if (first == NULL || !dp_game_apply_text (after, land, NULL))
    return;
  game = cb_game_from_dp_const (after);
  if (cb_game_is_finished (game) || !cb_game_must_act (game, seat)
      || cb_presenter_get_shown_phase (game, seat) != CB_PHASE_SHOP)
    return;
  ahead = json_array_new ();
  shop_forms (ahead, after, game, seat);
  for (guint i = 0; i < json_array_get_length (ahead); i++)
    {
      JsonObject *form = json_array_get_object_element (ahead, i);
      const char *id = json_object_get_string_member (form, "id");

      /* Redeeming is offered before the landing too; what cannot be done is left out. */
      if (g_str_equal (id, "redeem") || !json_object_get_boolean_member (form, "enabled"))
        continue;
      if (g_str_equal (id, "rest"))
        {
          g_autofree char *title = plain (_("Walk, Land and Rest"));
          json_object_set_string_member (form, "title", title);
        }
      json_object_set_member (form, "first", json_node_copy (first));
      json_array_add_object_element (forms, json_object_ref (form));
    }
}

/* ---- Card abilities (cb-ability-editor.c) ---- */

static void
roll_fields_add (JsonObject   *form,
                 const char   *prefix,
                 const guint   kinds[CB_N_KINDS])
{
  for (CbKind k = 0; k < CB_N_KINDS; k++)
    {
      if (kinds[k] == 0)
        continue;
      for (CbFace f = 0; f < CB_N_FACES; f++)
        {
          g_autofree char *label = NULL;
          g_autofree char *path = NULL;

          if (f == CB_FACE_BLANK || cb_kind_count_face (k, f) == 0)
            continue;
          label = g_strdup_printf (_("%s dice showing %s"), cb_kind_get_name (k), cb_face_get_name (f));
          path = g_strdup_printf ("%s/%s/%s", prefix, cb_kind_to_string (k), cb_face_to_string (f));
          swatch_set (count_add (form, label, path, 0, kinds[k], 0, FALSE), k, f);
        }
    }
}

/* TRUE when a die of @kinds (mask) may be taken whose card cost nobody told yet. */
static gboolean
take_untold (const CbGame *game,
             guint         kinds)
{
  for (CbKind k = 0; k < CB_N_KINDS; k++)
    if ((kinds & (1u << k)) && CB_KIND_IS_COLOUR (k) && cb_game_get_cost (game, CB_COLOUR_OF (k)) < 0)
      return TRUE;
  return FALSE;
}

static void
ability_form (JsonArray          *forms,
              const DpGame       *dp,
              const CbGame       *game,
              guint               seat,
              const CbAbilityUse *use)
{
  CbAbilityForm ability;
  g_autofree char *action = NULL;
  g_autofree char *title = NULL;
  g_autofree char *id = NULL;
  const CbAbilityParams *info;
  JsonObject *form, *field;
  g_autoptr(JsonArray) untold = json_array_new ();   /* the take's options whose cost is untold */
  JsonNode *node;
  guint rolled_kinds[CB_N_KINDS] = { 0, };

  if (!cb_ability_form_init (&ability, game, seat, use))
    return;
  info = &ability.info;
  /* Choices start empty on the phone: a counter or a choice is one tap either way. */
  action = cb_ability_form_dup_action (&ability, game, seat);
  title = cb_presenter_dup_ability_title (use);
  if (use->mandatory)
    {
      /* As the window's list says it (cb-ability-list.c). */
      char *must = g_strdup_printf (_("Must: %s"), title);

      g_free (title);
      title = must;
    }
  node = parse_node (action);
  id = g_strdup_printf ("ability:%s:%u:%s",
                        node != NULL ? json_object_get_string_member_with_default (json_node_get_object (node),
                                                                                   "ability", "")
                                     : "",
                        use->number, cb_face_to_string (use->face));
  g_clear_pointer (&node, json_node_unref);
  form = form_add (forms, id, title, NULL, action);
  {
    g_autofree char *use_label = plain (_("_Use Ability"));
    json_object_set_string_member (form, "send", use_label);
  }
  json_object_set_boolean_member (form, "mandatory", use->mandatory);
  json_object_set_boolean_member (form, "suggested", use->mandatory);

  if (info->params & CB_PARAM_LOSE)
    {
      field = pick_add (form, _("Die to give back"), "lose",
                        (info->required & CB_PARAM_LOSE) ? NULL : _("No die"));
      place_options_add (field, game, seat, info->lose_zones, info->lose_kinds);
    }
  if (info->params & CB_PARAM_GIVE)
    {
      field = pick_add (form, _("Die to put into another player’s rest zone"), "give",
                        (info->required & CB_PARAM_GIVE) ? NULL : _("No die"));
      place_options_add (field, game, seat, info->give_zones, info->give_kinds);
      field = pick_add (form, _("Player who gets it (fewest swords)"), "give/to", NULL);
      for (guint s = 0; s < cb_game_get_n_players (game); s++)
        if (info->give_to & (1u << s))
          option_add (field, cb_game_get_player_name (game, s), string_node (cb_game_get_player_name (game, s)));
    }
  if (info->params & CB_PARAM_DIE)
    {
      guint faces = 0;

      field = pick_add (form, info->die_from_supply ? _("Die from the supply") : _("Die from your ready area"),
                        "die", (info->required & CB_PARAM_DIE) ? NULL : _("No die"));
      for (CbKind k = 0; k < CB_N_KINDS; k++)
        if (info->die_kinds & (1u << k))
          {
            g_autofree char *kind_title = cb_presenter_dup_kind_title (k);

            option_add (field, kind_title, string_node (cb_kind_to_string (k)));
            for (CbFace f = 0; f < CB_N_FACES; f++)
              if (cb_kind_count_face (k, f) > 0)
                faces |= 1u << f;
          }
      field = pick_add (form, _("Face it is turned to"), "set", NULL);
      for (CbFace f = 0; f < CB_N_FACES; f++)
        if (faces & (1u << f))
          option_add (field, cb_face_get_name (f), string_node (cb_face_to_string (f)));
    }
  if (info->params & CB_PARAM_OTHER)
    {
      field = pick_add (form, _("Other active die to put into your ready area"), "other",
                        (info->required & CB_PARAM_OTHER) ? NULL : _("No die"));
      for (CbKind k = 0; k < CB_N_KINDS; k++)
        for (CbFace f = 0; f < CB_N_FACES; f++)
          if (cb_game_get_active_faces (game, seat, k, f) > 0)
            {
              g_autofree char *kind_title = cb_presenter_dup_kind_title (k);
              g_autofree char *label = g_strdup_printf (_("%s · %s"), kind_title, cb_face_get_name (f));

              option_add (field, label, die_node (k, "face", cb_face_to_string (f)));
            }
    }
  if (info->params & CB_PARAM_TAKE)
    {
      field = pick_add (form, _("Die to take from the supply"), "take",
                        (info->required & CB_PARAM_TAKE) || info->take_forced ? NULL : _("No die"));
      for (CbKind k = 0; k < CB_N_KINDS; k++)
        if ((info->take_kinds & (1u << k)) && cb_game_get_supply (game, k) > 0)
          {
            g_autofree char *kind_title = cb_presenter_dup_kind_title (k);
            option_add (field, kind_title, string_node (cb_kind_to_string (k)));
            if (CB_KIND_IS_COLOUR (k) && cb_game_get_cost (game, CB_COLOUR_OF (k)) < 0)
              json_array_add_int_element (untold, n_options (field) - 1);
          }
    }
  if ((info->params & CB_PARAM_COST) && take_untold (game, info->take_kinds))
    {
      field = count_add (form, _("Cost printed on that die’s card"), "cost", 0, 12, 0, FALSE);
      /* Asked only while a die of an untold cost is taken (as on the landing). */
      if (info->params & CB_PARAM_TAKE)
        when_options_set (field, "take", g_steal_pointer (&untold));
    }
  if (info->params & CB_PARAM_DICE)
    for (CbKind k = 0; k < CB_N_KINDS; k++)
      if (info->dice_max[k] > 0)
        {
          g_autofree char *path = g_strdup_printf ("dice/%s", cb_kind_to_string (k));
          g_autofree char *label = cb_presenter_dup_die_place (k, CB_ZONE_DRAW);

          swatch_set (count_add (form, label, path, info->dice_min[k], info->dice_max[k], info->dice_min[k],
                                 FALSE), k, CB_FACE_BLANK);
          rolled_kinds[k] = info->dice_max[k];
        }
  if (info->params & CB_PARAM_FROM)
    for (CbZone z = CB_ZONE_DRAW; z < CB_N_ZONES; z++)
      for (CbKind k = 0; k < CB_N_KINDS; k++)
        {
          guint n = cb_game_get_dice (game, seat, z, k);

          if (!(info->from_zones & (1u << z)) || !(info->from_kinds & (1u << k)) || n == 0)
            continue;
          n = MIN (n, info->from_max);
          if (z == CB_ZONE_ACTIVE)
            for (CbFace f = 0; f < CB_N_FACES; f++)
              {
                guint m = cb_game_get_active_faces (game, seat, k, f);
                g_autofree char *path = NULL;
                g_autofree char *label = NULL;
                g_autofree char *place = NULL;

                if (m == 0)
                  continue;
                place = cb_presenter_dup_die_place (k, z);
                label = g_strdup_printf (_("%s · %s"), place, cb_face_get_name (f));
                path = g_strdup_printf ("from/active/%s/%s", cb_kind_to_string (k), cb_face_to_string (f));
                swatch_set (count_add (form, label, path, 0, MIN (m, n), 0, FALSE), k, f);
              }
          else
            {
              g_autofree char *path = g_strdup_printf ("from/%s/%s", cb_zone_to_string (z), cb_kind_to_string (k));
              g_autofree char *label = cb_presenter_dup_die_place (k, z);

              swatch_set (count_add (form, label, path, 0, n, 0, FALSE), k, CB_FACE_BLANK);
            }
          rolled_kinds[k] += n;
        }
  if (info->params & CB_PARAM_ROLLED)
    {
      if (!(info->params & (CB_PARAM_DICE | CB_PARAM_FROM)))
        memcpy (rolled_kinds, info->rolled, sizeof rolled_kinds);
      if (!json_object_has_member (json_object_get_object_member (form, "action"), "rolled"))
        json_object_set_object_member (json_object_get_object_member (form, "action"), "rolled",
                                       json_object_new ());
      roll_fields_add (form, "rolled", rolled_kinds);
    }
  if (info->params & CB_PARAM_ROLLED2)
    {
      if (!json_object_has_member (json_object_get_object_member (form, "action"), "rolled2"))
        json_object_set_object_member (json_object_get_object_member (form, "action"), "rolled2",
                                       json_object_new ());
      roll_fields_add (form, "rolled2", rolled_kinds);
    }
  if (info->params & CB_PARAM_RED_LINES)
    {
      /* One tap on the number counted on the track, not one per line; when nothing is
       * asked after it, that tap uses the ability (issue 23, taps). */
      JsonObject *lines = number_pick_add (form, _("Red lines between your runner and the finish?"), "red_lines",
                                           (int) ability.red_lines, 0, 30);

      if (!(info->params & (CB_PARAM_FINISH | CB_PARAM_BONUS)) && info->fan_advances == 0)
        json_object_set_boolean_member (lines, "sends", TRUE);
    }
  if (info->params & CB_PARAM_FINISH)
    {
      g_autofree char *label = plain (_("This step reaches the _finish line"));
      toggle_add (form, label, "finish", FALSE, FALSE);
    }
  if (info->params & CB_PARAM_BONUS)
    bonus_fields_add (form, dp, game, seat, "bonus", info->take_kinds != 0 ? info->take_kinds
                                                                           : (1u << CB_N_KINDS) - 1);
  else if (info->fan_advances > 0)
    fan_questions_add (form, dp, seat, info->fan_advances, "fan", NULL);

  if (json_array_get_length (json_object_get_array_member (form, "fields")) == 0)
    form_check (form, dp, action);
}

JsonArray *
cb_seat_view_forms (const DpGame *dp,
                    const CbGame *game,
                    guint         seat)
{
  JsonArray *forms = json_array_new ();
  g_autoptr(GArray) abilities = NULL;
  g_autofree char *held_back = NULL;
  CbPhase phase;

  g_return_val_if_fail (game != NULL && seat < cb_game_get_n_players (game), forms);

  if (cb_game_is_finished (game) || !cb_game_must_act (game, seat))
    return forms;

  /* Mandatory abilities first: the round waits for them, and the first says why. */
  abilities = cb_game_list_abilities (game, seat);
  cb_game_has_mandatory (game, seat, &held_back);
  for (guint i = 0; i < abilities->len; i++)
    if (g_array_index (abilities, CbAbilityUse, i).mandatory)
      ability_form (forms, dp, game, seat, &g_array_index (abilities, CbAbilityUse, i));

  /* The window's section: announced swords already show the move (cb-presenter). */
  if (held_back != NULL && json_array_get_length (forms) > 0)
    json_object_set_string_member (json_array_get_object_element (forms, 0), "detail", held_back);

  phase = cb_presenter_get_shown_phase (game, seat);
  switch ((int) phase)
    {
    case CB_PHASE_DECIDE:
      decide_forms (forms, dp, game, seat);
      break;
    case CB_PHASE_BUST:
      bust_form (forms, dp, game, seat);
      break;
    case CB_PHASE_SUPPORT:
      support_forms (forms, dp, game, seat);
      break;
    case CB_PHASE_MOVE:
      move_forms (forms, dp, game, seat);
      break;
    case CB_PHASE_SHOP:
      shop_forms (forms, dp, game, seat);
      break;
    default:
      break;
    }

  for (guint i = 0; i < abilities->len; i++)
    if (!g_array_index (abilities, CbAbilityUse, i).mandatory)
      ability_form (forms, dp, game, seat, &g_array_index (abilities, CbAbilityUse, i));
  return forms;
}

/* ---- Boards, shop, entries ---- */

static JsonObject *
kind_object (CbKind kind)
{
  JsonObject *object = json_object_new ();
  g_autofree char *title = cb_presenter_dup_kind_title (kind);

  json_object_set_string_member (object, "key", cb_kind_to_string (kind));
  json_object_set_string_member (object, "title", title);
  json_object_set_string_member (object, "letter", cb_presenter_kind_letter (kind));
  json_object_set_string_member (object, "fill", cb_presenter_kind_fill (kind));
  json_object_set_string_member (object, "ink", cb_presenter_kind_ink (kind));
  return object;
}

static void
board_add (JsonArray    *players,
           const DpGame *dp,
           const CbGame *game,
           guint         seat)
{
  JsonObject *player;
  JsonArray *rows = json_array_new ();
  JsonArray *areas = json_array_new ();
  g_autofree char *total = g_strdup_printf ("%u", cb_game_get_spaces_moved (game, seat));
  g_autofree char *phase = NULL;
  g_autofree char *position = NULL;
  static const struct { const char *label; guint (*get) (const CbGame *, guint); } counts[] = {
    { N_("coins"), cb_game_get_coins },
    { N_("steps"), cb_game_get_steps },
    { N_("credits"), cb_game_get_credits },
    { N_("fans"), cb_game_get_fans },
    { N_("supply"), cb_game_get_supply_tokens },
    { N_("limit"), cb_game_get_limit },
  };
  static const char *const titles[CB_N_ZONES] = {
    N_("Draw area"), N_("Ready area"), N_("Active area"), N_("Rest zone")
  };

  phase = cb_presenter_dup_board_phase (game, seat);
  position = cb_presenter_dup_board_position (game, seat);

  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      g_autofree char *value = g_strdup_printf ("%u", counts[i].get (game, seat));
      dp_table_view_add_row (rows, _(counts[i].label), value, NULL, FALSE);
    }
  for (CbZone z = CB_ZONE_DRAW; z < CB_N_ZONES; z++)
    {
      JsonObject *area = json_object_new ();
      JsonArray *dice = json_array_new ();
      g_autofree char *title = g_strdup_printf (_("%s · %u"), _(titles[z]), cb_game_count_zone (game, seat, z));

      for (CbKind k = 0; k < CB_N_KINDS; k++)
        {
          guint n = cb_game_get_dice (game, seat, z, k);

          if (n == 0)
            continue;
          if (z == CB_ZONE_ACTIVE)
            {
              for (CbFace f = 0; f < CB_N_FACES; f++)
                {
                  guint m = cb_game_get_active_faces (game, seat, k, f);

                  if (m > 0)
                    json_array_add_object_element (dice, die_icon (k, f, m));
                }
            }
          else
            json_array_add_object_element (dice, die_icon (k, CB_FACE_BLANK, n));
        }
      json_object_set_string_member (area, "title", title);
      json_object_set_array_member (area, "dice", dice);
      json_array_add_object_element (areas, area);
    }

  player = dp_table_view_add_player (players, dp, seat, rows);
  json_object_set_string_member (player, "total", total);
  json_object_set_string_member (player, "phase", phase);
  json_object_set_string_member (player, "position", position);
  json_object_set_boolean_member (player, "top_dog", cb_game_get_top_dog (game) == seat);
  json_object_set_boolean_member (player, "danger", cb_presenter_board_in_danger (game, seat));
  json_object_set_boolean_member (player, "bust", cb_presenter_board_busted (game, seat));
  json_object_set_array_member (player, "areas", areas);
}

static JsonArray *
shop_array (const CbGame *game)
{
  JsonArray *shop = json_array_new ();

  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      JsonObject *card = kind_object (CB_KIND_OF (c));
      g_autofree char *text = cb_presenter_dup_card_text (game, c);
      const char *origin = cb_presenter_get_cost_origin (game, c);

      json_object_set_string_member (card, "text", text);
      json_object_set_string_member (card, "origin", origin != NULL ? origin : "");
      json_array_add_object_element (shop, card);
    }
  return shop;
}

static void
entry_build (JsonObject   *view,
             const CbGame *game,
             guint         seat)
{
  switch ((int) cb_game_get_phase (game, seat))
    {
    case CB_PHASE_REFILL:
      {
        JsonObject *entry = json_object_new ();
        JsonArray *kinds = json_array_new ();
        gboolean red_lines = cb_game_may_count_red_lines (game, seat);
        CbRefill refill, with_red[RED_LINES_MAX + 1];

        cb_refill_init (&refill, game, seat, 0);
        for (guint r = 0; red_lines && r <= RED_LINES_MAX; r++)
          cb_refill_init (&with_red[r], game, seat, r);
        for (CbKind k = 0; k < CB_N_KINDS; k++)
          {
            JsonObject *kind;

            if (refill.available[k] == 0)
              continue;
            kind = kind_object (k);
            json_object_set_int_member (kind, "available", refill.available[k]);
            json_object_set_int_member (kind, "forced", refill.forced[k]);
            json_object_set_int_member (kind, "take", refill.take[k]);
            /* The window's proposal per count of red lines told (cb-refill-section.c
             * proposes again on every change): "takes"[r]. */
            if (red_lines)
              {
                JsonArray *takes = json_array_new ();

                for (guint r = 0; r <= RED_LINES_MAX; r++)
                  json_array_add_int_element (takes, with_red[r].take[k]);
                json_object_set_array_member (kind, "takes", takes);
              }
            json_object_set_boolean_member (kind, "numbers", refill.available[k] - refill.forced[k] <= NUMBER_ROW_SPAN);
            json_array_add_object_element (kinds, kind);
          }
        json_object_set_string_member (entry, "mode", "refill");
        json_object_set_int_member (entry, "needed", refill.needed);
        json_object_set_boolean_member (entry, "red_lines", red_lines);
        json_object_set_array_member (entry, "kinds", kinds);
        json_object_set_object_member (view, "entry", entry);
      }
      break;

    case CB_PHASE_ROLL:
      {
        JsonObject *entry = json_object_new ();
        JsonArray *kinds = json_array_new ();
        CbRoll roll;

        cb_roll_init (&roll, game, seat);
        for (CbKind k = 0; k < CB_N_KINDS; k++)
          {
            JsonObject *kind;
            JsonArray *faces;

            if (roll.ready[k] == 0)
              continue;
            kind = kind_object (k);
            faces = json_array_new ();
            for (CbFace f = 0; f < CB_N_FACES; f++)
              {
                JsonObject *face;

                if (f == CB_FACE_BLANK || cb_kind_count_face (k, f) == 0)
                  continue;
                face = json_object_new ();
                json_object_set_string_member (face, "key", cb_face_to_string (f));
                json_object_set_string_member (face, "symbol", cb_presenter_face_symbol (k, f));
                json_object_set_string_member (face, "title", cb_face_get_name (f));
                json_array_add_object_element (faces, face);
              }
            json_object_set_int_member (kind, "ready", roll.ready[k]);
            /* One tap per face shown: "3" light grey coins, not + + + (issue 23, taps). */
            json_object_set_boolean_member (kind, "numbers", roll.ready[k] <= NUMBER_ROW_SPAN);
            json_object_set_array_member (kind, "faces", faces);
            json_array_add_object_element (kinds, kind);
          }
        json_object_set_string_member (entry, "mode", "cubitos-roll");
        json_object_set_array_member (entry, "kinds", kinds);
        /* After a push in danger (p. 8): the window's board says it, so does the entry
         * (its "Enter and push" came before the push's warning was on screen). */
        if (cb_presenter_board_in_danger (game, seat))
          json_object_set_string_member (entry, "danger", _("⚠ In danger: a roll without a hit busts"));
        json_object_set_object_member (view, "entry", entry);
      }
      break;

    default:
      break;
    }
}

void
cb_seat_view_build (JsonObject   *view,
                    const DpGame *dp,
                    const CbGame *game,
                    int           seat)
{
  JsonArray *players = json_array_new ();
  JsonObject *shop = json_object_new ();
  g_autofree char *title = cb_presenter_dup_round_text (game);
  g_autofree char *status = cb_presenter_dup_status (game);
  g_autofree char *head = cb_presenter_dup_short_round (game);
  g_autofree char *to_act = cb_presenter_dup_to_act (game);

  json_object_set_string_member (view, "title", title);
  json_object_set_array_member (view, "dice", json_array_new ());
  /* The header in two short lines ("head", "to_act"), the seat's own sentence and the
   * table's below them (docs/table-server.md, "Header"); "turn" stays for pages that know
   * no more: both sentences in one. */
  json_object_set_string_member (view, "head", head);
  json_object_set_string_member (view, "to_act", to_act);
  json_object_set_string_member (view, "status", status);
  if (seat >= 0)
    {
      g_autofree char *prompt = cb_presenter_dup_prompt (game, seat);
      g_autofree char *both = g_strdup_printf ("%s %s", prompt, status);

      json_object_set_string_member (view, "turn", both);
      json_object_set_string_member (view, "prompt", prompt);
    }
  else
    json_object_set_string_member (view, "turn", status);

  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    board_add (players, dp, game, s);
  json_object_set_array_member (view, "players", players);
  json_object_set_null_member (view, "entry");
  json_object_set_array_member (view, "choices", json_array_new ());

  {
    g_autofree char *shop_title = g_strdup (_("Shop"));

    json_object_set_string_member (shop, "title", shop_title);
    json_object_set_array_member (shop, "cards", shop_array (game));
    json_object_set_object_member (view, "shop", shop);
  }
  if (seat >= 0 && (guint) seat < cb_game_get_n_players (game))
    {
      JsonArray *forms = cb_seat_view_forms (dp, game, seat);
      JsonArray *choices = json_object_get_array_member (view, "choices");

      entry_build (view, game, seat);
      /* The one-tap forms stay "choices" too, as before forms existed (the protocol is
       * extended, never broken). */
      for (guint i = 0; i < json_array_get_length (forms); i++)
        {
          JsonObject *form = json_array_get_object_element (forms, i);
          gboolean enabled = json_object_get_boolean_member (form, "enabled");
          g_autofree char *text = NULL;

          /* Nor those that need another entry first: not legal now. */
          if (json_array_get_length (json_object_get_array_member (form, "fields")) > 0
              || json_object_has_member (form, "first"))
            continue;
          if (enabled)
            {
              JsonNode *node = json_node_new (JSON_NODE_OBJECT);

              json_node_set_object (node, json_object_get_object_member (form, "action"));
              text = json_to_string (node, FALSE);
              json_node_unref (node);
            }
          dp_table_view_add_choice (choices, json_object_get_string_member (form, "title"),
                                    json_object_get_string_member (form, enabled ? "detail" : "reason"),
                                    enabled, text);
        }
      json_object_set_array_member (view, "forms", forms);
    }
  else
    json_object_set_array_member (view, "forms", json_array_new ());
}

/* ---- Answers (app.js formAction in C) ---- */

/* @name of @object when it is an object, else NULL. */
static JsonObject *
object_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = json_object_get_member (object, name);

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

/* One count of an entry: a row of numbers costs one tap when changed, a counter a tap
 * per step. */
static guint
count_taps (JsonObject *kind,
            gint64      from,
            gint64      to)
{
  if (json_object_get_boolean_member_with_default (kind, "numbers", FALSE))
    return from != to;
  return (guint) ABS (to - from);
}

guint
cb_seat_view_entry_taps (JsonObject *view,
                         JsonObject *action)
{
  JsonObject *entry;
  JsonArray *kinds;
  guint taps = 1;   /* the button */

  g_return_val_if_fail (view != NULL && action != NULL, 0);

  entry = object_member (view, "entry");
  if (entry == NULL)
    return 0;
  kinds = json_object_get_array_member (entry, "kinds");
  if (json_object_has_member (action, "refill"))
    {
      JsonObject *refill = json_object_get_object_member (action, "refill");

      for (guint i = 0; i < json_array_get_length (kinds); i++)
        {
          JsonObject *kind = json_array_get_object_element (kinds, i);
          gint64 want = json_object_get_int_member_with_default (refill, json_object_get_string_member (kind, "key"), 0);

          gint64 red = json_object_get_int_member_with_default (action, "red_lines", 0);
          /* Red lines told first: the counts start from the proposal for them. */
          gint64 from = red > 0 && json_object_has_member (kind, "takes")
                          ? json_array_get_int_element (json_object_get_array_member (kind, "takes"), red)
                          : json_object_get_int_member (kind, "take");

          taps += count_taps (kind, from, want);
        }
      /* The red lines are a row of numbers (cb-phone.js). */
      taps += json_object_get_int_member_with_default (action, "red_lines", 0) > 0;
    }
  else if (json_object_has_member (action, "roll"))
    {
      JsonObject *roll = json_object_get_object_member (action, "roll");

      for (guint i = 0; i < json_array_get_length (kinds); i++)
        {
          JsonObject *kind = json_array_get_object_element (kinds, i);
          JsonObject *faces = object_member (roll, json_object_get_string_member (kind, "key"));
          g_autoptr(GList) names = faces != NULL ? json_object_get_members (faces) : NULL;

          for (GList *f = names; f != NULL; f = f->next)
            taps += count_taps (kind, 0, json_object_get_int_member (faces, f->data));
        }
    }
  return taps;
}

char *
cb_seat_view_dup_form_id (JsonObject *action)
{
  g_autoptr(GList) members = NULL;

  g_return_val_if_fail (action != NULL, NULL);

  if (json_object_has_member (action, "refill") || json_object_has_member (action, "roll"))
    return NULL;
  if (json_object_has_member (action, "move"))
    return g_strdup (json_object_has_member (action, "landed") ? "land" : "walk");
  if (json_object_has_member (action, "buy"))
    return g_strdup_printf ("buy:%s", dp_table_json_get_string (action, "buy"));
  if (json_object_has_member (action, "correct_cost"))
    return g_strdup_printf ("correct:%s", dp_table_json_get_string (action, "correct_cost"));
  if (json_object_has_member (action, "ability"))
    return g_strdup_printf ("ability:%s:%" G_GINT64_FORMAT ":%s", dp_table_json_get_string (action, "ability"),
                            json_object_get_int_member_with_default (action, "number", 1),
                            json_object_get_string_member_with_default (action, "face", "team"));
  members = json_object_get_members (action);
  for (GList *l = members; l != NULL; l = l->next)
    if (!g_str_equal (l->data, "player"))
      return g_strdup (l->data);
  return NULL;
}

static JsonNode *
path_get (JsonNode  *node,
          JsonArray *path,
          guint      length)
{
  for (guint i = 0; node != NULL && i < length; i++)
    {
      JsonNode *part = json_array_get_element (path, i);

      if (json_node_get_value_type (part) == G_TYPE_INT64 && JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *a = json_node_get_array (node);
          gint64 at = json_node_get_int (part);

          node = at >= 0 && at < json_array_get_length (a) ? json_array_get_element (a, at) : NULL;
        }
      else if (json_node_get_value_type (part) == G_TYPE_STRING && JSON_NODE_HOLDS_OBJECT (node))
        node = json_object_get_member (json_node_get_object (node), json_node_get_string (part));
      else
        node = NULL;
    }
  return node;
}

/* A choice's value {"die": …, "from": …} says a target that holds those members. */
static gboolean
option_matches (JsonNode *value,
                JsonNode *target)
{
  if (value == NULL || JSON_NODE_HOLDS_NULL (value))
    return target == NULL;
  if (target == NULL)
    return FALSE;
  if (JSON_NODE_HOLDS_OBJECT (value) && JSON_NODE_HOLDS_OBJECT (target))
    {
      JsonObject *v = json_node_get_object (value);
      g_autoptr(GList) members = json_object_get_members (v);

      for (GList *l = members; l != NULL; l = l->next)
        {
          JsonNode *t = json_object_get_member (json_node_get_object (target), l->data);

          if (t == NULL || !json_node_equal (t, json_object_get_member (v, l->data)))
            return FALSE;
        }
      return TRUE;
    }
  return json_node_equal (value, target);
}

static gint64
field_default (JsonObject *field)
{
  JsonNode *value = json_object_get_member (field, "value");

  if (value == NULL || !JSON_NODE_HOLDS_VALUE (value))
    return 0;
  if (json_node_get_value_type (value) == G_TYPE_BOOLEAN)
    return json_node_get_boolean (value);
  return json_node_get_int (value);
}

/* The field's "when" holds with @values (TRUE when it has none). */
static gboolean
field_shown (JsonArray    *fields,
             JsonObject   *field,
             const gint64 *values)
{
  JsonObject *when;
  JsonNode *path;

  if (!json_object_has_member (field, "when"))
    return TRUE;
  when = json_object_get_object_member (field, "when");
  path = json_object_get_member (when, "path");
  for (guint j = 0; j < json_array_get_length (fields); j++)
    if (json_node_equal (json_object_get_member (json_array_get_object_element (fields, j), "path"), path))
      {
        /* "options": while the pick has one of these chosen; else a count's minimum. */
        if (json_object_has_member (when, "options"))
          {
            JsonArray *options = json_object_get_array_member (when, "options");

            for (guint o = 0; o < json_array_get_length (options); o++)
              if (json_array_get_int_element (options, o) == values[j])
                return TRUE;
            return FALSE;
          }
        return values[j] >= json_object_get_int_member (when, "min");
      }
  return FALSE;
}

gboolean
cb_seat_view_answers_for (JsonObject *form,
                          JsonObject *action,
                          gint64     *values,
                          guint      *taps)
{
  JsonArray *fields = json_object_get_array_member (form, "fields");
  guint n = json_array_get_length (fields);
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);

  json_node_set_object (root, action);
  *taps = 1;   /* the button */
  for (guint i = 0; i < n; i++)
    values[i] = field_default (json_array_get_object_element (fields, i));
  for (guint i = 0; i < n; i++)
    {
      JsonObject *field = json_array_get_object_element (fields, i);
      const char *type = json_object_get_string_member (field, "type");
      JsonArray *path = json_object_get_array_member (field, "path");
      JsonNode *target = path_get (root, path, json_array_get_length (path));

      if (!field_shown (fields, field, values))
        continue;
      if (g_str_equal (type, "count"))
        {
          gint64 want = target != NULL && JSON_NODE_HOLDS_VALUE (target) ? json_node_get_int (target) : 0;

          if (want < json_object_get_int_member (field, "min") || want > json_object_get_int_member (field, "max"))
            return FALSE;
          /* A row of numbers: one tap on the number; a counter: one per step. */
          if (json_object_get_boolean_member_with_default (field, "numbers", FALSE))
            *taps += want != values[i];
          else
            *taps += (guint) ABS (want - values[i]);
          values[i] = want;
        }
      else if (g_str_equal (type, "pick"))
        {
          JsonArray *options = json_object_get_array_member (field, "options");
          gboolean found = FALSE;

          for (guint o = 0; o < json_array_get_length (options) && !found; o++)
            if (option_matches (json_object_get_member (json_array_get_object_element (options, o), "value"), target))
              {
                /* "sends": the tap on the option is the button, counted already. */
                if (!json_object_get_boolean_member_with_default (field, "sends", FALSE))
                  *taps += (gint64) o != values[i];
                values[i] = o;
                found = TRUE;
              }
          if (!found)
            return FALSE;
        }
      else
        {
          gboolean want = option_matches (json_object_get_member (field, "on"), target);

          *taps += want != (values[i] != 0);
          values[i] = want;
        }
    }
  return TRUE;
}

static void
path_set (JsonNode  *root,
          JsonArray *path,
          JsonNode  *value)   /* taken */
{
  guint length = json_array_get_length (path);
  JsonNode *node = root;

  for (guint i = 0; i + 1 < length; i++)
    {
      JsonNode *part = json_array_get_element (path, i);
      JsonNode *next = NULL;

      if (JSON_NODE_HOLDS_OBJECT (node))
        {
          JsonObject *object = json_node_get_object (node);
          const char *name = json_node_get_string (part);

          next = json_object_get_member (object, name);
          if (next == NULL || JSON_NODE_HOLDS_NULL (next) || JSON_NODE_HOLDS_VALUE (next))
            {
              if (json_node_get_value_type (json_array_get_element (path, i + 1)) == G_TYPE_INT64)
                json_object_set_array_member (object, name, json_array_new ());
              else
                json_object_set_object_member (object, name, json_object_new ());
              next = json_object_get_member (object, name);
            }
        }
      else if (JSON_NODE_HOLDS_ARRAY (node))
        {
          JsonArray *array = json_node_get_array (node);
          gint64 at = json_node_get_int (part);

          while (json_array_get_length (array) <= at)
            json_array_add_object_element (array, json_object_new ());
          next = json_array_get_element (array, at);
        }
      if (next == NULL)
        {
          json_node_unref (value);
          return;
        }
      node = next;
    }
  {
    JsonNode *last = json_array_get_element (path, length - 1);

    if (JSON_NODE_HOLDS_OBJECT (node) && json_node_get_value_type (last) == G_TYPE_STRING)
      json_object_set_member (json_node_get_object (node), json_node_get_string (last), value);
    else if (JSON_NODE_HOLDS_ARRAY (node) && json_node_get_value_type (last) == G_TYPE_INT64
             && json_node_get_int (last) == json_array_get_length (json_node_get_array (node)))
      json_array_add_element (json_node_get_array (node), value);
    else if (JSON_NODE_HOLDS_ARRAY (node) && json_node_get_value_type (last) == G_TYPE_INT64
             && json_node_get_int (last) < json_array_get_length (json_node_get_array (node)))
      {
        /* json-glib cannot replace a list item: rebuild the list. */
        JsonArray *old = json_node_get_array (node);
        JsonArray *fresh = json_array_new ();

        for (guint k = 0; k < json_array_get_length (old); k++)
          json_array_add_element (fresh, k == json_node_get_int (last) ? json_node_ref (value)
                                                                       : json_node_copy (json_array_get_element (old, k)));
        json_node_take_array (node, fresh);
        json_node_unref (value);
      }
    else
      json_node_unref (value);
  }
}

static void
path_remove (JsonNode  *root,
             JsonArray *path)
{
  guint length = json_array_get_length (path);
  JsonNode *parent = path_get (root, path, length - 1);
  JsonNode *last = json_array_get_element (path, length - 1);

  if (parent != NULL && JSON_NODE_HOLDS_OBJECT (parent) && json_node_get_value_type (last) == G_TYPE_STRING
      && json_object_has_member (json_node_get_object (parent), json_node_get_string (last)))
    json_object_remove_member (json_node_get_object (parent), json_node_get_string (last));
}

JsonObject *
cb_seat_view_form_action (JsonObject   *form,
                          const gint64 *values)
{
  JsonArray *fields = json_object_get_array_member (form, "fields");
  g_autoptr(JsonNode) root = json_node_copy (json_object_get_member (form, "action"));
  g_autoptr(GPtrArray) removed = g_ptr_array_new ();   /* JsonArray* paths left out */
  g_autoptr(GHashTable) dropped = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < json_array_get_length (fields); i++)
    {
      JsonObject *field = json_array_get_object_element (fields, i);
      const char *type = json_object_get_string_member (field, "type");
      JsonArray *path = json_object_get_array_member (field, "path");
      guint length = json_array_get_length (path);
      JsonNode *value = NULL;
      gboolean skip = FALSE;

      /* A member under one a choice left out stays out ("give" / "give"."to"). */
      for (guint r = 0; r < removed->len && !skip; r++)
        {
          JsonArray *gone = g_ptr_array_index (removed, r);

          if (json_array_get_length (gone) == length - 1)
            {
              skip = TRUE;
              for (guint k = 0; k + 1 < length && skip; k++)
                skip = json_node_equal (json_array_get_element (gone, k), json_array_get_element (path, k));
            }
        }
      if (skip)
        continue;
      if (!field_shown (fields, field, values))
        {
          /* A list item whose questions are not asked goes (a fan space not reached);
           * any other member not asked stays out. */
          gboolean in_list = FALSE;

          for (guint k = 1; k < length && !in_list; k++)
            if (json_node_get_value_type (json_array_get_element (path, k)) == G_TYPE_INT64)
              {
                g_autoptr(JsonArray) prefix = json_array_new ();
                g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
                g_autofree char *text = NULL;

                for (guint m = 0; m < k; m++)
                  json_array_add_element (prefix, json_node_copy (json_array_get_element (path, m)));
                json_node_set_array (node, prefix);
                text = json_to_string (node, FALSE);
                g_hash_table_add (dropped, g_strdup_printf ("%s\n%" G_GINT64_FORMAT, text,
                                                            json_node_get_int (json_array_get_element (path, k))));
                in_list = TRUE;
              }
          if (!in_list)
            path_remove (root, path);
          continue;
        }
      if (g_str_equal (type, "count"))
        {
          if (values[i] == 0 && !json_object_get_boolean_member_with_default (field, "keep_zero", FALSE))
            {
              path_remove (root, path);
              continue;
            }
          value = json_node_new (JSON_NODE_VALUE);
          json_node_set_int (value, values[i]);
        }
      else if (g_str_equal (type, "pick"))
        {
          JsonArray *options = json_object_get_array_member (field, "options");

          if (values[i] >= 0 && values[i] < json_array_get_length (options))
            value = json_node_copy (json_object_get_member (json_array_get_object_element (options, values[i]),
                                                            "value"));
        }
      else
        value = json_node_copy (json_object_get_member (field, values[i] ? "on" : "off"));

      if (value == NULL || JSON_NODE_HOLDS_NULL (value))
        {
          g_clear_pointer (&value, json_node_unref);
          path_remove (root, path);
          g_ptr_array_add (removed, path);
          continue;
        }
      path_set (root, path, value);
    }

  /* Drop the unasked list items. */
  {
    GHashTableIter iter;
    gpointer key;
    g_autoptr(GHashTable) done = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

    g_hash_table_iter_init (&iter, dropped);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        g_auto(GStrv) parts = g_strsplit (key, "\n", 2);
        g_autoptr(JsonNode) prefix = json_from_string (parts[0], NULL);
        JsonArray *path = json_node_get_array (prefix);
        JsonNode *list = path_get (root, path, json_array_get_length (path));
        JsonArray *kept;

        if (list == NULL || !JSON_NODE_HOLDS_ARRAY (list) || g_hash_table_contains (done, parts[0]))
          continue;
        g_hash_table_add (done, g_strdup (parts[0]));
        kept = json_array_new ();
        for (guint k = 0; k < json_array_get_length (json_node_get_array (list)); k++)
          {
            g_autofree char *probe = g_strdup_printf ("%s\n%u", parts[0], k);

            if (!g_hash_table_contains (dropped, probe))
              json_array_add_element (kept, json_node_copy (json_array_get_element (json_node_get_array (list), k)));
          }
        if (json_array_get_length (kept) > 0)
          json_node_take_array (list, kept);
        else
          {
            json_array_unref (kept);
            path_remove (root, path);
          }
      }
  }
  return json_object_ref (json_node_get_object (root));
}
