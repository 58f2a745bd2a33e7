"""The README's Python examples run as written, so the README stays true to the code."""

from __future__ import annotations

import pathlib
import re

import pytest

README = (pathlib.Path(__file__).parent.parent / "README.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index: int) -> None:
    namespace: dict[str, object] = {}
    for earlier in BLOCKS[:index]:  # later examples may use names from earlier ones
        exec(compile(earlier, f"README block {index}", "exec"), namespace)
    exec(compile(BLOCKS[index], f"README block {index}", "exec"), namespace)
