"""Hearing: sound in, voice activity and endpointing, the recognizers (asr/) and the choice between them.

Imports only :mod:`voice.audio`, :mod:`voice.errors`, content and engine.
"""
