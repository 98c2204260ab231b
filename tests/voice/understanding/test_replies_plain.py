"""A yes or no said plainly, with a please or a thanks, needs no extra confidence."""

from voice.understanding.replies import said_plainly


def test_please_and_thanks_leave_a_yes_or_no_plain() -> None:
    assert said_plainly("yes please") and said_plainly("no thank you") and said_plainly("yes")
    assert not said_plainly("please") and not said_plainly("thank you")
    assert not said_plainly("okay please") and not said_plainly("yes fine")
