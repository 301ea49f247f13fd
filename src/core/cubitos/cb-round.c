/* cb-round.c — the steps of a Cubitos round that no single action owns: the race
 * section starts, the red card is compared, a round ends and the top dog passes on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-game-private.h"
#include "cb-game-private.h"

#define MAX_COUNT   CB_MAX_COUNT
#define MAX_LOSE    CB_MAX_LOSE
#define N_FAN       CB_N_FAN

void
cb_start_race_section_if_ready (CbGame *g)
{
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s) && g->b.p[s].phase != CB_PHASE_ROLL_DONE)
      return;
  /* p. 9, 4: everyone has turned the round overview to red */
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s))
      g->b.p[s].phase = CB_PHASE_SUPPORT;
  g->b.red_done = FALSE;
  g->b.red_winner = -1;
}

/* p. 11 „vergleichen“: once every player has announced, the red card is evaluated once.
 * With 0 swords all round: p. 9 „Sage … an, wie viele [Schwerter] du hast (ggf. auch 0).
 * Vergleiche diesen Wert“ — 0 is compared like any count, so everyone at 0 is a tie
 * that the card's tie rule decides („Nase vorn“). Setups that say "nobody" (and those
 * recorded before the choice existed) keep the earlier reading: nobody has "most" with
 * 0 (issue 25, item 5; docs/cubitos-notes.md). */
void
cb_evaluate_red_card (CbGame *g)
{
  const CbCard *card = cb_card (g->cards[0]);
  guint most = 0, n_most = 0;

  g->b.red_done = TRUE;
  g->b.red_winner = -1;
  if (card->tie == CB_TIE_EVERYONE)
    return;
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s))
      most = MAX (most, g->b.p[s].swords);
  if (most == 0 && g->zero_swords != CB_ZERO_SWORDS_TIE)
    return;
  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (&g->b, s) && g->b.p[s].swords == most)
      {
        n_most++;
        g->b.red_winner = (int) s;
      }
  if (n_most == 1)
    return;
  g->b.red_winner = -1;
  if (card->tie == CB_TIE_TOP_DOG)
    /* „wer … die Nase vorn hat oder im Uhrzeigersinn näher an der Person sitzt“ */
    for (guint i = 0; i < g->n_players; i++)
      {
        guint s = (g->b.top_dog + i) % g->n_players;
        if (cb_is_participant (&g->b, s) && g->b.p[s].swords == most)
          {
            g->b.red_winner = (int) s;
            return;
          }
      }
}

gboolean
cb_enter_move_phase (CbGame  *g,
                     guint    seat,
                     CbActionType  type,
                     GError **error)
{
  CbPlayer *p = &g->b.p[seat];

  if (p->phase == CB_PHASE_MOVE)
    return TRUE;
  if (p->phase != CB_PHASE_SUPPORT)
    return cb_wrong_phase (g, seat, type, error);
  if (!p->announced)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Announce your swords before you move on to phase 6."));
      return FALSE;
    }
  if (!g->b.red_done)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL,
                   _("Wait until everyone has announced their swords: the red card comes first."));
      return FALSE;
    }
  /* p. 9, 5: „Verpflichtende Fähigkeiten musst du ausführen“ */
  if (!cb_cards_check_mandatory (g, seat, CB_CHECK_MOVE, error))
    return FALSE;
  p->phase = CB_PHASE_MOVE;
  p->moved = FALSE;
  return TRUE;
}

static void
cb_start_round (CbGame *g)
{
  CbBoard *b = &g->b;

  b->round++;
  b->red_done = FALSE;
  b->red_winner = -1;
  for (guint s = 0; s < g->n_players; s++)
    {
      CbPlayer *p = &b->p[s];
      p->phase = cb_is_participant (b, s) ? CB_PHASE_REFILL : CB_PHASE_OUT;
      p->danger = p->busted = p->collected = p->announced = p->safe_roll = FALSE;
      p->swords = p->coins = p->steps = p->red_lines = p->bought = 0;
      p->moved = p->took_credit = p->lost_die = p->jet_used = FALSE;
      if (cb_is_participant (b, s))
        p->rounds_played++;
      p->pushed = p->must_push = p->keep_on_bust = p->red_used = p->shop_started = p->pre_shop = FALSE;
      p->water = 0;
      p->ignore_mask = p->ignore_mask_next;
      p->no_limit = p->no_limit_next;
      p->ignore_mask_next = 0;
      p->no_limit_next = FALSE;
    }
}

/* End of round (p. 9, 8 and p. 10 „Spielende“). */
void
cb_end_round_if_ready (CbGame *g)
{
  CbBoard *b = &g->b;
  guint finishers = 0, n_fin = 0, best = 0, n_best = 0, best_mask = 0;
  guint holder, next;

  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (b, s) && b->p[s].phase != CB_PHASE_RESTED)
      return;

  for (guint s = 0; s < g->n_players; s++)
    if (cb_is_participant (b, s) && b->p[s].finished)
      {
        finishers |= 1u << s;
        n_fin++;
      }
  if (n_fin == 1)
    {
      b->finished = TRUE;
      b->winners = finishers;
      return;
    }
  if (n_fin > 1)
    {
      /* several finishers: farthest beyond the start wins; still tied: another round */
      for (guint s = 0; s < g->n_players; s++)
        if (finishers & (1u << s))
          best = MAX (best, (guint) MAX (b->p[s].beyond, 0));
      for (guint s = 0; s < g->n_players; s++)
        if ((finishers & (1u << s)) && (guint) MAX (b->p[s].beyond, 0) == best)
          {
            best_mask |= 1u << s;
            n_best++;
          }
      if (n_best == 1)
        {
          b->finished = TRUE;
          b->winners = best_mask;
          return;
        }
      b->tiebreak = TRUE;
      b->participants = best_mask;
    }

  /* p. 9, 8: the top dog passes clockwise and goes into the new holder's ready area */
  holder = b->top_dog;
  next = cb_next_participant (g, holder);
  for (guint z = 0; z < CB_N_ZONES; z++)
    if (b->p[holder].dice[z][CB_KIND_TOP_DOG] > 0)
      {
        if (z == CB_ZONE_ACTIVE)
          cb_remove_active (&b->p[holder], CB_KIND_TOP_DOG, -1);
        else
          b->p[holder].dice[z][CB_KIND_TOP_DOG]--;
      }
  b->p[next].dice[CB_ZONE_READY][CB_KIND_TOP_DOG] = 1;
  b->top_dog = next;
  cb_start_round (g);
}
