/*
 * tactus-wlr's parts: the desktop (tactus-wlr.c) and its control socket and trace replays (control.c).
 */
#ifndef TACTUS_WLR_H
#define TACTUS_WLR_H

#include <stdbool.h>
#include <stdint.h>
#include <wayland-server-core.h>
#include <wlr/types/wlr_input_device.h>

#include "tactus.h"

struct replay;
struct connection;
struct control;

/* The plugin's entries, looked up by name: wlroots has no plugin system, tactus.h is the interface. */
struct tactus_entries {
	struct tactus_plugin *(*create)(uint32_t, struct wl_display *, const struct tactus_host *, const char *);
	void (*destroy)(struct tactus_plugin *);
	int (*add_device)(struct tactus_plugin *, const struct tactus_device *);
	enum tactus_decision (*touch_down)(struct tactus_plugin *, uint32_t, uint32_t, int32_t, double, double);
	enum tactus_decision (*touch_motion)(struct tactus_plugin *, uint32_t, uint32_t, int32_t, double, double);
	enum tactus_decision (*touch_up)(struct tactus_plugin *, uint32_t, uint32_t, int32_t);
	enum tactus_decision (*touch_frame)(struct tactus_plugin *, uint32_t);
	void (*swipe_begin)(struct tactus_plugin *, uint32_t, uint32_t, uint32_t);
	void (*swipe_update)(struct tactus_plugin *, uint32_t, uint32_t, double, double);
	void (*swipe_end)(struct tactus_plugin *, uint32_t, uint32_t, bool);
	void (*pinch_begin)(struct tactus_plugin *, uint32_t, uint32_t, uint32_t);
	void (*pinch_update)(struct tactus_plugin *, uint32_t, uint32_t, double, double, double, double);
	void (*pinch_end)(struct tactus_plugin *, uint32_t, uint32_t, bool);
	void (*hold_begin)(struct tactus_plugin *, uint32_t, uint32_t, uint32_t);
	void (*hold_end)(struct tactus_plugin *, uint32_t, uint32_t, bool);
	int (*remove_device)(struct tactus_plugin *, uint32_t);
	void (*touch_cancel)(struct tactus_plugin *, uint32_t, uint32_t, int32_t);
	void (*set_modifiers)(struct tactus_plugin *, uint32_t);
	void (*surface_committed)(struct tactus_plugin *, struct wl_resource *);
};

#define MAX_DEVICES 16
#define MAX_TOUCHES 16

/* An input device the plugin knows; its index in server.devices + 1 is its id there. */
struct announced_device {
	struct server *server;
	struct wlr_input_device *input; /* NULL: a free slot */
	struct wl_listener destroy;
};

struct server {
	struct wl_display *display;
	struct wlr_backend *backend;
	struct wlr_renderer *renderer;
	struct wlr_allocator *allocator;
	struct wlr_scene *scene;
	struct wlr_output_layout *layout;
	struct wlr_xdg_shell *xdg_shell;
	struct wlr_seat *seat;
	struct wlr_cursor *cursor;
	struct wlr_xcursor_manager *cursor_images;
	struct wlr_pointer_gestures_v1 *pointer_gestures;
	struct wl_list views;     /* mapped windows, the focused one first */
	struct wl_list keyboards;
	struct wl_listener new_output, new_xdg_surface, new_input, new_surface, request_cursor;
	struct wl_listener cursor_motion, cursor_motion_absolute, cursor_button, cursor_axis, cursor_frame;
	struct wl_listener touch_down, touch_motion, touch_up, touch_cancel, touch_frame;
	struct wl_listener swipe_begin, swipe_update, swipe_end, pinch_begin, pinch_update, pinch_end, hold_begin,
		hold_end;
	/* The devices the plugin knows; the last touchscreen touched, for frames. */
	struct announced_device devices[MAX_DEVICES];
	uint32_t last_touch_device;
	struct wl_event_source *reannouncing; /* touchscreens are announced again once an output is gone */
	/* Touch points delivered to clients, with the origin of the surface each began on; the seat keeps the
	 * surface. */
	struct {
		bool active;
		int32_t id;
		double origin_x, origin_y;
	} touches[MAX_TOUCHES];
	struct tactus_entries tactus;
	struct tactus_plugin *plugin;
	/* Replays and control commands: the headless devices they play on, made when first needed, and the replay
	 * playing. */
	struct wlr_input_device *replay_touchscreen, *replay_pointer, *replay_keyboard;
	struct replay *replay;
	bool quit_after_replay;
};

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

/* Tells the plugin about a device, again when its size changed; returns its id, 0 when there is no room. */
uint32_t announce_device(struct server *server, struct wlr_input_device *device, enum tactus_device_kind kind);

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
