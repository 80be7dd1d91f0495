# SPDX-License-Identifier: MIT
"""Clients' own gestures through tactus-gestures-v1 and the touches beside them: pinch and rotate where they
happen, drags, forward-then-cancel, the touchpad's gestures, two windows, regions and exclusions."""

from checks.common import binding, kinds_of_touch, local, near, near_point
from desktop import Failure, wait_for


def pinch_and_rotate_reach_the_window(Desktop):
    """A two-finger pinch that turns 30° while spreading from 40 to 80 mm, on a window placed away from the origin:
    the client hears scale and rotation at the gesture's place in its own coordinates, and where both started, also
    as a fraction of the window's surface (whose size the glue's hit test reports)."""
    with Desktop() as desktop:
        window = desktop.open_client()
        x, y = window.centre(-100, 50)
        desktop.replay("pinch-rotate", "--start-span", "40", "--end-span", "80", "--degrees", "30", "--at", "%g,%g" % (x, y))
        pinch, rotate = window.finished("pinch")[-1], window.finished("rotate")[-1]
        start = local(window, x, y)
        anchor = [start[0] / window.window["width"], start[1] / window.window["height"]]
        if not (near(pinch["scale"], 2, 0.02) and near(rotate["rotation_deg"], 30, 1)
                and near_point(pinch["location"], start, 1)
                and all(near_point(line.get("start_location"), start, 1)
                        and near_point(line.get("start_anchor"), anchor, 0.002) for line in (pinch, rotate))):
            raise Failure("pinch-rotate: %s / %s" % (pinch, rotate))
        return ("a pinch-rotate on the window at (%d, %d): scale %.3f, rotation %.2f°, at %s in the window "
                "(the layout's %g, %g), started there, at %s of its %d x %d"
                % (window.window["x"], window.window["y"], pinch["scale"], rotate["rotation_deg"], pinch["location"],
                   x, y, pinch["start_anchor"], window.window["width"], window.window["height"]))


def a_client_keeps_its_touches_while_its_own_gesture_runs(Desktop):
    """A client's own drag, recognized by the compositor: the client keeps its wl_touch stream whole (down, motions
    before and after the drag began, up), never cancelled on its gesture's account."""
    with Desktop() as desktop:
        window = desktop.open_client("--gesture", "pan=drag", "--touch")
        desktop.replay("drag", "--distance", "40", "--at", "%g,%g" % window.centre())
        window.finished("pan", timeout=5)
        wait_for(lambda: window.touches("up"), 5, "the drag's touch up")
        sequence = [("touch", e["type"]) if e.get("event") == "touch" else ("pan", e.get("phase"))
                    for e in window.events() if e.get("name") == "pan"
                    or (e.get("event") == "touch" and e.get("type") in ("down", "motion", "up", "cancel"))]
        began = sequence.index(("pan", "began")) if ("pan", "began") in sequence else -1
        touches = [kind for source, kind in sequence if source == "touch"]
        after_began = [kind for source, kind in sequence[began + 1:] if source == "touch"]
        if (began < 0 or touches[:1] != ["down"] or touches[-1:] != ["up"] or "cancel" in touches
                or after_began.count("motion") < 5 or ("pan", "ended") not in sequence):
            raise Failure("the client's own drag: %s" % sequence)
        return ("the client's own drag began and ended; its wl_touch got down, %d motions (%d after the drag began), "
                "up, and no cancel" % (touches.count("motion"), after_began.count("motion")))


def forward_then_cancel_ends_in_wl_touch_cancel(Desktop):
    """A pinch bound with forward-then-cancel: the client gets the touches at once, then wl_touch.cancel and nothing
    more of that interaction; the seat forgot those touches, so a tap after it is delivered whole."""
    config = binding("pinch", "zoom", policy="forward-then-cancel")
    with Desktop(config) as desktop:
        window = desktop.open_client("--gesture", "tap=tap", "--touch")
        desktop.replay("pinch", "--start-span", "40", "--end-span", "80", "--at", "%g,%g" % window.centre())
        touches = kinds_of_touch(window.events(), ("down", "motion", "up", "cancel"))
        cancel = touches.index("cancel") if "cancel" in touches else -1
        heard = len(window.events())
        desktop.replay("tap", "--at", "%g,%g" % window.centre())
        wait_for(lambda: window.touches("up"), 5, "the tap's touch up")
        after = kinds_of_touch(window.events()[heard:], ("down", "up", "cancel"))
        zoom = [a for a in desktop.actions() if a.startswith("zoom ended")]
        # Both fingers reach the client before anything ends (a compositor may move a touch as it focuses the window).
        if ([kind for kind in touches if kind != "motion"][:2] != ["down", "down"] or cancel < 0
                or touches[cancel + 1:] or "up" in touches
                or after != ["down", "up"] or not zoom):
            raise Failure("forward-then-cancel: touches %s, then %s; actions %s" % (touches, after, desktop.actions()))
        return ("a forward-then-cancel pinch ran zoom; the client got 2 downs, %d motions, then wl_touch.cancel and "
                "nothing more; the tap after it: down, up" % touches.count("motion"))


def a_touchpad_pinch_reaches_the_window_under_the_pointer(Desktop):
    """libinput's touchpad pinch, through the headless pointer and wlr_cursor: the client under the pointer hears
    the scale and rotation; the other window hears nothing."""
    with Desktop() as desktop:
        left = desktop.open_client(title="left")
        right = desktop.open_client(title="right")
        desktop.point_at(*left.centre())
        desktop.replay("touchpad-pinch", "--scale", "1.5", "--degrees", "20")
        pinch, rotate = left.finished("pinch")[-1], left.finished("rotate")[-1]
        if not (near(pinch["scale"], 1.5, 0.01) and near(rotate["rotation_deg"], 20, 0.5)) or right.events()[1:]:
            raise Failure("touchpad pinch: %s / %s; the other window heard %s" % (pinch, rotate, right.events()[1:]))
        return ("a touchpad pinch with the pointer on the left window: scale %.3f, rotation %.2f°, at %s; "
                "the right window heard nothing" % (pinch["scale"], rotate["rotation_deg"], pinch["location"]))


def pointer_gestures(client, since=0):
    """The touchpad gestures a client heard through zwp_pointer_gestures_v1 from event index since on: (type, kind,
    fingers or cancelled) for begins and ends, updates counted by kind."""
    heard = [e for e in client.events()[since:] if e.get("event") == "pointer-gesture"]
    phases = [(e["type"], e["kind"], e.get("fingers", e.get("cancelled"))) for e in heard if e["type"] != "update"]
    updates = sum(1 for e in heard if e["type"] == "update")
    return phases, updates, heard


def touchpad_gestures_reach_applications_as_bindings_decide(Desktop):
    """zwp_pointer_gestures_v1 as the plugin decides: a three-finger touchpad swipe bound with withhold runs its
    binding and never reaches the window under the pointer; an unbound two-finger pinch reaches it whole; a
    three-finger pinch bound with forward-then-cancel reaches it, then ends for it as cancelled when the binding
    wins, and nothing more of it follows."""
    config = (binding("swipe", "workspace-next", fingers=3, direction="left", policy="withhold")
              + binding("pinch", "zoom", fingers=3, policy="forward-then-cancel"))
    with Desktop(config) as desktop:
        window = desktop.open_client("--pointer-gestures", title="app")
        desktop.point_at(*window.centre())
        desktop.replay("touchpad-swipe", "--fingers", "3", "--direction", "left", "--distance", "60")
        swipe, swipe_updates, _ = pointer_gestures(window)
        heard = len(window.events())
        desktop.replay("touchpad-pinch", "--fingers", "2", "--scale", "1.5", "--degrees", "0")
        wait_for(lambda: pointer_gestures(window, heard)[0][-1:] == [("end", "pinch", False)], 5, "the pinch's end")
        pinch, pinch_updates, pinch_events = pointer_gestures(window, heard)
        heard = len(window.events())
        desktop.replay("touchpad-pinch", "--fingers", "3", "--scale", "1.5", "--degrees", "0")
        wait_for(lambda: pointer_gestures(window, heard)[0][-1:] == [("end", "pinch", True)], 5, "the cancel")
        taken, taken_updates, _ = pointer_gestures(window, heard)
        actions = desktop.actions()
        scale = pinch_events[-2].get("scale") if len(pinch_events) > 1 else None
        if (swipe or swipe_updates or "workspace-next recognized progress 1.00 fingers 3" not in actions
                or pinch != [("begin", "pinch", 2), ("end", "pinch", False)] or not pinch_updates
                or scale is None or not near(scale, 1.5, 0.01)
                or taken != [("begin", "pinch", 3), ("end", "pinch", True)]
                or not any(a.startswith("zoom ended") for a in actions)):
            raise Failure("pointer gestures: the bound swipe gave the app %s (+%d updates), the unbound pinch %s "
                          "(+%d updates, scale %s), the taken-over pinch %s (+%d updates); actions %s"
                          % (swipe, swipe_updates, pinch, pinch_updates, scale, taken, taken_updates, actions))
        return ("zwp_pointer_gestures_v1: the withheld 3-finger touchpad swipe ran workspace-next and the app under "
                "the pointer heard 0 events of it; the unbound 2-finger pinch reached it whole (begin, %d updates, "
                "end at scale %.3f, not cancelled); the forward-then-cancel 3-finger pinch: begin, %d updates, "
                "end cancelled, and zoom ran" % (pinch_updates, scale, taken_updates))


def two_windows_hear_only_their_own(Desktop):
    """Two clients side by side with the same subscriptions: a tap on one and a pinch on the other each reach only
    the window they happen on (its gestures' recognized, began... or failed); the other hears nothing of it."""
    with Desktop() as desktop:
        subscriptions = ["--gesture", "tap=tap", "--gesture", "pinch=pinch", "--touch"]
        left = desktop.open_client(*subscriptions, title="left")
        right = desktop.open_client(*subscriptions, title="right")
        desktop.replay("tap", "--at", "%g,%g" % left.centre())
        left.finished("tap", timeout=5)
        right_during_tap = right.events()[1:]
        heard_by_left = len(left.events())
        desktop.replay("pinch", "--start-span", "40", "--end-span", "80", "--at", "%g,%g" % right.centre())
        right.finished("pinch")
        left_during_pinch = left.events()[heard_by_left:]
        if right_during_tap or left_during_pinch or len(left.touches("down")) != 1 or len(right.touches("down")) != 2:
            raise Failure("side by side: right heard %s of the left tap, left heard %s of the right pinch"
                          % (right_during_tap, left_during_pinch))
        return ("two windows side by side at x %d and %d: the tap on the left one reached it (%d events, 1 touch) "
                "and 0 events reached the right one; the pinch on the right one reached it (%d events, 2 touches) "
                "and 0 reached the left one" % (left.window["x"], right.window["x"], heard_by_left - 1,
                                                len(right.events()) - 1))


def an_exclusion_is_honoured_up_to_the_configured_limit(Desktop):
    """[clients] exclusion-limit = 0.25 and a client that excludes its whole window: the top quarter of the window
    (the first 25% of its area) keeps a normal tap binding off; a tap lower down runs it."""
    with Desktop("[clients]\nexclusion-limit = 0.25\n" + binding("tap", "tapped", priority="normal")) as desktop:
        window = desktop.open_client("--exclusion", "0,0,600,400")
        high, low = window.centre(0, -150), window.centre(0, -50)
        desktop.replay("tap", "--at", "%g,%g" % high)
        in_limit = desktop.actions()
        desktop.replay("tap", "--at", "%g,%g" % low)
        beyond = desktop.actions()
        if in_limit or beyond != ["tapped recognized progress 1.00 fingers 1"]:
            raise Failure("exclusion limit 0.25: actions %s after a tap 50 px from the top, %s after one 150 px "
                          "from the top" % (in_limit, beyond))
        return ("a client excluded its whole 600 x 400 window with exclusion-limit = 0.25: a tap 50 px from its top "
                "ran no binding, one 150 px from its top (below the honoured 100 px) ran it")


def a_client_gesture_with_a_region_starts_only_inside_it(Desktop):
    """A client's tap limited by tactus_gesture_v1.set_region to the window's top-left quarter: a tap outside the
    region reaches the client's wl_touch but not its gesture; a tap inside it is recognized there."""
    with Desktop() as desktop:
        window = desktop.open_client("--gesture", "tap=tap:region=0,0,300,200", "--touch")
        outside, inside = (window.window["x"] + 450, window.window["y"] + 300), (window.window["x"] + 100,
                                                                                 window.window["y"] + 100)
        desktop.replay("tap", "--at", "%g,%g" % outside)
        wait_for(lambda: window.touches("up"), 5, "the outside tap's touch up")
        desktop.replay("tap", "--at", "%g,%g" % inside)
        taps = window.finished("tap", timeout=5)
        if len(taps) != 1 or not near_point(taps[0]["location"], local(window, *inside), 2):
            raise Failure("a tap in and a tap out of the region: %s" % window.events("tap"))
        return ("a client tap with a region of 300 x 200 of its 600 x 400 window: the tap outside it reached only "
                "wl_touch, the tap inside it was recognized at %s" % taps[0]["location"])


def an_exclusion_region_keeps_a_normal_binding_out(Desktop):
    """A client excludes compositor gestures from the left half of its window: a tap binding of normal priority
    runs for a tap on the right half, and not for one on the left."""
    with Desktop(binding("tap", "tapped", priority="normal")) as desktop:
        window = desktop.open_client("--exclusion", "0,0,300,400")
        left, right = window.centre(-150), window.centre(150)
        desktop.replay("tap", "--at", "%g,%g" % left)
        in_exclusion = desktop.actions()
        desktop.replay("tap", "--at", "%g,%g" % right)
        outside = desktop.actions()
        if in_exclusion or outside != ["tapped recognized progress 1.00 fingers 1"]:
            raise Failure("exclusion: actions %s after the tap in it, %s after the one out of it"
                          % (in_exclusion, outside))
        return ("a client's exclusion region over the left half of its window: a normal tap binding ran for a tap "
                "on the right half only")
