"""lite/pyodide_site.py: the Pyodide a JupyterLite site serves itself, from wheels it is given.

Small wheels made here stand in for PyPI's; the browser test (tests/e2e/test_jupyterlite.py)
runs the real site.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import pathlib
import zipfile

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parent.parent / "lite" / "pyodide_site.py"
spec = importlib.util.spec_from_file_location("pyodide_site", SCRIPT)
assert spec and spec.loader
site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site)

INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3",
        "python": "3.14.2"}


def wheel(folder: pathlib.Path, name: str, version: str, files: list[str],
          requires: tuple[str, ...] = (), tag: str = "py3-none-any") -> pathlib.Path:
    """A minimal wheel: its files, and METADATA with ``requires`` as Requires-Dist."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-{tag}.whl"
    metadata = "Metadata-Version: 2.1\nName: {}\nVersion: {}\n{}".format(
        name, version, "".join(f"Requires-Dist: {line}\n" for line in requires))
    with zipfile.ZipFile(path, "w") as archive:
        for file in files:
            archive.writestr(file, "x = 1\n")
        archive.writestr(f"{dist}.dist-info/METADATA", metadata)
        archive.writestr(f"{dist}.dist-info/RECORD", "")
    return path


def test_the_lock_lists_each_wheel_with_its_hash_imports_and_browser_dependencies(
        tmp_path: pathlib.Path) -> None:
    shell = wheel(tmp_path, "tiny-shell", "1.0", ["tiny_shell/__init__.py", "tiny_extra.py"],
                  requires=("tiny-core>=1", "pexpect; sys_platform != 'emscripten'",
                            "backport; python_version < '3.12'", "docs-tool; extra == 'docs'"))
    core = wheel(tmp_path, "Tiny_Core", "2.0", ["tiny_core.py"])
    lock = site.lock_for([shell, core], INFO)
    assert lock["info"] == INFO
    assert list(lock["packages"]) == ["tiny-core", "tiny-shell"]
    entry = lock["packages"]["tiny-shell"]
    assert entry["file_name"] == shell.name and entry["version"] == "1.0"
    assert entry["sha256"] == hashlib.sha256(shell.read_bytes()).hexdigest()
    assert entry["imports"] == ["tiny_extra", "tiny_shell"]
    assert entry["depends"] == ["tiny-core"]  # not pexpect, the backport or an extra
    assert lock["packages"]["tiny-core"]["imports"] == ["tiny_core"]
    assert "requires" not in entry


def test_a_missing_dependency_is_named(tmp_path: pathlib.Path) -> None:
    shell = wheel(tmp_path, "tiny-shell", "1.0", ["tiny_shell/__init__.py"],
                  requires=("tiny-core>=1",))
    with pytest.raises(SystemExit, match="tiny-shell needs tiny-core>=1"):
        site.lock_for([shell], INFO)


def test_a_compiled_wheel_is_refused(tmp_path: pathlib.Path) -> None:
    compiled = wheel(tmp_path, "fast", "1.0", ["fast/__init__.py"],
                     tag="cp311-cp311-manylinux_2_17_x86_64")
    with pytest.raises(SystemExit, match="only pure-Python wheels"):
        site.lock_for([compiled], INFO)


def test_the_site_gets_the_runtime_the_wheels_and_a_config_that_never_asks_pypi(
        tmp_path: pathlib.Path) -> None:
    npm = tmp_path / "npm"
    npm.mkdir()
    for name in site.RUNTIME:
        (npm / name).write_text(name)
    (npm / "pyodide.d.ts").write_text("types")
    (npm / "pyodide-lock.json").write_text(json.dumps({"info": INFO, "packages": {
        "numpy": {"file_name": "numpy-2-cp314-pyemscripten.whl"}}}))
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    wheel(wheels, "tiny-core", "2.0", ["tiny_core.py"])
    shims = tmp_path / "shims"
    shims.mkdir()
    wheel(shims, "widgetsnbextension", "3.6.999", ["widgetsnbextension/__init__.py"])
    wheel(shims, "widgetsnbextension", "4.0.999", ["widgetsnbextension/__init__.py"])
    lite = tmp_path / "lite"
    site.main([str(npm), str(wheels), str(shims), "--lite-dir", str(lite)])
    served = lite / "static" / "pyodide"
    assert sorted(path.name for path in served.iterdir()) == sorted(
        [*site.RUNTIME, "pyodide-lock.json", "tiny_core-2.0-py3-none-any.whl",
         "widgetsnbextension-4.0.999-py3-none-any.whl"])
    lock = json.loads((served / "pyodide-lock.json").read_text())
    assert set(lock["packages"]) == {"tiny-core", "widgetsnbextension"}  # no CDN package
    assert lock["packages"]["widgetsnbextension"]["version"] == "4.0.999"
    config = json.loads((lite / "jupyter-lite.json").read_text())
    kernel = config["jupyter-config-data"]["litePluginSettings"][site.KERNEL_PLUGIN]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == ["tiny-core", "widgetsnbextension"]
