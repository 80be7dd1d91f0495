/*
 * tactus-wlr: a small wlroots 0.15 compositor that loads libtactus. xdg-shell windows on a scene graph, one seat
 * with touch, touch and touchpad gestures forwarded to the plugin, whose raw-touch decisions it honours.
 *
 *   tactus-wlr [--plugin PATH] [--socket NAME] [--replay TRACE [--replay-on-window]]
 *
 * --replay plays a simulator trace (tactus-sim generate ...) on a headless touchscreen, in real time, then exits:
 * the simulator's generators drive a real compositor. With --replay-on-window it starts once the first window maps.
 *
 * On real hardware run it from a TTY (libinput backend); for tests run it headless:
 * WLR_BACKENDS=headless WLR_RENDERER=pixman tactus-wlr.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server-core.h>
#include <wlr/backend.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/render/allocator.h>
#include <wlr/render/wlr_renderer.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_cursor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_data_device.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_scene.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>

#include "tactus.h"

/* The plugin's entries, looked up by name: wlroots has no plugin system, tactus.h is the interface. */
struct tactus_entries {
	struct tactus_plugin *(*create)(uint32_t, struct wl_display *, const struct tactus_host *, const char *);
	void (*destroy)(struct tactus_plugin *);
	int (*add_device)(struct tactus_plugin *, const struct tactus_device *);
	enum tactus_decision (*touch_down)(struct tactus_plugin *, uint32_t, uint32_t, int32_t, double, double);
	enum tactus_decision (*touch_motion)(struct tactus_plugin *, uint32_t, uint32_t, int32_t, double, double);
	enum tactus_decision (*touch_up)(struct tactus_plugin *, uint32_t, uint32_t, int32_t);
	enum tactus_decision (*touch_frame)(struct tactus_plugin *, uint32_t);
};

#define MAX_DEVICES 16
#define MAX_TOUCHES 16

struct server {
	struct wl_display *display;
	struct wlr_backend *backend;
	struct wlr_renderer *renderer;
	struct wlr_allocator *allocator;
	struct wlr_scene *scene;
	struct wlr_output_layout *layout;
	struct wlr_xdg_shell *xdg_shell;
	struct wlr_seat *seat;
	struct wl_list views;
	struct wl_listener new_output, new_xdg_surface, new_input;
	struct wlr_cursor *cursor;
	struct wl_listener touch_down, touch_motion, touch_up, touch_frame;
	/* The touch devices the plugin knows, by their index + 1 as its id; the last one touched, for frames. */
	struct wlr_input_device *devices[MAX_DEVICES];
	int device_count;
	uint32_t last_touch_device;
	/* The touch points delivered to clients: the surface each began on, and that surface's origin. */
	struct {
		bool active;
		int32_t id;
		struct wlr_surface *surface;
		double origin_x, origin_y;
	} touches[MAX_TOUCHES];
	struct tactus_entries tactus;
	struct tactus_plugin *plugin;
	/* --replay: played at once, or once the first window maps with --replay-on-window. */
	const char *replay_path;
	struct replay *replay;
};

static struct replay *start_replay(struct server *server, const char *path);

struct output {
	struct server *server;
	struct wlr_output *output;
	struct wl_listener frame, destroy;
};

struct view {
	struct wl_list link;
	struct server *server;
	struct wlr_xdg_surface *xdg_surface;
	struct wlr_scene_node *node;
	struct wl_listener map, destroy;
};

static void output_frame(struct wl_listener *listener, void *data) {
	(void)data;
	struct output *output = wl_container_of(listener, output, frame);
	struct wlr_scene_output *scene_output = wlr_scene_get_scene_output(output->server->scene, output->output);
	wlr_scene_output_commit(scene_output);
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	wlr_scene_output_send_frame_done(scene_output, &now);
}

static void output_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct output *output = wl_container_of(listener, output, destroy);
	wl_list_remove(&output->frame.link);
	wl_list_remove(&output->destroy.link);
	free(output);
}

static void new_output(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_output);
	struct wlr_output *wlr_output = data;
	wlr_output_init_render(wlr_output, server->allocator, server->renderer);
	struct wlr_output_mode *mode = wlr_output_preferred_mode(wlr_output);
	if (mode)
		wlr_output_set_mode(wlr_output, mode);
	wlr_output_enable(wlr_output, true);
	if (!wlr_output_commit(wlr_output))
		return;
	struct output *output = calloc(1, sizeof *output);
	output->server = server;
	output->output = wlr_output;
	output->frame.notify = output_frame;
	wl_signal_add(&wlr_output->events.frame, &output->frame);
	output->destroy.notify = output_destroy;
	wl_signal_add(&wlr_output->events.destroy, &output->destroy);
	wlr_output_layout_add_auto(server->layout, wlr_output);
	wlr_log(WLR_INFO, "output %s: %dx%d", wlr_output->name, wlr_output->width, wlr_output->height);
}

static void view_map(struct wl_listener *listener, void *data) {
	(void)data;
	struct view *view = wl_container_of(listener, view, map);
	/* Windows open cascading from (200, 150): never at the origin, so a coordinate mistake shows. */
	int placed = wl_list_length(&view->server->views);
	wlr_scene_node_set_position(view->node, 200 + 40 * placed, 150 + 40 * placed);
	wl_list_insert(&view->server->views, &view->link);
	wlr_scene_node_raise_to_top(view->node);
	printf("tactus-wlr: window mapped at %d, %d\n", 200 + 40 * placed, 150 + 40 * placed);
	fflush(stdout);
	if (view->server->replay_path && !view->server->replay)
		view->server->replay = start_replay(view->server, view->server->replay_path);
}

static void view_destroy(struct wl_listener *listener, void *data) {
	(void)data;
	struct view *view = wl_container_of(listener, view, destroy);
	if (view->link.next)
		wl_list_remove(&view->link);
	wl_list_remove(&view->map.link);
	wl_list_remove(&view->destroy.link);
	free(view);
}

static void new_xdg_surface(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_xdg_surface);
	struct wlr_xdg_surface *xdg_surface = data;
	if (xdg_surface->role != WLR_XDG_SURFACE_ROLE_TOPLEVEL)
		return;
	struct view *view = calloc(1, sizeof *view);
	view->server = server;
	view->xdg_surface = xdg_surface;
	view->node = wlr_scene_xdg_surface_create(&server->scene->node, xdg_surface);
	view->map.notify = view_map;
	wl_signal_add(&xdg_surface->events.map, &view->map);
	view->destroy.notify = view_destroy;
	wl_signal_add(&xdg_surface->events.destroy, &view->destroy);
}

/* Touch input goes to the plugin first; what it lets through (now, or later when it withheld it) goes to the
 * client under the touch, and when a binding takes over what a client already saw, the client gets a cancel. */
static uint32_t device_id(struct server *server, struct wlr_input_device *device) {
	for (int i = 0; i < server->device_count; i++)
		if (server->devices[i] == device)
			return (uint32_t)i + 1;
	return 0;
}

static void new_input(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, new_input);
	struct wlr_input_device *device = data;
	if (device->type != WLR_INPUT_DEVICE_TOUCH || server->device_count == MAX_DEVICES)
		return;
	wlr_cursor_attach_input_device(server->cursor, device);
	server->devices[server->device_count++] = device;
	struct wlr_box *box = wlr_output_layout_get_box(server->layout, NULL);
	struct tactus_device description = {
		.id = (uint32_t)server->device_count, .kind = TACTUS_DEVICE_TOUCHSCREEN, .name = device->name,
		.width_mm = device->width_mm, .height_mm = device->height_mm,
	};
	if (box)
		description.output = (struct tactus_rect){box->x, box->y, box->width, box->height};
	server->tactus.add_device(server->plugin, &description);
	wlr_log(WLR_INFO, "touch device %s is tactus device %u", device->name, description.id);
}

static int touch_slot(struct server *server, int32_t id) {
	for (int i = 0; i < MAX_TOUCHES; i++)
		if (server->touches[i].active && server->touches[i].id == id)
			return i;
	return -1;
}

/* Sends one touch event to the client, as the plugin decided it may. */
static void deliver(struct server *server, const struct tactus_touch *touch) {
	struct wlr_input_device *device =
		touch->device >= 1 && (int)touch->device <= server->device_count ? server->devices[touch->device - 1] : NULL;
	double lx = 0, ly = 0;
	if (device && (touch->type == TACTUS_TOUCH_DOWN || touch->type == TACTUS_TOUCH_MOTION))
		wlr_cursor_absolute_to_layout_coords(server->cursor, device, touch->x, touch->y, &lx, &ly);
	int slot = touch_slot(server, touch->touch_id);
	switch (touch->type) {
	case TACTUS_TOUCH_DOWN: {
		double sx, sy;
		struct wlr_scene_node *node = wlr_scene_node_at(&server->scene->node, lx, ly, &sx, &sy);
		if (!node || node->type != WLR_SCENE_NODE_SURFACE || slot >= 0)
			return;
		for (slot = 0; slot < MAX_TOUCHES && server->touches[slot].active; slot++)
			;
		if (slot == MAX_TOUCHES)
			return;
		struct wlr_surface *surface = wlr_scene_surface_from_node(node)->surface;
		server->touches[slot].active = true;
		server->touches[slot].id = touch->touch_id;
		server->touches[slot].surface = surface;
		server->touches[slot].origin_x = lx - sx;
		server->touches[slot].origin_y = ly - sy;
		wlr_seat_touch_notify_down(server->seat, surface, touch->time_msec, touch->touch_id, sx, sy);
		break;
	}
	case TACTUS_TOUCH_MOTION:
		if (slot >= 0)
			wlr_seat_touch_notify_motion(server->seat, touch->time_msec, touch->touch_id,
			                             lx - server->touches[slot].origin_x, ly - server->touches[slot].origin_y);
		break;
	case TACTUS_TOUCH_UP:
		if (slot >= 0) {
			wlr_seat_touch_notify_up(server->seat, touch->time_msec, touch->touch_id);
			server->touches[slot].active = false;
		}
		break;
	case TACTUS_TOUCH_FRAME:
		wlr_seat_touch_notify_frame(server->seat);
		break;
	}
}

static void deliver_touch(void *data, const struct tactus_touch *touch) { deliver(data, touch); }

/* A binding took over touches a client already had: it gets wl_touch.cancel, and hears nothing more of them. */
static void cancel_touches(void *data, uint32_t device) {
	(void)device;
	struct server *server = data;
	for (int i = 0; i < MAX_TOUCHES; i++) {
		if (!server->touches[i].active)
			continue;
		wlr_seat_touch_notify_cancel(server->seat, server->touches[i].surface);
		for (int j = i; j < MAX_TOUCHES; j++)
			if (server->touches[j].surface == server->touches[i].surface)
				server->touches[j].active = false;
	}
}

static void touch_event(struct server *server, enum tactus_decision decision, struct tactus_touch touch) {
	if (decision == TACTUS_DELIVER)
		deliver(server, &touch);
}

static void touch_down(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, touch_down);
	struct wlr_event_touch_down *event = data;
	server->last_touch_device = device_id(server, event->device);
	struct tactus_touch touch = {server->last_touch_device, TACTUS_TOUCH_DOWN, event->time_msec, event->touch_id,
	                             event->x, event->y};
	touch_event(server, server->tactus.touch_down(server->plugin, touch.device, touch.time_msec, touch.touch_id,
	                                              touch.x, touch.y), touch);
}

static void touch_motion(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, touch_motion);
	struct wlr_event_touch_motion *event = data;
	struct tactus_touch touch = {device_id(server, event->device), TACTUS_TOUCH_MOTION, event->time_msec,
	                             event->touch_id, event->x, event->y};
	touch_event(server, server->tactus.touch_motion(server->plugin, touch.device, touch.time_msec, touch.touch_id,
	                                                touch.x, touch.y), touch);
}

static void touch_up(struct wl_listener *listener, void *data) {
	struct server *server = wl_container_of(listener, server, touch_up);
	struct wlr_event_touch_up *event = data;
	struct tactus_touch touch = {device_id(server, event->device), TACTUS_TOUCH_UP, event->time_msec, event->touch_id,
	                             0, 0};
	touch_event(server, server->tactus.touch_up(server->plugin, touch.device, touch.time_msec, touch.touch_id), touch);
}

static void touch_frame(struct wl_listener *listener, void *data) {
	(void)data;
	struct server *server = wl_container_of(listener, server, touch_frame);
	struct tactus_touch touch = {server->last_touch_device, TACTUS_TOUCH_FRAME, 0, 0, 0, 0};
	touch_event(server, server->tactus.touch_frame(server->plugin, touch.device), touch);
}

/* --replay: a simulator trace played on a headless touchscreen in real time. */
struct replay {
	struct server *server;
	FILE *file;
	struct wlr_input_device *device;
	struct wl_event_source *timer;
	struct timespec start;
	uint32_t start_msec; /* the events carry the trace's own times from here, whatever the loop's delays */
	char line[512];
	bool pending; /* line holds an event not played yet */
};

static double field(const char *line, const char *key) {
	const char *at = strstr(line, key);
	return at ? strtod(at + strlen(key), NULL) : 0;
}

static int replay_next(void *data) {
	struct replay *replay = data;
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double elapsed_us = (now.tv_sec - replay->start.tv_sec) * 1e6 + (now.tv_nsec - replay->start.tv_nsec) / 1e3;
	while (replay->pending || fgets(replay->line, sizeof replay->line, replay->file)) {
		replay->pending = true;
		const char *line = replay->line;
		if (!strstr(line, "\"type\"")) { /* the header line */
			replay->pending = false;
			continue;
		}
		double due_us = field(line, "\"t\":");
		if (due_us > elapsed_us) {
			wl_event_source_timer_update(replay->timer, (int)((due_us - elapsed_us) / 1000) + 1);
			return 0;
		}
		replay->pending = false;
		uint32_t time = replay->start_msec + (uint32_t)(due_us / 1000);
		struct wlr_touch *touch = replay->device->touch;
		int32_t id = (int32_t)field(line, "\"id\":");
		double x = field(line, "\"x\":"), y = field(line, "\"y\":");
		if (strstr(line, "\"type\":\"down\"")) {
			struct wlr_event_touch_down event = {replay->device, time, id, x, y};
			wl_signal_emit(&touch->events.down, &event);
		} else if (strstr(line, "\"type\":\"motion\"")) {
			struct wlr_event_touch_motion event = {replay->device, time, id, x, y};
			wl_signal_emit(&touch->events.motion, &event);
		} else if (strstr(line, "\"type\":\"up\"")) {
			struct wlr_event_touch_up event = {replay->device, time, id};
			wl_signal_emit(&touch->events.up, &event);
		} else if (strstr(line, "\"type\":\"frame\"")) {
			wl_signal_emit(&touch->events.frame, NULL);
		}
	}
	/* The end of the trace: a moment for timers (a double tap's window), then the compositor stops. */
	static bool ending;
	if (!ending) {
		ending = true;
		wl_event_source_timer_update(replay->timer, 1000);
		return 0;
	}
	printf("tactus-wlr: replay finished\n");
	fflush(stdout);
	wl_display_terminate(replay->server->display);
	return 0;
}

static void find_headless(struct wlr_backend *backend, void *data) {
	if (wlr_backend_is_headless(backend))
		*(struct wlr_backend **)data = backend;
}

static struct replay *start_replay(struct server *server, const char *path) {
	/* wlr_backend_autocreate wraps the headless backend in a multi-backend. */
	struct wlr_backend *headless = NULL;
	wlr_multi_for_each_backend(server->backend, find_headless, &headless);
	if (!headless) {
		wlr_log(WLR_ERROR, "--replay needs the headless backend (WLR_BACKENDS=headless)");
		return NULL;
	}
	struct replay *replay = calloc(1, sizeof *replay);
	replay->server = server;
	replay->file = fopen(path, "r");
	if (!replay->file) {
		wlr_log(WLR_ERROR, "cannot read %s", path);
		free(replay);
		return NULL;
	}
	replay->device = wlr_headless_add_input_device(headless, WLR_INPUT_DEVICE_TOUCH);
	clock_gettime(CLOCK_MONOTONIC, &replay->start);
	replay->start_msec = (uint32_t)(replay->start.tv_sec * 1000 + replay->start.tv_nsec / 1000000);
	replay->timer = wl_event_loop_add_timer(wl_display_get_event_loop(server->display), replay_next, replay);
	wl_event_source_timer_update(replay->timer, 1);
	return replay;
}

/* The plugin's view of the scene. */
static size_t surfaces_at(void *data, double x, double y, struct tactus_surface_hit *hits, size_t capacity) {
	struct server *server = data;
	double sx, sy;
	struct wlr_scene_node *node = wlr_scene_node_at(&server->scene->node, x, y, &sx, &sy);
	if (!node || node->type != WLR_SCENE_NODE_SURFACE || capacity == 0)
		return 0;
	hits[0].surface = wlr_scene_surface_from_node(node)->surface->resource;
	hits[0].origin_x = x - sx;
	hits[0].origin_y = y - sy;
	return 1;
}

static void run_action(void *data, const char *name, enum tactus_phase phase, double progress,
                       const struct tactus_values *values) {
	(void)data;
	printf("action %s phase %d progress %.2f fingers %u\n", name, phase, progress, values->fingers);
	fflush(stdout);
}

static void log_message(void *data, enum tactus_log_level level, const char *message) {
	(void)data;
	wlr_log(level == TACTUS_LOG_ERROR ? WLR_ERROR : WLR_INFO, "%s", message);
}

static bool load_plugin(struct server *server, const char *path) {
	void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		wlr_log(WLR_ERROR, "cannot load %s: %s", path, dlerror());
		return false;
	}
	*(void **)&server->tactus.create = dlsym(library, "tactus_plugin_create");
	*(void **)&server->tactus.destroy = dlsym(library, "tactus_plugin_destroy");
	*(void **)&server->tactus.add_device = dlsym(library, "tactus_plugin_add_device");
	*(void **)&server->tactus.touch_down = dlsym(library, "tactus_plugin_touch_down");
	*(void **)&server->tactus.touch_motion = dlsym(library, "tactus_plugin_touch_motion");
	*(void **)&server->tactus.touch_up = dlsym(library, "tactus_plugin_touch_up");
	*(void **)&server->tactus.touch_frame = dlsym(library, "tactus_plugin_touch_frame");
	if (!server->tactus.create || !server->tactus.destroy || !server->tactus.add_device || !server->tactus.touch_down ||
	    !server->tactus.touch_motion || !server->tactus.touch_up || !server->tactus.touch_frame) {
		wlr_log(WLR_ERROR, "%s is not libtactus: %s", path, dlerror());
		return false;
	}
	struct tactus_host host = {
		.data = server, .surfaces_at = surfaces_at, .run_action = run_action, .log = log_message,
		.deliver_touch = deliver_touch, .cancel_touches = cancel_touches,
	};
	server->plugin = server->tactus.create(TACTUS_ABI_VERSION, server->display, &host, NULL);
	return server->plugin != NULL;
}

int main(int argc, char **argv) {
	const char *plugin = NULL, *socket = NULL, *replay = NULL;
	static const struct option options[] = {
		{"plugin", required_argument, 0, 'p'}, {"socket", required_argument, 0, 's'},
		{"replay", required_argument, 0, 'r'}, {"replay-on-window", no_argument, 0, 'w'}, {0},
	};
	bool on_window = false;
	for (int c; (c = getopt_long(argc, argv, "", options, NULL)) != -1;) {
		if (c == 'p')
			plugin = optarg;
		else if (c == 's')
			socket = optarg;
		else if (c == 'r')
			replay = optarg;
		else if (c == 'w')
			on_window = true;
		else {
			fprintf(stderr, "usage: %s [--plugin PATH] [--socket NAME] [--replay TRACE [--replay-on-window]]\n", argv[0]);
			return 64;
		}
	}
	wlr_log_init(WLR_INFO, NULL);
	struct server server = {0};
	wl_list_init(&server.views);
	server.display = wl_display_create();
	server.backend = wlr_backend_autocreate(server.display);
	if (!server.backend)
		return 1;
	server.renderer = wlr_renderer_autocreate(server.backend);
	wlr_renderer_init_wl_display(server.renderer, server.display);
	server.allocator = wlr_allocator_autocreate(server.backend, server.renderer);
	wlr_compositor_create(server.display, server.renderer);
	wlr_data_device_manager_create(server.display);
	server.layout = wlr_output_layout_create();
	server.scene = wlr_scene_create();
	wlr_scene_attach_output_layout(server.scene, server.layout);
	server.new_output.notify = new_output;
	wl_signal_add(&server.backend->events.new_output, &server.new_output);
	server.xdg_shell = wlr_xdg_shell_create(server.display);
	server.new_xdg_surface.notify = new_xdg_surface;
	wl_signal_add(&server.xdg_shell->events.new_surface, &server.new_xdg_surface);
	server.seat = wlr_seat_create(server.display, "seat0");
	wlr_seat_set_capabilities(server.seat, WL_SEAT_CAPABILITY_TOUCH | WL_SEAT_CAPABILITY_POINTER);
	server.cursor = wlr_cursor_create();
	wlr_cursor_attach_output_layout(server.cursor, server.layout);
	server.new_input.notify = new_input;
	wl_signal_add(&server.backend->events.new_input, &server.new_input);
	server.touch_down.notify = touch_down;
	wl_signal_add(&server.cursor->events.touch_down, &server.touch_down);
	server.touch_motion.notify = touch_motion;
	wl_signal_add(&server.cursor->events.touch_motion, &server.touch_motion);
	server.touch_up.notify = touch_up;
	wl_signal_add(&server.cursor->events.touch_up, &server.touch_up);
	server.touch_frame.notify = touch_frame;
	wl_signal_add(&server.cursor->events.touch_frame, &server.touch_frame);

	if (!load_plugin(&server, plugin ? plugin : "libtactus.so"))
		return 1;
	const char *name = socket ? (wl_display_add_socket(server.display, socket) == 0 ? socket : NULL)
	                          : wl_display_add_socket_auto(server.display);
	if (!name || !wlr_backend_start(server.backend)) {
		wlr_log(WLR_ERROR, "cannot start (socket %s)", socket ? socket : "auto");
		return 1;
	}
	printf("tactus-wlr: listening on %s\n", name);
	fflush(stdout);
	if (replay && on_window)
		server.replay_path = replay;
	else if (replay && !(server.replay = start_replay(&server, replay)))
		return 1;
	wl_display_run(server.display);

	server.tactus.destroy(server.plugin);
	wl_display_destroy_clients(server.display);
	wl_display_destroy(server.display);
	return 0;
}
