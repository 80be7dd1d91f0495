# SPDX-License-Identifier: MIT
"""Clients that go in the middle of a gesture: killed, or destroyed by a binding's action."""
import signal

from checks.common import binding, near
from desktop import Failure, wait_for


def a_client_killed_mid_gesture_leaves_the_compositor_serving(Desktop):
    """A client is killed (SIGKILL) in the middle of its drag: the compositor keeps running, and the next client's
    pinch works."""
    with Desktop() as desktop:
        victim = desktop.open_client("--gesture", "drag=drag", title="victim")
        desktop.replay("drag", "--distance", "60", "--duration", "1500", "--at", "%g,%g" % victim.centre(), wait=False)
        wait_for(lambda: victim.events("drag"), 5, "the drag began")
        victim.kill(signal.SIGKILL)
        desktop.answer("replay")
        if not desktop.alive():
            raise Failure("%s died with its client:\n%s" % (desktop.name, desktop.log()))
        survivor = desktop.open_client(title="next")
        desktop.replay("pinch", "--start-span", "40", "--end-span", "80", "--at", "%g,%g" % survivor.centre())
        pinch = survivor.finished("pinch")[-1]
        if not near(pinch["scale"], 2, 0.02):
            raise Failure("after the kill, the next client's pinch: %s" % pinch)
        return ("a client killed (SIGKILL) after its drag %s: %s kept running; the next client's pinch ended at "
                "scale %.3f" % (victim.events("drag")[0]["phase"], desktop.name, pinch["scale"]))


def an_action_that_destroys_the_client_whose_gesture_is_running(Desktop):
    """A long-press binding, simultaneous with a client's hold, whose action kills the focused window's client
    (wl_client_destroy from inside run_action) while that client's hold is running: the compositor keeps serving,
    and the next client's pinch works."""
    config = binding("long-press", "kill-client", priority="simultaneous")
    with Desktop(config) as desktop:
        victim = desktop.open_client("--gesture", "rest=hold", title="victim")
        desktop.replay("hold", "--duration", "1500", "--at", "%g,%g" % victim.centre())
        wait_for(lambda: not victim.alive(), 5, "the victim's connection destroyed")
        began = [e["phase"] for e in victim.events("rest")]
        actions = desktop.actions()
        if (not desktop.alive() or began[:1] != ["began"] or "ended" in began
                or "kill-client recognized progress 1.00 fingers 1" not in actions):
            raise Failure("kill-client: compositor alive %s, the victim's hold %s, actions %s\n%s"
                          % (desktop.alive(), began, actions, desktop.log()[-2000:]))
        survivor = desktop.open_client(title="next")
        desktop.replay("pinch", "--start-span", "40", "--end-span", "80", "--at", "%g,%g" % survivor.centre())
        pinch = survivor.finished("pinch")[-1]
        if not near(pinch["scale"], 2, 0.02) or desktop.windows() != [dict(survivor.window)]:
            raise Failure("after kill-client, the next client's pinch: %s; windows %s" % (pinch, desktop.windows()))
        return ("a long press ran kill-client while the victim's hold was running (began, then %d changes, no end): "
                "the victim's connection was destroyed from inside run_action (exit %d); the next client's pinch "
                "ended at scale %.3f" % (began.count("changed"), victim.process.returncode, pinch["scale"]))
