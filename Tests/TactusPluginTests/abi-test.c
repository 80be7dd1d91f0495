// SPDX-License-Identifier: MIT
/*
 * Loads libtactus.so with dlopen, as a compositor would, creates the plugin on a real wl_display and drives it
 * through the wlroots-shaped entries of tactus.h. Usage: abi-test [PATH/TO/libtactus.so] (default: the SONAME,
 * TACTUS_LIBRARY, as an installed library is found).
 * Prints one line per check and "N passed, N failed"; exits non-zero when any check fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <wayland-server.h>

#include "check.h"
#include "entries.h"
#include "tactus-gestures-v1-client-protocol.h"
#include "tactus.h"

/* The entries, looked up by name. */
static struct tactus_plugin_entries tactus;

/* What the host saw. */
struct record {
	char actions[64][64];
	enum tactus_phase phases[64];
	struct tactus_values values[64];
	double progresses[64];
	int action_count;
	int delivered, cancelled;
	enum tactus_touch_type delivered_types[8]; /* the first ones delivered */
	int touchpad_cancelled; /* cancel_touchpad_gesture calls */
	char last_log[512];
	char all_logs[4096];
	int decisions[4]; /* counts by enum tactus_decision */
};

static struct record seen;

/* The display's event loop, where the plugin runs its timers and the bindings' actions (after the engine step). */
static struct wl_event_loop *loop;

/* What the host does from inside run_action, once: call back into the plugin, or destroy it. */
static void (*inside_action)(void);
static struct tactus_plugin *destroy_from_callback;

static void run_action(void *data, const char *name, enum tactus_phase phase, double progress,
                       const struct tactus_values *values) {
	(void)data;
	if (inside_action) {
		void (*call)(void) = inside_action;
		inside_action = NULL;
		call();
	}
	if (destroy_from_callback) {
		tactus.destroy(destroy_from_callback);
		destroy_from_callback = NULL;
	}
	if (seen.action_count < 64) {
		snprintf(seen.actions[seen.action_count], sizeof seen.actions[0], "%s", name);
		seen.phases[seen.action_count] = phase;
		seen.values[seen.action_count] = *values;
		seen.progresses[seen.action_count] = progress;
		seen.action_count++;
	}
}

static void deliver_touch(void *data, const struct tactus_touch *touch) {
	(void)data;
	if (seen.delivered < 8)
		seen.delivered_types[seen.delivered] = touch->type;
	seen.delivered++;
}

static void cancel_touches(void *data, uint32_t device) {
	(void)data;
	(void)device;
	seen.cancelled++;
}

static void cancel_touchpad_gesture(void *data, uint32_t device) {
	(void)data;
	(void)device;
	seen.touchpad_cancelled++;
}

static void log_message(void *data, enum tactus_log_level level, const char *message) {
	(void)data;
	(void)level;
	snprintf(seen.last_log, sizeof seen.last_log, "%s", message);
	size_t used = strlen(seen.all_logs);
	snprintf(seen.all_logs + used, sizeof seen.all_logs - used, "%s\n", message);
}

static void reset(void) { memset(&seen, 0, sizeof seen); }

/* Fingers on a line, moving together from (x, y) by (dx, dy) in normalized units over 300 ms at 100 Hz;
 * spread: how much further apart they get (a pinch). Starts at start_ms. */
static void (*halfway)(void); /* what the host does halfway through the next stroke, once */

static void stroke(struct tactus_plugin *plugin, int fingers, double x, double y, double dx, double dy, double spread,
                   uint32_t start_ms) {
	const int steps = 30;
	for (int f = 0; f < fingers; f++)
		seen.decisions[tactus.touch_down(plugin, 1, start_ms, f, x + 0.05 * f, y)]++;
	seen.decisions[tactus.touch_frame(plugin, 1)]++;
	for (int s = 1; s <= steps; s++) {
		double t = (double)s / steps;
		uint32_t time = start_ms + (uint32_t)(300 * t);
		for (int f = 0; f < fingers; f++) {
			double offset = (0.05 + spread * t) * (f - (fingers - 1) / 2.0);
			seen.decisions[tactus.touch_motion(plugin, 1, time, f, x + 0.05 * (fingers - 1) / 2.0 + offset + dx * t,
			                                   y + dy * t)]++;
		}
		seen.decisions[tactus.touch_frame(plugin, 1)]++;
		if (s == steps / 2 && halfway) {
			void (*then)(void) = halfway;
			halfway = NULL;
			then();
		}
	}
	for (int f = 0; f < fingers; f++)
		seen.decisions[tactus.touch_up(plugin, 1, start_ms + 300, f)]++;
	seen.decisions[tactus.touch_frame(plugin, 1)]++;
}

/* How many times the action ran in that phase, once the event loop has run what was due. */
static int count_phase(const char *action, enum tactus_phase phase) {
	wl_event_loop_dispatch(loop, 0);
	int n = 0;
	for (int i = 0; i < seen.action_count; i++)
		if (strcmp(seen.actions[i], action) == 0 && seen.phases[i] == phase)
			n++;
	return n;
}

/* A client in a child process: exits 0 when the registry announces tactus_gesture_manager_v1. */
static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
	(void)registry;
	(void)name;
	(void)version;
	if (strcmp(interface, "tactus_gesture_manager_v1") == 0)
		*(bool *)data = true;
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
	(void)data;
	(void)registry;
	(void)name;
}

static const struct wl_registry_listener registry_listener = {registry_global, registry_global_remove};

/* Runs the display for a client in a child process until it exits, 5 s at most; true when it exited 0. */
static bool served_until_exit(struct wl_display *display, pid_t child) {
	int status = 1;
	for (int i = 0; i < 500; i++) {
		wl_event_loop_dispatch(wl_display_get_event_loop(display), 10);
		wl_display_flush_clients(display);
		if (waitpid(child, &status, WNOHANG) == child)
			return WIFEXITED(status) && WEXITSTATUS(status) == 0;
	}
	return false;
}

static bool client_sees_the_global(struct wl_display *display, const char *socket) {
	pid_t child = fork();
	if (child == 0) {
		struct wl_display *connection = wl_display_connect(socket);
		bool found = false;
		if (connection) {
			wl_registry_add_listener(wl_display_get_registry(connection), &registry_listener, &found);
			wl_display_roundtrip(connection);
		}
		_exit(found ? 0 : 1);
	}
	return served_until_exit(display, child);
}

/* Now, as wlroots stamps its events: CLOCK_MONOTONIC milliseconds in 32 bits. */
static uint32_t monotonic_msec(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

static void write_file(const char *path, const char *text) {
	FILE *file = fopen(path, "w");
	fputs(text, file);
	fclose(file);
}

/* What the file at path holds, at most size - 1 bytes; empty when there is none. */
static void read_file(const char *path, char *text, size_t size) {
	FILE *file = fopen(path, "r");
	size_t length = file ? fread(text, 1, size - 1, file) : 0;
	text[length] = 0;
	if (file)
		fclose(file);
}

/* Runs the display's event loop for about `milliseconds`: the plugin's timers (here, reaping commands) run there. */
static void run_loop(struct wl_display *display, int milliseconds) {
	for (int i = 0; i < milliseconds / 10; i++)
		wl_event_loop_dispatch(wl_display_get_event_loop(display), 10);
}

/* Callbacks may call back (tactus.h): a binding's action runs from the event loop after the engine step, and what the
 * host calls from inside it is queued until it returns, answered at once from the arguments. */
static struct tactus_plugin *acting_on;
static int removed_answer;
static enum tactus_decision touch_answers[4];

static void remove_the_screen(void) { removed_answer = tactus.remove_device(acting_on, 1); }

static uint32_t inside_time;
static void touch_inside(void) {
	touch_answers[0] = tactus.touch_down(acting_on, 1, inside_time, 9, 0.7, 0.7);
	touch_answers[1] = tactus.touch_frame(acting_on, 1);
	touch_answers[2] = tactus.touch_up(acting_on, 1, inside_time + 40, 9);
	touch_answers[3] = tactus.touch_frame(acting_on, 1);
}

static enum tactus_decision swipe_begun_inside;
static void swipe_inside(void) { swipe_begun_inside = tactus.swipe_begin(acting_on, 2, inside_time, 4); }

static void tap(struct tactus_plugin *plugin, int fingers, uint32_t time) {
	for (int f = 0; f < fingers; f++)
		tactus.touch_down(plugin, 1, time, f, 0.3 + 0.05 * f, 0.3);
	tactus.touch_frame(plugin, 1);
	for (int f = 0; f < fingers; f++)
		tactus.touch_up(plugin, 1, time + 50, f);
	tactus.touch_frame(plugin, 1);
}

static struct tactus_plugin *moving_plugin;
static struct tactus_device moved_screen;
static int moved_answer = -2;
static void move_the_screen(void) { moved_answer = tactus.add_device(moving_plugin, &moved_screen); }

static int reload_answer;
static void reload_now(void) { reload_answer = tactus.reload_config(acting_on); }

/* A host whose hit test destroys the plugin at its second call: inside the touch entry that starts a second
 * interaction. */
static struct tactus_plugin *destroyed_inside;
static int hit_tests;

static size_t destroying_surfaces_at(void *data, double x, double y, struct tactus_surface_hit *hits, size_t capacity) {
	(void)data, (void)x, (void)y, (void)hits, (void)capacity;
	if (++hit_tests == 2)
		tactus.destroy(destroyed_inside);
	return 0;
}

/* Touches withheld when the plugin is destroyed go to the client then, in order, through deliver_touch: a client
 * never gets the rest of a touch without its down. */
static void withheld_at_destroy_checks(struct wl_display *display, struct tactus_host *host) {
	struct tactus_device screen = SIZED(tactus_device, .id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN, .width_mm = 160,
	                                    .height_mm = 100, .output = {0, 0, 1600, 1000});
	struct tactus_binding swipe = SIZED(tactus_binding, .action = "swipe", .kind = TACTUS_GESTURE_SWIPE, .fingers = 3,
	                                    .policy = TACTUS_POLICY_WITHHOLD, .priority = TACTUS_PRIORITY_HIGH);
	reset();
	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, host, NULL);
	tactus.add_device(plugin, &screen);
	tactus.add_binding(plugin, &swipe);
	for (int f = 0; f < 3; f++)
		seen.decisions[tactus.touch_down(plugin, 1, 1000, f, 0.4 + 0.05 * f, 0.5)]++;
	seen.decisions[tactus.touch_frame(plugin, 1)]++;
	for (int f = 0; f < 3; f++)
		seen.decisions[tactus.touch_motion(plugin, 1, 1010, f, 0.4 + 0.05 * f - 0.01, 0.5)]++;
	seen.decisions[tactus.touch_frame(plugin, 1)]++;
	int withheld = seen.decisions[TACTUS_WITHHOLD];
	tactus.destroy(plugin);
	CHECK(withheld == 8 && seen.delivered == 8 && seen.delivered_types[0] == TACTUS_TOUCH_DOWN &&
	          seen.delivered_types[3] == TACTUS_TOUCH_FRAME && seen.delivered_types[4] == TACTUS_TOUCH_MOTION,
	      "the 8 events a 3-finger swipe binding withheld are delivered in order when the plugin is destroyed (%d)",
	      seen.delivered);

	reset();
	struct tactus_host destroying = *host;
	destroying.surfaces_at = destroying_surfaces_at;
	destroyed_inside = tactus.create(TACTUS_ABI_VERSION, display, &destroying, NULL);
	struct tactus_device other = screen;
	other.id = 2;
	tactus.add_device(destroyed_inside, &screen);
	tactus.add_device(destroyed_inside, &other);
	tactus.add_binding(destroyed_inside, &swipe);
	hit_tests = 0;
	enum tactus_decision first = tactus.touch_down(destroyed_inside, 1, 1000, 0, 0.4, 0.5);
	enum tactus_decision second = tactus.touch_down(destroyed_inside, 2, 1001, 0, 0.45, 0.5);
	enum tactus_decision after = tactus.touch_down(destroyed_inside, 1, 1002, 1, 0.5, 0.5);
	run_loop(display, 20);
	CHECK(hit_tests == 2 && first == TACTUS_WITHHOLD && seen.delivered == 1 && seen.delivered_types[0] == TACTUS_TOUCH_DOWN &&
	          second == TACTUS_DELIVER && after == TACTUS_DELIVER,
	      "destroyed from the hit test of a touch_down on a second screen: the first screen's withheld down is delivered "
	      "then (%d delivered), the second screen's down is answered deliver (%d), and the handle is dead after (%d)",
	      seen.delivered, second, after);

	/* Destroyed from inside run_action, right after the host handed it a touch there: queued and answered withhold,
	 * it is delivered at the destroy too, after those the engine withheld (none here). */
	reset();
	struct tactus_binding poke = SIZED(tactus_binding, .action = "poke", .kind = TACTUS_GESTURE_TAP, .fingers = 2);
	acting_on = tactus.create(TACTUS_ABI_VERSION, display, host, NULL);
	tactus.add_device(acting_on, &screen);
	tactus.add_binding(acting_on, &poke);
	inside_time = 3000;
	inside_action = touch_inside;
	destroy_from_callback = acting_on;
	tap(acting_on, 2, 2000);
	run_loop(display, 20);
	CHECK(touch_answers[0] == TACTUS_WITHHOLD && touch_answers[3] == TACTUS_WITHHOLD && seen.delivered == 4 &&
	          seen.delivered_types[0] == TACTUS_TOUCH_DOWN && seen.delivered_types[2] == TACTUS_TOUCH_UP,
	      "destroyed from run_action after touches handed over there: the 4 withheld, queued events are delivered in "
	      "order at the destroy (%d delivered)", seen.delivered);
}

static struct tactus_plugin *locking_plugin;
static void run_what_waits(void) { wl_event_loop_dispatch(loop, 0); }
/* Halfway through a stroke: the actions due so far run (the event loop), then a lock screen takes the session. */
static void lock_the_session(void) {
	wl_event_loop_dispatch(loop, 0);
	tactus.set_session_locked(locking_plugin, true);
}

/* A lock screen holds the session: no binding acts, what ran before the lock ends as cancelled, and the bindings act
 * again once it is unlocked, with nothing of the locked time run late. */
static void lock_checks(struct wl_display *display, struct tactus_host *host) {
	reset();
	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, host, NULL);
	struct tactus_device screen = SIZED(tactus_device, .id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN, .width_mm = 160,
	                                    .height_mm = 100, .output = {0, 0, 1600, 1000});
	tactus.add_device(plugin, &screen);
	struct tactus_binding poke = SIZED(tactus_binding, .action = "poke", .kind = TACTUS_GESTURE_TAP, .fingers = 2);
	struct tactus_binding zoom = SIZED(tactus_binding, .action = "zoom", .kind = TACTUS_GESTURE_PINCH, .fingers = 2,
	                                   .priority = TACTUS_PRIORITY_HIGH, .live = true);
	tactus.add_binding(plugin, &poke);
	tactus.add_binding(plugin, &zoom);
	locking_plugin = plugin;
	halfway = lock_the_session;
	stroke(plugin, 2, 0.45, 0.5, 0, 0, 0.2, 1000);
	CHECK(count_phase("zoom", TACTUS_PHASE_BEGAN) == 1 && count_phase("zoom", TACTUS_PHASE_CANCELLED) == 1 &&
	          count_phase("zoom", TACTUS_PHASE_ENDED) == 0,
	      "a live pinch that began before the lock is cancelled when it comes, once, and does not end");
	int actions_before = seen.action_count;
	tap(plugin, 2, 2000);
	stroke(plugin, 2, 0.45, 0.5, 0, 0, 0.2, 3000);
	struct tactus_binding late = SIZED(tactus_binding, .action = "late", .kind = TACTUS_GESTURE_TAP, .fingers = 3);
	int32_t late_id = tactus.add_binding(plugin, &late);
	tap(plugin, 3, 4000);
	CHECK(count_phase("poke", TACTUS_PHASE_RECOGNIZED) == 0 && seen.action_count == actions_before && late_id > 0,
	      "while locked, taps and a pinch run no binding, not even one added then (%d actions)",
	      seen.action_count - actions_before);
	tactus.set_session_locked(plugin, true);
	tactus.set_session_locked(plugin, false);
	run_loop(display, 100);
	CHECK(seen.action_count == actions_before, "unlocked, nothing of the locked time runs late");
	tap(plugin, 2, 5000);
	tap(plugin, 3, 5500);
	stroke(plugin, 2, 0.45, 0.5, 0, 0, 0.2, 6000);
	CHECK(count_phase("poke", TACTUS_PHASE_RECOGNIZED) == 1 && count_phase("late", TACTUS_PHASE_RECOGNIZED) == 1 &&
	          count_phase("zoom", TACTUS_PHASE_ENDED) == 1,
	      "unlocked, a 2-finger and a 3-finger tap run their bindings (the second added while locked), and a pinch ends");

	/* What waited for the event loop when the lock came does not act: a tap's action queued and not yet run is
	 * dropped, and a live pinch whose began the host ran hears cancelled instead of its queued end. */
	reset();
	tap(plugin, 2, 8000);
	tactus.set_session_locked(plugin, true);
	CHECK(count_phase("poke", TACTUS_PHASE_RECOGNIZED) == 0,
	      "a tap recognized just before the lock, its action not yet run: dropped");
	tactus.set_session_locked(plugin, false);
	halfway = run_what_waits;
	stroke(plugin, 2, 0.45, 0.5, 0, 0, 0.2, 9000);
	tactus.set_session_locked(plugin, true);
	CHECK(count_phase("zoom", TACTUS_PHASE_BEGAN) == 1 && count_phase("zoom", TACTUS_PHASE_ENDED) == 0 &&
	          count_phase("zoom", TACTUS_PHASE_CANCELLED) == 1,
	      "a live pinch that ended just before the lock, its end not yet run: cancelled instead, once");
	tactus.set_session_locked(NULL, true);
	tactus.destroy(plugin);
}

/* A plugin whose configuration file, written at path, holds text, with screen added. */
static struct tactus_plugin *configured_plugin(struct wl_display *display, struct tactus_host *host,
                                               struct tactus_device *screen, const char *path, const char *text) {
	write_file(path, text);
	reset();
	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, host, path);
	tactus.add_device(plugin, screen);
	return plugin;
}

/* The lock comes between a tap and the second tap of a double tap: taking the double tap out lets the single tap it
 * held back win, but nothing acts behind the lock screen, a command no more than a host action. */
static void lock_between_taps_checks(struct wl_display *display, struct tactus_host *host,
                                     struct tactus_device *screen, const char *home) {
	char path[512], marker[512], text[1536];
	snprintf(path, sizeof path, "%s/taps.toml", home);
	snprintf(marker, sizeof marker, "%s/taps", home);
	snprintf(text, sizeof text,
	         "[[binding]]\ngesture = \"tap\"\nfingers = 2\ncount = 2\naction = { exec = \"echo double >> %s\" }\n\n"
	         "[[binding]]\ngesture = \"tap\"\nfingers = 2\naction = { exec = \"echo single >> %s\" }\n", marker, marker);
	unlink(marker);
	struct tactus_plugin *plugin = configured_plugin(display, host, screen, path, text);
	tap(plugin, 2, 40000);
	tactus.set_session_locked(plugin, true);
	run_loop(display, 600);
	int ran_while_locked = access(marker, F_OK) == 0;
	tactus.set_session_locked(plugin, false);
	tap(plugin, 2, 41000);
	for (int i = 0; i < 100 && access(marker, F_OK) != 0; i++)
		run_loop(display, 20);
	run_loop(display, 200);
	char steps[64];
	read_file(marker, steps, sizeof steps);
	CHECK(!ran_while_locked && strcmp(steps, "single\n") == 0,
	      "locked between the taps of a double tap: the single tap it held back ran nothing behind the lock; unlocked, "
	      "a tap runs its command (\"%s\")", steps);
	tactus.destroy(plugin);
	unlink(marker);
	unlink(path);
}

/* The plugin destroyed in the middle of a gesture of an exec binding: the gesture is cancelled and its cancelled
 * command runs, after its began command, with the gesture's variables, as tactusd runs it when it stops. */
static void destroyed_mid_gesture_checks(struct wl_display *display, struct tactus_host *host,
                                         struct tactus_device *screen, const char *home) {
	char path[512], marker[512], text[1024];
	snprintf(path, sizeof path, "%s/stopping.toml", home);
	snprintf(marker, sizeof marker, "%s/steps", home);
	snprintf(text, sizeof text,
	         "[[binding]]\ngesture = \"drag\"\nfingers = 3\non = [\"began\", \"cancelled\"]\n"
	         "action = { exec = \"echo $TACTUS_PHASE $TACTUS_GESTURE >> %s\" }\n", marker);
	struct tactus_plugin *plugin = configured_plugin(display, host, screen, path, text);
	for (int f = 0; f < 3; f++)
		tactus.touch_down(plugin, 1, 30000, f, 0.4 + 0.05 * f, 0.5);
	tactus.touch_frame(plugin, 1);
	for (int s = 1; s <= 10; s++) {
		for (int f = 0; f < 3; f++)
			tactus.touch_motion(plugin, 1, 30000 + 10 * s, f, 0.4 + 0.05 * f + 0.01 * s, 0.5);
		tactus.touch_frame(plugin, 1);
	}
	tactus.destroy(plugin);
	/* Both commands started before destroy returned; they write their lines soon after. */
	char steps[256] = "";
	for (int i = 0; i < 200 && strcmp(steps, "began drag\ncancelled drag\n") != 0; i++) {
		struct timespec pause = {0, 10 * 1000 * 1000};
		nanosleep(&pause, NULL);
		read_file(marker, steps, sizeof steps);
	}
	CHECK(strcmp(steps, "began drag\ncancelled drag\n") == 0,
	      "destroyed in the middle of a drag: its began and cancelled commands ran, in order (\"%s\")", steps);
	/* The plugin left its commands to run; this host reaps them. */
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	unlink(marker);
	unlink(path);
}

/* Two windows side by side on the screen's output (0, 0, 1600, 1000): the browser's left half and the terminal's right
 * half, each named by its app id (tactus_host.app_id, 3.5). Surfaces are only compared, never used, so any address
 * tells them apart. */
static struct wl_resource *const browser_window = (struct wl_resource *)0x1000;
static struct wl_resource *const terminal_window = (struct wl_resource *)0x2000;

static size_t windows_at(void *data, double x, double y, struct tactus_surface_hit *hits, size_t capacity) {
	(void)data, (void)y;
	if (capacity > 0) {
		hits[0].surface = x < 800 ? browser_window : terminal_window;
		hits[0].origin_x = x < 800 ? 0 : 800;
		hits[0].width = 800;
		hits[0].height = 1000;
	}
	return 1;
}

static const char *window_app_id(void *data, struct wl_resource *surface) {
	(void)data;
	return surface == browser_window ? "org.mozilla.firefox" : surface == terminal_window ? "foot" : NULL;
}

/* A one-finger tap at x (a fraction of the screen's width), and the lines the bindings' commands wrote by then. */
static void tap_and_read(struct wl_display *display, struct tactus_plugin *plugin, double x, uint32_t time,
                         const char *marker, const char *expected, char *lines, size_t size) {
	tactus.touch_down(plugin, 1, time, 0, x, 0.5);
	tactus.touch_frame(plugin, 1);
	tactus.touch_up(plugin, 1, time + 40, 0);
	tactus.touch_frame(plugin, 1);
	lines[0] = 0;
	for (int i = 0; i < 150 && strcmp(lines, expected) != 0; i++) {
		run_loop(display, 20);
		read_file(marker, lines, size);
	}
	run_loop(display, 100); /* a command that should not have run has had its time */
	read_file(marker, lines, size);
}

/* Bindings that name applications act over those applications' windows only, with the app id in TACTUS_APP_ID; a
 * host of ABI 3.4, which tells no application, never runs a binding with app-id, and the log says why once. */
static void application_checks(struct wl_display *display, struct tactus_host *host, struct tactus_device *screen,
                               const char *home) {
	char path[512], marker[512], text[1536], lines[256];
	snprintf(path, sizeof path, "%s/applications.toml", home);
	snprintf(marker, sizeof marker, "%s/applications", home);
	snprintf(text, sizeof text,
	         "[[binding]]\ngesture = \"tap\"\napp-id = [\"org.mozilla.*\"]\n"
	         "action = { exec = \"echo browser $TACTUS_APP_ID >> %s\" }\n\n"
	         "[[binding]]\ngesture = \"tap\"\nnot-app-id = [\"org.mozilla.firefox\"]\n"
	         "action = { exec = \"echo other ${TACTUS_APP_ID:-none} >> %s\" }\n", marker, marker);
	struct tactus_host windows = *host;
	windows.surfaces_at = windows_at;
	windows.app_id = window_app_id;
	unlink(marker);
	struct tactus_plugin *plugin = configured_plugin(display, &windows, screen, path, text);
	tap_and_read(display, plugin, 0.25, 50000, marker, "browser org.mozilla.firefox\n", lines, sizeof lines);
	CHECK(strcmp(lines, "browser org.mozilla.firefox\n") == 0,
	      "a tap over the browser runs the browser's binding alone, with TACTUS_APP_ID (\"%s\")", lines);
	unlink(marker);
	tap_and_read(display, plugin, 0.75, 51000, marker, "other foot\n", lines, sizeof lines);
	CHECK(strcmp(lines, "other foot\n") == 0, "a tap over the terminal runs the not-app-id binding alone (\"%s\")", lines);
	CHECK(!strstr(seen.all_logs, "never act"), "a host that tells app ids hears no warning");
	tactus.destroy(plugin);

	/* A host of ABI 3.4: its table ends before app_id. */
	struct tactus_host older = windows;
	older.size = offsetof(struct tactus_host, app_id);
	write_file(path, text);
	reset();
	unlink(marker);
	plugin = tactus.create(TACTUS_ABI_MAJOR << 16 | 4, display, &older, path);
	tactus.add_device(plugin, screen);
	tactus.reload_config(plugin);
	const char *warning = "tactus: binding exec: echo browser $TACTUS_APP_ID";
	const char *first = strstr(seen.all_logs, warning);
	CHECK(first && strstr(first, "such bindings never act (said once)") && !strstr(first + 1, warning),
	      "a host of 3.4 with an app-id binding: the log says once that it never acts (%s)", seen.all_logs);
	tap_and_read(display, plugin, 0.25, 52000, marker, "other none\n", lines, sizeof lines);
	CHECK(strcmp(lines, "other none\n") == 0,
	      "a host of 3.4: over the browser's window only the not-app-id binding runs, with no TACTUS_APP_ID (\"%s\")", lines);
	tactus.destroy(plugin);
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	unlink(marker);
	unlink(path);
}

/* The configuration file: bindings with host and exec actions, a bad file at start and on reload. */
static void configuration_checks(struct wl_display *display, struct tactus_host *host, struct tactus_device *screen,
                                 const char *home) {
	char path[512], marker[512], text[2048];
	snprintf(path, sizeof path, "%s/config.toml", home);
	snprintf(marker, sizeof marker, "%s/tapped", home);

	snprintf(text, sizeof text,
	         "[[binding]]\ngesture = \"swipe\"\nfingers = 3\ndirection = \"left\"\npriority = \"high\"\n"
	         "action = { host = \"from-file\" }\n\n"
	         "[[binding]]\ngesture = \"tap\"\nfingers = 2\naction = { exec = \"touch %s\" }\n", marker);
	write_file(path, text);
	reset();
	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, host, path);
	CHECK(plugin && strstr(seen.all_logs, "2 bindings from"), "the configuration's 2 bindings are in force");
	tactus.add_device(plugin, screen);
	stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 10000);
	CHECK(count_phase("from-file", TACTUS_PHASE_RECOGNIZED) == 1, "the file's swipe binding ran its host action");

	/* A two-finger tap: the command runs without the compositor waiting, and is reaped on the event loop. */
	tactus.touch_down(plugin, 1, 11000, 0, 0.4, 0.5);
	tactus.touch_down(plugin, 1, 11000, 1, 0.5, 0.5);
	tactus.touch_frame(plugin, 1);
	tactus.touch_up(plugin, 1, 11060, 0);
	tactus.touch_up(plugin, 1, 11060, 1);
	tactus.touch_frame(plugin, 1);
	for (int i = 0; i < 100 && access(marker, F_OK) != 0; i++)
		run_loop(display, 20);
	CHECK(access(marker, F_OK) == 0, "the tap binding's command ran (%s exists)", marker);
	run_loop(display, 300);
	errno = 0;
	CHECK(waitpid(-1, NULL, WNOHANG) == -1 && errno == ECHILD, "and was reaped: no child left to wait for");

	/* On reload, a bad file is reported with its line and the configuration in force stays. */
	write_file(path, "[[binding]]\ngesture = \"swipe\"\nfingerz = 3\n");
	reset();
	CHECK(tactus.reload_config(plugin) == -1 && strstr(seen.all_logs, "config.toml:3: fingerz: unknown key"),
	      "reload of a bad file refused: \"%s\"", seen.last_log);
	stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 12000);
	CHECK(count_phase("from-file", TACTUS_PHASE_RECOGNIZED) == 1, "the previous bindings still run");

	/* A good file replaces the file's bindings. */
	write_file(path, "[[binding]]\ngesture = \"swipe\"\nfingers = 3\npriority = \"high\"\n"
	                 "action = { host = \"reloaded\" }\n");
	reset();
	CHECK(tactus.reload_config(plugin) == 0, "reload of a good file");
	stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 13000);
	CHECK(count_phase("reloaded", TACTUS_PHASE_RECOGNIZED) == 1 && count_phase("from-file", TACTUS_PHASE_RECOGNIZED) == 0,
	      "the new binding runs and the old one is gone");
	/* An action that reloads the configuration, which changed meanwhile: its new binding runs on the next swipe. */
	write_file(path, "[[binding]]\ngesture = \"tap\"\nfingers = 2\naction = { host = \"reload\" }\n");
	tactus.reload_config(plugin);
	write_file(path, "[[binding]]\ngesture = \"swipe\"\nfingers = 3\npriority = \"high\"\n"
	                 "action = { host = \"reloaded-inside\" }\n");
	reset();
	acting_on = plugin;
	reload_answer = -2;
	inside_action = reload_now;
	tap(plugin, 2, 14000);
	int reloads = count_phase("reload", TACTUS_PHASE_RECOGNIZED);
	stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 14500);
	CHECK(reloads == 1 && reload_answer == 0 && count_phase("reloaded-inside", TACTUS_PHASE_RECOGNIZED) == 1,
	      "an action reloads the configuration (reload_config answers %d from inside run_action) and the file's new "
	      "binding runs", reload_answer);

	/* The host destroys the plugin from inside run_action, while the plugin's timer is firing (a long press):
	 * the plugin finishes what it was doing and goes when the event loop is idle. */
	write_file(path, "[[binding]]\ngesture = \"long-press\"\naction = { host = \"menu\" }\n");
	tactus.reload_config(plugin);
	reset();
	uint32_t landed = monotonic_msec();
	tactus.touch_down(plugin, 1, landed, 0, 0.5, 0.5);
	tactus.touch_frame(plugin, 1);
	destroy_from_callback = plugin;
	for (int i = 0; i < 100 && destroy_from_callback; i++)
		wl_event_loop_dispatch(wl_display_get_event_loop(display), 10);
	wl_event_loop_dispatch(wl_display_get_event_loop(display), 0);
	CHECK(destroy_from_callback == NULL && count_phase("menu", TACTUS_PHASE_RECOGNIZED) == 1 &&
	          tactus.touch_up(plugin, 1, landed + 600, 0) == TACTUS_DELIVER,
	      "destroyed from inside run_action during a timer: no crash, and later calls do nothing");

	/* At start, a bad file is reported and the plugin runs with built-in defaults. */
	write_file(path, "[[binding]]\ngesture = \"swipe\"\naction = { host = \"x\" \n");
	reset();
	plugin = tactus.create(TACTUS_ABI_VERSION, display, host, path);
	CHECK(plugin && strstr(seen.all_logs, "config.toml:3: syntax error") && strstr(seen.all_logs, "built-in defaults"),
	      "a syntax error at start is reported with its line, and built-in defaults run");
	tactus.destroy(plugin);
	unlink(path);
	unlink(marker);
}

/* A callback a host built against an older header does not have: the plugin must never call what lies beyond a
 * struct's size. */
static int calls_beyond_size;
static void log_beyond_size(void *data, enum tactus_log_level level, const char *message) {
	(void)data, (void)level, (void)message;
	calls_beyond_size++;
}

/* Sizes: a host built against an older, smaller tactus.h is served, reading only what each struct's size covers; a
 * struct that does not reach its required fields is refused. */
static void growth_checks(struct wl_display *display) {
	/* The host's table and, after it, what may not be the host's. With the whole size, its log callback hears of
	 * the binding (the control); with a size that ends before log, as an older header's table would, the plugin
	 * never calls it, and the binding's action still runs. */
	for (int whole = 1; whole >= 0; whole--) {
		struct {
			struct tactus_host table;
			unsigned char beyond[64];
		} older;
		memset(&older, 0xA5, sizeof older);
		older.table = SIZED(tactus_host, .run_action = run_action, .log = log_beyond_size);
		if (!whole)
			older.table.size = offsetof(struct tactus_host, log);
		calls_beyond_size = 0;
		reset();
		struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, &older.table, NULL);
		/* An older device struct ends after its output: its transform (0xA5A5A5A5 here, no wl_output_transform) is
		 * the default, normal. */
		struct {
			struct tactus_device device;
			unsigned char beyond[64];
		} screen;
		screen.device = SIZED(tactus_device, .id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN, .width_mm = 160,
		                      .height_mm = 100, .output = {0, 0, 1600, 1000});
		screen.device.size = offsetof(struct tactus_device, output) + sizeof screen.device.output;
		memset((char *)&screen.device + screen.device.size, 0xA5, sizeof screen - screen.device.size);
		/* An older binding ends after its fingers: the rest (policy, priority, modifiers: 0xA5 here) is the default. */
		struct {
			struct tactus_binding binding;
			unsigned char beyond[64];
		} swipe;
		swipe.binding = SIZED(tactus_binding, .action = "workspace-next", .kind = TACTUS_GESTURE_SWIPE, .fingers = 3);
		swipe.binding.size = offsetof(struct tactus_binding, fingers) + sizeof swipe.binding.fingers;
		memset((char *)&swipe.binding + swipe.binding.size, 0xA5, sizeof swipe - swipe.binding.size);
		bool served = plugin && tactus.add_device(plugin, &screen.device) == 0 &&
		              tactus.add_binding(plugin, &swipe.binding) > 0;
		if (served)
			stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 1000);
		int recognized = count_phase("workspace-next", TACTUS_PHASE_RECOGNIZED);
		if (whole)
			CHECK(served && recognized == 1 && calls_beyond_size > 0,
			      "a whole host table: its log callback is called (%d times)", calls_beyond_size);
		else
			CHECK(served && recognized == 1 && calls_beyond_size == 0,
			      "a host table, device and binding of an older, smaller tactus.h are served (the swipe recognized %d "
			      "time), and nothing beyond their sizes is read (%d calls beyond)", recognized, calls_beyond_size);
		tactus.destroy(plugin);
	}

	reset();
	struct tactus_host host = SIZED(tactus_host, .log = log_message);
	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, &host, NULL);
	struct tactus_device headless = SIZED(tactus_device, .id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN);
	headless.size = offsetof(struct tactus_device, kind);
	CHECK(tactus.add_device(plugin, &headless) == -1 &&
	          strstr(seen.last_log, "a struct tactus_device of 8 bytes ends before its kind"),
	      "a device whose size ends before its kind is refused: \"%s\"", seen.last_log);
	struct tactus_binding torn = SIZED(tactus_binding, .action = "menu", .kind = TACTUS_GESTURE_LONG_PRESS);
	torn.size = offsetof(struct tactus_binding, direction) + 3;
	CHECK(tactus.add_binding(plugin, &torn) == -1 && strstr(seen.last_log, "is no size a compiler gives it"),
	      "a binding whose size ends inside a pointer is refused: \"%s\"", seen.last_log);
	struct tactus_binding unsized = {.action = "menu", .kind = TACTUS_GESTURE_LONG_PRESS};
	CHECK(tactus.add_binding(plugin, &unsized) == -1 && strstr(seen.last_log, "set .size = sizeof(struct tactus_binding)"),
	      "a binding without its size is refused: \"%s\"", seen.last_log);
	tactus.destroy(plugin);
	struct tactus_host nameless = {.log = log_message};
	CHECK(tactus.create(TACTUS_ABI_VERSION, display, &nameless, NULL) == NULL, "a host table without its size is refused");
}

/* The transform contract (tactus_device): a 160 x 100 mm panel under a portrait output of 1000 x 1600, its touches
 * turned a quarter by libinput's 90° matrix, as wlroots passes them (transform 0). Its calibrated y runs along the
 * sensor's 160 mm side: a stroke up from the bottom edge over a quarter of the output's height is 40 mm, half of the
 * edge swipe's 80 mm. A host of 3.1, without the matrix, would have it measured along the 100 mm side. */
static void calibration_checks(struct wl_display *display) {
	struct tactus_host host = SIZED(tactus_host, .run_action = run_action, .log = log_message);
	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, &host, NULL);
	struct tactus_binding edge = SIZED(tactus_binding, .action = "shade", .kind = TACTUS_GESTURE_EDGE_SWIPE,
	                                   .edge = "bottom", .distance_mm = 80, .priority = TACTUS_PRIORITY_HIGH);
	tactus.add_binding(plugin, &edge);
	const char *names[] = {"calibrated a quarter turn", "of ABI 3.1, without its calibration"};
	const double expected[] = {0.5, 40.0 * 100 / 160 / 80};
	for (int calibrated = 1; calibrated >= 0; calibrated--) {
		struct tactus_device panel = SIZED(tactus_device, .id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN, .width_mm = 160,
		                                   .height_mm = 100, .output = {0, 0, 1000, 1600},
		                                   .calibration = {0, -1, 1, 1, 0, 0});
		if (!calibrated)
			panel.size = offsetof(struct tactus_device, calibration);
		reset();
		bool added = tactus.add_device(plugin, &panel) == 0;
		stroke(plugin, 1, 0.5, 0.995, 0, -0.25, 0, 1000 + 1000 * (uint32_t)calibrated);
		double progress = -1;
		if (count_phase("shade", TACTUS_PHASE_ENDED) == 1)
			progress = seen.progresses[seen.action_count - 1];
		int i = calibrated ? 0 : 1;
		CHECK(added && progress > expected[i] - 0.01 && progress < expected[i] + 0.01,
		      "a panel %s: a quarter of the portrait output's height up from its bottom edge is progress %.3f of "
		      "80 mm (%.3f expected)", names[i], progress, expected[i]);
	}
	struct tactus_device folded = SIZED(tactus_device, .id = 2, .kind = TACTUS_DEVICE_TOUCHSCREEN,
	                                    .calibration = {1, 1, 0, 1, 1, 0});
	reset();
	CHECK(tactus.add_device(plugin, &folded) == -1 && strstr(seen.last_log, "folds the device onto a line"),
	      "a calibration that folds the device onto a line is refused: \"%s\"", seen.last_log);
	tactus.destroy(plugin);
}

/* A host whose hit test finds 20 surfaces nested in each other under every point, more than the plugin asks for. */
static size_t deep_surfaces_at(void *data, double x, double y, struct tactus_surface_hit *hits, size_t capacity) {
	(void)data, (void)x, (void)y;
	for (size_t i = 0; i < capacity && i < 20; i++)
		hits[i].surface = NULL; /* no client surface: the touches go to the compositor's own bindings */
	return 20;
}

/* Caps the plugin applies to what the host answers are logged, once. */
static void cap_checks(struct wl_display *display) {
	struct tactus_host deep = SIZED(tactus_host, .surfaces_at = deep_surfaces_at, .log = log_message);
	reset();
	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, &deep, NULL);
	struct tactus_device screen = SIZED(tactus_device, .id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN, .width_mm = 160,
	                                    .height_mm = 100, .output = {0, 0, 1600, 1000});
	tactus.add_device(plugin, &screen);
	tap(plugin, 1, 1000);
	tap(plugin, 1, 2000);
	const char *said = "tactus: surfaces_at found 20 surfaces under a point; the first 16 are used (said once)";
	const char *first = strstr(seen.all_logs, said);
	CHECK(first && !strstr(first + 1, said), "a hit test of 20 surfaces is capped at 16, and the log says so once: \"%s\"",
	      said);
	tactus.destroy(plugin);
}

/* A host whose counts are C error returns or beyond any buffer: what surfaces_at and region_rectangles answer. */
static size_t lying_count;

static size_t lying_surfaces_at(void *data, double x, double y, struct tactus_surface_hit *hits, size_t capacity) {
	(void)data, (void)x, (void)y, (void)hits, (void)capacity;
	return lying_count;
}

static size_t lying_region_rectangles(void *data, struct wl_resource *region, struct tactus_rect *rects, size_t capacity) {
	(void)data, (void)region, (void)rects, (void)capacity;
	return lying_count;
}

/* The smallest compositor a client needs to make a gesture with a region: wl_compositor, whose surfaces take no
 * request the client below sends and whose regions do nothing, and wl_seat, which takes none. */
static void region_destroy(struct wl_client *client, struct wl_resource *resource) {
	(void)client;
	wl_resource_destroy(resource);
}

static void region_rectangle(struct wl_client *client, struct wl_resource *resource, int32_t x, int32_t y, int32_t width,
                             int32_t height) {
	(void)client, (void)resource, (void)x, (void)y, (void)width, (void)height;
}

static const struct wl_region_interface region_implementation = {region_destroy, region_rectangle, region_rectangle};

static void create_surface(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
	wl_resource_create(client, &wl_surface_interface, wl_resource_get_version(resource), id);
}

static void create_region(struct wl_client *client, struct wl_resource *resource, uint32_t id) {
	struct wl_resource *region = wl_resource_create(client, &wl_region_interface, wl_resource_get_version(resource), id);
	wl_resource_set_implementation(region, &region_implementation, NULL, NULL);
}

static const struct wl_compositor_interface compositor_implementation = {create_surface, create_region};

static void bind_compositor(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
	(void)data;
	struct wl_resource *compositor = wl_resource_create(client, &wl_compositor_interface, (int)version, id);
	wl_resource_set_implementation(compositor, &compositor_implementation, NULL, NULL);
}

static void bind_seat(struct wl_client *client, void *data, uint32_t version, uint32_t id) {
	(void)data;
	wl_resource_create(client, &wl_seat_interface, (int)version, id);
}

/* The client's side: the globals it binds. */
struct client_globals {
	struct wl_compositor *compositor;
	struct wl_seat *seat;
	struct tactus_gesture_manager_v1 *manager;
};

static void bind_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
	(void)version;
	struct client_globals *globals = data;
	if (strcmp(interface, "wl_compositor") == 0)
		globals->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 1);
	else if (strcmp(interface, "wl_seat") == 0)
		globals->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
	else if (strcmp(interface, "tactus_gesture_manager_v1") == 0)
		globals->manager = wl_registry_bind(registry, name, &tactus_gesture_manager_v1_interface, 1);
}

static const struct wl_registry_listener binding_listener = {bind_global, registry_global_remove};

/* A client in a child process makes a tap gesture on a surface and gives it a region; true when the server answered
 * it without a protocol error. The server runs meanwhile. */
static bool client_sets_a_region(struct wl_display *display, const char *socket) {
	pid_t child = fork();
	if (child == 0) {
		struct wl_display *connection = wl_display_connect(socket);
		struct client_globals globals = {0};
		if (!connection)
			_exit(1);
		wl_registry_add_listener(wl_display_get_registry(connection), &binding_listener, &globals);
		wl_display_roundtrip(connection);
		if (!globals.compositor || !globals.seat || !globals.manager)
			_exit(1);
		struct wl_surface *surface = wl_compositor_create_surface(globals.compositor);
		struct wl_region *region = wl_compositor_create_region(globals.compositor);
		wl_region_add(region, 0, 0, 50, 50);
		struct tactus_gesture_v1 *gesture = tactus_gesture_manager_v1_get_gesture(
			globals.manager, surface, globals.seat, TACTUS_GESTURE_MANAGER_V1_KIND_TAP);
		tactus_gesture_v1_set_region(gesture, region);
		tactus_gesture_v1_commit(gesture);
		_exit(wl_display_roundtrip(connection) >= 0 && wl_display_get_error(connection) == 0 ? 0 : 1);
	}
	return served_until_exit(display, child);
}

/* Counts the host returns are size_t: (size_t)-1, a C error return, and 2^63 are counts beyond the capacity, which
 * the plugin caps and logs, not negative ones it traps on. */
static void lying_count_checks(struct wl_display *display, const char *socket) {
	struct tactus_host lying = SIZED(tactus_host, .surfaces_at = lying_surfaces_at,
	                                 .region_rectangles = lying_region_rectangles, .log = log_message);
	struct wl_global *compositor = wl_global_create(display, &wl_compositor_interface, 4, NULL, bind_compositor);
	struct wl_global *seat = wl_global_create(display, &wl_seat_interface, 1, NULL, bind_seat);
	const size_t counts[] = {SIZE_MAX, (size_t)1 << 63};
	const char *names[] = {"(size_t)-1", "2^63"};
	for (int i = 0; i < 2; i++) {
		reset();
		lying_count = counts[i];
		struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, &lying, NULL);
		struct tactus_device screen = SIZED(tactus_device, .id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN, .width_mm = 160,
		                                    .height_mm = 100, .output = {0, 0, 1600, 1000});
		tactus.add_device(plugin, &screen);
		tap(plugin, 1, 1000);
		char said[160];
		snprintf(said, sizeof said, "tactus: surfaces_at found %zu surfaces under a point; the first 16 are used (said once)",
		         counts[i]);
		CHECK(strstr(seen.all_logs, said), "surfaces_at answering %s: the plugin uses its 16 hits and says \"%s\"",
		      names[i], said);
		snprintf(said, sizeof said, "tactus: a region has %zu rectangles; the first 64 are used (said once)", counts[i]);
		CHECK(client_sets_a_region(display, socket) && strstr(seen.all_logs, said),
		      "region_rectangles answering %s: the client's set_region is served, and the plugin says \"%s\"", names[i],
		      said);
		tactus.destroy(plugin);
	}
	wl_global_destroy(seat);
	wl_global_destroy(compositor);
}

static void callback_checks(struct tactus_plugin *plugin, const struct tactus_device *screen, uint32_t time) {
	acting_on = plugin;
	/* An action that removes the device its gesture came from. */
	struct tactus_binding poke = SIZED(tactus_binding, .action = "poke", .kind = TACTUS_GESTURE_TAP, .fingers = 1);
	int32_t poke_id = tactus.add_binding(plugin, &poke);
	reset();
	removed_answer = -2;
	inside_action = remove_the_screen;
	tap(plugin, 1, time);
	int poked = count_phase("poke", TACTUS_PHASE_RECOGNIZED);
	enum tactus_decision after = tactus.touch_down(plugin, 1, time + 200, 0, 0.3, 0.3);
	CHECK(poked == 1 && removed_answer == 0 && after == TACTUS_DELIVER &&
	          strstr(seen.last_log, "unknown device 1") && !strstr(seen.all_logs, "refused"),
	      "an action removes the device its tap came from: remove_device answers %d from inside run_action, and the "
	      "screen's next touch is an unknown device's (\"%s\")", removed_answer, seen.last_log);
	tactus.add_device(plugin, screen);
	tactus.remove_binding(plugin, poke_id);

	/* Touch events from inside an action: withheld at once, then handled when the action has returned, and
	 * delivered through deliver_touch (no binding wants one finger now). */
	struct tactus_binding pair = SIZED(tactus_binding, .action = "pair", .kind = TACTUS_GESTURE_TAP, .fingers = 2);
	int32_t pair_id = tactus.add_binding(plugin, &pair);
	reset();
	inside_time = time + 600;
	inside_action = touch_inside;
	tap(plugin, 2, time + 400);
	int paired = count_phase("pair", TACTUS_PHASE_RECOGNIZED);
	CHECK(paired == 1 && touch_answers[0] == TACTUS_WITHHOLD && touch_answers[1] == TACTUS_WITHHOLD &&
	          touch_answers[2] == TACTUS_WITHHOLD && touch_answers[3] == TACTUS_WITHHOLD && seen.delivered == 4,
	      "touches sent from inside an action are withheld at once (%d %d %d %d) and delivered once it returned (%d)",
	      touch_answers[0], touch_answers[1], touch_answers[2], touch_answers[3], seen.delivered);
	tactus.remove_binding(plugin, pair_id);

	/* A touchpad gesture begun from inside an action is kept from the clients, and so is the rest of it. */
	struct tactus_device pad = SIZED(tactus_device, .id = 2, .kind = TACTUS_DEVICE_TOUCHPAD, .name = "pad");
	tactus.add_device(plugin, &pad);
	struct tactus_binding single = SIZED(tactus_binding, .action = "single", .kind = TACTUS_GESTURE_TAP, .fingers = 1);
	int32_t single_id = tactus.add_binding(plugin, &single);
	inside_time = time + 900;
	inside_action = swipe_inside;
	tap(plugin, 1, time + 800);
	int singles = count_phase("single", TACTUS_PHASE_RECOGNIZED);
	enum tactus_decision rest[2] = {tactus.swipe_update(plugin, 2, time + 910, 5, 0),
	                                tactus.swipe_end(plugin, 2, time + 920, false)};
	enum tactus_decision next = tactus.swipe_begin(plugin, 2, time + 1000, 4);
	tactus.swipe_end(plugin, 2, time + 1010, false);
	CHECK(singles == 1 && swipe_begun_inside == TACTUS_DROP && rest[0] == TACTUS_DROP && rest[1] == TACTUS_DROP &&
	          next == TACTUS_DELIVER,
	      "a touchpad swipe begun from inside an action is dropped (%d), and so are its update and end (%d %d); the "
	      "next swipe is delivered (%d)", swipe_begun_inside, rest[0], rest[1], next);
	tactus.remove_binding(plugin, single_id);
	tactus.remove_device(plugin, 2);
}

int main(int argc, char **argv) {
	if (argc > 2) {
		fprintf(stderr, "usage: %s [PATH/TO/libtactus.so]\n", argv[0]);
		return 2;
	}
	/* Without a path, by its SONAME, as a compositor finds an installed libtactus. */
	void *library = dlopen(argc == 2 ? argv[1] : TACTUS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 2;
	}
	if (!look_up_entries(library, &tactus))
		return 2;

	/* A private configuration home, so that the user's own file plays no part. */
	char home[] = "/tmp/tactus-abi-test-XXXXXX";
	if (!mkdtemp(home)) {
		perror("mkdtemp");
		return 2;
	}
	setenv("XDG_CONFIG_HOME", home, 1);

	struct wl_display *display = wl_display_create();
	loop = wl_display_get_event_loop(display);
	struct tactus_host host = {
		.size = sizeof(struct tactus_host),
		.run_action = run_action,
		.deliver_touch = deliver_touch,
		.cancel_touches = cancel_touches,
		.log = log_message,
		.cancel_touchpad_gesture = cancel_touchpad_gesture,
	};

	/* The ABI: the library says which it speaks. A compositor built for another major version, or for a newer minor
	 * one, is refused with a message, not a crash; one of an older minor version is served (growth_checks). */
	uint32_t spoken = tactus.abi_version();
	CHECK(spoken == TACTUS_ABI_VERSION, "the library speaks ABI %u.%u", spoken >> 16, spoken & 0xFFFF);
	char refusal[160];
	reset();
	uint32_t other_major = (uint32_t)(TACTUS_ABI_MAJOR + 1) << 16;
	snprintf(refusal, sizeof refusal, "built for ABI %d.0 and needs a libtactus.so.%d", TACTUS_ABI_MAJOR + 1,
	         TACTUS_ABI_MAJOR + 1);
	CHECK(tactus.create(other_major, display, &host, NULL) == NULL && strstr(seen.last_log, refusal),
	      "ABI %d.0 refused: \"%s\"", TACTUS_ABI_MAJOR + 1, seen.last_log);
	reset();
	snprintf(refusal, sizeof refusal, "built for ABI %d.%d and needs a libtactus of %d.%d or later", TACTUS_ABI_MAJOR,
	         TACTUS_ABI_MINOR + 1, TACTUS_ABI_MAJOR, TACTUS_ABI_MINOR + 1);
	CHECK(tactus.create(TACTUS_ABI_VERSION + 1, display, &host, NULL) == NULL && strstr(seen.last_log, refusal),
	      "ABI %d.%d refused: \"%s\"", TACTUS_ABI_MAJOR, TACTUS_ABI_MINOR + 1, seen.last_log);
	growth_checks(display);
	cap_checks(display);
	calibration_checks(display);

	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, &host, NULL);
	CHECK(plugin != NULL, "plugin created on a wl_display");
	if (!plugin)
		return 1;
	setenv("XDG_RUNTIME_DIR", home, 1);
	const char *socket = wl_display_add_socket_auto(display);
	CHECK(socket && client_sees_the_global(display, socket),
	      "a client connected to the display finds the tactus_gesture_manager_v1 global");

	/* NULL and unknown ids: documented results, no crash. */
	CHECK(tactus.touch_down(NULL, 1, 0, 0, 0.5, 0.5) == TACTUS_DELIVER, "a NULL plugin delivers");
	CHECK(tactus.add_binding(plugin, NULL) == -1, "a NULL binding is refused");
	reset();
	CHECK(tactus.touch_down(plugin, 9, 0, 0, 0.5, 0.5) == TACTUS_DELIVER && strstr(seen.last_log, "device 9"),
	      "an unknown device's touch goes to the client untouched: \"%s\"", seen.last_log);
	struct tactus_device turned = SIZED(tactus_device, .id = 5, .kind = TACTUS_DEVICE_TOUCHSCREEN, .transform = 9);
	CHECK(tactus.add_device(plugin, &turned) == -1 && strstr(seen.last_log, "transform 9"),
	      "a transform that is no wl_output_transform is refused");
	CHECK(tactus.remove_device(plugin, 9) == -1, "removing an unknown device fails");

	struct tactus_device screen = {
		.size = sizeof(struct tactus_device),
		.id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN, .name = "test screen", .width_mm = 160, .height_mm = 100,
		.output = {0, 0, 1600, 1000},
	};
	CHECK(tactus.add_device(plugin, &screen) == 0, "a 160 x 100 mm touchscreen on a 1600 x 1000 output");

	/* A three-finger swipe to the left bound with withhold: the action runs once, the client never sees a touch. */
	struct tactus_binding swipe = {
		.size = sizeof(struct tactus_binding),
		.action = "workspace-next", .kind = TACTUS_GESTURE_SWIPE, .fingers = 3, .direction = "left",
		.policy = TACTUS_POLICY_WITHHOLD, .priority = TACTUS_PRIORITY_HIGH,
	};
	int32_t swipe_id = tactus.add_binding(plugin, &swipe);
	CHECK(swipe_id > 0, "swipe binding added as %d", swipe_id);
	reset();
	stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 1000);
	CHECK(count_phase("workspace-next", TACTUS_PHASE_RECOGNIZED) == 1 && seen.action_count == 1,
	      "workspace-next recognized once (%d actions)", seen.action_count);
	CHECK(seen.values[0].fingers == 3 && seen.values[0].direction && strcmp(seen.values[0].direction, "left") == 0,
	      "with 3 fingers, direction left");
	CHECK(seen.decisions[TACTUS_WITHHOLD] == 3 + 1 + 30 * 4 + 3 + 1 && seen.decisions[TACTUS_DELIVER] == 0,
	      "every touch event withheld (%d withheld, %d delivered at once)", seen.decisions[TACTUS_WITHHOLD],
	      seen.decisions[TACTUS_DELIVER]);
	CHECK(seen.delivered == 0 && seen.cancelled == 0, "then dropped: none delivered later (%d), no cancel (%d)",
	      seen.delivered, seen.cancelled);

	/* Diagonals (3.3): a binding of a swipe down and to the right runs for a stroke of 40 mm right and 40 mm down,
	 * and names its direction. */
	struct tactus_binding diagonal = SIZED(tactus_binding, .action = "tile-corner", .kind = TACTUS_GESTURE_SWIPE,
	                                       .fingers = 1, .direction = "down_right", .priority = TACTUS_PRIORITY_HIGH);
	int32_t diagonal_id = tactus.add_binding(plugin, &diagonal);
	reset();
	stroke(plugin, 1, 0.3, 0.3, 0.25, 0.4, 0, 1500);
	CHECK(diagonal_id > 0 && count_phase("tile-corner", TACTUS_PHASE_RECOGNIZED) == 1 && seen.values[0].direction &&
	          strcmp(seen.values[0].direction, "down_right") == 0,
	      "a swipe bound down_right recognized once, direction %s",
	      seen.values[0].direction ? seen.values[0].direction : "none");
	tactus.remove_binding(plugin, diagonal_id);

	/* The screen moves to another output halfway through a swipe (its monitor went, the layout changed): the swipe
	 * goes on and is recognized, nothing is cancelled. */
	moving_plugin = plugin;
	moved_screen = screen;
	moved_screen.output.x += 1600;
	halfway = move_the_screen;
	reset();
	stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 2000);
	CHECK(moved_answer == 0 && count_phase("workspace-next", TACTUS_PHASE_RECOGNIZED) == 1 && seen.cancelled == 0 &&
	          seen.delivered == 0,
	      "the screen moved to another output halfway through a swipe: recognized, nothing cancelled (%d cancels)",
	      seen.cancelled);
	tactus.add_device(plugin, &screen);

	/* Seats (3.1): a screen announced again on another seat is replaced, so a swipe in flight is cancelled; the
	 * bindings take every seat's devices, so the next swipe on it runs the action. A seat losing its capabilities
	 * touches client gestures alone; a NULL seat is ignored. */
	moved_screen = screen;
	moved_screen.seat = "seat1";
	halfway = move_the_screen;
	reset();
	stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 3000);
	int cancelled_on_reseat = count_phase("workspace-next", TACTUS_PHASE_RECOGNIZED);
	tactus.seat_capabilities(plugin, "seat1", 0);
	tactus.seat_capabilities(plugin, NULL, 0);
	reset();
	stroke(plugin, 3, 0.6, 0.5, -0.3, 0, 0, 4000);
	CHECK(moved_answer == 0 && cancelled_on_reseat == 0 && count_phase("workspace-next", TACTUS_PHASE_RECOGNIZED) == 1,
	      "a screen moved to seat1 halfway through a swipe: that swipe is not recognized (%d), the next one is",
	      cancelled_on_reseat);
	tactus.add_device(plugin, &screen);

	/* Each entry answers with the engine's decision for that very event, whatever its time or values, and nothing
	 * reaches the client twice. A second screen's touch stamped 1 ms before the first screen's latest event is
	 * withheld like any other while the swipe is undecided, then delivered once when it fails. */
	struct tactus_device second = {
		.size = sizeof(struct tactus_device),
		.id = 3, .kind = TACTUS_DEVICE_TOUCHSCREEN, .name = "second screen", .width_mm = 160, .height_mm = 100,
		.output = {1600, 0, 1600, 1000},
	};
	CHECK(tactus.add_device(plugin, &second) == 0, "a second touchscreen beside the first");
	reset();
	enum tactus_decision answers[8] = {
		tactus.touch_down(plugin, 1, 5000, 0, 0.5, 0.5),
		tactus.touch_frame(plugin, 1),
		tactus.touch_down(plugin, 3, 4999, 0, 0.5, 0.5),
		tactus.touch_frame(plugin, 3),
		tactus.touch_up(plugin, 3, 4999, 0),
		tactus.touch_frame(plugin, 3),
		tactus.touch_up(plugin, 1, 5010, 0),
		tactus.touch_frame(plugin, 1),
	};
	int withheld = 0;
	for (int i = 0; i < 8; i++)
		withheld += answers[i] == TACTUS_WITHHOLD;
	CHECK(withheld == 8 && seen.delivered == 8 && seen.cancelled == 0,
	      "touches 1 ms late, on another screen: all 8 withheld at once (%d), each delivered once later (%d)", withheld,
	      seen.delivered);
	/* A position that is not a number: the engine drops it, and so does the entry. */
	reset();
	CHECK(tactus.touch_down(plugin, 1, 6000, 0, NAN, 0.5) == TACTUS_DROP && seen.delivered == 0,
	      "a touch at x = NaN is dropped, not delivered (%d deliveries)", seen.delivered);
	CHECK(tactus.remove_device(plugin, 3) == 0, "second touchscreen removed");
	CHECK(tactus.remove_binding(plugin, swipe_id) == 0 && tactus.remove_binding(plugin, swipe_id) == -1,
	      "binding removed, and only once");

	/* A live pinch bound with forward-then-cancel: the client gets the touches at once, then a cancel. */
	struct tactus_binding pinch = {
		.size = sizeof(struct tactus_binding),
		.action = "zoom", .kind = TACTUS_GESTURE_PINCH, .fingers = 2, .policy = TACTUS_POLICY_FORWARD_THEN_CANCEL,
		.priority = TACTUS_PRIORITY_HIGH, .live = true,
	};
	CHECK(tactus.add_binding(plugin, &pinch) > 0, "pinch binding added");
	reset();
	stroke(plugin, 2, 0.45, 0.5, 0, 0, 0.2, 3000);
	CHECK(count_phase("zoom", TACTUS_PHASE_BEGAN) == 1 && count_phase("zoom", TACTUS_PHASE_CHANGED) > 5 &&
	          count_phase("zoom", TACTUS_PHASE_ENDED) == 1,
	      "zoom began once, changed %d times, ended once", count_phase("zoom", TACTUS_PHASE_CHANGED));
	const struct tactus_values *zoomed = &seen.values[seen.action_count - 1];
	CHECK(zoomed->scale > 2.5, "the pinch ended at scale %.3f", zoomed->scale);
	/* The fingers landed at x 0.45 and 0.50 of the 1600-pixel-wide output, halfway down. */
	CHECK(seen.values[0].start_x == 760 && seen.values[0].start_y == 500 && zoomed->start_x == 760 &&
	          zoomed->start_y == 500,
	      "it started where the fingers landed, layout (%g, %g), at began and at ended", zoomed->start_x,
	      zoomed->start_y);
	CHECK(zoomed->has_anchor && zoomed->anchor_x == 0.475 && zoomed->anchor_y == 0.5,
	      "at (%g, %g) of the output the touchscreen maps to", zoomed->anchor_x, zoomed->anchor_y);
	CHECK(seen.decisions[TACTUS_WITHHOLD] == 0 && seen.decisions[TACTUS_DELIVER] > 0,
	      "touches delivered at once until the binding took over (%d)", seen.decisions[TACTUS_DELIVER]);
	CHECK(seen.cancelled == 1, "the host was asked to cancel the client's touches once (%d)", seen.cancelled);

	/* The same binding on a touchpad: the pinch starts at the pointer, (0, 0) for a host without pointer_location,
	 * and a touchpad maps to no output region, so it has no anchor. */
	struct tactus_device pad = SIZED(tactus_device, .id = 2, .kind = TACTUS_DEVICE_TOUCHPAD, .name = "test touchpad",
	                                 .width_mm = 100, .height_mm = 70);
	CHECK(tactus.add_device(plugin, &pad) == 0, "a 100 x 70 mm touchpad");
	reset();
	/* The binding forwards, then cancels: the pinch goes to clients until the binding takes it over, then ends for
	 * them as cancelled, once, and nothing more of it is forwarded. */
	enum tactus_decision begun = tactus.pinch_begin(plugin, 2, 6500, 2);
	int forwarded_updates = 0, updates_after_cancel = 0;
	for (int s = 1; s <= 30; s++) {
		enum tactus_decision update = tactus.pinch_update(plugin, 2, 6500 + 10 * s, 0, 0, 1 + s / 10.0, 0);
		forwarded_updates += update == TACTUS_DELIVER;
		updates_after_cancel += seen.touchpad_cancelled > 0 && update == TACTUS_DELIVER;
	}
	enum tactus_decision ended = tactus.pinch_end(plugin, 2, 6810, false);
	CHECK(begun == TACTUS_DELIVER && seen.touchpad_cancelled == 1 && updates_after_cancel == 0 && ended == TACTUS_DROP,
	      "a touchpad pinch is forwarded (%d updates), then cancelled for clients once (%d) when the binding takes it, "
	      "and its end is not forwarded", forwarded_updates, seen.touchpad_cancelled);
	zoomed = &seen.values[seen.action_count - 1];
	CHECK(count_phase("zoom", TACTUS_PHASE_ENDED) == 1 && zoomed->start_x == 0 && zoomed->start_y == 0 &&
	          !zoomed->has_anchor && zoomed->anchor_x == 0 && zoomed->anchor_y == 0,
	      "a touchpad pinch ended at scale %.1f, started at the pointer (%g, %g), without an anchor", zoomed->scale,
	      zoomed->start_x, zoomed->start_y);
	/* A three-finger swipe bound with withhold is the compositor's from its begin; a two-finger one no binding wants
	 * goes to clients whole. */
	struct tactus_binding workspace = SIZED(tactus_binding, .action = "workspace", .kind = TACTUS_GESTURE_SWIPE,
	                                        .fingers = 3, .policy = TACTUS_POLICY_WITHHOLD);
	int32_t workspace_id = tactus.add_binding(plugin, &workspace);
	reset();
	int kept = 0, whole = 0;
	kept += tactus.swipe_begin(plugin, 2, 7000, 3) == TACTUS_DROP;
	for (int s = 1; s <= 10; s++)
		kept += tactus.swipe_update(plugin, 2, 7000 + 10 * s, -60, 0) == TACTUS_DROP;
	kept += tactus.swipe_end(plugin, 2, 7110, false) == TACTUS_DROP;
	whole += tactus.swipe_begin(plugin, 2, 8000, 2) == TACTUS_DELIVER;
	for (int s = 1; s <= 10; s++)
		whole += tactus.swipe_update(plugin, 2, 8000 + 10 * s, -60, 0) == TACTUS_DELIVER;
	whole += tactus.swipe_end(plugin, 2, 8110, false) == TACTUS_DELIVER;
	CHECK(kept == 12 && count_phase("workspace", TACTUS_PHASE_RECOGNIZED) == 1 && whole == 12 &&
	          seen.touchpad_cancelled == 0,
	      "a bound 3-finger touchpad swipe is kept from clients (%d of 12 events), an unbound 2-finger one delivered "
	      "(%d of 12)", kept, whole);
	CHECK(tactus.remove_binding(plugin, workspace_id) == 0, "workspace binding removed");
	CHECK(tactus.remove_device(plugin, 2) == 0, "touchpad removed");

	/* A long press is recognized by the plugin's timer on the display's event loop: nothing else happens after
	 * the finger lands. Times are CLOCK_MONOTONIC milliseconds, as wlroots stamps its events. */
	struct tactus_binding press = SIZED(tactus_binding, .action = "menu", .kind = TACTUS_GESTURE_LONG_PRESS);
	int32_t press_id = tactus.add_binding(plugin, &press);
	reset();
	uint32_t landed = monotonic_msec();
	tactus.touch_down(plugin, 1, landed, 0, 0.3, 0.3);
	tactus.touch_frame(plugin, 1);
	for (int i = 0; i < 200 && count_phase("menu", TACTUS_PHASE_RECOGNIZED) == 0; i++)
		wl_event_loop_dispatch(wl_display_get_event_loop(display), 10);
	CHECK(count_phase("menu", TACTUS_PHASE_RECOGNIZED) == 1, "a long press recognized by the event loop's timer");
	/* The long press owns the touch now: a motion the kernel stamped before the deadline the timer fired is dropped,
	 * and so is everything after it; nothing was delivered. */
	enum tactus_decision after[4] = {
		tactus.touch_motion(plugin, 1, landed + 100, 0, 0.3, 0.3),
		tactus.touch_frame(plugin, 1),
		tactus.touch_up(plugin, 1, landed + 700, 0),
		tactus.touch_frame(plugin, 1),
	};
	CHECK(after[0] == TACTUS_DROP && after[1] == TACTUS_DROP && after[2] == TACTUS_DROP && after[3] == TACTUS_DROP &&
	          seen.delivered == 0,
	      "after the long press won on the timer: motion, frame, up and frame dropped (%d %d %d %d), %d delivered",
	      after[0], after[1], after[2], after[3], seen.delivered);
	tactus.remove_binding(plugin, press_id);

	callback_checks(plugin, &screen, landed + 1000);

	struct tactus_binding odd = SIZED(tactus_binding, .action = "odd", .kind = TACTUS_GESTURE_TAP, .modifiers = 0x100);
	reset();
	CHECK(tactus.add_binding(plugin, &odd) == -1 && strstr(seen.last_log, "modifiers"), "modifier bits outside TACTUS_MODIFIER_* refused");
	odd.modifiers = 0;
	odd.action = "";
	CHECK(tactus.add_binding(plugin, &odd) == -1, "an empty action name is refused");

	/* An impossible binding is refused with a message. */
	reset();
	struct tactus_binding edge =
		SIZED(tactus_binding, .action = "menu", .kind = TACTUS_GESTURE_EDGE_SWIPE, .edge = "middle");
	CHECK(tactus.add_binding(plugin, &edge) == -1 && strstr(seen.last_log, "edge"), "edge \"middle\" refused: \"%s\"",
	      seen.last_log);

	/* The engine's rule for gestures, in its own words, as the configuration file and the protocol give it. */
	reset();
	struct tactus_binding crowd = SIZED(tactus_binding, .action = "zoom", .kind = TACTUS_GESTURE_PINCH, .fingers = 7);
	CHECK(tactus.add_binding(plugin, &crowd) == -1 &&
	          strcmp(seen.last_log, "tactus: binding refused: fingers must be within 2…5 for a pinch, not 7") == 0,
	      "a 7-finger pinch refused: \"%s\"", seen.last_log);
	struct tactus_binding careful = SIZED(tactus_binding, .action = "poke", .kind = TACTUS_GESTURE_TAP, .distance_mm = 8);
	int32_t careful_id = tactus.add_binding(plugin, &careful);
	CHECK(careful_id > 0 && tactus.remove_binding(plugin, careful_id) == 0, "a tap with a distance is taken");

	CHECK(tactus.remove_device(plugin, 1) == 0, "touchscreen removed");
	tactus.destroy(plugin);
	tactus.destroy(NULL);
	/* Calls after destroy: nothing happens. */
	CHECK(tactus.touch_down(plugin, 1, 20000, 0, 0.5, 0.5) == TACTUS_DELIVER && tactus.add_binding(plugin, &swipe) == -1,
	      "calls after destroy do nothing");
	tactus.destroy(plugin);

	lying_count_checks(display, socket);
	lock_checks(display, &host);
	withheld_at_destroy_checks(display, &host);
	configuration_checks(display, &host, &screen, home);
	destroyed_mid_gesture_checks(display, &host, &screen, home);
	lock_between_taps_checks(display, &host, &screen, home);
	application_checks(display, &host, &screen, home);
	wl_display_destroy(display); /* removes its socket */
	rmdir(home);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
