"""Speech recognition behind one small protocol (:mod:`voice.hearing.asr.base`).

Adapters: :mod:`~voice.hearing.asr.vosk` (the main engine, needs a downloaded model),
:mod:`~voice.hearing.asr.whisper` (the embedded default: Whisper tiny.en, weights
from a pip package), :mod:`~voice.hearing.asr.text` (typed input). :mod:`~voice.hearing.asr.select` picks one for ``--asr``.
"""
