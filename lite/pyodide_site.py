"""Assemble the Pyodide that the JupyterLite site serves itself, from npm and PyPI only.

The npm package ``pyodide`` holds the runtime (``pyodide.mjs``, the WebAssembly, the standard
library) and a lock file naming every package of the full distribution, but none of those
packages' files: they live on a CDN. This script copies the runtime into
``LITE_DIR/static/pyodide`` (where ``jupyter lite build`` looks for a local Pyodide), adds the
wheels given (pure-Python wheels from PyPI, the project's own wheel and the kernel's shims),
and writes a ``pyodide-lock.json`` that lists exactly those wheels, with their hashes,
dependencies and import names. Nothing in the lock points anywhere else, so the kernel starts
from the site alone. It also writes ``LITE_DIR/jupyter-lite.json``: the kernel preloads every
wheel at start-up and never falls back to PyPI, and the site's address opens the start-here
tutorial (``OPENS``) instead of JupyterLite's launcher.

Usage: python lite/pyodide_site.py NPM_PYODIDE_DIR WHEEL_DIR... --lite-dir DIR
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import pathlib
import shutil
import sys
import zipfile
from typing import Any

from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

# The runtime files of the npm package the site needs (no maps, no type declarations, no
# console pages, no package.json).
RUNTIME = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
           "python_stdlib.zip")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: The notebook the site's address opens. JupyterLite's root page goes to ``appUrl`` with
#: ``/index.html`` added, which lands in a query parameter of its own here (as
#: stratego_widget.lessons.classroom.site.opening_url does for a course's site).
OPENS = "00_start_here.ipynb"


def browser_environment(python: str) -> dict[str, str]:
    """Marker values for Pyodide's Python (an Emscripten platform), to evaluate Requires-Dist."""
    environment: dict[str, str] = dict(default_environment())
    environment.update(sys_platform="emscripten", platform_system="Emscripten",
                       os_name="posix", platform_machine="wasm32",
                       implementation_name="cpython", platform_python_implementation="CPython",
                       python_version=".".join(python.split(".")[:2]),
                       python_full_version=python)
    return environment


def wheel_entry(wheel: pathlib.Path) -> dict[str, Any]:
    """A lock entry for one pure-Python wheel (its dependencies are names, filtered later)."""
    name, version, _build, tags = parse_wheel_filename(wheel.name)
    if not any(tag.platform == "any" for tag in tags):
        raise SystemExit(f"{wheel.name}: only pure-Python wheels can be served to Pyodide")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata_path = next(path for path in names
                             if path.endswith(".dist-info/METADATA") and path.count("/") == 1)
        metadata = email.parser.Parser().parsestr(archive.read(metadata_path).decode("utf-8"))
    # Top-level packages (folders) and modules (.py files at the top) are what it imports.
    tops = {path.split("/")[0] if "/" in path else path.removesuffix(".py")
            for path in names if "/" in path or path.endswith(".py")}
    imports = sorted(top for top in tops if top.isidentifier())
    return {
        "name": str(name), "version": str(version), "file_name": wheel.name,
        "install_dir": "site", "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package", "imports": imports,
        "requires": metadata.get_all("Requires-Dist") or [],
        "unvendored_tests": False,
    }


def lock_for(wheels: list[pathlib.Path], info: dict[str, Any]) -> dict[str, Any]:
    """The lock file listing ``wheels`` only; each wheel's dependencies must be among them."""
    entries = {str(canonicalize_name(entry["name"])): entry
               for entry in map(wheel_entry, wheels)}
    environment = browser_environment(info["python"])
    missing: list[str] = []
    for key, entry in entries.items():
        depends: set[str] = set()
        for text in entry.pop("requires"):
            requirement = Requirement(text)
            if requirement.marker and not requirement.marker.evaluate(
                    {**environment, "extra": ""}):
                continue
            dependency = str(canonicalize_name(requirement.name))
            if dependency not in entries:
                missing.append(f"{key} needs {requirement}")
            depends.add(dependency)
        entry["depends"] = sorted(depends)
    if missing:
        raise SystemExit("missing wheels for the site:\n  " + "\n  ".join(missing))
    return {"info": info, "packages": dict(sorted(entries.items()))}


def site_config(packages: list[str]) -> dict[str, Any]:
    """``jupyter-lite.json``: preload every package, never ask PyPI, open ``OPENS`` at the
    site's address (and, as the project's JupyterLab test server does, expose the app as
    ``window.jupyterapp`` for the browser test)."""
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appUrl": f"./lab/index.html?path={OPENS}&from=",
        "exposeAppInBrowser": True,
        "litePluginSettings": {KERNEL_PLUGIN: {
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": packages},
        }}}}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pyodide", type=pathlib.Path, help="the npm package pyodide's folder")
    parser.add_argument("wheels", type=pathlib.Path, nargs="+", help="folders of wheels")
    parser.add_argument("--lite-dir", type=pathlib.Path, required=True)
    args = parser.parse_args(argv)
    npm_lock = json.loads((args.pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))
    wheels = sorted({path.name: path for folder in args.wheels
                     for path in folder.glob("*.whl")}.values())
    # The kernel's shims come in two widgetsnbextension versions; ipywidgets 8 takes the 4.x.
    wheels = [path for path in wheels if not path.name.startswith("widgetsnbextension-3.")]
    lock = lock_for(wheels, npm_lock["info"])
    target = args.lite_dir / "static" / "pyodide"
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for name in RUNTIME:
        shutil.copy2(args.pyodide / name, target / name)
    for wheel in wheels:
        shutil.copy2(wheel, target / wheel.name)
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n",
                                              encoding="utf-8")
    (args.lite_dir / "jupyter-lite.json").write_text(
        json.dumps(site_config(list(lock["packages"])), indent=2) + "\n", encoding="utf-8")
    print(f"Pyodide {npm_lock['info']['python']} with {len(lock['packages'])} packages "
          f"in {target}; the site's address opens {OPENS}")


if __name__ == "__main__":
    main(sys.argv[1:])
