// SPDX-License-Identifier: MIT
/*
 * For tests only, preloaded into Wayfire 0.7 or 0.9 (LD_PRELOAD) on machines without a GPU, such as CI's. Wayfire
 * insists on a DRM device and wlroots' GLES2 renderer (main.cpp: "Failed to get DRM file descriptor!"), and draws with
 * OpenGL itself; WLR_RENDERER=pixman does not reach it. This library gives it wlroots' pixman renderer instead, and a
 * stand-in for the EGL context it never needs to draw: Wayfire's OpenGL calls then find no context and do nothing, so
 * outputs show nothing. Everything else is Wayfire's own, unchanged: its outputs, seat, input path, views, plugins,
 * protocols. Where a real DRM device and renderer are there, they are used as they are.
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
#include <wlr/version.h>
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

#if WLR_VERSION_NUM < 0x001000 /* wlroots 0.15, under Wayfire 0.7, which asks wlroots for its context */
bool wlr_egl_is_current(struct wlr_egl *egl) {
	return egl == STAND_IN_EGL || REAL(wlr_egl_is_current)(egl);
}

bool wlr_egl_make_current(struct wlr_egl *egl) {
	return egl == STAND_IN_EGL || REAL(wlr_egl_make_current)(egl);
}
#else
/* Wayfire 0.9 makes the context current itself (eglMakeCurrent) unless it is already (eglGetCurrentContext): the
 * stand-in's is none, which is what is current. */
EGLDisplay wlr_egl_get_display(struct wlr_egl *egl) {
	return egl == STAND_IN_EGL ? EGL_NO_DISPLAY : REAL(wlr_egl_get_display)(egl);
}

EGLContext wlr_egl_get_context(struct wlr_egl *egl) {
	return egl == STAND_IN_EGL ? EGL_NO_CONTEXT : REAL(wlr_egl_get_context)(egl);
}

/* The framebuffer Wayfire draws an output's frame into: with the pixman renderer none, 0, which OpenGL's calls without
 * a context ignore. */
GLuint wlr_gles2_renderer_get_buffer_fbo(struct wlr_renderer *renderer, struct wlr_buffer *buffer) {
	return wlr_renderer_is_gles2(renderer) ? REAL(wlr_gles2_renderer_get_buffer_fbo)(renderer, buffer) : 0;
}
#endif

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

/* Wayfire 0.9 keeps a program only once OpenGL says its shaders compiled and it linked, which nothing says without a
 * context: the stand-in's did. */
void glGetShaderiv(GLuint shader, GLenum name, GLint *value) {
	if (eglGetCurrentContext() == EGL_NO_CONTEXT && name == GL_COMPILE_STATUS)
		*value = GL_TRUE;
	else
		REAL(glGetShaderiv)(shader, name, value);
}

void glGetProgramiv(GLuint program, GLenum name, GLint *value) {
	if (eglGetCurrentContext() == EGL_NO_CONTEXT && name == GL_LINK_STATUS)
		*value = GL_TRUE;
	else
		REAL(glGetProgramiv)(program, name, value);
}
