"""The command line: ``scorekeeper COMMAND``; one module per command group.

Kept free of Textual: only opening the app (``open``, or no command) and the
terminal display import it, inside the function that needs it.
"""

from scorekeeper.cli.main import main

__all__ = ["main"]
