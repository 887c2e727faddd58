#!/usr/bin/env bash
# The cross-view property tests at a large example count, for a long run outside CI.
# Usage: tests/run_long_properties.sh [SESSIONS_PER_GAME]   (default 2000; the screens
# get a sixth of that, as each one starts the app). CI runs them at 30 per game.
set -euo pipefail
cd "$(dirname "$0")/.."
export SCOREKEEPER_VIEW_EXAMPLES="${1:-2000}"
exec .venv/bin/python -m pytest -q -p no:cacheprovider \
    tests/test_views_agree.py tests/test_views_agree_ui.py
