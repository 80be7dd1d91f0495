# SPDX-License-Identifier: MIT
"""The end-to-end checks, a module a theme. Each check takes the desktop class it runs on (desktop.Desktop, or one of
wayfire.py's) as its one parameter, and returns what it saw or raises desktop.Failure."""
