/* SPDX-License-Identifier: MIT */
/* tactus-pinch: a window that a pinch zooms, a rotation turns and a double tap resets, with libtactus-client alone.
 * Build: cc tactus-pinch.c xdg-shell-protocol.c $(pkg-config --cflags --libs tactus-client wayland-client)
 * (xdg-shell-protocol.c and its header: wayland-scanner, from wayland-protocols' xdg-shell.xml). */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <tactus-client.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static double zoom = 1, angle = 0, zoom_before = 1, angle_before = 0;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
	(void)data, (void)version;
	if (strcmp(interface, "wl_compositor") == 0) compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	if (strcmp(interface, "wl_shm") == 0) shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	if (strcmp(interface, "xdg_wm_base") == 0) wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
}
static void global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data, (void)registry, (void)name; }
static void ping(void *data, struct xdg_wm_base *base, uint32_t serial) { (void)data; xdg_wm_base_pong(base, serial); }
static void configure(void *data, struct xdg_surface *surface, uint32_t serial) {
	(void)data;
	xdg_surface_ack_configure(surface, serial);
}

/* Pinch and rotation apply to what the picture was when the fingers landed; a cancel puts that back. */
static void on_gesture(struct tactus_client_gesture *gesture, const struct tactus_client_event *event, void *data) {
	(void)data;
	enum tactus_client_kind kind = tactus_client_gesture_get_kind(gesture);
	if (event->phase == TACTUS_CLIENT_BEGAN)
		kind == TACTUS_CLIENT_PINCH ? (zoom_before = zoom) : (angle_before = angle);
	if (event->phase == TACTUS_CLIENT_CANCELLED)
		kind == TACTUS_CLIENT_PINCH ? (zoom = zoom_before) : (angle = angle_before);
	else if (event->values & TACTUS_CLIENT_HAS_SCALE)
		zoom = zoom_before * event->scale;
	else if (event->values & TACTUS_CLIENT_HAS_ROTATION)
		angle = angle_before + event->rotation;
	else if (kind == TACTUS_CLIENT_TAP && event->phase == TACTUS_CLIENT_RECOGNIZED)
		zoom = 1, angle = 0;
	printf("%s %s", tactus_client_kind_name(kind), tactus_client_phase_name(event->phase));
	if (event->phase == TACTUS_CLIENT_FAILED || event->phase == TACTUS_CLIENT_CANCELLED)
		printf(" (%s)", tactus_client_reason_name(event->reason));
	printf(" at %.1f,%.1f\n", event->x, event->y);
}

/* Once every gesture of the input frame is in (a pinch and its rotation together), the picture is as it should be. */
static void on_frame(void *data) {
	(void)data;
	printf("zoom %.3f angle %.2f\n", zoom, angle);
	fflush(stdout);
}

int main(void) {
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) return fprintf(stderr, "tactus-pinch: no Wayland display\n"), 1;
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &(const struct wl_registry_listener){global, global_remove}, NULL);
	wl_display_roundtrip(display);
	if (!compositor || !shm || !wm_base) return fprintf(stderr, "tactus-pinch: no xdg-shell window here\n"), 1;
	xdg_wm_base_add_listener(wm_base, &(const struct xdg_wm_base_listener){ping}, NULL);

	/* A grey window of 400 x 300. */
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xdg, &(const struct xdg_surface_listener){configure}, NULL);
	xdg_toplevel_set_title(xdg_surface_get_toplevel(xdg), "tactus-pinch");
	wl_surface_commit(surface);
	wl_display_roundtrip(display);
	int width = 400, height = 300, fd = memfd_create("tactus-pinch", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, width * height * 4) < 0) return perror("tactus-pinch"), 1;
	memset(mmap(NULL, width * height * 4, PROT_WRITE, MAP_SHARED, fd, 0), 0x80, width * height * 4);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, width * height * 4);
	wl_surface_attach(surface, wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_XRGB8888), 0, 0);
	wl_surface_commit(surface);

	/* The gestures: pinch and rotate together, a double tap. */
	struct tactus_client *client = tactus_client_new(display);
	if (!tactus_client_is_available(client)) fprintf(stderr, "tactus-pinch: %s\n", tactus_client_problem(client));
	tactus_client_set_frame_handler(client, on_frame, NULL);
	struct tactus_client_gesture *pinch = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_PINCH, on_gesture, NULL);
	struct tactus_client_gesture *rotate = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_ROTATE, on_gesture, NULL);
	struct tactus_client_gesture *reset = tactus_client_gesture_new(client, surface, NULL, TACTUS_CLIENT_TAP, on_gesture, NULL);
	tactus_client_gesture_recognize_simultaneously_with(pinch, rotate);
	tactus_client_gesture_set_tap_count(reset, 2);
	tactus_client_gesture_commit(pinch);
	tactus_client_gesture_commit(rotate);
	tactus_client_gesture_commit(reset);
	printf("ready\n");
	fflush(stdout);
	while (wl_display_dispatch(display) >= 0)
		;
	tactus_client_destroy(client);
	return 0;
}
