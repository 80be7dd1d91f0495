// SPDX-License-Identifier: MIT
// LD_PRELOAD companion of umockdev 0.17.16 for libinput tests (it must come first in LD_PRELOAD: umockdev
// reaches libc through dlopen, so a library after it is never consulted). It adds what newer umockdev
// releases do themselves:
// - paths under /run/udev/data/ are read from $TACTUS_UDEV_DATA, so libudev finds the device initialized
//   (umockdev 0.17.18 redirects them into the testbed);
// - fstat on an emulated node reports the device number umockdev maps its pty to, so libinput accepts the
//   device (umockdev 0.19.2 does this).
// - seatd (sway's seat, which opens the devices for it) resolves a node's path with realpath, which umockdev's
//   wrappers end in a crash for an emulated node, and opens it with O_NOFOLLOW, which its pty's link refuses: an
//   emulated node's path is its own real path here, and is opened following that link.
// And one thing no release does: a read from an emulated input node returns whole input events, as the kernel's
// evdev does. A pty cuts its 4 KiB buffer wherever it filled, in the middle of an event when a reader lags behind a
// flood; libevdev answers such a read with EINVAL, and libinput then stops reading the device for good.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <linux/major.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static const char prefix[] = "/run/udev/data/";

static const char *redirect(const char *path, char *buffer, size_t size) {
    const char *dir = getenv("TACTUS_UDEV_DATA");
    if (!path || !dir || strncmp(path, prefix, sizeof prefix - 1) != 0) return path;
    snprintf(buffer, size, "%s/%s", dir, path + sizeof prefix - 1);
    return buffer;
}

/* Whether path is a node umockdev emulates: one of the testbed's /dev. */
static int emulated_node(const char *path) {
    const char *testbed = getenv("UMOCKDEV_DIR");
    char node[4096];
    if (!testbed || !path || strncmp(path, "/dev/", 5) != 0) return 0;
    snprintf(node, sizeof node, "%s%s", testbed, path);
    struct stat st;
    return lstat(node, &st) == 0;
}

char *realpath(const char *path, char *resolved) {
    static char *(*next)(const char *, char *);
    if (!next) next = dlsym(RTLD_NEXT, "realpath");
    if (!emulated_node(path)) return next(path, resolved);
    if (!resolved) return strdup(path);
    snprintf(resolved, 4096, "%s", path);
    return resolved;
}

/* The flags to open path with: an emulated node is a link to its pty, which O_NOFOLLOW would refuse. */
static int following(const char *path, int flags) {
    return emulated_node(path) ? flags & ~O_NOFOLLOW : flags;
}

/* What a program built with _FORTIFY_SOURCE calls for realpath (seatd is). */
char *__realpath_chk(const char *path, char *resolved, size_t size) {
    static char *(*next)(const char *, char *, size_t);
    if (!next) next = dlsym(RTLD_NEXT, "__realpath_chk");
    if (!emulated_node(path)) return next(path, resolved, size);
    return realpath(path, resolved);
}

int open(const char *path, int flags, ...) {
    static int (*next)(const char *, int, ...);
    if (!next) next = dlsym(RTLD_NEXT, "open");
    char buffer[4096];
    va_list ap; va_start(ap, flags); mode_t mode = va_arg(ap, mode_t); va_end(ap);
    return next(redirect(path, buffer, sizeof buffer), following(path, flags), mode);
}
int open64(const char *path, int flags, ...) {
    static int (*next)(const char *, int, ...);
    if (!next) next = dlsym(RTLD_NEXT, "open64");
    char buffer[4096];
    va_list ap; va_start(ap, flags); mode_t mode = va_arg(ap, mode_t); va_end(ap);
    return next(redirect(path, buffer, sizeof buffer), following(path, flags), mode);
}
int openat(int dirfd, const char *path, int flags, ...) {
    static int (*next)(int, const char *, int, ...);
    if (!next) next = dlsym(RTLD_NEXT, "openat");
    char buffer[4096];
    va_list ap; va_start(ap, flags); mode_t mode = va_arg(ap, mode_t); va_end(ap);
    return next(dirfd, redirect(path, buffer, sizeof buffer), following(path, flags), mode);
}
int openat64(int dirfd, const char *path, int flags, ...) {
    static int (*next)(int, const char *, int, ...);
    if (!next) next = dlsym(RTLD_NEXT, "openat64");
    char buffer[4096];
    va_list ap; va_start(ap, flags); mode_t mode = va_arg(ap, mode_t); va_end(ap);
    return next(dirfd, redirect(path, buffer, sizeof buffer), following(path, flags), mode);
}
FILE *fopen(const char *path, const char *mode) {
    static FILE *(*next)(const char *, const char *);
    if (!next) next = dlsym(RTLD_NEXT, "fopen");
    char buffer[4096];
    return next(redirect(path, buffer, sizeof buffer), mode);
}
FILE *fopen64(const char *path, const char *mode) {
    static FILE *(*next)(const char *, const char *);
    if (!next) next = dlsym(RTLD_NEXT, "fopen64");
    char buffer[4096];
    return next(redirect(path, buffer, sizeof buffer), mode);
}
int access(const char *path, int mode) {
    static int (*next)(const char *, int);
    if (!next) next = dlsym(RTLD_NEXT, "access");
    char buffer[4096];
    return next(redirect(path, buffer, sizeof buffer), mode);
}

/* An emulated node is a pty; umockdev's map says which device number it stands for. */
static int emulated_device(int fd, unsigned *major, unsigned *minor) {
    const char *testbed = getenv("UMOCKDEV_DIR");
    if (!testbed) return 0;
    char link[64], target[256], map[4096], number[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n <= 0) return 0;
    target[n] = 0;
    if (strncmp(target, "/dev/pts/", 9) != 0) return 0;
    snprintf(map, sizeof map, "%s/dev/.ptymap/_dev_pts_%s", testbed, target + 9);
    n = readlink(map, number, sizeof number - 1);
    if (n <= 0) return 0;
    number[n] = 0;
    return sscanf(number, "%u:%u", major, minor) == 2;
}

static void rewrite_rdev(int fd, struct stat *st) {
    unsigned major, minor;
    if (S_ISCHR(st->st_mode) && emulated_device(fd, &major, &minor)) st->st_rdev = makedev(major, minor);
}

int fstat(int fd, struct stat *st) {
    static int (*next)(int, struct stat *);
    if (!next) next = dlsym(RTLD_NEXT, "fstat");
    int result = next(fd, st);
    if (result == 0) rewrite_rdev(fd, st);
    return result;
}
int fstat64(int fd, struct stat64 *st) {
    static int (*next)(int, struct stat64 *);
    if (!next) next = dlsym(RTLD_NEXT, "fstat64");
    int result = next(fd, st);
    if (result == 0) rewrite_rdev(fd, (struct stat *)st);
    return result;
}

/* The rest of an event the pty cut: its writer, umockdev, is in the middle of writing it, so it comes at once; a
   second without it leaves the read as it was. */
static ssize_t (*next_read)(int, void *, size_t);

static ssize_t complete_event(int fd, char *buffer, ssize_t length) {
    size_t missing = sizeof(struct input_event) - (size_t)length % sizeof(struct input_event);
    while (missing > 0) {
        struct pollfd readable = {.fd = fd, .events = POLLIN};
        if (poll(&readable, 1, 1000) <= 0) break;
        ssize_t more = next_read(fd, buffer + length, missing);
        if (more < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        if (more <= 0) break;
        length += more;
        missing -= (size_t)more;
    }
    return length;
}

ssize_t read(int fd, void *buffer, size_t size) {
    if (!next_read) next_read = dlsym(RTLD_NEXT, "read");
    ssize_t length = next_read(fd, buffer, size);
    unsigned major, minor;
    // An evdev reader asks for whole events, so there is room for the rest of the one cut.
    if (length > 0 && length % sizeof(struct input_event) != 0 && size % sizeof(struct input_event) == 0 &&
        emulated_device(fd, &major, &minor) && major == INPUT_MAJOR)
        return complete_event(fd, buffer, length);
    return length;
}

/* libseat 0.7's noop backend opens the devices in the compositor's own process, where umockdev answers their ioctls
   (a seatd process would pass the compositor descriptors umockdev knows nothing of), but it never enables the seat:
   its open leaves the flag that would enable it at the first dispatch unset, and the session never starts. The
   first dispatch enables it here, as later releases do. It also opens them blocking, where seatd and logind give
   libinput the non-blocking descriptors it reads until empty: they are made so here. */
struct libseat;
struct libseat_seat_listener {
    void (*enable_seat)(struct libseat *seat, void *data);
    void (*disable_seat)(struct libseat *seat, void *data);
};
static const struct libseat_seat_listener *noop_listener;
static void *noop_data;

struct libseat *libseat_open_seat(const struct libseat_seat_listener *listener, void *data) {
    static struct libseat *(*next)(const struct libseat_seat_listener *, void *);
    if (!next) next = dlsym(RTLD_NEXT, "libseat_open_seat");
    struct libseat *seat = next(listener, data);
    const char *backend = getenv("LIBSEAT_BACKEND");
    if (seat && backend && strcmp(backend, "noop") == 0) {
        noop_listener = listener;
        noop_data = data;
    }
    return seat;
}

int libseat_dispatch(struct libseat *seat, int timeout) {
    static int (*next)(struct libseat *, int);
    if (!next) next = dlsym(RTLD_NEXT, "libseat_dispatch");
    const struct libseat_seat_listener *listener = noop_listener;
    noop_listener = NULL;
    if (listener) listener->enable_seat(seat, noop_data);
    return next(seat, timeout);
}

int libseat_open_device(struct libseat *seat, const char *path, int *fd) {
    static int (*next)(struct libseat *, const char *, int *);
    if (!next) next = dlsym(RTLD_NEXT, "libseat_open_device");
    int device = next(seat, path, fd);
    if (device >= 0 && *fd >= 0) fcntl(*fd, F_SETFL, fcntl(*fd, F_GETFL) | O_NONBLOCK);
    return device;
}
