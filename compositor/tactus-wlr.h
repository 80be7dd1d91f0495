// SPDX-License-Identifier: MIT
/*
 * tactus-wlr's desktop (tactus-wlr.c): its state, for tactus-wlr.c alone. The desktop owns the other two parts, the
 * Tactus glue (tactus-glue.h), which feeds the plugin, and the control (control.h), which replays traces and answers
 * commands: main creates them and takes them down.
 *
 * Dependencies go one way: the desktop includes the glue's and the control's headers, and nothing includes this one
 * but tactus-wlr.c. The glue and the control see of the desktop only what it fills in for them when it creates them
 * (struct glue_desktop, struct control_desktop).
 */
#ifndef TACTUS_WLR_H
#define TACTUS_WLR_H

#include <stdbool.h>
#include <wayland-server-core.h>
#include <wlr/version.h>

struct glue;

struct server {
	struct wl_display *display;
	struct wlr_backend *backend;
	struct wlr_renderer *renderer;
	struct wlr_allocator *allocator;
	struct wlr_compositor *compositor;
	struct wlr_scene *scene;
	struct wlr_scene_tree *windows, *lock_layer; /* the scene's layers, lock screens above windows */
#if WLR_VERSION_NUM >= 0x001000
	struct wlr_scene_output_layout *scene_layout;
#endif
	struct wlr_output_layout *layout;
	struct wlr_xdg_shell *xdg_shell;
	struct wlr_seat *seat; /* seat0: the keyboard, the pointer, and every device not put on another seat */
	struct wlr_cursor *cursor;
	struct wlr_xcursor_manager *cursor_images;
	struct wlr_pointer_gestures_v1 *pointer_gestures;
#if WLR_VERSION_NUM < 0x001000
	struct wlr_input_inhibit_manager *input_inhibit; /* a lock screen's: input to one client only */
#else
	struct wlr_session_lock_manager_v1 *lock_manager;
	struct wlr_session_lock_v1 *lock; /* the lock screen's lock, while its client lives */
	bool locked;                       /* from a lock until its unlock: a locker that dies leaves it locked */
#endif
	struct wl_list views; /* mapped windows, the focused one first */
	struct wl_list keyboards;
	struct wl_listener new_output, new_input, request_cursor;
	struct wl_listener cursor_motion, cursor_motion_absolute, cursor_button, cursor_axis, cursor_frame;
#if WLR_VERSION_NUM < 0x001000
	struct wl_listener new_xdg_surface;
	struct wl_listener session_lock, session_unlock; /* the input inhibitor taken and released */
#else
	struct wl_listener new_xdg_toplevel, new_xdg_popup;
	struct wl_listener new_lock, lock_surface, lock_unlock, lock_destroy;
#endif
	struct glue *glue; /* libtactus and what feeds it; NULL once taken down */
};

/* A window: an xdg toplevel and its scene node. */
struct view {
	struct wl_list link;
	struct server *server;
	struct wlr_xdg_toplevel *toplevel;
	struct wlr_scene_tree *tree;
	int x, y;
	struct wl_listener map, unmap, commit, destroy; /* commit: its first configure (wlroots 0.18) */
};

#endif
