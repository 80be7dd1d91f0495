// libinput and libudev, as the system provides them (Debian: libinput-dev, libudev-dev).
#include <libinput.h>
#include <libudev.h>
