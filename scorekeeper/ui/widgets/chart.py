"""The score chart: each player's running net result over the rounds of one session.

One line per player: the name, a sparkline drawn on a scale shared by every
player (so a higher bar is a better result whoever it belongs to), and the
net result after the last finished round, corrections applied. With more
rounds than columns, each column shows the net at the end of the rounds it
stands for.
"""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from scorekeeper.core.session import Session
from scorekeeper.core.standings import net_history
from scorekeeper.messages import t
from scorekeeper.ui.cells import ljust, rjust, shorten, width

BARS = "▁▂▃▄▅▆▇█"
#: Line colours, one per seat in turn; names keep the default colour.
PALETTE = ("cyan", "magenta", "green", "yellow", "bright_blue", "red", "bright_cyan")
NAME_LIMIT = 14


def running_scores(session: Session) -> dict[str, list[int]]:
    """Each player's net result before the first round and after each finished round."""
    return net_history(session.game, session.state)


def sample(values: list[int], columns: int) -> list[int]:
    """At most *columns* values, evenly spread, always keeping the first and the last."""
    if columns <= 0:
        return []
    if len(values) <= columns:
        return values
    if columns == 1:
        return values[-1:]
    step = (len(values) - 1) / (columns - 1)
    return [values[round(i * step)] for i in range(columns)]


def spark(values: list[int], low: int, high: int) -> str:
    if high == low:
        return BARS[0] * len(values)
    top = len(BARS) - 1
    return "".join(BARS[round((v - low) * top / (high - low))] for v in values)


class ScoreChart(Widget):
    """Sparklines of the running scores of a session."""

    DEFAULT_CSS = """
    ScoreChart { height: auto; }
    """

    def __init__(self, session: Session, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.series: dict[str, list[int]] = running_scores(session)

    def rounds(self) -> int:
        return max((len(v) - 1 for v in self.series.values()), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 1 + (len(self.series) if self.rounds() else 0)

    def render(self) -> Text:
        if not self.rounds():
            return Text(t("stats.chart.empty"), style="dim", no_wrap=True)
        values = [v for series in self.series.values() for v in series]
        low, high = min(values), max(values)
        text = Text(t("stats.chart.title", low=low, high=high), style="bold", no_wrap=True)
        names = {name: shorten(name, NAME_LIMIT) for name in self.series}
        name_width = max(width(n) for n in names.values())
        lasts = {name: str(series[-1]) for name, series in self.series.items()}
        last_width = max(width(v) for v in lasts.values())
        columns = max(1, (self.size.width or 80) - name_width - last_width - 2)
        for i, (name, series) in enumerate(self.series.items()):
            text.append("\n")
            text.append(ljust(names[name], name_width) + " ")
            line = spark(sample(series, columns), low, high)
            text.append(line, style=PALETTE[i % len(PALETTE)])
            text.append(" " * (columns - len(line)) + " " + rjust(lasts[name], last_width))
        return text
