/* cb-board-view.c — one player's Cubitos team board, drawn like the physical one
 *
 * The physical team board has the ready area („Bereitschaft“) above the arrow, the
 * active area („Aktionsbereich“) in the middle, the draw area („Nachschub“) and the rest
 * zone („Ruhezone“) at the sides. Here: draw and ready on top, active and rest below,
 * each a frame of die icons grouped by colour with a count (an empty one its title only);
 * the numbers the group used to keep in their heads (coins, steps, credits, fans, supply
 * tokens, the limit) in bold figures under it, each with its word on the same line;
 * danger and bust as a coloured banner and frame.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>

#include "cb-board-view.h"
#include "cb-die-icon.h"
#include "cb-presenter.h"

#define DIE_SIZE 30

enum {
  NUM_COINS,
  NUM_STEPS,
  NUM_CREDITS,
  NUM_FANS,
  NUM_SUPPLY,
  NUM_LIMIT,
  N_NUMBERS
};

static const char *const number_keys[N_NUMBERS] = {
  "coins", "steps", "credits", "fans", "supply", "limit"
};

struct _CbBoardView
{
  GtkWidget   parent_instance;

  guint       seat;
  GtkWidget  *box;
  GtkLabel   *name_label;
  GtkLabel   *top_dog_label;
  GtkLabel   *phase_label;
  GtkLabel   *position_label;
  GtkWidget  *banner_row;
  GtkLabel   *danger_label;
  GtkLabel   *bust_label;
  GtkWidget  *zone_flows[CB_N_ZONES];
  GtkLabel   *zone_titles[CB_N_ZONES];
  GtkLabel   *numbers[N_NUMBERS];

  /* Template children, also reached through the arrays above */
  GtkWidget  *draw_flow, *ready_flow, *active_flow, *rest_flow;
  GtkLabel   *draw_title, *ready_title, *active_title, *rest_title;
  GtkLabel   *coins_value, *steps_value, *credits_value, *fans_value, *supply_value, *limit_value;
};

G_DEFINE_FINAL_TYPE (CbBoardView, cb_board_view, GTK_TYPE_WIDGET)

static const char board_css[] =
  ".cb-board { border-radius: 12px; padding: 10px; background: alpha(@card_bg_color, 0.9);"
  "  box-shadow: 0 0 0 1px alpha(currentColor, 0.15); }\n"
  ".cb-board.danger { box-shadow: 0 0 0 3px @warning_color; }\n"
  ".cb-board.bust { box-shadow: 0 0 0 3px @error_color; }\n"
  ".cb-board.acting { box-shadow: 0 0 0 2px @accent_color; }\n"
  ".cb-zone { border-radius: 8px; padding: 6px; min-height: 44px;"
  "  background: alpha(currentColor, 0.05); }\n"
  ".cb-zone.empty { min-height: 0; }\n"
  ".cb-zone.active-zone { background: alpha(@accent_bg_color, 0.10); }\n"
  ".cb-banner { border-radius: 6px; padding: 2px 10px; font-weight: bold; }\n"
  ".cb-banner.warning { background: alpha(@warning_color, 0.2); }\n"
  ".cb-banner.error { background: alpha(@error_color, 0.2); }\n"
  ".cb-number { font-size: 16pt; font-weight: 800; }\n"
  ".cb-mandatory { background: alpha(@warning_color, 0.35); font-weight: bold; }\n"
  ".cb-panel { padding: 8px 2px 2px 2px; }\n"
  ".cb-card-row { padding: 2px 0; }\n";

void
cb_board_view_ensure_style (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  g_autoptr(GtkCssProvider) provider = NULL;

  /* The flag lives on the display, so there is no global state. */
  if (display == NULL || g_object_get_data (G_OBJECT (display), "cb-style") != NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, board_css, -1);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data (G_OBJECT (display), "cb-style", GINT_TO_POINTER (1));
}

static void
cb_board_view_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), CB_TYPE_BOARD_VIEW);
  G_OBJECT_CLASS (cb_board_view_parent_class)->dispose (object);
}

static void
cb_board_view_class_init (CbBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = cb_board_view_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "cbboard");
  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/dicepad/Dicepad/ui/cb-board-view.ui");
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, box);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, name_label);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, top_dog_label);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, phase_label);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, position_label);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, banner_row);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, danger_label);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, bust_label);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, draw_title);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, draw_flow);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, ready_title);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, ready_flow);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, active_title);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, active_flow);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, rest_title);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, rest_flow);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, coins_value);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, steps_value);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, credits_value);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, fans_value);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, supply_value);
  gtk_widget_class_bind_template_child (widget_class, CbBoardView, limit_value);
}

static void
cb_board_view_init (CbBoardView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The areas and numbers by index, for the code that fills them in. */
  self->zone_flows[CB_ZONE_DRAW] = self->draw_flow;
  self->zone_flows[CB_ZONE_READY] = self->ready_flow;
  self->zone_flows[CB_ZONE_ACTIVE] = self->active_flow;
  self->zone_flows[CB_ZONE_REST] = self->rest_flow;
  self->zone_titles[CB_ZONE_DRAW] = self->draw_title;
  self->zone_titles[CB_ZONE_READY] = self->ready_title;
  self->zone_titles[CB_ZONE_ACTIVE] = self->active_title;
  self->zone_titles[CB_ZONE_REST] = self->rest_title;
  for (guint z = 0; z < CB_N_ZONES; z++)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->zone_flows[z]), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    gtk_label_get_text (self->zone_titles[z]), -1);
  self->numbers[NUM_COINS] = self->coins_value;
  self->numbers[NUM_STEPS] = self->steps_value;
  self->numbers[NUM_CREDITS] = self->credits_value;
  self->numbers[NUM_FANS] = self->fans_value;
  self->numbers[NUM_SUPPLY] = self->supply_value;
  self->numbers[NUM_LIMIT] = self->limit_value;
}

GtkWidget *
cb_board_view_new (void)
{
  return g_object_new (CB_TYPE_BOARD_VIEW, NULL);
}

static void
clear_flow (GtkWidget *flow)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (flow)) != NULL)
    gtk_flow_box_remove (GTK_FLOW_BOX (flow), child);
}

static void
append_icon (GtkWidget *flow,
             GtkWidget *icon)
{
  gtk_widget_set_halign (icon, GTK_ALIGN_START);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), icon);
}

static void
set_number (CbBoardView *self,
            guint        which,
            guint        value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", value);
  gtk_label_set_text (self->numbers[which], text);
}

void
cb_board_view_update (CbBoardView  *self,
                      const CbGame *game,
                      guint         seat)
{
  gboolean danger, bust;
  g_autofree char *position = NULL;
  g_autofree char *phase = NULL;

  g_return_if_fail (CB_IS_BOARD_VIEW (self));
  g_return_if_fail (game != NULL && seat < cb_game_get_n_players (game));

  self->seat = seat;
  cb_board_view_ensure_style (GTK_WIDGET (self));
  gtk_label_set_text (self->name_label, cb_game_get_player_name (game, seat));
  gtk_widget_set_visible (GTK_WIDGET (self->top_dog_label), cb_game_get_top_dog (game) == seat);

  phase = cb_presenter_dup_board_phase (game, seat);
  gtk_label_set_text (self->phase_label, phase);
  position = cb_presenter_dup_board_position (game, seat);
  gtk_label_set_text (self->position_label, position);

  danger = cb_presenter_board_in_danger (game, seat);
  bust = cb_presenter_board_busted (game, seat);
  gtk_widget_set_visible (GTK_WIDGET (self->danger_label), danger);
  gtk_widget_set_visible (GTK_WIDGET (self->bust_label), bust);
  gtk_widget_set_visible (self->banner_row, danger || bust);
  if (danger && !bust)
    gtk_widget_add_css_class (self->box, "danger");
  else
    gtk_widget_remove_css_class (self->box, "danger");
  if (bust)
    gtk_widget_add_css_class (self->box, "bust");
  else
    gtk_widget_remove_css_class (self->box, "bust");
  if (cb_game_must_act (game, seat) && !danger && !bust)
    gtk_widget_add_css_class (self->box, "acting");
  else
    gtk_widget_remove_css_class (self->box, "acting");

  for (guint z = 0; z < CB_N_ZONES; z++)
    {
      guint total = cb_game_count_zone (game, seat, (CbZone) z);
      g_autofree char *title = NULL;
      static const char *const titles[CB_N_ZONES] = {
        N_("Draw area"), N_("Ready area"), N_("Active area"), N_("Rest zone")
      };

      /* Translators: a zone title with its number of dice, "Ready area · 9" */
      title = g_strdup_printf (_("%s · %u"), _(titles[z]), total);
      gtk_label_set_text (self->zone_titles[z], title);
      /* An empty area is its title only (the boards were tall: issue 25 walkthrough) */
      if (total == 0)
        gtk_widget_add_css_class (gtk_widget_get_parent (self->zone_flows[z]), "empty");
      else
        gtk_widget_remove_css_class (gtk_widget_get_parent (self->zone_flows[z]), "empty");
      clear_flow (self->zone_flows[z]);
      for (guint k = 0; k < CB_N_KINDS; k++)
        {
          guint n = cb_game_get_dice (game, seat, (CbZone) z, (CbKind) k);

          if (n == 0)
            continue;
          if (z == CB_ZONE_ACTIVE)
            {
              /* Active dice show their face, grouped by colour and face. */
              for (guint f = 0; f < CB_N_FACES; f++)
                {
                  guint m = cb_game_get_active_faces (game, seat, (CbKind) k, (CbFace) f);

                  if (m > 0)
                    append_icon (self->zone_flows[z], cb_die_icon_new ((CbKind) k, (CbFace) f, m, DIE_SIZE));
                }
            }
          else
            append_icon (self->zone_flows[z], cb_die_icon_new ((CbKind) k, CB_FACE_BLANK, n, DIE_SIZE));
        }
    }

  set_number (self, NUM_COINS, cb_game_get_coins (game, seat));
  set_number (self, NUM_STEPS, cb_game_get_steps (game, seat));
  set_number (self, NUM_CREDITS, cb_game_get_credits (game, seat));
  set_number (self, NUM_FANS, cb_game_get_fans (game, seat));
  set_number (self, NUM_SUPPLY, cb_game_get_supply_tokens (game, seat));
  set_number (self, NUM_LIMIT, cb_game_get_limit (game, seat));
}

guint
cb_board_view_get_seat (CbBoardView *self)
{
  g_return_val_if_fail (CB_IS_BOARD_VIEW (self), 0);
  return self->seat;
}

const char *
cb_board_view_get_text (CbBoardView *self,
                        const char  *what)
{
  g_return_val_if_fail (CB_IS_BOARD_VIEW (self), NULL);

  for (guint i = 0; i < N_NUMBERS; i++)
    if (g_strcmp0 (what, number_keys[i]) == 0)
      return gtk_label_get_text (self->numbers[i]);
  if (g_strcmp0 (what, "name") == 0)
    return gtk_label_get_text (self->name_label);
  if (g_strcmp0 (what, "phase") == 0)
    return gtk_label_get_text (self->phase_label);
  if (g_strcmp0 (what, "position") == 0)
    return gtk_label_get_text (self->position_label);
  if (g_strcmp0 (what, "danger") == 0)
    return gtk_widget_get_visible (GTK_WIDGET (self->danger_label)) ? gtk_label_get_text (self->danger_label) : "";
  if (g_strcmp0 (what, "bust") == 0)
    return gtk_widget_get_visible (GTK_WIDGET (self->bust_label)) ? gtk_label_get_text (self->bust_label) : "";
  return NULL;
}

guint
cb_board_view_get_shown_dice (CbBoardView *self,
                              CbZone       zone,
                              CbKind       kind)
{
  guint n = 0;

  g_return_val_if_fail (CB_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail ((guint) zone < CB_N_ZONES && (guint) kind < CB_N_KINDS, 0);

  /* Read back from the icons on screen, not from the game. */
  for (GtkWidget *child = gtk_widget_get_first_child (self->zone_flows[zone]);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *icon = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));

      if (CB_IS_DIE_ICON (icon) && cb_die_icon_get_kind (CB_DIE_ICON (icon)) == kind)
        n += MAX (cb_die_icon_get_count (CB_DIE_ICON (icon)), 1);
    }
  return n;
}
