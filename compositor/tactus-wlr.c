// SPDX-License-Identifier: MIT
/*
 * tactus-wlr: a small wlroots 0.18 compositor (0.15 too) that loads libtactus. xdg-shell windows on a scene graph, one seat
 * with pointer, keyboard and touch; touchscreen and touchpad gestures go to the plugin, whose raw-touch decisions
 * it honours, and whose bindings run its host actions.
 *
 * This file is the desktop (outputs, windows and focus, keyboards, the pointer) and main, which creates the other
 * two parts and takes them down: the Tactus glue (tactus-glue.c), which loads the plugin and feeds it, and the
 * control (control.c). They know of the desktop only what main fills in for them (struct glue_desktop, struct
 * control_desktop); tactus-wlr.h is the desktop's state, for this file alone.
 *
 *   tactus-wlr [--plugin PATH] [--config FILE] [--socket NAME] [--control PATH] [--replay TRACE] [--help] [--version]
 *
 * On real hardware run it from a TTY (libinput backend); for tests run it headless:
 * WLR_BACKENDS=headless WLR_RENDERER=pixman tactus-wlr. Alt+Tab focuses the next window, Alt+Escape quits.
 *
 * --control PATH listens on a Unix socket for one command per line, each answered with "ok", "done" or
 * "error: ...":
 *   replay TRACE   plays a simulator trace (tactus-sim generate ...) in real time on a headless touchscreen or
 *                  touchpad, answering "done" once it has played and its timers had a second to fire
 *   stop-replay    ends the replay playing, its touches cancelled and its touchpad gesture ended as cancelled
 *   pointer X Y    moves the headless pointer to a layout point
 *   key CODE pressed|released
 *                  a key (evdev code: 125 is the left Super key) of the headless keyboard
 *   windows        one line per window, front first: "window X Y WIDTH HEIGHT TITLE", then "ok"
 *   reload         reads the configuration file again: "ok", or "error: FILE:LINE: ...; keeping the configuration
 *                  in force" (SIGHUP reloads too)
 *   quit           stops the compositor
 * --replay TRACE plays one trace at start and then quits.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wayland-server-core.h>
#include <wlr/backend.h>
#include <wlr/render/allocator.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_pointer_gestures_v1.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xcursor_manager.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>
#include <wlr/version.h>
#if WLR_VERSION_NUM < 0x001000
#include <wlr/types/wlr_input_inhibitor.h> /* the lock screens of wlroots 0.15 */
#else
#include <wlr/types/wlr_session_lock_v1.h>
#include <wlr/types/wlr_subcompositor.h>
#endif
#include <xkbcommon/xkbcommon.h>
#include "wlr-compat.h"

#include "control.h"
#include "tactus-glue.h"
#include "tactus-wlr.h"
#include "tactus-version.h"
#include "tactus.h"

struct output {
	struct server *server;
	struct wlr_output *output;
	struct wl_listener frame, commit, destroy;
};

struct keyboard {
	struct wl_list link;
	struct server *server;
	struct wlr_input_device *device;
	struct wl_listener modifiers, key, destroy;
};

/* Outputs */

static void output_frame(struct wl_listener *listener, void *data) {
	(void)data;
	struct output *output = wl_container_of(listener, output, frame);
	struct wlr_scene_output *scene_output = wlr_scene_get_scene_output(output->server->scene, output->output);
	wlr_scene_output_commit(scene_output, NULL);
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	wlr_scene_output_send_frame_done(scene_output, &now);
}

/* An output turned, or changed its mode or scale: the layout has moved it already (it heard the commit first), and
 * the touchscreens follow. */
static void output_commit(struct wl_listener *listener, void *data) {
	struct output *output = wl_container_of(listener, output, commit);
	const struct wlr_output_event_commit *event = data;
	if (tactus_output_event_committed(event) & (WLR_OUTPUT_STATE_TRANSFORM | WLR_OUTPUT_STATE_MODE | WLR_OUTPUT_STATE_SCALE))
		glue_layout_changed(output->server->glue);
}

static void output_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct output *output = wl_container_of(listener, output, destroy);
	glue_output_destroyed(output->server->glue);
	wl_list_remove(&output->frame.link);
	wl_list_remove(&output->commit.link);
	wl_list_remove(&output->destroy.link);
	free(output);
}

static void server_new_output(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_output);
	struct wlr_output *wlr_output = data;
	wlr_output_init_render(wlr_output, server->allocator, server->renderer);
	struct wlr_output_mode *mode = wlr_output_preferred_mode(wlr_output);
#if TACTUS_WLR_015
	if (mode)
		wlr_output_set_mode(wlr_output, mode);
	wlr_output_enable(wlr_output, true);
	if (!wlr_output_commit(wlr_output))
		return;
#else
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	wlr_output_state_set_enabled(&state, true);
	if (mode)
		wlr_output_state_set_mode(&state, mode);
	bool enabled = wlr_output_commit_state(wlr_output, &state);
	wlr_output_state_finish(&state);
	if (!enabled)
		return;
#endif
	struct output *output = calloc(1, sizeof *output);
	output->server = server;
	output->output = wlr_output;
	output->frame.notify = output_frame;
	wl_signal_add(&wlr_output->events.frame, &output->frame);
	output->destroy.notify = output_destroy;
	wl_signal_add(&wlr_output->events.destroy, &output->destroy);
#if TACTUS_WLR_015
	wlr_output_layout_add_auto(server->layout, wlr_output);
#else
	/* The scene shows the output where the layout puts it (0.15's scene followed the layout by itself). */
	struct wlr_output_layout_output *placed = wlr_output_layout_add_auto(server->layout, wlr_output);
	wlr_scene_output_layout_add_output(server->scene_layout, placed, wlr_scene_output_create(server->scene, wlr_output));
#endif
	listen_to(&wlr_output->events.commit, &output->commit, output_commit);
	wlr_xcursor_manager_load(server->cursor_images, wlr_output->scale);
	glue_layout_changed(server->glue);
	wlr_log(WLR_INFO, "output %s: %dx%d", wlr_output->name, wlr_output->width, wlr_output->height);
}

/* Windows and focus */

static struct view *view_of_surface(struct server *server, struct wlr_surface *surface) {
	struct wlr_surface *root = wlr_surface_get_root_surface(surface);
	struct view *view;
	wl_list_for_each(view, &server->views, link)
		if (view->toplevel->base->surface == root)
			return view;
	return NULL;
}

#if TACTUS_WLR_015
/* wlroots 0.15's lock screens take the input inhibitor, and let it go when they unlock or die. */
static bool session_is_locked(struct server *server) { return server->input_inhibit->active_client != NULL; }

static struct wl_client *locker(struct server *server) { return server->input_inhibit->active_client; }
#else
/* Whether a lock screen holds the session: from ext-session-lock-v1's lock until its unlock. */
static bool session_is_locked(struct server *server) { return server->locked; }

/* The lock screen's client, which alone has input while the session is locked; NULL when there is none, or when the
 * locker died without unlocking: the session stays locked, for everyone, until another locker takes it and unlocks. */
static struct wl_client *locker(struct server *server) {
	return server->lock ? wl_resource_get_client(server->lock->resource) : NULL;
}
#endif

/* Whether a client may have input: any, unless the session is locked and it is not the lock screen's. */
static bool allows_input(struct server *server, struct wl_client *client) {
	return !session_is_locked(server) || client == locker(server);
}

static bool may_have_input(struct view *view) {
	return allows_input(view->server, wl_resource_get_client(view->toplevel->base->resource));
}

/* Gives the keyboard to a surface, with the keys held now. */
static void give_keyboard(struct server *server, struct wlr_surface *surface) {
	struct wlr_keyboard *keyboard = wlr_seat_get_keyboard(server->seat);
	if (keyboard)
		wlr_seat_keyboard_notify_enter(server->seat, surface, keyboard->keycodes, keyboard->num_keycodes,
		                               &keyboard->modifiers);
	else
		wlr_seat_keyboard_notify_enter(server->seat, surface, NULL, 0, NULL);
}

/* Raises the window and gives it the keyboard; the one it takes over from is deactivated. Never a window other than
 * the lock screen's while the session is locked. */
static void focus_view(struct view *view) {
	struct server *server = view->server;
	if (!may_have_input(view))
		return;
	struct wlr_surface *previous = server->seat->keyboard_state.focused_surface;
	if (previous == view->toplevel->base->surface)
		return;
	struct wlr_xdg_toplevel *previous_toplevel = previous ? wlr_xdg_toplevel_try_from_wlr_surface(previous) : NULL;
	if (previous_toplevel)
		wlr_xdg_toplevel_set_activated(previous_toplevel, false);
	wlr_scene_node_raise_to_top(&view->tree->node);
	wl_list_remove(&view->link);
	wl_list_insert(&server->views, &view->link);
	wlr_xdg_toplevel_set_activated(view->toplevel, true);
	give_keyboard(server, view->toplevel->base->surface);
}

/* A click or a touch on a surface (the glue's focus_surface): raises its window and gives it the keyboard. */
static void focus_surface(void *data, struct wlr_surface *surface) {
	struct view *view = view_of_surface(data, surface);
	if (view)
		focus_view(view);
}

static void focus_next_view(struct server *server) {
	if (wl_list_length(&server->views) < 2)
		return;
	struct view *last = wl_container_of(server->views.prev, last, link);
	focus_view(last);
}

static void close_focused_view(struct server *server) {
	if (wl_list_empty(&server->views))
		return;
	struct view *focused = wl_container_of(server->views.next, focused, link);
	wlr_xdg_toplevel_send_close(focused->toplevel);
}

/* Ends the focused window's client at once, as xkill does: its connection is destroyed, and every object of it. */
static void kill_focused_client(struct server *server) {
	if (wl_list_empty(&server->views))
		return;
	struct view *focused = wl_container_of(server->views.next, focused, link);
	wl_client_destroy(wl_resource_get_client(focused->toplevel->base->resource));
}

/* The desktop's commands, which bindings' host actions name (the glue's run_command): focus-next, close-window,
 * kill-client, reload; other names do nothing. They run from the plugin's run_action, which may call back into the
 * plugin: reload does. */
static void run_command(void *data, const char *name) {
	struct server *server = data;
	if (strcmp(name, "focus-next") == 0)
		focus_next_view(server);
	else if (strcmp(name, "close-window") == 0)
		close_focused_view(server);
	else if (strcmp(name, "kill-client") == 0)
		kill_focused_client(server);
	else if (strcmp(name, "reload") == 0)
		glue_reload(server->glue, NULL, 0);
}

/* Windows open in a row from (40, 150), 20 pixels apart, right of the newest one; the row starts over when the
 * next window would leave the layout. Never at the origin, so a coordinate mistake shows. */
static void place_view(struct view *view) {
	struct server *server = view->server;
	struct wlr_box geometry, layout;
	wlr_output_layout_get_box(server->layout, NULL, &layout);
	wlr_xdg_surface_get_geometry(view->toplevel->base, &geometry);
	view->x = 40;
	view->y = 150;
	if (!wl_list_empty(&server->views)) {
		struct view *newest = wl_container_of(server->views.next, newest, link);
		struct wlr_box newest_geometry;
		wlr_xdg_surface_get_geometry(newest->toplevel->base, &newest_geometry);
		int x = newest->x + newest_geometry.width + 20;
		if (wlr_box_empty(&layout) || x + geometry.width <= layout.x + layout.width)
			view->x = x;
	}
	wlr_scene_node_set_position(&view->tree->node, view->x, view->y);
}

static void view_map(struct wl_listener *listener, void *data) {
	(void)data;
	struct view *view = wl_container_of(listener, view, map);
	place_view(view);
	if (may_have_input(view)) {
		wl_list_insert(&view->server->views, &view->link);
		focus_view(view);
	} else {
		/* A window that maps while another client locks the session opens beneath every other, without focus. */
		wl_list_insert(view->server->views.prev, &view->link);
		wlr_scene_node_lower_to_bottom(&view->tree->node);
	}
	printf("tactus-wlr: window mapped at %d, %d\n", view->x, view->y);
	fflush(stdout);
}

static void view_unmap(struct wl_listener *listener, void *data) {
	(void)data;
	struct view *view = wl_container_of(listener, view, unmap);
	wl_list_remove(&view->link);
	wl_list_init(&view->link);
	if (wl_list_empty(&view->server->views)) {
		wlr_seat_keyboard_clear_focus(view->server->seat);
		return;
	}
	struct view *next = wl_container_of(view->server->views.next, next, link);
	focus_view(next);
}

static void view_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct view *view = wl_container_of(listener, view, destroy);
	wl_list_remove(&view->link);
	wl_list_remove(&view->map.link);
	wl_list_remove(&view->unmap.link);
	wl_list_remove(&view->commit.link);
	wl_list_remove(&view->destroy.link);
	free(view);
}

#if !TACTUS_WLR_015
/* wlroots 0.18 leaves the first configure to the compositor: a window's, at its first commit, lets the client choose
 * its size. */
static void view_commit(struct wl_listener *listener, void *data) {
	(void)data;
	struct view *view = wl_container_of(listener, view, commit);
	if (view->toplevel->base->initial_commit)
		wlr_xdg_toplevel_set_size(view->toplevel, 0, 0);
}

#endif

/* A window: its scene node in the desktop's scene (each xdg surface keeps its node in data, for its popups). */
static void view_create(struct server *server, struct wlr_xdg_toplevel *toplevel) {
	struct view *view = calloc(1, sizeof *view);
	view->server = server;
	view->toplevel = toplevel;
	view->tree = wlr_scene_xdg_surface_create(server->windows, toplevel->base);
	toplevel->base->data = view->tree;
	wl_list_init(&view->link);
#if TACTUS_WLR_015
	listen_to(&toplevel->base->events.map, &view->map, view_map);
	listen_to(&toplevel->base->events.unmap, &view->unmap, view_unmap);
	listen_to(&toplevel->base->events.destroy, &view->destroy, view_destroy);
	wl_list_init(&view->commit.link);
#else
	listen_to(&toplevel->base->surface->events.map, &view->map, view_map);
	listen_to(&toplevel->base->surface->events.unmap, &view->unmap, view_unmap);
	listen_to(&toplevel->base->surface->events.commit, &view->commit, view_commit);
	listen_to(&toplevel->events.destroy, &view->destroy, view_destroy);
#endif
}

/* A popup (a menu) shows above its parent, in its parent's scene node. */
static struct wlr_scene_tree *popup_node(struct wlr_xdg_popup *popup) {
	struct wlr_xdg_surface *parent = popup->parent ? wlr_xdg_surface_try_from_wlr_surface(popup->parent) : NULL;
	struct wlr_scene_tree *parent_tree = parent ? parent->data : NULL;
	return parent_tree ? wlr_scene_xdg_surface_create(parent_tree, popup->base) : NULL;
}

#if TACTUS_WLR_015
static void server_new_xdg_surface(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_xdg_surface);
	struct wlr_xdg_surface *xdg_surface = data;
	if (xdg_surface->role == WLR_XDG_SURFACE_ROLE_POPUP)
		xdg_surface->data = popup_node(xdg_surface->popup);
	else if (xdg_surface->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL)
		view_create(server, xdg_surface->toplevel);
}
#else
static void server_new_xdg_toplevel(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_xdg_toplevel);
	view_create(server, data);
}

/* A popup's first configure, at its first commit, as a window's. */
struct popup {
	struct wlr_xdg_popup *popup;
	struct wl_listener commit, destroy;
};

static void popup_commit(struct wl_listener *listener, void *data) {
	(void)data;
	struct popup *popup = wl_container_of(listener, popup, commit);
	if (popup->popup->base->initial_commit)
		wlr_xdg_surface_schedule_configure(popup->popup->base);
}

static void popup_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct popup *popup = wl_container_of(listener, popup, destroy);
	wl_list_remove(&popup->commit.link);
	wl_list_remove(&popup->destroy.link);
	free(popup);
}

static void server_new_xdg_popup(struct wl_listener *listener, void *data) {
	(void)listener;
	struct popup *popup = calloc(1, sizeof *popup);
	popup->popup = data;
	popup->popup->base->data = popup_node(popup->popup);
	listen_to(&popup->popup->base->surface->events.commit, &popup->commit, popup_commit);
	listen_to(&popup->popup->events.destroy, &popup->destroy, popup_destroy);
}
#endif

/* The windows, front first, as the control lists them (the control's for_each_window). */
static void for_each_window(void *data, void (*window)(const struct control_window *window, void *context),
                            void *context) {
	struct server *server = data;
	struct view *view;
	wl_list_for_each(view, &server->views, link) {
		struct wlr_box geometry;
		wlr_xdg_surface_get_geometry(view->toplevel->base, &geometry);
		const struct control_window described = {
			view->x, view->y, geometry.width, geometry.height, view->toplevel->title,
		};
		window(&described, context);
	}
}

/* The front client surface under a layout point, with that point in its coordinates (the glue's surface_at, and the
 * pointer's); NULL when there is none, or when it is not the surface of the client that keeps input to itself. */
static struct wlr_surface *surface_at(void *data, double x, double y, double *sx, double *sy) {
	struct server *server = data;
	struct wlr_scene_node *node = wlr_scene_node_at(&tactus_scene_root(server->scene)->node, x, y, sx, sy);
	struct wlr_scene_surface *shown = node ? tactus_scene_surface_from_node(node) : NULL;
	if (!shown)
		return NULL;
	struct wlr_surface *surface = shown->surface;
	/* While a client keeps input to itself (a lock screen), no other client's surface is under any point: neither
	 * touches nor clicks nor the plugin's gestures reach them. */
	return allows_input(server, wl_resource_get_client(surface->resource)) ? surface : NULL;
}

static void keyboard_modifiers(struct wl_listener *listener, void *data) {
	(void)data;
	struct keyboard *keyboard = wl_container_of(listener, keyboard, modifiers);
	struct server *server = keyboard->server;
	struct wlr_keyboard *wlr_keyboard = wlr_keyboard_from_input_device(keyboard->device);
	tactus_seat_set_keyboard(server->seat, keyboard->device);
	wlr_seat_keyboard_notify_modifiers(server->seat, &wlr_keyboard->modifiers);
	glue_set_modifiers(server->glue, wlr_keyboard_get_modifiers(wlr_keyboard));
}

/* The compositor's own keys: Alt+Tab focuses the next window, Alt+Escape quits. */
static bool compositor_key(struct server *server, xkb_keysym_t sym) {
	switch (sym) {
	case XKB_KEY_Tab:
		focus_next_view(server);
		return true;
	case XKB_KEY_Escape:
		wl_display_terminate(server->display);
		return true;
	default:
		return false;
	}
}

/* Keys go to the focused client; with Alt held, to the compositor's own keys first, unless the session is locked:
 * then every key is the lock screen's. */
static void keyboard_key(struct wl_listener *listener, void *data) {
	struct keyboard *keyboard = wl_container_of(listener, keyboard, key);
	struct server *server = keyboard->server;
	struct wlr_keyboard_key_event *event = data;
	struct wlr_keyboard *wlr_keyboard = wlr_keyboard_from_input_device(keyboard->device);
	const xkb_keysym_t *syms;
	int count = xkb_state_key_get_syms(wlr_keyboard->xkb_state, event->keycode + 8, &syms);
	bool handled = false;
	if (!session_is_locked(server) && (wlr_keyboard_get_modifiers(wlr_keyboard) & WLR_MODIFIER_ALT) &&
	    event->state == WL_KEYBOARD_KEY_STATE_PRESSED)
		for (int i = 0; i < count; i++)
			handled = compositor_key(server, syms[i]) || handled;
	if (!handled) {
		tactus_seat_set_keyboard(server->seat, keyboard->device);
		wlr_seat_keyboard_notify_key(server->seat, event->time_msec, event->keycode, event->state);
	}
}

/* The seat a device belongs to (the glue's seat_of): the one the control put it on (its data), else seat0. */
static struct wlr_seat *seat_of(void *data, struct wlr_input_device *device) {
	struct server *server = data;
	return device->data ? device->data : server->seat;
}

/* The seat always offers pointer and touch, so that clients can listen before a device arrives (headless, there
 * is none until a replay makes one); a keyboard once there is one. */
static void update_capabilities(struct server *server) {
	uint32_t capabilities = WL_SEAT_CAPABILITY_POINTER | WL_SEAT_CAPABILITY_TOUCH;
	if (!wl_list_empty(&server->keyboards))
		capabilities |= WL_SEAT_CAPABILITY_KEYBOARD;
	wlr_seat_set_capabilities(server->seat, capabilities);
}

static void keyboard_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct keyboard *keyboard = wl_container_of(listener, keyboard, destroy);
	wl_list_remove(&keyboard->modifiers.link);
	wl_list_remove(&keyboard->key.link);
	wl_list_remove(&keyboard->destroy.link);
	wl_list_remove(&keyboard->link);
	update_capabilities(keyboard->server);
	free(keyboard);
}

static void new_keyboard(struct server *server, struct wlr_input_device *device) {
	struct keyboard *keyboard = calloc(1, sizeof *keyboard);
	keyboard->server = server;
	keyboard->device = device;
	struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
	struct xkb_keymap *keymap = xkb_keymap_new_from_names(context, NULL, XKB_KEYMAP_COMPILE_NO_FLAGS);
	struct wlr_keyboard *wlr_keyboard = wlr_keyboard_from_input_device(device);
	wlr_keyboard_set_keymap(wlr_keyboard, keymap);
	xkb_keymap_unref(keymap);
	xkb_context_unref(context);
	wlr_keyboard_set_repeat_info(wlr_keyboard, 25, 600);
	listen_to(&wlr_keyboard->events.modifiers, &keyboard->modifiers, keyboard_modifiers);
	listen_to(&wlr_keyboard->events.key, &keyboard->key, keyboard_key);
	listen_to(&device->events.destroy, &keyboard->destroy, keyboard_destroy);
	tactus_seat_set_keyboard(server->seat, device);
	wl_list_insert(&server->keyboards, &keyboard->link);
}

static void server_new_input(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_input);
	struct wlr_input_device *device = data;
	switch (device->type) {
	case WLR_INPUT_DEVICE_KEYBOARD:
		new_keyboard(server, device);
		break;
	case WLR_INPUT_DEVICE_POINTER:
		wlr_cursor_attach_input_device(server->cursor, device);
		break;
	case WLR_INPUT_DEVICE_TOUCH:
		wlr_cursor_attach_input_device(server->cursor, device);
		glue_add_touchscreen(server->glue, device);
		break;
	default:
		break;
	}
	update_capabilities(server);
}

/* Pointer: focus follows the pointer, a click also raises the window and gives it the keyboard. */

static void pointer_moved(struct server *server, uint32_t time_msec) {
	double sx, sy;
	struct wlr_surface *surface = surface_at(server, server->cursor->x, server->cursor->y, &sx, &sy);
	if (!surface) {
		wlr_cursor_set_xcursor(server->cursor, server->cursor_images, "left_ptr");
		wlr_seat_pointer_clear_focus(server->seat);
		return;
	}
	wlr_seat_pointer_notify_enter(server->seat, surface, sx, sy);
	wlr_seat_pointer_notify_motion(server->seat, time_msec, sx, sy);
}

/* A lock screen took the session: no binding acts, and input leaves every other client: the keyboard goes to the lock
 * screen (or nowhere until it shows), the pointer to what is under it now. */
static void lock_session(struct server *server) {
	glue_set_session_locked(server->glue, true);
	struct wlr_surface *focused = server->seat->keyboard_state.focused_surface;
	if (focused && !allows_input(server, wl_resource_get_client(focused->resource)))
		wlr_seat_keyboard_clear_focus(server->seat);
	struct view *view;
	wl_list_for_each(view, &server->views, link)
		if (may_have_input(view)) {
			focus_view(view);
			break;
		}
	pointer_moved(server, monotonic_msec());
}

/* The lock screen let the session go: the bindings act again, and the front window has the keyboard. */
static void unlock_session(struct server *server) {
	glue_set_session_locked(server->glue, false);
	if (!wl_list_empty(&server->views)) {
		struct view *front = wl_container_of(server->views.next, front, link);
		focus_view(front);
	}
}

#if TACTUS_WLR_015
/* The input inhibitor taken and let go. */
static void session_locked(struct wl_listener *listener, void *data) {
	(void)data;
	struct server *server = wl_container_of(listener, server, session_lock);
	lock_session(server);
}

static void session_unlocked(struct wl_listener *listener, void *data) {
	(void)data;
	struct server *server = wl_container_of(listener, server, session_unlock);
	unlock_session(server);
}
#else
/* ext-session-lock-v1: a lock surface covers its output, above every window, and has the keyboard. */
static void lock_new_surface(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, lock_surface);
	struct wlr_session_lock_surface_v1 *lock_surface = data;
	struct wlr_box box;
	wlr_output_layout_get_box(server->layout, lock_surface->output, &box);
	wlr_session_lock_surface_v1_configure(lock_surface, (uint32_t)box.width, (uint32_t)box.height);
	struct wlr_scene_tree *tree = wlr_scene_subsurface_tree_create(server->lock_layer, lock_surface->surface);
	wlr_scene_node_set_position(&tree->node, box.x, box.y);
	give_keyboard(server, lock_surface->surface);
}

static void lock_unlocked(struct wl_listener *listener, void *data) {
	(void)data;
	struct server *server = wl_container_of(listener, server, lock_unlock);
	server->locked = false;
	unlock_session(server);
}

/* The lock is gone: unlocked, or its client died; then the session stays locked, with input for nobody, until
 * another lock screen takes it and unlocks. */
static void lock_destroyed(struct wl_listener *listener, void *data) {
	(void)data;
	struct server *server = wl_container_of(listener, server, lock_destroy);
	wl_list_remove(&server->lock_surface.link);
	wl_list_remove(&server->lock_unlock.link);
	wl_list_remove(&server->lock_destroy.link);
	server->lock = NULL;
}

/* One lock at a time: a second locker is refused (its lock object is finished) while the first lives. */
static void server_new_lock(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_lock);
	struct wlr_session_lock_v1 *lock = data;
	if (server->lock) {
		wlr_session_lock_v1_destroy(lock);
		return;
	}
	server->lock = lock;
	listen_to(&lock->events.new_surface, &server->lock_surface, lock_new_surface);
	listen_to(&lock->events.unlock, &server->lock_unlock, lock_unlocked);
	listen_to(&lock->events.destroy, &server->lock_destroy, lock_destroyed);
	server->locked = true;
	lock_session(server);
	wlr_session_lock_v1_send_locked(lock);
}
#endif

static void server_cursor_motion(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, cursor_motion);
	struct wlr_pointer_motion_event *event = data;
	wlr_cursor_move(server->cursor, tactus_pointer_event_device(event), event->delta_x, event->delta_y);
	pointer_moved(server, event->time_msec);
}

static void server_cursor_motion_absolute(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, cursor_motion_absolute);
	struct wlr_pointer_motion_absolute_event *event = data;
	wlr_cursor_warp_absolute(server->cursor, tactus_pointer_event_device(event), event->x, event->y);
	pointer_moved(server, event->time_msec);
}

static void server_cursor_button(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, cursor_button);
	struct wlr_pointer_button_event *event = data;
	wlr_seat_pointer_notify_button(server->seat, event->time_msec, event->button, event->state);
	double sx, sy;
	struct wlr_surface *surface = surface_at(server, server->cursor->x, server->cursor->y, &sx, &sy);
	/* The cast is wlroots 0.15's, whose own button states have wl_pointer's values. */
	if (surface && (enum wl_pointer_button_state)event->state == WL_POINTER_BUTTON_STATE_PRESSED)
		focus_surface(server, surface);
}

static void server_cursor_axis(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, cursor_axis);
	struct wlr_pointer_axis_event *event = data;
	wlr_seat_pointer_notify_axis(server->seat, event->time_msec, event->orientation, event->delta,
	                             event->delta_discrete, event->source, event->relative_direction);
}

static void server_cursor_frame(struct wl_listener *listener, void *data) {
	(void)data;
	struct server *server = wl_container_of(listener, server, cursor_frame);
	wlr_seat_pointer_notify_frame(server->seat);
}

static void server_request_cursor(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, request_cursor);
	struct wlr_seat_pointer_request_set_cursor_event *event = data;
	if (server->seat->pointer_state.focused_client == event->seat_client)
		wlr_cursor_set_surface(server->cursor, event->surface, event->hotspot_x, event->hotspot_y);
}

/* The plugin built with the compositor, beside it (swift build puts both in .build/<configuration>/); else the
 * installed library of the ABI this compositor was built for, by its SONAME, wherever the dynamic linker finds it. */
static const char *default_plugin(char *path, size_t size) {
	ssize_t length = readlink("/proc/self/exe", path, size - 1);
	path[length > 0 ? length : 0] = '\0';
	char *slash = strrchr(path, '/');
	if (slash && (size_t)(slash - path) + sizeof "/libtactus.so" <= size) {
		strcpy(slash, "/libtactus.so");
		if (access(path, R_OK) == 0)
			return path;
	}
	return TACTUS_LIBRARY;
}

/* SIGTERM and SIGINT stop the compositor as Alt+Escape does: the plugin and the control socket are taken down. */
static int terminate_on_signal(int number, void *data) {
	(void)number;
	wl_display_terminate(data);
	return 0;
}

/* SIGHUP reads the configuration file again, as daemons do; a bad file is logged once and changes nothing. */
static int reload_on_signal(int number, void *data) {
	(void)number;
	struct server *server = data;
	glue_reload(server->glue, NULL, 0);
	return 0;
}

/* Runs the compositor until it is stopped: quit, the end of --replay, Alt+Escape, SIGTERM or SIGINT; SIGHUP reloads
 * the configuration. */
static void run(struct server *server) {
	struct wl_display *display = server->display;
	struct wl_event_loop *loop = wl_display_get_event_loop(display);
	struct wl_event_source *signals[] = {
		wl_event_loop_add_signal(loop, SIGTERM, terminate_on_signal, display),
		wl_event_loop_add_signal(loop, SIGINT, terminate_on_signal, display),
		wl_event_loop_add_signal(loop, SIGHUP, reload_on_signal, server),
	};
	wl_display_run(display);
	for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
		wl_event_source_remove(signals[i]);
}

/* The desktop stops listening to what main made, before it is destroyed: from wlroots 0.19 on, an object destroyed
 * with listeners attached aborts. */
static void stop_listening(struct server *server) {
	struct wl_listener *listeners[] = {
		&server->new_output, &server->new_input, &server->request_cursor, &server->cursor_motion,
		&server->cursor_motion_absolute, &server->cursor_button, &server->cursor_axis, &server->cursor_frame,
#if TACTUS_WLR_015
		&server->new_xdg_surface, &server->session_lock, &server->session_unlock,
#else
		&server->new_xdg_toplevel, &server->new_xdg_popup, &server->new_lock,
#endif
	};
	for (size_t i = 0; i < sizeof listeners / sizeof listeners[0]; i++)
		wl_list_remove(&listeners[i]->link);
}

static const char usage[] =
	"usage: tactus-wlr [--plugin PATH] [--config FILE] [--socket NAME] [--control PATH] [--replay TRACE]\n";

static const char help[] =
	"A small wlroots compositor that loads libtactus: touchscreen and touchpad gestures for its bindings and for\n"
	"Wayland clients (tactus-gestures-v1). Alt+Tab focuses the next window, Alt+Escape quits.\n"
	"\n"
	"  --plugin PATH    the libtactus to load (default: beside tactus-wlr, else " TACTUS_LIBRARY ")\n"
	"  --config FILE    the configuration file (default: $XDG_CONFIG_HOME/tactus/config.toml, else\n"
	"                   ~/.config/tactus/config.toml, else tactus/config.toml in $XDG_CONFIG_DIRS or /etc/xdg);\n"
	"                   SIGHUP or the control's reload reads it again\n"
	"  --socket NAME    the Wayland display's socket name (default: the first free wayland-N)\n"
	"  --control PATH   listen on a Unix socket at PATH for commands, one a line: replay TRACE, stop-replay,\n"
	"                   pointer X Y, key CODE pressed|released, windows, reload, quit\n"
	"  --replay TRACE   play a tactus-sim trace at start, then quit\n"
	"  --help           print this help\n"
	"  --version        print tactus-wlr's version\n"
	"\n"
	"Headless (tests, CI): WLR_BACKENDS=headless WLR_RENDERER=pixman tactus-wlr. On hardware, run it from a TTY.\n";

int main(int argc, char **argv) {
	const char *plugin = NULL, *config = NULL, *socket = NULL, *replay = NULL, *control_path = NULL;
	static const struct option options[] = {
		{"plugin", required_argument, 0, 'p'}, {"config", required_argument, 0, 'f'}, {"socket", required_argument, 0, 's'},
		{"replay", required_argument, 0, 'r'}, {"control", required_argument, 0, 'c'},
		{"help", no_argument, 0, 'h'},         {"version", no_argument, 0, 'v'},
		{0},
	};
	for (int c; (c = getopt_long(argc, argv, "h", options, NULL)) != -1;) {
		if (c == 'p')
			plugin = optarg;
		else if (c == 'f')
			config = optarg;
		else if (c == 's')
			socket = optarg;
		else if (c == 'r')
			replay = optarg;
		else if (c == 'c')
			control_path = optarg;
		else if (c == 'h')
			return printf("%s\n%s", usage, help) < 0;
		else if (c == 'v')
			return printf("tactus-wlr %s\n", tactus_version()) < 0;
		else {
			fputs(usage, stderr);
			return 64;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "tactus-wlr: unexpected argument \"%s\"\n%s", argv[optind], usage);
		return 64;
	}
	wlr_log_init(WLR_INFO, NULL);
	struct server server = {0};
	wl_list_init(&server.views);
	wl_list_init(&server.keyboards);
	server.display = wl_display_create();
#if TACTUS_WLR_015
	server.backend = wlr_backend_autocreate(server.display);
#else
	server.backend = wlr_backend_autocreate(wl_display_get_event_loop(server.display), NULL);
#endif
	if (!server.backend)
		return 1;
	/* WLR_RENDERER=pixman, as headless runs ask, gets the software renderer directly: wlroots 0.15's autocreate first
	 * looks for a DRM render node, and logs "[ERROR] drmGetDevices2 failed" on a machine without one. */
	const char *renderer = getenv("WLR_RENDERER");
	server.renderer = renderer && strcmp(renderer, "pixman") == 0 ? wlr_pixman_renderer_create()
	                                                               : wlr_renderer_autocreate(server.backend);
	if (!server.renderer)
		return 1;
	wlr_renderer_init_wl_display(server.renderer, server.display);
	server.allocator = wlr_allocator_autocreate(server.backend, server.renderer);
	server.compositor = wlr_compositor_create(server.display, 5, server.renderer);
#if !TACTUS_WLR_015
	wlr_subcompositor_create(server.display); /* part of the compositor in 0.15 */
#endif
	wlr_data_device_manager_create(server.display);
	server.layout = wlr_output_layout_create(server.display);
	server.scene = wlr_scene_create();
	/* Windows beneath lock screens. */
	server.windows = wlr_scene_tree_create(tactus_scene_root(server.scene));
	server.lock_layer = wlr_scene_tree_create(tactus_scene_root(server.scene));
#if TACTUS_WLR_015
	wlr_scene_attach_output_layout(server.scene, server.layout);
#else
	server.scene_layout = wlr_scene_attach_output_layout(server.scene, server.layout);
#endif
	server.xdg_shell = wlr_xdg_shell_create(server.display, 3);
	server.seat = wlr_seat_create(server.display, "seat0");
	update_capabilities(&server);
	server.cursor = wlr_cursor_create();
	wlr_cursor_attach_output_layout(server.cursor, server.layout);
	server.cursor_images = wlr_xcursor_manager_create(NULL, 24);
	server.pointer_gestures = wlr_pointer_gestures_v1_create(server.display);
#if TACTUS_WLR_015
	server.input_inhibit = wlr_input_inhibit_manager_create(server.display);
#else
	server.lock_manager = wlr_session_lock_manager_v1_create(server.display);
#endif

	listen_to(&server.backend->events.new_output, &server.new_output, server_new_output);
	listen_to(&server.backend->events.new_input, &server.new_input, server_new_input);
#if TACTUS_WLR_015
	listen_to(&server.xdg_shell->events.new_surface, &server.new_xdg_surface, server_new_xdg_surface);
	listen_to(&server.input_inhibit->events.activate, &server.session_lock, session_locked);
	listen_to(&server.input_inhibit->events.deactivate, &server.session_unlock, session_unlocked);
#else
	listen_to(&server.xdg_shell->events.new_toplevel, &server.new_xdg_toplevel, server_new_xdg_toplevel);
	listen_to(&server.xdg_shell->events.new_popup, &server.new_xdg_popup, server_new_xdg_popup);
	listen_to(&server.lock_manager->events.new_lock, &server.new_lock, server_new_lock);
#endif
	listen_to(&server.seat->events.request_set_cursor, &server.request_cursor, server_request_cursor);
	listen_to(&server.cursor->events.motion, &server.cursor_motion, server_cursor_motion);
	listen_to(&server.cursor->events.motion_absolute, &server.cursor_motion_absolute, server_cursor_motion_absolute);
	listen_to(&server.cursor->events.button, &server.cursor_button, server_cursor_button);
	listen_to(&server.cursor->events.axis, &server.cursor_axis, server_cursor_axis);
	listen_to(&server.cursor->events.frame, &server.cursor_frame, server_cursor_frame);

	const struct glue_desktop desktop_for_glue = {
		.display = server.display, .compositor = server.compositor, .layout = server.layout, .cursor = server.cursor,
		.seat = server.seat, .pointer_gestures = server.pointer_gestures,
		.data = &server, .seat_of = seat_of, .surface_at = surface_at, .focus_surface = focus_surface,
		.run_command = run_command,
	};
	char beside[4096];
	if (!(server.glue = glue_create(&desktop_for_glue, plugin ? plugin : default_plugin(beside, sizeof beside), config)))
		return 1;
	const char *name = socket ? (wl_display_add_socket(server.display, socket) == 0 ? socket : NULL)
	                          : wl_display_add_socket_auto(server.display);
	if (!name || !wlr_backend_start(server.backend)) {
		wlr_log(WLR_ERROR, "cannot start (socket %s)", socket ? socket : "auto");
		return 1;
	}
	const struct control_desktop desktop_for_control = {
		.display = server.display, .backend = server.backend, .seat = server.seat, .layout = server.layout,
		.glue = server.glue, .data = &server, .for_each_window = for_each_window,
	};
	struct control *control = control_create(&desktop_for_control);
	if (control_path && !control_listen(control, control_path)) {
		wlr_log(WLR_ERROR, "cannot listen on %s: %s", control_path, strerror(errno));
		return 1;
	}
	/* For the programs that bindings' exec actions start. */
	setenv("WAYLAND_DISPLAY", name, true);
	printf("tactus-wlr: listening on %s\n", name);
	fflush(stdout);
	/* A trace --replay refuses stops the compositor before it runs, taking everything down as after a run. */
	int status = 0;
	char error[1024];
	if (replay && !control_replay_then_quit(control, replay, error, sizeof error)) {
		fprintf(stderr, "tactus-wlr: --replay: %s\n", error);
		status = 1;
	} else {
		run(&server);
	}

	control_destroy(control);
	glue_destroy(server.glue);
	server.glue = NULL;
	wl_display_destroy_clients(server.display);
	stop_listening(&server);
	wlr_backend_destroy(server.backend);
	wlr_scene_node_destroy(&tactus_scene_root(server.scene)->node);
	wlr_xcursor_manager_destroy(server.cursor_images);
	wlr_cursor_destroy(server.cursor);
	wlr_output_layout_destroy(server.layout);
	wlr_allocator_destroy(server.allocator);
	wlr_renderer_destroy(server.renderer);
	wl_display_destroy(server.display);
	return status;
}
