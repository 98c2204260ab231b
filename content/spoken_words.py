"""Words people say for letters and for a plain yes or no: the one place they live.

Where the rest of spelling lives, for a newcomer:

- the pauses that end a run of letters and a whole spelling: voice/hearing/endpoint.py
  (LETTER_PAUSE_S, SPELLING_PAUSE_S, and UNFINISHED_PAUSE_S while letters are still to
  come); the shorter wait once the spelling has the answer's letters, and a stray sound
  before the first letter (COMPLETE_PAUSE_S, COMPLETE_MAX_S, STRAY_S in
  voice/hearing/asr/whisper_spelling.py);
- how Whisper is prompted for letters and how what it writes is read as letters (NATO words
  split or misspelt, loops): voice/hearing/asr/whisper_words.py;
- a spelling heard whole (runs of letters and the whole stretch, combined, with a beam
  search's runner-ups): voice/hearing/asr/whisper_spelling.py; one letter heard alone and
  the stretch's decodes: LetterEars in voice/hearing/asr/whisper_letters.py, with the
  encoder's letter classifier in letter_head.py;
- a transcript read as a spelled word ("see oh double el", "p as in peter"), and the
  sound-alike sets: voice/understanding/letters.py; judged, and the letters in doubt asked
  about ("Was that B or D?", a doubled letter once): voice/understanding/judge.py.

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
LETTER_NAME_WORDS: dict[str, str] = {
    "ay": "a", "eh": "a", "hey": "a", "aye": "i",
    "be": "b", "bee": "b", "bea": "b",
    "see": "c", "sea": "c", "si": "c", "cee": "c",
    "dee": "d", "ee": "e",
    "ef": "f", "eff": "f",
    "gee": "g", "jee": "g", "ji": "g",
    "aitch": "h", "haitch": "h", "age": "h", "each": "h",
    "eye": "i",
    "jay": "j",
    "kay": "k", "okay": "k", "ok": "k", "cay": "k",
    "el": "l", "ell": "l", "elle": "l",
    "em": "m",
    "en": "n", "and": "n", "end": "n", "in": "n",
    "oh": "o", "owe": "o",
    "pee": "p", "pea": "p",
    "queue": "q", "cue": "q", "kew": "q", "kyu": "q",
    "are": "r", "our": "r", "ar": "r", "arr": "r",
    "es": "s", "ess": "s",
    "tee": "t", "tea": "t", "ti": "t",
    "you": "u", "yew": "u", "ewe": "u", "yu": "u",
    "vee": "v", "vi": "v",
    "ex": "x", "ecks": "x",
    "why": "y", "wye": "y",
    "zed": "z", "zee": "z", "zedd": "z",
}
"""Words recognizers write for spoken letter names (see notes/speech.md)."""
PLAIN_YES = ("yes", "yeah", "yep", "yup")
"""The words of a yes said plainly (any other yes, "okay", "sure", says it by another word)."""
PLAIN_NO = ("no", "nope")
"""The words of a no said plainly."""
