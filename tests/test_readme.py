"""The README's Python examples run as written, so the README stays true to the code."""

from __future__ import annotations

import pathlib
import re
import tomllib

import pytest

README = (pathlib.Path(__file__).parent.parent / "README.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.DOTALL)


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 4


@pytest.mark.parametrize("index", range(len(BLOCKS)))
def test_readme_example_runs(index: int, tmp_path: pathlib.Path,
                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # files an example writes go to a fresh folder
    namespace: dict[str, object] = {}
    for earlier in BLOCKS[:index]:  # later examples may use names from earlier ones
        exec(compile(earlier, f"README block {index}", "exec"), namespace)
    exec(compile(BLOCKS[index], f"README block {index}", "exec"), namespace)


# ------------------------------------------------------------------ the README on the package index

ROOT = pathlib.Path(__file__).parent.parent
#: The project's home, from pyproject.toml (the one place it is written).
HOME = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]["Source"]
BLOB = f"{HOME}/blob/main/"
RAW = HOME.replace("https://github.com/", "https://raw.githubusercontent.com/") + "/main/"
LINKS = re.findall(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)", README) + re.findall(r'href="([^"]+)"', README)
IMAGES = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", README) + re.findall(r'<img src="([^"]+)"', README)
IMAGES_IN_ORDER = [match[0] or match[1] for match in re.findall(
    r'!\[[^\]]*\]\(([^)\s]+)\)|<img src="([^"]+)"', README)]


def test_the_readme_starts_with_the_two_commands() -> None:
    assert README.splitlines()[:6] == [
        "# stratego_widget", "", "```bash",
        "make run    # set everything up, open JupyterLab on the start-here tutorial, play the bot",
        "make test   # set everything up, run every test: Python, JS, notebooks, real browser",
        "```"]


def test_links_are_absolute_and_the_project_files_they_name_exist() -> None:
    assert len(LINKS) >= 8
    assert [link for link in LINKS if not link.startswith("https://")] == []
    own = [link.removeprefix(BLOB) for link in LINKS if link.startswith(BLOB)]
    assert "CHANGELOG.md" in own and "docs/vscode-colab.md" in own
    assert [path for path in own if not (ROOT / path.split("#")[0]).exists()] == []


def test_images_come_from_raw_files_that_exist() -> None:
    """On the package index a relative image is broken and a github.com/blob address is a web
    page, not a picture; raw SVG is served as text unless asked for with ``sanitize=true``."""
    assert len(IMAGES) >= 7
    assert [image for image in IMAGES if not image.startswith(RAW)] == []
    paths = [image.removeprefix(RAW) for image in IMAGES]
    assert [p for p in paths if p.split("?")[0].endswith(".svg") != p.endswith("?sanitize=true")
            ] == []
    assert [p for p in paths if not (ROOT / p.split("?")[0]).is_file()] == []


def test_the_package_index_keeps_every_image_and_link() -> None:
    """The index renders the README with readme_renderer and sanitizes the HTML: an image or
    link it drops (an inline SVG, a tag it does not allow) is gone from the project page."""
    from readme_renderer.markdown import render

    page = render(README, variant="GFM")
    assert page is not None
    assert re.findall(r'<img[^>]*? src="([^"]+)"', page) == IMAGES_IN_ORDER
    shown = set(re.findall(r'<a[^>]*? href="([^"]+)"', page))
    assert [link for link in LINKS if link not in shown] == []


def test_the_readme_says_how_to_install_the_package_and_its_extras() -> None:
    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"])
    lines = [line for block in re.findall(r"```bash\n(.*?)```", README, flags=re.DOTALL)
             for line in block.splitlines() if line.startswith("pip install ")]
    assert any(line.split("#")[0].split() == ["pip", "install", "stratego-widget"]
               for line in lines)
    named = {extra for found in re.findall(r"stratego-widget\[([a-z,]+)\]", README)
             for extra in found.split(",")}
    assert named and named <= extras


def test_the_changelog_is_its_own_file() -> None:
    assert not re.search(r"^#+ \d+\.\d+\.\d+", README, flags=re.MULTILINE)
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert changelog.startswith("# Changelog") and "## Unreleased" in changelog
    own = re.findall(rf"\]\({re.escape(BLOB)}([^)#\s]+)", changelog)
    assert own and [path for path in own if not (ROOT / path).exists()] == []


def test_the_readme_names_every_bot_level_an_opponent_can_be() -> None:
    from stratego_widget.bots import LEVELS

    opponent = README[README.index("`opponent`:"):].split("\n- ")[0]
    for level in LEVELS:
        assert f'`"{level}"`' in opponent, level
