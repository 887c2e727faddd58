"""The command line: ``scorekeeper COMMAND``; one module per command group.

Kept free of Textual: only opening the app (``open``, or no command) and the
terminal display import it, inside the function that needs it. This package's own
import loads nothing, so that the program's first step (``launch``) stays light:
the command itself is ``scorekeeper.cli.main.main``.
"""
