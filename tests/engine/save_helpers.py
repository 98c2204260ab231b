"""What the engine tests share about saves."""

from __future__ import annotations

import json
from collections.abc import Mapping

from engine.core import JSON


def roundtrip(state_json: Mapping[str, JSON]) -> dict[str, JSON]:
    """Pass a state through a JSON string, as a save file would."""
    loaded: dict[str, JSON] = json.loads(json.dumps(state_json, sort_keys=True))
    return loaded
