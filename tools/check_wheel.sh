#!/usr/bin/env bash
# Build the wheel and the sdist with the standard `build` front end, install
# the wheel into a fresh virtual environment outside the checkout, and run
# the command line from there as a user would: the built-in versions, a hand,
# a replay and a short simulation must all work from the installed package.
#
# Usage: tools/check_wheel.sh [DIST_DIR]   (default: dist/)
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
    "$env/bin/python" -m pip install --quiet "$wheel"
    local ambigu="$env/bin/ambigu"
    local scenario="$root/tests/scenarios/foster/dealer-forces-with-two.yaml"
    (
        cd "$work"  # nothing of the checkout is importable from here
        "$ambigu" variants | grep -q '^foster '
        "$ambigu" evaluate 1730 "2S 3S 4S 9S" --json | grep -q '"value": 8'
        "$ambigu" replay "$scenario" | grep -q 'Banks: Anna 87, Ben 37, Carla 39, Dan 37'
        "$ambigu" simulate foster --hands 100 --json | grep -q '"hands": 100'
        "$env/bin/python" - <<'PY'
import ambigu_rules, pathlib
from ambigu_rules.load.catalog import rulesets_dir
package = pathlib.Path(ambigu_rules.__file__).parent
assert rulesets_dir() == package / "rulesets", rulesets_dir()
assert (package / "py.typed").is_file() and (package / "site" / "templates").is_dir()
import importlib, pkgutil
for module in pkgutil.walk_packages(ambigu_rules.__path__, "ambigu_rules."):
    if not module.name.endswith("__main__"):
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

