"""Speech recognition behind one small protocol (:mod:`voice.asr.base`).

Adapters: :mod:`~voice.asr.vosk` (the main engine, needs a downloaded model),
:mod:`~voice.asr.pocketsphinx` (model inside its wheel), :mod:`~voice.asr.text`
(typed input). :mod:`~voice.asr.select` picks one for ``--asr``.
"""
