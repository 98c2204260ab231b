"""Words people say for letters and for a plain yes or no: the one place they live.

The hearing layer prompts and classifies with them (voice/hearing/asr/whisper_words.py)
and the understanding layer reads transcripts with them (voice/understanding/letters.py,
replies.py); neither may import the other, so the tables are here, beside the number
words (content/numbers.py).
"""

from __future__ import annotations

NATO_SAID = ("alfa", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
             "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
             "sierra", "tango", "uniform", "victor", "whiskey", "x-ray", "yankee", "zulu")
"""The 26 NATO spelling words a to z, written as the ICAO alphabet writes them."""
NATO_WORDS: dict[str, str] = {
    "alpha": "a", "alfa": "a", "bravo": "b", "charlie": "c", "delta": "d", "echo": "e",
    "foxtrot": "f", "golf": "g", "hotel": "h", "india": "i", "juliet": "j", "juliett": "j",
    "kilo": "k", "lima": "l", "mike": "m", "november": "n", "oscar": "o", "papa": "p",
    "quebec": "q", "romeo": "r", "sierra": "s", "tango": "t", "uniform": "u", "victor": "v",
    "whiskey": "w", "whisky": "w", "xray": "x", "yankee": "y", "zulu": "z",
}
"""Every way a NATO word is written (one word, no hyphen) -> its letter."""
PLAIN_YES = ("yes", "yeah", "yep", "yup")
"""The words of a yes said plainly (any other yes, "okay", "sure", says it by another word)."""
PLAIN_NO = ("no", "nope")
"""The words of a no said plainly."""
