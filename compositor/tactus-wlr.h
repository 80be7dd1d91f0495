/*
 * tactus-wlr's desktop (tactus-wlr.c) as its two other parts see it: the Tactus glue (tactus-glue.h), which feeds
 * the plugin, and the control (control.h), which replays traces and answers commands. The desktop owns both: main
 * creates them and takes them down. They read the state below and ask the desktop for nothing but the functions
 * this header declares.
 */
#ifndef TACTUS_WLR_H
#define TACTUS_WLR_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>

struct connection;
struct control;
struct glue;
struct replay;
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
	struct wlr_seat *seat;
	struct wlr_cursor *cursor;
	struct wlr_xcursor_manager *cursor_images;
	struct wlr_pointer_gestures_v1 *pointer_gestures;
	struct wl_list views; /* mapped windows, the focused one first */
	struct wl_list keyboards;
	struct wl_listener new_output, new_xdg_surface, new_input, request_cursor;
	struct wl_listener cursor_motion, cursor_motion_absolute, cursor_button, cursor_axis, cursor_frame;
	struct glue *glue; /* libtactus and what feeds it; NULL once taken down */
	/* Replays and control commands: the headless devices they play on, made when first needed, and the replay
	 * playing. */
	struct wlr_input_device *replay_touchscreen, *replay_pointer, *replay_keyboard;
	struct replay *replay;
	bool quit_after_replay;
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

/* The front client surface under a layout point, with that point in its coordinates; NULL when there is none. */
struct wlr_surface *surface_at(struct server *server, double x, double y, double *sx, double *sy);

/* A click or a touch on a surface: raises its window and gives it the keyboard. */
void focus_surface(struct server *server, struct wlr_surface *surface);

/* Runs the desktop's command of that name, as a binding's host action names it: focus-next focuses the next
 * window, close-window asks the focused one to close; other names do nothing. */
void run_command(struct server *server, const char *name);

/* Starts playing a simulator trace on the headless devices, answering requester "done" at its end (NULL: nobody);
 * returns NULL, or why it cannot. */
const char *start_replay(struct server *server, const char *path, struct connection *requester);

/* Stops the replay playing, if any, without answering its requester. */
void stop_replay(struct server *server);

/* Listens for control commands on a Unix socket at path; NULL when it cannot (errno says why). */
struct control *listen_for_control(struct server *server, const char *path);
/* Closes the socket and its connections, and removes it from the file system. NULL is ignored. */
void close_control(struct control *control);

#endif
