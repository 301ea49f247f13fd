/* cb-presenter.c — what the Cubitos table shows and enters, as plain data (no GTK)
 *
 * Rules: shared/rules/cubitos-rules-de.txt; decisions and the action text form:
 * docs/cubitos-notes.md. Nothing here decides a rule: every action is built as text
 * and the engine says whether it is legal (cb_presenter_check).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-action.h"
#include "cb-presenter.h"
#include "cb-odds.h"
#include "dp-text.h"

/* ---- Dice ---- */

static const struct
{
  const char *fill;
  const char *ink;
  const char *letter;   /* N_ with context "Cubitos die letter" */
} kind_table[CB_N_KINDS] = {
  [CB_KIND_LIGHT_GREY] = { "#deddda", "#241f31", NC_("Cubitos die letter", "lG") },
  [CB_KIND_DARK_GREY]  = { "#5e5c64", "#ffffff", NC_("Cubitos die letter", "dG") },
  [CB_KIND_TOP_DOG]    = { "#241f31", "#f6d32d", NC_("Cubitos die letter", "★") },
  [CB_KIND_RED]        = { "#e01b24", "#ffffff", NC_("Cubitos die letter", "R") },
  [CB_KIND_ORANGE]     = { "#ff7800", "#241f31", NC_("Cubitos die letter", "O") },
  [CB_KIND_YELLOW]     = { "#f6d32d", "#241f31", NC_("Cubitos die letter", "Y") },
  [CB_KIND_GREEN]      = { "#2ec27e", "#241f31", NC_("Cubitos die letter", "G") },
  [CB_KIND_BLUE]       = { "#1c71d8", "#ffffff", NC_("Cubitos die letter", "B") },
  [CB_KIND_PURPLE]     = { "#813d9c", "#ffffff", NC_("Cubitos die letter", "P") },
  [CB_KIND_BROWN]      = { "#865e3c", "#ffffff", NC_("Cubitos die letter", "Br") },
  [CB_KIND_WHITE]      = { "#ffffff", "#241f31", NC_("Cubitos die letter", "W") },
};

const char *
cb_presenter_kind_fill (CbKind kind)
{
  g_return_val_if_fail ((guint) kind < CB_N_KINDS, "#000000");
  return kind_table[kind].fill;
}

const char *
cb_presenter_kind_ink (CbKind kind)
{
  g_return_val_if_fail ((guint) kind < CB_N_KINDS, "#ffffff");
  return kind_table[kind].ink;
}

const char *
cb_presenter_kind_letter (CbKind kind)
{
  g_return_val_if_fail ((guint) kind < CB_N_KINDS, "");
  return g_dpgettext2 (GETTEXT_PACKAGE, "Cubitos die letter", kind_table[kind].letter);
}

char *
cb_presenter_dup_kind_title (CbKind kind)
{
  const char *name = cb_kind_get_name (kind);
  gunichar first = g_utf8_get_char (name);
  char buf[8] = { 0, };

  /* „Nase vorn“ starts with a quote: only letters get a capital. */
  g_unichar_to_utf8 (g_unichar_totitle (first), buf);
  return g_strconcat (buf, g_utf8_next_char (name), NULL);
}

const char *
cb_presenter_face_symbol (CbKind kind,
                          CbFace face)
{
  switch (face)
    {
    case CB_FACE_BLANK:   return "";
    case CB_FACE_COIN:    return "1";
    case CB_FACE_COIN2:   return "2";
    case CB_FACE_COIN3:   return "3";
    case CB_FACE_STEP:    return "➜";
    case CB_FACE_CREDIT:  return "◆";
    /* Red team symbols are swords (rulebook p. 9, „Schwerter“). */
    case CB_FACE_TEAM:    return kind == CB_KIND_RED ? "⚔" : "✦";
    case CB_FACE_SPECIAL: return kind == CB_KIND_RED ? "⚔⁺" : "✦⁺";
    case CB_N_FACES:
    default:
      return "";
    }
}

char *
cb_presenter_dup_dice_text (CbKind kind,
                            guint  n)
{
  /* Translators: "3 light grey dice"; %s is a colour name */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u %s die", "%u %s dice", n),
                          n, cb_kind_get_name (kind));
}

const char *
cb_presenter_a_die (CbKind kind)
{
  /* Whole phrases, so that each language chooses its own article and case
   * ("an orange die", not "a orange die"). */
  switch (kind)
    {
    case CB_KIND_LIGHT_GREY: return C_("one Cubitos die", "a light grey die");
    case CB_KIND_DARK_GREY:  return C_("one Cubitos die", "a dark grey die");
    case CB_KIND_TOP_DOG:    return C_("one Cubitos die", "the top dog die");
    case CB_KIND_RED:        return C_("one Cubitos die", "a red die");
    case CB_KIND_ORANGE:     return C_("one Cubitos die", "an orange die");
    case CB_KIND_YELLOW:     return C_("one Cubitos die", "a yellow die");
    case CB_KIND_GREEN:      return C_("one Cubitos die", "a green die");
    case CB_KIND_BLUE:       return C_("one Cubitos die", "a blue die");
    case CB_KIND_PURPLE:     return C_("one Cubitos die", "a purple die");
    case CB_KIND_BROWN:      return C_("one Cubitos die", "a brown die");
    case CB_KIND_WHITE:      return C_("one Cubitos die", "a white die");
    case CB_N_KINDS:
    default:                 return "";
    }
}

const char *
cb_presenter_card_name (guint card)
{
  const CbCard *info = cb_card (card);

  g_return_val_if_fail (info != NULL, "");
  return g_dpgettext2 (GETTEXT_PACKAGE, "Cubitos card", info->name_en);
}

char *
cb_presenter_dup_card_title (guint card)
{
  g_return_val_if_fail (cb_card (card) != NULL, g_strdup (""));
  /* Issue 25, item 4: "German tables read German" — the rulebook's name of the
   * interface's language (cards_en_de.csv), the English name where there is none. */
  return g_strdup (cb_presenter_card_name (card));
}

char *
cb_presenter_dup_card_box_title (guint card)
{
  const CbCard *info = cb_card (card);
  const char *local;

  g_return_val_if_fail (info != NULL, g_strdup (""));
  local = cb_presenter_card_name (card);
  if (g_strcmp0 (local, info->name_en) == 0)
    return g_strdup (info->name_en);
  /* Translators: issue 25 item 4: the card's name in your language first, then the
     English name printed on the cards of an English box, "Dieter (Punch Guy)" */
  return g_strdup_printf (C_("Cubitos card title", "%s (%s)"), local, info->name_en);
}

char *
cb_presenter_dup_race_title (guint race)
{
  const CbRace *info = cb_race (race);

  g_return_val_if_fail (info != NULL, g_strdup (""));
  /* Translators: a race and its track, "Race 1 — Nothing Goes Right" */
  return g_strdup_printf (_("%s — %s"),
                          g_dpgettext2 (GETTEXT_PACKAGE, "Cubitos race", info->name),
                          cb_track_get_name (info->track));
}

/* ---- Sentences ---- */

const char *
cb_presenter_phase_name (CbPhase phase)
{
  /* Rulebook p. 7–9: Nachfüllen, Werfen, Riskieren oder passen, Ende des Abschnitts,
   * Unterstützen, Bewegen, Einkaufen, Ausruhen. */
  switch (phase)
    {
    case CB_PHASE_REFILL:    return C_("Cubitos phase", "refill");
    case CB_PHASE_ROLL:      return C_("Cubitos phase", "roll");
    case CB_PHASE_DECIDE:    return C_("Cubitos phase", "push or pass");
    case CB_PHASE_BUST:      return C_("Cubitos phase", "bust");
    case CB_PHASE_ROLL_DONE: return C_("Cubitos phase", "roll section done");
    case CB_PHASE_SUPPORT:   return C_("Cubitos phase", "support");
    case CB_PHASE_MOVE:      return C_("Cubitos phase", "move");
    case CB_PHASE_SHOP:      return C_("Cubitos phase", "shop");
    case CB_PHASE_RESTED:    return C_("Cubitos phase", "rest");
    case CB_PHASE_OUT:       return C_("Cubitos phase", "sits out the tie-break");
    default:                 return "";
    }
}

char *
cb_presenter_dup_round_text (const CbGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (cb_game_is_finished (game))
    return g_strdup (_("Cubitos — race over"));
  if (cb_game_is_tiebreak (game))
    /* Translators: header bar subtitle during a tie-break round */
    return g_strdup_printf (_("Cubitos — tie-break round %u"), cb_game_get_round (game));
  /* Translators: header bar subtitle, "Cubitos — round 3" */
  return g_strdup_printf (_("Cubitos — round %u"), cb_game_get_round (game));
}

static guint
waiting_for (const CbGame *game,
             guint         except,
             const char   *names[CB_MAX_PLAYERS])
{
  guint n = 0;

  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    if (s != except && cb_game_must_act (game, s))
      names[n++] = cb_game_get_player_name (game, s);
  return n;
}

static guint
counted_ready (const CbGame *game,
               guint         seat)
{
  return cb_game_count_zone (game, seat, CB_ZONE_READY) -
         cb_game_get_dice (game, seat, CB_ZONE_READY, CB_KIND_TOP_DOG);
}

CbPhase
cb_presenter_get_shown_phase (const CbGame *game,
                              guint         seat)
{
  CbPhase phase;

  g_return_val_if_fail (game != NULL, CB_PHASE_REFILL);
  phase = cb_game_get_phase (game, seat);
  /* Once the swords are announced the prompt asks for the move (p. 9, 6.): the board's
   * label says the same (issue 15: "phase 5 · support" beside "move your runner"). */
  if (phase == CB_PHASE_SUPPORT && cb_game_get_swords (game, seat) >= 0)
    return CB_PHASE_MOVE;
  return phase;
}

char *
cb_presenter_dup_prompt (const CbGame *game,
                         guint         seat)
{
  const char *name;
  const char *others[CB_MAX_PLAYERS];
  g_autofree char *joined = NULL;
  guint n_others;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (seat < cb_game_get_n_players (game), NULL);

  name = cb_game_get_player_name (game, seat);
  if (cb_game_is_finished (game))
    {
      if (cb_game_is_winner (game, seat))
        /* Translators: on the winner's board at the end */
        return g_strdup_printf (_("%s wins the race!"), name);
      /* Translators: on a board at the end, "Sami finishes 2nd" */
      return g_strdup_printf (_("%s finishes in place %u."), name, cb_game_get_rank (game, seat));
    }

  n_others = waiting_for (game, seat, others);
  joined = dp_join_names (others, n_others);

  switch (cb_game_get_phase (game, seat))
    {
    case CB_PHASE_REFILL:
      /* Translators: phase 1; %s is a name */
      return g_strdup_printf (_("%s: refill your ready area from your draw area."), name);
    case CB_PHASE_ROLL:
      /* Translators: phase 2 */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s: roll your %u ready die and enter what it shows.",
                                           "%s: roll your %u ready dice and enter what they show.",
                                           cb_game_count_zone (game, seat, CB_ZONE_READY)),
                              name, cb_game_count_zone (game, seat, CB_ZONE_READY));
    case CB_PHASE_DECIDE:
      if (cb_game_in_danger (game, seat))
        /* Translators: phase 3 while in danger */
        return g_strdup_printf (_("%s is in danger: push (a roll without a hit busts) or pass."), name);
      /* Translators: phase 3 */
      return g_strdup_printf (_("%s: push (roll the ready dice again) or pass."), name);
    case CB_PHASE_BUST:
      /* Translators: a pending bust */
      return g_strdup_printf (_("%s busts: no hit while in danger. Take the bust."), name);
    case CB_PHASE_ROLL_DONE:
      if (n_others > 0)
        /* Translators: phase 4, waiting for others; "Ina is done rolling; waiting for Sami and Tom." */
        return g_strdup_printf (_("%s is done rolling; waiting for %s."), name, joined);
      return g_strdup_printf (_("%s is done rolling."), name);
    case CB_PHASE_SUPPORT:
      if (cb_game_get_swords (game, seat) < 0)
        /* Translators: phase 5 */
        return g_strdup_printf (_("%s: collect what your dice show and announce your swords."), name);
      /* Issue 15, QA: "move your runner (0 steps)" was shown while the move was refused:
       * the runners move once every sword is announced (the red card comes first). */
      {
        const char *unannounced[CB_MAX_PLAYERS];
        g_autofree char *those = NULL;
        guint n = 0;

        for (guint s = 0; s < cb_game_get_n_players (game); s++)
          if (s != seat && cb_game_get_swords (game, s) < 0 && cb_game_get_phase (game, s) != CB_PHASE_OUT)
            unannounced[n++] = cb_game_get_player_name (game, s);
        those = dp_join_names (unannounced, n);
        if (n > 0)
          /* Translators: phase 5 done, waiting; "Ina: your swords are announced; waiting for Sami and Tom to announce theirs." */
          return g_strdup_printf (_("%s: your swords are announced; waiting for %s to announce theirs."), name, those);
      }
      G_GNUC_FALLTHROUGH;
    case CB_PHASE_MOVE:
      /* Translators: phase 6 */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "%s: move your runner (%u step), then say where it landed.",
                                           "%s: move your runner (%u steps), then say where it landed.",
                                           cb_game_get_steps (game, seat)),
                              name, cb_game_get_steps (game, seat));
    case CB_PHASE_SHOP:
      /* Translators: phase 7 */
      return g_strdup_printf (_("%s: buy up to 2 different dice, then rest."), name);
    case CB_PHASE_RESTED:
      if (n_others > 0)
        /* Translators: phase 8 done, waiting; "Ina rests; waiting for Sami." */
        return g_strdup_printf (_("%s rests; waiting for %s."), name, joined);
      return g_strdup_printf (_("%s rests."), name);
    case CB_PHASE_OUT:
      /* Translators: a player not in the tie-break */
      return g_strdup_printf (_("%s sits out the tie-break round."), name);
    default:
      return g_strdup (name);
    }
}

char *
cb_presenter_dup_board_phase (const CbGame *game,
                              guint         seat)
{
  CbPhase p;

  g_return_val_if_fail (game != NULL && seat < cb_game_get_n_players (game), NULL);

  p = cb_presenter_get_shown_phase (game, seat);
  if (cb_game_is_finished (game))
    return g_strdup_printf (_("place %u"), cb_game_get_rank (game, seat));
  if (cb_phase_number (p) > 0)
    /* Translators: a board's phase, "phase 6 · move" */
    return g_strdup_printf (_("phase %u · %s"), cb_phase_number (p), cb_presenter_phase_name (p));
  return g_strdup (cb_presenter_phase_name (p));
}

char *
cb_presenter_dup_board_position (const CbGame *game,
                                 guint         seat)
{
  guint walked;

  g_return_val_if_fail (game != NULL && seat < cb_game_get_n_players (game), NULL);

  walked = cb_game_get_spaces_moved (game, seat);
  if (cb_game_has_finished_race (game, seat))
    /* Translators: a runner that reached the finish */
    return g_strdup_printf (ngettext ("✔ finished · %u space walked", "✔ finished · %u spaces walked", walked),
                            walked);
  /* Translators: how far the runner went, "12 spaces walked · lap 1 of 2" */
  return g_strdup_printf (ngettext ("%u space walked · lap %u of %u", "%u spaces walked · lap %u of %u", walked),
                          walked, MIN (cb_game_get_laps_done (game, seat) + 1, cb_game_get_laps (game)),
                          cb_game_get_laps (game));
}

gboolean
cb_presenter_board_busted (const CbGame *game,
                           guint         seat)
{
  g_return_val_if_fail (game != NULL && seat < cb_game_get_n_players (game), FALSE);

  return cb_game_has_busted (game, seat) || cb_presenter_get_shown_phase (game, seat) == CB_PHASE_BUST;
}

gboolean
cb_presenter_board_in_danger (const CbGame *game,
                              guint         seat)
{
  CbPhase p;

  g_return_val_if_fail (game != NULL && seat < cb_game_get_n_players (game), FALSE);

  /* Danger matters while rolling (p. 8); the race section cannot bust. */
  p = cb_presenter_get_shown_phase (game, seat);
  return cb_game_in_danger (game, seat) && !cb_game_is_finished (game)
         && (p < CB_PHASE_ROLL_DONE || p == CB_PHASE_BUST) && !cb_presenter_board_busted (game, seat);
}

static gboolean
in_race_section (const CbGame *game)
{
  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    if (cb_game_get_phase (game, s) >= CB_PHASE_SUPPORT && cb_game_get_phase (game, s) != CB_PHASE_OUT)
      return TRUE;
  return FALSE;
}

char *
cb_presenter_dup_status (const CbGame *game)
{
  const char *names[CB_MAX_PLAYERS];
  guint n;
  g_autofree char *joined = NULL;
  const char *holder;

  g_return_val_if_fail (game != NULL, NULL);

  if (cb_game_is_finished (game))
    return cb_presenter_dup_headline (game);

  holder = cb_game_get_player_name (game, cb_game_get_top_dog (game));
  n = waiting_for (game, G_MAXUINT, names);
  joined = dp_join_names (names, n);

  if (in_race_section (game))
    /* Translators: the round status in the race section; "Top dog: Ina · race section (phases 5–8): Sami still has to act" */
    return g_strdup_printf (_("Top dog: %s · race section (phases 5–8): %s still to act"), holder, joined);
  /* Translators: the round status in the roll section */
  return g_strdup_printf (_("Top dog: %s · roll section (phases 1–4), all at once: %s still to act"), holder, joined);
}

char *
cb_presenter_dup_short_round (const CbGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  if (cb_game_is_finished (game))
    return cb_presenter_dup_round_text (game);
  if (cb_game_is_tiebreak (game))
    return g_strdup_printf (in_race_section (game)
                            /* Translators: the phone's header, first line; keep it short (360 px) */
                            ? _("Tie-break round %u · race section")
                            /* Translators: the phone's header, first line; keep it short (360 px) */
                            : _("Tie-break round %u · roll section"),
                            cb_game_get_round (game));
  return g_strdup_printf (in_race_section (game)
                          /* Translators: the phone's header, first line; keep it short (360 px) */
                          ? _("Round %u · race section")
                          /* Translators: the phone's header, first line; keep it short (360 px) */
                          : _("Round %u · roll section"),
                          cb_game_get_round (game));
}

char *
cb_presenter_dup_to_act (const CbGame *game)
{
  const char *names[CB_MAX_PLAYERS];
  guint n;
  g_autofree char *joined = NULL;

  g_return_val_if_fail (game != NULL, NULL);

  if (cb_game_is_finished (game))
    return cb_presenter_dup_headline (game);
  n = waiting_for (game, G_MAXUINT, names);
  if (n == 0)
    return g_strdup ("");
  joined = dp_join_names (names, n);
  /* Translators: the phone's header, second line; "To act: Ina, Sami and Tom" */
  return g_strdup_printf (_("To act: %s"), joined);
}

char *
cb_presenter_dup_swords_text (const CbGame *game)
{
  GString *text = g_string_new (NULL);
  guint red_card;
  int winner;
  gboolean all = TRUE;

  g_return_val_if_fail (game != NULL, NULL);

  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    {
      int swords = cb_game_get_swords (game, s);
      g_autofree char *part = NULL;

      /* p. 10 „Spielende“: who sits out a tie-break round is not waited for */
      if (cb_game_get_phase (game, s) == CB_PHASE_OUT)
        continue;
      if (swords < 0)
        {
          all = FALSE;
          /* Translators: a player who has not announced swords yet, "Ina ?" */
          part = g_strdup_printf (_("%s ?"), cb_game_get_player_name (game, s));
        }
      else
        /* Translators: a player's swords in the comparison, "Ina 2" */
        part = g_strdup_printf (_("%s %d"), cb_game_get_player_name (game, s), swords);
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append (text, part);
    }

  red_card = cb_game_get_card (game, 0);
  winner = cb_game_get_red_winner (game);
  {
    g_autofree char *list = g_string_free (g_steal_pointer (&text), FALSE);
    /* issue 15 "Text": the English name, in German with the rulebook's beside it */
    g_autofree char *card = cb_presenter_dup_card_title (red_card);

    if (!all)
      /* Translators: "⚔ Swords: Ina 2, Sami ? — Mr. Soldier waits for everyone" */
      return g_strdup_printf (_("⚔ Swords: %s — %s waits for everyone"), list, card);
    if (cb_card (red_card)->tie == CB_TIE_EVERYONE)
      /* Translators: a red card without a "most swords" comparison */
      return g_strdup_printf (_("⚔ Swords: %s — %s: everyone with a sword"), list, card);
    if (winner >= 0)
      /* Translators: "⚔ Swords: Ina 2, Sami 1 — Mr. Soldier: Ina" */
      return g_strdup_printf (_("⚔ Swords: %s — %s: %s has the most"), list, card,
                              cb_game_get_player_name (game, winner));
    /* Translators: nobody wins the red card (tie without a tie rule, or no swords) */
    return g_strdup_printf (_("⚔ Swords: %s — %s: nobody"), list, card);
  }
}

char *
cb_presenter_dup_entries_text (const CbGame      *before,
                               const char *const *actions,
                               guint              n_actions)
{
  g_autoptr(CbGame) game = NULL;
  g_autoptr(GString) done = NULL;
  g_autofree char *first = NULL;

  g_return_val_if_fail (before != NULL, NULL);

  if (n_actions == 0)
    return g_strdup (_("Entry stored"));
  first = cb_presenter_dup_action_text (before, actions[0]);
  if (n_actions == 1)
    return g_steal_pointer (&first);

  /* Each sentence from the state before it. */
  game = cb_game_copy (before);
  if (!cb_game_apply_text (game, actions[0], NULL))
    return g_steal_pointer (&first);
  done = g_string_new (NULL);
  for (guint i = 1; i < n_actions; i++)
    {
      g_autofree char *sentence = cb_presenter_dup_action_text (game, actions[i]);

      if (i > 1)
        /* Translators: between two entries Dicepad made by itself, "Sami rests, Tom rests" */
        g_string_append (done, _(", "));
      g_string_append (done, sentence);
      cb_game_apply_text (game, actions[i], NULL);
    }
  /* Translators: toast; first what the player entered, then what Dicepad entered by
   * itself because there was nothing to decide: "Ina passes — and, with nothing to
   * decide: Ina collected 2 coins, 1 step and 0 credits, Ina announced the swords" */
  return g_strdup_printf (_("%s — and, with nothing to decide: %s"), first, done->str);
}

static gboolean
has_use (GArray             *uses,
         const CbAbilityUse *use)
{
  for (guint i = 0; i < uses->len; i++)
    {
      const CbAbilityUse *u = &g_array_index (uses, CbAbilityUse, i);

      if (u->card == use->card && u->number == use->number)
        return TRUE;
    }
  return FALSE;
}

char *
cb_presenter_dup_unused_text (const CbGame *before,
                              const CbGame *after,
                              guint         seat)
{
  g_autoptr(GArray) was = NULL;
  g_autoptr(GArray) now = NULL;
  g_autoptr(GPtrArray) cards = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;

  g_return_val_if_fail (before != NULL && after != NULL, NULL);
  if (seat >= cb_game_get_n_players (before) || cb_game_get_phase (before, seat) == cb_game_get_phase (after, seat))
    return NULL;

  was = cb_game_list_abilities (before, seat);
  now = cb_game_list_abilities (after, seat);
  for (guint i = 0; i < was->len; i++)
    {
      const CbAbilityUse *use = &g_array_index (was, CbAbilityUse, i);
      g_autofree char *title = NULL;
      gboolean listed = FALSE;

      if (use->mandatory || has_use (now, use))
        continue;
      title = cb_presenter_dup_card_title (use->card);
      for (guint j = 0; j < cards->len; j++)
        listed |= g_str_equal (g_ptr_array_index (cards, j), title);
      if (!listed)
        g_ptr_array_add (cards, g_steal_pointer (&title));
    }
  if (cards->len == 0)
    return NULL;
  joined = dp_join_names ((const char *const *) cards->pdata, cards->len);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: after an entry that ended the time of
                                        * a card ability the player had not used: "Smelly
                                        * Cat was not used (its time is over)" */
                                       "%s was not used (its time is over)",
                                       "%s were not used (their time is over)", cards->len),
                          joined);
}

/* One short line for a toast: what @action_json did, without its figures (the boards
 * show them) where the sentence would not fit a toast at 360 px. */
static char *
dup_action_toast (const CbGame *before,
                  const char   *action_json)
{
  CbAction a;
  const char *name;
  int seat;

  if (action_json == NULL || !cb_action_from_text (before, action_json, &a, NULL)
      || (seat = cb_action_get_seat (&a)) < 0)
    return g_strdup (_("Entry stored"));
  name = cb_game_get_player_name (before, (guint) seat);

  switch (cb_action_get_type (&a))
    {
    case CB_ACTION_REFILL:
      /* Translators: a toast (two short lines at 360 px), "Ina refilled"; the board
       * shows how many dice */
      return g_strdup_printf (_("%s refilled"), name);
    case CB_ACTION_COLLECT:
      /* Translators: a toast, "Ina collected"; the board shows what */
      return g_strdup_printf (_("%s collected"), name);
    case CB_ACTION_MOVE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s moved %u space", "%s moved %u spaces",
                                           cb_action_get_number (&a)), name, cb_action_get_number (&a));
    case CB_ACTION_JET:
      /* Translators: a toast, "Ina: jet boost" (the card Jet Boost; steps doubled) */
      return g_strdup_printf (_("%s: jet boost"), name);
    case CB_ACTION_BUY:
      /* Translators: a toast, "Ina bought a die"; the board shows which */
      return g_strdup_printf (_("%s bought a die"), name);
    case CB_ACTION_CORRECT_COST:
      /* Translators: a toast, "Ina: cost told" (a card's cost as printed) */
      return g_strdup_printf (_("%s: cost told"), name);
    case CB_ACTION_ABILITY:
      /* Translators: a toast, "Ina used an ability" (of a card; the table says which) */
      return g_strdup_printf (_("%s used an ability"), name);
    case CB_ACTION_ANNOUNCE:
      /* Translators: a toast, "Ina: swords announced" */
      return g_strdup_printf (_("%s: swords announced"), name);
    case CB_ACTION_REDEEM:
      /* Translators: a toast, "Ina: credits → coins" (the board shows how many) */
      return g_strdup_printf (_("%s: credits → coins"), name);
    case CB_ACTION_BUY_STEPS:
      /* Translators: a toast, "Ina: coins → steps" (the board shows how many) */
      return g_strdup_printf (_("%s: coins → steps"), name);
    case CB_ACTION_ROLL:
    case CB_ACTION_PUSH:
    case CB_ACTION_PASS:
    case CB_ACTION_BUST:
    case CB_ACTION_SHORTCUT:
    case CB_ACTION_REST:
    case CB_N_ACTIONS:
    default:
      return cb_presenter_dup_action_text (before, action_json);
    }
}

char *
cb_presenter_dup_entries_toast (const CbGame      *before,
                                const char *const *actions,
                                guint              n_actions)
{
  g_autofree char *first = NULL;

  g_return_val_if_fail (before != NULL, NULL);

  if (n_actions == 0)
    return g_strdup (_("Entry stored"));
  first = dup_action_toast (before, actions[0]);
  if (n_actions == 1)
    return g_steal_pointer (&first);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: a toast: the entry, then how many entries
                                        * Dicepad made by itself after it because nobody had
                                        * anything to decide: "Ina passes (+2 automatic)" */
                                       "%s (+%u automatic)", "%s (+%u automatic)", n_actions - 1),
                          first, n_actions - 1);
}

/* What the entries @with has logged beyond @without did (short for a toast when
 * @brief), or NULL when it has none. */
static char *
dup_logged_entries (const CbGame *without,
                    const CbGame *with,
                    gboolean      brief)
{
  guint from = cb_game_get_n_logged (without);
  guint to = cb_game_get_n_logged (with);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(CbGame) game = NULL;

  if (to <= from)
    return NULL;

  /* The texts as they were entered, each read against the state before it. */
  game = cb_game_copy (without);
  for (guint i = from; i < to; i++)
    {
      const CbAction *action = cb_game_get_logged (with, i);

      g_ptr_array_add (texts, cb_action_to_text (game, action));
      if (!cb_game_apply (game, action, NULL))
        break;
    }
  /* A toast names the entry only (what Dicepad entered with it is on the table). */
  return brief ? cb_presenter_dup_entries_toast (without, (const char *const *) texts->pdata, MIN (texts->len, 1))
               : cb_presenter_dup_entries_text (without, (const char *const *) texts->pdata, texts->len);
}

static char *
dup_undo (const CbGame *before,
          const CbGame *after,
          gboolean      redo,
          gboolean      brief)
{
  g_autofree char *what = redo ? dup_logged_entries (before, after, brief) : dup_logged_entries (after, before, brief);

  if (what == NULL)
    return g_strdup (redo ? _("Entry redone") : _("Entry undone"));
  if (redo)
    /* Translators: the toast after Ctrl+Shift+Z, "Redone: Ina rolled 3 hits" */
    return g_strdup_printf (_("Redone: %s"), what);
  /* Translators: the toast after Ctrl+Z, "Undone: Ina rolled 3 hits" */
  return g_strdup_printf (_("Undone: %s"), what);
}

char *
cb_presenter_dup_undo_text (const CbGame *before,
                            const CbGame *after,
                            gboolean      redo)
{
  g_return_val_if_fail (before != NULL && after != NULL, NULL);
  return dup_undo (before, after, redo, TRUE);
}

char *
cb_presenter_dup_log_change_text (const CbGame *before,
                                  const CbGame *after)
{
  g_return_val_if_fail (before != NULL && after != NULL, NULL);

  if (cb_game_get_n_logged (after) < cb_game_get_n_logged (before))
    return dup_undo (before, after, FALSE, FALSE);
  return dup_logged_entries (before, after, FALSE);
}

char *
cb_presenter_dup_headline (const CbGame *game)
{
  const char *names[CB_MAX_PLAYERS];
  guint n = 0;
  g_autofree char *joined = NULL;

  g_return_val_if_fail (game != NULL, NULL);

  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    if (cb_game_is_winner (game, s))
      names[n++] = cb_game_get_player_name (game, s);
  if (n == 0)
    return g_strdup (_("The race is on"));
  joined = dp_join_names (names, n);
  if (n == 1)
    /* Translators: the result headline, "Ina wins the race" */
    return g_strdup_printf (_("%s wins the race"), joined);
  /* Translators: the result headline when several share the win */
  return g_strdup_printf (_("Shared win: %s"), joined);
}

char *
cb_presenter_dup_action_text (const CbGame *before,
                              const char   *action_json)
{
  CbAction a;
  const char *name;
  int seat;
  guint n;

  g_return_val_if_fail (before != NULL, NULL);

  if (action_json == NULL || !cb_action_from_text (before, action_json, &a, NULL)
      || (seat = cb_action_get_seat (&a)) < 0)
    return g_strdup (_("Entry stored"));
  name = cb_game_get_player_name (before, (guint) seat);
  n = cb_action_get_number (&a);

  switch (cb_action_get_type (&a))
    {
    case CB_ACTION_REFILL:
      n = cb_action_count_dice (&a);
      /* Translators: toast, "Ina refilled 9 dice" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s refilled %u die", "%s refilled %u dice", n), name, n);
    case CB_ACTION_ROLL:
      n = cb_action_count_dice (&a);
      /* Translators: toast, "Ina rolled 3 hits" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s rolled %u hit", "%s rolled %u hits", n), name, n);
    case CB_ACTION_PUSH:
      return g_strdup_printf (_("%s pushes"), name);
    case CB_ACTION_PASS:
      return g_strdup_printf (_("%s passes"), name);
    case CB_ACTION_BUST:
      return g_strdup_printf (_("%s took the bust"), name);
    case CB_ACTION_COLLECT:
      {
        guint coins = 0, steps = 0, credits = 0;
        g_autofree char *coins_text = NULL, *steps_text = NULL, *credits_text = NULL;

        for (guint k = 0; k < CB_N_KINDS; k++)
          for (guint f = 0; f < CB_N_FACES; f++)
            {
              guint m = cb_game_get_active_faces (before, (guint) seat, k, f);

              coins += m * cb_face_coins (f);
              steps += m * cb_face_steps (f);
              credits += m * cb_face_credits (f);
            }
        if (coins == 0 && steps == 0 && credits == 0)
          /* Translators: toast, after a bust: "Ina collected nothing" */
          return g_strdup_printf (_("%s collected nothing"), name);
        coins_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u coin", "%u coins", coins), coins);
        steps_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step", "%u steps", steps), steps);
        credits_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u credit", "%u credits", credits), credits);
        /* Translators: toast, "Ina collected 3 coins, 1 step and 0 credits" */
        return g_strdup_printf (_("%s collected %s, %s and %s"), name, coins_text, steps_text, credits_text);
      }
    case CB_ACTION_ANNOUNCE:
      return g_strdup_printf (_("%s announced the swords"), name);
    case CB_ACTION_REDEEM:
      /* Translators: toast, "Ina: 2 credits → 2 coins" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u credit → %u coin", "%s: %u credits → %u coins", n),
                              name, n, n);
    case CB_ACTION_BUY_STEPS:
      /* Translators: toast, "Ina: 4 coins → 1 step" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u coins → %u step", "%s: %u coins → %u steps", n),
                              name, n * CB_COINS_PER_STEP, n);
    case CB_ACTION_MOVE:
      if (cb_action_has_landed (&a))
        /* Translators: toast, the last move of a round */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s moved %u space and landed",
                                             "%s moved %u spaces and landed", n), name, n);
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s moved %u space", "%s moved %u spaces", n), name, n);
    case CB_ACTION_JET:
      return g_strdup_printf (_("%s: jet boost, steps doubled"), name);
    case CB_ACTION_SHORTCUT:
      return g_strdup_printf (_("%s took a shortcut"), name);
    case CB_ACTION_BUY:
      {
        /* Translators: toast, "Ina bought an orange die" */
        return g_strdup_printf (_("%s bought %s"), name, cb_presenter_a_die (a.kind));
      }
    case CB_ACTION_REST:
      return g_strdup_printf (_("%s rests"), name);
    case CB_ACTION_CORRECT_COST:
      {
        int cost = cb_action_get_cost (&a);
        CbKind kind = cb_action_get_kind (&a);

        if (!CB_KIND_IS_COLOUR (kind))
          return g_strdup (_("Entry stored"));
        /* Translators: toast, "Ina: Bob costs 4 coins (as printed)" */
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s costs %d coin (as printed)",
                                             "%s: %s costs %d coins (as printed)", (gulong) MAX (cost, 0)),
                                name, cb_card_get_name (cb_game_get_card (before, CB_COLOUR_OF (kind))), cost);
      }
    case CB_ACTION_ABILITY:
    case CB_N_ACTIONS:
    default:
      {
        g_autofree char *title = cb_presenter_dup_other_action_title (before, action_json);
        /* Translators: toast for a card ability, "Ina: Use Bob" */
        return g_strdup_printf (_("%s: %s"), name, title);
      }
    }
}

/* ---- Checking ---- */

gboolean
cb_presenter_check (const DpGame  *game,
                    const char    *action_json,
                    GError       **error)
{
  g_autoptr(DpGame) copy = NULL;

  g_return_val_if_fail (game != NULL, FALSE);

  if (action_json == NULL)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED, _("Nothing to enter"));
      return FALSE;
    }
  copy = dp_game_copy (game);
  return dp_game_apply_text (copy, action_json, error);
}

GPtrArray *
cb_presenter_dup_other_actions (const CbGame *game,
                                guint         seat)
{
  g_autoptr(GArray) legal = NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (game != NULL, out);

  /* The board's own controls enter every verb but the card abilities. */
  legal = cb_game_legal_actions_for_seat (game, seat);
  for (guint i = 0; i < legal->len; i++)
    {
      const CbAction *a = &g_array_index (legal, CbAction, i);

      if (cb_action_get_type (a) == CB_ACTION_ABILITY)
        g_ptr_array_add (out, cb_action_to_text (game, a));
    }
  return out;
}

gboolean
cb_presenter_is_mandatory (const CbGame *game,
                           const char   *action_json)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, FALSE);
  return action_json != NULL && cb_action_from_text (game, action_json, &a, NULL)
         && cb_action_is_mandatory (&a);
}

char *
cb_presenter_dup_other_action_title (const CbGame *game,
                                     const char   *action_json)
{
  CbAction a;
  char *title;

  g_return_val_if_fail (game != NULL, NULL);

  if (action_json == NULL || !cb_action_from_text (game, action_json, &a, NULL))
    return g_strdup (action_json != NULL ? action_json : "");

  /* The engine describes its own actions (card abilities) best. */
  title = cb_game_dup_action_title (game, action_json);
  if (title != NULL)
    return title;
  if (cb_action_get_type (&a) == CB_ACTION_ABILITY)
    {
      g_autofree char *card = cb_presenter_dup_card_title (cb_action_get_card (&a));

      /* Translators: a button for a card ability, "Use Bob" */
      return g_strdup_printf (_("Use %s"), card);
    }
  return g_strdup (cb_action_type_to_string (cb_action_get_type (&a)));
}

/* ---- Building actions: typed, written by the engine's own writer ---- */

char *
cb_presenter_action_simple (const CbGame *game,
                            guint         seat,
                            CbActionType  type)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, NULL);
  cb_action_init_simple (&a, seat, type);
  return cb_action_to_text (game, &a);
}

char *
cb_presenter_action_number (const CbGame *game,
                            guint         seat,
                            CbActionType  type,
                            guint         n)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, NULL);
  cb_action_init_number (&a, seat, type, n);
  return cb_action_to_text (game, &a);
}

char *
cb_presenter_collect_action (const CbGame *game,
                             guint         seat,
                             gboolean      take_credits)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, NULL);
  cb_action_init_collect (&a, seat, take_credits);
  return cb_action_to_text (game, &a);
}

/* The fan-track spaces told in a form, into @a. */
static void
set_fan_told (CbAction    *a,
              const int    told[][2],
              guint        n,
              const guint *spaces)
{
  for (guint i = 0; i < n; i++)
    cb_action_set_fan_told (a, spaces[i], (guint) MAX (told[i][0], 0), (guint) MAX (told[i][1], 0));
}

/* ---- Refill ---- */

/* Ability dice first (they are why one buys them), then dark grey, then light grey. */
static const CbKind refill_order[] = {
  CB_KIND_RED, CB_KIND_ORANGE, CB_KIND_YELLOW, CB_KIND_GREEN, CB_KIND_BLUE, CB_KIND_PURPLE,
  CB_KIND_BROWN, CB_KIND_WHITE, CB_KIND_DARK_GREY, CB_KIND_LIGHT_GREY,
};

void
cb_refill_init (CbRefill     *refill,
                const CbGame *game,
                guint         seat,
                guint         red_lines)
{
  guint limit, ready, draw = 0, rest = 0, left;

  g_return_if_fail (refill != NULL && game != NULL);

  memset (refill, 0, sizeof *refill);
  refill->red_lines = red_lines;
  /* p. 8: the limit is 9 + supply tokens + red lines; the top dog does not count, and
   * dice already in the ready area stay. */
  limit = cb_game_get_base_limit (game, seat) + red_lines;
  ready = counted_ready (game, seat);
  for (guint k = 0; k < CB_N_KINDS; k++)
    if (k != CB_KIND_TOP_DOG)
      {
        draw += cb_game_get_dice (game, seat, CB_ZONE_DRAW, k);
        rest += cb_game_get_dice (game, seat, CB_ZONE_REST, k);
      }
  refill->needed = MIN (limit > ready ? limit - ready : 0, draw + rest);
  refill->reshuffle = draw < refill->needed;

  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      if (k == CB_KIND_TOP_DOG)
        continue;
      refill->available[k] = cb_game_get_dice (game, seat, CB_ZONE_DRAW, k);
      if (refill->reshuffle)
        {
          /* The whole draw area first, then the rest zone comes back (p. 8). */
          refill->forced[k] = refill->available[k];
          refill->available[k] += cb_game_get_dice (game, seat, CB_ZONE_REST, k);
        }
      refill->take[k] = refill->forced[k];
    }

  left = refill->needed - cb_refill_count (refill);
  for (guint i = 0; i < G_N_ELEMENTS (refill_order) && left > 0; i++)
    {
      CbKind k = refill_order[i];
      guint more = MIN (left, refill->available[k] - refill->take[k]);

      refill->take[k] += more;
      left -= more;
    }
}

gboolean
cb_refill_set (CbRefill  *refill,
               CbKind     kind,
               guint      n,
               GError   **error)
{
  g_return_val_if_fail (refill != NULL, FALSE);

  if ((guint) kind >= CB_N_KINDS || kind == CB_KIND_TOP_DOG || n > refill->available[kind])
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("You do not have that many %s dice to take."), cb_kind_get_name (kind));
      return FALSE;
    }
  if (n < refill->forced[kind])
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("Your draw area runs short: take all of it first, then choose from the rest zone."));
      return FALSE;
    }
  refill->take[kind] = n;
  return TRUE;
}

guint
cb_refill_count (const CbRefill *refill)
{
  guint n = 0;

  for (guint k = 0; k < CB_N_KINDS; k++)
    if (k != CB_KIND_TOP_DOG)
      n += refill->take[k];
  return n;
}

char *
cb_refill_dup_action (const CbRefill *refill,
                      const CbGame   *game,
                      guint           seat)
{
  CbAction a;

  g_return_val_if_fail (refill != NULL && game != NULL, NULL);
  cb_action_init_refill (&a, seat, refill->take, refill->red_lines);
  return cb_action_to_text (game, &a);
}

/* ---- Roll ---- */

void
cb_roll_init (CbRoll       *roll,
              const CbGame *game,
              guint         seat)
{
  g_return_if_fail (roll != NULL && game != NULL);

  memset (roll, 0, sizeof *roll);
  for (guint k = 0; k < CB_N_KINDS; k++)
    roll->ready[k] = cb_game_get_dice (game, seat, CB_ZONE_READY, k);
}

static guint
entered (const CbRoll *roll,
         CbKind        kind)
{
  guint n = 0;

  for (guint f = 0; f < CB_N_FACES; f++)
    n += roll->faces[kind][f];
  return n;
}

gboolean
cb_roll_set (CbRoll   *roll,
             CbKind    kind,
             CbFace    face,
             guint     n,
             GError  **error)
{
  g_return_val_if_fail (roll != NULL, FALSE);

  if ((guint) kind >= CB_N_KINDS || (guint) face >= CB_N_FACES)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED, _("Unknown die or face."));
      return FALSE;
    }
  if (face == CB_FACE_BLANK)
    {
      g_set_error_literal (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                           _("Blank faces fill themselves in: enter the faces with a symbol."));
      return FALSE;
    }
  if (n > 0 && cb_kind_count_face (kind, face) == 0)
    {
      /* Rulebook p. 12: each colour has its own faces. */
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("A %s die has no “%s” face."), cb_kind_get_name (kind), cb_face_get_name (face));
      return FALSE;
    }
  if (entered (roll, kind) - roll->faces[kind][face] + n > roll->ready[kind])
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   g_dngettext (GETTEXT_PACKAGE, "Only %u %s die is rolled.", "Only %u %s dice are rolled.",
                                roll->ready[kind]),
                   roll->ready[kind], cb_kind_get_name (kind));
      return FALSE;
    }
  roll->faces[kind][face] = n;
  return TRUE;
}

guint
cb_roll_get (const CbRoll *roll,
             CbKind        kind,
             CbFace        face)
{
  g_return_val_if_fail (roll != NULL && (guint) kind < CB_N_KINDS && (guint) face < CB_N_FACES, 0);
  if (face == CB_FACE_BLANK)
    return cb_roll_get_blank (roll, kind);
  return roll->faces[kind][face];
}

guint
cb_roll_get_blank (const CbRoll *roll,
                   CbKind        kind)
{
  g_return_val_if_fail (roll != NULL && (guint) kind < CB_N_KINDS, 0);
  return roll->ready[kind] - entered (roll, kind);
}

guint
cb_roll_get_max (const CbRoll *roll,
                 CbKind        kind,
                 CbFace        face)
{
  g_return_val_if_fail (roll != NULL && (guint) kind < CB_N_KINDS && (guint) face < CB_N_FACES, 0);
  if (face == CB_FACE_BLANK || cb_kind_count_face (kind, face) == 0)
    return 0;
  return roll->ready[kind] - entered (roll, kind) + roll->faces[kind][face];
}

guint
cb_roll_count_hits (const CbRoll *roll)
{
  guint n = 0;

  for (guint k = 0; k < CB_N_KINDS; k++)
    n += entered (roll, k);
  return n;
}

char *
cb_roll_dup_action (const CbRoll *roll,
                    const CbGame *game,
                    guint         seat)
{
  CbAction a;

  g_return_val_if_fail (roll != NULL && game != NULL, NULL);
  cb_action_init_roll (&a, seat, roll->faces);
  return cb_action_to_text (game, &a);
}

/* ---- Bust and fans ---- */

char *
cb_presenter_bust_action (const CbGame *game,
                          guint         seat,
                          const guint   to_rest[CB_N_KINDS],
                          const int     fan_told[][2],
                          guint         n_fan_told,
                          const guint  *spaces)
{
  CbAction a;

  g_return_val_if_fail (game != NULL, NULL);
  cb_action_init_bust (&a, seat, to_rest);
  set_fan_told (&a, fan_told, n_fan_told, spaces);
  return cb_action_to_text (game, &a);
}

static JsonObject *
game_json (const DpGame *game)
{
  g_autoptr(JsonNode) node = dp_game_to_json (game);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  return json_object_ref (json_node_get_object (node));
}

guint
cb_presenter_get_untold_fan_spaces (const DpGame *game,
                                    guint         seat,
                                    guint         n,
                                    guint         spaces[CB_FAN_LAST_SPACE])
{
  const CbGame *cb = cb_game_from_dp_const (game);
  g_autoptr(JsonObject) state = NULL;
  JsonObject *told = NULL;
  guint count = 0;

  g_return_val_if_fail (cb != NULL, 0);

  state = game_json (game);
  if (state != NULL && json_object_has_member (state, "fan_track"))
    told = json_object_get_object_member (state, "fan_track");

  /* Rulebook p. 11 „Fankurve“: past space 13 no space is entered any more. */
  for (guint s = cb_game_get_fans (cb, seat) + 1; s <= CB_FAN_LAST_SPACE && n > 0; s++, n--)
    {
      char key[8];

      g_snprintf (key, sizeof key, "%u", s);
      if (told == NULL || !json_object_has_member (told, key))
        spaces[count++] = s;
    }
  return count;
}

/* ---- Moving ---- */

void
cb_move_init (CbMove *move)
{
  g_return_if_fail (move != NULL);

  memset (move, 0, sizeof *move);
  move->take = -1;
  move->max_cost = -1;
  move->take_cost = -1;
  move->beyond = -1;
}

/* The landing bonus of @move into @a (a move's "landed", Bob's "bonus"). */
static void
set_landed (CbAction     *a,
            const CbMove *move,
            const CbGame *game)
{
  cb_action_set_landed (a, move->credits, move->fans);
  /* p. 10: every „lose a die“ symbol is one die, each from an area of the player's
   * choice: one entry per die. */
  for (guint k = 0; k < CB_N_KINDS; k++)
    for (guint z = 0; z < CB_N_ZONES; z++)
      for (int i = 0; i < move->lose[k][z]; i++)
        cb_action_add_landed_lose (a, k, z);
  if (move->take >= 0)
    {
      cb_action_set_take (a, move->take, move->max_cost, move->take_cost);
    }
  set_fan_told (a, move->fan_told, move->n_fan_told, move->fan_spaces);
}

char *
cb_move_dup_action (const CbMove *move,
                    const CbGame *game,
                    guint         seat)
{
  CbAction a;

  g_return_val_if_fail (move != NULL && game != NULL, NULL);
  cb_action_init_move (&a, seat, move->steps, move->finish);
  if (move->last)
    {
      set_landed (&a, move, game);
      if (move->beyond >= 0)
        cb_action_set_beyond (&a, (guint) move->beyond);
    }
  return cb_action_to_text (game, &a);
}

/* ---- Card abilities ---- */

const char *
cb_presenter_zone_name (CbZone zone)
{
  /* The same words as the engine's messages. */
  return cb_zone_name (zone);
}

char *
cb_presenter_dup_die_place (CbKind kind,
                            CbZone zone)
{
  g_autofree char *title = cb_presenter_dup_kind_title (kind);

  /* Translators: a die and where it lies, "Light grey · draw area" */
  return g_strdup_printf (_("%s · %s"), title, cb_presenter_zone_name (zone));
}

char *
cb_presenter_dup_ability_title (const CbAbilityUse *use)
{
  const CbAbilityInfo *info;
  g_autofree char *card = NULL;

  g_return_val_if_fail (use != NULL, NULL);
  info = cb_card_ability (use->card, use->number);
  g_return_val_if_fail (info != NULL, NULL);
  card = cb_presenter_dup_card_title (use->card);
  if (use->face == CB_FACE_SPECIAL && !info->special)
    /* Translators: "<card>: <ability>" used by a die showing the special team symbol,
     * which brings the card's special ability along (rulebook p. 7) */
    return g_strdup_printf (_("%s: %s (special symbol)"), card,
                            cb_card_ability_get_text (use->card, use->number));
  /* Translators: "<card>: <ability>" on an ability button */
  return g_strdup_printf (_("%s: %s"), card, cb_card_ability_get_text (use->card, use->number));
}

/* The first die of @kinds in @zones (draw, ready, active, rest order), or FALSE. */
static gboolean
first_die (const CbGame *game,
           guint         seat,
           guint         zones,
           guint         kinds,
           int          *kind,
           int          *zone)
{
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      if ((zones & (1u << z)) && (kinds & (1u << k)) && cb_game_get_dice (game, seat, z, k) > 0)
        {
          *kind = (int) k;
          *zone = (int) z;
          return TRUE;
        }
  return FALSE;
}

static int
first_bit (guint mask)
{
  for (guint i = 0; i < 32; i++)
    if (mask & (1u << i))
      return (int) i;
  return -1;
}

gboolean
cb_ability_form_refresh (CbAbilityForm *form,
                         const CbGame  *game,
                         guint          seat)
{
  g_return_val_if_fail (form != NULL && game != NULL, FALSE);
  if (!cb_game_get_ability_params (game, seat, form->use.card, form->use.number, form->use.face, &form->info))
    return FALSE;
  cb_ability_form_sync_rolls (form);
  return TRUE;
}

gboolean
cb_ability_form_init (CbAbilityForm      *form,
                      const CbGame       *game,
                      guint               seat,
                      const CbAbilityUse *use)
{
  const CbAbilityParams *info = &form->info;

  g_return_val_if_fail (form != NULL && game != NULL && use != NULL, FALSE);

  memset (form, 0, sizeof *form);
  form->use = *use;
  form->lose_kind = form->lose_zone = -1;
  form->give_kind = form->give_zone = form->give_to = -1;
  form->die_kind = form->die_face = -1;
  form->other_kind = form->other_face = -1;
  form->take = -1;
  form->take_cost = -1;
  cb_move_init (&form->bonus);
  if (!cb_game_get_ability_params (game, seat, use->card, use->number, use->face, &form->info))
    return FALSE;

  /* What must be chosen starts on the first value the board allows, so a button is
   * ready at once; what may be left out starts empty. */
  if (info->required & CB_PARAM_LOSE)
    first_die (game, seat, info->lose_zones, info->lose_kinds, &form->lose_kind, &form->lose_zone);
  if (info->params & CB_PARAM_GIVE)
    {
      form->give_to = first_bit (info->give_to);
      if (info->required & CB_PARAM_GIVE)
        first_die (game, seat, info->give_zones, info->give_kinds, &form->give_kind, &form->give_zone);
    }
  if (info->required & CB_PARAM_DIE)
    {
      form->die_kind = first_bit (info->die_kinds);
      for (guint f = CB_FACE_COIN; f < CB_N_FACES && form->die_face < 0; f++)
        if (cb_kind_count_face (form->die_kind, f) > 0)
          form->die_face = (int) f;
    }
  if (info->required & CB_PARAM_OTHER)
    for (guint k = 0; k < CB_N_KINDS && form->other_kind < 0; k++)
      for (guint f = 0; f < CB_N_FACES && form->other_kind < 0; f++)
        if (cb_game_get_active_faces (game, seat, k, f) > 0)
          {
            form->other_kind = (int) k;
            form->other_face = (int) f;
          }
  if (info->params & CB_PARAM_DICE)
    {
      guint left = info->dice_count;

      for (guint k = 0; k < CB_N_KINDS; k++)
        {
          form->dice[k] = info->dice_min[k];
          left -= MIN (left, form->dice[k]);
        }
      for (guint k = 0; k < CB_N_KINDS && left > 0; k++)
        {
          guint more = MIN (left, info->dice_max[k] - form->dice[k]);
          form->dice[k] += more;
          left -= more;
        }
    }
  if (info->required & CB_PARAM_TAKE)
    form->take = first_bit (info->take_kinds);
  cb_ability_form_sync_rolls (form);
  return TRUE;
}

guint
cb_ability_form_count_chosen (const CbAbilityForm *form)
{
  guint n = 0;

  g_return_val_if_fail (form != NULL, 0);
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      n += form->dice[k];
      for (guint z = 0; z < CB_N_ZONES; z++)
        if (z != CB_ZONE_ACTIVE)
          n += form->from[z][k];
      for (guint f = 0; f < CB_N_FACES; f++)
        n += form->from_active[k][f];
    }
  return n;
}

/* Sets the dice of @roll, keeping the faces of a colour while they still fit. */
static void
roll_set_dice (CbRoll      *roll,
               const guint  dice[CB_N_KINDS])
{
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      guint entered = 0;

      roll->ready[k] = dice[k];
      for (guint f = 0; f < CB_N_FACES; f++)
        entered += roll->faces[k][f];
      if (entered > dice[k])
        memset (roll->faces[k], 0, sizeof roll->faces[k]);
    }
}

void
cb_ability_form_sync_rolls (CbAbilityForm *form)
{
  guint dice[CB_N_KINDS] = { 0, };

  g_return_if_fail (form != NULL);
  for (guint k = 0; k < CB_N_KINDS; k++)
    {
      if (form->info.params & CB_PARAM_DICE)
        dice[k] = form->dice[k];
      else if (form->info.params & CB_PARAM_FROM)
        {
          for (guint z = 0; z < CB_N_ZONES; z++)
            if (z != CB_ZONE_ACTIVE)
              dice[k] += form->from[z][k];
          for (guint f = 0; f < CB_N_FACES; f++)
            dice[k] += form->from_active[k][f];
        }
      else
        dice[k] = form->info.rolled[k];
    }
  roll_set_dice (&form->rolled, dice);
  /* Mahatma: the dice the first roll left in the ready area are rolled again. */
  for (guint k = 0; k < CB_N_KINDS; k++)
    dice[k] = cb_roll_get_blank (&form->rolled, k);
  roll_set_dice (&form->rolled2, dice);
}

char *
cb_ability_form_dup_action (const CbAbilityForm *form,
                            const CbGame        *game,
                            guint                seat)
{
  const CbAbilityParams *info;
  CbAction a;

  g_return_val_if_fail (form != NULL && game != NULL, NULL);
  info = &form->info;
  cb_action_init_ability (&a, seat, form->use.card, form->use.number, form->use.face);
  if ((info->params & CB_PARAM_LOSE) && form->lose_kind >= 0 && form->lose_zone >= 0)
    {
      a.has_lose = TRUE;
      a.ab_lose_kind = form->lose_kind;
      a.ab_lose_zone = form->lose_zone;
    }
  if ((info->params & CB_PARAM_GIVE) && form->give_kind >= 0 && form->give_zone >= 0 && form->give_to >= 0)
    {
      a.has_give = TRUE;
      a.give_kind = form->give_kind;
      a.give_zone = form->give_zone;
      a.give_to = form->give_to;
    }
  if ((info->params & CB_PARAM_DIE) && form->die_kind >= 0 && form->die_face >= 0)
    {
      a.has_die = TRUE;
      a.die_kind = form->die_kind;
      a.die_face = form->die_face;
    }
  if ((info->params & CB_PARAM_OTHER) && form->other_kind >= 0 && form->other_face >= 0)
    {
      a.has_other = TRUE;
      a.other_kind = form->other_kind;
      a.other_face = form->other_face;
    }
  if (info->params & CB_PARAM_DICE)
    {
      a.has_dice = TRUE;
      memcpy (a.counts, form->dice, sizeof a.counts);
    }
  if (info->params & CB_PARAM_FROM)
    {
      a.has_from = TRUE;
      for (guint k = 0; k < CB_N_KINDS; k++)
        {
          for (guint z = 0; z < CB_N_ZONES; z++)
            if (z != CB_ZONE_ACTIVE)
              a.from[z][k] = form->from[z][k];
          for (guint f = 0; f < CB_N_FACES; f++)
            {
              a.from_active[k][f] = form->from_active[k][f];
              a.from[CB_ZONE_ACTIVE][k] += form->from_active[k][f];
            }
        }
    }
  if (info->params & CB_PARAM_ROLLED)
    {
      a.has_roll = TRUE;
      memcpy (a.faces, form->rolled.faces, sizeof a.faces);
    }
  if (info->params & CB_PARAM_ROLLED2)
    {
      a.has_roll2 = TRUE;
      memcpy (a.faces2, form->rolled2.faces, sizeof a.faces2);
    }
  if ((info->params & CB_PARAM_TAKE) && form->take >= 0)
    {
      a.has_take = TRUE;
      a.take = form->take;
    }
  if (info->params & CB_PARAM_BONUS)
    set_landed (&a, &form->bonus, game);
  a.cost = -1;
  if (info->params & CB_PARAM_COST)
    {
      /* A card's cost is told the first time a die of it is taken (issue: asked once). */
      if ((info->params & CB_PARAM_BONUS) && form->bonus.take >= 0 && CB_KIND_IS_COLOUR (form->bonus.take)
          && cb_game_get_cost (game, CB_COLOUR_OF (form->bonus.take)) < 0)
        a.cost = form->bonus.take_cost;
      else if ((info->params & CB_PARAM_TAKE) && form->take >= 0 && CB_KIND_IS_COLOUR (form->take)
               && cb_game_get_cost (game, CB_COLOUR_OF (form->take)) < 0)
        a.cost = form->take_cost;
    }
  if ((info->params & CB_PARAM_FAN) && !(info->params & CB_PARAM_BONUS))
    set_fan_told (&a, form->fan_told, form->n_fan_told, form->fan_spaces);
  if (info->params & CB_PARAM_RED_LINES)
    {
      a.has_red_lines = TRUE;
      a.n = form->red_lines;
    }
  a.finish = (info->params & CB_PARAM_FINISH) && form->finish;
  return cb_action_to_text (game, &a);
}

/* ---- Shop ---- */

char *
cb_presenter_buy_action (const CbGame *game,
                         guint         seat,
                         guint         colour,
                         int           cost)
{
  CbAction a;

  g_return_val_if_fail (game != NULL && colour < CB_N_COLOURS, NULL);
  cb_action_init_buy (&a, seat, CB_KIND_OF (colour), cost);
  return cb_action_to_text (game, &a);
}

char *
cb_presenter_correct_cost_action (const CbGame *game,
                                  guint         seat,
                                  guint         colour,
                                  guint         cost)
{
  CbAction a;

  g_return_val_if_fail (game != NULL && colour < CB_N_COLOURS, NULL);
  cb_action_init_correct_cost (&a, seat, CB_KIND_OF (colour), cost);
  return cb_action_to_text (game, &a);
}

const char *
cb_presenter_get_cost_origin (const CbGame *game,
                              guint         colour)
{
  g_return_val_if_fail (game != NULL && colour < CB_N_COLOURS, NULL);

  switch (cb_game_get_cost_origin (game, colour))
    {
    case CB_COST_REMEMBERED:
      return _("Cost remembered from an earlier race");
    case CB_COST_TOLD:
      return _("Cost told in this race");
    case CB_COST_UNKNOWN:
    default:
      return NULL;   /* the card text says "cost ?" and the row asks for it */
    }
}

char *
cb_presenter_dup_buy_reason (const DpGame *game,
                             guint         seat,
                             guint         colour)
{
  const CbGame *cb = cb_game_from_dp_const (game);
  g_autofree char *action = NULL;
  g_autoptr(GError) error = NULL;
  int cost;

  g_return_val_if_fail (cb != NULL && colour < CB_N_COLOURS, NULL);

  cost = cb_game_get_cost (cb, colour);
  if (cost < 0)
    {
      guint coins = cb_game_get_coins (cb, seat);

      /* Nobody told the cost yet, so no reason may name a price (issue 15: "A red die
       * costs 1 coins" beside "cost ?"). Asked with all the coins the player has, the
       * engine's answer is about anything but the price. */
      if (coins == 0)
        return g_strdup (cb_game_get_credits (cb, seat) > 0 ? _("No coins: redeem credits first.")
                                                             : _("No coins left."));
      action = cb_presenter_buy_action (cb, seat, colour, (int) coins);
      if (cb_presenter_check (game, action, &error))
        return NULL;
      return g_strdup (error->message);
    }

  action = cb_presenter_buy_action (cb, seat, colour, -1);
  if (cb_presenter_check (game, action, &error))
    return NULL;
  return g_strdup (error->message);
}

char *
cb_presenter_dup_card_text (const CbGame *game,
                            guint         colour)
{
  int cost;
  guint left;
  g_autofree char *cost_text = NULL;
  g_autofree char *title = NULL;

  g_return_val_if_fail (game != NULL && colour < CB_N_COLOURS, NULL);

  cost = cb_game_get_cost (game, colour);
  left = cb_game_get_supply (game, CB_KIND_OF (colour));
  if (cost >= 0)
    /* Translators: a card's cost in coins */
    cost_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d coin", "%d coins", cost), cost);
  else
    /* Translators: a card's cost nobody has told yet */
    cost_text = g_strdup (_("cost ?"));
  /* the race's cards as the box shows them: an English box's cards match too */
  title = cb_presenter_dup_card_box_title (cb_game_get_card (game, colour));
  /* Translators: "Bob · 4 coins · 7 left" (dice left in the shop supply) */
  return g_strdup_printf (_("%s · %s · %u left"), title, cost_text, left);
}

/* ---- Facts told earlier ---- */

JsonObject *
cb_presenter_dup_known_facts (DpStore *store)
{
  g_autoptr(GHashTable) facts = NULL;
  g_autoptr(GError) error = NULL;

  /* The printed cards and fan track do not change between races: what the group told
   * once is asked never again. The store keeps, per fact, the value of the newest game
   * (dp_store_dup_known_facts(): one query, whatever the number of games). */
  if (store != NULL)
    facts = dp_store_dup_known_facts (store, dp_game_kind_get_id (&cb_game_kind), &error);
  if (error != NULL)
    g_debug ("Known Cubitos facts not read: %s", error->message);
  return cb_facts_to_setup_json (facts);
}

static void
copy_member_cb (JsonObject *object,
                const char *name,
                JsonNode   *node,
                gpointer    data)
{
  json_object_set_member (data, name, json_node_copy (node));
}

JsonObject *
cb_presenter_dup_table_facts (JsonObject   *facts,
                              CbZeroSwords  rule)
{
  JsonObject *copy = json_object_new ();

  if (facts != NULL)
    json_object_foreach_member (facts, copy_member_cb, copy);
  if (rule == CB_ZERO_SWORDS_UNSET)
    json_object_remove_member (copy, "zero_swords");
  else
    json_object_set_string_member (copy, "zero_swords", rule == CB_ZERO_SWORDS_TIE ? "tie" : "nobody");
  return copy;
}

static void
add_facts (JsonBuilder *b,
           JsonObject  *facts)
{
  const char *members[] = { "costs", "fan_track" };

  if (facts == NULL)
    return;
  /* The table's reading of the red card at 0 swords (issue 25, item 5) */
  if (json_object_has_member (facts, "zero_swords"))
    {
      json_builder_set_member_name (b, "zero_swords");
      json_builder_add_string_value (b, json_object_get_string_member (facts, "zero_swords"));
    }
  for (guint i = 0; i < G_N_ELEMENTS (members); i++)
    {
      JsonObject *o = json_object_has_member (facts, members[i])
                      ? json_object_get_object_member (facts, members[i]) : NULL;

      if (o == NULL || json_object_get_size (o) == 0)
        continue;
      json_builder_set_member_name (b, members[i]);
      json_builder_add_value (b, json_node_init_object (json_node_alloc (), o));
    }
}

/* {"game": "cubitos", "players": [@names…], … : how both setups begin. */
static void
begin_setup (JsonBuilder       *b,
             const char *const *names,
             guint              n_names)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "game");
  json_builder_add_string_value (b, "cubitos");
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (guint i = 0; i < n_names; i++)
    json_builder_add_string_value (b, names[i]);
  json_builder_end_array (b);
}

/* … "track" (when @track names one), "laps" (when not 0), "first" and the
 * facts told in earlier games}: how both setups end; the setup as text. */
static char *
end_setup (JsonBuilder *b,
           int          track,
           guint        laps,
           const char  *first,
           JsonObject  *facts)
{
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;

  if (track >= 0 && track < CB_N_TRACKS)
    {
      json_builder_set_member_name (b, "track");
      json_builder_add_string_value (b, cb_track ((guint) track)->key);
    }
  if (laps > 0)
    {
      json_builder_set_member_name (b, "laps");
      json_builder_add_int_value (b, laps);
    }
  json_builder_set_member_name (b, "first");
  json_builder_add_string_value (b, first);
  add_facts (b, facts);
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  json_generator_set_root (gen, root);
  return json_generator_to_data (gen, NULL);
}

char *
cb_presenter_dup_setup (const char *const *names,
                        guint              n_names,
                        guint              race,
                        int                track,
                        guint              laps,
                        guint              first,
                        JsonObject        *facts)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (names != NULL && first < n_names, NULL);

  begin_setup (b, names, n_names);
  json_builder_set_member_name (b, "race");
  json_builder_add_int_value (b, race);
  return end_setup (b, track, laps, names[first], facts);
}

char *
cb_presenter_dup_free_setup (const char *const *names,
                             guint              n_names,
                             const guint        cards[CB_N_COLOURS],
                             guint              track,
                             guint              laps,
                             guint              first,
                             JsonObject        *facts)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  g_return_val_if_fail (names != NULL && first < n_names && cards != NULL && track < CB_N_TRACKS, NULL);

  /* docs/game-script.md, Setup: "race": "free" with one card key per colour and a track. */
  begin_setup (b, names, n_names);
  json_builder_set_member_name (b, "race");
  json_builder_add_string_value (b, "free");
  json_builder_set_member_name (b, "cards");
  json_builder_begin_array (b);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      const CbCard *card = cb_card (cards[c]);

      g_return_val_if_fail (card != NULL, NULL);
      json_builder_add_string_value (b, card->key);
    }
  json_builder_end_array (b);
  return end_setup (b, (int) track, laps, names[first], facts);
}

char *
cb_presenter_dup_setup_again (const CbGame *game,
                              JsonObject   *facts)
{
  g_autoptr(JsonObject) with_rule = NULL;
  const char *names[CB_MAX_PLAYERS];
  guint n;
  guint first = 0;
  int track;

  g_return_val_if_fail (game != NULL, NULL);

  /* The table's reading of the red card goes on with the race (issue 25, item 5). */
  with_rule = cb_presenter_dup_table_facts (facts, cb_game_get_zero_swords (game));
  facts = with_rule;
  n = cb_game_get_n_players (game);
  for (guint s = 0; s < n; s++)
    names[s] = cb_game_get_player_name (game, s);
  /* The top dog goes on clockwise from whoever held it last. */
  first = (cb_game_get_top_dog (game) + 1) % n;
  track = (int) cb_game_get_track (game);
  if (cb_game_get_race (game) == 0)
    {
      guint cards[CB_N_COLOURS];

      /* A free race is played again with the same cards. */
      for (guint c = 0; c < CB_N_COLOURS; c++)
        cards[c] = cb_game_get_card (game, c);
      return cb_presenter_dup_free_setup (names, n, cards, (guint) track, cb_game_get_laps (game), first, facts);
    }
  return cb_presenter_dup_setup (names, n, cb_game_get_race (game), track, cb_game_get_laps (game), first, facts);
}

/* ---- The turn assistant ---- */

char *
cb_presenter_dup_push_odds (const CbGame *game,
                            guint         seat)
{
  g_autoptr(CbOdds) odds = cb_odds_compute (game, seat);
  g_autofree char *push = NULL;
  g_autofree char *twice = NULL;

  if (odds == NULL)
    return NULL;
  push = cb_odds_describe (odds, CB_ODDS_PUSH);
  if (push == NULL)
    return NULL;
  /* a second push exists only when the first can leave a die in the ready area */
  if (odds->plan[CB_ODDS_PUSH].p_empty < 1.0 - 1e-12)
    twice = cb_odds_describe (odds, CB_ODDS_ONE_MORE);
  return twice != NULL ? g_strdup_printf ("%s\n%s", push, twice) : g_steal_pointer (&push);
}
