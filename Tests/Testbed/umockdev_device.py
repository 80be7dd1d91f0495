#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""What umockdev needs to emulate an input device, written from the device's evemu description: a device file (its
sysfs attributes and udev properties), an ioctl file answering libevdev's queries with exactly the lengths libevdev
asks for, and the udev database entry libudev reads (through Tests/UmockdevPreload, from $TACTUS_UDEV_DATA).

The libinput tests' Testbed (Tests/TactusLibinputTests/Support/Testbed.swift) and scripts/bench-daemon run it, one
device at a time:

usage: umockdev_device.py DESCRIPTION --kind KIND --node /dev/input/eventN --files PREFIX --udev FOLDER
                          [--property NAME=value]...

writes PREFIX.umockdev, PREFIX.ioctl and FOLDER/c13:MINOR. KIND is touchscreen, touchpad, keyboard or mouse; each
--property is one more udev property of the device (a hwdb entry's or a rule's, such as
LIBINPUT_CALIBRATION_MATRIX).
"""
import argparse
import os
import struct

SLOT, TRACKING_ID, LAST_MT_AXIS = 0x2F, 0x39, 0x3D


class Description:
    """An evemu description (evemu-describe's N:, I:, P:, B: and A: lines): the device's name, ids, properties,
    capability bitmaps by event type, and axes (code to minimum, maximum, fuzz, flat, resolution)."""

    def __init__(self, text):
        self.name, self.ids, self.properties, self.bits, self.axes = "", [0] * 4, [0] * 8, {}, {}
        for line in text.splitlines():
            line = line.strip()
            fields = line[2:].split()
            if line.startswith("N:"):
                self.name = line[2:].strip()
            elif line.startswith("I:"):
                self.ids = [int(field, 16) for field in fields]
            elif line.startswith("P:"):
                self.properties = [int(field, 16) for field in fields]
            elif line.startswith("B:"):
                self.bits.setdefault(int(fields[0], 16), []).extend(int(field, 16) for field in fields[1:])
            elif line.startswith("A:"):
                self.axes[int(fields[0], 16)] = [int(field) for field in fields[1:]]

    def bitmap(self, event_type, length):
        """The capability bitmap of an event type, cut or padded with zeros to length bytes."""
        return padded(self.bits.get(event_type, []), length)


def padded(values, length):
    return (list(values) + [0] * length)[:length]


def hexed(data):
    return bytes(data).hex().upper()


def capability(row):
    """A capability bitmap as sysfs prints it: 64-bit words, most significant first, without leading zero words."""
    words = [int.from_bytes(bytes(row[i:i + 8]), "little") for i in range(0, len(row), 8)]
    while len(words) > 1 and words[-1] == 0:
        words.pop()
    return " ".join(f"{word:x}" for word in reversed(words))


def device_file(description, udev_kind, node, properties):
    """umockdev's device file: the event node and the input device above it, as sysfs and udev show them."""
    number = int(node.removeprefix("/dev/input/event"))
    minor = 64 + number
    ev, key, abs_ = (capability(description.bitmap(event_type, length))
                     for event_type, length in [(0, 8), (1, 96), (3, 8)])
    prop = capability(padded(description.properties, 8))
    ids = [f"{value:04x}" for value in padded(description.ids, 4)]
    more = "".join(f"E: {property}\n" for property in properties)
    return f"""P: /devices/virtual/input/input{number}/event{number}
N: input/event{number}
E: DEVNAME={node}
E: ID_INPUT=1
E: {udev_kind}=1
{more}E: MAJOR=13
E: MINOR={minor}
E: SUBSYSTEM=input
A: dev=13:{minor}
L: device=../../input{number}

P: /devices/virtual/input/input{number}
E: ID_INPUT=1
E: {udev_kind}=1
E: NAME="{description.name}"
E: PROP={prop}
E: EV={ev}
E: KEY={key}
E: ABS={abs_}
E: SUBSYSTEM=input
A: name={description.name}
A: properties={prop}
A: capabilities/ev={ev}
A: capabilities/key={key}
A: capabilities/abs={abs_}
A: capabilities/rel=0
A: capabilities/msc=0
A: capabilities/sw=0
A: capabilities/led=0
A: capabilities/ff=0
A: capabilities/snd=0
A: id/bustype={ids[0]}
A: id/vendor={ids[1]}
A: id/product={ids[2]}
A: id/version={ids[3]}
"""


def ioctl_file(description, node):
    """umockdev's ioctl file: libevdev's queries as it opens the device, each answered with the length it asks for."""
    name = description.name.encode()[:254]
    lines = [f"@DEV {node}", f"EVIOCGBIT(0) 8 {hexed(description.bitmap(0, 8))}",
             f"EVIOCGNAME(0) {len(name) + 1} {hexed(name + bytes(255 - len(name)))}",
             f"EVIOCGID 0 {hexed(struct.pack('<4H', *(value & 0xFFFF for value in padded(description.ids, 4))))}",
             "EVIOCGVERSION 0 01000100", f"EVIOCGPROP(0) 8 {hexed(padded(description.properties, 8))}"]
    for event_type, length in [(1, 96), (2, 8), (3, 8), (4, 8), (5, 8), (17, 8), (18, 8), (21, 16)]:
        lines.append(f"EVIOCGBIT({event_type}) {length} {hexed(description.bitmap(event_type, length))}")
    lines += [f"EVIOCGKEY(0) 96 {hexed(bytes(96))}", f"EVIOCGLED(0) 8 {hexed(bytes(8))}",
              f"EVIOCGSW(0) 8 {hexed(bytes(8))}"]
    for code, values in sorted(description.axes.items()):
        absinfo = struct.pack("<6i", 0, *padded(values, 5))  # the value, then minimum, maximum, fuzz, flat, resolution
        lines.append(f"EVIOCGABS{f'({code})' if code else ''} 0 {hexed(absinfo)}")
    # Every multi-touch axis of every slot starts at 0, but the tracking id, which is -1: no contact.
    slots = padded(description.axes.get(SLOT, []), 2)[1] + 1
    for code in sorted(code for code in description.axes if SLOT < code <= LAST_MT_AXIS):
        values = [-1 if code == TRACKING_ID else 0] * slots
        lines.append(f"EVIOCGMTSLOTS(0) 0 {hexed(struct.pack(f'<I{slots}i', code, *values))}")
    return "\n".join(lines) + "\n"


def udev_entry(udev_kind, properties):
    """The udev database entry that says the device is initialized, on seat0, with its properties."""
    more = "".join(f"E:{property}\n" for property in properties)
    return f"I:1000000\nE:ID_INPUT=1\nE:{udev_kind}=1\n{more}G:seat\nQ:seat\nV:1\n"


def write(description, kind, node, files, udev, properties=()):
    """Writes files.umockdev, files.ioctl and the udev entry in the folder udev for the device that description (an
    evemu description's text) describes, of kind (touchscreen, touchpad, keyboard or mouse), at node."""
    parsed, udev_kind = Description(description), "ID_INPUT_" + kind.upper()
    minor = 64 + int(node.removeprefix("/dev/input/event"))
    with open(files + ".umockdev", "w") as out:
        out.write(device_file(parsed, udev_kind, node, properties))
    with open(files + ".ioctl", "w") as out:
        out.write(ioctl_file(parsed, node))
    with open(os.path.join(udev, f"c13:{minor}"), "w") as out:
        out.write(udev_entry(udev_kind, properties))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Writes what umockdev needs to emulate an evemu-described device.")
    parser.add_argument("description", help="the device's evemu description")
    parser.add_argument("--kind", required=True, choices=["touchscreen", "touchpad", "keyboard", "mouse"])
    parser.add_argument("--node", required=True, help="the emulated node, /dev/input/eventN")
    parser.add_argument("--files", required=True, help="the prefix of the .umockdev and .ioctl files written")
    parser.add_argument("--udev", required=True, help="the folder of the udev database entry ($TACTUS_UDEV_DATA)")
    parser.add_argument("--property", dest="properties", action="append", default=[], help="NAME=value")
    options = parser.parse_args()
    with open(options.description) as file:
        write(file.read(), options.kind, options.node, options.files, options.udev, options.properties)
