"""A horizontal bar chart drawn as inline SVG, with no script and no library.

Counts of hands range from tens to tens of thousands, so the bars use a
logarithmic scale; each bar carries its exact count. Colours come from CSS
classes (``docs/assets/site.css``) so that the chart follows the light or
dark theme.

>>> svg = bar_chart("Odds", [("Point", 78510), ("Fredon", 10)], 91390)
>>> svg.startswith('<svg class="odds-chart"'), "<title>&#79;&#100;&#100;&#115;</title>" in svg
(True, True)
"""

from __future__ import annotations

import math

from .markup import attr, percent

LABEL_WIDTH = 190
BAR_WIDTH = 330
VALUE_WIDTH = 130
ROW_HEIGHT = 26
TOP = 30
BOTTOM = 26


def _text(text: str) -> str:
    """Text for an SVG element, every character as a character reference.

    The chart is inline HTML inside Markdown (often inside a content tab,
    where Markdown does not treat it as a raw block): written this way, no
    Markdown extension (the glossary's abbreviations in particular) can put
    markup into the SVG's text.

    >>> _text("A<b")
    '&#65;&#60;&#98;'
    """
    return "".join(f"&#{ord(char)};" for char in text)


def _x(count: int, decades: int) -> float:
    """Position of a count on the log scale (1 at 0, 10**decades at the end)."""
    if count <= 1:
        return 0.0
    return BAR_WIDTH * math.log10(count) / decades


def bar_chart(title: str, rows: list[tuple[str, int]], total: int) -> str:
    """One bar per (label, count); the scale runs from 1 to the next power of 10."""
    decades = max(1, math.ceil(math.log10(max(total, 10))))
    width = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH
    height = TOP + ROW_HEIGHT * len(rows) + BOTTOM
    parts = [
        f'<svg class="odds-chart" role="img" aria-label="{attr(title)}" '
        f'viewBox="0 0 {width} {height}" width="100%" xmlns="http://www.w3.org/2000/svg">',
        f"<title>{_text(title)}</title>",
        f'<text class="chart-caption" x="{LABEL_WIDTH}" y="14">'
        f"{_text(f'hands out of a total of {total:,} (logarithmic scale)')}</text>",
    ]
    for power in range(decades + 1):
        x = LABEL_WIDTH + BAR_WIDTH * power / decades
        bottom = TOP + ROW_HEIGHT * len(rows)
        label = f"{10 ** power:,}"
        parts.append(
            f'<line class="chart-grid" x1="{x:.1f}" y1="{TOP - 6}" x2="{x:.1f}" y2="{bottom}"/>'
        )
        parts.append(
            f'<text class="chart-tick" x="{x:.1f}" y="{bottom + 16}" '
            f'text-anchor="middle">{_text(label)}</text>'
        )
    for index, (label, count) in enumerate(rows):
        y = TOP + ROW_HEIGHT * index
        bar = max(_x(count, decades), 1.0)
        parts.append(
            f'<text class="chart-label" x="{LABEL_WIDTH - 8}" y="{y + 17}" '
            f'text-anchor="end">{_text(label)}</text>'
        )
        parts.append(
            f'<rect class="chart-bar" x="{LABEL_WIDTH}" y="{y + 5}" width="{bar:.1f}" '
            f'height="{ROW_HEIGHT - 10}"><title>{_text(f"{label}: {count:,} hands")}</title></rect>'
        )
        parts.append(
            f'<text class="chart-value" x="{LABEL_WIDTH + bar + 6:.1f}" y="{y + 17}">'
            f"{_text(f'{count:,} ({percent(count, total)})')}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)
