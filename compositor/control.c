// SPDX-License-Identifier: MIT
/*
 * tactus-wlr's control socket and trace replays: what lets tests, the demo and the simulator's generators drive a
 * headless compositor. Their state (the headless devices, the replay playing, the socket) is the control's own;
 * control.h is its API for main, and all it knows of the desktop (struct control_desktop). headless/ reads and plays
 * the traces (trace.h, replay.h) and serves the socket (command-socket.h).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wlr/interfaces/wlr_keyboard.h>
#include <wlr/types/wlr_output.h>
#include <wlr/types/wlr_output_layout.h>
#include <wlr/types/wlr_pointer.h>
#include <wlr/types/wlr_seat.h>
#include <wlr/types/wlr_touch.h>
#include <wlr/util/log.h>
#include "wlr-compat.h"

#include "command-socket.h"
#include "control.h"
#include "replay.h"
#include "tactus-glue.h"
#include "trace.h"

struct control {
	struct control_desktop desktop;
	/* The headless touchscreens, pointer and keyboard that replays and commands play on, made when first needed:
	 * one touchscreen for each of a trace's (TRACE_MAX_TOUCHSCREENS at most), so that several touch at once. */
	struct replay_devices devices;
	/* Seats beside the desktop's seat0, made by the seat command for the touchscreens put on them. */
	struct wlr_seat *seats[TRACE_MAX_TOUCHSCREENS];
	/* The one replay at a time: its trace while it is read, then its playing. The connection that asked for it waits
	 * for its "done". */
	struct replay_loading *loading;
	struct replay *replay;
	bool quit_after_replay;
	struct command_socket *socket; /* once listening */
};

/* The replay is over, played, refused or stopped: its requester hears how, and a compositor started with --replay
 * quits. */
static void end_replay(struct control *control, const char *answer) {
	control->loading = NULL;
	control->replay = NULL;
	command_socket_answer_waiting(control->socket, answer);
	if (control->quit_after_replay)
		wl_display_terminate(control->desktop.display);
}

static void finish_replay(void *data) {
	printf("tactus-wlr: replay finished\n");
	fflush(stdout);
	end_replay(data, "done\n");
}

static bool make_replay_devices(struct control *control, size_t touchscreens) {
	return replay_devices_make(&control->devices, control->desktop.backend, touchscreens);
}

/* Whether a replay may start: none is being read or played, and there are headless devices to play it on; false,
 * with why in error, when not. */
static bool may_replay(struct control *control, char *error, size_t error_size) {
	if (control->loading || control->replay)
		snprintf(error, error_size, "a replay is playing");
	else if (!make_replay_devices(control, 1))
		snprintf(error, error_size, "replays need the headless backend (WLR_BACKENDS=headless)");
	else
		return true;
	return false;
}

/* Plays a trace read on the headless devices, which it owns from here; false, with why in error, when they cannot
 * be made for it. */
static bool play(struct control *control, struct trace *trace, char *error, size_t error_size) {
	if (!make_replay_devices(control, trace->touchscreen_count)) {
		snprintf(error, error_size, "the headless backend made no touchscreen for each of the trace's %zu",
		         trace->touchscreen_count);
		trace_release(trace);
		return false;
	}
	/* A touchscreen's physical size and calibration reach the plugin: the headless devices have neither. */
	for (size_t i = 0; i < trace->touchscreen_count; i++) {
		const struct trace_touchscreen *described = &trace->touchscreens[i];
		struct wlr_input_device *touchscreen = control->devices.touchscreens[i];
		if (described->has_size) {
			tactus_touchscreen(touchscreen)->width_mm = described->width_mm;
			tactus_touchscreen(touchscreen)->height_mm = described->height_mm;
		}
		glue_calibrate_touchscreen(control->desktop.glue, touchscreen, described->calibration);
	}
	control->replay = replay_start(wl_display_get_event_loop(control->desktop.display), trace, &control->devices,
	                               finish_replay, control);
	return true;
}

/* The trace of a replay command is read (trace NULL: refused, error says why): it plays, or its requester hears why
 * it cannot. */
static void trace_loaded(struct trace *trace, const char *error, void *data) {
	struct control *control = data;
	char why[1024], answer[sizeof why + 16];
	control->loading = NULL;
	if (trace && play(control, trace, why, sizeof why))
		return;
	snprintf(answer, sizeof answer, "error: %s\n", trace ? why : error);
	end_replay(control, answer);
}

/* "replay TRACE": the trace is read between the compositor's other work (replay.h), then plays; the connection waits
 * for its "done", or for why it cannot play. */
static void run_replay_command(struct control *control, struct command_connection *connection, const char *path) {
	char error[1024], line[sizeof error + 16];
	if (!may_replay(control, error, sizeof error)) {
		snprintf(line, sizeof line, "error: %s\n", error);
		command_reply(connection, line);
		return;
	}
	control->loading = replay_load(wl_display_get_event_loop(control->desktop.display), path, trace_loaded, control);
	command_wait(connection);
}

/* Before the compositor runs, nothing waits for it: the trace is read at once, and one refused stops it. */
bool control_replay_then_quit(struct control *control, const char *path, char *error, size_t error_size) {
	struct trace trace;
	if (!may_replay(control, error, error_size) || !trace_read(path, &trace, error, error_size) ||
	    !play(control, &trace, error, error_size))
		return false;
	control->quit_after_replay = true;
	return true;
}

/* "stop-replay" ends the replay being read or played, however far off its next event: what it had in flight ends as
 * a device's does when libinput gives up on it (replay_stop), its requester hears that it was stopped, and another
 * replay may start. */
static void run_stop_replay_command(struct control *control, struct command_connection *connection) {
	if (!control->loading && !control->replay) {
		command_reply(connection, "error: no replay is playing\n");
		return;
	}
	if (control->loading)
		replay_loading_cancel(control->loading);
	if (control->replay)
		replay_stop(control->replay);
	printf("tactus-wlr: replay stopped\n");
	fflush(stdout);
	end_replay(control, "error: the replay was stopped\n");
	command_reply(connection, "ok\n");
}

static void move_pointer(struct control *control, const struct wlr_box *box, double x, double y) {
	struct wlr_pointer *pointer = wlr_pointer_from_input_device(control->devices.pointer);
	struct wlr_pointer_motion_absolute_event event = {
		TACTUS_POINTER_EVENT_FROM(control->devices.pointer), .time_msec = monotonic_msec(),
		.x = (x - box->x) / box->width, .y = (y - box->y) / box->height,
	};
	wl_signal_emit(&pointer->events.motion_absolute, &event);
	wl_signal_emit(&pointer->events.frame, NULL);
}

/* A key of the headless keyboard, as a keyboard's driver reports it: wlroots updates the modifiers from it. */
static void press_key(struct control *control, uint32_t keycode, bool pressed) {
	struct wlr_keyboard_key_event event = {
		.time_msec = monotonic_msec(), .keycode = keycode, .update_state = true,
		.state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED,
	};
	wlr_keyboard_notify_key(wlr_keyboard_from_input_device(control->devices.keyboard), &event);
}

static void list_window(const struct control_window *window, void *connection) {
	char line[256];
	snprintf(line, sizeof line, "window %d %d %d %d %s\n", window->x, window->y, window->width, window->height,
	         window->title ? window->title : "");
	command_reply(connection, line);
}

static void list_windows(struct control *control, struct command_connection *connection) {
	control->desktop.for_each_window(control->desktop.data, list_window, connection);
	command_reply(connection, "ok\n");
}

/* A seat by name: seat0 is the desktop's; another is one the control made, or makes now if make is set (NULL when
 * it cannot: every slot is taken). */
static struct wlr_seat *find_seat(struct control *control, const char *name, bool make) {
	if (strcmp(name, control->desktop.seat->name) == 0)
		return control->desktop.seat;
	for (size_t i = 0; i < TRACE_MAX_TOUCHSCREENS; i++)
		if (control->seats[i] && strcmp(control->seats[i]->name, name) == 0)
			return control->seats[i];
	for (size_t i = 0; make && i < TRACE_MAX_TOUCHSCREENS; i++)
		if (!control->seats[i])
			return control->seats[i] = wlr_seat_create(control->desktop.display, name);
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
			if (control->devices.touchscreens[j] && control->devices.touchscreens[j]->data == seat)
				capabilities = WL_SEAT_CAPABILITY_TOUCH;
		if (capabilities != seat->capabilities) {
			wlr_seat_set_capabilities(seat, capabilities);
			glue_seat_capabilities(control->desktop.glue, seat->name, capabilities);
		}
	}
}

/* Puts touchscreen number index (from 1, as a trace's devices come) on the seat (data NULL: seat0), announcing it
 * again to the plugin, which takes it as another device. */
static void put_on_seat(struct control *control, size_t index, struct wlr_seat *seat) {
	struct wlr_input_device *touchscreen = control->devices.touchscreens[index - 1];
	touchscreen->data = seat == control->desktop.seat ? NULL : seat;
	glue_add_touchscreen(control->desktop.glue, touchscreen);
	update_seat_capabilities(control);
}

/* "seat NAME touchscreen N" puts the Nth headless touchscreen on seat NAME, made if new; "seat NAME remove" takes a
 * seat the control made away, its touchscreens going back to seat0. */
static void run_seat_command(struct control *control, struct command_connection *connection, const char *name,
                             const char *what, size_t index) {
	if (strcmp(what, "touchscreen") == 0) {
		struct wlr_seat *seat = NULL;
		if (index < 1 || index > TRACE_MAX_TOUCHSCREENS || !make_replay_devices(control, index) ||
		    !(seat = find_seat(control, name, true))) {
			command_reply(connection, "error: seat NAME touchscreen N needs the headless backend, N from 1 to 4, and at most "
			                  "4 seats besides seat0\n");
			return;
		}
		put_on_seat(control, index, seat);
		command_reply(connection, "ok\n");
		return;
	}
	struct wlr_seat *seat = find_seat(control, name, false);
	if (!seat || seat == control->desktop.seat) {
		command_reply(connection, "error: seat NAME remove takes a seat the control made\n");
		return;
	}
	for (size_t i = 0; i < TRACE_MAX_TOUCHSCREENS; i++)
		if (control->seats[i] == seat)
			control->seats[i] = NULL;
	/* Its clients' gestures stop while the seat is still there, then its touchscreens go back to seat0. */
	glue_seat_capabilities(control->desktop.glue, seat->name, 0);
	for (size_t i = 0; i < TRACE_MAX_TOUCHSCREENS; i++)
		if (control->devices.touchscreens[i] && control->devices.touchscreens[i]->data == seat)
			put_on_seat(control, i + 1, control->desktop.seat);
	wlr_seat_destroy(seat);
	command_reply(connection, "ok\n");
}

/* "output transform N" turns the first output by wl_output_transform N (0 ... 7): a tablet held the other way. Its
 * box in the layout turns with it, and the touchscreens are announced again there (tactus-wlr.c's output_commit). */
static void turn_output(struct control *control, struct command_connection *connection, unsigned transform) {
	struct wlr_output_layout_output *first = NULL;
	if (!wl_list_empty(&control->desktop.layout->outputs))
		first = wl_container_of(control->desktop.layout->outputs.next, first, link);
	if (!first || transform > WL_OUTPUT_TRANSFORM_FLIPPED_270) {
		command_reply(connection, "error: output transform N needs an output and N from 0 to 7\n");
		return;
	}
#if TACTUS_WLR_015
	wlr_output_set_transform(first->output, transform);
	bool turned = wlr_output_commit(first->output);
#else
	struct wlr_output_state state;
	wlr_output_state_init(&state);
	wlr_output_state_set_transform(&state, transform);
	bool turned = wlr_output_commit_state(first->output, &state);
	wlr_output_state_finish(&state);
#endif
	command_reply(connection, turned ? "ok\n" : "error: the output refused the transform\n");
}

static void run_control_command(struct control *control, struct command_connection *connection, char *command) {
	const struct control_desktop *desktop = &control->desktop;
	double x, y;
	unsigned keycode, index = 0;
	char state[16], seat[32], what[16];
	if (strncmp(command, "replay ", 7) == 0) {
		run_replay_command(control, connection, command + 7);
	} else if (strcmp(command, "stop-replay") == 0) {
		run_stop_replay_command(control, connection);
	} else if (sscanf(command, "pointer %lf %lf", &x, &y) == 2) {
		struct wlr_box layout;
		wlr_output_layout_get_box(desktop->layout, NULL, &layout);
		if (!make_replay_devices(control, 1) || wlr_box_empty(&layout)) {
			command_reply(connection, "error: the pointer needs the headless backend and an output\n");
			return;
		}
		move_pointer(control, &layout, x, y);
		command_reply(connection, "ok\n");
	} else if (sscanf(command, "key %u %15s", &keycode, state) == 2 &&
	           (strcmp(state, "pressed") == 0 || strcmp(state, "released") == 0)) {
		if (!make_replay_devices(control, 1)) {
			command_reply(connection, "error: the keyboard needs the headless backend\n");
			return;
		}
		press_key(control, keycode, strcmp(state, "pressed") == 0);
		command_reply(connection, "ok\n");
	} else if (sscanf(command, "seat %31s %15s %u", seat, what, &index) >= 2 &&
	           (strcmp(what, "touchscreen") == 0 || strcmp(what, "remove") == 0)) {
		run_seat_command(control, connection, seat, what, index);
	} else if (sscanf(command, "output transform %u", &index) == 1) {
		turn_output(control, connection, index);
	} else if (strcmp(command, "windows") == 0) {
		list_windows(control, connection);
	} else if (strcmp(command, "reload") == 0) {
		char error[1024], line[sizeof error + 16];
		if (glue_reload(desktop->glue, error, sizeof error)) {
			command_reply(connection, "ok\n");
		} else {
			snprintf(line, sizeof line, "error: %s\n", error);
			command_reply(connection, line);
		}
	} else if (strcmp(command, "quit") == 0) {
		command_reply(connection, "ok\n");
		wl_display_terminate(desktop->display);
	} else {
		command_reply(connection, "error: commands are replay TRACE, stop-replay, pointer X Y, key CODE "
		                  "pressed|released, seat NAME touchscreen N, seat NAME remove, output transform N, windows, "
		                  "reload, quit\n");
	}
}

struct control *control_create(const struct control_desktop *desktop) {
	struct control *control = calloc(1, sizeof *control);
	control->desktop = *desktop;
	return control;
}

static void run_line(struct command_connection *connection, char *line, void *data) {
	run_control_command(data, connection, line);
}

bool control_listen(struct control *control, const char *path) {
	control->socket = command_socket_listen(wl_display_get_event_loop(control->desktop.display), path, "tactus-wlr",
	                                        run_line, control);
	return control->socket != NULL;
}

void control_destroy(struct control *control) {
	if (!control)
		return;
	command_socket_destroy(control->socket);
	if (control->loading)
		replay_loading_cancel(control->loading);
	if (control->replay)
		replay_destroy(control->replay);
	replay_devices_destroy(&control->devices);
	free(control);
}
