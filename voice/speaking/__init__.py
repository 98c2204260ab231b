"""Speaking: text to speech (pyttsx3), playing it, and every sentence the app says (phrases/).

Imports only :mod:`voice.audio`, :mod:`voice.errors`, content and engine.
"""
