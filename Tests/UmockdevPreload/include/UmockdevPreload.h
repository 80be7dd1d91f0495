// SPDX-License-Identifier: MIT
// The preload library has no API: it replaces libc entry points (see UmockdevPreload.c).
