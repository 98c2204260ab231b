"""``tabletop devices``: the sound devices, to pick with ``--input`` / ``--output``."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any


def register(sub: Any) -> None:
    p = sub.add_parser("devices", help="list microphones and speakers (for --input/--output)")
    p.add_argument("--json", action="store_true", help="one JSON object per device")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice.audio.devices import list_devices

    devices = list_devices()
    if args.json:
        for d in devices:
            print(json.dumps(asdict(d)))
        print(json.dumps({"echo_cancellation": echo_status()}))
        return 0
    if not devices:
        print("no sound devices found (is a sound server running? see `tabletop play --asr text`)")
        print(echo_status())
        return 0
    for d in devices:
        marks = ("<" if d.default_input else " ") + (">" if d.default_output else " ")
        kinds = ", ".join(k for k, n in (("in", d.inputs), ("out", d.outputs)) if n)
        print(f"{marks} {d.index:>2}  {d.name}  ({d.hostapi}; {kinds}; {d.default_rate_hz:g} Hz)")
    print("< default input, > default output; pick with --input/--output NAME or INDEX")
    print(echo_status())
    return 0


def echo_status() -> str:
    """One line: whether the host listens while it speaks, and why (tabletop play's
    --barge-in and --headphones, remembered in the settings file)."""
    from voice.audio.echo import available
    from voice.hosting.play import load_settings

    settings = load_settings()
    missing = available()
    if not settings.barge_in:
        return ("echo cancellation: off (tabletop play --barge-in on turns it on); the host "
                "finishes each line first")
    if settings.headphones:
        return "echo cancellation: not needed (--headphones); players can talk over the host"
    if missing is not None:
        return f"echo cancellation: not available: {missing}"
    return "echo cancellation: active (libspeexdsp); players can talk over the host"
