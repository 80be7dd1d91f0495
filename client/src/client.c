/* SPDX-License-Identifier: MIT */
/* The client: the compositor's globals (the gesture manager, wl_compositor for regions, the seats), found with one
 * round trip on a queue of the library's own and then moved to the display's default queue, which the application
 * dispatches. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "private.h"

/* The newest version of tactus_gesture_manager_v1 the library speaks. */
static const uint32_t newest_manager_version = 3;

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
	struct tactus_client *client = data;
	if (strcmp(interface, tactus_gesture_manager_v1_interface.name) == 0 && !client->manager) {
		uint32_t bound = version < newest_manager_version ? version : newest_manager_version;
		client->manager = wl_registry_bind(registry, name, &tactus_gesture_manager_v1_interface, bound);
		client->manager_name = name;
	} else if (strcmp(interface, wl_compositor_interface.name) == 0 && !client->compositor) {
		client->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 1);
	} else if (strcmp(interface, wl_seat_interface.name) == 0) {
		struct seat *seat = calloc(1, sizeof *seat);
		if (!seat)
			return; /* a seat the library cannot name; gestures name the others */
		seat->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
		seat->name = name;
		wl_list_insert(client->seats.prev, &seat->link);
	}
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
	(void)registry;
	struct tactus_client *client = data;
	struct seat *seat, *next;
	wl_list_for_each_safe(seat, next, &client->seats, link) {
		if (seat->name == name) {
			/* Gestures of the seat turn inert in the compositor; the object is only released here. */
			wl_seat_destroy(seat->seat);
			wl_list_remove(&seat->link);
			free(seat);
		}
	}
	if (client->manager && name == client->manager_name)
		snprintf(client->problem, sizeof client->problem,
		         "the compositor withdrew tactus_gesture_manager_v1: gestures made from now on never happen");
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

struct tactus_client *tactus_client_new(struct wl_display *display) {
	struct tactus_client *client = calloc(1, sizeof *client);
	if (!client)
		return NULL;
	client->display = display;
	wl_list_init(&client->seats);
	wl_list_init(&client->gestures);
	wl_list_init(&client->exclusions);
	/* The registry's first answers come on a queue of our own, so that the round trip dispatches nothing of the
	 * application's; every object then goes to the default queue, where later globals (a seat plugged in) arrive. */
	struct wl_event_queue *queue = wl_display_create_queue(display);
	struct wl_display *wrapper = queue ? wl_proxy_create_wrapper(display) : NULL;
	if (!wrapper) {
		if (queue)
			wl_event_queue_destroy(queue);
		free(client);
		return NULL;
	}
	wl_proxy_set_queue((struct wl_proxy *)wrapper, queue);
	client->registry = wl_display_get_registry(wrapper);
	wl_proxy_wrapper_destroy(wrapper);
	wl_registry_add_listener(client->registry, &registry_listener, client);
	if (wl_display_roundtrip_queue(display, queue) < 0)
		snprintf(client->problem, sizeof client->problem, "the Wayland connection failed while asking for the "
		         "compositor's globals");
	wl_proxy_set_queue((struct wl_proxy *)client->registry, NULL);
	if (client->manager)
		wl_proxy_set_queue((struct wl_proxy *)client->manager, NULL);
	if (client->compositor)
		wl_proxy_set_queue((struct wl_proxy *)client->compositor, NULL);
	struct seat *seat;
	wl_list_for_each(seat, &client->seats, link)
		wl_proxy_set_queue((struct wl_proxy *)seat->seat, NULL);
	wl_event_queue_destroy(queue);
	if (!client->problem[0] && !client->manager)
		snprintf(client->problem, sizeof client->problem, "the compositor offers no tactus_gesture_manager_v1 "
		         "(tactus-gestures-v1): no gesture can happen");
	else if (!client->problem[0] && wl_list_empty(&client->seats))
		snprintf(client->problem, sizeof client->problem, "the compositor offers no wl_seat: no gesture can happen");
	return client;
}

void tactus_client_destroy(struct tactus_client *client) {
	if (!client)
		return;
	struct tactus_client_gesture *gesture, *next_gesture;
	wl_list_for_each_safe(gesture, next_gesture, &client->gestures, link)
		tactus_client_gesture_destroy(gesture);
	struct tactus_client_exclusion *exclusion, *next_exclusion;
	wl_list_for_each_safe(exclusion, next_exclusion, &client->exclusions, link)
		tactus_client_exclusion_destroy(exclusion);
	struct seat *seat, *next;
	wl_list_for_each_safe(seat, next, &client->seats, link) {
		wl_seat_destroy(seat->seat);
		free(seat);
	}
	if (client->manager)
		tactus_gesture_manager_v1_destroy(client->manager);
	if (client->compositor)
		wl_compositor_destroy(client->compositor);
	wl_registry_destroy(client->registry);
	free(client);
}

bool tactus_client_is_available(const struct tactus_client *client) {
	return client && client->manager && !wl_list_empty(&client->seats);
}

uint32_t tactus_client_protocol_version(const struct tactus_client *client) {
	return tactus_client_is_available(client) ? wl_proxy_get_version((struct wl_proxy *)client->manager) : 0;
}

const char *tactus_client_problem(const struct tactus_client *client) {
	return client && client->problem[0] ? client->problem : NULL;
}

void tactus_client_set_frame_handler(struct tactus_client *client, void (*handler)(void *data), void *data) {
	client->frame_handler = handler;
	client->frame_data = data;
}

bool client_refuse(struct tactus_client *client, const char *format, ...) {
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(client->problem, sizeof client->problem, format, arguments);
	va_end(arguments);
	return false;
}

struct wl_seat *client_first_seat(struct tactus_client *client) {
	if (wl_list_empty(&client->seats))
		return NULL;
	struct seat *first = wl_container_of(client->seats.next, first, link);
	return first->seat;
}

bool client_rectangles_checked(struct tactus_client *client, const struct tactus_client_rectangle *rectangles,
                               size_t count) {
	for (size_t i = 0; i < count; i++)
		if (rectangles[i].width <= 0 || rectangles[i].height <= 0)
			return client_refuse(client, "rectangle %zu is %d x %d: a region's rectangles must have a width and a "
			                     "height above 0", i, rectangles[i].width, rectangles[i].height);
	return true;
}

struct wl_region *client_region(struct tactus_client *client, const struct tactus_client_rectangle *rectangles,
                                size_t count) {
	if (count == 0 || !client->compositor)
		return NULL;
	struct wl_region *region = wl_compositor_create_region(client->compositor);
	for (size_t i = 0; i < count; i++)
		wl_region_add(region, rectangles[i].x, rectangles[i].y, rectangles[i].width, rectangles[i].height);
	return region;
}
