"""The five printed editions the project implements: their rulebooks and where each rule is.

An edition is a fact about a printed rulebook: its file in the project's rulebook folder, a
short name for citations ("Onyx: Rules for Movement, rule 7") and the section that states each
rule. Rulesets (:mod:`~stratego_widget.engine.rulesets`) name their edition; explanations,
lessons and the board's header read these facts from here and nowhere else.

Example:
    >>> EDITIONS["onyx-2009"].short_name, EDITIONS["onyx-2009"].rulebook
    ('Onyx', '000_26202189cb10a678.txt')
    >>> cite("hasbro-1999", "scout")
    '1999: Special Scout Movement Privilege'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType


@dataclass(frozen=True)
class Edition:
    """One printed edition: id, title, short name, rulebook file, rule sections by topic, and
    whether its Spy carries a number (only Original prints a 1 on it; the others an S).

    Example:
        >>> EDITIONS["original"].title
        'Stratego Original (Jumbo)'
    """

    id: str
    title: str
    short_name: str
    rulebook: str
    sections: Mapping[str, str] = field(repr=False)
    spy_numbered: bool = False
    #: What the rulebook calls the two areas in the middle.
    obstacle: str = "lake"
    #: Whether the rulebook says those areas "contain no squares" (1961, Onyx and 2013 do; the
    #: 1999 sheet and Original only keep pieces out of them).
    obstacle_has_no_squares: bool = False


_CLASSIC_SECTIONS = {
    "turn": "Rules for Movement, rule 1",
    "movement": "Rules for Movement, rule 2",
    "lake": "Rules for Movement, rule 3",
    "occupied": "Rules for Movement, rule 4",
    "jump": "Rules for Movement, rule 5",
    "immovable": "Rules for Movement, rule 7",
    "scout": "Rules for Movement, rule 8",
    "two-square": "Rules for Movement, rule 10",
    "strike": "Rules for Strike, rule 2",
    "cannot-strike": "Rules for Strike, rule 11",
    "end": "To End the Game",
    "no-pass": "Rules for Movement, rule 11",
}

EDITIONS: Mapping[str, Edition] = MappingProxyType({
    edition.id: edition for edition in (
        Edition("classic-1961", "Stratego (1961)", "1961", "003_b6aa156b9d07877b.txt",
                MappingProxyType(dict(_CLASSIC_SECTIONS,
                                      **{"scout-strike": "Rules for Strike, rule 2"})),
                obstacle_has_no_squares=True),
        Edition("onyx-2009", "Stratego Onyx Edition (2009)", "Onyx",
                "000_26202189cb10a678.txt", MappingProxyType(dict(
                    _CLASSIC_SECTIONS, rescue="Additional Tournament Rules, Rescue",
                    **{"scout-strike": "Rules for Movement, rule 8"})),
                obstacle_has_no_squares=True),
        Edition("hasbro-1999", "Stratego (Hasbro 1999)", "1999", "001_7dc95247839e706d.txt",
                MappingProxyType({
                    "turn": "Gameplay", "movement": "Rules for Movement",
                    "lake": "Rules for Movement", "occupied": "Rules for Movement",
                    "jump": "Rules for Movement", "immovable": "Rules for Movement",
                    "scout": "Special Scout Movement Privilege",
                    "two-square": "Rules for Movement", "strike": "Gameplay",
                    "cannot-strike": "Rules for Attack", "end": "Winning the Game",
                    "rescue": "Optional Rules, Rescue", "no-pass": "Gameplay",
                })),
        Edition("sci-fi-2013", "Stratego (2013 edition)", "2013", "002_2f9daa46d747bbe8.txt",
                MappingProxyType({
                    "turn": "On Your Turn", "movement": "Rules For Moving, rule 1",
                    "lake": "Rules For Moving, rule 4", "occupied": "Rules For Moving, rule 2",
                    "jump": "Rules For Moving, rule 3", "immovable": "Rules For Moving",
                    "scout": "Specialist Pieces, The Scout",
                    "two-square": "Rules For Moving, rule 6", "strike": "On Your Turn",
                    "cannot-strike": "Rules For Attacking",
                    "spot": "Specialist Pieces, The Spotter", "end": "Winning The Game",
                    "no-pass": "On Your Turn",
                }), obstacle="crater", obstacle_has_no_squares=True),
        Edition("original", "Stratego Original (Jumbo)", "Original",
                "004_7c74f8cd1c357391.txt", MappingProxyType({
                    "turn": "Moving", "movement": "Moving", "lake": "Moving",
                    "occupied": "Moving", "jump": "Moving", "immovable": "Moving",
                    "scout": "Special pieces, The Scout", "two-square": "Moving",
                    "more-squares": "Moving", "strike": "Attacking",
                    "cannot-strike": "Attacking", "end": "The Winner",
                    "rescue": "More variants, Rescuing pieces",
                    "moving-bombs": "More variants, Moving Bombs",
                    "captain": "Ultimate Lightning Stratego, the Captain", "no-pass": "Moving",
                }), spy_numbered=True),
    )
})


def cite(edition: str, topic: str) -> str:
    """The rulebook reference for a topic in an edition, as ``"Short name: section"``.

    Options an edition does not word itself are cited from Original.

    Example:
        >>> cite("classic-1961", "immovable")
        '1961: Rules for Movement, rule 7'
        >>> cite("classic-1961", "more-squares")
        'Original: Moving'
    """
    book = EDITIONS[edition]
    if topic in book.sections:
        return f"{book.short_name}: {book.sections[topic]}"
    original = EDITIONS["original"]
    return f"{original.short_name}: {original.sections.get(topic, 'Moving')}"
