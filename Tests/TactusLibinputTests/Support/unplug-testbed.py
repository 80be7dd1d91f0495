#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Runs a command in an umockdev testbed, as umockdev-run does, and unplugs a device while it runs.

umockdev-run has no way to remove a device from outside the program it runs, so this drives libumockdev itself
(through GObject introspection): the devices, their ioctl and evemu files as umockdev-run's -d, -i and -e take
them, then, after --unplug-after seconds, a "remove" uevent for the device and its removal from sysfs, as the
kernel does when a device goes. It exits with the command's status.

usage: unplug-testbed.py -d FILE.umockdev -i NODE=FILE -e NODE=FILE --unplug-after SECONDS --unplug SYSPATH -- CMD...
"""
import argparse
import os
import sys

# libumockdev sends a uevent for a device it finds through libudev, which sees the testbed's /sys only in a process
# that umockdev's preload library runs in: this one too, then, as umockdev's own tests run.
if "libumockdev-preload" not in os.environ.get("LD_PRELOAD", ""):
    preloaded = dict(os.environ, LD_PRELOAD="libumockdev-preload.so.0:" + os.environ.get("LD_PRELOAD", ""))
    os.execve(sys.executable, [sys.executable] + sys.argv, preloaded)

try:
    import gi

    gi.require_version("UMockdev", "1.0")
    from gi.repository import GLib, UMockdev
except (ImportError, ValueError) as error:
    sys.exit(f"unplug-testbed: {error}: it needs python3-gi and gir1.2-umockdev-1.0, which scripts/test installs")

parser = argparse.ArgumentParser()
parser.add_argument("-d", dest="devices", action="append", default=[])
parser.add_argument("-i", dest="ioctls", action="append", default=[])
parser.add_argument("-e", dest="events", action="append", default=[])
parser.add_argument("--unplug-after", type=float, required=True)
parser.add_argument("--unplug", required=True, help="the sysfs path of the device to remove, /sys/devices/...")
parser.add_argument("command", nargs="+")
options = parser.parse_args()

testbed = UMockdev.Testbed.new()
for path in options.devices:
    testbed.add_from_file(path)
for pair in options.ioctls:
    node, path = pair.split("=", 1)
    testbed.load_ioctl(node, path)
for pair in options.events:
    node, path = pair.split("=", 1)
    testbed.load_evemu_events(node, path)

environment = dict(os.environ, UMOCKDEV_DIR=testbed.get_root_dir())
loop = GLib.MainLoop()
status = [1]
pid, _, _, _ = GLib.spawn_async(options.command, envp=[f"{k}={v}" for k, v in environment.items()],
                                flags=GLib.SpawnFlags.SEARCH_PATH | GLib.SpawnFlags.DO_NOT_REAP_CHILD)


def ended(_pid, wait_status):
    status[0] = os.waitstatus_to_exitcode(wait_status) if hasattr(os, "waitstatus_to_exitcode") else wait_status >> 8
    loop.quit()


def unplug():
    testbed.uevent(options.unplug, "remove")
    testbed.remove_device(options.unplug)
    print(f"unplug-testbed: removed {options.unplug}", file=sys.stderr, flush=True)
    return False


GLib.child_watch_add(GLib.PRIORITY_DEFAULT, pid, ended)
GLib.timeout_add(int(options.unplug_after * 1000), unplug)
loop.run()
sys.exit(status[0] if status[0] >= 0 else 128 - status[0])
