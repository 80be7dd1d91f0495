# SPDX-License-Identifier: MIT
"""sway reading a touchscreen and a mouse through its own libinput backend (WLR_BACKENDS=headless,libinput), the
devices emulated by umockdev, as the libinput tests emulate theirs (Tests/Testbed/umockdev_device.py, and
Tests/UmockdevPreload for what umockdev 0.17.16 and libseat 0.7 lack), for the checks of what applications receive
beside tactusd (checks/screen.py).

The touches are played twice, on one clock: into sway's touchscreen and into a twin that tactusd reads, as the kernel
gives one device's events to every reader (an emulated node has one reader). sway's devices are on the seat libseat's
noop backend names, "noop", which sway's libinput takes; tactusd's twin is on seat0, which tactusd takes. sway runs
as the unprivileged user, opening the devices itself (LIBSEAT_BACKEND=noop).

Touches are steps: (time in ms, {finger: (x mm, y mm) or None for a lift}), each a frame, on a touchscreen of 254 x
143 mm over the output's 1280 x 720 pixels; they begin LEAD_IN seconds after the testbed starts, once sway, its
clients and tactusd are up (`start_of_touches` says when, on the monotonic clock)."""
import os
import shutil
import subprocess
import tempfile
import time

from beside import ROOT, Sway
from desktop import Failure, wait_for

TESTBED = os.path.join(ROOT, "Tests", "Testbed", "umockdev_device.py")
PRELOAD = os.path.join(ROOT, ".build", "debug", "libTactusUmockdevPreload.so")
LEAD_IN = 8.0
# Nodes: sway's touchscreen and mouse, and tactusd's twin touchscreen.
SWAY_TOUCHSCREEN, SWAY_MOUSE, TACTUSD_TOUCHSCREEN = "/dev/input/event5", "/dev/input/event6", "/dev/input/event7"
UNITS = 10  # per millimetre, on both axes


def bitmap(codes, length):
    row = [0] * length
    for code in codes:
        row[code // 8] |= 1 << (code % 8)
    return row


def description(name, product, properties, events, keys, relative, absolute):
    lines = ["N: %s" % name, "I: 0003 7461 %04x 0100" % product,
             "P: " + " ".join("%02x" % b for b in bitmap(properties, 8)),
             "B: 00 " + " ".join("%02x" % b for b in bitmap(events, 8))]
    key_row = bitmap(keys, 96)
    lines += ["B: 01 " + " ".join("%02x" % b for b in key_row[row:row + 8]) for row in range(0, 96, 8)]
    lines.append("B: 02 " + " ".join("%02x" % b for b in bitmap(relative, 8)))
    lines.append("B: 03 " + " ".join("%02x" % b for b in bitmap(absolute, 8)))
    return lines


def touchscreen(name):
    """A direct multi-touch screen of 254 x 143 mm, 10 units a millimetre, ten slots."""
    lines = description(name, 1, [1], [0, 1, 3], [0x14A], [], [0, 1, 0x2F, 0x35, 0x36, 0x39])
    lines += ["A: 00 0 2540 0 0 10", "A: 01 0 1430 0 0 10", "A: 2f 0 9 0 0 0", "A: 35 0 2540 0 0 10",
              "A: 36 0 1430 0 0 10", "A: 39 0 65535 0 0 0"]
    return "\n".join(lines) + "\n"


def mouse(name):
    """A mouse, which gives sway's seat a pointer for `swaymsg seat seat0 cursor` to click with."""
    return "\n".join(description(name, 2, [], [0, 1, 2], [0x110, 0x111, 0x112], [0, 1, 8], [])) + "\n"


def umockdev_time(seconds):
    """An evemu time as umockdev 0.17.16 reads it (Tests/TactusLibinputTests/Support/Testbed.swift says why)."""
    microseconds = int(round(seconds * 1000000))
    whole, part = divmod(microseconds, 1000000)
    if whole % 256 == 0x20:
        whole, part = whole - 1, part + 1000000
    return "%d.%d" % (whole, part)


def evemu(steps, start):
    """The steps as a slotted touchscreen's evemu events, the first at start (monotonic seconds), behind an empty
    report at once (libinput drains what waits when it opens the device)."""
    lines = ["E: %s 0000 0000 0" % umockdev_time(time.monotonic())]
    slots, tracking = {}, 1

    def line(at, kind, code, value):
        lines.append("E: %s %04x %04x %d" % (umockdev_time(start + at / 1000.0), kind, code, value))

    for at, fingers in steps:
        for finger, place in sorted(fingers.items()):
            if place is None:
                slot = slots.pop(finger)
                line(at, 3, 0x2F, slot)
                line(at, 3, 0x39, -1)
                if not slots:
                    line(at, 1, 0x14A, 0)
                continue
            if finger not in slots:
                slots[finger] = min(set(range(10)) - set(slots.values()))
                line(at, 3, 0x2F, slots[finger])
                line(at, 3, 0x39, tracking)
                tracking += 1
                if len(slots) == 1:
                    line(at, 1, 0x14A, 1)
            x, y = (int(round(value * UNITS)) for value in place)
            line(at, 3, 0x2F, slots[finger])
            line(at, 3, 0x35, x)
            line(at, 3, 0x36, y)
            line(at, 3, 0x00, x)
            line(at, 3, 0x01, y)
        line(at, 0, 0, 0)
    return "\n".join(lines) + "\n"


class SwayOnTouchscreen(Sway):
    """sway 1.7 with the touchscreen and the mouse, and tactusd's twin; `steps` are the touches played."""
    name = "sway 1.7 (libinput)"
    steps = []

    def devices(self):
        if not os.path.exists(PRELOAD):
            raise Failure("%s is missing: swift build --product TactusUmockdevPreload" % PRELOAD)
        self.testbed_files = tempfile.mkdtemp(prefix="tactus-touchscreen.")
        udev = os.path.join(self.testbed_files, "udev")
        os.mkdir(udev)
        options = []
        self.start_of_touches = time.monotonic() + LEAD_IN
        played = evemu(self.steps, self.start_of_touches)
        for node, text, kind, seat in [(SWAY_TOUCHSCREEN, touchscreen("Tactus Check Touchscreen"), "touchscreen", "noop"),
                                       (SWAY_MOUSE, mouse("Tactus Check Mouse"), "mouse", "noop"),
                                       (TACTUSD_TOUCHSCREEN, touchscreen("Tactus Check Touchscreen (tactusd)"),
                                        "touchscreen", None)]:
            files = os.path.join(self.testbed_files, os.path.basename(node))
            with open(files + ".desc", "w") as file:
                file.write(text)
            made = subprocess.run(["python3", TESTBED, files + ".desc", "--kind", kind, "--node", node, "--files", files,
                                   "--udev", udev] + (["--property", "ID_SEAT=" + seat] if seat else []),
                                  capture_output=True, text=True)
            if made.returncode != 0:
                raise Failure("umockdev_device.py %s: %s" % (node, made.stderr))
            options += ["-d", files + ".umockdev", "-i", "%s=%s.ioctl" % (node, files)]
            if kind == "touchscreen":
                with open(files + ".events", "w") as file:
                    file.write(played)
                options += ["-e", "%s=%s.events" % (node, files)]
        # umockdev-run holds the testbed (and plays the touches) while a shell waits; the shell opens it to the
        # unprivileged user first: its nodes are root's ptys, its sockets in root's folder.
        self.holder = subprocess.Popen(
            ["umockdev-run", *options, "--", "sh", "-c",
             'for node in %s; do chmod 666 "$(readlink -f "$UMOCKDEV_DIR$node")"; done; chmod -R a+rwX "$UMOCKDEV_DIR"; '
             'echo "$UMOCKDEV_DIR"; exec sleep 600' % " ".join([SWAY_TOUCHSCREEN, SWAY_MOUSE, TACTUSD_TOUCHSCREEN])],
            stdout=subprocess.PIPE, text=True, env=dict(os.environ, TACTUS_UDEV_DATA=udev))
        testbed = self.holder.stdout.readline().strip()
        if not testbed:
            raise Failure("umockdev-run gave no testbed (exit %s)" % self.holder.poll())
        os.chmod(self.testbed_files, 0o755)
        for directory, _, files in os.walk(self.testbed_files):
            os.chmod(directory, 0o755)
            for name in files:
                os.chmod(os.path.join(directory, name), 0o644)
        self.testbed = {"UMOCKDEV_DIR": testbed, "TACTUS_UDEV_DATA": udev,
                        "LD_PRELOAD": PRELOAD + ":libumockdev-preload.so.0"}
        return dict(self.testbed, WLR_BACKENDS="headless,libinput", LIBSEAT_BACKEND="noop", WLR_LIBINPUT_NO_DEVICES="0")

    def tactusd_command(self, config, *options):
        """tactusd reading its twin touchscreen through libinput (seat0 of the testbed), as the user."""
        return self.as_user([self.tactusd, "--config", config, "--seat", "seat0", *options], **self.command_environment())

    def command_environment(self):
        return dict(super().command_environment(), **self.testbed)

    def wait_for_touches(self, until_ms):
        """Sleeps until until_ms into the touches."""
        left = self.start_of_touches + until_ms / 1000.0 - time.monotonic()
        if left > 0:
            time.sleep(left)

    def close(self):
        super().close()
        if getattr(self, "holder", None):
            self.holder.terminate()
            self.holder.wait(timeout=10)
        shutil.rmtree(getattr(self, "testbed_files", ""), ignore_errors=True)
