/* cv-presenter.c — what the Calavera table shows, as plain data (no GTK)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "cv-presenter.h"
#include "dp-text.h"

/* UX.md: "Colours carry a shape and a letter too". */
static const char *const face_symbols[CV_N_FACES] = { "●", "▲", "◆", "■", "✿", "☠" };
static const char *const face_classes[CV_N_FACES] = { "orange", "green", "pink", "black", "joker", "skull" };
static const gunichar english_letters[CV_N_FACES] = { 'O', 'G', 'P', 'B', 'J', 'S' };

const char *
cv_face_get_symbol (CvFace face)
{
  g_return_val_if_fail ((guint) face < CV_N_FACES, "?");
  return face_symbols[face];
}

const char *
cv_face_get_css_class (CvFace face)
{
  g_return_val_if_fail ((guint) face < CV_N_FACES, "");
  return face_classes[face];
}

static const char *
translated_letter (CvFace face)
{
  switch (face)
    {
    /* Translators: the key that enters an orange die face; one capital letter, all six
     * face keys must differ (German: O G R S J T). It is shown on the dice buttons. */
    case CV_FACE_ORANGE: return C_("die face key", "O");
    /* Translators: the key that enters a green die face; one capital letter */
    case CV_FACE_GREEN: return C_("die face key", "G");
    /* Translators: the key that enters a pink die face; one capital letter (German: R for rosa) */
    case CV_FACE_PINK: return C_("die face key", "P");
    /* Translators: the key that enters a black die face; one capital letter (German: S for schwarz) */
    case CV_FACE_BLACK: return C_("die face key", "B");
    /* Translators: the key that enters a joker (rose) die face; one capital letter */
    case CV_FACE_JOKER: return C_("die face key", "J");
    /* Translators: the key that enters a skull die face; one capital letter (German: T for Totenkopf) */
    case CV_FACE_SKULL: return C_("die face key", "S");
    default: return "?";
    }
}

/* Reads the translated letters; English when a translation is not one distinct letter
 * per face, so typing can never be ambiguous. */
static void
get_letters (gunichar letters[CV_N_FACES])
{
  for (guint i = 0; i < CV_N_FACES; i++)
    {
      const char *str = translated_letter ((CvFace) i);
      gunichar c = g_utf8_get_char_validated (str, -1);

      if (c == (gunichar) -1 || c == (gunichar) -2 || g_utf8_strlen (str, -1) != 1 ||
          !g_unichar_isalpha (c))
        goto fallback;
      letters[i] = g_unichar_toupper (c);
      for (guint j = 0; j < i; j++)
        if (letters[j] == letters[i])
          goto fallback;
    }
  return;

fallback:
  memcpy (letters, english_letters, sizeof english_letters);
}

gunichar
cv_face_get_letter (CvFace face)
{
  gunichar letters[CV_N_FACES];

  g_return_val_if_fail ((guint) face < CV_N_FACES, '?');
  get_letters (letters);
  return letters[face];
}

gboolean
cv_face_from_letter (gunichar  c,
                     CvFace   *face)
{
  gunichar letters[CV_N_FACES];

  get_letters (letters);
  c = g_unichar_toupper (c);
  for (guint i = 0; i < CV_N_FACES; i++)
    if (letters[i] == c)
      {
        if (face != NULL)
          *face = (CvFace) i;
        return TRUE;
      }

  return FALSE;
}

char *
cv_face_dup_title (CvFace face)
{
  const char *name = cv_face_get_name (face);
  gunichar first = g_utf8_get_char (name);
  char buf[8] = { 0, };

  g_unichar_to_utf8 (g_unichar_totitle (first), buf);
  return g_strconcat (buf, g_utf8_next_char (name), NULL);
}

char *
cv_presenter_join_names (const char *const *names,
                         guint              n)
{
  return dp_join_names (names, n);
}

guint
cv_presenter_get_deciding_seats (const CvGame *game,
                                 guint         seats[CV_MAX_PLAYERS])
{
  guint n = 0;

  switch (cv_game_get_phase (game))
    {
    case CV_PHASE_CHOOSE:
      seats[n++] = cv_game_get_roller (game);
      break;
    case CV_PHASE_OPPONENTS:
      for (guint seat = 0; seat < cv_game_get_n_players (game); seat++)
        if (cv_game_must_act (game, seat))
          seats[n++] = seat;
      break;
    case CV_PHASE_ROLL:
    case CV_PHASE_FINISHED:
    default:
      break;
    }

  return n;
}

/* "2× green, 1× joker": the dice the opponents may still choose from. */
static char *
dup_available_text (const CvGame *game)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);

  for (guint f = 0; f <= CV_FACE_JOKER; f++)
    {
      guint n = cv_game_count_faces (game, (CvFace) f, TRUE);

      if (n > 0)
        g_ptr_array_add (parts, g_strdup_printf (
          /* Translators: a number of dice of one face, e.g. "2× green" */
          _("%u× %s"), n, cv_face_get_name ((CvFace) f)));
    }
  g_ptr_array_add (parts, NULL);

  /* Translators: separates the items of a list of dice, e.g. "2× green, 1× joker" */
  return g_strjoinv (_(", "), (char **) parts->pdata);
}

char *
cv_presenter_dup_turn_text (const CvGame *game)
{
  guint roller;
  const char *roller_name;
  guint n_rolls;

  g_return_val_if_fail (game != NULL, NULL);

  roller = cv_game_get_roller (game);
  roller_name = cv_game_get_player_name (game, roller);
  n_rolls = cv_game_get_n_rolls (game);

  switch (cv_game_get_phase (game))
    {
    case CV_PHASE_FINISHED:
      {
        const char *winners[CV_MAX_PLAYERS];
        guint n = 0;
        g_autofree char *joined = NULL;

        for (guint seat = 0; seat < cv_game_get_n_players (game); seat++)
          if (cv_game_is_winner (game, seat))
            winners[n++] = cv_game_get_player_name (game, seat);
        joined = cv_presenter_join_names (winners, n);
        if (n == 1)
          /* Translators: %s is the winner's name */
          return g_strdup_printf (_("Game over — %s wins"), joined);
        /* Translators: %s are the names of the players who share the win, "Ina and Sami" */
        return g_strdup_printf (_("Game over — shared win: %s"), joined);
      }

    case CV_PHASE_ROLL:
      /* Translators: "Ina's turn — roll 1 of 3: enter the six dice" */
      return g_strdup_printf (_("%s's turn — roll %u of %u: enter the six dice"),
                              roller_name, n_rolls + 1, (guint) CV_MAX_ROLLS);

    case CV_PHASE_CHOOSE:
      {
        guint skulls = cv_game_count_faces (game, CV_FACE_SKULL, FALSE);

        if (skulls > 0)
          /* Translators: "Ina's turn — roll 2 of 3: choose first, then the others mark (skulls)" */
          return g_strdup_printf (cv_game_can_reroll (game)
                                  ? _("%s's turn — roll %u of %u: choose first or re-roll; skulls: the others mark after you")
                                  : _("%s's turn — roll %u of %u: choose first; skulls: the others mark after you"),
                                  roller_name, n_rolls, (guint) CV_MAX_ROLLS);
        if (cv_game_can_reroll (game))
          /* Translators: "Ina's turn — roll 2 of 3: choose what to mark, or re-roll" */
          return g_strdup_printf (_("%s's turn — roll %u of %u: choose what to mark, or re-roll"),
                                  roller_name, n_rolls, (guint) CV_MAX_ROLLS);
        /* Translators: "Ina's turn — roll 3 of 3: choose what to mark" */
        return g_strdup_printf (_("%s's turn — roll %u of %u: choose what to mark"),
                                roller_name, n_rolls, (guint) CV_MAX_ROLLS);
      }

    case CV_PHASE_OPPONENTS:
      {
        guint seats[CV_MAX_PLAYERS];
        const char *names[CV_MAX_PLAYERS];
        guint n = cv_presenter_get_deciding_seats (game, seats);
        g_autofree char *joined = NULL;
        g_autofree char *available = dup_available_text (game);
        g_autofree char *duty = NULL;
        guint skulls = cv_game_count_faces (game, CV_FACE_SKULL, FALSE);

        for (guint i = 0; i < n; i++)
          names[i] = cv_game_get_player_name (game, seats[i]);
        joined = cv_presenter_join_names (names, n);

        duty = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             /* Translators: "Skulls: Sami must mark one of: 2× green, 1× joker" */
                                             "Skulls: %s must mark one of: %s",
                                             /* Translators: "Skulls: Sami and Tom must each mark one of: 2× green, 1× joker" */
                                             "Skulls: %s must each mark one of: %s", n),
                                joined, available);
        if (skulls >= 3)
          /* Translators: the curse of three skulls; the first %s is the roller,
           * the second the sentence "Skulls: Sami must mark one of: …" */
          return g_strdup_printf (_("%s rolled three skulls and marks nothing. %s"), roller_name, duty);
        return g_steal_pointer (&duty);
      }

    default:
      return g_strdup ("");
    }
}

char *
cv_presenter_dup_round_text (const CvGame *game)
{
  guint n_players = MAX (cv_game_get_n_players (game), 1);
  guint turn = MAX (cv_game_get_turn_number (game), 1);

  /* Translators: the window subtitle during a game, %u is the round number */
  return g_strdup_printf (_("Calavera — round %u"), (turn - 1) / n_players + 1);
}

/* In the order the panel shows the dice (issue 27 item 4: the toast listed them in typed
 * order while the panel sorts them). */
static char *
dup_faces_text (const CvFace *typed,
                guint         n)
{
  GString *out = g_string_new (NULL);
  CvFace faces[CV_N_DICE];

  n = MIN (n, CV_N_DICE);
  memcpy (faces, typed, n * sizeof (CvFace));
  cv_faces_sort (faces, n);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, cv_face_get_symbol (faces[i]));
      g_string_append_unichar (out, cv_face_get_letter (faces[i]));
    }

  return g_string_free (out, FALSE);
}

/* "Sami: 3 crosses in orange" and, when @lost, the crosses lost past the row's end. */
static char *
dup_take_text (const CvGame   *before,
               const CvAction *action,
               const char     *name,
               gboolean        lost)
{
  CvPreview preview;
  g_autofree char *made_text = NULL;
  guint made;

  if (!cv_game_preview (before, action, &preview, NULL))
    return g_strdup (name);
  made = preview.crosses_after - preview.crosses_before;
  if (action->type == CV_ACTION_TAKE)
    made_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: "Sami: 3 crosses in orange" */
                                              "%s: %u cross in %s",
                                              "%s: %u crosses in %s", made),
                                 name, made, cv_face_get_name (action->color));
  else
    made_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              /* Translators: "Ina: jokers as orange, 2 crosses" */
                                              "%s: jokers as %s, %u cross",
                                              "%s: jokers as %s, %u crosses", made),
                                 name, cv_face_get_name (action->color), made);
  if (!lost || preview.crosses_lost == 0)
    return g_steal_pointer (&made_text);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* Translators: "Ben: 3 crosses in orange" + ", 1 lost past the end" */
                                       "%s, %u lost past the end",
                                       "%s, %u lost past the end", preview.crosses_lost),
                          made_text, preview.crosses_lost);
}

char *
cv_presenter_dup_action_text (const CvGame   *before,
                              const CvAction *action)
{
  int seat = action->player >= 0 ? action->player : cv_game_get_default_actor (before);
  const char *name = seat >= 0 ? cv_game_get_player_name (before, seat) : "";

  switch (action->type)
    {
    case CV_ACTION_ROLL:
      {
        g_autofree char *faces = dup_faces_text (action->dice, action->n_dice);
        /* Translators: "Ina rolled ●O ●O ▲G ✿J ☠S ☠S" */
        return g_strdup_printf (_("%s rolled %s"), name, faces);
      }
    case CV_ACTION_REROLL:
      {
        g_autofree char *faces = dup_faces_text (action->result, action->n_dice);
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             /* Translators: "Ina re-rolled 2 dice: ●O ☠S" */
                                             "%s re-rolled %u die: %s",
                                             "%s re-rolled %u dice: %s", action->n_dice),
                                name, action->n_dice, faces);
      }
    case CV_ACTION_TAKE:
    case CV_ACTION_TAKE_JOKERS:
      return dup_take_text (before, action, name, TRUE);
    case CV_ACTION_FREEZE:
      /* Translators: "Ina froze the orange row" */
      return g_strdup_printf (_("%s froze the %s row"), name, cv_face_get_name (action->color));
    case CV_ACTION_PASS:
    default:
      /* Translators: a player passes, "Tom marks nothing" */
      return g_strdup_printf (_("%s marks nothing"), name);
    }
}

void
cv_choice_free (CvChoice *choice)
{
  if (choice == NULL)
    return;
  g_free (choice->title);
  g_free (choice->detail);
  g_free (choice->text);
  g_free (choice);
}

static int
first_bit (guint mask)
{
  for (int i = 0; i < 32; i++)
    if (mask & (1u << i))
      return i;
  return -1;
}

char *
cv_presenter_dup_preview_text (const CvGame   *game,
                               const CvAction *action)
{
  CvPreview preview;
  g_autoptr(GPtrArray) details = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *base = NULL;
  g_autofree char *joined = NULL;

  if (action->type == CV_ACTION_PASS)
    /* Translators: preview of passing */
    return g_strdup (_("Nothing is marked"));

  if (!cv_game_preview (game, action, &preview, NULL))
    return g_strdup ("");

  if (action->type == CV_ACTION_FREEZE)
    /* Translators: preview of freezing a row, "keeps 5 points" */
    base = g_strdup_printf (_("keeps %d points"), preview.row_points_after);
  else
    {
      guint made = preview.crosses_after - preview.crosses_before;
      const CvBox *before = preview.crosses_before > 0 ? cv_sheet_get_box (preview.crosses_before - 1) : NULL;
      const CvBox *after = preview.crosses_after > 0 ? cv_sheet_get_box (preview.crosses_after - 1) : NULL;

      base = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: "3 crosses in orange" */
                                           "%u cross in %s",
                                           "%u crosses in %s", made),
                              made, cv_face_get_name (preview.color));

      if (preview.crosses_lost > 0)
        g_ptr_array_add (details, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                                "%u cross lost",
                                                                "%u crosses lost", preview.crosses_lost),
                                                   preview.crosses_lost));
      if (preview.reaches_death_zone)
        /* Translators: "reaches the death zone: +3, row freezes" */
        g_ptr_array_add (details, g_strdup_printf (_("reaches the death zone: %+d, row freezes"),
                                                   preview.row_points_after));
      else if (after != NULL && after->zone == CV_ZONE_POINTS &&
               (before == NULL || before->zone != CV_ZONE_POINTS))
        /* Translators: "reaches the points zone: 4" */
        g_ptr_array_add (details, g_strdup_printf (_("reaches the points zone: %d"),
                                                   preview.row_points_after));
      else if (after != NULL && after->zone == CV_ZONE_POINTS)
        /* Translators: the row's value after the crosses, "now 6 points" */
        g_ptr_array_add (details, g_strdup_printf (_("now %d points"), preview.row_points_after));
    }

  if (preview.bonus_lines_reached != 0 && preview.bonus_points_gained > 0)
    {
      int line = first_bit (preview.bonus_lines_reached);

      if ((preview.bonus_lines_reached & ~(1u << line)) == 0)
        /* Translators: "wins bonus line 1: +4" */
        g_ptr_array_add (details, g_strdup_printf (_("wins bonus line %d: +%d"),
                                                   line + 1, preview.bonus_points_gained));
      else
        /* Translators: several bonus lines at once, "wins bonus points: +7" */
        g_ptr_array_add (details, g_strdup_printf (_("wins bonus points: +%d"),
                                                   preview.bonus_points_gained));
    }

  if (preview.ends_game)
    g_ptr_array_add (details, g_strdup (_("ends the game")));

  if (details->len == 0)
    return g_steal_pointer (&base);

  g_ptr_array_add (details, NULL);
  joined = g_strjoinv (_(", "), (char **) details->pdata);
  /* Translators: a preview and what follows from it, "3 crosses in orange — reaches the points zone: 4" */
  return g_strdup_printf (_("%s — %s"), base, joined);
}

static const CvAction *
find_legal (GArray         *legal,
            const CvAction *candidate)
{
  for (guint i = 0; i < legal->len; i++)
    {
      const CvAction *a = &g_array_index (legal, CvAction, i);

      if (a->type != candidate->type || a->player != candidate->player)
        continue;
      if (a->type == CV_ACTION_PASS || a->color == candidate->color)
        return a;
    }
  return NULL;
}

static void
add_choice (GPtrArray      *choices,
            const CvGame   *game,
            GArray         *legal,
            CvChoiceGroup   group,
            const CvAction *candidate,
            char           *title)
{
  CvChoice *choice = g_new0 (CvChoice, 1);
  const CvAction *found = find_legal (legal, candidate);

  choice->group = group;
  choice->title = title;
  choice->action = found != NULL ? *found : *candidate;
  choice->enabled = found != NULL;
  choice->text = cv_action_to_text (game, &choice->action);

  if (choice->enabled)
    choice->detail = cv_presenter_dup_preview_text (game, &choice->action);
  else
    {
      g_autoptr(GError) error = NULL;

      if (!cv_game_check (game, candidate, &error))
        choice->detail = g_strdup (error->message);
      else
        /* Translators: a choice that is not offered now, when the rules give no other reason */
        choice->detail = g_strdup (_("Not possible now"));
    }

  g_ptr_array_add (choices, choice);
}

GPtrArray *
cv_presenter_list_choices (const CvGame *game,
                           guint         seat)
{
  GPtrArray *choices = g_ptr_array_new_with_free_func ((GDestroyNotify) cv_choice_free);
  guint seats[CV_MAX_PLAYERS];
  guint n_seats;
  gboolean deciding = FALSE;
  g_autoptr(GArray) legal = NULL;
  gboolean own_turn;
  CvAction candidate;

  g_return_val_if_fail (game != NULL, choices);

  n_seats = cv_presenter_get_deciding_seats (game, seats);
  for (guint i = 0; i < n_seats; i++)
    deciding |= seats[i] == seat;
  if (!deciding)
    return choices;

  legal = cv_game_legal_choices (game);
  own_turn = cv_game_get_phase (game) == CV_PHASE_CHOOSE;

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      g_autofree char *name = cv_face_dup_title ((CvFace) c);

      cv_action_init_take (&candidate, seat, (CvFace) c);
      /* Translators: a choice button, "Take orange" (all dice of that colour) */
      add_choice (choices, game, legal, CV_CHOICE_GROUP_TAKE, &candidate, g_strdup_printf (_("Take %s"), name));
    }

  if (cv_game_count_faces (game, CV_FACE_JOKER, TRUE) > 0)
    for (guint c = 0; c < CV_N_COLORS; c++)
      {
        cv_action_init_take_jokers (&candidate, seat, (CvFace) c);
        /* Translators: a choice button, "Jokers as orange" */
        add_choice (choices, game, legal, CV_CHOICE_GROUP_JOKERS, &candidate,
                    g_strdup_printf (_("Jokers as %s"), cv_face_get_name ((CvFace) c)));
      }
  else
    {
      /* One disabled button says why, instead of four. */
      cv_action_init_take_jokers (&candidate, seat, CV_FACE_ORANGE);
      add_choice (choices, game, legal, CV_CHOICE_GROUP_JOKERS, &candidate,
                  g_strdup (_("Jokers as a colour")));
    }

  /* Freezing is for the roller only (rules: "only in your own turn"). */
  if (own_turn)
    {
      gboolean any_freeze = FALSE;

      for (guint i = 0; i < legal->len; i++)
        any_freeze |= g_array_index (legal, CvAction, i).type == CV_ACTION_FREEZE;

      if (any_freeze || cv_game_count_faces (game, CV_FACE_JOKER, TRUE) >= 2)
        for (guint c = 0; c < CV_N_COLORS; c++)
          {
            cv_action_init_freeze (&candidate, seat, (CvFace) c);
            /* Translators: a choice button, "Freeze orange" (the row) */
            add_choice (choices, game, legal, CV_CHOICE_GROUP_FREEZE, &candidate,
                        g_strdup_printf (_("Freeze %s"), cv_face_get_name ((CvFace) c)));
          }
      else
        {
          guint jokers = cv_game_count_faces (game, CV_FACE_JOKER, TRUE);
          CvChoice *choice;

          cv_action_init_freeze (&candidate, seat, CV_FACE_ORANGE);
          add_choice (choices, game, legal, CV_CHOICE_GROUP_FREEZE, &candidate,
                      g_strdup (_("Freeze a row")));
          /* One button for all rows: the reason is the jokers, not one row's crosses
           * (rules: "4, 5 and 6 need at least 2 jokers, 8 and 10 at least 3"). */
          choice = g_ptr_array_index (choices, choices->len - 1);
          g_free (choice->detail);
          choice->detail = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                         "Freezing needs at least 2 jokers; %u is available",
                                                         "Freezing needs at least 2 jokers; %u are available", jokers),
                                            jokers);
        }
    }

  cv_action_init_pass (&candidate, seat);
  /* Translators: a choice button: mark nothing (only when nothing else is possible) */
  add_choice (choices, game, legal, CV_CHOICE_GROUP_PASS, &candidate, g_strdup (_("Pass")));

  return choices;
}

char *
cv_presenter_dup_sheet_description (const CvGame *game,
                                    guint         seat)
{
  GString *out = g_string_new (NULL);

  /* Translators: start of a sheet's description for screen readers, "Ina: total 23." */
  g_string_append_printf (out, _("%s: total %d."), cv_game_get_player_name (game, seat),
                          cv_game_get_total (game, seat));

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      g_autofree char *name = cv_face_dup_title ((CvFace) c);
      guint crosses = cv_game_get_crosses (game, seat, (CvFace) c);

      g_string_append_c (out, ' ');
      if (cv_game_row_is_frozen (game, seat, (CvFace) c))
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: "Orange: 7 crosses, frozen at 5 points." */
                                                  "%s: %u cross, frozen at %d points.",
                                                  "%s: %u crosses, frozen at %d points.", crosses),
                                name, crosses, cv_game_get_row_points (game, seat, (CvFace) c));
      else
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                  /* Translators: "Green: 3 crosses, 0 points." */
                                                  "%s: %u cross, %d points.",
                                                  "%s: %u crosses, %d points.", crosses),
                                name, crosses, cv_game_get_row_points (game, seat, (CvFace) c));
    }

  g_string_append_c (out, ' ');
  /* Translators: "Bonus: 4 points." */
  g_string_append_printf (out, _("Bonus: %d points."), cv_game_get_bonus_points (game, seat));

  return g_string_free (out, FALSE);
}

void
cv_sheet_model_clear (CvSheetModel *model)
{
  g_clear_pointer (&model->name, g_free);
  memset (model, 0, sizeof *model);
}

void
cv_sheet_model_fill (CvSheetModel *model,
                     const CvGame *game,
                     guint         seat)
{
  gboolean finished;

  g_return_if_fail (model != NULL);
  g_return_if_fail (game != NULL);

  cv_sheet_model_clear (model);
  finished = cv_game_is_finished (game);

  model->name = g_strdup (cv_game_get_player_name (game, seat));
  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      model->crosses[c] = cv_game_get_crosses (game, seat, (CvFace) c);
      model->frozen[c] = cv_game_row_is_frozen (game, seat, (CvFace) c);
      model->row_points[c] = cv_game_get_row_points (game, seat, (CvFace) c);
    }
  for (guint line = 0; line < CV_N_BONUS_LINES; line++)
    model->bonus[line] = cv_game_get_bonus_state (game, seat, line);
  model->bonus_points = cv_game_get_bonus_points (game, seat);
  model->total = cv_game_get_total (game, seat);
  model->active = !finished && cv_game_get_roller (game) == seat;
  model->must_act = !finished && cv_game_must_act (game, seat);
  model->winner = finished && cv_game_is_winner (game, seat);
}

/* ---- The turn assistant ---- */

void
cv_assistant_text_free (CvAssistantText *text)
{
  if (text == NULL)
    return;
  g_free (text->recommendation);
  g_free (text->outlook);
  g_free (text->selection);
  g_clear_pointer (&text->opponents, g_ptr_array_unref);
  g_free (text);
}

char *
cv_assistant_dup_selection_text (const CvOdds *odds,
                                 const guint   pick_up[CV_N_FACES])
{
  const CvOddsOption *option;
  guint n = 0;

  g_return_val_if_fail (odds != NULL, NULL);

  /* Only the roller's re-roll has a selection to judge. */
  if (cv_odds_get_phase (odds) != CV_PHASE_CHOOSE || cv_odds_get_rolls_left (odds) == 0)
    return NULL;

  if (pick_up != NULL)
    for (guint f = 0; f < CV_N_FACES; f++)
      n += pick_up[f];
  if (n == 0)
    /* Translators: the turn assistant, before any die is selected for a re-roll */
    return g_strdup (_("Select the dice you would pick up to see their odds."));

  /* NULL only for a selection that is no keep (a skull: the dice entry never allows it). */
  option = cv_odds_find_pick_up (odds, pick_up);
  if (option == NULL)
    return NULL;

  /* The UX example: "Picking up 3 dice: 9 % curse risk this roll, 41 % at least 2
   * jokers" — this roll alone, the figures a player can check against the dice in hand —
   * and the whole turn's curse risk after it (issue 27 item 2). */
  return cv_odds_describe_pick_up (odds, option);
}

CvAssistantText *
cv_assistant_text_new (const CvGame *game,
                       const CvOdds *odds,
                       const guint   pick_up[CV_N_FACES])
{
  CvAssistantText *text = g_new0 (CvAssistantText, 1);

  g_return_val_if_fail (game != NULL, text);

  text->opponents = g_ptr_array_new_with_free_func (g_free);
  if (odds == NULL)
    return text;

  switch (cv_odds_get_phase (odds))
    {
    case CV_PHASE_ROLL:
      if (cv_odds_get_n_options (odds) > 0)
        {
          const CvOddsOption *roll = cv_odds_get_option (odds, 0);

          text->recommendation = cv_odds_describe_option (odds, roll, CV_ODDS_PLAN_ONCE);
          text->outlook = cv_odds_describe_outlook (odds);
        }
      break;

    case CV_PHASE_CHOOSE:
      text->recommendation = cv_odds_describe_recommendation (odds);
      text->outlook = cv_odds_describe_outlook (odds);
      text->selection = cv_assistant_dup_selection_text (odds, pick_up);
      break;

    case CV_PHASE_OPPONENTS:
      for (guint i = 0; i < cv_odds_get_n_opponents (odds); i++)
        g_ptr_array_add (text->opponents, cv_odds_describe_opponent (odds, i, game));
      break;

    case CV_PHASE_FINISHED:
    default:
      break;
    }

  return text;
}

char *
cv_presenter_dup_assistant_text (const CvGame *game,
                                 guint         seat,
                                 guint         turns_left)
{
  CvOddsParams params;
  g_autoptr(CvOdds) odds = NULL;
  g_autoptr(CvAssistantText) text = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (game != NULL, NULL);

  if (cv_game_is_finished (game) || seat >= cv_game_get_n_players (game))
    return NULL;
  cv_odds_params_init (&params);
  params.turns_left = turns_left;
  /* Never builds the model's tables here (the window does, off its main thread). */
  if (!cv_odds_is_ready (game, &params))
    return NULL;
  odds = cv_odds_compute_with (game, &params, NULL);
  if (odds == NULL)
    return NULL;
  text = cv_assistant_text_new (game, odds, NULL);

  if (cv_odds_get_phase (odds) == CV_PHASE_OPPONENTS)
    {
      for (guint i = 0; i < cv_odds_get_n_opponents (odds); i++)
        if (cv_odds_get_opponent (odds, i)->seat == seat)
          g_string_append (out, g_ptr_array_index (text->opponents, i));
    }
  else if (seat == cv_game_get_roller (game))
    {
      if (text->recommendation != NULL)
        g_string_append (out, text->recommendation);
      if (text->outlook != NULL)
        g_string_append_printf (out, "%s%s", out->len > 0 ? "\n" : "", text->outlook);
    }
  return out->len > 0 ? g_string_free (g_steal_pointer (&out), FALSE) : NULL;
}

/* ---- The keyboard (docs/keyboard.md) ---- */

gunichar
cv_presenter_get_freeze_key (void)
{
  /* Translators: the key that starts "freeze a row" at the table (then a colour key);
   * one capital letter that is none of the six "die face key" letters */
  const char *str = C_("choice key", "F");
  gunichar c = g_utf8_get_char_validated (str, -1);

  if (c == (gunichar) -1 || c == (gunichar) -2 || g_utf8_strlen (str, -1) != 1 ||
      !g_unichar_isalpha (c) || cv_face_from_letter (c, NULL))
    c = 'F';
  c = g_unichar_toupper (c);
  /* Should the face letters take F too, no key is left: freezing stays on its buttons. */
  return cv_face_from_letter (c, NULL) ? 0 : c;
}

int
cv_presenter_get_keyboard_seat (const CvGame *game)
{
  guint roller;
  guint n;

  g_return_val_if_fail (game != NULL, -1);

  roller = cv_game_get_roller (game);
  n = cv_game_get_n_players (game);
  switch (cv_game_get_phase (game))
    {
    case CV_PHASE_CHOOSE:
      return (int) roller;
    case CV_PHASE_OPPONENTS:
      /* In seat order after the roller (rules: "im Uhrzeigersinn"). */
      for (guint i = 1; i < n; i++)
        if (cv_game_must_act (game, (roller + i) % n))
          return (int) ((roller + i) % n);
      return -1;
    case CV_PHASE_ROLL:
    case CV_PHASE_FINISHED:
    default:
      return -1;
    }
}

static void
append_letters (GString      *out,
                const CvFace *faces,
                guint         n)
{
  for (guint i = 0; i < n; i++)
    g_string_append_unichar (out, cv_face_get_letter (faces[i]));
}

char *
cv_presenter_dup_keys (const CvGame   *game,
                       const CvAction *action)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (game != NULL && action != NULL, g_string_free (out, FALSE));

  switch (action->type)
    {
    case CV_ACTION_ROLL:
      append_letters (out, action->dice, action->n_dice);
      g_string_append_c (out, '\n');
      break;
    case CV_ACTION_REROLL:
      g_string_append_c (out, CV_REROLL_KEY);
      append_letters (out, action->dice, action->n_dice);
      g_string_append_c (out, '\n');
      append_letters (out, action->result, action->n_dice);
      g_string_append_c (out, '\n');
      break;
    case CV_ACTION_TAKE:
      g_string_append_unichar (out, cv_face_get_letter (action->color));
      break;
    case CV_ACTION_TAKE_JOKERS:
      g_string_append_unichar (out, cv_face_get_letter (CV_FACE_JOKER));
      g_string_append_unichar (out, cv_face_get_letter (action->color));
      break;
    case CV_ACTION_FREEZE:
      if (cv_presenter_get_freeze_key () != 0)
        g_string_append_unichar (out, cv_presenter_get_freeze_key ());
      g_string_append_unichar (out, cv_face_get_letter (action->color));
      break;
    case CV_ACTION_PASS:
    default:
      /* Passing is legal only when nothing else is: Enter says "nothing to mark". */
      g_string_append_c (out, '\n');
      break;
    }

  return g_string_free (out, FALSE);
}

char *
cv_presenter_dup_key_label (const CvChoice *choice)
{
  GString *out = g_string_new (NULL);
  gunichar freeze = cv_presenter_get_freeze_key ();

  switch (choice->action.type)
    {
    case CV_ACTION_TAKE:
      g_string_append_unichar (out, cv_face_get_letter (choice->action.color));
      break;
    case CV_ACTION_TAKE_JOKERS:
      g_string_append_unichar (out, cv_face_get_letter (CV_FACE_JOKER));
      g_string_append_c (out, ' ');
      g_string_append_unichar (out, cv_face_get_letter (choice->action.color));
      break;
    case CV_ACTION_FREEZE:
      if (freeze == 0)
        break;
      g_string_append_unichar (out, freeze);
      g_string_append_c (out, ' ');
      g_string_append_unichar (out, cv_face_get_letter (choice->action.color));
      break;
    case CV_ACTION_PASS:
      /* Translators: the key of the Pass button, as shown on it */
      g_string_append (out, C_("key", "Enter"));
      break;
    default:
      break;
    }
  return g_string_free (out, FALSE);
}

/* Could @seat mark anything from the dice still available? (GAME-DATA.md: "A player
 * who cannot mark anything … does nothing".) */
static gboolean
seat_can_mark (const CvGame *game,
               guint         seat)
{
  guint jokers = cv_game_count_faces (game, CV_FACE_JOKER, TRUE);

  for (guint c = 0; c < CV_N_COLORS; c++)
    {
      gboolean open = !cv_game_row_is_frozen (game, seat, (CvFace) c) &&
                      cv_game_get_crosses (game, seat, (CvFace) c) < CV_ROW_LENGTH;

      if (open && (jokers > 0 || cv_game_count_faces (game, (CvFace) c, TRUE) > 0))
        return TRUE;
    }
  return FALSE;
}

char *
cv_presenter_dup_outcome_text (const CvGame   *before,
                               const CvAction *action,
                               const CvGame   *after)
{
  g_autofree char *text = cv_presenter_dup_action_text (before, action);
  gboolean choice_made = action->type != CV_ACTION_ROLL && action->type != CV_ACTION_REROLL;
  guint skulls = cv_game_count_faces (before, CV_FACE_SKULL, FALSE);
  guint roller = cv_game_get_roller (before);

  g_return_val_if_fail (after != NULL, g_steal_pointer (&text));

  /* The roller chose after one or two skulls and nobody is left to mark: rules (Sami's
   * example) "the others get nothing". */
  if (choice_made && cv_game_get_phase (before) == CV_PHASE_CHOOSE && skulls > 0 &&
      cv_game_get_turn_number (after) != cv_game_get_turn_number (before) &&
      !cv_game_is_finished (after))
    /* Translators: after the roller's choice with skulls, when no die is left for the others */
    return g_strdup_printf (_("%s — the others get nothing"), text);

  /* Opponents who cannot mark anything are skipped: say so once, when their duty begins. */
  if (cv_game_get_phase (after) == CV_PHASE_OPPONENTS && cv_game_get_phase (before) != CV_PHASE_OPPONENTS)
    {
      const char *names[CV_MAX_PLAYERS];
      guint n = 0;

      for (guint seat = 0; seat < cv_game_get_n_players (after); seat++)
        if (seat != roller && !cv_game_must_act (after, seat) && !seat_can_mark (after, seat))
          names[n++] = cv_game_get_player_name (after, seat);
      if (n > 0)
        {
          g_autofree char *joined = cv_presenter_join_names (names, n);

          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               /* Translators: "Ina rolled … — Tom can mark nothing and is skipped" */
                                               "%s — %s can mark nothing and is skipped",
                                               "%s — %s can mark nothing and are skipped", n),
                                  text, joined);
        }
    }

  return g_steal_pointer (&text);
}

char *
cv_presenter_dup_action_toast (const CvGame   *before,
                               const CvAction *action)
{
  int seat = action->player >= 0 ? action->player : cv_game_get_default_actor (before);
  const char *name = seat >= 0 ? cv_game_get_player_name (before, seat) : "";

  g_return_val_if_fail (before != NULL && action != NULL, NULL);

  switch (action->type)
    {
    case CV_ACTION_ROLL:
      /* Translators: a toast (two short lines at 360 px), "Ina rolled"; the turn
       * panel shows the dice */
      return g_strdup_printf (_("%s rolled"), name);
    case CV_ACTION_REROLL:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           /* Translators: a toast, "Ina re-rolled 2 dice"; the
                                            * turn panel shows the dice */
                                           "%s re-rolled %u die", "%s re-rolled %u dice", action->n_dice),
                              name, action->n_dice);
    case CV_ACTION_TAKE:
    case CV_ACTION_TAKE_JOKERS:
      {
        CvPreview preview;

        if (!cv_game_preview (before, action, &preview, NULL))
          return g_strdup (name);
        /* Translators: a toast, "Sami: 3× orange": the crosses made in a colour (with
         * jokers or not; the crosses lost past the end are said in the turn panel) */
        return g_strdup_printf (_("%s: %u× %s"), name, preview.crosses_after - preview.crosses_before,
                                cv_face_get_name (action->color));
      }
    case CV_ACTION_FREEZE:
      /* Translators: a toast, "Ina froze orange" (a row on her sheet) */
      return g_strdup_printf (_("%s froze %s"), name, cv_face_get_name (action->color));
    case CV_ACTION_PASS:
    default:
      return cv_presenter_dup_action_text (before, action);
    }
}

char *
cv_presenter_dup_take_back_text (guint n_picked_up)
{
  if (n_picked_up == 0)
    /* Translators: Ctrl+Z after the re-roll key, before any die was picked up */
    return g_strdup (_("Undone: the re-roll you started"));
  /* Translators: Ctrl+Z while picking up dice for a re-roll; the roll itself stays */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Undone: picking up %u die (the roll stays)",
                                       "Undone: picking up %u dice (the roll stays)", n_picked_up), n_picked_up);
}

/* What differs between @with (the state with the entry) and @without (without it). */
static char *
dup_entry_description (const CvGame *with,
                       const CvGame *without)
{
  for (guint seat = 0; seat < cv_game_get_n_players (with); seat++)
    for (guint c = 0; c < CV_N_COLORS; c++)
      {
        guint a = cv_game_get_crosses (with, seat, (CvFace) c);
        guint b = cv_game_get_crosses (without, seat, (CvFace) c);
        const char *name = cv_game_get_player_name (with, seat);

        if (a == b + 1)
          /* Translators: what was undone or redone, "Cleo's green cross" */
          return g_strdup_printf (_("%s's %s cross"), name, cv_face_get_name ((CvFace) c));
        if (a > b)
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               /* Translators: what was undone or redone, "Cleo's 3 crosses in green" */
                                               "%s's %u cross in %s",
                                               "%s's %u crosses in %s", a - b),
                                  name, a - b, cv_face_get_name ((CvFace) c));
        if (cv_game_row_is_frozen (with, seat, (CvFace) c) && !cv_game_row_is_frozen (without, seat, (CvFace) c))
          /* Translators: what was undone or redone, "Ina's freeze of orange" */
          return g_strdup_printf (_("%s's freeze of %s"), name, cv_face_get_name ((CvFace) c));
      }

  if (cv_game_get_turn_number (with) == cv_game_get_turn_number (without))
    {
      const char *name = cv_game_get_player_name (with, cv_game_get_roller (with));

      if (cv_game_get_n_rolls (with) == 1 && cv_game_get_n_rolls (without) == 0)
        /* Translators: what was undone or redone, "Ina's roll" */
        return g_strdup_printf (_("%s's roll"), name);
      if (cv_game_get_n_rolls (with) > cv_game_get_n_rolls (without))
        /* Translators: what was undone or redone, "Ina's re-roll" */
        return g_strdup_printf (_("%s's re-roll"), name);
    }

  /* Translators: what was undone or redone when it marked nothing */
  return g_strdup (_("a turn without crosses"));
}

char *
cv_presenter_dup_undo_text (const CvGame *before_undo,
                            const CvGame *after_undo)
{
  g_autofree char *what = NULL;

  g_return_val_if_fail (before_undo != NULL && after_undo != NULL, NULL);

  what = dup_entry_description (before_undo, after_undo);
  /* Translators: the toast after Ctrl+Z, "Undone: Cleo's green cross" */
  return g_strdup_printf (_("Undone: %s"), what);
}

char *
cv_presenter_dup_redo_text (const CvGame *before_redo,
                            const CvGame *after_redo)
{
  g_autofree char *what = NULL;

  g_return_val_if_fail (before_redo != NULL && after_redo != NULL, NULL);

  what = dup_entry_description (after_redo, before_redo);
  /* Translators: the toast after Ctrl+Shift+Z, "Redone: Cleo's green cross" */
  return g_strdup_printf (_("Redone: %s"), what);
}
