"""English number words, read and written: the one place the game's number names live.

Read: ``numbers_to_digits`` turns spoken numbers in a transcript into digits
("twenty one" -> 21, "a hundred and five" -> 105, "nineteen sixty six" -> 1966,
"one two" -> 1 2). Written: ``number_words`` spells 0-100 as a pack writes them
("twenty-one"), for the validator's rule that numeric answers are accepted both
ways.

Why not a library: word2number reads "nineteen sixty six" as 1146, "a hundred
and five" as 500 and "one two" as 3; text2num (alpha2digit) leaves years in
halves ("19 66"), "a hundred" as "a 100" and "zero" as a word; num2words writes
"twenty-one" as needed but is LGPL and pulls docopt for one ten-line function.
Measured on text2num 3.1.0, word2number 1.1, num2words 0.5.14.
"""

from __future__ import annotations

from collections.abc import Sequence

ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen "
        "fourteen fifteen sixteen seventeen eighteen nineteen").split()
"""0-19 as written."""
TENS_WRITTEN = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
                "ninety")

UNITS = {**{w: n for n, w in enumerate(ONES)}, "nought": 0, "nil": 0}
"""0-19 as heard, with the other names of zero."""
TENS = {**{w: 10 * n for n, w in enumerate(TENS_WRITTEN) if w}, "fourty": 40}
"""20, 30 ... 90 as heard (with a common misspelling)."""
SCALES = {"hundred": 100, "thousand": 1000, "million": 1_000_000}
NUMBER_WORDS = frozenset(UNITS) | frozenset(TENS) | frozenset(SCALES)


def number_words(n: int) -> str:
    """0-100 in words, hyphenated as written (21 -> twenty-one)."""
    if not 0 <= n <= 100:
        raise ValueError(f"number_words covers 0 to 100, got {n}")
    if n < 20:
        return ONES[n]
    if n == 100:
        return "one hundred"
    tens, ones = divmod(n, 10)
    return TENS_WRITTEN[tens] + (f"-{ONES[ones]}" if ones else "")


def read_cardinal(toks: Sequence[str], i: int) -> tuple[int, int] | None:
    """A spelled-out cardinal starting at ``toks[i]``: (value, tokens used).

    "one two" is two numbers, "twenty one" is one, "one hundred and five" is one.
    """
    total = current = 0
    last = ""
    j = i
    while j < len(toks):
        t = toks[j]
        if t in UNITS:
            v = UNITS[t]
            if last in ("unit", "teen") or (last == "tens" and (v == 0 or v >= 10)):
                break
            current += v
            last = "teen" if v >= 10 else "unit"
        elif t in TENS:
            if last in ("unit", "teen", "tens"):
                break
            current += TENS[t]
            last = "tens"
        elif t == "hundred":
            if last == "":
                current = 1  # "a hundred": the article has gone, the number stays
            elif last not in ("unit", "teen") or current >= 100:
                break
            current *= 100
            last = "hundred"
        elif t in SCALES:
            if last == "":
                current = 1
            elif last not in ("unit", "teen", "tens", "hundred"):
                break
            total += current * SCALES[t]
            current = 0
            last = "scale"
        elif t == "and" and last in ("hundred", "scale") and j + 1 < len(toks) and (
            toks[j + 1] in UNITS or toks[j + 1] in TENS
        ):
            last = "and"
        else:
            break
        j += 1
    if not last:
        return None
    return total + current, j - i


def numbers_to_digits(toks: Sequence[str]) -> list[str]:
    """Spelled numbers become digits ("twenty one" -> "21", "nineteen sixty six" -> "1966").

    ``toks`` are lower-case words. Digits stay as they are, so the step is
    idempotent. A year said in two halves (10-99 then 10-99, or "oh" and a
    unit) is read as one number, which is how people say years.
    """
    out: list[str] = []
    i = 0
    while i < len(toks):
        read = read_cardinal(toks, i)
        if read is None:
            out.append(toks[i])
            i += 1
            continue
        value, used = read
        i += used
        if 10 <= value <= 99 and i < len(toks):
            nxt = read_cardinal(toks, i)
            if nxt is not None and 10 <= nxt[0] <= 99:
                value, i = value * 100 + nxt[0], i + nxt[1]
            elif (toks[i] == "oh" and i + 1 < len(toks) and toks[i + 1] in UNITS
                  and 0 < UNITS[toks[i + 1]] < 10):
                value, i = value * 100 + UNITS[toks[i + 1]], i + 2
            elif toks[i] == "hundred" and value >= 10:
                value, i = value * 100, i + 1
        out.append(str(value))
    return out
