#!/usr/bin/env bash
# Build the wheel and the sdist with the standard `build` front end, install
# the wheel into a fresh virtual environment outside the checkout, and run
# the command line from there as a user would: the built-in versions, a hand,
# a replay and a short simulation must all work from the installed package,
# `ambigu --version` must print the metadata's version, the Python API's
# main names must import from the top of the package, and the metadata must
# carry its license file, classifiers and project addresses. Then the sdist
# is unpacked, installed with its test extra into another fresh venv, and
# the suite runs from it (the browser tests skip there).
#
# Usage: tools/check_wheel.sh [DIST_DIR]   (default: dist/)
#        CHECK_SDIST=0 tools/check_wheel.sh   skips the run of the suite from the sdist
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
dist="${1:-dist}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# check_installed WHEEL NAME: install WHEEL into a fresh venv and use it there.
check_installed() {
    local wheel="$1" env="$work/$2"
    python3 -m venv "$env"
    # A current pip, as a user has: pip 24.1 and later show the "Homepage"
    # project address as the home page (Metadata 2.4 has no Home-page field).
    "$env/bin/python" -m pip install --quiet --upgrade pip
    "$env/bin/python" -m pip install --quiet "$wheel"
    local ambigu="$env/bin/ambigu"
    local scenario="$root/tests/scenarios/foster/dealer-forces-with-two.yaml"
    (
        cd "$work"  # nothing of the checkout is importable from here
        "$ambigu" variants | grep -q '^foster '
        "$ambigu" evaluate 1730 "2S 3S 4S 9S" --json | grep -q '"value": 8'
        "$ambigu" replay "$scenario" | grep -q 'Banks: Anna 87, Ben 37, Carla 39, Dan 37'
        "$ambigu" simulate foster --hands 100 --json | grep -q '"hands": 100'
        "$env/bin/python" -m pip show ambigu_rules > "$work/pip-show"
        grep -q '^Home-page: https://ambigu-rules.github.io/$' "$work/pip-show" \
            || { cat "$work/pip-show"; echo "check_wheel: pip show gives no home page"; exit 1; }
        version="$(sed -n 's/^Version: //p' "$work/pip-show")"
        [ "$("$ambigu" --version)" = "ambigu $version" ] \
            || { echo "check_wheel: ambigu --version is not $version"; exit 1; }
        "$env/bin/python" - <<'PY'
import ambigu_rules, pathlib
from importlib.metadata import files, metadata, version
from ambigu_rules import Evaluator, Game, evaluator_for, load_ruleset
assert ambigu_rules.__version__ == version("ambigu_rules")
game = Game("1730", players=4)
assert game.can_start_deal() and game.start_deal()
assert isinstance(evaluator_for("1730"), Evaluator)
assert load_ruleset("foster").id == "foster"
meta = metadata("ambigu_rules")
assert meta["License-Expression"] == "MIT" and meta.get_all("License-File") == ["LICENSE"], meta
assert "Topic :: Games/Entertainment" in meta.get_all("Classifier")
assert len(meta.get_all("Project-URL")) >= 4, meta.get_all("Project-URL")
assert any(f.name == "LICENSE" for f in files("ambigu_rules")), "the wheel ships no LICENSE"
from ambigu_rules.load.catalog import rulesets_dir
package = pathlib.Path(ambigu_rules.__file__).parent
assert rulesets_dir() == package / "rulesets", rulesets_dir()
assert (package / "py.typed").is_file() and (package / "site" / "templates").is_dir()
import importlib, pkgutil
# Every module imports, but those of the optional extra rl (not installed here).
extra = ("ambigu_rules.learning", "ambigu_rules.rl")
for module in pkgutil.walk_packages(ambigu_rules.__path__, "ambigu_rules."):
    if not module.name.endswith("__main__") and not module.name.startswith(extra):
        importlib.import_module(module.name)
PY
    )
    # Every module of the checkout is in the wheel.
    ( cd "$root" && find ambigu_rules -name '*.py' | sort ) > "$work/checkout-modules"
    ( cd "$env/lib/python"*/site-packages && find ambigu_rules -name '*.py' | sort ) \
        > "$work/wheel-modules"
    diff "$work/checkout-modules" "$work/wheel-modules"
}

python3 -m venv "$work/build-env"
"$work/build-env/bin/python" -m pip install --quiet -r requirements/build.txt
rm -rf "$dist"
"$work/build-env/bin/python" -m build --outdir "$dist" . >"$work/build.log" 2>&1 \
    || { cat "$work/build.log"; exit 1; }
wheel="$(ls "$dist"/ambigu_rules-*-py3-none-any.whl)"
ls "$dist"/ambigu_rules-*.tar.gz >/dev/null
echo "check_wheel: built $(cd "$dist" && ls | tr '\n' ' ')"
check_installed "$wheel" user-env
echo "check_wheel: the installed wheel runs variants, evaluate, replay and simulate"

# The sdist: unpacked, installed with its test extra in a fresh venv, and the
# suite run from it, as a packager would.
if [ "${CHECK_SDIST:-1}" != "0" ]; then
    sdist="$(ls "$dist"/ambigu_rules-*.tar.gz)"
    mkdir "$work/sdist"
    tar -xzf "$sdist" -C "$work/sdist"
    unpacked="$(ls -d "$work/sdist"/ambigu_rules-*)"
    python3 -m venv "$work/sdist-env"
    "$work/sdist-env/bin/python" -m pip install --quiet --upgrade pip
    ( cd "$unpacked" && "$work/sdist-env/bin/python" -m pip install --quiet '.[test]' )
    echo "check_wheel: the sdist installs with its test extra; running the suite from it"
    ( cd "$unpacked" && "$work/sdist-env/bin/python" -m pytest -q -rfE -n auto --dist loadgroup \
        2>&1 | grep -E "^(FAILED|ERROR)|passed|failed" | tail -60 )
    echo "check_wheel: the suite passes from the unpacked sdist"
fi
