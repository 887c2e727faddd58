"""The page's script in parts (issue 45, point 3): each part a file a newcomer reads on
its own, all joined into the one inline script the page serves and the policy allows."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from scorekeeper.web.page import SCRIPT_PARTS, content_security_policy, page_html, page_script

WEB_DIR = Path(__file__).resolve().parents[1] / "scorekeeper" / "web"


def test_every_script_file_is_a_part_and_none_is_too_long_to_read():
    assert sorted(SCRIPT_PARTS) == sorted(path.name for path in WEB_DIR.glob("*.js"))
    lengths = {
        name: len((WEB_DIR / name).read_text(encoding="utf-8").splitlines())
        for name in SCRIPT_PARTS
    }
    assert max(lengths.values()) <= 600, lengths


def test_the_page_serves_the_parts_joined_as_one_script_the_policy_allows():
    joined = "".join((WEB_DIR / name).read_text(encoding="utf-8") for name in SCRIPT_PARTS)
    assert page_script() == joined
    assert joined.startswith('"use strict";') and joined.rstrip().endswith("})();")
    digest = base64.b64encode(hashlib.sha256(joined.encode("utf-8")).digest()).decode("ascii")
    assert f"script-src 'sha256-{digest}'" in content_security_policy()
    for recorder in (None, "Ann"):
        html = page_html("ja", 3, recorder)
        scripts = re.findall(r"<script>(.*?)</script>", html, flags=re.S)
        assert scripts == [joined]
