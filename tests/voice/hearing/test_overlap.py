"""The overlap listener: utterances in the canceller's residual, and the echo gate."""

from __future__ import annotations

import numpy as np
import pytest

from voice.audio.clips import ASR_RATE_HZ
from voice.hearing.asr.base import Alternative, Grammar, Recognition
from voice.hearing.overlap import OverlapListener

R = ASR_RATE_HZ


@pytest.fixture(scope="module")
def speech() -> np.ndarray:
    """Half a second of quiet, "stop please" said by the TTS, a second of quiet (int16)."""
    from voice.speaking.tts import Pyttsx3Speaker
    said = Pyttsx3Speaker().render("stop please").to_rate(R).samples
    return np.concatenate([np.zeros(R // 2, np.int16), said, np.zeros(R, np.int16)])


class Decoder:
    """Stands in for the recognizer: what the listener hands over is what is tested."""

    def __init__(self) -> None:
        self.segments: list[tuple[np.ndarray, Grammar]] = []

    def __call__(self, samples: np.ndarray, grammar: Grammar) -> Recognition:
        self.segments.append((samples, grammar))
        return Recognition((Alternative("stop please"),))


def _feed(listener: OverlapListener, residual: np.ndarray, near: np.ndarray | None,
          far: np.ndarray | None = None) -> list:
    found = []
    for i in range(0, len(residual), 160):
        got = listener.feed(residual[i:i + 160], None if near is None else near[i:i + 160],
                            None if far is None else far[i:i + 160])
        if got is not None:
            found.append(got)
    return found


def test_speech_in_the_residual_is_one_utterance_with_its_times(speech: np.ndarray) -> None:
    decode = Decoder()
    listener = OverlapListener(decode)
    listener.expect(Grammar("yesno", ("yes", "no")))
    found = _feed(listener, speech, speech)  # nothing taken out: a voice the host did not say
    assert len(found) == 1 and len(decode.segments) == 1
    heard = found[0]
    assert heard.recognition.heard == ["stop please"]
    assert 0.3 < heard.start_s < 0.8 < heard.speech_end_s < heard.decided_s
    assert heard.decided_s - heard.speech_end_s < 0.25  # a short trailing silence
    assert decode.segments[0][1].kind == "yesno"


def test_what_the_canceller_explained_is_not_decoded(speech: np.ndarray) -> None:
    decode = Decoder()
    listener = OverlapListener(decode)
    residual = (speech.astype(np.float64) * 0.05).astype(np.int16)  # 26 dB under the mic
    assert _feed(listener, residual, speech) == [] and decode.segments == []
    assert listener.echo_utterances == 1
    listener.reset()
    assert len(_feed(listener, residual, None)) == 1  # no microphone to compare: decoded


def test_an_utterance_the_canceller_took_most_of_is_not_decoded(speech: np.ndarray) -> None:
    """The host's echo with its residual 11 dB under the microphone was heard as "go" and
    stopped the host; a player over the echo leaves 7.6 dB or less taken out."""
    decode = Decoder()
    listener = OverlapListener(decode)
    residual = (speech.astype(np.float64) * 10 ** (-11 / 20)).astype(np.int16)
    assert _feed(listener, residual, speech) == [] and listener.echo_utterances == 1
    listener.reset()
    player = (speech.astype(np.float64) * 10 ** (-7 / 20)).astype(np.int16)
    assert len(_feed(listener, player, speech)) == 1


def test_an_utterance_is_decoded_while_its_trailing_silence_passes(speech: np.ndarray) -> None:
    """The host stops sooner: the decode starts at early_s of silence, not at the end."""
    from voice.hearing.overlap import OVERLAP_POLICY

    listener: OverlapListener
    at: list[float] = []

    class Timed(Decoder):
        def __call__(self, samples: np.ndarray, grammar: Grammar) -> Recognition:
            at.append(listener.now_s)
            return super().__call__(samples, grammar)

    decode = Timed()
    listener = OverlapListener(decode)
    found = _feed(listener, speech, speech)
    assert len(found) == 1 and len(at) == 1
    heard = found[0]
    assert at[0] < heard.decided_s
    assert at[0] - heard.speech_end_s < OVERLAP_POLICY.trailing_silence_s


def test_an_early_decode_the_player_talked_on_after_is_dropped() -> None:
    from voice.speaking.tts import Pyttsx3Speaker

    tts = Pyttsx3Speaker()

    def said(word: str) -> np.ndarray:  # the word without the TTS's silence around it
        x = tts.render(word).to_rate(R).samples
        loud = np.nonzero(np.abs(x) > 300)[0]
        return x[loud[0]:loud[-1] + 1]

    one, two = said("stop"), said("please")
    gap = np.zeros(int(0.12 * R), np.int16)  # over early_s, under the trailing silence
    audio = np.concatenate([np.zeros(R // 2, np.int16), one, gap, two, np.zeros(R, np.int16)])
    decode = Decoder()
    listener = OverlapListener(decode)
    found = _feed(listener, audio, audio)
    assert len(found) == 1
    assert len(decode.segments) >= 2  # "stop" heard early, then dropped
    assert len(decode.segments[-1][0]) / R > (len(one) + len(two)) / R  # both words


class WeakVoice:
    """Stands in for the detector where the residual has thinned a player's word: every
    window with sound in it scores 0.35, under the policy's threshold of 0.5."""

    def reset(self) -> None:
        pass

    def probability(self, window: np.ndarray) -> float:
        return 0.35 if float(np.mean(window.astype(np.float64) ** 2)) > 1e-6 else 0.01


def _voice(seed: int, n: int) -> np.ndarray:
    """Noise shaped a little like a voice (low-passed), about -30 dBFS (int16)."""
    x = np.random.default_rng(seed).normal(0, 1, n + 15)
    x = np.convolve(x, np.ones(16) / 4, "valid")[:n]
    return (x * 0.03 * 32768).astype(np.int16)


def test_a_player_the_canceller_found_no_echo_in_counts_from_a_lower_probability() -> None:
    """A player's word over the host scores 0.2-0.5 on the suppressor's residual; where the
    residual is as loud as the microphone and is not what was played, it is heard. Where
    the residual is the host's own voice the canceller lost (it follows what was played
    0.1 s later), where the canceller took most of the sound out, or with nothing to
    compare, the usual threshold holds."""
    quiet = np.zeros(R // 2, np.int16)
    host = np.concatenate([quiet, _voice(1, R * 2), quiet])  # the host's line, played
    player = np.concatenate([quiet, quiet, _voice(2, R * 6 // 10), quiet, quiet, quiet])
    player = player[:len(host)]
    decode = Decoder()
    listener = OverlapListener(decode, vad=WeakVoice())  # type: ignore[arg-type]
    assert len(_feed(listener, player, player, host)) == 1  # not the host: a player
    lost = np.concatenate([np.zeros(R // 10, np.int16), host])[:len(host)]
    listener.reset()
    assert _feed(listener, lost, lost, host) == []  # the host's voice, 0.1 s on
    listener.reset()
    echo = (player.astype(np.float64) * 10).clip(-32768, 32767).astype(np.int16)
    assert _feed(listener, player, echo, host) == []  # 20 dB taken out: the host's echo
    listener.reset()
    assert _feed(listener, player, player, None) == []  # nothing known of what was played
    listener.reset()
    assert _feed(listener, player, None, host) == [] and len(decode.segments) == 1
