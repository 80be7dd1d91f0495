// SPDX-License-Identifier: MIT
/*
 * tactus-wlr's desktop (tactus-wlr.c) as its two other parts see it: the Tactus glue (tactus-glue.h), which feeds
 * the plugin, and the control (control.h), which replays traces and answers commands. The desktop owns both: main
 * creates them and takes them down. They read the state below and ask the desktop for nothing but the functions
 * this header declares.
 */
#ifndef TACTUS_WLR_H
#define TACTUS_WLR_H

#include <stdint.h>
#include <wayland-server-core.h>

struct glue;
struct wlr_surface;

struct server {
	struct wl_display *display;
	struct wlr_backend *backend;
	struct wlr_renderer *renderer;
	struct wlr_allocator *allocator;
	struct wlr_compositor *compositor;
	struct wlr_scene *scene;
	struct wlr_output_layout *layout;
	struct wlr_xdg_shell *xdg_shell;
	struct wlr_seat *seat; /* seat0: the keyboard, the pointer, and every device not put on another seat */
	struct wlr_cursor *cursor;
	struct wlr_xcursor_manager *cursor_images;
	struct wlr_pointer_gestures_v1 *pointer_gestures;
	struct wlr_input_inhibit_manager *input_inhibit; /* a lock screen's: input to one client only */
	struct wl_list views; /* mapped windows, the focused one first */
	struct wl_list keyboards;
	struct wl_listener new_output, new_xdg_surface, new_input, request_cursor;
	struct wl_listener cursor_motion, cursor_motion_absolute, cursor_button, cursor_axis, cursor_frame;
	struct wl_listener session_lock, session_unlock; /* the input inhibitor taken and released */
	struct glue *glue; /* libtactus and what feeds it; NULL once taken down */
};

/* A window: an xdg toplevel and its scene node. */
struct view {
	struct wl_list link;
	struct server *server;
	struct wlr_xdg_surface *xdg_surface;
	struct wlr_scene_node *node;
	int x, y;
	struct wl_listener map, unmap, destroy;
};

/* CLOCK_MONOTONIC in milliseconds, the clock of input events' time_msec. */
uint32_t monotonic_msec(void);

/* Sets the listener's notify function and adds it to the signal. */
void listen_to(struct wl_signal *signal, struct wl_listener *listener, wl_notify_func_t notify);

/* The seat a device belongs to: the one the control put it on (its data), else seat0. */
struct wlr_seat *seat_of(struct server *server, struct wlr_input_device *device);

/* The front client surface under a layout point, with that point in its coordinates; NULL when there is none, or
 * when it is not the surface of the client that keeps input to itself (a lock screen), if one does. */
struct wlr_surface *surface_at(struct server *server, double x, double y, double *sx, double *sy);

/* A click or a touch on a surface: raises its window and gives it the keyboard. */
void focus_surface(struct server *server, struct wlr_surface *surface);

/* Runs the desktop's command of that name, as a binding's host action names it: focus-next focuses the next
 * window, close-window asks the focused one to close; other names do nothing. */
void run_command(struct server *server, const char *name);

#endif
