// SPDX-License-Identifier: MIT
/*
 * wlroots 0.18's API on wlroots 0.15, for the code written against 0.18 (tactus-wlr, its glue and control, the headless
 * replays, the Wayfire plugin). Include it after the wlroots headers a file uses: each section below serves one of
 * those headers, and only when it was included.
 *
 * On 0.18 it adds only the few tactus_* accessors, which are plain field reads there. On 0.15 (Debian 12) it gives
 * 0.18's names and signatures to what 0.15 spells otherwise, so that the code of record reads as 0.18 code. What 0.15
 * lacks altogether (xdg-shell's new_toplevel, ext-session-lock-v1, output states, input devices a compositor makes)
 * is an #if TACTUS_WLR_015 in the file that uses it. docs/integrating.md says what changes again in wlroots 0.19.
 *
 * 0.16 and 0.17 are refused: each is a state between the two (xdg surfaces announced at their first commit, map
 * events moving to wlr_surface) that neither form handles, and nothing here is tested on them.
 */
#ifndef TACTUS_WLR_COMPAT_H
#define TACTUS_WLR_COMPAT_H

#include <stdbool.h>
#include <wlr/version.h>

#if WLR_VERSION_NUM >= 0x001000 && WLR_VERSION_NUM < 0x001200
#error "Tactus builds against wlroots 0.15 or 0.18 (0.16 and 0.17 are not supported)"
#endif

/* wlroots 0.15, Debian 12's: the older form of each difference. */
#define TACTUS_WLR_015 (WLR_VERSION_NUM < 0x001000)

#if TACTUS_WLR_015

#ifdef WLR_TYPES_WLR_TOUCH_H
/* Events: 0.16 renamed them (struct wlr_event_touch_down is struct wlr_touch_down_event...); their fields stay. */
#define wlr_touch_down_event wlr_event_touch_down
#define wlr_touch_up_event wlr_event_touch_up
#define wlr_touch_motion_event wlr_event_touch_motion
#define wlr_touch_cancel_event wlr_event_touch_cancel
/* A device's specific part: 0.16 embeds the input device in it (base), where 0.15 points to it from the device. */
static inline struct wlr_touch *wlr_touch_from_input_device(struct wlr_input_device *device) { return device->touch; }
/* Where a touchscreen's output name and physical size are (lvalues): its wlr_touch since 0.16. */
#define tactus_touchscreen(device) (device)
/* The input device an event came from, and the first member of an event made for a device. */
#define tactus_touch_event_device(event) ((event)->device)
#define TACTUS_TOUCH_EVENT_FROM(input_device) .device = (input_device)
#endif

#ifdef WLR_TYPES_WLR_POINTER_H
#define wlr_pointer_motion_event wlr_event_pointer_motion
#define wlr_pointer_motion_absolute_event wlr_event_pointer_motion_absolute
#define wlr_pointer_button_event wlr_event_pointer_button
#define wlr_pointer_axis_event wlr_event_pointer_axis
#define wlr_pointer_swipe_begin_event wlr_event_pointer_swipe_begin
#define wlr_pointer_swipe_update_event wlr_event_pointer_swipe_update
#define wlr_pointer_swipe_end_event wlr_event_pointer_swipe_end
#define wlr_pointer_pinch_begin_event wlr_event_pointer_pinch_begin
#define wlr_pointer_pinch_update_event wlr_event_pointer_pinch_update
#define wlr_pointer_pinch_end_event wlr_event_pointer_pinch_end
#define wlr_pointer_hold_begin_event wlr_event_pointer_hold_begin
#define wlr_pointer_hold_end_event wlr_event_pointer_hold_end
static inline struct wlr_pointer *wlr_pointer_from_input_device(struct wlr_input_device *device) {
	return device->pointer;
}
#define tactus_pointer_event_device(event) ((event)->device)
#define TACTUS_POINTER_EVENT_FROM(input_device) .device = (input_device)
#endif

#ifdef WLR_TYPES_WLR_KEYBOARD_H
#define wlr_keyboard_key_event wlr_event_keyboard_key
static inline struct wlr_keyboard *wlr_keyboard_from_input_device(struct wlr_input_device *device) {
	return device->keyboard;
}
#endif

#ifdef WLR_TYPES_WLR_OUTPUT_LAYOUT_H
/* The output layout's box of an output (NULL: all of them), empty when there is none: 0.16 fills one in. */
static inline void tactus_wlr015_output_layout_get_box(struct wlr_output_layout *layout, struct wlr_output *output,
                                                       struct wlr_box *box) {
	struct wlr_box *found = wlr_output_layout_get_box(layout, output);
	*box = found ? *found : (struct wlr_box){0, 0, 0, 0};
}
#define wlr_output_layout_get_box tactus_wlr015_output_layout_get_box
#define wlr_output_layout_create(display) (wlr_output_layout_create)()
#endif

#ifdef WLR_TYPES_WLR_OUTPUT_H
/* What an output's commit changed (WLR_OUTPUT_STATE_*). */
#define tactus_output_event_committed(event) ((event)->committed)
#endif

#ifdef WLR_TYPES_WLR_COMPOSITOR_H
/* A surface's subsurface, NULL when it is none (0.17). */
static inline struct wlr_subsurface *wlr_subsurface_try_from_wlr_surface(struct wlr_surface *surface) {
	return wlr_surface_is_subsurface(surface) ? wlr_subsurface_from_wlr_surface(surface) : NULL;
}
#define wlr_compositor_create(display, version, renderer) (wlr_compositor_create)(display, renderer)
#endif

#ifdef WLR_TYPES_WLR_SEAT_H
/* 0.18 passes wl_pointer's enums to the seat where 0.15 has its own, of the same values; and the axis event's
 * relative direction, which 0.15 does not know. */
#define wlr_seat_pointer_notify_button(seat, time_msec, button, state) \
	(wlr_seat_pointer_notify_button)(seat, time_msec, button, (enum wlr_button_state)(state))
#define wlr_seat_pointer_notify_axis(seat, time_msec, orientation, value, value_discrete, source, relative_direction) \
	(wlr_seat_pointer_notify_axis)(seat, time_msec, orientation, value, value_discrete, source)
/* A touch point's cancel, for the client it went to: 0.15 takes its surface, gone once the client destroyed it; such
 * a point is retired by an up. */
static inline void tactus_seat_touch_notify_cancel(struct wlr_seat *seat, struct wlr_touch_point *point) {
	if (point->surface)
		wlr_seat_touch_notify_cancel(seat, point->surface);
	else
		wlr_seat_touch_notify_up(seat, 0, point->touch_id);
}
/* wl_touch.cancel to the client a touch point went to, bypassing the seat's grab: 0.15 names the client by the point's
 * surface, and sends nothing once the client destroyed it. */
static inline void tactus_seat_touch_send_cancel(struct wlr_seat *seat, struct wlr_touch_point *point) {
	if (point->surface)
		wlr_seat_touch_send_cancel(seat, point->surface);
}
/* Makes a keyboard the seat's: 0.15 takes its input device. */
#define tactus_seat_set_keyboard(seat, device) wlr_seat_set_keyboard(seat, device)
#endif

#ifdef WLR_TYPES_WLR_SCENE_H
/* The scene: 0.16 made its root a tree, and parents trees; 0.15's root is a node of a tree's layout. */
#define tactus_scene_root(scene) ((struct wlr_scene_tree *)&(scene)->node)
#define wlr_scene_xdg_surface_create(parent, xdg_surface) \
	((struct wlr_scene_tree *)(wlr_scene_xdg_surface_create)(&(parent)->node, xdg_surface))
#define wlr_scene_subsurface_tree_create(parent, surface) \
	((struct wlr_scene_tree *)(wlr_scene_subsurface_tree_create)(&(parent)->node, surface))
#define wlr_scene_tree_create(parent) (wlr_scene_tree_create)(&(parent)->node)
#define wlr_scene_output_commit(scene_output, options) (wlr_scene_output_commit)(scene_output)
/* The client surface a node of the scene shows, NULL when it shows none. */
static inline struct wlr_scene_surface *tactus_scene_surface_from_node(struct wlr_scene_node *node) {
	return node->type == WLR_SCENE_NODE_SURFACE ? wlr_scene_surface_from_node(node) : NULL;
}
#endif

#ifdef WLR_TYPES_WLR_XDG_SHELL_H
/* xdg-shell: 0.16 takes the toplevel where 0.15 takes its xdg surface. */
#define wlr_xdg_toplevel_set_activated(toplevel, activated) (wlr_xdg_toplevel_set_activated)((toplevel)->base, activated)
#define wlr_xdg_toplevel_send_close(toplevel) (wlr_xdg_toplevel_send_close)((toplevel)->base)
#define wlr_xdg_shell_create(display, version) (wlr_xdg_shell_create)(display)
static inline struct wlr_xdg_surface *wlr_xdg_surface_try_from_wlr_surface(struct wlr_surface *surface) {
	return wlr_surface_is_xdg_surface(surface) ? wlr_xdg_surface_from_wlr_surface(surface) : NULL;
}
static inline struct wlr_xdg_toplevel *wlr_xdg_toplevel_try_from_wlr_surface(struct wlr_surface *surface) {
	struct wlr_xdg_surface *xdg_surface = wlr_xdg_surface_try_from_wlr_surface(surface);
	return xdg_surface && xdg_surface->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL ? xdg_surface->toplevel : NULL;
}
#endif

#ifdef WLR_TYPES_WLR_XCURSOR_MANAGER_H
static inline void wlr_cursor_set_xcursor(struct wlr_cursor *cursor, struct wlr_xcursor_manager *manager,
                                          const char *name) {
	wlr_xcursor_manager_set_cursor_image(manager, name, cursor);
}
#endif

#else /* wlroots 0.18 */

#ifdef WLR_TYPES_WLR_TOUCH_H
#define tactus_touchscreen(device) wlr_touch_from_input_device(device)
#define tactus_touch_event_device(event) (&(event)->touch->base)
#define TACTUS_TOUCH_EVENT_FROM(input_device) .touch = wlr_touch_from_input_device(input_device)
#endif

#ifdef WLR_TYPES_WLR_POINTER_H
#define tactus_pointer_event_device(event) (&(event)->pointer->base)
#define TACTUS_POINTER_EVENT_FROM(input_device) .pointer = wlr_pointer_from_input_device(input_device)
#endif

#ifdef WLR_TYPES_WLR_OUTPUT_H
#define tactus_output_event_committed(event) ((event)->state->committed)
#endif

#ifdef WLR_TYPES_WLR_SEAT_H
static inline void tactus_seat_touch_notify_cancel(struct wlr_seat *seat, struct wlr_touch_point *point) {
	wlr_seat_touch_notify_cancel(seat, point->client);
}
static inline void tactus_seat_touch_send_cancel(struct wlr_seat *seat, struct wlr_touch_point *point) {
	wlr_seat_touch_send_cancel(seat, point->client);
}
#define tactus_seat_set_keyboard(seat, device) wlr_seat_set_keyboard(seat, wlr_keyboard_from_input_device(device))
#endif

#ifdef WLR_TYPES_WLR_SCENE_H
#define tactus_scene_root(scene) (&(scene)->tree)
static inline struct wlr_scene_surface *tactus_scene_surface_from_node(struct wlr_scene_node *node) {
	return node->type == WLR_SCENE_NODE_BUFFER ? wlr_scene_surface_try_from_buffer(wlr_scene_buffer_from_node(node))
	                                           : NULL;
}
#endif

#endif

#endif
