// SPDX-License-Identifier: MIT
/*
 * tactus-wlr's control socket and trace replays: what lets tests, the demo and the simulator's generators drive a
 * headless compositor. Their state (the headless devices, the replay playing, the socket) is the control's own;
 * control.h is its API for main. Traces are read by trace.c.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <wlr/backend/headless.h>
#include <wlr/backend/multi.h>
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/util/log.h>

#include "control.h"
#include "tactus-glue.h"
#include "tactus-wlr.h"
#include "trace.h"

struct control {
	struct server *server;
	/* The headless touchscreens, pointer and keyboard that replays and commands play on, made when first needed:
	 * one touchscreen for each of a trace's (TRACE_MAX_TOUCHSCREENS at most), so that several touch at once. */
	struct wlr_input_device *replay_touchscreens[TRACE_MAX_TOUCHSCREENS];
	struct wlr_input_device *replay_pointer, *replay_keyboard;
	/* Seats beside the desktop's seat0, made by the seat command for the touchscreens put on them. */
	struct wlr_seat *seats[TRACE_MAX_TOUCHSCREENS];
	struct replay *replay; /* the replay playing, if any */
	bool quit_after_replay;
	/* The socket, once listening (path NULL before), the connections to it, and a descriptor kept spare for
	 * refusing a connection when the process has run out of them. */
	char *path;
	int fd;
	struct wl_event_source *source;
	struct wl_list connections;
	int spare_fd;
};

/* Enough for the tests, the demo and a person at once; more would let connections use up the descriptors that
 * Wayland clients need. */
#define MAX_CONNECTIONS 32

struct connection {
	struct wl_list link;
	struct control *control;
	int fd;
	struct wl_event_source *source; /* NULL once the other end stopped writing; kept for a replay's "done" */
	char buffer[1024];
	size_t length;
};

/* Answers without ever blocking the compositor or dying of SIGPIPE: a reader that went away or does not read
 * loses the answer. */
static void reply(struct connection *connection, const char *text) {
	size_t length = strlen(text);
	if (connection && send(connection->fd, text, length, MSG_NOSIGNAL | MSG_DONTWAIT) != (ssize_t)length)
		wlr_log(WLR_ERROR, "control: an answer was lost: %s", strerror(errno));
}

static void close_connection(struct connection *connection);

/* A simulator trace played on the headless devices in real time, read whole before it starts. */
struct replay {
	struct control *control;
	struct trace trace;
	size_t next; /* the index of the next event to play */
	struct wl_event_source *timer;
	struct timespec start;
	uint32_t start_msec; /* the events carry the trace's own times from here, whatever the loop's delays */
	bool ending;         /* every event played; the plugin's timers get a moment */
	struct connection *requester; /* answered "done" at the end; NULL when gone */
};

/* Events due at once are played this many at a time, so that clients and commands are served between them. */
#define EVENTS_PER_TICK 64

static void free_replay(struct replay *replay) {
	wl_event_source_remove(replay->timer);
	trace_release(&replay->trace);
	replay->control->replay = NULL;
	free(replay);
}

static void finish_replay(struct replay *replay) {
	struct control *control = replay->control;
	struct connection *requester = replay->requester;
	printf("tactus-wlr: replay finished\n");
	fflush(stdout);
	free_replay(replay);
	if (requester) {
		reply(requester, "done\n");
		if (!requester->source)
			close_connection(requester);
	}
	if (control->quit_after_replay)
		wl_display_terminate(control->server->display);
}

static void stop_replay(struct control *control) {
	if (control->replay)
		free_replay(control->replay);
}

/* A touch of a calibrated panel, as libinput reports it: the trace's position turned by the panel's matrix. */
static void replay_touch(struct wlr_input_device *device, const struct trace_touchscreen *panel,
                         const struct trace_event *e, uint32_t time) {
	struct wlr_touch *touch = device->touch;
	const float *m = panel->calibration;
	double x = m[0] * e->x + m[1] * e->y + m[2], y = m[3] * e->x + m[4] * e->y + m[5];
	switch (e->type) {
	case TRACE_TOUCH_DOWN: {
		struct wlr_event_touch_down event = {device, time, e->touch_id, x, y};
		wl_signal_emit(&touch->events.down, &event);
		break;
	}
	case TRACE_TOUCH_MOTION: {
		struct wlr_event_touch_motion event = {device, time, e->touch_id, x, y};
		wl_signal_emit(&touch->events.motion, &event);
		break;
	}
	case TRACE_TOUCH_UP: {
		struct wlr_event_touch_up event = {device, time, e->touch_id};
		wl_signal_emit(&touch->events.up, &event);
		break;
	}
	case TRACE_TOUCH_CANCEL: {
		struct wlr_event_touch_cancel event = {device, time, e->touch_id};
		wl_signal_emit(&touch->events.cancel, &event);
		break;
	}
	case TRACE_TOUCH_FRAME:
		wl_signal_emit(&touch->events.frame, NULL);
		break;
	default:
		break;
	}
}

/* A trace's touchpad deltas are millimetres of finger travel; wlroots delivers libinput's units, which the plugin reads
 * at this scale (LibinputTranslator.millimetresPerUnit: 1000 dpi, slowed by libinput's touchpad factor 0.2968). */
#define TOUCHPAD_UNITS_PER_MM (1000 / 25.4 * 0.2968)

static void replay_touchpad(struct wlr_input_device *device, const struct trace_event *e, uint32_t time) {
	struct wlr_pointer *pointer = device->pointer;
	double dx = e->x * TOUCHPAD_UNITS_PER_MM, dy = e->y * TOUCHPAD_UNITS_PER_MM;
	switch (e->type) {
	case TRACE_SWIPE_BEGIN: {
		struct wlr_event_pointer_swipe_begin event = {device, time, e->fingers};
		wl_signal_emit(&pointer->events.swipe_begin, &event);
		break;
	}
	case TRACE_SWIPE_UPDATE: {
		struct wlr_event_pointer_swipe_update event = {device, time, e->fingers, dx, dy};
		wl_signal_emit(&pointer->events.swipe_update, &event);
		break;
	}
	case TRACE_SWIPE_END: {
		struct wlr_event_pointer_swipe_end event = {device, time, e->cancelled};
		wl_signal_emit(&pointer->events.swipe_end, &event);
		break;
	}
	case TRACE_PINCH_BEGIN: {
		struct wlr_event_pointer_pinch_begin event = {device, time, e->fingers};
		wl_signal_emit(&pointer->events.pinch_begin, &event);
		break;
	}
	case TRACE_PINCH_UPDATE: {
		struct wlr_event_pointer_pinch_update event = {device, time, e->fingers, dx, dy, e->scale, e->angle};
		wl_signal_emit(&pointer->events.pinch_update, &event);
		break;
	}
	case TRACE_PINCH_END: {
		struct wlr_event_pointer_pinch_end event = {device, time, e->cancelled};
		wl_signal_emit(&pointer->events.pinch_end, &event);
		break;
	}
	case TRACE_HOLD_BEGIN: {
		struct wlr_event_pointer_hold_begin event = {device, time, e->fingers};
		wl_signal_emit(&pointer->events.hold_begin, &event);
		break;
	}
	case TRACE_HOLD_END: {
		struct wlr_event_pointer_hold_end event = {device, time, e->cancelled};
		wl_signal_emit(&pointer->events.hold_end, &event);
		break;
	}
	default:
		break;
	}
}

/* Plays the events that are due, EVENTS_PER_TICK at most, and sets the timer for the next. */
static int replay_next(void *data) {
	struct replay *replay = data;
	if (replay->ending) {
		finish_replay(replay);
		return 0;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	int64_t elapsed_us =
		(int64_t)(now.tv_sec - replay->start.tv_sec) * 1000000 + (now.tv_nsec - replay->start.tv_nsec) / 1000;
	for (int played = 0; replay->next < replay->trace.count; played++) {
		const struct trace_event *event = &replay->trace.events[replay->next];
		if (event->time_us > elapsed_us) {
			/* The timer counts milliseconds in an int: an event more than 24 days away waits that long, then again. */
			int64_t wait_ms = (event->time_us - elapsed_us + 999) / 1000;
			wl_event_source_timer_update(replay->timer, wait_ms < INT_MAX ? (int)wait_ms : INT_MAX);
			return 0;
		}
		if (played == EVENTS_PER_TICK) {
			wl_event_source_timer_update(replay->timer, 1);
			return 0;
		}
		replay->next++;
		/* Milliseconds that wrap, as wlroots' do: a time before the trace's start (it may have some) is due at once. */
		uint32_t time = replay->start_msec + (uint32_t)(event->time_us / 1000);
		size_t panel = trace_touchscreen_index(&replay->trace, event->device);
		replay_touch(replay->control->replay_touchscreens[panel], &replay->trace.touchscreens[panel], event, time);
		replay_touchpad(replay->control->replay_pointer, event, time);
	}
	/* Every event played: a second for the plugin's timers (a double tap's window), then "done". */
	replay->ending = true;
	wl_event_source_timer_update(replay->timer, 1000);
	return 0;
}

static void find_headless(struct wlr_backend *backend, void *data) {
	if (wlr_backend_is_headless(backend))
		*(struct wlr_backend **)data = backend;
}

/* The headless pointer, keyboard and touchscreens that replays and commands play on: touchscreens is how many of
 * them are needed. Each is made once; false without the headless backend. */
static bool make_replay_devices(struct control *control, size_t touchscreens) {
	/* wlr_backend_autocreate wraps the headless backend in a multi-backend. */
	struct wlr_backend *headless = NULL;
	wlr_multi_for_each_backend(control->server->backend, find_headless, &headless);
	if (!headless)
		return false;
	if (!control->replay_pointer)
		control->replay_pointer = wlr_headless_add_input_device(headless, WLR_INPUT_DEVICE_POINTER);
	if (!control->replay_keyboard)
		control->replay_keyboard = wlr_headless_add_input_device(headless, WLR_INPUT_DEVICE_KEYBOARD);
	bool made = control->replay_pointer && control->replay_keyboard;
	for (size_t i = 0; i < touchscreens; i++) {
		if (!control->replay_touchscreens[i])
			control->replay_touchscreens[i] = wlr_headless_add_input_device(headless, WLR_INPUT_DEVICE_TOUCH);
		made = made && control->replay_touchscreens[i];
	}
	return made;
}

/* Starts playing a simulator trace on the headless devices, answering requester "done" at its end (NULL: nobody);
 * false, with why in error, when it cannot. */
static bool start_replay(struct control *control, const char *path, struct connection *requester, char *error,
                         size_t error_size) {
	if (control->replay) {
		snprintf(error, error_size, "a replay is playing");
		return false;
	}
	struct trace trace;
	if (!make_replay_devices(control, 1)) {
		snprintf(error, error_size, "replays need the headless backend (WLR_BACKENDS=headless)");
		return false;
	}
	if (!trace_read(path, &trace, error, error_size))
		return false;
	if (!make_replay_devices(control, trace.touchscreen_count)) {
		snprintf(error, error_size, "the headless backend made no touchscreen for each of the trace's %zu",
		         trace.touchscreen_count);
		trace_release(&trace);
		return false;
	}
	/* A touchscreen's physical size and calibration reach the plugin: the headless devices have neither. */
	for (size_t i = 0; i < trace.touchscreen_count; i++) {
		const struct trace_touchscreen *described = &trace.touchscreens[i];
		struct wlr_input_device *touchscreen = control->replay_touchscreens[i];
		if (described->has_size) {
			touchscreen->width_mm = described->width_mm;
			touchscreen->height_mm = described->height_mm;
		}
		glue_calibrate_touchscreen(control->server->glue, touchscreen, described->calibration);
	}
	struct replay *replay = calloc(1, sizeof *replay);
	replay->control = control;
	replay->trace = trace;
	replay->requester = requester;
	clock_gettime(CLOCK_MONOTONIC, &replay->start);
	replay->start_msec = (uint32_t)(replay->start.tv_sec * 1000 + replay->start.tv_nsec / 1000000);
	replay->timer =
		wl_event_loop_add_timer(wl_display_get_event_loop(control->server->display), replay_next, replay);
	wl_event_source_timer_update(replay->timer, 1);
	control->replay = replay;
	return true;
}

bool control_replay_then_quit(struct control *control, const char *path, char *error, size_t error_size) {
	if (!start_replay(control, path, NULL, error, error_size))
		return false;
	control->quit_after_replay = true;
	return true;
}

static void move_pointer(struct control *control, const struct wlr_box *box, double x, double y) {
	struct wlr_event_pointer_motion_absolute event = {
		control->replay_pointer, monotonic_msec(), (x - box->x) / box->width, (y - box->y) / box->height,
	};
	wl_signal_emit(&control->replay_pointer->pointer->events.motion_absolute, &event);
	wl_signal_emit(&control->replay_pointer->pointer->events.frame, NULL);
}

/* A key of the headless keyboard, as a keyboard's driver reports it: wlroots updates the modifiers from it. */
static void press_key(struct control *control, uint32_t keycode, bool pressed) {
	struct wlr_event_keyboard_key event = {
		.time_msec = monotonic_msec(), .keycode = keycode, .update_state = true,
		.state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
	};
	wlr_keyboard_notify_key(control->replay_keyboard->keyboard, &event);
}

static void list_windows(struct server *server, struct connection *connection) {
	struct view *view;
	wl_list_for_each(view, &server->views, link) {
		struct wlr_box geometry;
		wlr_xdg_surface_get_geometry(view->xdg_surface, &geometry);
		const char *title = view->xdg_surface->toplevel->title;
		char line[256];
		snprintf(line, sizeof line, "window %d %d %d %d %s\n", view->x, view->y, geometry.width, geometry.height,
		         title ? title : "");
		reply(connection, line);
	}
	reply(connection, "ok\n");
}

/* A seat by name: seat0 is the desktop's; another is one the control made, or makes now if make is set (NULL when
 * it cannot: every slot is taken). */
static struct wlr_seat *find_seat(struct control *control, const char *name, bool make) {
	if (strcmp(name, control->server->seat->name) == 0)
		return control->server->seat;
	for (size_t i = 0; i < TRACE_MAX_TOUCHSCREENS; i++)
		if (control->seats[i] && strcmp(control->seats[i]->name, name) == 0)
			return control->seats[i];
	for (size_t i = 0; make && i < TRACE_MAX_TOUCHSCREENS; i++)
		if (!control->seats[i])
			return control->seats[i] = wlr_seat_create(control->server->display, name);
	return NULL;
}

/* The control's seats offer touch while a touchscreen is on them, nothing otherwise; the plugin hears of each change
 * (a seat left without touch stops its clients' gestures). */
static void update_seat_capabilities(struct control *control) {
	for (size_t i = 0; i < TRACE_MAX_TOUCHSCREENS; i++) {
		struct wlr_seat *seat = control->seats[i];
		if (!seat)
			continue;
		uint32_t capabilities = 0;
		for (size_t j = 0; j < TRACE_MAX_TOUCHSCREENS; j++)
			if (control->replay_touchscreens[j] && control->replay_touchscreens[j]->data == seat)
				capabilities = WL_SEAT_CAPABILITY_TOUCH;
		if (capabilities != seat->capabilities) {
			wlr_seat_set_capabilities(seat, capabilities);
			glue_seat_capabilities(control->server->glue, seat->name, capabilities);
		}
	}
}

/* Puts touchscreen number index (from 1, as a trace's devices come) on the seat (data NULL: seat0), announcing it
 * again to the plugin, which takes it as another device. */
static void put_on_seat(struct control *control, size_t index, struct wlr_seat *seat) {
	struct wlr_input_device *touchscreen = control->replay_touchscreens[index - 1];
	touchscreen->data = seat == control->server->seat ? NULL : seat;
	glue_add_touchscreen(control->server->glue, touchscreen);
	update_seat_capabilities(control);
}

/* "seat NAME touchscreen N" puts the Nth headless touchscreen on seat NAME, made if new; "seat NAME remove" takes a
 * seat the control made away, its touchscreens going back to seat0. */
static void run_seat_command(struct control *control, struct connection *connection, const char *name,
                             const char *what, size_t index) {
	if (strcmp(what, "touchscreen") == 0) {
		struct wlr_seat *seat = NULL;
		if (index < 1 || index > TRACE_MAX_TOUCHSCREENS || !make_replay_devices(control, index) ||
		    !(seat = find_seat(control, name, true))) {
			reply(connection, "error: seat NAME touchscreen N needs the headless backend, N from 1 to 4, and at most "
			                  "4 seats besides seat0\n");
			return;
		}
		put_on_seat(control, index, seat);
		reply(connection, "ok\n");
		return;
	}
	struct wlr_seat *seat = find_seat(control, name, false);
	if (!seat || seat == control->server->seat) {
		reply(connection, "error: seat NAME remove takes a seat the control made\n");
		return;
	}
	for (size_t i = 0; i < TRACE_MAX_TOUCHSCREENS; i++)
		if (control->seats[i] == seat)
			control->seats[i] = NULL;
	/* Its clients' gestures stop while the seat is still there, then its touchscreens go back to seat0. */
	glue_seat_capabilities(control->server->glue, seat->name, 0);
	for (size_t i = 0; i < TRACE_MAX_TOUCHSCREENS; i++)
		if (control->replay_touchscreens[i] && control->replay_touchscreens[i]->data == seat)
			put_on_seat(control, i + 1, control->server->seat);
	wlr_seat_destroy(seat);
	reply(connection, "ok\n");
}

/* "output transform N" turns the first output by wl_output_transform N (0 ... 7): a tablet held the other way. Its
 * box in the layout turns with it, and the touchscreens are announced again there (tactus-wlr.c's output_commit). */
static void turn_output(struct control *control, struct connection *connection, unsigned transform) {
	struct wlr_output_layout_output *first = NULL;
	if (!wl_list_empty(&control->server->layout->outputs))
		first = wl_container_of(control->server->layout->outputs.next, first, link);
	if (!first || transform > WL_OUTPUT_TRANSFORM_FLIPPED_270) {
		reply(connection, "error: output transform N needs an output and N from 0 to 7\n");
		return;
	}
	wlr_output_set_transform(first->output, transform);
	reply(connection, wlr_output_commit(first->output) ? "ok\n" : "error: the output refused the transform\n");
}

static void run_control_command(struct connection *connection, char *command) {
	struct control *control = connection->control;
	struct server *server = control->server;
	double x, y;
	unsigned keycode, index = 0;
	char state[16], seat[32], what[16];
	if (strncmp(command, "replay ", 7) == 0) {
		char error[1024], line[sizeof error + 16];
		if (!start_replay(control, command + 7, connection, error, sizeof error)) {
			snprintf(line, sizeof line, "error: %s\n", error);
			reply(connection, line);
		}
	} else if (sscanf(command, "pointer %lf %lf", &x, &y) == 2) {
		struct wlr_box *layout = wlr_output_layout_get_box(server->layout, NULL);
		if (!make_replay_devices(control, 1) || layout->width <= 0 || layout->height <= 0) {
			reply(connection, "error: the pointer needs the headless backend and an output\n");
			return;
		}
		move_pointer(control, layout, x, y);
		reply(connection, "ok\n");
	} else if (sscanf(command, "key %u %15s", &keycode, state) == 2 &&
	           (strcmp(state, "pressed") == 0 || strcmp(state, "released") == 0)) {
		if (!make_replay_devices(control, 1)) {
			reply(connection, "error: the keyboard needs the headless backend\n");
			return;
		}
		press_key(control, keycode, strcmp(state, "pressed") == 0);
		reply(connection, "ok\n");
	} else if (sscanf(command, "seat %31s %15s %u", seat, what, &index) >= 2 &&
	           (strcmp(what, "touchscreen") == 0 || strcmp(what, "remove") == 0)) {
		run_seat_command(control, connection, seat, what, index);
	} else if (sscanf(command, "output transform %u", &index) == 1) {
		turn_output(control, connection, index);
	} else if (strcmp(command, "windows") == 0) {
		list_windows(server, connection);
	} else if (strcmp(command, "reload") == 0) {
		char error[1024], line[sizeof error + 16];
		if (glue_reload(server->glue, error, sizeof error)) {
			reply(connection, "ok\n");
		} else {
			snprintf(line, sizeof line, "error: %s\n", error);
			reply(connection, line);
		}
	} else if (strcmp(command, "quit") == 0) {
		reply(connection, "ok\n");
		wl_display_terminate(server->display);
	} else {
		reply(connection, "error: commands are replay TRACE, pointer X Y, key CODE pressed|released, seat NAME "
		                  "touchscreen N, seat NAME remove, output transform N, windows, reload, quit\n");
	}
}

static void close_connection(struct connection *connection) {
	struct replay *replay = connection->control->replay;
	if (replay && replay->requester == connection)
		replay->requester = NULL;
	wl_list_remove(&connection->link);
	if (connection->source)
		wl_event_source_remove(connection->source);
	close(connection->fd);
	free(connection);
}

/* Runs the complete lines read so far; false when the connection had to go. A line with a NUL byte is refused
 * whole: the commands are text, and C string functions would read only its start. */
static bool run_lines(struct connection *connection) {
	char *line = connection->buffer, *newline;
	while ((newline = memchr(line, '\n', connection->length))) {
		*newline = '\0';
		if (memchr(line, '\0', (size_t)(newline - line)))
			reply(connection, "error: a command must not contain a NUL byte\n");
		else
			run_control_command(connection, line);
		connection->length -= (size_t)(newline + 1 - line);
		memmove(line, newline + 1, connection->length);
	}
	if (connection->length == sizeof connection->buffer) {
		reply(connection, "error: line too long\n");
		close_connection(connection);
		return false;
	}
	return true;
}

/* Reads what there is (the socket does not block), runs each complete line, and at the end of the stream closes
 * the connection, or keeps it for the "done" of a replay it asked for. */
static int connection_readable(int fd, uint32_t mask, void *data) {
	(void)mask;
	struct connection *connection = data;
	ssize_t count;
	while ((count = read(fd, connection->buffer + connection->length,
	                     sizeof connection->buffer - connection->length)) > 0) {
		connection->length += (size_t)count;
		if (!run_lines(connection))
			return 0;
	}
	if (count < 0 && (errno == EAGAIN || errno == EINTR))
		return 0;
	struct replay *replay = connection->control->replay;
	if (replay && replay->requester == connection) {
		wl_event_source_remove(connection->source);
		connection->source = NULL;
	} else {
		close_connection(connection);
	}
	return 0;
}

/* Accepts a connection only to tell it why it cannot stay: a connection left waiting would keep the listening socket
 * readable, and the event loop would call control_acceptable again and again. */
static void refuse(int client, const char *reason) {
	send(client, reason, strlen(reason), MSG_NOSIGNAL | MSG_DONTWAIT);
	close(client);
}

static int control_acceptable(int fd, uint32_t mask, void *data) {
	(void)mask;
	struct control *control = data;
	int client = accept(fd, NULL, NULL);
	if (client < 0 && errno == EMFILE && control->spare_fd >= 0) {
		/* Out of descriptors: the spare one lets the connection in to be refused. */
		close(control->spare_fd);
		client = accept(fd, NULL, NULL);
		if (client >= 0)
			refuse(client, "error: tactus-wlr has run out of file descriptors\n");
		control->spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
		return 0;
	}
	if (client < 0)
		return 0;
	if (wl_list_length(&control->connections) >= MAX_CONNECTIONS) {
		refuse(client, "error: too many control connections\n");
		return 0;
	}
	fcntl(client, F_SETFD, FD_CLOEXEC);
	fcntl(client, F_SETFL, O_NONBLOCK);
	struct connection *connection = calloc(1, sizeof *connection);
	connection->control = control;
	connection->fd = client;
	/* The event loop keeps a duplicate of the descriptor: that one can be the one too many. */
	connection->source = wl_event_loop_add_fd(wl_display_get_event_loop(control->server->display), client,
	                                          WL_EVENT_READABLE, connection_readable, connection);
	if (!connection->source) {
		refuse(client, "error: tactus-wlr has run out of file descriptors\n");
		free(connection);
		return 0;
	}
	wl_list_insert(&control->connections, &connection->link);
	return 0;
}

struct control *control_create(struct server *server) {
	struct control *control = calloc(1, sizeof *control);
	control->server = server;
	control->fd = -1;
	wl_list_init(&control->connections);
	control->spare_fd = -1;
	return control;
}

bool control_listen(struct control *control, const char *path) {
	struct sockaddr_un address = {.sun_family = AF_UNIX};
	if (strlen(path) >= sizeof address.sun_path) {
		errno = ENAMETOOLONG;
		return false;
	}
	strcpy(address.sun_path, path);
	unlink(path);
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return false;
	if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, 4) < 0) {
		close(fd);
		return false;
	}
	control->path = strdup(path);
	control->fd = fd;
	control->spare_fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
	control->source = wl_event_loop_add_fd(wl_display_get_event_loop(control->server->display), fd,
	                                       WL_EVENT_READABLE, control_acceptable, control);
	return true;
}

void control_destroy(struct control *control) {
	if (!control)
		return;
	struct connection *connection, *next;
	wl_list_for_each_safe(connection, next, &control->connections, link)
		close_connection(connection);
	if (control->path) {
		wl_event_source_remove(control->source);
		close(control->fd);
		if (control->spare_fd >= 0)
			close(control->spare_fd);
		unlink(control->path);
		free(control->path);
	}
	stop_replay(control);
	free(control);
}
