// SPDX-License-Identifier: MIT
/*
 * What every compositor that loads libtactus does alike (plugin-host.c): tactus-wlr's glue and the Wayfire plugin both
 * use these, and a compositor author copies them with the glue (docs/integrating.md).
 */
#ifndef TACTUS_PLUGIN_HOST_H
#define TACTUS_PLUGIN_HOST_H

#include <pixman.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tactus.h"

#ifdef __cplusplus
extern "C" {
#endif

struct wlr_surface;
struct wl_resource;

/* The most touch events libtactus withholds at once (docs/robustness.md); beyond them it gives up withholding and lets
 * them go. A host that keeps its own copies of withheld events, as the Wayfire plugin does, keeps no more than these. */
#define HOST_MAX_WITHHELD_TOUCHES 4096

/* Fills entries with libtactus's entry points from library (dlopen's handle), by their names in tactus.h's list;
 * false, with missing set to the first name the library lacks, when it is not libtactus. */
bool host_look_up_entries(void *library, struct tactus_plugin_entries *entries, const char **missing);

/* The keyboard modifiers held, as wlroots has them (WLR_MODIFIER_*), as the plugin takes them (TACTUS_MODIFIER_*). */
uint32_t host_modifiers(uint32_t wlr_modifiers);

/* A wl_region's rectangles (wlroots keeps one as a pixman region, in surface-local pixels) into rects, capacity at
 * most; returns how many there are. pixman orders them top to bottom: a region of more than capacity loses its lowest
 * ones, and the plugin logs that it does. */
size_t host_region_rectangles(const pixman_region32_t *region, struct tactus_rect *rects, size_t capacity);

/* What a hit test answers (tactus_host.surfaces_at) once the compositor found the surface input goes to at a point, and
 * its top-left corner in layout pixels: that surface, then each it is a subsurface of, front first, into hits, capacity
 * at most; returns how many there are, those beyond capacity counted, not written. NULL surface: none. */
size_t host_surface_hits(struct wlr_surface *surface, double origin_x, double origin_y, struct tactus_surface_hit *hits,
                         size_t capacity);

/* tactus_host.app_id for a compositor that uses wlroots' xdg-shell: the app id of the toplevel a client surface (a
 * wl_surface resource) belongs to, through its popups' parents and its subsurfaces' main surface; NULL when it is no
 * xdg surface (a layer surface, Xwayland) or its toplevel set none. */
const char *host_app_id(struct wl_resource *surface);

#ifdef __cplusplus
}
#endif

#endif
