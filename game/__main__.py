"""``python -m game`` runs the same command line as ``wayfarer``."""
from __future__ import annotations

import sys

from game.cli import main

sys.exit(main())
