"""Export from the app: pick a format and a file; the session is written by the exports
module (the same text as ``scorekeeper export``), and the dialog says where, or why not."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from scorekeeper.core.receipt import Receipt
from scorekeeper.core.session import Session
from scorekeeper.export.formats import FORMATS, export_text
from scorekeeper.messages import t
from scorekeeper.services import settings
from scorekeeper.ui.screens.holds_keys import HoldsKeys
from scorekeeper.ui.view_guard import view_failed

EXTENSIONS = {"transcript": "txt", "json": "json", "csv": "csv", "md": "md", "html": "html"}


def default_path(sid: int, fmt: str, folder: str | None = None) -> str:
    """The file proposed: in *folder* (the one exported to last time) while it is still a
    folder, else in the home folder; written with ``~`` for the home folder, to be short."""
    name = f"scorekeeper-session-{sid}.{EXTENSIONS[fmt]}"
    if not folder or not Path(folder).expanduser().is_dir():
        return f"~/{name}"
    place = Path(folder).expanduser()
    try:
        return f"~/{(place / name).relative_to(Path.home()).as_posix()}"
    except ValueError:  # not under the home folder
        return str(place / name)


def settings_root(app: object) -> Path | None:
    """The data folder, where older versions kept the settings (see services.settings)."""
    store = getattr(app, "store", None)
    root = getattr(store, "root", None)
    return root if isinstance(root, Path) else None


def write_export(
    session: Session,
    sid: int,
    fmt: str,
    typed: str,
    protects: Callable[[Path], bool] = lambda path: False,
    receipt: Receipt | None = None,
) -> tuple[Path, str | None]:
    """Write the export; the path written (home expanded) and None, or the error in words.
    The settlement is at the session's own rate (its ``rate`` entry), if it has one.

    *protects* says which paths hold the stored sessions (``Store.protects``): never
    written over.
    """
    path = Path(typed.strip()).expanduser()
    if protects(path):
        return path, t("timeline.export.into_data")
    try:
        text = export_text(session, sid, fmt, receipt=receipt)
        path.write_text(text, encoding="utf-8", newline="")
    except OSError as error:
        reason = error.strerror or str(error)
        return path, t("timeline.export.failed", path=path, reason=reason)
    except Exception as error:  # an export that cannot be made: said, and nothing lost
        return path, view_failed(error)
    return path, None


class ExportDialog(HoldsKeys[str | None]):
    """Format (list) and file (line); Enter in the file line or Write writes it.

    Returns the path written; a refusal (a missing folder, no permission, an
    existing file not yet confirmed) is said in the dialog, which stays open. Keys typed
    after an Enter wait until it is dealt with (HoldsKeys).
    """

    BINDINGS = [Binding("escape", "cancel", t("ui.cancel"), id="export-cancel")]

    def __init__(
        self,
        session: Session,
        sid: int,
        protects: Callable[[Path], bool] = lambda path: False,
        receipt: Receipt | None = None,
    ) -> None:
        super().__init__(classes="dialog")
        self.session = session
        self.sid = sid
        self.protects = protects
        self.receipt = receipt
        self.fmt = "transcript"
        self._confirmed: str | None = None  # an existing file the recorder agreed to replace

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog-box", id="export-box"):
            yield Label(
                t("timeline.export.title", session=self.sid), classes="dialog-title", markup=False
            )
            yield Label(t("timeline.export.format"), classes="export-label", markup=False)
            options = [Option(t(f"timeline.export.format.{f}"), id=f) for f in FORMATS]
            yield OptionList(*options, id="export-formats", compact=True, markup=False)
            yield Label(t("timeline.export.path"), classes="export-label", markup=False)
            folder = settings.load(settings_root(self.app)).get("export_folder")
            proposed = default_path(self.sid, self.fmt, folder if isinstance(folder, str) else None)
            yield Input(proposed, id="export-path", compact=True)
            yield Static("", id="export-error", classes="dialog-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                write = t("timeline.export.write")
                yield Button(write, id="export-write", variant="primary", compact=True)
                yield Button(t("ui.cancel"), id="export-cancel", compact=True)

    def on_mount(self) -> None:
        formats = self.query_one("#export-formats", OptionList)
        formats.highlighted = 0
        formats.focus()

    def action_cancel(self) -> None:
        self.dismiss(None)
        self.release()

    @on(OptionList.OptionHighlighted, "#export-formats")
    def _format(self, event: OptionList.OptionHighlighted) -> None:
        fmt = event.option.id or "transcript"
        path_input = self.query_one("#export-path", Input)
        old = EXTENSIONS[self.fmt]
        if path_input.value.endswith(f".{old}"):
            path_input.value = path_input.value[: -len(old)] + EXTENSIONS[fmt]
        self.fmt = fmt
        self.query_one("#export-error", Static).update("")

    @on(OptionList.OptionSelected, "#export-formats")
    def _format_chosen(self, event: OptionList.OptionSelected) -> None:
        self.query_one("#export-path", Input).focus()
        self.release()

    @on(Input.Submitted, "#export-path")
    def _submitted(self, event: Input.Submitted) -> None:
        try:
            self.write()
        finally:
            self.release()

    @on(Input.Blurred, "#export-path")
    def _path_left(self, event: Input.Blurred) -> None:
        """The file checked as its line is left: said at once, not only on Write."""
        if not self.is_attached or not self.is_active:
            return  # closing
        self.query_one("#export-error", Static).update(self._path_problem(event.value) or "")

    def _path_problem(self, typed: str) -> str | None:
        """What is wrong with *typed* before anything is written: empty, the data folder,
        or a folder that does not exist."""
        if not typed.strip():
            return t("timeline.export.no_path")
        target = Path(typed.strip()).expanduser()
        if self.protects(target):
            return t("timeline.export.into_data")
        if not target.parent.is_dir():
            return t("ui.memory.no_folder", folder=target.parent)
        return None

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        try:
            if event.button.id == "export-write":
                self.write()
            else:
                self.dismiss(None)
        finally:
            self.release()

    def write(self) -> None:
        """Write the file, or say why not with the cursor back in the file's line."""
        error = self.query_one("#export-error", Static)
        path_input = self.query_one("#export-path", Input)
        typed = path_input.value
        problem = self._path_problem(typed)
        if problem:
            error.update(problem)
            path_input.focus()
            return
        target = Path(typed.strip()).expanduser()
        if target.is_file() and self._confirmed != str(target):
            self._confirmed = str(target)
            error.update(t("timeline.export.exists", path=target))
            return
        path, problem = write_export(
            self.session, self.sid, self.fmt, typed, self.protects, self.receipt
        )
        if problem:
            error.update(problem)
            path_input.focus()
            return
        # Proposed next time; not being able to keep it never stops the export.
        settings.save(settings_root(self.app), export_folder=str(path.parent.absolute()))
        self.dismiss(str(path))
