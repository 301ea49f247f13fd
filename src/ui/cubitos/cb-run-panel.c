/* cb-run-panel.c — one player's controls under their board
 *
 * Players do their roll sections at the same time (rulebook p. 8) and their race
 * sections too (p. 9), so every board has its own controls. The panel shows the
 * section of the board's phase — one widget per section, each in its own file:
 *
 *   phase 1 refill       CbRefillSection
 *   phase 2 roll         CbRollSection
 *   phase 3 push/pass    CbDecideSection, a bust: CbBustSection
 *   phases 5 and 6       CbSupportSection above CbMoveSection (built together, once)
 *   phases 7 and 8       CbShopSection
 *   any phase            CbAbilityList (the card abilities, last; an open one's form is
 *                        a CbAbilityEditor)
 *
 * A section is built when its phase begins and then updated in place: its controls
 * keep their places while the phase lasts (insensitive with their reason when the
 * engine refuses them), so no button moves under the pointer (issue 15, item 2).
 * Sections whose entries are started from the board (refill, roll, bust) start over
 * when this board changes; entries in progress stay while other boards change.
 *
 * Each button carries the action it enters and is enabled exactly when the engine
 * accepts that action now (cb_presenter_check); a disabled button's tooltip and a dim
 * caption at the end of the panel say the engine's reason (cb-panel-controls.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-run-panel.h"
#include "cb-panel-controls.h"
#include "cb-ability-list.h"
#include "cb-bust-section.h"
#include "cb-decide-section.h"
#include "cb-move-section.h"
#include "cb-refill-section.h"
#include "cb-roll-section.h"
#include "cb-shop-section.h"
#include "cb-support-section.h"

typedef enum
{
  SECTION_NONE,
  SECTION_REFILL,
  SECTION_ROLL,
  SECTION_DECIDE,
  SECTION_BUST,
  SECTION_RACE,      /* support and move */
  SECTION_SHOP,
} SectionKind;

struct _CbRunPanel
{
  GtkWidget      parent_instance;

  GtkWidget     *box;          /* template children */
  GtkLabel      *prompt;
  GtkWidget     *content;
  CbAbilityList *abilities;
  GtkLabel      *reasons;
  GtkLabel      *key_line;

  DpGame        *game;
  guint          seat;
  char          *key;          /* this board's state when the sections were started */
  char          *render_key;   /* everything the controls show, when they were updated */
  CbControls     controls;     /* the controls by name; the sections' shared table */
  SectionKind    kind;
  GtkWidget     *section;      /* the phase's section (the move section in phases 5–6) */
  GtkWidget     *support;      /* phases 5–6: the support section above it */
  gboolean       roll_ended;   /* this board's own Pass or Bust just ended its roll section */
};

G_DEFINE_FINAL_TYPE (CbRunPanel, cb_run_panel, GTK_TYPE_WIDGET)

enum {
  ACTION,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static SectionKind
section_kind (const CbGame *game,
              guint         seat)
{
  if (cb_game_is_finished (game))
    return SECTION_NONE;
  switch (cb_game_get_phase (game, seat))
    {
    case CB_PHASE_REFILL:  return SECTION_REFILL;
    case CB_PHASE_ROLL:    return SECTION_ROLL;
    case CB_PHASE_DECIDE:  return SECTION_DECIDE;
    case CB_PHASE_BUST:    return SECTION_BUST;
    case CB_PHASE_SUPPORT:
    case CB_PHASE_MOVE:    return SECTION_RACE;
    case CB_PHASE_SHOP:    return SECTION_SHOP;
    case CB_PHASE_ROLL_DONE:
    case CB_PHASE_RESTED:
    case CB_PHASE_OUT:
    default:
      return SECTION_NONE;
    }
}

/* Their entries are started from the board: they start over when it changes. */
static gboolean
kind_has_entries (SectionKind kind)
{
  return kind == SECTION_REFILL || kind == SECTION_ROLL || kind == SECTION_BUST;
}

static char *
board_key (const CbGame *game,
           guint         seat)
{
  GString *key = g_string_new (NULL);

  g_string_append_printf (key, "%u/%u/%u/%u/%u/%u", cb_game_get_round (game), cb_game_get_phase (game, seat),
                          cb_game_get_coins (game, seat), cb_game_get_steps (game, seat),
                          cb_game_get_credits (game, seat), cb_game_get_fans (game, seat));
  for (guint z = 0; z < CB_N_ZONES; z++)
    for (guint k = 0; k < CB_N_KINDS; k++)
      g_string_append_printf (key, ",%u", cb_game_get_dice (game, seat, z, k));
  return g_string_free (key, FALSE);
}

/* Everything the controls depend on: this board, the shop, the prompt and the actions
 * the engine allows this player now. While it stays the same the controls stay, so an
 * entry another player makes does not take the focus or a half-typed number away. */
static char *
render_key (const CbGame *game,
            guint         seat,
            const char   *board,
            const char   *prompt)
{
  GString *key = g_string_new (board);
  g_autoptr(GArray) legal = cb_game_legal_actions_for_seat (game, seat);

  g_string_append_printf (key, "|%s|%d|%d|", prompt, cb_game_is_finished (game), cb_game_get_red_winner (game));
  for (guint k = 0; k < CB_N_KINDS; k++)
    g_string_append_printf (key, "%u,", cb_game_get_supply (game, k));
  for (guint c = 0; c < CB_N_COLOURS; c++)
    g_string_append_printf (key, "%d,", cb_game_get_cost (game, c));
  for (guint s = 0; s < cb_game_get_n_players (game); s++)
    g_string_append_printf (key, "%d,", cb_game_get_swords (game, s));
  /* This seat's legal actions, found by seat (never by matching the name in the text). */
  for (guint i = 0; i < legal->len; i++)
    {
      g_autofree char *text = cb_action_to_text (game, &g_array_index (legal, CbAction, i));
      g_string_append (g_string_append_c (key, '|'), text);
    }
  return g_string_free (key, FALSE);
}

static void
clear_sections (CbRunPanel *self)
{
  /* The names go first: the sections' widgets go with them. The ability list names
   * its controls again when it is updated. */
  g_hash_table_remove_all (self->controls.table);
  if (self->support != NULL)
    gtk_box_remove (GTK_BOX (self->content), g_steal_pointer (&self->support));
  if (self->section != NULL)
    gtk_box_remove (GTK_BOX (self->content), g_steal_pointer (&self->section));
  self->kind = SECTION_NONE;
}

static void
build_sections (CbRunPanel  *self,
                SectionKind  kind)
{
  CbControls *controls = &self->controls;

  self->kind = kind;
  switch (kind)
    {
    case SECTION_REFILL: self->section = cb_refill_section_new (controls); break;
    case SECTION_ROLL:   self->section = cb_roll_section_new (controls); break;
    case SECTION_DECIDE: self->section = cb_decide_section_new (controls); break;
    case SECTION_BUST:   self->section = cb_bust_section_new (controls); break;
    case SECTION_SHOP:   self->section = cb_shop_section_new (controls); break;
    case SECTION_RACE:
      self->support = cb_support_section_new (controls);
      gtk_box_append (GTK_BOX (self->content), self->support);
      self->section = cb_move_section_new (controls);
      break;
    case SECTION_NONE:
    default:
      return;
    }
  gtk_box_append (GTK_BOX (self->content), self->section);
}

/* The card abilities sit under the section's own controls; in phases 5–6 between
 * Collect/Announce and the move controls, so that a support ability is offered above
 * Walk, the safe default whose Enter ends phase 5 (issue 25, item 3.7). */
static void
place_abilities (CbRunPanel *self)
{
  GtkWidget *abilities = GTK_WIDGET (self->abilities);
  GtkWidget *parent = self->kind == SECTION_RACE ? self->content : self->box;
  GtkWidget *after = self->kind == SECTION_RACE ? self->support : self->content;

  if (gtk_widget_get_parent (abilities) == parent)
    {
      gtk_box_reorder_child_after (GTK_BOX (parent), abilities, after);
      return;
    }
  g_object_ref (abilities);
  gtk_box_remove (GTK_BOX (gtk_widget_get_parent (abilities)), abilities);
  gtk_box_insert_child_after (GTK_BOX (parent), abilities, after);
  g_object_unref (abilities);
}

static void
update_sections (CbRunPanel *self)
{
  switch (self->kind)
    {
    case SECTION_REFILL: cb_refill_section_update (CB_REFILL_SECTION (self->section)); break;
    case SECTION_ROLL:   cb_roll_section_update (CB_ROLL_SECTION (self->section)); break;
    case SECTION_DECIDE: cb_decide_section_update (CB_DECIDE_SECTION (self->section)); break;
    case SECTION_BUST:   cb_bust_section_update (CB_BUST_SECTION (self->section)); break;
    case SECTION_SHOP:   cb_shop_section_update (CB_SHOP_SECTION (self->section)); break;
    case SECTION_RACE:
      cb_support_section_update (CB_SUPPORT_SECTION (self->support));
      cb_move_section_update (CB_MOVE_SECTION (self->section));
      break;
    case SECTION_NONE:
    default:
      break;
    }
}

static void
cb_run_panel_dispose (GObject *object)
{
  CbRunPanel *self = CB_RUN_PANEL (object);

  /* The sections refer to the controls' table: they go before it. */
  if (self->controls.table != NULL)
    g_hash_table_remove_all (self->controls.table);
  self->section = NULL;
  self->support = NULL;
  self->controls.reasons = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), CB_TYPE_RUN_PANEL);
  g_clear_pointer (&self->game, dp_game_free);
  self->controls.game = NULL;
  g_clear_pointer (&self->key, g_free);
  g_clear_pointer (&self->render_key, g_free);
  g_clear_pointer (&self->controls.table, g_hash_table_unref);
  G_OBJECT_CLASS (cb_run_panel_parent_class)->dispose (object);
}

static void
cb_run_panel_class_init (CbRunPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_run_panel_dispose;

  /**
   * CbRunPanel::action:
   * @text: the action chosen, in canonical JSON text
   */
  signals[ACTION] = g_signal_new ("action", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cbrunpanel");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-run-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, CbRunPanel, box);
  gtk_widget_class_bind_template_child (widget_class, CbRunPanel, prompt);
  gtk_widget_class_bind_template_child (widget_class, CbRunPanel, content);
  gtk_widget_class_bind_template_child (widget_class, CbRunPanel, abilities);
  gtk_widget_class_bind_template_child (widget_class, CbRunPanel, reasons);
  gtk_widget_class_bind_template_child (widget_class, CbRunPanel, key_line);
}

static void
cb_run_panel_init (CbRunPanel *self)
{
  self->controls.table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->controls.owner = G_OBJECT (self);
  g_type_ensure (CB_TYPE_ABILITY_LIST);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->controls.reasons = self->reasons;
  cb_ability_list_set_controls (self->abilities, &self->controls);
}

GtkWidget *
cb_run_panel_new (void)
{
  return g_object_new (CB_TYPE_RUN_PANEL, NULL);
}

void
cb_run_panel_update (CbRunPanel   *self,
                     const DpGame *game,
                     guint         seat)
{
  const CbGame *g;
  g_autofree char *prompt = NULL;
  g_autofree char *key = NULL;
  g_autofree char *rendered = NULL;
  gboolean same;
  SectionKind kind;

  g_return_if_fail (CB_IS_RUN_PANEL (self));
  g = cb_game_from_dp_const (game);
  g_return_if_fail (g != NULL && seat < cb_game_get_n_players (g));

  g_clear_pointer (&self->game, dp_game_free);
  self->game = dp_game_copy (game);
  g = cb_game_from_dp_const (self->game);
  key = board_key (g, seat);
  same = self->seat == seat && g_strcmp0 (key, self->key) == 0;
  if (self->seat != seat)
    clear_sections (self);
  self->seat = seat;
  self->controls.game = self->game;
  self->controls.seat = seat;
  if (!same)
    {
      g_free (self->key);
      self->key = g_steal_pointer (&key);
    }

  prompt = cb_presenter_dup_prompt (g, seat);
  gtk_label_set_text (self->prompt, prompt);
  cb_controls_keep_height (GTK_WIDGET (self->prompt));

  rendered = render_key (g, seat, self->key, prompt);
  if (same && g_strcmp0 (rendered, self->render_key) == 0)
    return;
  g_free (self->render_key);
  self->render_key = g_steal_pointer (&rendered);

  kind = section_kind (g, seat);
  /* Issue 15, QA: "Enter after a Pass lands on Collect and Announce Swords". A board
   * whose Pass or Bust took it straight into its race section does not take the
   * keyboard then: a second Enter would act in the next phase. The next board does. */
  self->roll_ended = kind != self->kind && kind == SECTION_RACE
                     && (self->kind == SECTION_DECIDE || self->kind == SECTION_BUST);
  if (kind != self->kind || (!same && kind_has_entries (kind)))
    {
      /* This board changed: the entries started for it start over. */
      clear_sections (self);
      build_sections (self, kind);
      place_abilities (self);
    }
  else
    update_sections (self);
  if (kind == SECTION_NONE && cb_game_is_finished (g))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->abilities), FALSE);
      cb_controls_remove_prefix (&self->controls, "ability");
      cb_controls_update_reasons (&self->controls);
      return;
    }
  gtk_widget_set_visible (GTK_WIDGET (self->abilities), TRUE);
  cb_ability_list_update (self->abilities, !same);
  cb_controls_update_reasons (&self->controls);
}

const char *
cb_run_panel_get_prompt (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);
  return gtk_label_get_text (self->prompt);
}

GtkWidget *
cb_run_panel_get_control (CbRunPanel *self,
                          const char *name)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);
  return cb_controls_get (&self->controls, name);
}

CbRollEntry *
cb_run_panel_get_roll_entry (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);
  if (self->kind != SECTION_ROLL)
    return NULL;
  return cb_roll_section_get_entry (CB_ROLL_SECTION (self->section));
}

CbShop *
cb_run_panel_get_shop (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);
  if (self->kind != SECTION_SHOP)
    return NULL;
  return cb_shop_section_get_shop (CB_SHOP_SECTION (self->section));
}

static gboolean
focus_default (CbRunPanel *self,
               gboolean    may_decline)
{
  /* The safe default takes the keyboard, so Enter never risks a turn: in danger that is
   * Pass (a roll without a hit busts), otherwise Push (issue 15). After collecting, the
   * coins go into steps before walking (both can be undone). */
  const char *order[] = {
    "refill", "push", "bust", "announce", "collect", "buy-steps-all", "buy-step", "land", "rest", NULL
  };
  CbRollEntry *entry;

  /* Declined only while another board must act, so the keyboard always has a board. */
  if (may_decline && self->roll_ended && self->game != NULL)
    {
      const CbGame *game = cb_game_from_dp_const (self->game);

      for (guint s = 0; s < cb_game_get_n_players (game); s++)
        if (s != self->seat && cb_game_must_act (game, s))
          return FALSE;
    }

  if (self->game != NULL && cb_game_in_danger (cb_game_from_dp_const (self->game), self->seat))
    order[1] = "pass";

  entry = cb_run_panel_get_roll_entry (self);
  if (entry != NULL)
    {
      cb_roll_entry_focus_first (entry);
      return TRUE;
    }
  /* An ability the player must use comes before anything it holds back (the red card
   * of the player with the most swords, p. 11). */
  if (cb_run_panel_get_mandatory (self) != NULL)
    return gtk_widget_grab_focus (cb_run_panel_get_mandatory (self));
  /* In the shop the first cost still to tell that the coins may pay: digit + Enter buys
   * (docs/keyboard.md); Enter alone there does nothing, Rest is its letter. */
  if (self->kind == SECTION_SHOP && self->game != NULL)
    {
      CbShop *shop = cb_run_panel_get_shop (self);
      const CbGame *game = cb_game_from_dp_const (self->game);

      for (guint c = 0; shop != NULL && c < CB_N_COLOURS; c++)
        if (cb_shop_get_cost_field (shop, c) != NULL && cb_game_get_coins (game, self->seat) > 0
            && gtk_widget_get_sensitive (GTK_WIDGET (cb_shop_get_cost_field (shop, c))))
          return gtk_widget_grab_focus (GTK_WIDGET (cb_shop_get_cost_field (shop, c)));
    }
  for (guint i = 0; order[i] != NULL; i++)
    {
      GtkWidget *w = cb_controls_get (&self->controls, order[i]);

      if (w != NULL && gtk_widget_get_sensitive (w))
        return gtk_widget_grab_focus (w);
    }
  return FALSE;
}

GtkWidget *
cb_run_panel_get_mandatory (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), NULL);

  for (guint i = 0;; i++)
    {
      char name[24];
      GtkWidget *w;

      g_snprintf (name, sizeof name, "ability-%u", i);
      w = cb_controls_get (&self->controls, name);
      if (w == NULL)
        return NULL;
      if (gtk_widget_has_css_class (w, "cb-mandatory") && gtk_widget_get_sensitive (w))
        return w;
    }
}

gboolean
cb_run_panel_focus_first (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), FALSE);
  return focus_default (self, TRUE);
}

gboolean
cb_run_panel_take_focus (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), FALSE);
  return focus_default (self, FALSE);
}

void
cb_run_panel_say (CbRunPanel *self,
                  const char *text)
{
  g_return_if_fail (CB_IS_RUN_PANEL (self));
  gtk_label_set_text (self->key_line, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->key_line), text != NULL && *text != '\0');
}

const char *
cb_run_panel_get_key_line (CbRunPanel *self)
{
  g_return_val_if_fail (CB_IS_RUN_PANEL (self), "");
  return gtk_widget_get_visible (GTK_WIDGET (self->key_line)) ? gtk_label_get_text (self->key_line) : "";
}

/* The button or check button whose underlined letter is @c: the first enabled one in
 * the panel's order, else the first disabled one (to say why). */
static void
find_choice (GtkWidget  *widget,
             gunichar    c,
             GtkWidget **enabled,
             GtkWidget **disabled)
{
  if (*enabled != NULL || !gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget) && cb_controls_label_key (GTK_LABEL (widget)) == c)
    {
      GtkWidget *target = gtk_label_get_mnemonic_widget (GTK_LABEL (widget));

      /* a list's label (the landing bonus): its letter takes the keyboard to the list */
      if (GTK_IS_DROP_DOWN (target))
        ;
      else if (!GTK_IS_CHECK_BUTTON (target))
        target = gtk_widget_get_ancestor (widget, GTK_TYPE_BUTTON);
      if (target == NULL)
        target = gtk_widget_get_ancestor (widget, GTK_TYPE_CHECK_BUTTON);
      /* a menu button's inner button is no choice of the board */
      if (target != NULL && gtk_widget_get_ancestor (target, GTK_TYPE_MENU_BUTTON) != NULL)
        target = NULL;
      if (target != NULL && gtk_widget_is_sensitive (target))
        *enabled = target;
      else if (target != NULL && *disabled == NULL)
        *disabled = target;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_choice (child, c, enabled, disabled);
}

gboolean
cb_run_panel_handle_key (CbRunPanel *self,
                         guint       keyval)
{
  CbRollEntry *entry;
  GtkWidget *enabled = NULL, *disabled = NULL;
  gunichar c = gdk_keyval_to_unicode (keyval);

  g_return_val_if_fail (CB_IS_RUN_PANEL (self), FALSE);
  /* Space in a roll field: on to the next colour (docs/keyboard.md) */
  if (keyval == GDK_KEY_space && (entry = cb_run_panel_get_roll_entry (self)) != NULL
      && cb_roll_entry_next_colour (entry))
    {
      cb_run_panel_say (self, NULL);
      return TRUE;
    }
  if (c == 0 || !g_unichar_isalpha (c))
    return FALSE;
  cb_run_panel_say (self, NULL);
  /* While the dice are typed: a face letter counts a die (cb-roll-entry.c). */
  entry = cb_run_panel_get_roll_entry (self);
  if (entry != NULL && cb_roll_entry_handle_key (entry, keyval))
    return TRUE;
  /* The roll typed, the letter of Push or Pass (where it is no face key): the roll is
   * entered, then that choice — if the board still has it to make (Dicepad may have
   * passed by itself, or the roll busted); never another control with that letter. */
  if (entry != NULL && cb_decide_section_choice_of_key (c) != NULL)
    {
      const char *choice = cb_decide_section_choice_of_key (c);
      GtkWidget *roll = cb_controls_get (&self->controls, "roll");
      g_autoptr(GObject) keep = g_object_ref (G_OBJECT (self));
      GtkWidget *button;

      if (roll == NULL || !gtk_widget_is_sensitive (roll))
        {
          const char *why = roll != NULL ? gtk_widget_get_tooltip_text (roll) : NULL;

          cb_run_panel_say (self, why != NULL ? why : _("That choice cannot be made now."));
          return TRUE;
        }
      g_signal_emit_by_name (roll, "clicked");
      button = self->kind == SECTION_DECIDE ? cb_controls_get (&self->controls, choice) : NULL;
      if (button != NULL && gtk_widget_is_sensitive (button))
        g_signal_emit_by_name (button, "clicked");
      else if (button != NULL && gtk_widget_get_tooltip_text (button) != NULL)
        cb_run_panel_say (self, gtk_widget_get_tooltip_text (button));
      return TRUE;
    }
  find_choice (self->box, g_unichar_tolower (c), &enabled, &disabled);
  if (enabled != NULL)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
      GtkWidget *spin = focus != NULL ? gtk_widget_get_ancestor (focus, GTK_TYPE_SPIN_BUTTON) : NULL;

      /* The number typed in the field with the keyboard counts before the choice (its
       * beyond-the-start count, a cost): a spin button takes it only on Enter or when
       * left. */
      if (spin != NULL && gtk_widget_is_ancestor (spin, GTK_WIDGET (self)))
        gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
      if (GTK_IS_DROP_DOWN (enabled))
        gtk_widget_grab_focus (enabled);
      else if (GTK_IS_CHECK_BUTTON (enabled))
        {
          gtk_check_button_set_active (GTK_CHECK_BUTTON (enabled),
                                       !gtk_check_button_get_active (GTK_CHECK_BUTTON (enabled)));
          gtk_widget_grab_focus (enabled);
        }
      else
        /* at once: gtk_widget_activate() clicks a button only 250 ms later */
        g_signal_emit_by_name (enabled, "clicked");
      return TRUE;
    }
  if (disabled != NULL)
    {
      const char *why = gtk_widget_get_tooltip_text (disabled);

      cb_run_panel_say (self, why != NULL ? why : _("That choice cannot be made now."));
      return TRUE;
    }
  return FALSE;
}
