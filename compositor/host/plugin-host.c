// SPDX-License-Identifier: MIT
/* What every compositor that loads libtactus does alike (plugin-host.h). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <wlr/types/wlr_compositor.h>
#include <wlr/types/wlr_input_device.h>
#include <wlr/types/wlr_keyboard.h>
#include <wlr/types/wlr_xdg_shell.h>
#include <wlr/version.h>
#if WLR_VERSION_NUM < 0x001000
#include <wlr/types/wlr_surface.h> /* wlr_compositor.h's and wlr_subcompositor.h's since 0.16 */
#else
#include <wlr/types/wlr_subcompositor.h>
#endif
#include "wlr-compat.h"

#include "plugin-host.h"

bool host_look_up_entries(void *library, struct tactus_plugin_entries *entries, const char **missing) {
	const struct {
		const char *symbol;
		void **entry;
	} named[] = {
#define ENTRY(name, type, parameters) {"tactus_plugin_" #name, (void **)&entries->name},
		TACTUS_PLUGIN_ENTRY_POINTS(ENTRY)
#undef ENTRY
	};
	for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
		if (!(*named[i].entry = dlsym(library, named[i].symbol))) {
			*missing = named[i].symbol;
			return false;
		}
	return true;
}

uint32_t host_modifiers(uint32_t wlr_modifiers) {
	return (wlr_modifiers & WLR_MODIFIER_SHIFT ? TACTUS_MODIFIER_SHIFT : 0) |
	       (wlr_modifiers & WLR_MODIFIER_CTRL ? TACTUS_MODIFIER_CTRL : 0) |
	       (wlr_modifiers & WLR_MODIFIER_ALT ? TACTUS_MODIFIER_ALT : 0) |
	       (wlr_modifiers & WLR_MODIFIER_LOGO ? TACTUS_MODIFIER_SUPER : 0);
}

size_t host_region_rectangles(const pixman_region32_t *region, struct tactus_rect *rects, size_t capacity) {
	int count;
	const pixman_box32_t *boxes = pixman_region32_rectangles((pixman_region32_t *)region, &count);
	for (size_t i = 0; i < (size_t)count && i < capacity; i++)
		rects[i] = (struct tactus_rect){boxes[i].x1, boxes[i].y1, boxes[i].x2 - boxes[i].x1, boxes[i].y2 - boxes[i].y1};
	return (size_t)count;
}

size_t host_surface_hits(struct wlr_surface *surface, double origin_x, double origin_y, struct tactus_surface_hit *hits,
                         size_t capacity) {
	size_t count = 0;
	while (surface) {
		if (count < capacity)
			hits[count] = (struct tactus_surface_hit){
				.surface = surface->resource, .origin_x = origin_x, .origin_y = origin_y,
				.width = surface->current.width, .height = surface->current.height,
			};
		count++;
		struct wlr_subsurface *subsurface = wlr_subsurface_try_from_wlr_surface(surface);
		if (!subsurface)
			break;
		origin_x -= subsurface->current.x;
		origin_y -= subsurface->current.y;
		surface = subsurface->parent;
	}
	return count;
}

const char *host_app_id(struct wl_resource *resource) {
	struct wlr_surface *surface = wlr_surface_from_resource(resource);
	/* A popup's toplevel is its parent's, a subsurface's its main surface's; a chain longer than any real one (popups
	 * of popups) is taken to name nothing. */
	for (int depth = 0; surface && depth < 64; depth++) {
		struct wlr_xdg_surface *xdg_surface = wlr_xdg_surface_try_from_wlr_surface(wlr_surface_get_root_surface(surface));
		if (!xdg_surface)
			return NULL;
		if (xdg_surface->role == WLR_XDG_SURFACE_ROLE_TOPLEVEL)
			return xdg_surface->toplevel ? xdg_surface->toplevel->app_id : NULL;
		if (xdg_surface->role != WLR_XDG_SURFACE_ROLE_POPUP || !xdg_surface->popup)
			return NULL;
		surface = xdg_surface->popup->parent;
	}
	return NULL;
}
