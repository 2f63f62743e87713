#!/usr/bin/env bash
# A Python with Polars for the generated-code tests (tests/api/preview-code-run.test.ts):
# a venv built from local wheels only (no index is reachable here). Prints
# `WEFT_TEST_PYTHON=<python>` to eval, or nothing, with the reason on stderr, when this
# machine has no python3 or no Polars wheels; the tests then skip and say why.
set -uo pipefail
wheels="${WEFT_PYTHON_WHEELS:-/opt/pypi/files}"
venv="${WEFT_PYTHON_VENV:-${TMPDIR:-/tmp}/weft-ci-python}"
if ! command -v python3 >/dev/null; then echo "python: no python3 here" >&2; exit 0; fi
if ! ls "$wheels"/polars-*.whl >/dev/null 2>&1; then echo "python: no Polars wheels in $wheels" >&2; exit 0; fi
if ! "$venv/bin/python" -c "import polars" 2>/dev/null; then
  python3 -m venv "$venv" >&2 &&
    "$venv/bin/pip" install --quiet --no-index --find-links "$wheels" polars >&2 ||
    { echo "python: could not install Polars from $wheels" >&2; exit 0; }
fi
echo "WEFT_TEST_PYTHON=$venv/bin/python"
