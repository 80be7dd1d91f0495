# SPDX-License-Identifier: MIT
"""Devices and seats: two touchscreens at once, two seats, a seat that loses its touch, a turned output, a window
without wl_touch, and a touch the device cancels."""
import json
import os
import time

from checks.common import binding, kinds_of_touch, local, near, near_point, on_two_touchscreens, phases, pointer_events
from desktop import Failure, wait_for


def two_touchscreens_touched_at_once_do_not_collide(Desktop):
    """Two headless touchscreens, each using touch id 0 at the same time: a drag on the left window from the first,
    and, while it is under way, a tap on the right window from the second. Each window gets its own touches whole
    and recognizes its gesture: wlr_seat keys touch points by id alone, and the glue gives each device's their own."""
    with Desktop() as desktop:
        left = desktop.open_client("--gesture", "drag=drag", "--touch", title="left")
        right = desktop.open_client("--gesture", "tap=tap", "--touch", title="right")
        drag = desktop.trace("drag", "--distance", "60", "--duration", "800", "--at", "%g,%g" % left.centre())
        tap = desktop.trace("tap", "--at", "%g,%g" % right.centre())
        desktop.play(on_two_touchscreens(drag, tap, 300, os.path.join(desktop.runtime, "two-screens.jsonl")))
        dragged = left.finished("drag", timeout=5)
        tapped = right.finished("tap", timeout=5)
        counts = [(len(window.touches("down")), len(window.touches("up"))) for window in (left, right)]
        if counts != [(1, 1), (1, 1)] or len(dragged) != 1 or len(tapped) != 1:
            raise Failure("two touchscreens: downs and ups %s, drag %s, tap %s" % (counts, dragged, tapped))
        return ("two touchscreens touched at once, both with touch id 0: the left window got its drag's 1 down, %d "
                "motions and 1 up, the drag ended; the right window got the tap's 1 down and 1 up, recognized"
                % len(left.touches("motion")))


def drags_on_two_touchscreens(desktop, first_at, first_direction, second_at, second_direction):
    """Plays a drag of 60 mm on each headless touchscreen at once (the second 50 ms later) and waits for it."""
    first = desktop.trace("drag", "--distance", "60", "--duration", "600", "--direction", first_direction,
                          "--at", "%g,%g" % first_at)
    second = desktop.trace("drag", "--distance", "60", "--duration", "600", "--direction", second_direction,
                           "--at", "%g,%g" % second_at)
    desktop.play(on_two_touchscreens(first, second, 50, os.path.join(desktop.runtime, "seats-%d.jsonl" % time.monotonic_ns())))


def two_seats_keep_their_gestures_apart(Desktop):
    """Two seats (the second touchscreen put on seat1): two fingers, one from each seat, moving apart on one window
    form no pinch, and each window's gestures, made for one seat, hear that seat's finger alone. The first client
    released its wl_seat objects after committing its gestures: they keep working, since they follow the seat."""
    with Desktop() as desktop:
        desktop.command("seat seat1 touchscreen 2")
        first = desktop.open_client("--seat", "seat0", "--release-seats", "--gesture", "drag=drag",
                                    "--gesture", "pinch=pinch", title="seat0")
        second = desktop.open_client("--seat", "seat1", "--gesture", "drag=drag", "--gesture", "pinch=pinch",
                                     title="seat1")
        # Both fingers on the first window, then both on the second: seat0's goes left, seat1's right.
        drags_on_two_touchscreens(desktop, first.centre(-20, 0), "left", first.centre(20, 0), "right")
        drags_on_two_touchscreens(desktop, second.centre(-20, 0), "left", second.centre(20, 0), "right")
        first.finished("drag", timeout=5)
        second.finished("drag", timeout=5)
        time.sleep(0.3)  # anything late would come now
        results = {}
        for client, sign in ((first, -1), (second, 1)):
            ends = [e for e in client.events("drag") if e.get("phase") == "ended"]
            results[client.window["title"]] = (phases(client, "drag"), phases(client, "pinch"),
                                               ends[-1]["translation"][0] if ends else None)
            dx = results[client.window["title"]][2]
            if (phases(client, "drag") != ["began", "ended"] or "began" in phases(client, "pinch")
                    or dx is None or dx * sign < 200):
                raise Failure("two seats: %s" % results)
        return ("two seats, one finger each on one window at once: no pinch began on either window (pinch %s, %s); "
                "the seat0 window (its wl_seat objects released) got one drag, %.0f px, from seat0's finger; the seat1 "
                "window got one drag, %.0f px, from seat1's"
                % (results["seat0"][1], results["seat1"][1], results["seat0"][2], results["seat1"][2]))


def a_seat_that_loses_touch_or_goes_leaves_its_gestures_inert(Desktop):
    """A seat that loses its touch (its only touchscreen put back on seat0, mid-drag) leaves its client's gestures
    inert: a drag from that seat once it has touch again gives them nothing. Gestures made for it after that work,
    and stay inert once the seat is removed, even when a seat of the same name comes back."""
    with Desktop() as desktop:
        desktop.command("seat seat1 touchscreen 1")  # the touchscreen one-device replays play on
        early = desktop.open_client("--seat", "seat1", "--gesture", "drag=drag", title="early")
        desktop.replay("drag", "--distance", "60", "--duration", "1500", "--at", "%g,%g" % early.centre(), wait=False)
        wait_for(lambda: early.events("drag"), 5, "the early window's drag began")
        desktop.command("seat seat0 touchscreen 1")  # seat1 has no touchscreen left: neither touch nor pointer
        desktop.answer("replay")
        lost = phases(early, "drag")
        desktop.command("seat seat1 touchscreen 1")
        late = desktop.open_client("--seat", "seat1", "--gesture", "drag=drag", title="late")
        desktop.replay("drag", "--distance", "60", "--at", "%g,%g" % early.centre())
        desktop.replay("drag", "--distance", "60", "--at", "%g,%g" % late.centre())
        late.finished("drag", timeout=5)
        back = phases(early, "drag")
        desktop.command("seat seat1 remove")
        desktop.command("seat seat1 touchscreen 1")
        desktop.replay("drag", "--distance", "60", "--at", "%g,%g" % late.centre())
        time.sleep(0.3)  # anything late would come now
        late_phases = phases(late, "drag")
        if lost != ["began", "cancelled"] or back != lost or late_phases != ["began", "ended"]:
            raise Failure("seat1 lost touch: the early window's drag %s, then %s; the late window's %s"
                          % (lost, back, late_phases))
        return ("seat1 lost its touchscreen mid-drag: the early window's drag began and was cancelled, and a drag from "
                "seat1 once it had touch again gave it nothing; the late window's drag from seat1 began and ended, "
                "and once seat1 was removed and made again, a drag from the new seat1 gave it nothing")


def a_turned_output_with_a_calibrated_touchscreen_measures_millimetres_along_its_touches(Desktop):
    """The transform contract (tactus.h, tactus_device): a 254 x 143 mm panel under an output turned a quarter
    (1280 x 720 shown as 720 x 1280), its touches turned back by libinput's 90° calibration matrix, as a user of a
    rotated output calibrates it; wlroots passes them so, and the glue hands the plugin the matrix beside the panel's
    own size. An edge swipe from the portrait output's bottom edge, 30 mm up, is half of a 60 mm binding; a two-finger
    swipe up runs the swipe-up binding, not swipe-left."""
    config = (binding("edge-swipe", "shade", edge="bottom", distance=60)
              + binding("swipe", "swipe-up", fingers=2, direction="up")
              + binding("swipe", "swipe-left", fingers=2, direction="left"))
    portrait = ["--size", "143x254", "--pixels", "720x1280", "--rotation", "90"]
    with Desktop(config) as desktop:
        desktop.command("output transform 1")
        desktop.replay("edge-swipe", "--edge", "bottom", "--distance", "30", *portrait)
        desktop.replay("swipe", "--fingers", "2", "--direction", "up", "--distance", "40", *portrait)
        actions = desktop.actions()
        shade = [float(a.split()[3]) for a in actions if a.startswith("shade ended")]
        swipes = [a.split()[0] for a in actions if a.startswith("swipe-")]
        if len(shade) != 1 or not near(shade[0], 0.5, 0.03) or swipes != ["swipe-up"]:
            raise Failure("on the turned output: actions %s" % actions)
        return ("on an output turned a quarter, a calibrated 254 x 143 mm panel: a 30 mm edge swipe up from the bottom "
                "ran shade with progress %.2f of 60 mm (measured along the panel's 143 mm side it would be 0.28), and "
                "a two-finger swipe up ran %s" % (shade[0], swipes))


def a_window_without_wl_touch_gets_a_touch_as_the_pointer(Desktop):
    """sway's fallback, in the glue: a client with no wl_touch gets a touch on its surface as the pointer (enter where
    the finger lands, the left button pressed, motions, released); and when a forward-then-cancel binding takes the
    touches over midway (a pinch), a leave instead of the release, so that its press never becomes a click. A client with wl_touch on
    the same desktop keeps getting touches."""
    config = binding("pinch", "zoom", policy="forward-then-cancel")
    with Desktop(config) as desktop:
        desktop.point_at(1279, 719)  # the headless pointer, away from the window, so the seat has a pointer
        window = desktop.open_client("--pointer")
        x, y = window.centre()
        desktop.replay("tap", "--at", "%g,%g" % (x, y))
        tap = wait_for(lambda: [e for e in pointer_events(window) if e[0] == "button"][1:] and pointer_events(window),
                       5, "the tap's press and release")
        entered = tap[0][1] if tap[:1] and tap[0][0] == "enter" else None
        if (not near_point(entered, local(window, x, y), 1)
                or [e for e in tap if e[0] in ("button", "leave")] != [("button", "pressed"), ("button", "released")]):
            raise Failure("the tap as the pointer: %s" % tap)
        since = len(window.events())
        desktop.replay("drag", "--distance", "30", "--at", "%g,%g" % (x, y))
        drag = wait_for(lambda: [e for e in pointer_events(window, since) if e == ("button", "released")]
                        and pointer_events(window, since), 5, "the drag's release")
        moved = [e[1][0] for e in drag if e[0] == "motion"]
        if len(moved) < 2 or not near(moved[-1] - moved[0], 151, 5):  # 30 mm at 1280 px / 254 mm, less one step
            raise Failure("the drag as the pointer: %s" % drag)
        since = len(window.events())
        desktop.replay("pinch", "--start-span", "40", "--end-span", "80", "--at", "%g,%g" % (x, y))
        wait_for(lambda: [a for a in desktop.actions() if a.startswith("zoom")], 5, "the pinch's binding")
        taken = pointer_events(window, since)
        if [e for e in taken if e[0] in ("button", "leave")] != [("button", "pressed"), ("leave", None)]:
            raise Failure("the pinch taken by a binding, as the pointer: %s" % taken)
        touching = desktop.open_client("--touch", title="touching")
        desktop.replay("tap", "--at", "%g,%g" % touching.centre())
        wait_for(lambda: touching.touches("up"), 5, "the touching window's touch up")
        return ("a window without wl_touch: a tap gave enter at %s, press, release; a 30 mm drag moved the pointer "
                "%.0f px; a pinch taken by a forward-then-cancel binding gave press, then leave and no release "
                "(%d pointer events); a window with wl_touch still got its tap as touches"
                % (entered, moved[-1] - moved[0], len(taken)))


def a_touch_cancelled_by_the_device_ends_everywhere(Desktop):
    """libinput cancels a drag's touch halfway (a palm, a lost device): the client's drag is cancelled, its raw
    touch gets wl_touch.cancel, and the next drag works."""
    with Desktop() as desktop:
        window = desktop.open_client("--gesture", "pan=drag", "--touch")
        trace = desktop.trace("drag", "--distance", "60", "--duration", "600", "--at", "%g,%g" % window.centre())
        with open(trace) as file:
            lines = file.read().splitlines()
        middle = lines[:len(lines) // 2]
        cancel = json.loads(middle[-1])
        middle.append(json.dumps({"t": cancel["t"] + 8000, "type": "cancel", "device": cancel["device"]},
                                 separators=(",", ":")))
        with open(trace, "w") as file:
            file.write("\n".join(middle) + "\n")
        desktop.command("replay " + trace)
        phases = [e["phase"] for e in window.events("pan")]
        touches = kinds_of_touch(window.events(), ("down", "up", "cancel"))
        heard = len(window.events())
        desktop.replay("drag", "--distance", "40", "--at", "%g,%g" % window.centre())
        after = [e["phase"] for e in window.events()[heard:] if e.get("name") == "pan"]
        if (phases[:1] != ["began"] or phases[-1] != "cancelled" or "ended" in phases
                or touches != ["down", "cancel"] or after[:1] != ["began"] or after[-1] != "ended"):
            raise Failure("device cancel: pan %s, touches %s; the next drag %s" % (phases, touches, after))
        return ("libinput cancelled a drag halfway: the client's pan went began → %d changes → cancelled, its touch "
                "got down then wl_touch.cancel; the next drag began and ended" % phases.count("changed"))
