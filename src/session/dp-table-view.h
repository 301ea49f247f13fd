/* dp-table-view.h — what one phone shows: its seat's view of the game, as JSON
 *
 * GTK-free and game-neutral: what a game shows and offers comes from its DpGameView
 * (dp-game-view.h), whose sentences, reasons and previews are the window's, in the
 * phone's language: de, en or fr, picked from the browser's Accept-Language, translated
 * by the same gettext catalogues. The helpers at the end are for the views.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "dp-game.h"

G_BEGIN_DECLS

/* The language of the phone page for an Accept-Language header: "de", "fr" or "en"
 * (the first of those the browser prefers; "en" when none). Static string. */
const char *dp_table_pick_language (const char *accept_language);
/* @lang when it is one the page speaks, else "en". Static string. */
const char *dp_table_check_language (const char *lang);

/* Runs the translation calls between push and pop in @lang. gettext has no per-call
 * language, so this swaps the LANGUAGE variable of the process for the duration of one
 * synchronous computation on the main thread and restores it: the window never draws
 * in between. */
/* GLib decides once per process whether g_dgettext() translates at all, at its first
 * call: in a plain C.UTF-8 process (a headless `dicepad-cli serve`) it would decide
 * never, and no phone would get its language. Call this before the first translated
 * string of the process so that decision is made with a catalogue present. Returns
 * FALSE when no German catalogue was found (a build tree run without DICEPAD_LOCALEDIR):
 * every phone then gets English. */
gboolean    dp_table_language_init (void);

typedef struct
{
  char    *saved;
  gboolean had;
} DpLanguageSwitch;

void        dp_table_language_push (DpLanguageSwitch *sw, const char *lang);
void        dp_table_language_pop (DpLanguageSwitch *sw);

/* The view of @seat (-1: no seat picked yet) of @game, at its log position:
 * {"type": "state", "at", "kind", "finished", "title", "sheets_title", "turn", "seat",
 *  "dice": [{"symbol", "css", "available"}],
 *  "players": [{"name", "total", "active", "must_act", "winner",
 *               "rows": [{"label", "value", "css", "frozen"}]}],
 *  "entry": {"mode", …} | null, "choices": [{"title", "detail", "enabled", "action"}]}
 * and whatever more the game's view adds. Call inside dp_table_language_push/pop. */
JsonObject *dp_table_view_build (const DpGame *game, int seat);

/* Adds "assistant": the turn assistant's lines for @seat (issue 27; docs/assistant.md) —
 * in Cubitos, while the seat decides to push or pass, "Push: 31 % bust — if not, about
 * +2 coins" and the same for pushing twice — or null. Only called while the assistant is
 * on (the `show-assistant` setting of the window). Call inside dp_table_language_push/pop. */
void        dp_table_view_add_assistant (JsonObject *view, const DpGame *game, int seat);

/* The phone page @template with every @@key@@ replaced by its label in @lang,
 * HTML-escaped, and @@game_labels@@ by the views' labels (DpGameView.phone_labels) as
 * <span data-key="KEY">label</span>. Free with g_free(). */
char       *dp_table_view_render_page (const char *template, const char *lang);

/* Members of a message a phone sent, without json-glib's criticals on wrong types:
 * NULL / FALSE when @name is missing or not a string / an integer. */
const char *dp_table_json_get_string (JsonObject *object, const char *name);
gboolean    dp_table_json_get_int (JsonObject *object, const char *name, gint64 *value);

/* Reads an action a phone sent for @seat: it must be a JSON object whose "player", if
 * present, is the seat's name; "player" is set to it, and the game's view turns it into
 * an action (DpGameView.phone_read_answer). NULL with a translated error otherwise. */
JsonObject *dp_table_view_claim_action (const DpGame *game, guint seat, JsonNode *action, GError **error);

/* ---- For the views' phone_fill ---- */

/* Phone buttons for one seat from the engine's list; beyond this the window offers the
 * rest (a game may sample facts only the table knows in long lists). */
#define DP_TABLE_VIEW_MAX_CHOICES 40

/* Appends {"title", "detail", "enabled", "action"} (NULL detail/action: ""). */
void        dp_table_view_add_choice (JsonArray *choices, const char *title, const char *detail,
                                      gboolean enabled, const char *action);
/* Appends a sheet row {"label", "value", "css", "frozen"} (NULL css: ""). */
void        dp_table_view_add_row (JsonArray *rows, const char *label, const char *value,
                                   const char *css, gboolean frozen);
/* Appends {"name", "total", "active", "must_act", "winner", "rows"} for @seat from the
 * game's own answers (active: must act), taking @rows (NULL: none). Returns it, for the
 * view to add or change members. */
JsonObject *dp_table_view_add_player (JsonArray *players, const DpGame *game, guint seat,
                                      JsonArray *rows);

/* Titles a legal action on the phone: "Ina passes". */
typedef char *(*DpChoiceTitleFunc) (const DpGame *game, const char *action_text);

/* Appends @seat's legal actions (dp_game_legal_actions(), those whose "player" is the
 * seat's name), at most DP_TABLE_VIEW_MAX_CHOICES, leaving out those whose verb (the
 * first member but "player") is in @skip_verbs (NULL-terminated, may be NULL: the ones
 * the view's entry forms enter). Each is titled by @title (NULL: the view's
 * dup_action_text) and carries its canonical text as its action. */
void        dp_table_view_add_legal_choices (JsonArray *choices, const DpGame *game, guint seat,
                                             const char *const *skip_verbs, DpChoiceTitleFunc title);

G_END_DECLS
