/* SPDX-License-Identifier: MIT */
/* library-test: libtactus-client against a running compositor (WAYLAND_DISPLAY), for
 * Tests/EndToEnd/checks/client_library.py:
 *   refusals   every parameter at its bounds is sent and taken (the compositor raises no protocol error), every
 *              value past them, every relation that would contradict another and a second exclusion are refused
 *              with a message and send nothing; prints "refused N, accepted M" and each message
 *   cycles N   N rounds of making a surface's gestures (pinch, rotate, tap, swipe) with parameters, relations,
 *              regions and an exclusion, then destroying them; prints "cycles N" once the compositor has answered
 *              them all without an error (valgrind runs it to find leaks)
 *   surface-gone  a window 400 x 300 with a drag, whose surface it destroys when the drag begins; prints "ready",
 *              then each event of the drag as "drag PHASE" or "drag PHASE (REASON)", and goes on dispatching until it
 *              is ended
 *   exclusion  a window 400 x 300 whose top 100 pixels exclude the compositor's own gestures; prints "ready" and goes
 *              on dispatching until it is ended
 * Exits 0 when all held, 1 with the reason otherwise. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <tactus-client.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
	(void)data, (void)version;
	if (strcmp(interface, "wl_compositor") == 0)
		compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 1);
	else if (strcmp(interface, "wl_shm") == 0)
		shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	else if (strcmp(interface, "xdg_wm_base") == 0)
		wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
	(void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {global, global_remove};

static int failures, refused, accepted;

/* A call expected to be taken (true) or refused (false), with what it was for the report. */
static void expect(struct tactus_client *client, bool result, bool taken, const char *what) {
	if (result != taken) {
		failures++;
		printf("FAILED %s: %s\n", what, taken ? tactus_client_problem(client) : "taken, expected refused");
		return;
	}
	if (taken) {
		accepted++;
	} else {
		refused++;
		printf("refused %s: %s\n", what, tactus_client_problem(client));
	}
}

static int refusals(struct wl_display *display, struct tactus_client *client, struct wl_surface *surface) {
	struct tactus_client_gesture *pinch = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_PINCH, NULL, NULL);
	struct tactus_client_gesture *rotate = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_ROTATE, NULL, NULL);
	struct tactus_client_gesture *tap = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_TAP, NULL, NULL);
	struct tactus_client_gesture *swipe = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_SWIPE, NULL, NULL);
	struct tactus_client_gesture *edge = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_EDGE_SWIPE, NULL, NULL);
	struct tactus_client_gesture *hold = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_HOLD, NULL, NULL);
	struct wl_surface *elsewhere = wl_compositor_create_surface(compositor);
	struct tactus_client_gesture *other = tactus_client_gesture_new(client, elsewhere, NULL, TACTUS_CLIENT_TAP, NULL, NULL);
	expect(client, tactus_client_gesture_new(client, surface, NULL, 10, NULL, NULL) != NULL, false, "kind 10");

	expect(client, tactus_client_gesture_set_fingers(tap, 1), true, "tap fingers 1");
	expect(client, tactus_client_gesture_set_fingers(tap, 10), true, "tap fingers 10");
	expect(client, tactus_client_gesture_set_fingers(tap, 0), false, "tap fingers 0");
	expect(client, tactus_client_gesture_set_fingers(tap, 11), false, "tap fingers 11");
	expect(client, tactus_client_gesture_set_fingers(pinch, 2), true, "pinch fingers 2");
	expect(client, tactus_client_gesture_set_fingers(pinch, 5), true, "pinch fingers 5");
	expect(client, tactus_client_gesture_set_fingers(pinch, 1), false, "pinch fingers 1");
	expect(client, tactus_client_gesture_set_fingers(rotate, 7), false, "rotate fingers 7");
	expect(client, tactus_client_gesture_set_tap_count(tap, 5), true, "tap count 5");
	expect(client, tactus_client_gesture_set_tap_count(tap, 6), false, "tap count 6");
	expect(client, tactus_client_gesture_set_tap_count(swipe, 2), false, "a swipe's tap count");
	expect(client, tactus_client_gesture_set_distance(swipe, 500), true, "swipe distance 500");
	expect(client, tactus_client_gesture_set_distance(swipe, 1.0 / 256), true, "swipe distance 1/256");
	expect(client, tactus_client_gesture_set_distance(swipe, 500.01), false, "swipe distance 500.01");
	expect(client, tactus_client_gesture_set_distance(swipe, 0.001), false, "swipe distance 0.001 (0 on the wire)");
	expect(client, tactus_client_gesture_set_distance(swipe, 0.0 / 0.0), false, "swipe distance NaN");
	expect(client, tactus_client_gesture_set_distance(pinch, 10), false, "a pinch's distance");
	expect(client, tactus_client_gesture_set_duration(hold, 1), true, "hold duration 1");
	expect(client, tactus_client_gesture_set_duration(hold, 10000), true, "hold duration 10000");
	expect(client, tactus_client_gesture_set_duration(hold, 10001), false, "hold duration 10001");
	expect(client, tactus_client_gesture_set_duration(swipe, 100), false, "a swipe's duration");
	expect(client, tactus_client_gesture_set_scale_delta(pinch, 0.5), true, "pinch scale delta 0.5");
	expect(client, tactus_client_gesture_set_scale_delta(pinch, 1), false, "pinch scale delta 1");
	expect(client, tactus_client_gesture_set_scale_delta(rotate, 0.1), false, "a rotation's scale delta");
	expect(client, tactus_client_gesture_set_angle_delta(rotate, 180), true, "rotate angle delta 180");
	expect(client, tactus_client_gesture_set_angle_delta(rotate, 0), false, "rotate angle delta 0");
	expect(client, tactus_client_gesture_set_angle_delta(rotate, 1.0 / 0.0), false, "rotate angle delta infinity");
	expect(client, tactus_client_gesture_set_directions(swipe, TACTUS_CLIENT_UP_LEFT | TACTUS_CLIENT_DOWN), true,
	       "swipe directions up-left and down");
	expect(client, tactus_client_gesture_set_directions(swipe, 0), false, "swipe directions none");
	expect(client, tactus_client_gesture_set_directions(swipe, 256), false, "swipe direction 256");
	expect(client, tactus_client_gesture_set_directions(tap, TACTUS_CLIENT_UP), false, "a tap's directions");
	expect(client, tactus_client_gesture_set_edge(edge, TACTUS_CLIENT_EDGE_BOTTOM), true, "edge bottom");
	expect(client, tactus_client_gesture_set_edge(edge, 5), false, "edge 5");
	expect(client, tactus_client_gesture_set_edge(swipe, TACTUS_CLIENT_EDGE_LEFT), false, "a swipe's edge");
	expect(client, tactus_client_gesture_set_priority(tap, TACTUS_CLIENT_PRIORITY_SIMULTANEOUS), true, "priority 2");
	expect(client, tactus_client_gesture_set_priority(tap, 3), false, "priority 3");
	struct tactus_client_rectangle rectangles[] = {{0, 0, 100, 50}, {10, 60, 0, 20}};
	expect(client, tactus_client_gesture_set_region(tap, rectangles, 1), true, "a region of one rectangle");
	expect(client, tactus_client_gesture_set_region(tap, rectangles, 2), false, "a rectangle 0 wide");
	expect(client, tactus_client_gesture_set_region(tap, NULL, 0), true, "the whole surface");

	expect(client, tactus_client_gesture_recognize_simultaneously_with(pinch, rotate), true, "pinch with rotate");
	expect(client, tactus_client_gesture_require_failure_of(rotate, pinch), false, "rotate waiting for pinch, with it");
	expect(client, tactus_client_gesture_require_failure_of(tap, swipe), true, "tap waiting for swipe");
	expect(client, tactus_client_gesture_require_failure_of(swipe, hold), true, "swipe waiting for hold");
	expect(client, tactus_client_gesture_require_failure_of(hold, tap), false, "hold waiting for tap: a circle");
	expect(client, tactus_client_gesture_recognize_simultaneously_with(tap, tap), false, "tap with itself");
	expect(client, tactus_client_gesture_require_failure_of(tap, other), false, "a gesture of another surface");
	/* A cleared relation counts until the commit that drops it. */
	tactus_client_gesture_clear_relations(pinch);
	expect(client, tactus_client_gesture_require_failure_of(rotate, pinch), false, "rotate waiting for pinch, cleared");
	tactus_client_gesture_commit(pinch);
	expect(client, tactus_client_gesture_require_failure_of(rotate, pinch), true, "rotate waiting for pinch, committed");
	struct tactus_client_gesture *all[] = {pinch, rotate, tap, swipe, edge, hold, other};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		tactus_client_gesture_commit(all[i]);

	struct tactus_client_exclusion *exclusion = tactus_client_exclusion_new(client, surface, rectangles, 1);
	expect(client, exclusion != NULL, true, "an exclusion");
	expect(client, tactus_client_exclusion_new(client, surface, NULL, 0) != NULL, false, "a second exclusion");
	expect(client, tactus_client_exclusion_set_region(exclusion, rectangles, 2), false, "an exclusion 0 wide");
	wl_surface_commit(surface);
	if (wl_display_roundtrip(display) < 0) {
		printf("FAILED: the connection ended: protocol error %d\n", wl_display_get_error(display));
		return 1;
	}
	tactus_client_exclusion_destroy(exclusion);
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		tactus_client_gesture_destroy(all[i]);
	wl_surface_destroy(elsewhere);
	printf("refused %d, accepted %d, protocol version %u\n", refused, accepted, tactus_client_protocol_version(client));
	return failures ? 1 : 0;
}

static int cycles(struct wl_display *display, struct tactus_client *client, struct wl_surface *surface, int count) {
	static const struct tactus_client_rectangle top = {0, 0, 400, 100};
	for (int i = 0; i < count; i++) {
		struct tactus_client_gesture *pinch = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_PINCH, NULL, NULL);
		struct tactus_client_gesture *rotate = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_ROTATE, NULL, NULL);
		struct tactus_client_gesture *tap = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_TAP, NULL, NULL);
		struct tactus_client_gesture *swipe = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_SWIPE, NULL, NULL);
		struct tactus_client_exclusion *exclusion = tactus_client_exclusion_new(client, surface, &top, 1);
		if (!pinch || !rotate || !tap || !swipe || !exclusion) {
			printf("FAILED at cycle %d: %s\n", i, tactus_client_problem(client));
			return 1;
		}
		tactus_client_gesture_set_scale_delta(pinch, 0.05);
		tactus_client_gesture_recognize_simultaneously_with(pinch, rotate);
		tactus_client_gesture_set_tap_count(tap, 2);
		tactus_client_gesture_set_region(tap, &top, 1);
		tactus_client_gesture_require_failure_of(tap, swipe);
		tactus_client_gesture_set_fingers(swipe, 2);
		tactus_client_gesture_commit(pinch);
		tactus_client_gesture_commit(rotate);
		tactus_client_gesture_commit(tap);
		tactus_client_gesture_commit(swipe);
		wl_surface_commit(surface);
		/* Each other one is left to the client's destruction; the others go on their own, swipe first. */
		if (i % 2 == 0) {
			tactus_client_gesture_destroy(swipe);
			tactus_client_gesture_destroy(tap);
			tactus_client_gesture_destroy(rotate);
			tactus_client_gesture_destroy(pinch);
			tactus_client_exclusion_destroy(exclusion);
			wl_surface_commit(surface);
		} else {
			tactus_client_destroy(client);
			client = tactus_client_new(display);
		}
		if (i % 100 == 99 && wl_display_roundtrip(display) < 0) {
			printf("FAILED at cycle %d: protocol error %d\n", i, wl_display_get_error(display));
			return 1;
		}
	}
	tactus_client_destroy(client);
	if (wl_display_roundtrip(display) < 0) {
		printf("FAILED: protocol error %d\n", wl_display_get_error(display));
		return 1;
	}
	printf("cycles %d\n", count);
	return 0;
}

/* The window whose surface goes when its drag begins. */
struct window {
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_buffer *buffer;
};

static void ping(void *data, struct xdg_wm_base *base, uint32_t serial) {
	(void)data;
	xdg_wm_base_pong(base, serial);
}

static void configure(void *data, struct xdg_surface *surface, uint32_t serial) {
	(void)data;
	xdg_surface_ack_configure(surface, serial);
}

static void destroy_window(struct window *window) {
	xdg_toplevel_destroy(window->toplevel);
	xdg_surface_destroy(window->xdg_surface);
	wl_surface_destroy(window->surface);
	wl_buffer_destroy(window->buffer);
	window->surface = NULL;
}

static void on_drag(struct tactus_client_gesture *gesture, const struct tactus_client_event *event, void *data) {
	(void)gesture;
	struct window *window = data;
	printf("drag %s", tactus_client_phase_name(event->phase));
	if (event->phase == TACTUS_CLIENT_CANCELLED || event->phase == TACTUS_CLIENT_FAILED)
		printf(" (%s)", tactus_client_reason_name(event->reason));
	printf("\n");
	fflush(stdout);
	if (event->phase == TACTUS_CLIENT_BEGAN && window->surface)
		destroy_window(window);
}

/* A grey window of 400 x 300, mapped once the compositor has seen its buffer. */
static bool open_window(struct wl_display *display, struct window *window, const char *title) {
	static const struct xdg_wm_base_listener base_listener = {ping};
	static const struct xdg_surface_listener surface_listener = {configure};
	if (!shm || !wm_base) {
		printf("FAILED: no xdg-shell window here\n");
		return false;
	}
	xdg_wm_base_add_listener(wm_base, &base_listener, NULL);
	window->surface = wl_compositor_create_surface(compositor);
	window->xdg_surface = xdg_wm_base_get_xdg_surface(wm_base, window->surface);
	xdg_surface_add_listener(window->xdg_surface, &surface_listener, NULL);
	window->toplevel = xdg_surface_get_toplevel(window->xdg_surface);
	xdg_toplevel_set_title(window->toplevel, title);
	wl_surface_commit(window->surface);
	wl_display_roundtrip(display);
	int size = 400 * 300 * 4, fd = memfd_create(title, MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) < 0) {
		printf("FAILED: no shared memory\n");
		return false;
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
	window->buffer = wl_shm_pool_create_buffer(pool, 0, 400, 300, 400 * 4, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_surface_attach(window->surface, window->buffer, 0, 0);
	wl_surface_commit(window->surface);
	return true;
}

/* Says it is ready once the compositor has everything, then dispatches until the end. */
static int serve(struct wl_display *display) {
	wl_display_roundtrip(display);
	printf("ready\n");
	fflush(stdout);
	while (wl_display_dispatch(display) >= 0)
		;
	printf("FAILED: the connection ended: error %d\n", wl_display_get_error(display));
	return 1;
}

static int surface_gone(struct wl_display *display, struct tactus_client *client) {
	struct window window = {0};
	if (!open_window(display, &window, "surface-gone"))
		return 1;
	struct tactus_client_gesture *drag =
		tactus_client_gesture_new(client, window.surface, NULL, TACTUS_CLIENT_DRAG, on_drag, &window);
	tactus_client_gesture_commit(drag);
	return serve(display);
}

static int exclusion(struct wl_display *display, struct tactus_client *client) {
	static const struct tactus_client_rectangle top = {0, 0, 400, 100};
	struct window window = {0};
	if (!open_window(display, &window, "exclusion") || !tactus_client_exclusion_new(client, window.surface, &top, 1))
		return 1;
	wl_surface_commit(window.surface);
	return serve(display);
}

int main(int argc, char **argv) {
	bool known = argc >= 2 && (strcmp(argv[1], "refusals") == 0 || strcmp(argv[1], "surface-gone") == 0
	                           || strcmp(argv[1], "exclusion") == 0 || (strcmp(argv[1], "cycles") == 0 && argc >= 3));
	if (!known) {
		fprintf(stderr, "usage: library-test refusals | cycles N | surface-gone | exclusion\n");
		return 64;
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		printf("FAILED: no Wayland display\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	struct tactus_client *client = tactus_client_new(display);
	if (!compositor || !tactus_client_is_available(client)) {
		printf("FAILED: %s\n", compositor ? tactus_client_problem(client) : "no wl_compositor");
		return 1;
	}
	if (strcmp(argv[1], "surface-gone") == 0)
		return surface_gone(display, client);
	if (strcmp(argv[1], "exclusion") == 0)
		return exclusion(display, client);
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	int status = strcmp(argv[1], "refusals") == 0 ? refusals(display, client, surface)
	                                              : cycles(display, client, surface, atoi(argv[2]));
	if (strcmp(argv[1], "refusals") == 0)
		tactus_client_destroy(client);
	wl_surface_destroy(surface);
	wl_compositor_destroy(compositor);
	wl_registry_destroy(registry);
	wl_display_disconnect(display);
	return status;
}
