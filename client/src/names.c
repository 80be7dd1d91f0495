/* SPDX-License-Identifier: MIT */
/* The protocol's own words for kinds, phases, reasons and directions, for logs and for the bindings' enums. */
#include <stddef.h>

#include "tactus-client.h"

/* The name at index value of names, or NULL outside it. */
static const char *name_in(const char *const *names, size_t count, unsigned value) {
	return value < count ? names[value] : NULL;
}

const char *tactus_client_kind_name(enum tactus_client_kind kind) {
	static const char *const names[] = {NULL, "tap", "long_press", "drag", "swipe", "edge_swipe", "pinch", "rotate",
	                                    "hold", "tip_tap"};
	return name_in(names, sizeof names / sizeof *names, kind);
}

const char *tactus_client_phase_name(enum tactus_client_phase phase) {
	static const char *const names[] = {"began", "changed", "ended", "cancelled", "recognized", "failed"};
	return name_in(names, sizeof names / sizeof *names, phase);
}

const char *tactus_client_reason_name(enum tactus_client_reason reason) {
	static const char *const names[] = {"moved_too_far", "moved_too_little", "too_slow", "too_short",
	                                    "wrong_finger_count", "wrong_direction", "outside_edge_zone", "timed_out",
	                                    "lost_to_another_gesture", "cancelled_by_input", "device_removed", "other",
	                                    "unsupported_input", "unresolved"};
	return name_in(names, sizeof names / sizeof *names, reason);
}

const char *tactus_client_direction_name(enum tactus_client_direction direction) {
	static const char *const names[] = {"left", "right", "up", "down", "up_left", "up_right", "down_left", "down_right"};
	for (unsigned bit = 0; bit < sizeof names / sizeof *names; bit++)
		if (direction == 1u << bit)
			return names[bit];
	return NULL;
}
