/* SPDX-License-Identifier: MIT */
/* Exclusions: parts of a surface where the compositor's own gestures of normal priority should not start. */
#include <stdlib.h>

#include "private.h"

struct tactus_client_exclusion *tactus_client_exclusion_new(struct tactus_client *client, struct wl_surface *surface,
                                                            const struct tactus_client_rectangle *rectangles,
                                                            size_t count) {
	struct tactus_client_exclusion *exclusion;
	if (!surface) {
		client_refuse(client, "an exclusion needs a surface");
		return NULL;
	}
	wl_list_for_each(exclusion, &client->exclusions, link) {
		if (exclusion->surface == surface) {
			/* The compositor would raise exclusion_exists. */
			client_refuse(client, "the surface already has an exclusion: change its region instead");
			return NULL;
		}
	}
	exclusion = calloc(1, sizeof *exclusion);
	if (!exclusion) {
		client_refuse(client, "out of memory");
		return NULL;
	}
	exclusion->client = client;
	exclusion->surface = surface;
	if (tactus_client_is_available(client))
		exclusion->object = tactus_gesture_manager_v1_get_exclusion(client->manager, surface);
	wl_list_insert(client->exclusions.prev, &exclusion->link);
	if (!tactus_client_exclusion_set_region(exclusion, rectangles, count)) {
		tactus_client_exclusion_destroy(exclusion);
		return NULL;
	}
	return exclusion;
}

bool tactus_client_exclusion_set_region(struct tactus_client_exclusion *exclusion,
                                        const struct tactus_client_rectangle *rectangles, size_t count) {
	if (!client_rectangles_checked(exclusion->client, rectangles, count))
		return false;
	if (!exclusion->object)
		return true;
	struct wl_region *region = client_region(exclusion->client, rectangles, count);
	tactus_gesture_exclusion_v1_set_region(exclusion->object, region);
	if (region)
		wl_region_destroy(region);
	return true;
}

void tactus_client_exclusion_destroy(struct tactus_client_exclusion *exclusion) {
	if (!exclusion)
		return;
	if (exclusion->object)
		tactus_gesture_exclusion_v1_destroy(exclusion->object);
	wl_list_remove(&exclusion->link);
	free(exclusion);
}
