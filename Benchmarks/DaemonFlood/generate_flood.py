#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""scripts/bench-daemon's flood, written as evemu writes a recording: FOLDER/flood.desc describes the device (a
10-slot touchscreen of 256 x 160 mm), FOLDER/flood.events holds SECONDS of its events at 480 Hz. Prints how many
events and frames it holds.

usage: generate_flood.py FOLDER SECONDS
"""
import math
import random
import sys

folder, seconds = sys.argv[1], float(sys.argv[2])
RATE, SLOTS, UNITS_PER_MM, WIDTH, HEIGHT = 480, 10, 16, 256, 160
SLOT, TRACKING_ID, MT_X, MT_Y, ABS_X, ABS_Y, BTN_TOUCH = 0x2F, 0x39, 0x35, 0x36, 0x00, 0x01, 0x14A
# A shuffle is a drag whose last finger lands halfway through, and whose first lifts at four fifths.
KINDS = ["drag", "pinch", "swipe", "rotate", "shuffle"]
HEADINGS = [(1, 0), (0, -1), (-1, 0), (0, 1)]
# How long each kind moves, in milliseconds: a swipe is quick (60 mm at 400 mm/s).
MOTION = {"drag": 400, "pinch": 400, "swipe": 150, "rotate": 400, "shuffle": 500}


def bitmap(codes, length):
    bits = [0] * length
    for code in codes:
        bits[code // 8] |= 1 << (code % 8)
    return bits


def description():
    # A resolution gives libinput the panel's size in millimetres, which tactusd's thresholds are in.
    lines = ["# EVEMU 1.3", "N: Tactus flood touchscreen", "I: 0003 1d6b 0018 0100", "P: 02 00 00 00 00 00 00 00"]
    bits = {0x00: bitmap([0x00, 0x01, 0x03], 8), 0x01: bitmap([BTN_TOUCH], 96),
            0x03: bitmap([ABS_X, ABS_Y, SLOT, MT_X, MT_Y, TRACKING_ID], 8)}
    for kind, row in sorted(bits.items()):
        lines += [f"B: {kind:02x} " + " ".join(f"{b:02x}" for b in row[start:start + 8]) for start in range(0, len(row), 8)]
    for code, maximum, resolution in [(ABS_X, WIDTH * UNITS_PER_MM, UNITS_PER_MM), (ABS_Y, HEIGHT * UNITS_PER_MM, UNITS_PER_MM),
                                      (SLOT, SLOTS - 1, 0), (MT_X, WIDTH * UNITS_PER_MM, UNITS_PER_MM),
                                      (MT_Y, HEIGHT * UNITS_PER_MM, UNITS_PER_MM), (TRACKING_ID, 65535, 0)]:
        lines.append(f"A: {code:02x} 0 {maximum} 0 0 {resolution}")
    return "\n".join(lines) + "\n"


def layout(kind, fingers, index, rng):
    """Where each finger is at progress 0…1 of the motion, in millimetres: on a circle round a centre that drags or
    swipes along a heading, or on a circle that spreads or squeezes, or turns."""
    heading = HEADINGS[index % 4]
    travel = {"drag": 40, "shuffle": 40, "swipe": 60}.get(kind, 0)
    centre = (WIDTH / 2 + rng.uniform(-20, 20), HEIGHT / 2 + rng.uniform(-10, 10))
    outwards = index % 2 == 0

    def at(progress):
        radius = {"pinch": 10 + 25 * (progress if outwards else 1 - progress), "rotate": 25}.get(kind, 6 + 2 * fingers)
        angle = math.radians(60 if outwards else -60) * progress if kind == "rotate" else 0
        shift = travel * (progress - 0.5)
        return [(centre[0] + heading[0] * shift + radius * math.cos(2 * math.pi * j / fingers + angle),
                 centre[1] + heading[1] * shift + radius * math.sin(2 * math.pi * j / fingers + angle))
                for j in range(fingers)]
    return at


def units(millimetres, side):
    return min(max(round(millimetres * UNITS_PER_MM), 0), side * UNITS_PER_MM)


def interactions(frames, rng):
    """Each frame's contacts, slot to (tracking id, x, y) in device units: 1 to 10 fingers land a frame apart, rest,
    move, rest and lift a frame apart (but for a shuffle's), then pause; every 10 interactions give each finger count
    another kind."""
    index, tracking, frame = 0, 0, 0
    while True:
        fingers = index % SLOTS + 1
        kind = KINDS[(index // SLOTS + fingers) % len(KINDS)]
        at = layout(kind, fingers, index, rng)
        moving, rest = round(MOTION[kind] * RATE / 1000), 8
        start = fingers + rest
        lift = start + moving + rest
        length = lift + fingers + 20
        # The flood ends between interactions, every finger lifted.
        if frame + length > frames:
            return
        landing, lifting = list(range(fingers)), [lift + j for j in range(fingers)]
        if kind == "shuffle" and fingers > 1:
            landing[-1], lifting[0] = start + moving // 2, start + moving * 4 // 5
        for k in range(length):
            positions = at(min(max((k - start) / moving, 0), 1))
            contacts = {}
            for j in range(fingers):
                if landing[j] <= k < lifting[j]:
                    # A touchscreen's noise: nearly every contact moves in every frame.
                    x, y = positions[j][0] + rng.uniform(-0.15, 0.15), positions[j][1] + rng.uniform(-0.15, 0.15)
                    contacts[j] = ((tracking + j) % 65536, units(x, WIDTH), units(y, HEIGHT))
            yield contacts
        frame += length
        tracking += fingers
        index += 1


def write_events(frames, rng, out):
    """The frames as the kernel reports them (multi-touch protocol B, and the single-touch axes and BTN_TOUCH it
    emulates); returns the count of events and of frames written."""
    previous, slot, pointer, events, written = {}, 0, None, 0, 0
    for frame, contacts in enumerate(interactions(frames, rng)):
        lines = []
        for j in sorted(set(previous) | set(contacts)):
            was, now = previous.get(j), contacts.get(j)
            changes = []
            if now is None:
                changes.append((TRACKING_ID, -1))
            else:
                if was is None:
                    changes.append((TRACKING_ID, now[0]))
                changes += [(code, now[i]) for code, i in [(MT_X, 1), (MT_Y, 2)] if was is None or was[i] != now[i]]
            if changes and slot != j:
                changes.insert(0, (SLOT, j))
                slot = j
            lines += [f"0003 {code:04x} {value}" for code, value in changes]
        if bool(previous) != bool(contacts):
            lines.append(f"0001 {BTN_TOUCH:04x} {int(bool(contacts))}")
        if contacts:
            first = contacts[min(contacts)][1:]
            lines += [f"0003 {code:04x} {first[i]}" for code, i in [(ABS_X, 0), (ABS_Y, 1)] if pointer is None or pointer[i] != first[i]]
            pointer = first
        previous = contacts
        if lines:
            time = frame * 1_000_000 // RATE
            stamp = f"E: {time // 1_000_000}.{time % 1_000_000:06d} "
            out.write("".join(f"{stamp}{line}\n" for line in lines + ["0000 0000 0"]))
            events += len(lines) + 1
            written += 1
    return events, written


with open(f"{folder}/flood.desc", "w") as out:
    out.write(description())
with open(f"{folder}/flood.events", "w") as out:
    events, frames = write_events(round(seconds * RATE), random.Random(18), out)
print(events, frames)
