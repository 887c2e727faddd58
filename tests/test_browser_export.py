"""The html export read on a phone (issue 43, point 4): headless Chromium at 390x844
opens the exported file and reads its DOM: a viewport, no text under 12 px (the chart's
text as drawn, scaled with the chart), nothing wider than the screen (wide tables
scroll in a box of their own), the settlement before the chart, each line of the chart
labelled at its end with its player's name, labels that do not overlap or leave the
chart, and every text colour at least 4.5:1 against the background behind it (WCAG).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from scorekeeper.core.transcript import parse_transcript, replay
from scorekeeper.export.formats import export_text
from tests.browser_support import Browser, require_browser
from tests.test_export_rows import POCHEN_ENDED, REBUY

require_browser()

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

#: Six players at Pochen, long and Japanese names among them, a rebuy, the board given
#: back at the end: the widest round table and the most labels at the chart's end.
CROWDED = """game pochen
players "Alexandrina Konstantinopoulou" 佐藤花子 Bo Cy Di Ed
option stack 30
round
trump hearts
claim Bo ace
pass 佐藤花子
pass Bo
pass Cy
pass Di
pass Ed
pass "Alexandrina Konstantinopoulou"
out Cy
rebuy Di 5
round
trump spades
claim Ed king
pass Bo
pass Cy
pass Di
pass Ed
pass "Alexandrina Konstantinopoulou"
pass 佐藤花子
out 佐藤花子
end
"""


def long_pochen(deals: int) -> str:
    """Pochen with *deals* deals in which everyone passes (so the board grows), then
    ``end``: a dozen round labels and the board's step beside them on the chart."""
    lines, seats = ["game pochen", "players A B C D", "option stack 300"], "ABCD"
    for deal in range(deals):
        order = [seats[(deal + k) % 4] for k in range(1, 5)]  # from the dealer's left
        lines += ["round", "trump hearts", *[f"pass {p}" for p in order], f"out {order[0]}"]
    return "\n".join([*lines, "end"]) + "\n"


PAGES = {
    "pochen-ended": POCHEN_ENDED,
    "chips-rebuy": REBUY,
    # a raise undone: a stake row struck through and greyed, still 4.5:1
    "official-o1": (EXAMPLES / "o1.txt").read_text(encoding="utf-8") + "round\nraise\nundo\n",
    "pochen-crowded": CROWDED,
    "pochen-long": long_pochen(13),
}

#: What the page is made of, as the test reads it: every text's size and colours, the
#: chart's lines and their labels, the order of the sections, the widths.
READ = """(() => {
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]+)\\)/);
    const [r, g, b, a] = m[1].split(",").map((v) => parseFloat(v));
    return {r, g, b, a: a === undefined ? 1 : a};
  };
  const luminance = ({r, g, b}) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const background = (node) => {  // the first opaque background behind it; the canvas: white
    for (let at = node; at && at.nodeType === 1; at = at.parentElement) {
      const colour = parse(getComputedStyle(at).backgroundColor);
      if (colour.a > 0) return colour;
    }
    return {r: 255, g: 255, b: 255, a: 1};
  };
  const svg = document.querySelector("svg#chart");
  const scale = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : 1;
  const texts = [];
  for (const node of document.body.querySelectorAll("*")) {
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.data.trim());
    if (!own || node.closest("title")) continue;
    const style = getComputedStyle(node);
    const inSvg = node instanceof SVGElement;
    const size = parseFloat(style.fontSize) * (inSvg ? scale : 1);
    const colour = parse(inSvg ? style.fill : style.color);
    texts.push({text: node.textContent.trim().slice(0, 40), size,
                contrast: ratio(colour, background(node))});
  }
  const box = (node) => { const r = node.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const lines = svg ? [...svg.querySelectorAll("polyline")].map((line) => {
    const points = line.points;
    const end = points.getItem(points.numberOfItems - 1).matrixTransform(line.getScreenCTM());
    const name = CSS.escape(line.dataset.player);
    const label = svg.querySelector(`text.end-label[data-player="${name}"]`);
    return {player: line.dataset.player, end: {x: end.x, y: end.y},
            label: label ? {text: label.textContent, box: box(label)} : null};
  }) : [];
  const drawn = svg ? [...svg.querySelectorAll("text")].map((t) =>
    ({text: t.textContent, box: box(t)})) : [];
  const at = (selector) => { const n = document.querySelector(selector);
    return n ? n.getBoundingClientRect().top + window.scrollY : null; };
  return {
    viewport: document.querySelector('meta[name="viewport"]')?.content ?? null,
    scrollWidth: document.documentElement.scrollWidth,
    bodyWidth: document.body.scrollWidth,
    innerWidth: window.innerWidth,
    texts, lines, drawn, chart: svg ? box(svg) : null,
    settlementTop: at("#settlement-section"), chartTop: at("#chart"),
    standingsTop: at("#standings"),
  };
})()"""


def written(tmp_path: Path, name: str, lang: str) -> Path:
    session = replay(parse_transcript(PAGES[name]))
    path = tmp_path / f"{name}.{lang}.html"
    path.write_text(export_text(session, 1, "html", lang=lang), encoding="utf-8")
    return path


async def read_page(browser: Browser, path: Path) -> dict:
    await browser.open(path.as_uri())
    assert await browser.wait_for("document.readyState === 'complete' && !!document.body")
    return await browser.evaluate(READ)


def overlap(a: dict, b: dict) -> bool:
    return (
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and (b["top"] < a["bottom"])
    )


@pytest.mark.parametrize("lang", ["en", "ja"])
async def test_the_html_export_reads_on_a_phone(tmp_path, lang):
    async with Browser() as browser:
        await browser.viewport(390, 844, 3)
        for name in PAGES:
            page = await read_page(browser, written(tmp_path, name, lang))
            where = f"{name} ({lang})"
            assert page["viewport"] == "width=device-width, initial-scale=1", where
            assert page["innerWidth"] == 390, where
            assert page["scrollWidth"] <= 390 and page["bodyWidth"] <= 390, where
            small = [t for t in page["texts"] if t["size"] < 12]
            assert not small, (where, small[:5])
            faint = [t for t in page["texts"] if t["contrast"] < 4.5]
            assert not faint, (where, faint[:5])
            # who pays whom first: before the standings and the chart
            assert page["settlementTop"] < page["standingsTop"] < page["chartTop"], where
            lines = page["lines"]
            assert lines, where
            chart = page["chart"]
            for line in lines:
                label = line["label"]
                assert label is not None, (where, line["player"])
                # the player's name (a long one shortened: the tables say it whole), the net
                shown, player = label["text"].rsplit(" ", 1)[0], line["player"]
                assert shown == player or (
                    shown.endswith("…") and player.startswith(shown[:-1]) and len(shown) >= 8
                ), (where, shown)
                # at the line's end: just right of it, near its height, inside the chart
                assert 0 <= label["box"]["left"] - line["end"]["x"] <= 20, (where, line)
                middle = (label["box"]["top"] + label["box"]["bottom"]) / 2
                near = 18 * len(lines)  # lines ending at one net: their labels one under another
                assert abs(middle - line["end"]["y"]) <= near, (where, line)
                assert label["box"]["right"] <= chart["right"] + 0.5, (where, line)
                assert chart["top"] - 0.5 <= label["box"]["top"], (where, line)
            # no text of the chart over another: labels, values, round numbers
            drawn = page["drawn"]
            for i, a in enumerate(drawn):
                assert chart["left"] - 0.5 <= a["box"]["left"], (where, a)
                for b in drawn[i + 1 :]:
                    assert not overlap(a["box"], b["box"]), (where, a, b)
