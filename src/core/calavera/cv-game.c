/* cv-game.c — Calavera: the score sheets, the turn state machine, legal actions, scoring
 *
 * Rules: shared/rules/calavera-rules-{de,en-a,en-b,fr}.txt. Where they leave room, the
 * decisions are in docs/rules-notes.md; the sheet layout is the table in cv-sheet.c.
 *
 * Every action is first checked completely (check_action) and only then applied
 * (do_apply), which cannot fail: a refused action never half-changes the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "dp-game-private.h"
#include "cv-game-private.h"

struct _CvGame
{
  guint    n_players;
  char    *names[CV_MAX_PLAYERS];

  /* The sheets */
  guint8   crosses[CV_MAX_PLAYERS][CV_N_COLORS];
  guint8   frozen[CV_MAX_PLAYERS][CV_N_COLORS];
  gint8    frozen_value[CV_MAX_PLAYERS][CV_N_COLORS];
  guint8   bonus[CV_MAX_PLAYERS][CV_N_BONUS_LINES];   /* CvBonusState */

  /* The turn */
  CvPhase  phase;
  guint    roller;
  guint    turn;
  guint    n_rolls;
  CvFace   dice[CV_N_DICE];   /* sorted; valid while n_rolls > 0 */
  int      used_face;         /* what the roller took (jokers also for freezing), or -1 */
  guint    pending;           /* bit per seat: opponents who must still mark after skulls */
  guint    lines_open;        /* bit per bonus line nobody had won when the opponents began */
};

/* ---- Small helpers ---- */

static inline gboolean
is_color (int face)
{
  return face >= 0 && face < CV_N_COLORS;
}

static inline gboolean
is_face (int face)
{
  return face >= 0 && face < CV_N_FACES;
}

/* Counts the dice per face; with @available_only just those whoever acts may still
 * choose (no skulls, none of the roller's). */
static void
count_dice (const CvGame *game,
            guint         counts[CV_N_FACES],
            gboolean      available_only)
{
  memset (counts, 0, CV_N_FACES * sizeof (guint));
  if (game->n_rolls == 0)
    return;

  for (guint i = 0; i < CV_N_DICE; i++)
    counts[game->dice[i]]++;

  if (available_only)
    {
      counts[CV_FACE_SKULL] = 0;
      if (is_face (game->used_face))
        counts[game->used_face] = 0;
    }
}

static guint
n_frozen_rows (const CvGame *game,
               guint         seat)
{
  guint n = 0;

  for (guint c = 0; c < CV_N_COLORS; c++)
    n += game->frozen[seat][c] ? 1 : 0;
  return n;
}

static int
row_points (const CvGame *game,
            guint         seat,
            guint         color)
{
  guint crosses = game->crosses[seat][color];
  const CvBox *box;

  if (game->frozen[seat][color])
    return game->frozen_value[seat][color];
  if (crosses == 0)
    return 0;

  /* "Jeder von euch, der in einer Farbreihe sein letztes Kreuz in der Punktezone
   * stehen hat, darf die in der Spalte abgebildeten Punkte noch werten." */
  box = cv_sheet_get_box (crosses - 1);
  return box->zone == CV_ZONE_POINTS ? box->value : 0;
}

static int
bonus_points (const CvGame *game,
              guint         seat)
{
  int points = 0;

  for (guint l = 0; l < CV_N_BONUS_LINES; l++)
    {
      const CvBonusLine *line = cv_sheet_get_bonus_line (l);

      if (game->bonus[seat][l] == CV_BONUS_WON_FIRST)
        points += line->first_value;
      else if (game->bonus[seat][l] == CV_BONUS_WON_LATER)
        points += line->later_value;
    }
  return points;
}

static int
total_points (const CvGame *game,
              guint         seat)
{
  int total = bonus_points (game, seat);

  for (guint c = 0; c < CV_N_COLORS; c++)
    total += row_points (game, seat, c);
  return total;
}

/* Can @seat mark anything from dice counts @avail? ("Ausnahme: Wenn ihr eine Farbreihe
 * bereits ausgefüllt oder eingefroren habt … und keine andere Farbe eintragen könnt,
 * müsst ihr nichts machen.") */
static gboolean
can_mark (const CvGame *game,
          guint         seat,
          const guint   avail[CV_N_FACES])
{
  for (guint c = 0; c < CV_N_COLORS; c++)
    if (!game->frozen[seat][c] && (avail[c] > 0 || avail[CV_FACE_JOKER] > 0))
      return TRUE;
  return FALSE;
}

/* The joker count needed to freeze @color of @seat now, or 0 when the last cross does
 * not stand in a box that allows freezing (not yet in the points zone). */
static guint
jokers_to_freeze (const CvGame *game,
                  guint         seat,
                  guint         color)
{
  guint crosses = game->crosses[seat][color];

  if (crosses == 0)
    return 0;
  return cv_sheet_get_box (crosses - 1)->jokers_to_freeze;
}

static gboolean
can_freeze (const CvGame *game,
            guint         seat,
            guint         color,
            guint         jokers)
{
  guint need;

  if (game->frozen[seat][color])
    return FALSE;
  need = jokers_to_freeze (game, seat, color);
  return need > 0 && jokers >= need;
}

static guint
n_skulls (const CvGame *game)
{
  guint counts[CV_N_FACES];

  count_dice (game, counts, FALSE);
  return counts[CV_FACE_SKULL];
}

/* ---- Applying (never fails: check_action ran first) ---- */

static gboolean
bonus_line_won_first (const CvGame *game,
                      guint         line)
{
  for (guint s = 0; s < game->n_players; s++)
    if (game->bonus[s][line] == CV_BONUS_WON_FIRST)
      return TRUE;
  return FALSE;
}

/* "Hast du als Erster alle vier Farbreihen bis zur Bonuslinie gefüllt? … Deine
 * Mitspieler streichen diesen Bonuspunkt durch." and the note: "Bekommst du die
 * Bonuspunkte in deinem eigenen Zug, können deine Mitspieler nur noch die kleinen
 * Bonuspunkte erhalten … Bekommen mehrere Mitspieler in einem fremden Spielzug
 * gleichzeitig als Erste Bonuspunkte, erhalten sie alle die vollen Punkte." */
static void
update_bonus (CvGame *game,
              guint   seat)
{
  gboolean own_turn = game->phase == CV_PHASE_CHOOSE;

  for (guint l = 0; l < CV_N_BONUS_LINES; l++)
    {
      const CvBonusLine *line = cv_sheet_get_bonus_line (l);
      gboolean reached = TRUE, first;

      if (game->bonus[seat][l] == CV_BONUS_WON_FIRST || game->bonus[seat][l] == CV_BONUS_WON_LATER)
        continue;

      for (guint c = 0; c < CV_N_COLORS; c++)
        reached = reached && game->crosses[seat][c] >= line->after_box;
      if (!reached)
        continue;

      if (own_turn)
        first = !bonus_line_won_first (game, l);
      else
        first = (game->lines_open & (1u << l)) != 0;

      if (first)
        {
          game->bonus[seat][l] = CV_BONUS_WON_FIRST;
          for (guint s = 0; s < game->n_players; s++)
            if (s != seat && game->bonus[s][l] == CV_BONUS_OPEN)
              game->bonus[s][l] = CV_BONUS_STRUCK;
        }
      else
        game->bonus[seat][l] = CV_BONUS_WON_LATER;
    }
}

/* Crosses left to right; reaching the death zone freezes the row at once with the value
 * under the last cross; crosses past the last box are lost ("kreuze einfach so viele
 * Felder an wie möglich … die restlichen Würfel verfallen"). */
static void
mark_row (CvGame *game,
          guint   seat,
          guint   color,
          guint   n)
{
  guint after = MIN (game->crosses[seat][color] + n, CV_ROW_LENGTH);

  game->crosses[seat][color] = after;
  if (after > 0 && cv_sheet_get_box (after - 1)->zone == CV_ZONE_DEATH)
    {
      game->frozen[seat][color] = TRUE;
      game->frozen_value[seat][color] = cv_sheet_get_box (after - 1)->value;
    }
  update_bonus (game, seat);
}

static void
end_turn (CvGame *game)
{
  /* "Das Spiel endet sofort, sobald einer von euch in allen vier Farbreihen Punkte
   * eingefroren hat." Opponents finishing in a foreign turn end it here, after all
   * of them have marked. */
  for (guint s = 0; s < game->n_players; s++)
    if (n_frozen_rows (game, s) == CV_N_COLORS)
      {
        game->phase = CV_PHASE_FINISHED;
        game->pending = 0;
        return;
      }

  game->roller = (game->roller + 1) % game->n_players;
  game->turn++;
  game->n_rolls = 0;
  game->used_face = -1;
  game->pending = 0;
  game->lines_open = 0;
  memset (game->dice, 0, sizeof game->dice);
  game->phase = CV_PHASE_ROLL;
}

/* After skulls the opponents who can mark from the dice the roller left must do so;
 * those who cannot are skipped (docs/rules-notes.md). */
static void
begin_opponents (CvGame *game)
{
  guint avail[CV_N_FACES];

  count_dice (game, avail, TRUE);
  game->pending = 0;
  for (guint s = 0; s < game->n_players; s++)
    if (s != game->roller && can_mark (game, s, avail))
      game->pending |= 1u << s;

  game->lines_open = 0;
  for (guint l = 0; l < CV_N_BONUS_LINES; l++)
    if (!bonus_line_won_first (game, l))
      game->lines_open |= 1u << l;

  if (game->pending == 0)
    end_turn (game);
  else
    game->phase = CV_PHASE_OPPONENTS;
}

static void
after_roll (CvGame *game)
{
  _cv_faces_sort (game->dice, CV_N_DICE);

  /* "Hast du drei oder mehr Totenköpfe gewürfelt? … Dein Zug endet sofort und deine
   * Mitspieler müssen dein Würfelergebnis verwenden." */
  if (n_skulls (game) >= 3)
    {
      game->used_face = -1;
      begin_opponents (game);
    }
}

/* @actor has chosen (@used: the face used, or -1 for a pass). */
static void
after_choice (CvGame *game,
              guint   actor,
              int     used)
{
  if (game->phase == CV_PHASE_CHOOSE)
    {
      game->used_face = used;

      /* "Beendest du das Spiel in deinem Zug, dürfen deine Mitspieler nichts mehr
       * ankreuzen." */
      if (n_frozen_rows (game, actor) == CV_N_COLORS)
        {
          game->phase = CV_PHASE_FINISHED;
          game->pending = 0;
        }
      else if (n_skulls (game) > 0)
        begin_opponents (game);
      else
        end_turn (game);
    }
  else
    {
      game->pending &= ~(1u << actor);
      if (game->pending == 0)
        end_turn (game);
    }
}

static void
do_apply (CvGame         *game,
          const CvAction *action,
          guint           actor)
{
  guint avail[CV_N_FACES];

  switch (action->type)
    {
    case CV_ACTION_ROLL:
      memcpy (game->dice, action->dice, sizeof game->dice);
      game->n_rolls = 1;
      game->used_face = -1;
      game->phase = CV_PHASE_CHOOSE;
      after_roll (game);
      break;

    case CV_ACTION_REROLL:
      {
        CvFace picked[CV_N_DICE];
        guint n_kept = 0;
        CvFace kept[CV_N_DICE];
        gboolean taken[CV_N_DICE] = { FALSE, };

        memcpy (picked, action->dice, action->n_dice * sizeof (CvFace));
        for (guint p = 0; p < action->n_dice; p++)
          for (guint i = 0; i < CV_N_DICE; i++)
            if (!taken[i] && game->dice[i] == picked[p])
              {
                taken[i] = TRUE;
                break;
              }
        for (guint i = 0; i < CV_N_DICE; i++)
          if (!taken[i])
            kept[n_kept++] = game->dice[i];
        for (guint p = 0; p < action->n_dice && n_kept < CV_N_DICE; p++)
          kept[n_kept++] = action->result[p];
        memcpy (game->dice, kept, sizeof game->dice);
        game->n_rolls++;
        after_roll (game);
      }
      break;

    case CV_ACTION_TAKE:
      count_dice (game, avail, TRUE);
      mark_row (game, actor, action->color, avail[action->color]);
      after_choice (game, actor, action->color);
      break;

    case CV_ACTION_TAKE_JOKERS:
      count_dice (game, avail, TRUE);
      mark_row (game, actor, action->color, avail[CV_FACE_JOKER]);
      after_choice (game, actor, CV_FACE_JOKER);
      break;

    case CV_ACTION_FREEZE:
      /* "Dafür wählst du alle deine gewürfelten Joker und umkreist das letzte Kreuz
       * in dieser Farbreihe." */
      game->frozen[actor][action->color] = TRUE;
      game->frozen_value[actor][action->color] =
        cv_sheet_get_box (game->crosses[actor][action->color] - 1)->value;
      after_choice (game, actor, CV_FACE_JOKER);
      break;

    case CV_ACTION_PASS:
    default:
      after_choice (game, actor, -1);
      break;
    }
}

/* ---- Checking ---- */

static const char *
name_of (const CvGame *game,
         guint         seat)
{
  return game->names[seat];
}

static gboolean
set_illegal (GError     **error,
             const char  *format,
             ...) G_GNUC_PRINTF (2, 3);

static gboolean
set_illegal (GError     **error,
             const char  *format,
             ...)
{
  va_list args;

  if (error != NULL)
    {
      va_start (args, format);
      *error = g_error_new_valist (DP_GAME_ERROR, DP_GAME_ERROR_ILLEGAL, format, args);
      va_end (args);
    }
  return FALSE;
}

static gboolean
check_actor (const CvGame    *game,
             const CvAction  *action,
             guint           *actor,
             GError         **error)
{
  if (game->phase == CV_PHASE_FINISHED)
    return set_illegal (error, _("The game is over"));

  if (action->player < -1 || action->player >= (int) game->n_players)
    return set_illegal (error, _("There is no player number %d in this game"), action->player);

  if (game->phase == CV_PHASE_OPPONENTS)
    {
      g_autofree char *names = NULL;

      if (action->player >= 0 && (game->pending & (1u << action->player)))
        {
          *actor = action->player;
          return TRUE;
        }

      names = _dp_game_join_names (&cv_game_kind, game, game->pending);
      if (action->player == -1)
        /* Translators: first %s is a list of names, second the roller */
        return set_illegal (error, _("Say which player marks: %s must mark from the dice %s did not take"),
                            names, name_of (game, game->roller));
      if ((guint) action->player == game->roller)
        /* Translators: first %s is the roller, second a list of names */
        return set_illegal (error, _("%s's roll is over; waiting for %s to mark"),
                            name_of (game, action->player), names);
      /* Translators: first %s is a player, second a list of names */
      return set_illegal (error, _("%s does not have to act now; waiting for %s"),
                          name_of (game, action->player), names);
    }

  if (action->player != -1 && (guint) action->player != game->roller)
    return set_illegal (error, _("It is %s's turn, not %s's"),
                        name_of (game, game->roller), name_of (game, action->player));

  *actor = game->roller;
  return TRUE;
}

static gboolean
check_faces (const CvFace  *faces,
             guint          n,
             GError       **error)
{
  for (guint i = 0; i < n; i++)
    if (!is_face (faces[i]))
      return set_illegal (error, _("Unknown die face"));
  return TRUE;
}

/* Shared by TAKE and TAKE_JOKERS: a claimed count that does not match the dice. */
static gboolean
check_claim (const CvGame    *game,
             const CvAction  *action,
             const guint      avail[CV_N_FACES],
             GError         **error)
{
  gboolean jokers = action->type == CV_ACTION_TAKE_JOKERS;
  guint have = jokers ? avail[CV_FACE_JOKER] : avail[action->color];
  guint other = jokers ? avail[action->color] : avail[CV_FACE_JOKER];

  if (action->n_dice == 0 || action->n_dice == have)
    return TRUE;

  /* "Du darfst von der gewählten Farbe keinen Würfel verfallen lassen." */
  if (action->n_dice < have)
    {
      if (jokers)
        return set_illegal (error, g_dngettext (GETTEXT_PACKAGE,
                                                "All %u joker must be used",
                                                "All %u jokers must be used", have), have);
      return set_illegal (error, g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: %s is a colour: "All 3 orange dice must be used" */
                                              "All %u %s die must be used",
                                              "All %u %s dice must be used", have),
                          have, cv_face_get_name (action->color));
    }

  /* "Es ist aber nicht erlaubt, Joker mit einer bereits gewürfelten Farbe zu kombinieren." */
  if (other > 0 && action->n_dice <= have + other)
    return set_illegal (error, _("Jokers cannot be combined with %s dice: take either the %s dice or the jokers"),
                        cv_face_get_name (action->color), cv_face_get_name (action->color));

  return set_illegal (error, g_dngettext (GETTEXT_PACKAGE,
                                          /* Translators: %s is a face: "Only 2 dice show orange" */
                                          "Only %u die shows %s",
                                          "Only %u dice show %s", have),
                      have, cv_face_get_name (jokers ? CV_FACE_JOKER : action->color));
}

static gboolean
check_mark (const CvGame    *game,
            const CvAction  *action,
            guint            actor,
            GError         **error)
{
  guint avail[CV_N_FACES], all[CV_N_FACES];
  CvFace face;

  if (action->type == CV_ACTION_TAKE)
    {
      if (action->color == CV_FACE_SKULL)
        return set_illegal (error, _("Skulls cannot be marked"));
      if (action->color == CV_FACE_JOKER)
        return set_illegal (error, _("Jokers are taken as a colour: say which colour they count as"));
    }
  if (!is_color (action->color))
    return set_illegal (error, _("Only the colour rows orange, green, pink and black can be marked"));

  face = action->type == CV_ACTION_TAKE ? action->color : CV_FACE_JOKER;
  count_dice (game, avail, TRUE);
  count_dice (game, all, FALSE);

  if (avail[face] == 0)
    {
      if (game->phase == CV_PHASE_OPPONENTS && all[face] > 0)
        /* "Sie dürfen nur nicht die Würfel verwenden, die du bereits eingetragen hast." */
        return set_illegal (error, _("%s must choose from the dice %s did not take"),
                            name_of (game, actor), name_of (game, game->roller));
      if (face == CV_FACE_JOKER)
        return set_illegal (error, _("No die shows a joker"));
      /* Translators: %s is a colour */
      return set_illegal (error, _("No die shows %s"), cv_face_get_name (face));
    }

  if (!check_claim (game, action, avail, error))
    return FALSE;

  if (game->frozen[actor][action->color])
    /* Translators: "Ina's orange row is frozen" */
    return set_illegal (error, _("%s's %s row is frozen"),
                        name_of (game, actor), cv_face_get_name (action->color));

  return TRUE;
}

static gboolean
check_freeze (const CvGame    *game,
              const CvAction  *action,
              guint            actor,
              GError         **error)
{
  guint counts[CV_N_FACES];
  guint need, crosses;
  const char *color;

  /* "Einfrieren kannst du nur in deinem eigenen Spielzug" */
  if (game->phase != CV_PHASE_CHOOSE)
    return set_illegal (error, _("Only the roller can freeze, in their own turn"));
  if (!is_color (action->color))
    return set_illegal (error, _("Only the colour rows orange, green, pink and black can be frozen"));

  color = cv_face_get_name (action->color);
  if (game->frozen[actor][action->color])
    return set_illegal (error, _("%s's %s row is already frozen"), name_of (game, actor), color);

  crosses = game->crosses[actor][action->color];
  need = jokers_to_freeze (game, actor, action->color);
  if (need == 0)
    return set_illegal (error, g_dngettext (GETTEXT_PACKAGE,
                                            /* Translators: "…; Ina's pink row has 3 crosses" */
                                            "Only a row whose last cross stands in the points zone can be frozen; %s's %s row has %u cross",
                                            "Only a row whose last cross stands in the points zone can be frozen; %s's %s row has %u crosses",
                                            crosses),
                        name_of (game, actor), color, crosses);

  count_dice (game, counts, FALSE);
  if (counts[CV_FACE_JOKER] < need)
    return set_illegal (error, g_dngettext (GETTEXT_PACKAGE,
                                            /* Translators: "Freezing at 8 points needs 3 jokers; you have 2" */
                                            "Freezing at %d points needs %u joker; you have %u",
                                            "Freezing at %d points needs %u jokers; you have %u",
                                            need),
                        cv_sheet_get_box (crosses - 1)->value, need, counts[CV_FACE_JOKER]);

  return TRUE;
}

static gboolean roller_has_choice (const CvGame *game);

static gboolean
check_action (const CvGame    *game,
              const CvAction  *action,
              guint           *actor_out,
              GError         **error)
{
  guint actor = 0;

  if (action == NULL)
    return set_illegal (error, _("The action is empty"));

  if ((guint) action->type > CV_ACTION_PASS)
    return set_illegal (error, _("Unknown action"));

  if (!check_actor (game, action, &actor, error))
    return FALSE;

  switch (action->type)
    {
    case CV_ACTION_ROLL:
      if (game->phase == CV_PHASE_OPPONENTS)
        return set_illegal (error, _("Only the roller rolls; %s must mark from the dice %s did not take"),
                            name_of (game, actor), name_of (game, game->roller));
      if (game->phase == CV_PHASE_CHOOSE)
        return set_illegal (error, _("%s has already rolled; to roll again, pick up dice for a re-roll"),
                            name_of (game, actor));
      if (action->n_dice != CV_N_DICE)
        return set_illegal (error, _("A roll shows exactly six dice"));
      return check_faces (action->dice, CV_N_DICE, error);

    case CV_ACTION_REROLL:
      {
        guint counts[CV_N_FACES], picked[CV_N_FACES] = { 0, };

        if (game->phase == CV_PHASE_OPPONENTS)
          return set_illegal (error, _("Only the roller rolls; %s must mark from the dice %s did not take"),
                              name_of (game, actor), name_of (game, game->roller));
        if (game->phase == CV_PHASE_ROLL)
          return set_illegal (error, _("%s must roll the dice first"), name_of (game, actor));
        /* "Spätestens nach dem dritten Wurf ist aber Schluss." */
        if (game->n_rolls >= CV_MAX_ROLLS)
          return set_illegal (error, _("No more re-rolls: %s has already rolled three times"),
                              name_of (game, actor));
        if (action->n_dice < 1 || action->n_dice > CV_N_DICE)
          return set_illegal (error, _("Pick up between one and six dice to re-roll"));
        if (!check_faces (action->dice, action->n_dice, error) ||
            !check_faces (action->result, action->n_dice, error))
          return FALSE;

        count_dice (game, counts, FALSE);
        for (guint i = 0; i < action->n_dice; i++)
          {
            /* "Dann musst du bei jedem Wurf alle Würfel, die den Totenkopf zeigen, zur
             * Seite legen. Du darfst sie in deinem Zug nicht nochmal werfen." */
            if (action->dice[i] == CV_FACE_SKULL)
              return set_illegal (error, _("Skulls cannot be re-rolled"));
            picked[action->dice[i]]++;
          }
        for (guint f = 0; f < CV_N_FACES; f++)
          if (picked[f] > counts[f])
            {
              if (counts[f] == 0)
                return set_illegal (error, _("No die shows %s"), cv_face_get_name (f));
              return set_illegal (error, g_dngettext (GETTEXT_PACKAGE,
                                                      "Only %u die shows %s",
                                                      "Only %u dice show %s", counts[f]),
                                  counts[f], cv_face_get_name (f));
            }
        break;
      }

    case CV_ACTION_TAKE:
    case CV_ACTION_TAKE_JOKERS:
      if (game->phase == CV_PHASE_ROLL)
        return set_illegal (error, _("%s must roll the dice first"), name_of (game, actor));
      if (!check_mark (game, action, actor, error))
        return FALSE;
      break;

    case CV_ACTION_FREEZE:
      if (game->phase == CV_PHASE_ROLL)
        return set_illegal (error, _("%s must roll the dice first"), name_of (game, actor));
      if (!check_freeze (game, action, actor, error))
        return FALSE;
      break;

    case CV_ACTION_PASS:
    default:
      if (game->phase == CV_PHASE_ROLL)
        return set_illegal (error, _("%s must roll the dice first"), name_of (game, actor));
      if (game->phase == CV_PHASE_OPPONENTS)
        return set_illegal (error, _("%s cannot pass: after skulls, every player who can mark must mark"),
                            name_of (game, actor));
      if (game->n_rolls < CV_MAX_ROLLS)
        return set_illegal (error, _("%s cannot pass: a re-roll is still possible"), name_of (game, actor));
      if (roller_has_choice (game))
        return set_illegal (error, _("%s cannot pass: a colour, the jokers or a freeze can still be chosen"),
                            name_of (game, actor));
      break;
    }

  if (actor_out != NULL)
    *actor_out = actor;
  return TRUE;
}

/* ---- Legal actions ---- */

static void
add_choices_for (const CvGame *game,
                 guint         seat,
                 gboolean      roller,
                 GArray       *out)
{
  guint avail[CV_N_FACES];
  CvAction action;
  guint before = out->len;

  count_dice (game, avail, TRUE);
  for (guint c = 0; c < CV_N_COLORS; c++)
    if (avail[c] > 0 && !game->frozen[seat][c])
      {
        cv_action_init_take (&action, seat, c);
        g_array_append_val (out, action);
      }
  if (avail[CV_FACE_JOKER] > 0)
    for (guint c = 0; c < CV_N_COLORS; c++)
      if (!game->frozen[seat][c])
        {
          cv_action_init_take_jokers (&action, seat, c);
          g_array_append_val (out, action);
        }

  if (!roller)
    return;

  for (guint c = 0; c < CV_N_COLORS; c++)
    if (can_freeze (game, seat, c, avail[CV_FACE_JOKER]))
      {
        cv_action_init_freeze (&action, seat, c);
        g_array_append_val (out, action);
      }

  if (out->len == before && game->n_rolls >= CV_MAX_ROLLS)
    {
      cv_action_init_pass (&action, seat);
      g_array_append_val (out, action);
    }
}

static gboolean
roller_has_choice (const CvGame *game)
{
  guint avail[CV_N_FACES];

  count_dice (game, avail, TRUE);
  for (guint c = 0; c < CV_N_COLORS; c++)
    if (!game->frozen[game->roller][c] &&
        (avail[c] > 0 || avail[CV_FACE_JOKER] > 0 ||
         can_freeze (game, game->roller, c, avail[CV_FACE_JOKER])))
      return TRUE;

  return FALSE;
}

typedef struct
{
  CvAction *next;     /* where the next entry goes; the array is sized beforehand */
  CvAction  action;
} Enumerate;

/* C(n + 5, 5): the number of multisets of @n faces out of six. */
static guint
n_multisets (guint n)
{
  static const guint counts[CV_N_DICE + 1] = { 1, 6, 21, 56, 126, 252, 462 };

  return counts[n];
}

/* Writes every multiset of @remaining faces (from @face on) into @faces from @pos on,
 * and stores e->action for each complete one. */
static void
enumerate_multisets (Enumerate *e,
                     CvFace    *faces,
                     guint      pos,
                     guint      face,
                     guint      remaining)
{
  if (remaining == 0)
    {
      *e->next++ = e->action;
      return;
    }

  for (guint f = face; f < CV_N_FACES; f++)
    {
      faces[pos] = f;
      enumerate_multisets (e, faces, pos + 1, f, remaining - 1);
    }
}

/* How many re-roll entries enumerate_rerolls() writes. */
static guint
count_rerolls (const guint counts[CV_N_FACES],
               guint       face,
               guint       n_picked)
{
  guint n = 0;

  if (face == CV_FACE_SKULL)
    return n_picked > 0 ? n_multisets (n_picked) : 0;

  for (guint k = 0; k <= counts[face]; k++)
    n += count_rerolls (counts, face + 1, n_picked + k);
  return n;
}

/* Every non-empty sub-multiset of the non-skull dice (chosen face by face), each with
 * every possible result of the same size. */
static void
enumerate_rerolls (Enumerate   *e,
                   const guint  counts[CV_N_FACES],
                   guint        face,
                   guint        n_picked)
{
  if (face == CV_FACE_SKULL)
    {
      if (n_picked > 0)
        {
          e->action.n_dice = n_picked;
          enumerate_multisets (e, e->action.result, 0, 0, n_picked);
        }
      return;
    }

  for (guint k = 0; k <= counts[face]; k++)
    {
      for (guint i = 0; i < k; i++)
        e->action.dice[n_picked + i] = face;
      enumerate_rerolls (e, counts, face + 1, n_picked + k);
    }
}

GArray *
cv_game_legal_actions (const CvGame *game)
{
  GArray *out;

  g_return_val_if_fail (game != NULL, NULL);

  /* Not cleared: every entry is written in full. */
  out = g_array_new (FALSE, FALSE, sizeof (CvAction));

  switch (game->phase)
    {
    case CV_PHASE_ROLL:
      {
        Enumerate e;

        g_array_set_size (out, n_multisets (CV_N_DICE));
        e.next = &g_array_index (out, CvAction, 0);
        memset (&e.action, 0, sizeof e.action);
        e.action.type = CV_ACTION_ROLL;
        e.action.player = game->roller;
        e.action.n_dice = CV_N_DICE;
        enumerate_multisets (&e, e.action.dice, 0, 0, CV_N_DICE);
        g_warn_if_fail (e.next == (CvAction *) out->data + out->len);
      }
      break;

    case CV_PHASE_CHOOSE:
      if (game->n_rolls < CV_MAX_ROLLS)
        {
          Enumerate e;
          guint counts[CV_N_FACES];

          count_dice (game, counts, FALSE);
          g_array_set_size (out, count_rerolls (counts, 0, 0));
          e.next = &g_array_index (out, CvAction, 0);
          memset (&e.action, 0, sizeof e.action);
          e.action.type = CV_ACTION_REROLL;
          e.action.player = game->roller;
          enumerate_rerolls (&e, counts, 0, 0);
          g_warn_if_fail (e.next == (CvAction *) out->data + out->len);
        }
      add_choices_for (game, game->roller, TRUE, out);
      break;

    case CV_PHASE_OPPONENTS:
      for (guint s = 0; s < game->n_players; s++)
        if (game->pending & (1u << s))
          add_choices_for (game, s, FALSE, out);
      break;

    case CV_PHASE_FINISHED:
    default:
      break;
    }

  return out;
}

GArray *
cv_game_legal_choices (const CvGame *game)
{
  GArray *out;

  g_return_val_if_fail (game != NULL, NULL);

  out = g_array_new (FALSE, TRUE, sizeof (CvAction));
  if (game->phase == CV_PHASE_CHOOSE)
    add_choices_for (game, game->roller, TRUE, out);
  else if (game->phase == CV_PHASE_OPPONENTS)
    for (guint s = 0; s < game->n_players; s++)
      if (game->pending & (1u << s))
        add_choices_for (game, s, FALSE, out);

  return out;
}

gboolean
cv_game_can_roll (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return game->phase == CV_PHASE_ROLL;
}

gboolean
cv_game_can_reroll (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  /* With fewer than three skulls at least four dice can always be picked up. */
  return game->phase == CV_PHASE_CHOOSE && game->n_rolls < CV_MAX_ROLLS;
}

/* ---- Public API ---- */

CvGame *
cv_game_new (const char *const  *names,
             guint               n_players,
             GError            **error)
{
  CvGame *game;

  if (n_players < CV_MIN_PLAYERS || n_players > CV_MAX_PLAYERS || names == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                   _("Calavera is played by %d to %d players, not %u"),
                   CV_MIN_PLAYERS, CV_MAX_PLAYERS, n_players);
      return NULL;
    }

  for (guint i = 0; i < n_players; i++)
    {
      g_autofree char *stripped = NULL;

      if (names[i] == NULL || !g_utf8_validate (names[i], -1, NULL))
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("Every player needs a name"));
          return NULL;
        }
      stripped = g_strstrip (g_strdup (names[i]));
      if (*stripped == '\0')
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                       _("Every player needs a name"));
          return NULL;
        }
      for (guint j = 0; j < i; j++)
        if (strcmp (names[i], names[j]) == 0)
          {
            g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                         _("Two players are called “%s”; every name must be different"), names[i]);
            return NULL;
          }
    }

  game = g_new0 (CvGame, 1);
  game->n_players = n_players;
  for (guint i = 0; i < n_players; i++)
    game->names[i] = g_strdup (names[i]);
  game->phase = CV_PHASE_ROLL;
  game->roller = 0;
  game->turn = 1;
  game->used_face = -1;
  return game;
}

CvGame *
cv_game_copy (const CvGame *game)
{
  CvGame *copy;

  g_return_val_if_fail (game != NULL, NULL);

  copy = g_memdup2 (game, sizeof *game);
  for (guint i = 0; i < game->n_players; i++)
    copy->names[i] = g_strdup (game->names[i]);
  return copy;
}

void
cv_game_free (CvGame *game)
{
  if (game == NULL)
    return;

  for (guint i = 0; i < game->n_players; i++)
    g_free (game->names[i]);
  g_free (game);
}

CvGame *
cv_game_from_dp (DpGame *game)
{
  return _dp_game_get_state (game, &cv_game_kind);
}

const CvGame *
cv_game_from_dp_const (const DpGame *game)
{
  return _dp_game_get_state (game, &cv_game_kind);
}

guint
cv_game_get_n_players (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->n_players;
}

const char *
cv_game_get_player_name (const CvGame *game,
                         guint         seat)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (seat < game->n_players, NULL);
  return game->names[seat];
}

int
cv_game_find_player (const CvGame *game,
                     const char   *name)
{
  g_return_val_if_fail (game != NULL, -1);

  if (name == NULL)
    return -1;
  for (guint i = 0; i < game->n_players; i++)
    if (strcmp (game->names[i], name) == 0)
      return (int) i;
  return -1;
}

#define CHECK_SEAT_COLOR(val) \
  g_return_val_if_fail (game != NULL, val); \
  g_return_val_if_fail (seat < game->n_players, val); \
  g_return_val_if_fail (is_color (color), val)

guint
cv_game_get_crosses (const CvGame *game,
                     guint         seat,
                     CvFace        color)
{
  CHECK_SEAT_COLOR (0);
  return game->crosses[seat][color];
}

gboolean
cv_game_row_is_frozen (const CvGame *game,
                       guint         seat,
                       CvFace        color)
{
  CHECK_SEAT_COLOR (FALSE);
  return game->frozen[seat][color];
}

int
cv_game_get_row_points (const CvGame *game,
                        guint         seat,
                        CvFace        color)
{
  CHECK_SEAT_COLOR (0);
  return row_points (game, seat, color);
}

CvBonusState
cv_game_get_bonus_state (const CvGame *game,
                         guint         seat,
                         guint         line)
{
  g_return_val_if_fail (game != NULL, CV_BONUS_OPEN);
  g_return_val_if_fail (seat < game->n_players, CV_BONUS_OPEN);
  g_return_val_if_fail (line < CV_N_BONUS_LINES, CV_BONUS_OPEN);
  return game->bonus[seat][line];
}

int
cv_game_get_bonus_points (const CvGame *game,
                          guint         seat)
{
  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (seat < game->n_players, 0);
  return bonus_points (game, seat);
}

int
cv_game_get_total (const CvGame *game,
                   guint         seat)
{
  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (seat < game->n_players, 0);
  return total_points (game, seat);
}

guint
cv_game_get_n_frozen_rows (const CvGame *game,
                           guint         seat)
{
  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (seat < game->n_players, 0);
  return n_frozen_rows (game, seat);
}

CvPhase
cv_game_get_phase (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, CV_PHASE_FINISHED);
  return game->phase;
}

guint
cv_game_get_roller (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->roller;
}

guint
cv_game_get_turn_number (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->turn;
}

guint
cv_game_get_n_rolls (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->n_rolls;
}

CvFace
cv_game_get_die (const CvGame *game,
                 guint         index)
{
  g_return_val_if_fail (game != NULL, CV_FACE_SKULL);
  g_return_val_if_fail (index < CV_N_DICE, CV_FACE_SKULL);
  return game->dice[index];
}

gboolean
cv_game_die_is_locked (const CvGame *game,
                       guint         index)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (index < CV_N_DICE, FALSE);
  return game->n_rolls > 0 && game->dice[index] == CV_FACE_SKULL;
}

gboolean
cv_game_die_is_available (const CvGame *game,
                          guint         index)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (index < CV_N_DICE, FALSE);
  return game->n_rolls > 0 &&
         game->dice[index] != CV_FACE_SKULL &&
         (int) game->dice[index] != game->used_face;
}

guint
cv_game_count_faces (const CvGame *game,
                     CvFace        face,
                     gboolean      available_only)
{
  guint counts[CV_N_FACES];

  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (is_face (face), 0);

  count_dice (game, counts, available_only);
  return counts[face];
}

int
cv_game_get_used_face (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, -1);
  return game->used_face;
}

gboolean
cv_game_must_act (const CvGame *game,
                  guint         seat)
{
  g_return_val_if_fail (game != NULL, FALSE);

  if (seat >= game->n_players)
    return FALSE;

  switch (game->phase)
    {
    case CV_PHASE_ROLL:
    case CV_PHASE_CHOOSE:
      return seat == game->roller;
    case CV_PHASE_OPPONENTS:
      return (game->pending & (1u << seat)) != 0;
    case CV_PHASE_FINISHED:
    default:
      return FALSE;
    }
}

int
cv_game_get_default_actor (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, -1);

  if (game->phase == CV_PHASE_ROLL || game->phase == CV_PHASE_CHOOSE)
    return (int) game->roller;
  return -1;
}

gboolean
cv_game_is_finished (const CvGame *game)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return game->phase == CV_PHASE_FINISHED;
}

guint
cv_game_get_rank (const CvGame *game,
                  guint         seat)
{
  guint rank = 1;
  int total;

  g_return_val_if_fail (game != NULL, 0);
  g_return_val_if_fail (seat < game->n_players, 0);

  /* "Bei Gleichstand gibt es mehrere Gewinner." */
  total = total_points (game, seat);
  for (guint s = 0; s < game->n_players; s++)
    if (total_points (game, s) > total)
      rank++;
  return rank;
}

gboolean
cv_game_is_winner (const CvGame *game,
                   guint         seat)
{
  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (seat < game->n_players, FALSE);
  return game->phase == CV_PHASE_FINISHED && cv_game_get_rank (game, seat) == 1;
}

gboolean
cv_game_check (const CvGame    *game,
               const CvAction  *action,
               GError         **error)
{
  g_return_val_if_fail (game != NULL, FALSE);
  return check_action (game, action, NULL, error);
}

gboolean
cv_game_apply (CvGame          *game,
               const CvAction  *action,
               GError         **error)
{
  guint actor;

  g_return_val_if_fail (game != NULL, FALSE);

  if (!check_action (game, action, &actor, error))
    return FALSE;

  do_apply (game, action, actor);
  return TRUE;
}

gboolean
cv_game_preview (const CvGame    *game,
                 const CvAction  *action,
                 CvPreview       *preview,
                 GError         **error)
{
  guint actor, avail[CV_N_FACES], n = 0;
  CvGame *after;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (preview != NULL, FALSE);

  if (!check_action (game, action, &actor, error))
    return FALSE;

  memset (preview, 0, sizeof *preview);
  preview->seat = actor;
  if (action->type != CV_ACTION_TAKE && action->type != CV_ACTION_TAKE_JOKERS &&
      action->type != CV_ACTION_FREEZE)
    {
      /* Dice entries and passes change no sheet. */
      preview->color = CV_FACE_ORANGE;
      return TRUE;
    }

  count_dice (game, avail, TRUE);
  if (action->type == CV_ACTION_TAKE)
    n = avail[action->color];
  else if (action->type == CV_ACTION_TAKE_JOKERS)
    n = avail[CV_FACE_JOKER];

  preview->color = action->color;
  preview->crosses_before = game->crosses[actor][action->color];
  preview->crosses_after = MIN (preview->crosses_before + n, CV_ROW_LENGTH);
  preview->crosses_lost = preview->crosses_before + n - preview->crosses_after;

  /* The effect on the sheet, worked out on a copy by the same code that applies it. */
  after = cv_game_copy (game);
  if (action->type == CV_ACTION_FREEZE)
    {
      after->frozen[actor][action->color] = TRUE;
      after->frozen_value[actor][action->color] =
        cv_sheet_get_box (preview->crosses_before - 1)->value;
    }
  else
    mark_row (after, actor, action->color, n);

  preview->freezes = after->frozen[actor][action->color];
  preview->reaches_death_zone = n > 0 && preview->crosses_after > 0 &&
    cv_sheet_get_box (preview->crosses_after - 1)->zone == CV_ZONE_DEATH;
  preview->row_points_after = row_points (after, actor, action->color);
  for (guint l = 0; l < CV_N_BONUS_LINES; l++)
    if (after->bonus[actor][l] != game->bonus[actor][l] &&
        (after->bonus[actor][l] == CV_BONUS_WON_FIRST || after->bonus[actor][l] == CV_BONUS_WON_LATER))
      preview->bonus_lines_reached |= 1u << l;
  preview->bonus_points_gained = bonus_points (after, actor) - bonus_points (game, actor);
  preview->ends_game = n_frozen_rows (after, actor) == CV_N_COLORS;

  cv_game_free (after);
  return TRUE;
}

/* ---- DpGameKind ---- */

static const char *const setup_keys[] = { "game", "version", "players", NULL };

static gpointer
kind_new_state (JsonObject  *setup,
                GError     **error)
{
  JsonNode *node;
  JsonArray *array;
  const char *names[CV_MAX_PLAYERS];
  guint n;

  if (!_dp_json_check_keys (setup, setup_keys, error))
    return NULL;

  node = json_object_get_member (setup, "players");
  if (node == NULL)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("The key “%s” is missing"), "players");
      return NULL;
    }
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                   _("“players” must be a list of names"));
      return NULL;
    }

  array = json_node_get_array (node);
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *element = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_VALUE (element) || json_node_get_value_type (element) != G_TYPE_STRING)
        {
          g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_MALFORMED,
                       _("“players” must be a list of names"));
          return NULL;
        }
    }

  if (n < CV_MIN_PLAYERS || n > CV_MAX_PLAYERS)
    {
      g_set_error (error, DP_GAME_ERROR, DP_GAME_ERROR_INVALID_SETUP,
                   _("Calavera is played by %d to %d players, not %u"),
                   CV_MIN_PLAYERS, CV_MAX_PLAYERS, n);
      return NULL;
    }

  for (guint i = 0; i < n; i++)
    names[i] = json_array_get_string_element (array, i);

  return cv_game_new (names, n, error);
}

static gpointer
kind_copy_state (gconstpointer state)
{
  return cv_game_copy (state);
}

static void
kind_free_state (gpointer state)
{
  cv_game_free (state);
}

static char *
kind_setup_text (gconstpointer state)
{
  const CvGame *game = state;
  GString *out = g_string_new ("{\"game\":\"calavera\",\"version\":");

  g_string_append_printf (out, "%d,\"players\":[", DP_GAME_FORMAT_VERSION);
  for (guint i = 0; i < game->n_players; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      _dp_json_append_string (out, game->names[i]);
    }
  g_string_append (out, "]}");
  return g_string_free (out, FALSE);
}

static guint
kind_n_players (gconstpointer state)
{
  return ((const CvGame *) state)->n_players;
}

static const char *
kind_player_name (gconstpointer state,
                  guint         seat)
{
  return cv_game_get_player_name (state, seat);
}

static char *
kind_normalize_action (gconstpointer   state,
                       JsonObject     *object,
                       GError        **error)
{
  const CvGame *game = state;
  CvAction action;

  if (!cv_action_from_json (game, object, &action, error))
    return NULL;

  /* The canonical form names who acted whenever the state says it. */
  if (action.player == -1)
    action.player = cv_game_get_default_actor (game);

  return cv_action_to_text (game, &action);
}

static gboolean
kind_apply (gpointer     state,
            JsonObject  *object,
            GError     **error)
{
  CvAction action;

  if (!cv_action_from_json (state, object, &action, error))
    return FALSE;
  return cv_game_apply (state, &action, error);
}

static GPtrArray *
kind_legal_actions (gconstpointer state)
{
  g_autoptr(GArray) actions = cv_game_legal_actions (state);
  GPtrArray *out = g_ptr_array_new_full (actions->len, g_free);
  GString *text = g_string_sized_new (96);

  for (guint i = 0; i < actions->len; i++)
    {
      g_string_truncate (text, 0);
      _cv_action_append_text (state, &g_array_index (actions, CvAction, i), text);
      g_ptr_array_add (out, g_strndup (text->str, text->len));
    }

  g_string_free (text, TRUE);
  return out;
}

static gboolean
kind_is_finished (gconstpointer state)
{
  return cv_game_is_finished (state);
}

static gboolean
kind_must_act (gconstpointer state,
               guint         seat)
{
  return cv_game_must_act (state, seat);
}

static int
kind_total (gconstpointer state,
            guint         seat)
{
  return cv_game_get_total (state, seat);
}

static guint
kind_rank (gconstpointer state,
           guint         seat)
{
  return cv_game_get_rank (state, seat);
}

static const char *const phase_keys[] = { "roll", "choose", "opponents", "finished" };
static const char *const bonus_keys[] = { "open", "struck", "first", "later" };

static void
kind_add_json (gconstpointer  state,
               JsonObject    *object)
{
  const CvGame *game = state;
  JsonArray *dice = json_array_new ();
  JsonArray *available = json_array_new ();
  JsonArray *lines = json_array_new ();

  json_object_set_int_member (object, "turn", game->turn);
  json_object_set_string_member (object, "roller", game->names[game->roller]);
  json_object_set_string_member (object, "phase", phase_keys[game->phase]);
  json_object_set_int_member (object, "rolls", game->n_rolls);

  if (game->n_rolls > 0)
    for (guint i = 0; i < CV_N_DICE; i++)
      {
        json_array_add_string_element (dice, cv_face_to_string (game->dice[i]));
        json_array_add_boolean_element (available, cv_game_die_is_available (game, i));
      }
  json_object_set_array_member (object, "dice", dice);
  json_object_set_array_member (object, "dice_available", available);
  if (is_face (game->used_face))
    json_object_set_string_member (object, "used", cv_face_to_string (game->used_face));
  else
    json_object_set_null_member (object, "used");

  for (guint l = 0; l < CV_N_BONUS_LINES; l++)
    {
      const CvBonusLine *line = cv_sheet_get_bonus_line (l);
      JsonObject *o = json_object_new ();

      json_object_set_int_member (o, "after_box", line->after_box);
      json_object_set_int_member (o, "first_value", line->first_value);
      json_object_set_int_member (o, "later_value", line->later_value);
      json_object_set_boolean_member (o, "taken", bonus_line_won_first (game, l));
      json_array_add_object_element (lines, o);
    }
  json_object_set_array_member (object, "bonus_lines", lines);
}

static void
kind_add_player_json (gconstpointer  state,
                      guint          seat,
                      JsonObject    *player)
{
  const CvGame *game = state;
  JsonObject *rows = json_object_new ();
  JsonArray *lines = json_array_new ();

  json_object_set_int_member (player, "bonus", bonus_points (game, seat));
  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      JsonObject *row = json_object_new ();

      json_object_set_int_member (row, "crosses", game->crosses[seat][c]);
      json_object_set_boolean_member (row, "frozen", game->frozen[seat][c]);
      json_object_set_int_member (row, "points", row_points (game, seat, c));
      json_object_set_object_member (rows, cv_face_to_string (c), row);
    }
  json_object_set_object_member (player, "rows", rows);

  for (guint l = 0; l < CV_N_BONUS_LINES; l++)
    json_array_add_string_element (lines, bonus_keys[game->bonus[seat][l]]);
  json_object_set_array_member (player, "bonus_lines", lines);
  json_object_set_int_member (player, "frozen_rows", n_frozen_rows (game, seat));
}

static JsonObject *
kind_seat_stats (gconstpointer state,
                 guint         seat)
{
  const CvGame *game = state;
  JsonObject *stats = json_object_new ();
  guint crosses = 0, first = 0, later = 0, death_rows = 0;

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      g_autofree char *row_key = g_strdup_printf ("row_%s", cv_face_to_string (c));
      g_autofree char *points_key = g_strdup_printf ("points_%s", cv_face_to_string (c));
      guint n = game->crosses[seat][c];

      json_object_set_int_member (stats, row_key, n);
      json_object_set_int_member (stats, points_key, row_points (game, seat, c));
      crosses += n;
      /* "Freezes vs death-zone finishes" (statistics): a row frozen by reaching the grey
       * zone rather than with jokers. */
      if (n > 0 && cv_sheet_get_box (n - 1)->zone == CV_ZONE_DEATH)
        death_rows++;
    }
  for (guint l = 0; l < CV_N_BONUS_LINES; l++)
    {
      g_autofree char *line_key = g_strdup_printf ("bonus%u_first", l + 1);

      first += game->bonus[seat][l] == CV_BONUS_WON_FIRST;
      later += game->bonus[seat][l] == CV_BONUS_WON_LATER;
      json_object_set_int_member (stats, line_key, game->bonus[seat][l] == CV_BONUS_WON_FIRST);
    }
  json_object_set_int_member (stats, "death_rows", death_rows);

  json_object_set_int_member (stats, "crosses", crosses);
  json_object_set_int_member (stats, "frozen_rows", n_frozen_rows (game, seat));
  json_object_set_int_member (stats, "bonus", bonus_points (game, seat));
  json_object_set_int_member (stats, "bonus_first", first);
  json_object_set_int_member (stats, "bonus_later", later);
  json_object_set_int_member (stats, "total", total_points (game, seat));
  return stats;
}

const DpGameKind cv_game_kind = {
  .id = "calavera",
  /* Translators: the name of the dice game */
  .name = N_("Calavera"),
  .new_state = kind_new_state,
  .copy_state = kind_copy_state,
  .free_state = kind_free_state,
  .setup_text = kind_setup_text,
  .n_players = kind_n_players,
  .player_name = kind_player_name,
  .normalize_action = kind_normalize_action,
  .apply = kind_apply,
  .legal_actions = kind_legal_actions,
  .is_finished = kind_is_finished,
  .must_act = kind_must_act,
  .total = kind_total,
  .rank = kind_rank,
  .add_json = kind_add_json,
  .add_player_json = kind_add_player_json,
  .seat_stats = kind_seat_stats,
  /* calavera-rules-de.txt, the back page: "Ein spannendes Würfelspiel für 2 bis 4 Spieler
   * ab 8 Jahren"; "The player with the highest number of points wins" (calavera-rules-en-b.txt,
   * End of the game). No BoardGameGeek id could be cited (GAME-DATA.md): none is sent. */
  .box = { .box_name = "Calavera", .bgg_id = 0, .min_players = CV_MIN_PLAYERS,
           .max_players = CV_MAX_PLAYERS, .min_age = 8, .designers = NULL,
           .highest_total_wins = TRUE },
};
