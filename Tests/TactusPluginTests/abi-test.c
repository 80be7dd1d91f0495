/*
 * Loads libtactus.so with dlopen, as a compositor would, creates the plugin on a real wl_display and drives it
 * through the wlroots-shaped entries of tactus.h. Usage: abi-test PATH/TO/libtactus.so
 * Prints one line per check and "N passed, N failed"; exits non-zero when any check fails.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-server.h>

#include "tactus.h"

static int passed, failed;

#define CHECK(condition, ...)                                     \
	do {                                                          \
		if (condition) {                                          \
			passed++;                                             \
			printf("ok: ");                                       \
		} else {                                                  \
			failed++;                                             \
			printf("FAILED (%s:%d): ", __FILE__, __LINE__);       \
		}                                                         \
		printf(__VA_ARGS__);                                      \
		printf("\n");                                             \
	} while (0)

/* The entries, looked up by name. */
static struct {
	struct tactus_plugin *(*create)(uint32_t, struct wl_display *, const struct tactus_host *, const char *);
	void (*destroy)(struct tactus_plugin *);
	int (*add_device)(struct tactus_plugin *, const struct tactus_device *);
	int (*remove_device)(struct tactus_plugin *, uint32_t);
	enum tactus_decision (*touch_down)(struct tactus_plugin *, uint32_t, uint32_t, int32_t, double, double);
	enum tactus_decision (*touch_motion)(struct tactus_plugin *, uint32_t, uint32_t, int32_t, double, double);
	enum tactus_decision (*touch_up)(struct tactus_plugin *, uint32_t, uint32_t, int32_t);
	enum tactus_decision (*touch_frame)(struct tactus_plugin *, uint32_t);
	int32_t (*add_binding)(struct tactus_plugin *, const struct tactus_binding *);
	int (*remove_binding)(struct tactus_plugin *, int32_t);
} tactus;

/* What the host saw. */
struct record {
	char actions[64][64];
	enum tactus_phase phases[64];
	struct tactus_values values[64];
	int action_count;
	int delivered, cancelled;
	char last_log[512];
	int decisions[4]; /* counts by enum tactus_decision */
};

static struct record seen;

static void run_action(void *data, const char *name, enum tactus_phase phase, double progress,
                       const struct tactus_values *values) {
	(void)data;
	(void)progress;
	if (seen.action_count < 64) {
		snprintf(seen.actions[seen.action_count], sizeof seen.actions[0], "%s", name);
		seen.phases[seen.action_count] = phase;
		seen.values[seen.action_count] = *values;
		seen.action_count++;
	}
}

static void deliver_touch(void *data, const struct tactus_touch *touch) {
	(void)data;
	(void)touch;
	seen.delivered++;
}

static void cancel_touches(void *data, uint32_t device) {
	(void)data;
	(void)device;
	seen.cancelled++;
}

static void log_message(void *data, enum tactus_log_level level, const char *message) {
	(void)data;
	(void)level;
	snprintf(seen.last_log, sizeof seen.last_log, "%s", message);
}

static void reset(void) { memset(&seen, 0, sizeof seen); }

/* Fingers on a line, moving together from (x, y) by (dx, dy) in normalized units over 300 ms at 100 Hz;
 * spread: how much further apart they get (a pinch). Starts at start_ms. */
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
	}
	for (int f = 0; f < fingers; f++)
		seen.decisions[tactus.touch_up(plugin, 1, start_ms + 300, f)]++;
	seen.decisions[tactus.touch_frame(plugin, 1)]++;
}

static int count_phase(const char *action, enum tactus_phase phase) {
	int n = 0;
	for (int i = 0; i < seen.action_count; i++)
		if (strcmp(seen.actions[i], action) == 0 && seen.phases[i] == phase)
			n++;
	return n;
}

int main(int argc, char **argv) {
	if (argc != 2) {
		fprintf(stderr, "usage: %s PATH/TO/libtactus.so\n", argv[0]);
		return 2;
	}
	void *library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
	if (!library) {
		fprintf(stderr, "dlopen: %s\n", dlerror());
		return 2;
	}
#define LOOK_UP(field, name)                                                  \
	*(void **)&tactus.field = dlsym(library, name);                           \
	if (!tactus.field) {                                                      \
		fprintf(stderr, "dlsym %s: %s\n", name, dlerror());                   \
		return 2;                                                             \
	}
	LOOK_UP(create, "tactus_plugin_create");
	LOOK_UP(destroy, "tactus_plugin_destroy");
	LOOK_UP(add_device, "tactus_plugin_add_device");
	LOOK_UP(remove_device, "tactus_plugin_remove_device");
	LOOK_UP(touch_down, "tactus_plugin_touch_down");
	LOOK_UP(touch_motion, "tactus_plugin_touch_motion");
	LOOK_UP(touch_up, "tactus_plugin_touch_up");
	LOOK_UP(touch_frame, "tactus_plugin_touch_frame");
	LOOK_UP(add_binding, "tactus_plugin_add_binding");
	LOOK_UP(remove_binding, "tactus_plugin_remove_binding");

	struct wl_display *display = wl_display_create();
	struct tactus_host host = {
		.run_action = run_action,
		.deliver_touch = deliver_touch,
		.cancel_touches = cancel_touches,
		.log = log_message,
	};

	/* A compositor built against another ABI is refused with a message, not a crash. */
	reset();
	struct tactus_plugin *refused = tactus.create(TACTUS_ABI_VERSION + 1, display, &host, NULL);
	CHECK(refused == NULL && strstr(seen.last_log, "ABI 2") != NULL, "ABI %u refused: \"%s\"", TACTUS_ABI_VERSION + 1,
	      seen.last_log);

	struct tactus_plugin *plugin = tactus.create(TACTUS_ABI_VERSION, display, &host, NULL);
	CHECK(plugin != NULL, "plugin created on a wl_display");
	if (!plugin)
		return 1;

	/* NULL and unknown ids: documented results, no crash. */
	CHECK(tactus.touch_down(NULL, 1, 0, 0, 0.5, 0.5) == TACTUS_DELIVER, "a NULL plugin delivers");
	CHECK(tactus.add_binding(plugin, NULL) == -1, "a NULL binding is refused");
	reset();
	CHECK(tactus.touch_down(plugin, 9, 0, 0, 0.5, 0.5) == TACTUS_DROP && strstr(seen.last_log, "device 9"),
	      "an unknown device's touch is dropped: \"%s\"", seen.last_log);
	CHECK(tactus.remove_device(plugin, 9) == -1, "removing an unknown device fails");

	struct tactus_device screen = {
		.id = 1, .kind = TACTUS_DEVICE_TOUCHSCREEN, .name = "test screen", .width_mm = 160, .height_mm = 100,
		.output = {0, 0, 1600, 1000},
	};
	CHECK(tactus.add_device(plugin, &screen) == 0, "a 160 x 100 mm touchscreen on a 1600 x 1000 output");

	/* A three-finger swipe to the left bound with withhold: the action runs once, the client never sees a touch. */
	struct tactus_binding swipe = {
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
	CHECK(tactus.remove_binding(plugin, swipe_id) == 0 && tactus.remove_binding(plugin, swipe_id) == -1,
	      "binding removed, and only once");

	/* A live pinch bound with forward-then-cancel: the client gets the touches at once, then a cancel. */
	struct tactus_binding pinch = {
		.action = "zoom", .kind = TACTUS_GESTURE_PINCH, .fingers = 2, .policy = TACTUS_POLICY_FORWARD_THEN_CANCEL,
		.priority = TACTUS_PRIORITY_HIGH, .live = true,
	};
	CHECK(tactus.add_binding(plugin, &pinch) > 0, "pinch binding added");
	reset();
	stroke(plugin, 2, 0.45, 0.5, 0, 0, 0.2, 3000);
	CHECK(count_phase("zoom", TACTUS_PHASE_BEGAN) == 1 && count_phase("zoom", TACTUS_PHASE_CHANGED) > 5 &&
	          count_phase("zoom", TACTUS_PHASE_ENDED) == 1,
	      "zoom began once, changed %d times, ended once", count_phase("zoom", TACTUS_PHASE_CHANGED));
	CHECK(seen.values[seen.action_count - 1].scale > 2.5, "the pinch ended at scale %.3f",
	      seen.values[seen.action_count - 1].scale);
	CHECK(seen.decisions[TACTUS_WITHHOLD] == 0 && seen.decisions[TACTUS_DELIVER] > 0,
	      "touches delivered at once until the binding took over (%d)", seen.decisions[TACTUS_DELIVER]);
	CHECK(seen.cancelled == 1, "the host was asked to cancel the client's touches once (%d)", seen.cancelled);

	/* An impossible binding is refused with a message. */
	reset();
	struct tactus_binding edge = {.action = "menu", .kind = TACTUS_GESTURE_EDGE_SWIPE, .edge = "middle"};
	CHECK(tactus.add_binding(plugin, &edge) == -1 && strstr(seen.last_log, "edge"), "edge \"middle\" refused: \"%s\"",
	      seen.last_log);

	CHECK(tactus.remove_device(plugin, 1) == 0, "touchscreen removed");
	tactus.destroy(plugin);
	tactus.destroy(NULL);
	wl_display_destroy(display);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
