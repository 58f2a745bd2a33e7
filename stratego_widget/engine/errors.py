"""Typed errors. Every rejected call raises one of these and changes nothing.

All errors derive from :class:`StrategoError`, itself a :class:`ValueError`, so callers can catch
exactly what they mean (python-chess style).

Example:
    >>> import stratego_widget as sw
    >>> game = sw.Game.random("barrage", seed=1)
    >>> try:
    ...     game.play("a1-a9")
    ... except sw.IllegalMoveError as error:
    ...     print(error.rule)
    no-piece
"""

from __future__ import annotations


class StrategoError(ValueError):
    """Base class of every error the package raises on bad input.

    Every error carries ``rule``, a stable id of the rule or check that refused the input (for
    translations, tests and the lesson feedback), and ``message``, a sentence for a person.
    Build one as ``Error(rule, message)``, or ``Error(message)`` for the class's general rule.

    Example:
        >>> issubclass(IllegalMoveError, StrategoError)
        True
        >>> error = RecordError("The record is empty.")
        >>> error.rule, error.message
        ('record', 'The record is empty.')
    """

    default_rule = "error"

    def __init__(self, rule: str, message: str | None = None) -> None:
        if message is None:
            rule, message = self.default_rule, rule
        super().__init__(message)
        self.rule = rule
        self.message = message

    def __reduce__(self) -> tuple[type[StrategoError], tuple[str, str]]:
        return type(self), (self.rule, self.message)


class IllegalMoveError(StrategoError):
    """A move the rules do not allow, or move text that cannot be read.

    ``rule`` is a stable identifier of the rule (for example ``"immovable"``), and the
    message is a sentence a learner understands, naming the rulebook section.

    Example:
        >>> error = IllegalMoveError("two-square", "Too many moves back and forth.")
        >>> error.rule
        'two-square'
    """

    default_rule = "illegal"


class SetupError(StrategoError):
    """A setup that does not fit the army or the setup area.

    Example:
        >>> SetupError("setup-count", "Too many Bombs.").rule
        'setup-count'
    """

    default_rule = "setup"


class RulesetError(StrategoError):
    """An unknown ruleset or option name, a meaningless combination, or a bad parameter.

    Example:
        >>> str(RulesetError("Unknown ruleset 'chess'."))
        "Unknown ruleset 'chess'."
    """

    default_rule = "ruleset"


class VariantError(RulesetError):
    """A ruleset field given a value the game cannot use; ``field`` names the field.

    Raised when a named variant (or a parameter of any ruleset) is built with a value that is
    out of range, of the wrong type, or does not fit the rest of the ruleset (an army that does
    not fit the home rows, a lake in a setup area), and for a variant file that cannot be read.

    Example:
        >>> error = VariantError("variant-army", "army: an army has exactly one flag, not 2.",
        ...                      field="army")
        >>> error.rule, error.field, isinstance(error, RulesetError)
        ('variant-army', 'army', True)
    """

    default_rule = "variant"

    def __init__(self, rule: str, message: str | None = None, field: str | None = None) -> None:
        super().__init__(rule, message)
        self.field = field

    def __reduce__(self) -> tuple[type[StrategoError], tuple[str, str, str | None]]:  # type: ignore[override]
        return type(self), (self.rule, self.message, self.field)


class RecordError(StrategoError):
    """A game record, position or board string that cannot be read.

    Example:
        >>> RecordError("Not a record.").rule
        'record'
    """

    default_rule = "record"


class ProtocolError(StrategoError):
    """A message from the browser that does not fit the widget protocol or the widget's state.

    Example:
        >>> ProtocolError("A message must be an object.").rule
        'protocol'
    """

    default_rule = "protocol"


# Shown as ``stratego_widget.IllegalMoveError`` in tracebacks: the name a user imports.
for _error_class in (StrategoError, IllegalMoveError, SetupError, RulesetError, VariantError,
                     RecordError, ProtocolError):
    _error_class.__module__ = "stratego_widget"
