# SPDX-License-Identifier: MIT
"""The runner of scripts/check-compositor and scripts/check-wayfire: each check is given the desktop class it runs on
(tactus-wlr's Desktop, or one of Wayfire's), and returns what it saw or raises Failure with what it missed."""
import sys

from desktop import Failure


def run(name, checks):
    """Runs checks, pairs of a check and the desktop class it runs on, in order; check names on the command line run
    only those. Prints, after name, what each saw or why it failed, then how many passed; exits 1 when one failed."""
    failed = 0
    named = sys.argv[1:]
    unknown = set(named) - {check.__name__ for check, _ in checks}
    if unknown:
        sys.exit("%s: no such checks: %s" % (name, ", ".join(sorted(unknown))))
    chosen = [(check, desktop) for check, desktop in checks if not named or check.__name__ in named]
    for check, desktop in chosen:
        try:
            print("%s: %s" % (name, check(desktop)), flush=True)
        except Failure as failure:
            failed += 1
            print("%s: FAILED %s: %s" % (name, check.__name__, failure), file=sys.stderr, flush=True)
    print("%s: %d of %d end-to-end checks passed" % (name, len(chosen) - failed, len(chosen)))
    sys.exit(1 if failed else 0)
