"""Rule systems: the protocol (:mod:`base`), dice (:mod:`dice`), one module per seed."""
from __future__ import annotations
