"""The original files other programs wrote, run only where ``DECKHAND_FIELD_DATA`` names a folder of them.

Their programs carry no licence, so the repository holds its own files with the
same quirks (``tests/casino/fixtures/field``, ``tests/three_trios/fixtures``);
these tests check the readers against the originals too, where they are at hand.
"""

from __future__ import annotations

import os
from pathlib import Path

FIELD = Path(os.environ["DECKHAND_FIELD_DATA"]) if os.environ.get("DECKHAND_FIELD_DATA") else None
collect_ignore_glob = [] if FIELD is not None and FIELD.is_dir() else ["test_*.py"]
