// SPDX-License-Identifier: MIT
/*
 * trace-read PATH...: reads each trace with tactus-wlr's reader (compositor/headless/trace.c) and prints one line per path,
 * for TraceReaderAgreementTests to compare with what tactus-sim's reader makes of the same file:
 *
 *   ok COUNT SIZE EVENT...   SIZE is WIDTHxHEIGHT in mm (the first touchscreen's that has one) or "none"; each EVENT
 *                            is its fields as struct trace_event has them, joined by commas: time_us, type, touch_id,
 *                            fingers, x, y, scale, angle, cancelled (numbers with 17 digits, which read back exactly)
 *   refused ERROR            the reader's error, "PATH:LINE: reason" or "PATH: reason"
 *
 * Built by scripts/lib/build-trace-read.
 */
#include <stdio.h>

#include "trace.h"

static const char *const type_names[] = {
	[TRACE_TOUCH_DOWN] = "down",          [TRACE_TOUCH_MOTION] = "motion",       [TRACE_TOUCH_UP] = "up",
	[TRACE_TOUCH_CANCEL] = "cancel",      [TRACE_TOUCH_FRAME] = "frame",         [TRACE_SWIPE_BEGIN] = "swipe_begin",
	[TRACE_SWIPE_UPDATE] = "swipe_update", [TRACE_SWIPE_END] = "swipe_end",      [TRACE_PINCH_BEGIN] = "pinch_begin",
	[TRACE_PINCH_UPDATE] = "pinch_update", [TRACE_PINCH_END] = "pinch_end",      [TRACE_HOLD_BEGIN] = "hold_begin",
	[TRACE_HOLD_END] = "hold_end",        [TRACE_NOT_PLAYED] = "not_played",
};

int main(int argc, char **argv) {
	for (int i = 1; i < argc; i++) {
		struct trace trace;
		char error[512];
		if (!trace_read(argv[i], &trace, error, sizeof error)) {
			printf("refused %s\n", error);
			continue;
		}
		printf("ok %zu ", trace.count);
		/* The size of the first touchscreen that has one, as tactus-sim's replay takes it. */
		const struct trace_touchscreen *sized = NULL;
		for (size_t t = 0; t < trace.touchscreen_count && !sized; t++)
			if (trace.touchscreens[t].has_size)
				sized = &trace.touchscreens[t];
		if (sized)
			printf("%.17gx%.17g", sized->width_mm, sized->height_mm);
		else
			printf("none");
		for (size_t e = 0; e < trace.count; e++) {
			const struct trace_event *event = &trace.events[e];
			printf(" %lld,%s,%d,%u,%.17g,%.17g,%.17g,%.17g,%d", (long long)event->time_us, type_names[event->type],
			       event->touch_id, event->fingers, event->x, event->y, event->scale, event->angle, event->cancelled);
		}
		printf("\n");
		trace_release(&trace);
	}
	return 0;
}
