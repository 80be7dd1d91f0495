// SPDX-License-Identifier: MIT
// libinput, libudev and xkbcommon, as the system provides them (Debian: libinput-dev, libudev-dev,
// libxkbcommon-dev).
#include <libinput.h>
#include <libudev.h>
#include <xkbcommon/xkbcommon.h>
