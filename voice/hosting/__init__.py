"""Hosting: one exchange with the table (dialogue), the game loop (driver), sessions and
saves, the text and voice adapters, time warnings, set-up and the play loop.

Above hearing, speaking and understanding; below learning and the game hosts,
which it knows only through the :class:`~voice.hosting.host.Host` protocol.
"""
