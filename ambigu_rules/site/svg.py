"""A horizontal bar chart drawn as inline SVG, with no script and no library.

Counts of hands range from tens to tens of thousands, so the bars use a
logarithmic scale; each bar carries its exact count. Colours come from CSS
classes (``docs/assets/site.css``) so that the chart follows the light or
dark theme.

>>> svg = str(bar_chart("Odds", [("Point", 78510), ("Fredon", 10)], 91390))
>>> svg.startswith('<svg class="odds-chart"'), "<title>&#79;&#100;&#100;&#115;</title>" in svg
(True, True)
"""

from __future__ import annotations

import math

from .markup import Md, attr, opaque, percent

LABEL_WIDTH = 190
BAR_WIDTH = 330
VALUE_WIDTH = 130
ROW_HEIGHT = 26
TOP = 30
BOTTOM = 26


def _x(count: int, decades: int) -> float:
    """Position of a count on the log scale (1 at 0, 10**decades at the end)."""
    if count <= 1:
        return 0.0
    return BAR_WIDTH * math.log10(count) / decades


def bar_chart(title: str, rows: list[tuple[str, int]], total: int) -> Md:
    """One bar per (label, count); the scale runs from 1 to the next power of 10.

    The chart is inline HTML inside Markdown (often inside a content tab,
    where Markdown does not treat it as a raw block): its texts are written
    with :func:`~.markup.opaque`, every character a character reference, so
    that no Markdown extension (the glossary's abbreviations in particular)
    can put markup into them; the ``aria-label`` with :func:`~.markup.attr`.
    """
    decades = max(1, math.ceil(math.log10(max(total, 10))))
    width = LABEL_WIDTH + BAR_WIDTH + VALUE_WIDTH
    height = TOP + ROW_HEIGHT * len(rows) + BOTTOM
    parts = [
        Md(
            '<svg class="odds-chart" role="img" aria-label="{}" viewBox="0 0 {} {}" '
            'width="100%" xmlns="http://www.w3.org/2000/svg">'
        ).format(attr(title), width, height),
        Md("<title>{}</title>").format(opaque(title)),
        Md('<text class="chart-caption" x="{}" y="14">{}</text>').format(
            LABEL_WIDTH, opaque(f"hands out of a total of {total:,} (logarithmic scale)")
        ),
    ]
    for power in range(decades + 1):
        x = LABEL_WIDTH + BAR_WIDTH * power / decades
        bottom = TOP + ROW_HEIGHT * len(rows)
        label = f"{10 ** power:,}"
        parts.append(
            Md('<line class="chart-grid" x1="{:.1f}" y1="{}" x2="{:.1f}" y2="{}"/>').format(
                x, TOP - 6, x, bottom
            )
        )
        parts.append(
            Md('<text class="chart-tick" x="{:.1f}" y="{}" text-anchor="middle">{}</text>').format(
                x, bottom + 16, opaque(label)
            )
        )
    for index, (label, count) in enumerate(rows):
        y = TOP + ROW_HEIGHT * index
        bar = max(_x(count, decades), 1.0)
        parts.append(
            Md('<text class="chart-label" x="{}" y="{}" text-anchor="end">{}</text>').format(
                LABEL_WIDTH - 8, y + 17, opaque(label)
            )
        )
        parts.append(
            Md(
                '<rect class="chart-bar" x="{}" y="{}" width="{:.1f}" height="{}">'
                "<title>{}</title></rect>"
            ).format(LABEL_WIDTH, y + 5, bar, ROW_HEIGHT - 10,
                     opaque(f"{label}: {count:,} hands"))
        )
        parts.append(
            Md('<text class="chart-value" x="{:.1f}" y="{}">{}</text>').format(
                LABEL_WIDTH + bar + 6, y + 17, opaque(f"{count:,} ({percent(count, total)})")
            )
        )
    parts.append(Md("</svg>"))
    return Md("").join(parts)
