# SPDX-License-Identifier: MIT
"""A lock screen (a client that locked the session with ext-session-lock-v1, or with wlroots 0.15's input inhibitor):
nothing of a gesture, binding or key reaches the other clients or moves the focus while it holds the session."""
import os
import signal
import tempfile
import time

from checks.common import binding, lock_protocol, locked_desktop, pointer_events, unlock
from desktop import Failure, wait_for


def a_lock_screen_keeps_gestures_from_other_clients(Desktop):
    """A client that locked the session, as a lock screen does: a tap on another client's window reaches neither its
    gesture nor its wl_touch; a tap on the locking client's window reaches it; once the lock screen unlocked and went,
    the other's tap is recognized again."""
    with Desktop() as desktop:
        other = desktop.open_client("--gesture", "tap=tap", "--touch", title="other")
        lock = desktop.open_client("--gesture", "tap=tap", "--touch", "--lock", title="lock")
        desktop.replay("tap", "--at", "%g,%g" % other.centre())
        desktop.replay("tap", "--at", "%g,%g" % lock.centre())
        locked = lock.finished("tap", timeout=5)
        heard_while_locked = [e for e in other.events() if e.get("event") != "ready"]
        how = lock_protocol(lock)
        unlock(desktop, lock, ["other"])
        desktop.replay("tap", "--at", "%g,%g" % other.centre())
        after = other.finished("tap", timeout=5)
        if heard_while_locked or len(locked) != 1 or len(after) != 1:
            raise Failure("lock screen: the other heard %s while locked; the lock's taps %s; after it went %s"
                          % (heard_while_locked, locked, after))
        return ("while a client held the session locked (%s), a tap on another client's window gave it 0 events (no "
                "gesture, no wl_touch); the locking client's own tap was recognized; after it unlocked and exited, the "
                "other client's tap was recognized" % how)


def a_lock_screen_that_dies_without_unlocking(Desktop):
    """A lock screen killed before it unlocks: with ext-session-lock-v1 the session stays locked, as the protocol
    asks (another client's tap reaches nothing), until a new lock screen takes it and unlocks; wlroots 0.15's input
    inhibitor ends with its client, so the session is free at once."""
    with Desktop() as desktop:
        other = desktop.open_client("--gesture", "tap=tap", "--touch", title="other")
        lock = desktop.open_client("--gesture", "tap=tap", "--lock", title="lock")
        how = lock_protocol(lock)
        lock.kill(signal.SIGKILL)
        wait_for(lambda: [w["title"] for w in desktop.windows()] == ["other"], 5, "the killed lock screen's window gone")
        desktop.replay("tap", "--at", "%g,%g" % other.centre())  # done once its timers had a second
        after_death = [e for e in other.events() if e.get("event") != "ready"]
        if how == "wlr-input-inhibitor-unstable-v1":
            if len([e for e in after_death if e.get("phase") == "recognized"]) != 1:
                raise Failure("input inhibitor: after the lock screen died the other's tap gave %s" % after_death)
            return "the input inhibitor ended with its killed client: the other client's tap was recognized at once"
        second = desktop.open_client("--gesture", "tap=tap", "--lock", title="second lock")
        unlock(desktop, second, ["other"])
        since = len(other.events())
        desktop.replay("tap", "--at", "%g,%g" % other.centre())
        after = other.finished("tap", since=since, timeout=5)
        if after_death or len(after) != 1:
            raise Failure("%s: after the lock screen died the other heard %s; after a new one unlocked, taps %s"
                          % (how, after_death, after))
        return ("%s: the killed lock screen left the session locked (the other client's tap gave it 0 events); a new "
                "lock screen took it and unlocked, and the other's tap was recognized" % how)


def a_lock_screen_keeps_exec_bindings_from_running(Desktop):
    """While a lock screen holds the session, a 4-finger tap bound to an exec command runs nothing, on another
    client's window or on the lock screen, where the lock screen's own 4-finger tap is recognized; once the lock has
    gone, the same tap runs the command once: nothing of the locked taps runs late."""
    marker = tempfile.mktemp(prefix="tactus-locked-exec.")
    config = '[[binding]]\ngesture = "tap"\nfingers = 4\naction = { exec = "echo ran >> %s" }\n' % marker
    desktop, (other,), lock = locked_desktop(Desktop, config, "other")
    with desktop:
        for window in (other, lock):
            desktop.replay("tap", "--fingers", "4", "--at", "%g,%g" % window.centre())
        own = lock.finished("tap4", timeout=5)
        time.sleep(0.5)  # a command has long run by now: the plugin starts it at the tap's end
        locked_runs = os.path.exists(marker)
        unlock(desktop, lock, ["other"])
        time.sleep(0.5)
        late = os.path.exists(marker)
        desktop.replay("tap", "--fingers", "4", "--at", "%g,%g" % other.centre())
        wait_for(lambda: os.path.exists(marker), 5, "the command after the lock")
        time.sleep(0.3)
        with open(marker) as file:
            runs = file.read().split()
        os.unlink(marker)
        if locked_runs or late or len(own) != 1 or runs != ["ran"]:
            raise Failure("locked exec: ran while locked %s, ran late %s, the lock's own taps %s, runs after %s"
                          % (locked_runs, late, own, runs))
        return ("while locked, two 4-finger taps bound to exec ran no command and the lock screen recognized its own; "
                "after the lock went, nothing ran late, and the next tap ran the command once")


def a_lock_screen_survives_a_kill_client_binding(Desktop):
    """A 3-finger swipe down bound to kill-client, on the lock screen while it holds the session: no action runs and
    the lock screen lives, getting its own swipe; once it has gone, the same binding acts again."""
    config = binding("swipe", "kill-client", fingers=3, direction="down", policy="withhold")
    desktop, (other,), lock = locked_desktop(Desktop, config, "other")
    with desktop:
        desktop.replay("swipe", "--fingers", "3", "--direction", "down", "--distance", "60", "--at", "%g,%g" % lock.centre())
        own = lock.finished("swipe3", timeout=5)
        locked_actions, lock_alive = desktop.actions(), lock.alive()
        unlock(desktop, lock, ["other"])
        desktop.replay("swipe", "--fingers", "3", "--direction", "down", "--distance", "60", "--at", "%g,%g" % other.centre())
        wait_for(lambda: not other.alive() or desktop.actions(), 5, "the binding after the lock")
        wait_for(lambda: desktop.windows() == [], 5, "the other window killed")
        if locked_actions or not lock_alive or len(own) != 1 or desktop.actions() != ["kill-client recognized progress 1.00 fingers 3"]:
            raise Failure("kill-client while locked: actions %s, lock alive %s, its own swipes %s; after: %s"
                          % (locked_actions, lock_alive, own, desktop.actions()))
        return ("a 3-finger swipe bound to kill-client on the lock screen ran no action, and the lock screen lived "
                "and recognized its own swipe; after the lock went, the same swipe killed the focused client")


def a_lock_screen_keeps_its_focus_from_bindings_and_keys(Desktop):
    """docs/compositor.md's focus-next binding (a 3-finger swipe left) and Alt+Tab, while a lock screen holds the
    session: the lock screen stays in front with the keyboard. Once it has gone, both cycle the focus again."""
    config = binding("swipe", "focus-next", fingers=3, direction="left", policy="withhold")
    desktop, _, lock = locked_desktop(Desktop, config, "first", "second")
    with desktop:
        swipe = ["swipe", "--fingers", "3", "--direction", "left", "--distance", "60"]
        desktop.replay(*swipe, "--at", "%g,%g" % lock.centre())
        after_swipe = [w["title"] for w in desktop.windows()]
        desktop.press("alt", "tab")
        after_keys = [w["title"] for w in desktop.windows()]
        locked_actions = desktop.actions()
        unlock(desktop, lock, ["first", "second"])
        before = [w["title"] for w in desktop.windows()]
        desktop.replay(*swipe, "--at", "%g,%g" % desktop.clients[1].centre())
        swiped = [w["title"] for w in desktop.windows()]
        desktop.press("alt", "tab")
        keyed = [w["title"] for w in desktop.windows()]
        if (after_swipe[0] != "lock" or after_keys[0] != "lock" or locked_actions
                or swiped != before[::-1] or keyed != before):
            raise Failure("focus while locked: after the swipe %s, after Alt+Tab %s, actions %s; unlocked: %s → %s → %s"
                          % (after_swipe, after_keys, locked_actions, before, swiped, keyed))
        return ("while locked, the focus-next swipe and Alt+Tab left the lock screen in front (%s); after it went, "
                "they cycled the focus %s → %s → %s" % (after_keys, before[0], swiped[0], keyed[0]))


def a_lock_screen_takes_the_pointer_from_the_window_under_it(Desktop):
    """The pointer rests on a window when a lock screen takes the session: the window hears the pointer leave at once,
    so that a click before the pointer moves reaches no other client than the lock screen."""
    with Desktop() as desktop:
        other = desktop.open_client("--pointer", title="other")
        desktop.point_at(*other.centre())
        wait_for(lambda: [e for e in pointer_events(other) if e[0] == "enter"], 5, "the pointer's enter")
        since = len(other.events())
        desktop.open_client("--gesture", "tap=tap", "--lock", title="lock")
        left = wait_for(lambda: [e for e in pointer_events(other, since) if e[0] == "leave"], 5,
                        "the pointer's leave when the lock came")
        return ("a window under the pointer heard it leave when a lock screen took the session (%d leave)" % len(left))
