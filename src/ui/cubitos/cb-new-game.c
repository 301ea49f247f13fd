/* cb-new-game.c — the Cubitos part of the new-game page
 *
 * Rulebook p. 6 „Die Rennen“: a race is chosen by name and fixes one card per colour
 * and a suggested track (race 7 and the Grand Finale: 2 laps); p. 4, Spielvorbereitung
 * 13: the group chooses who has the top dog („die Nase vorn“) in round 1, by any method.
 * Besides the ten races the group may choose freely: one card per colour and a track
 * (docs/game-script.md, Setup: "race": "free").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-new-game.h"
#include "cb-die-icon.h"
#include "cb-panel-controls.h"
#include "cb-presenter.h"
#include "dp-application.h"

struct _CbNewGame
{
  GtkWidget      parent_instance;

  GtkWidget     *box;
  AdwComboRow   *race_row;
  GtkListBox    *cards_list;
  AdwComboRow   *track_row;
  GtkSpinButton *laps_spin;
  AdwComboRow   *first_row;
  GtkStringList *names;
  JsonObject    *facts;
  GPtrArray     *card_texts;   /* char*, colour order */
  GtkWidget     *race_group;   /* template children: the groups and rows */
  GtkWidget     *cards_group;
  GtkWidget     *free_group;   /* the free race: a card per colour and the track */
  AdwComboRow   *free_cards[CB_N_COLOURS];
  AdwComboRow   *free_track_row;
};

/* The race list: the ten races of p. 6, then the free choice. */
#define FREE_RACE_POSITION CB_N_RACES

G_DEFINE_FINAL_TYPE (CbNewGame, cb_new_game, GTK_TYPE_WIDGET)

/* 1..10, or 0 for the free race. */
static guint
selected_race (CbNewGame *self)
{
  guint selected = adw_combo_row_get_selected (self->race_row);

  if (selected == FREE_RACE_POSITION)
    return 0;
  return selected == GTK_INVALID_LIST_POSITION ? 1 : selected + 1;
}

/* The card of @colour chosen for the free race (each colour lists its 7 cards in the
 * order of the blue races). */
static guint
free_card (CbNewGame *self,
           guint      colour)
{
  guint selected = adw_combo_row_get_selected (self->free_cards[colour]);

  if (selected == GTK_INVALID_LIST_POSITION || selected >= 7)
    selected = 0;
  return cb_card_index (colour, selected + 1);
}

static const char *
cost_known (CbNewGame *self,
            guint      card,
            int       *cost)
{
  JsonObject *costs = NULL;
  const CbCard *info = cb_card (card);

  if (self->facts != NULL && json_object_has_member (self->facts, "costs"))
    costs = json_object_get_object_member (self->facts, "costs");
  if (costs == NULL || !json_object_has_member (costs, info->key))
    return NULL;
  *cost = (int) json_object_get_int_member (costs, info->key);
  return info->key;
}

static char *
card_title (CbNewGame *self,
            guint      card)
{
  int cost;
  g_autofree char *title = cb_presenter_dup_card_box_title (card);

  if (cost_known (self, card, &cost) != NULL)
    /* Translators: a card in the new-game list with the cost told in an earlier race */
    return g_strdup_printf (_("%s · costs %d"), title, cost);
  return g_steal_pointer (&title);
}

static void
refresh_free_cards (CbNewGame *self)
{
  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      GtkStringList *list = GTK_STRING_LIST (adw_combo_row_get_model (self->free_cards[c]));
      guint keep = adw_combo_row_get_selected (self->free_cards[c]);
      g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);

      for (guint r = 1; r <= 7; r++)
        g_ptr_array_add (titles, card_title (self, cb_card_index (c, r)));
      g_ptr_array_add (titles, NULL);
      gtk_string_list_splice (list, 0, g_list_model_get_n_items (G_LIST_MODEL (list)),
                              (const char *const *) titles->pdata);
      adw_combo_row_set_selected (self->free_cards[c], keep < 7 ? keep : 0);
    }
}

static void
refresh_cards (CbNewGame *self)
{
  guint race_number = selected_race (self);
  const CbRace *race = cb_race (race_number);
  GtkWidget *child;

  g_ptr_array_set_size (self->card_texts, 0);
  refresh_free_cards (self);
  if (race_number == 0)
    {
      for (guint c = 0; c < CB_N_COLOURS; c++)
        g_ptr_array_add (self->card_texts, card_title (self, free_card (self, c)));
      return;
    }
  if (race == NULL)
    return;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->cards_list))) != NULL)
    gtk_list_box_remove (self->cards_list, child);

  for (guint c = 0; c < CB_N_COLOURS; c++)
    {
      guint card = cb_card_index (c, race->card_race[c]);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *colour = cb_presenter_dup_kind_title (CB_KIND_OF (c));
      char *text = card_title (self, card);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), text);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), colour);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), cb_die_icon_new (CB_KIND_OF (c), CB_FACE_BLANK, 0, 26));
      gtk_list_box_append (self->cards_list, row);
      g_ptr_array_add (self->card_texts, text);
    }
}

static void
free_track_changed_cb (CbNewGame *self)
{
  /* The Grand Finale is two tracks: its finish is crossed twice (p. 6). */
  gtk_spin_button_set_value (self->laps_spin,
                             adw_combo_row_get_selected (self->free_track_row) == CB_TRACK_GRAND_FINALE ? 2 : 1);
}

static void
free_card_changed_cb (CbNewGame *self)
{
  if (selected_race (self) != 0)
    return;
  g_ptr_array_set_size (self->card_texts, 0);
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g_ptr_array_add (self->card_texts, card_title (self, free_card (self, c)));
}

static void
race_changed_cb (CbNewGame *self)
{
  guint number = selected_race (self);
  const CbRace *race = cb_race (number);
  g_autofree char *suggested = NULL;
  GtkStringList *tracks;

  /* A free race shows a card chooser per colour and its own track choice. */
  gtk_widget_set_visible (self->free_group, number == 0);
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self->race_group),
                                         number == 0 ? _("In a free race you choose the card of each colour and the track.")
                                                     : _("The race fixes the card of each colour and suggests a track."));
  gtk_widget_set_visible (self->cards_group, number != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->track_row), number != 0);
  refresh_cards (self);
  if (number == 0)
    {
      free_track_changed_cb (self);
      return;
    }
  if (race == NULL)
    return;
  gtk_spin_button_set_value (self->laps_spin, race->laps);

  /* The first entry follows the race's own track. */
  tracks = GTK_STRING_LIST (adw_combo_row_get_model (self->track_row));
  /* Translators: the track choice that follows the race, "As the race says: Nothing Goes Right" */
  suggested = g_strdup_printf (_("As the race says: %s"), cb_track_get_name (race->track));
  gtk_string_list_splice (tracks, 0, 1, (const char *const[]) { suggested, NULL });
  adw_combo_row_set_selected (self->track_row, 0);
}

static void
cb_new_game_dispose (GObject *object)
{
  CbNewGame *self = CB_NEW_GAME (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_NEW_GAME);
  g_clear_object (&self->names);
  g_clear_pointer (&self->facts, json_object_unref);
  g_clear_pointer (&self->card_texts, g_ptr_array_unref);
  G_OBJECT_CLASS (cb_new_game_parent_class)->dispose (object);
}

static void
cb_new_game_class_init (CbNewGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_new_game_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-new-game.ui");
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, box);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, race_group);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, race_row);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, track_row);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, laps_spin);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, first_row);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, cards_group);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, cards_list);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, free_group);
  gtk_widget_class_bind_template_child (widget_class, CbNewGame, free_track_row);
  gtk_widget_class_bind_template_callback (widget_class, free_track_changed_cb);
}

static void
cb_new_game_init (CbNewGame *self)
{
  GtkStringList *races = gtk_string_list_new (NULL);
  GtkStringList *tracks = gtk_string_list_new (NULL);
  GtkStringList *free_tracks = gtk_string_list_new (NULL);

  self->card_texts = g_ptr_array_new_with_free_func (g_free);
  self->names = gtk_string_list_new (NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  cb_controls_no_wheel (GTK_WIDGET (self->laps_spin));

  /* The lists come from the game data: the ten races of p. 6 and the tracks. */
  for (guint r = 1; r <= CB_N_RACES; r++)
    {
      g_autofree char *title = cb_presenter_dup_race_title (r);
      gtk_string_list_append (races, title);
    }
  /* Translators: the race choice without a named race: one card per colour, chosen freely */
  gtk_string_list_append (races, _("Free choice"));
  gtk_string_list_append (tracks, "");
  for (guint t = 0; t < CB_N_TRACKS; t++)
    {
      gtk_string_list_append (tracks, cb_track_get_name (t));
      gtk_string_list_append (free_tracks, cb_track_get_name (t));
    }
  adw_combo_row_set_model (self->race_row, G_LIST_MODEL (races));
  g_object_unref (races);
  adw_combo_row_set_model (self->track_row, G_LIST_MODEL (tracks));
  g_object_unref (tracks);
  adw_combo_row_set_model (self->free_track_row, G_LIST_MODEL (free_tracks));
  g_object_unref (free_tracks);
  adw_combo_row_set_model (self->first_row, G_LIST_MODEL (self->names));

  /* One card row per colour, in front of the free race's track row. */
  {
    g_autoptr(GtkWidget) track = g_object_ref (GTK_WIDGET (self->free_track_row));

    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self->free_group), track);
    for (guint c = 0; c < CB_N_COLOURS; c++)
      {
        GtkStringList *cards = gtk_string_list_new (NULL);
        g_autofree char *colour = cb_presenter_dup_kind_title (CB_KIND_OF (c));
        AdwComboRow *row = ADW_COMBO_ROW (adw_combo_row_new ());

        adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), colour);
        adw_combo_row_set_model (row, G_LIST_MODEL (cards));
        g_object_unref (cards);
        adw_action_row_add_prefix (ADW_ACTION_ROW (row), cb_die_icon_new (CB_KIND_OF (c), CB_FACE_BLANK, 0, 26));
        g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (free_card_changed_cb), self);
        self->free_cards[c] = row;
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->free_group), GTK_WIDGET (row));
      }
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->free_group), track);
  }

  g_signal_connect_swapped (self->race_row, "notify::selected", G_CALLBACK (race_changed_cb), self);
  race_changed_cb (self);
}

GtkWidget *
cb_new_game_new (void)
{
  return g_object_new (CB_TYPE_NEW_GAME, NULL);
}

void
cb_new_game_set_names (CbNewGame         *self,
                       const char *const *names)
{
  guint keep;
  guint n = 0;
  g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);

  g_return_if_fail (CB_IS_NEW_GAME (self));

  keep = adw_combo_row_get_selected (self->first_row);
  for (; names != NULL && names[n] != NULL; n++)
    {
      g_autofree char *trimmed = g_strstrip (g_strdup (names[n]));

      if (trimmed[0] == '\0')
        /* Translators: an unnamed seat in the top-dog choice, "Player 2" */
        g_ptr_array_add (shown, g_strdup_printf (_("Player %u"), n + 1));
      else
        g_ptr_array_add (shown, g_steal_pointer (&trimmed));
    }
  g_ptr_array_add (shown, NULL);
  gtk_string_list_splice (self->names, 0, g_list_model_get_n_items (G_LIST_MODEL (self->names)),
                          (const char *const *) shown->pdata);
  adw_combo_row_set_selected (self->first_row, keep < n ? keep : 0);
}

void
cb_new_game_set_facts (CbNewGame  *self,
                       JsonObject *facts)
{
  g_return_if_fail (CB_IS_NEW_GAME (self));

  g_clear_pointer (&self->facts, json_object_unref);
  self->facts = facts != NULL ? json_object_ref (facts) : NULL;
  refresh_cards (self);
}

void
cb_new_game_set_race (CbNewGame *self,
                      guint      race)
{
  g_return_if_fail (CB_IS_NEW_GAME (self));
  g_return_if_fail (race <= CB_N_RACES);
  adw_combo_row_set_selected (self->race_row, race == 0 ? FREE_RACE_POSITION : race - 1);
}

guint
cb_new_game_get_race (CbNewGame *self)
{
  g_return_val_if_fail (CB_IS_NEW_GAME (self), 1);
  return selected_race (self);
}

void
cb_new_game_set_track (CbNewGame *self,
                       int        track)
{
  g_return_if_fail (CB_IS_NEW_GAME (self));
  adw_combo_row_set_selected (self->track_row, track < 0 || track >= CB_N_TRACKS ? 0 : (guint) track + 1);
}

void
cb_new_game_set_laps (CbNewGame *self,
                      guint      laps)
{
  g_return_if_fail (CB_IS_NEW_GAME (self));
  gtk_spin_button_set_value (self->laps_spin, laps);
}

guint
cb_new_game_get_laps (CbNewGame *self)
{
  g_return_val_if_fail (CB_IS_NEW_GAME (self), 1);
  return (guint) gtk_spin_button_get_value_as_int (self->laps_spin);
}

void
cb_new_game_set_first (CbNewGame *self,
                       guint      seat)
{
  g_return_if_fail (CB_IS_NEW_GAME (self));
  if (seat < g_list_model_get_n_items (G_LIST_MODEL (self->names)))
    adw_combo_row_set_selected (self->first_row, seat);
}

guint
cb_new_game_get_first (CbNewGame *self)
{
  guint selected;

  g_return_val_if_fail (CB_IS_NEW_GAME (self), 0);
  selected = adw_combo_row_get_selected (self->first_row);
  return selected == GTK_INVALID_LIST_POSITION ? 0 : selected;
}

const char *
cb_new_game_get_card_text (CbNewGame *self,
                           guint      colour)
{
  g_return_val_if_fail (CB_IS_NEW_GAME (self), NULL);
  g_return_val_if_fail (colour < self->card_texts->len, NULL);
  return g_ptr_array_index (self->card_texts, colour);
}

char *
cb_new_game_dup_setup (CbNewGame         *self,
                       const char *const *names)
{
  g_autoptr(JsonObject) facts = NULL;
  guint n;
  guint track_selected;
  guint first;

  g_return_val_if_fail (CB_IS_NEW_GAME (self), NULL);
  g_return_val_if_fail (names != NULL, NULL);

  facts = cb_new_game_dup_table_facts (self->facts);
  n = g_strv_length ((char **) names);
  track_selected = adw_combo_row_get_selected (self->track_row);
  first = cb_new_game_get_first (self);
  if (selected_race (self) == 0)
    {
      guint cards[CB_N_COLOURS];
      guint track = adw_combo_row_get_selected (self->free_track_row);

      for (guint c = 0; c < CB_N_COLOURS; c++)
        cards[c] = free_card (self, c);
      return cb_presenter_dup_free_setup (names, n, cards, track < CB_N_TRACKS ? track : 0,
                                          cb_new_game_get_laps (self), first < n ? first : 0, facts);
    }
  return cb_presenter_dup_setup (names, n, selected_race (self),
                                 track_selected == 0 || track_selected == GTK_INVALID_LIST_POSITION
                                 ? -1 : (int) track_selected - 1,
                                 cb_new_game_get_laps (self), first < n ? first : 0, facts);
}

void
cb_new_game_set_free_card (CbNewGame *self,
                           guint      card)
{
  const CbCard *info;

  g_return_if_fail (CB_IS_NEW_GAME (self));
  info = cb_card (card);
  g_return_if_fail (info != NULL);
  adw_combo_row_set_selected (self->free_cards[info->colour], info->race - 1);
}

AdwComboRow *
cb_new_game_get_free_card_row (CbNewGame *self,
                               guint      colour)
{
  g_return_val_if_fail (CB_IS_NEW_GAME (self), NULL);
  g_return_val_if_fail (colour < CB_N_COLOURS, NULL);
  return self->free_cards[colour];
}

AdwComboRow *
cb_new_game_get_free_track_row (CbNewGame *self)
{
  g_return_val_if_fail (CB_IS_NEW_GAME (self), NULL);
  return self->free_track_row;
}

JsonObject *
cb_new_game_dup_table_facts (JsonObject *facts)
{
  GApplication *app = g_application_get_default ();
  gboolean tie = TRUE;   /* the rulebook's reading, the schema's default */

  if (DP_IS_APPLICATION (app))
    tie = g_settings_get_boolean (dp_application_get_settings (DP_APPLICATION (app)), "cubitos-zero-swords-tie");
  return cb_presenter_dup_table_facts (facts, tie ? CB_ZERO_SWORDS_TIE : CB_ZERO_SWORDS_NOBODY);
}
