"""Which table screen a session opens on."""

from __future__ import annotations

from scorekeeper.services.recording import Recording
from scorekeeper.ui.screens.table import TableScreen
from scorekeeper.ui.screens.table_chips import ChipsTable
from scorekeeper.ui.screens.table_lowest import LowestTable
from scorekeeper.ui.screens.table_official import OfficialTable
from scorekeeper.ui.screens.table_pochen import PochenTable

SCREENS: dict[str, type[TableScreen]] = {
    "indian-official": OfficialTable,
    "indian-chips": ChipsTable,
    "indian-lowest": LowestTable,
    "pochen": PochenTable,
}


def table_screen_for(recording: Recording) -> TableScreen:
    return SCREENS[recording.session.game.id](recording)
