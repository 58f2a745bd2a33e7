"""The static SVG picture looks like the live widget: the same palette, craters as craters."""

from __future__ import annotations

import re

import pytest
from project import PROJECT

import stratego_widget as sw
from stratego_widget.formats.svg import board_svg

CSS = (PROJECT / "js" / "board" / "widget.css").read_text()
LIGHT = CSS[:CSS.index("body[data-jp-theme-light")]  # the light theme's variables
PALETTE = {name: value.lower() for name, value in re.findall(r"--sw-([\w-]+):\s*(#[0-9a-fA-F]{6})", LIGHT)}


def colours(svg: str) -> set[str]:
    return {value.lower() for value in re.findall(r'(?:fill|stroke)="(#[0-9a-fA-F]{6})"', svg)}


@pytest.mark.parametrize("spec", ["original", "sci-fi-2013"])
def test_the_svg_uses_the_widgets_colours(spec: str) -> None:
    game = sw.Game.random(spec, seed=3)
    game.play(game.legal_moves()[0])
    svg = board_svg(game.state, viewer="red", highlight=("a1",))
    used = colours(svg) - {"#ffffff", "#000000"}
    assert used <= set(PALETTE.values()), used - set(PALETTE.values())
    for name in ("land", "land-alt", "red", "red-edge", "blue", "blue-edge", "last"):
        assert PALETTE[name] in used, name
    assert PALETTE["crater" if spec == "sci-fi-2013" else "water"] in used


def test_2013_craters_are_drawn_as_craters_not_lakes() -> None:
    svg = board_svg(sw.Game.random("sci-fi-2013", seed=1).state)
    assert svg.count('class="crater"') == len(sw.ruleset("sci-fi-2013").lakes)
    assert 'class="lake"' not in svg and PALETTE["water"] not in colours(svg)
    classic = board_svg(sw.Game.random("original", seed=1).state)
    assert classic.count('class="lake"') == 8 and 'class="crater"' not in classic
    assert PALETTE["crater"] not in colours(classic)
