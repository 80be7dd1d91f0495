#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Plays scripts/bench-daemon's flood (FOLDER/flood.events) in real time: umockdev reads its replay script from a pipe,
FOLDER/device.script, and each frame is written to the pipe when it is due, stamped with that time on the monotonic
clock, as the kernel stamps events. (umockdev 0.17.16 plays an evemu file with a sleep after every event, which plays
this flood at half its speed.) The first frame is due 2 s after umockdev opens the pipe, once the daemon it starts has
opened the device. Writes FOLDER/played, how many frames it played and how late the latest was (ms), when it stops.

usage: play_flood.py FOLDER
"""
import struct
import sys
import time

folder = sys.argv[1]
pack = struct.Struct("<qqHHi").pack
# umockdev's script format: bytes below 0x20 as ^ and the byte plus 0x40, and ^ itself as ^`.
ESCAPED = [bytes([0x5E, b + 0x40]) if b < 0x20 else b"^`" if b == 0x5E else bytes([b]) for b in range(256)]
frames = []
for line in open(f"{folder}/flood.events"):
    _, stamp, kind, code, value = line.split()
    seconds, fraction = stamp.split(".")
    offset = int(seconds) * 1_000_000 + int(fraction)
    if not frames or frames[-1][0] != offset:
        frames.append((offset, []))
    frames[-1][1].append((int(kind, 16), int(code, 16), int(value)))


def microseconds():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000


def stamp(due):
    seconds, fraction = divmod(due, 1_000_000)
    # umockdev reads a script line's delay with scanf("%u "), whose space also swallows the data's first byte when it
    # is 0x20: the low byte of the seconds. libinput adds the microseconds to the seconds, so a second earlier and a
    # million microseconds more is the same time.
    return (seconds - 1, fraction + 1_000_000) if seconds % 256 == 0x20 else (seconds, fraction)


played, latest = 0, 0
try:
    with open(f"{folder}/device.script", "wb", buffering=0) as script:
        start = microseconds() + 2_000_000
        for offset, events in frames:
            due = start + offset
            wait = due - microseconds()
            if wait > 0:
                time.sleep(wait / 1e6)
            latest = max(latest, microseconds() - due)
            data = b"".join(pack(*stamp(due), *event) for event in events)
            script.write(b"r 0 " + b"".join(ESCAPED[b] for b in data) + b"\n")
            played += 1
except BrokenPipeError:
    print("bench-daemon: umockdev-run ended before the flood did", file=sys.stderr)
finally:
    with open(f"{folder}/played", "w") as out:
        out.write(f"{played} {latest / 1000:.1f}\n")
