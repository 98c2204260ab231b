"""Small pack texts for the content tests: one good pack per game, broken on purpose by tests."""

from __future__ import annotations


def header(pack_id: str, game: str, licence: str = "CC-BY-4.0") -> str:
    return f"""[pack]
id = "{pack_id}"
game = "{game}"
language = "en"
licence = "{licence}"
sources = ["Original writing for tabletop-voice tests"]
attribution = "tabletop-voice contributors"
"""


WORDUP_ITEMS = """
[[item]]
id = "t-mw-1"
level = 1
category = "missing_word"
sentence = "I drink a glass of ___ with my breakfast."
letters = 4
answers = ["milk", "wine"]

[[item]]
id = "t-cc-1"
level = 1
category = "crossword"
clue = "A young cat."
first_letter = "k"
answers = ["kitten", "kitty"]

[[item]]
id = "t-mc-1"
level = 2
category = "multiple_choice"
question = "You ask a friend for their pen for a few minutes. You want to..."
options = ["borrow it", "lend it", "steal it"]
answers = ["borrow it"]

[[item]]
id = "t-sp-1"
level = 1
category = "spelling"
word = "colour"
sentence = "What colour is your new bike?"
answers = ["colour", "color"]
definition = "red, blue and green are each one"

[[item]]
id = "t-sp-2"
level = 1
category = "spelling"
word = "flour"
sentence = "We need flour to bake bread."
answers = ["flour"]
"""


def sl_card(card_id: str, kind: str = "pot_luck", extra: str = "", texts: tuple[str, ...] = (),
            colours: tuple[str, ...] = ("purple", "green", "yellow", "red")) -> str:
    texts = texts or tuple(f"Question {card_id} {c}: which sport uses a shuttlecock?"
                           for c in colours)
    body = f'\n[[card]]\nid = "{card_id}"\nkind = "{kind}"\n{extra}\n'
    for colour, text in zip(colours, texts, strict=True):
        body += (f'\n[[card.question]]\ncolour = "{colour}"\ntext = "{text}"\n'
                 'answers = ["badminton"]\n')
    return body


SL_CARDS = (
    sl_card("t-sl-1")
    + sl_card("t-sl-2", "common_theme", 'theme = "Things with strings"')
    + sl_card("t-sl-3", "picture", 'scene = "A crowd waits by a net. Two players warm up."')
)

BLUE = ["sand", "shell", "shells", "wave", "waves", "towel", "bucket", "spade", "crab",
        "seagull", "pebble", "rock", "sea", "sun", "umbrella", "kite"]
ORANGE = ["sunny", "windy", "rainy", "cloudy", "foggy", "stormy", "snowy", "icy", "hot",
          "cold", "warm", "wet", "dry", "misty", "chilly", "frosty"]


def ws_card(card_id: str, blue: list[str] | None = None, orange: list[str] | None = None,
            blue_category: str = "Something you find at the beach") -> str:
    def words(ws: list[str]) -> str:
        return "[" + ", ".join(f'"{w}"' for w in ws) + "]"

    return f"""
[[card]]
id = "{card_id}"

[card.blue]
category = "{blue_category}"
accept = {words(BLUE if blue is None else blue)}

[card.orange]
category = "A word that describes the weather {card_id}"
accept = {words(ORANGE if orange is None else orange)}
"""


BLOCKLIST = '\n[blocklist]\nwords = ["stupid", "idiot"]\n'


