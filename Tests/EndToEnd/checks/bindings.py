# SPDX-License-Identifier: MIT
"""The compositor's bindings and its host actions: focus, close-window, reload, and bindings the keyboard gates."""

from checks.common import binding
from desktop import Failure, wait_for


def a_withheld_swipe_cycles_focus_and_the_client_never_sees_it(Desktop):
    """A three-finger swipe bound with withhold to focus-next: the focus moves to the other window and the client
    under the swipe gets none of its touches; a tap after it reaches the client."""
    config = binding("swipe", "focus-next", fingers=3, direction="left", policy="withhold")
    with Desktop(config) as desktop:
        desktop.open_client(title="first")
        second = desktop.open_client("--gesture", "tap=tap", "--touch", title="second")
        before = [w["title"] for w in desktop.windows()]
        desktop.replay("swipe", "--fingers", "3", "--direction", "left", "--at", "%g,%g" % second.centre())
        after = [w["title"] for w in desktop.windows()]
        touched = len(second.touches("down"))
        desktop.replay("tap", "--at", "%g,%g" % second.centre())
        tap = second.finished("tap", timeout=5)
        actions = desktop.actions()
        if (actions != ["focus-next recognized progress 1.00 fingers 3"] or before != ["second", "first"]
                or after != ["first", "second"] or touched != 0
                or (len(second.touches("down")), len(second.touches("up"))) != (1, 1) or len(tap) != 1):
            raise Failure("withhold: actions %s, focus %s → %s, %d touches during the swipe, then %d down %d up"
                          % (actions, before, after, touched, len(second.touches("down")), len(second.touches("up"))))
        return ("a withheld 3-finger swipe ran focus-next (focus %s → %s); the window under it got 0 touches, "
                "then the tap's 1 down and 1 up and a recognized tap" % (before[0], after[0]))


def close_window_closes_the_focused_window(Desktop):
    """A three-finger swipe down bound to close-window: the focused window's client is asked to close and does."""
    config = binding("swipe", "close-window", fingers=3, direction="down", policy="withhold")
    with Desktop(config) as desktop:
        window = desktop.open_client(title="doomed")
        desktop.replay("swipe", "--fingers", "3", "--direction", "down", "--at", "%g,%g" % window.centre())
        wait_for(lambda: not window.alive(), 5, "the client exits")
        closed = [e for e in window.events() if e.get("event") == "closed"]
        if not closed or window.process.returncode != 0 or desktop.windows():
            raise Failure("close-window: client events %s, exit %s, windows %s"
                          % (window.events()[-3:], window.process.returncode, desktop.windows()))
        return "a 3-finger swipe down ran close-window: the client heard xdg_toplevel.close, exited 0; 0 windows left"


def an_action_that_reloads_the_configuration_takes_effect(Desktop):
    """A tap bound to reload: the configuration file changed on disk meanwhile is read from inside run_action, and
    its binding (a 3-finger swipe) runs on the next swipe, while the tap's binding is gone."""
    config = binding("tap", "reload", fingers=2)
    with Desktop(config) as desktop:
        window = desktop.open_client(title="app")
        with open(desktop.config_path, "w") as file:
            file.write(binding("swipe", "after-reload", fingers=3, direction="left"))
        desktop.replay("tap", "--fingers", "2", "--at", "%g,%g" % window.centre())
        wait_for(lambda: desktop.log().count("bindings from") == 2, 5, "the reload's log line")
        desktop.replay("swipe", "--fingers", "3", "--direction", "left", "--at", "%g,%g" % window.centre())
        desktop.replay("tap", "--fingers", "2", "--at", "%g,%g" % window.centre())
        actions = desktop.actions()
        if (actions.count("reload recognized progress 1.00 fingers 2") != 1
                or "after-reload recognized progress 1.00 fingers 3" not in actions):
            raise Failure("reload from an action: actions %s\n%s" % (actions, desktop.log()[-2000:]))
        return ("a 2-finger tap ran reload from inside run_action; the file's new 3-finger swipe binding then ran "
                "(actions: %s), and a second tap ran nothing" % ", ".join(actions))


def the_keyboard_gates_bindings_and_cycles_focus(Desktop):
    """The seat's keyboard: a binding that needs Super held runs only while it is (the modifiers reach the plugin),
    and Alt+Tab focuses the next window."""
    config = binding("swipe", "overview", fingers=3, direction="up", policy="withhold") + 'modifiers = ["super"]\n'
    with Desktop(config) as desktop:
        desktop.open_client(title="first")
        second = desktop.open_client(title="second")
        swipe = ["swipe", "--fingers", "3", "--direction", "up", "--at", "%g,%g" % second.centre()]
        desktop.replay(*swipe)
        without = len(desktop.actions())
        desktop.hold("super")
        desktop.replay(*swipe)
        desktop.hold("super", pressed=False)
        held = desktop.actions()
        before = [w["title"] for w in desktop.windows()]
        desktop.press("alt", "tab")
        after = [w["title"] for w in desktop.windows()]
        if without != 0 or held != ["overview recognized progress 1.00 fingers 3"] or after != before[::-1]:
            raise Failure("keyboard: %d actions without Super, %s with it; Alt+Tab: %s → %s"
                          % (without, held, before, after))
        return ("a 3-finger swipe bound with Super ran 0 actions without it and overview with it held on the headless "
                "keyboard; Alt+Tab moved the focus %s → %s" % (before[0], after[0]))


def a_binding_that_names_an_application_acts_over_its_window_not_the_focused_one(Desktop):
    """A three-finger tap bound for the application tactus.one (app-id) and for every other (not-app-id), with two
    windows: the plugin asks the compositor which application the window under the fingers is (tactus_host.app_id),
    so a tap over tactus.one's window runs its binding while tactus.two's window has the focus, and a tap over
    tactus.two's runs the other. (Wayfire focuses the window a touch lands on, tactus-wlr does not: the focus after the
    first tap is only reported.)"""
    config = (binding("tap", "one", fingers=3) + 'app-id = ["tactus.one"]\n'
              + binding("tap", "other", fingers=3) + 'not-app-id = ["tactus.one"]\n')
    with Desktop(config) as desktop:
        one = desktop.open_client("--app-id", "tactus.one", title="one")
        two = desktop.open_client("--app-id", "tactus.two", title="two")
        focused = desktop.windows()[0]["title"]
        desktop.replay("tap", "--fingers", "3", "--at", "%g,%g" % one.centre())
        over_one = desktop.actions()
        focused_then = desktop.windows()[0]["title"]
        desktop.replay("tap", "--fingers", "3", "--at", "%g,%g" % two.centre())
        over_two = desktop.actions()[len(over_one):]
        if (focused, over_one, over_two) != ("two", ["one recognized progress 1.00 fingers 3"],
                                             ["other recognized progress 1.00 fingers 3"]):
            raise Failure("app-id: focused %s, then %s; over tactus.one's window %s, over tactus.two's %s"
                          % (focused, focused_then, over_one, over_two))
        return ("with tactus.two's window focused, a 3-finger tap over tactus.one's window ran its app-id binding "
                "(%s; then %s had the focus), and one over tactus.two's the not-app-id one (%s)"
                % (over_one[0], focused_then, over_two[0]))
