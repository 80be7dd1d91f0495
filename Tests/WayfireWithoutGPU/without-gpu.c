// SPDX-License-Identifier: MIT
/*
 * For tests only, preloaded into Wayfire 0.7 (LD_PRELOAD) on machines without a GPU, such as CI's. Wayfire 0.7 insists
 * on a DRM device and wlroots' GLES2 renderer (main.cpp: "Failed to get DRM file descriptor!"), and draws with OpenGL
 * itself; WLR_RENDERER=pixman does not reach it. This library gives it wlroots' pixman renderer instead, and a stand-in
 * for the EGL context it never needs to draw: Wayfire's OpenGL calls then find no context and do nothing, so outputs
 * show nothing. Everything else is Wayfire's own, unchanged: its outputs, seat, input path, views, plugins, protocols.
 * Where a real DRM device and renderer are there, they are used as they are.
 */
#define _GNU_SOURCE
#define WLR_USE_UNSTABLE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <wlr/backend.h>
#include <wlr/render/egl.h>
#include <wlr/render/gles2.h>
#include <wlr/render/pixman.h>
#include <wlr/render/wlr_renderer.h>
#include <EGL/egl.h>
#include <GLES2/gl2.h>

#include "without-gpu.h"

/* The stand-in: an address no EGL context has. */
static char stand_in;
#define STAND_IN_EGL ((struct wlr_egl *)&stand_in)

#define REAL(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

/* Without a DRM device Wayfire would stop: it gets /dev/null, which only the renderer below is given. */
int wlr_backend_get_drm_fd(struct wlr_backend *backend) {
	int fd = REAL(wlr_backend_get_drm_fd)(backend);
	return fd >= 0 ? fd : open("/dev/null", O_RDWR | O_CLOEXEC);
}

struct wlr_renderer *wlr_gles2_renderer_create_with_drm_fd(int drm_fd) {
	struct wlr_renderer *renderer = REAL(wlr_gles2_renderer_create_with_drm_fd)(drm_fd);
	return renderer ? renderer : wlr_pixman_renderer_create();
}

struct wlr_egl *wlr_gles2_renderer_get_egl(struct wlr_renderer *renderer) {
	return wlr_renderer_is_gles2(renderer) ? REAL(wlr_gles2_renderer_get_egl)(renderer) : STAND_IN_EGL;
}

bool wlr_egl_is_current(struct wlr_egl *egl) {
	return egl == STAND_IN_EGL || REAL(wlr_egl_is_current)(egl);
}

bool wlr_egl_make_current(struct wlr_egl *egl) {
	return egl == STAND_IN_EGL || REAL(wlr_egl_make_current)(egl);
}

/* Wayfire asserts that a client's buffer is a GLES2 texture before it draws it: a pixman one is drawn as nothing. */
bool wlr_texture_is_gles2(struct wlr_texture *texture) {
	return wlr_texture_is_pixman(texture) || REAL(wlr_texture_is_gles2)(texture);
}

void wlr_gles2_texture_get_attribs(struct wlr_texture *texture, struct wlr_gles2_texture_attribs *attribs) {
	if (wlr_texture_is_pixman(texture))
		memset(attribs, 0, sizeof *attribs);
	else
		REAL(wlr_gles2_texture_get_attribs)(texture, attribs);
}

/* Wayfire refuses to draw with a program numbered 0, which is what OpenGL gives without a context: the stand-in's
 * programs are numbered 1, and every call that uses one does nothing, as every OpenGL call without a context does. */
GLuint glCreateProgram(void) {
	if (eglGetCurrentContext() == EGL_NO_CONTEXT)
		return 1;
	return REAL(glCreateProgram)();
}
