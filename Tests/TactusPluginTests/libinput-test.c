// SPDX-License-Identifier: MIT
/*
 * A compositor that holds libinput itself: it reads a device with its own libinput context and hands every event
 * to libtactus through tactus_plugin_handle_libinput_event. Run under umockdev by TactusLibinputTests with a
 * recorded four-finger drag. Usage: libinput-test PATH/TO/libtactus.so /dev/input/eventN
 * Prints one line per check and "N passed, N failed"; exits non-zero when any check fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <fcntl.h>
#include <libinput.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-server.h>

#include "check.h"
#include "entries.h"
#include "tactus.h"

static int began, ended, fingers, placed, touch_events, delivered_at_once, withheld;
static double last_dy;

static void run_action(void *data, const char *name, enum tactus_phase phase, double progress,
                       const struct tactus_values *values) {
	(void)data;
	(void)progress;
	if (strcmp(name, "four-finger-drag") != 0)
		return;
	if (phase == TACTUS_PHASE_BEGAN)
		began++;
	if (phase == TACTUS_PHASE_ENDED)
		ended++;
	fingers = (int)values->fingers;
	last_dy = values->dy;
}

static bool device_output(void *data, const char *device, const char *output, struct tactus_rect *region,
                          uint32_t *transform) {
	(void)data;
	(void)device;
	(void)output;
	placed++;
	*region = (struct tactus_rect){0, 0, 950, 540}; /* 10 px per mm on a 95 x 54 mm panel */
	*transform = 0;
	return true;
}

static void log_message(void *data, enum tactus_log_level level, const char *message) {
	(void)data;
	(void)level;
	fprintf(stderr, "%s\n", message);
}

static int open_restricted(const char *path, int flags, void *data) {
	(void)data;
	int fd = open(path, flags);
	return fd < 0 ? -1 : fd;
}

static void close_restricted(int fd, void *data) {
	(void)data;
	close(fd);
}

static const struct libinput_interface interface = {open_restricted, close_restricted};

static double now_ms(void) {
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return now.tv_sec * 1000.0 + now.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
	if (argc != 3) {
		fprintf(stderr, "usage: %s PATH/TO/libtactus.so /dev/input/eventN\n", argv[0]);
		return 2;
	}
	void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 2;
	}
	struct tactus_plugin_entries tactus;
	if (!look_up_entries(library, &tactus))
		return 2;

	/* No configuration file of the user's plays a part. */
	char home[] = "/tmp/tactus-libinput-test-XXXXXX";
	if (!mkdtemp(home))
		return 2;
	setenv("XDG_CONFIG_HOME", home, 1);

	struct wl_display *display = wl_display_create();
	struct tactus_host host =
		SIZED(tactus_host, .run_action = run_action, .device_output = device_output, .log = log_message);
	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, &host, NULL);
	struct tactus_binding drag = {
		.size = sizeof(struct tactus_binding),
		.action = "four-finger-drag", .kind = TACTUS_GESTURE_DRAG, .fingers = 4, .priority = TACTUS_PRIORITY_HIGH,
		.policy = TACTUS_POLICY_FORWARD_THEN_CANCEL, .live = true,
	};
	CHECK(plugin && tactus.add_binding(plugin, &drag) > 0, "plugin created, four-finger drag bound");

	struct libinput *li = libinput_path_create_context(&interface, NULL);
	CHECK(li && libinput_path_add_device(li, argv[2]), "libinput reads %s", argv[2]);
	if (!li)
		return 1;

	/* The compositor's loop: libinput's descriptor and the display's event loop (the plugin's timers). */
	double last_event = now_ms(), start = last_event;
	while (now_ms() - last_event < 3000 && now_ms() - start < 20000) {
		struct pollfd input = {.fd = libinput_get_fd(li), .events = POLLIN};
		poll(&input, 1, 10);
		libinput_dispatch(li);
		struct libinput_event *event;
		while ((event = libinput_get_event(li))) {
			enum libinput_event_type type = libinput_event_get_type(event);
			enum tactus_decision decision = tactus.handle_libinput_event(plugin, event);
			if (type >= LIBINPUT_EVENT_TOUCH_DOWN && type <= LIBINPUT_EVENT_TOUCH_FRAME) {
				touch_events++;
				if (decision == TACTUS_DELIVER)
					delivered_at_once++;
				if (decision == TACTUS_WITHHOLD)
					withheld++;
				last_event = now_ms();
			}
			libinput_event_destroy(event);
		}
		wl_event_loop_dispatch(wl_display_get_event_loop(display), 0);
	}
	CHECK(placed == 1, "the device was placed through device_output once (%d)", placed);
	CHECK(touch_events > 50, "%d touch events went through the plugin", touch_events);
	CHECK(withheld == 0 && delivered_at_once > 0 && delivered_at_once < touch_events,
	      "forward-then-cancel: %d delivered at once until the binding won, none withheld, the rest dropped",
	      delivered_at_once);
	CHECK(began == 1 && ended == 1 && fingers == 4, "four-finger-drag began %d, ended %d, with %d fingers", began,
	      ended, fingers);
	CHECK(last_dy < -100 || last_dy > 100, "dragged by %.1f px vertically", last_dy);

	libinput_unref(li);
	tactus.destroy(plugin);
	wl_display_destroy(display);
	rmdir(home);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
