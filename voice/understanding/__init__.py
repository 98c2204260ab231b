"""Understanding: a transcript in, what the player meant out, judged.

Clean-up (transcript), global commands, yes/no and numbers (replies), choices,
spelled letters, answer matching, and the judge that combines them. Pure
text in and out: no sound, no dialogue. Imports only :mod:`voice.errors`,
content and engine.
"""
