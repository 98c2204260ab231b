"""The play command's mouth and ears on real sound devices: a PulseAudio null sink.

The app speaks through the speaker and its own voice reaches the microphone
(the sink's monitor), but the gate keeps it out; then a "player" speaks into
the same sink and the real recognizer hears them, with the end of their
speech placed on the dialogue's clock.
"""

from __future__ import annotations

import threading
import time

import pytest

from voice.audio.devices import MicGate
from voice.hosting.voice_adapter import VoiceEars, VoiceMouth

pytestmark = pytest.mark.audio


def test_the_app_is_not_heard_and_the_player_is(request: pytest.FixtureRequest) -> None:
    try:
        request.getfixturevalue("null_sink")
    except pytest.FixtureLookupError:
        pytest.skip("no null_sink fixture (tests/voice/conftest.py)")
    whisper = request.getfixturevalue("whisper")
    from voice.hearing.audio_in import MicSource
    from voice.speaking.audio_out import SpeakerOut
    from voice.speaking.tts import Pyttsx3Speaker

    gate = MicGate(tail_s=0.3)
    mouth = VoiceMouth(Pyttsx3Speaker(SpeakerOut("pulse"), gate=gate))
    mic = MicSource("pulse", gate)
    ears = VoiceEars(whisper, mic, gate, live=True)
    player = Pyttsx3Speaker(SpeakerOut("pulse"))  # its own gate: the player is not the app
    # A plain "yes": "yes please" is a yes said with another word, which the ears keep only
    # when Whisper's first word is sure (SURE_OTHER_WORD, 0.5), and through the null sink it
    # scores 0.49-0.54 run to run, so it was asked again one run in two. This test is about
    # the gate and the device, not that margin.
    said = player.render("yes")
    started: list[float] = []

    def answer() -> None:
        time.sleep(0.4)
        started.append(time.monotonic())
        player.play(said).wait(5)

    try:
        mouth.say("Shall we play Word Up? Please say yes or no.")
        alone = ears.listen("yesno", [], 2.0)
        mouth.say("Shall we play Word Up?")
        helper = threading.Thread(target=answer, daemon=True)
        helper.start()
        heard = ears.listen("yesno", [], 8.0)
        replied = time.monotonic()
        helper.join(10)
    finally:
        mic.close()
    assert alone.timed_out and not alone.nbest  # the app's own question is not an answer
    assert heard.nbest[:1] == ("yes",), ears.last  # the player, understood
    assert started and started[0] < heard.end_s < replied  # the player's speech, ended in time
    # End of speech to reply on a real device (bench/bench_demo.py measures it; under load
    # on 2 shared cores decoding alone can take seconds): bounded, to catch a hang.
    assert replied - heard.end_s < 8.0
