"""The tracker is tested against a house-rules Cambio; see ``make_tracker``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
