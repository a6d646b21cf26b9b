"""The scrubber: secrets never reach the journal, the trace, the signals or the audit log."""

from __future__ import annotations

import string

import pytest
from hypothesis import given
from hypothesis import strategies as st

from custom_components.shelldon.core.secrets.scrub import (
    CARD,
    EMAIL,
    IBAN,
    PHONE,
    SECRET,
    TOKEN,
    scrub,
    scrub_data,
)
from tests.core._support import ORDINARY_PROSE, PROPERTY


def test_markers() -> None:
    assert (TOKEN, CARD, EMAIL, SECRET) == ("[token]", "[card]", "[email]", "[secret]")
    assert (PHONE, IBAN) == ("[phone]", "[iban]")


# --- emails ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mail me at jane.doe@example.com please", "mail me at [email] please"),
        ("jane.doe+pets@example.co.uk", "[email]"),
        ("two: a@b.io, c_d@e-f.org.", "two: [email], [email]."),
        ("<bob%x@mail.example.nl>", "<[email]>"),
    ],
)
def test_emails(text: str, expected: str) -> None:
    assert scrub(text) == expected


def test_an_at_sign_alone_is_not_an_email() -> None:
    assert scrub("meet @ 5, see @home") == "meet @ 5, see @home"


# --- card numbers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    [
        "4111111111111111",  # Visa test number
        "4111 1111 1111 1111",
        "4111-1111-1111-1111",
        "5500 0000 0000 0004",  # Mastercard
        "3782 822463 10005",  # Amex, 15 digits
        "6011000990139424",  # Discover
        "4222222222222",  # 13 digits
    ],
)
def test_luhn_valid_card_numbers(number: str) -> None:
    assert scrub(f"my card is {number} thanks") == "my card is [card] thanks"


@pytest.mark.parametrize("number", ["1234 5678 9012 3456", "1234-5678-9012-3456"])
def test_four_groups_of_four_are_a_card_whatever_their_checksum(number: str) -> None:
    assert scrub(f"card {number} ok") == "card [card] ok"


# This list also held "order 4111111111111112" (16 digits, now a card whatever their checksum),
# "call +31 6 1234 5678" and "phone 555-123-4567" (now phone numbers), "the code is 123456" and
# "pin 0000" (now PINs): they moved to the hidden side, below.
@pytest.mark.parametrize(
    "text",
    [
        "ref 12345678901234",  # 14 digits that fail Luhn
        "id 1234567890123456789",  # 19 digits that fail Luhn
        "on 2024-01-10 at 12:30",
        "2024-01-10T12:00:00+01:00",
        "ISBN 978-3-16-148410-0",
    ],
)
def test_digit_runs_that_are_not_cards_stay(text: str) -> None:
    assert scrub(text) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("order 4111111111111112", "order [card]"),  # was kept: it fails Luhn
        ("card 1234567890123456", "card [card]"),
        ("Karte 1234-5678-9012-3457, danke", "Karte [card], danke"),
        ("amex 378282246310006", "amex [card]"),  # 15 digits that fail Luhn
    ],
)
def test_fifteen_or_sixteen_digits_are_a_card_whatever_their_checksum(
    text: str, expected: str
) -> None:
    assert scrub(text) == expected


def test_a_card_inside_a_sentence_keeps_its_punctuation() -> None:
    assert scrub("Use 4111 1111 1111 1111.") == "Use [card]."


# --- passwords, secrets, tokens, api keys ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("password: hunter22", "password: [secret]"),
        ("Password:hunter22", "Password:[secret]"),
        ("my password is hunter22", "my password is [secret]"),
        ("The PASSWORD is hunter22!", "The PASSWORD is [secret]"),
        ("passwd=hunter22", "passwd=[secret]"),
        ("pwd: 'hunter22'", "pwd: [secret]"),
        ('password = "hunter22", ok', "password = [secret], ok"),
        ("my passphrase: correct-horse", "my passphrase: [secret]"),
        ("secret=s3cr3t", "secret=[secret]"),
        ("api_key=abc123xyz", "api_key=[secret]"),
        ("API key: abc123xyz", "API key: [secret]"),
        ("apikey abc123xyz", "apikey [secret]"),
        ("api-key=abc123xyz; next", "api-key=[secret]; next"),
        ("access_key: AKIAIOSFODNN7EXAMPLE", "access_key: [secret]"),
        ("private key = abc.def", "private key = [secret]"),
        ("token abcdef", "token [secret]"),
        ("token: abc", "token: [secret]"),
        ("the token is 9f8e7d", "the token is [secret]"),
        ("auth=opensesame", "auth=[secret]"),
    ],
)
def test_values_after_secret_words(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "passwords are hard",
        "I lost my token",
        "She told me a secret: ok",  # the value is too short to be a secret
        "tokens",
        "my secret",
    ],
)
def test_secret_words_without_a_value_stay(text: str) -> None:
    assert scrub(text) == text


def test_bearer_tokens() -> None:
    assert scrub("curl -H 'Bearer abc.def-ghi_jkl'") == "curl -H 'Bearer [token]'"
    assert scrub("bearer eyJhbGciOiJIUzI1NiJ9.e30.x") == "Bearer [token]"
    assert scrub("Authorization: Bearer abcdefghijklmnop") == "Authorization: Bearer [token]"


def test_a_short_bearer_word_stays() -> None:
    assert scrub("Bearer bonds") == "Bearer bonds"


@pytest.mark.parametrize(
    "key",
    [
        "sk-ant-api03-abcdefghijklmnopqrstuvwxyz",
        "sk-ant-api03-AbC_dEf-123",
        "sk-proj-abcdefghijklmnop",
        "ghp_abcdefghijklmnopqrstuvwxyz0123",
        "xoxb-123456789012-abc",
        "AKIAIOSFODNN7EXAMPLE",
    ],
)
def test_known_key_prefixes(key: str) -> None:
    assert scrub(f"use {key} now") == "use [token] now"


@pytest.mark.parametrize(
    "token",
    [
        "abcdefghijklmnopqrstuvwx1234",
        "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b",
        "A1B2C3D4E5F6G7H8I9J0K1L2",  # exactly 24
        "supercalifragilisticexpialidocious1",
        "AbCdEfGhIjKlMnOpQrStUvWxYzAbCdEfGh",  # letters only, but mixed case and 34 long
    ],
)
def test_long_random_tokens(token: str) -> None:
    assert scrub(f"here {token} there") == "here [token] there"


@pytest.mark.parametrize(
    "word",
    [
        "A1B2C3D4E5F6G7H8I9J0K1L",  # 23 characters: too short
        "internationalization-localization",  # no digit
        "abcdefghijklmnopqrstuvwxyzabcdef",  # letters only
        "123456789012345678901234567",  # digits only
    ],
)
def test_long_words_that_are_not_tokens_stay(word: str) -> None:
    assert scrub(f"here {word} there") == f"here {word} there"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Passwort: hunter22", "Passwort: [secret]"),
        ("das Passwort ist hunter22", "das Passwort ist [secret]"),
        ("Mein Kennwort lautet Sommer2024", "Mein Kennwort lautet [secret]"),
        ("mein Kennwort: geheim!", "mein Kennwort: [secret]"),
        ("le mot de passe est soleil42", "le mot de passe est [secret]"),
        ("mot de passe: soleil42", "mot de passe: [secret]"),
        ("la contraseña es gato123", "la contraseña es [secret]"),
        ("contraseña: gato123", "contraseña: [secret]"),
        ("the passcode is 8642", "the passcode is [secret]"),
        ("pass: hunter22", "pass: [secret]"),
        ("pw hunter22", "pw [secret]"),
        ("password is: hunter22", "password is: [secret]"),
        ("the password for the router is hunter22", "the password for the router is [secret]"),
        ("Das Passwort für das WLAN ist hunter22", "Das Passwort für das WLAN ist [secret]"),
    ],
)
def test_other_spellings_of_password(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'll pass the salt",  # "pass" alone needs a ":" or "=" after it
        "let it pass",
        "Passwörter sind schwer",
    ],
)
def test_pass_without_a_value_stays(text: str) -> None:
    assert scrub(text) == text


# --- AWS keys -------------------------------------------------------------------------------

AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"aws secret access key: {AWS_SECRET}", "aws secret access key: [secret]"),
        (f"AWS_SECRET_ACCESS_KEY={AWS_SECRET}", "AWS_SECRET_ACCESS_KEY=[secret]"),
        (f"aws_secret_access_key = {AWS_SECRET}", "aws_secret_access_key = [secret]"),
        (f"my aws secret is {AWS_SECRET}", "my aws secret is [secret]"),
        (f"the secret access key is {AWS_SECRET}", "the secret access key is [secret]"),
        (f"aws secret key {AWS_SECRET}", "aws secret key [secret]"),
        (f"Der AWS-Schlüssel: {AWS_SECRET}", "Der AWS-Schlüssel: [token]"),
        (f"here it is: {AWS_SECRET} ok", "here it is: [token] ok"),
        (f"({AWS_SECRET})", "([token])"),
        ("aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "aws_access_key_id = [token]"),
        ("temporary key ASIAY34FZKBOKMUTVV7A", "temporary key [token]"),
    ],
)
def test_aws_keys(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the ASIAN market",
        "ASIA is big",
        "Users/alex/Documents/holiday/pictures/ab",  # 40 characters, but no digit
        "Users/Alex/Documents/Holiday2024/Pics/ab",  # 40, with a digit, but five slashes
    ],
)
def test_things_shaped_a_little_like_aws_keys_stay(text: str) -> None:
    assert scrub(text) == text


# --- PINs and codes -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("my PIN is 1234", "my PIN is [secret]"),
        ("PIN: 4711", "PIN: [secret]"),
        ("pin 0000", "pin [secret]"),  # was kept
        ("SIM PIN 9876", "SIM PIN [secret]"),
        ("the PIN for my card is 2468", "the PIN for my card is [secret]"),
        ("PIN code 1234", "PIN code [secret]"),
        ("the code is 4711", "the code is [secret]"),
        ("the code is 123456", "the code is [secret]"),  # was kept
        ("code: 1234", "code: [secret]"),
        ("door code 0000", "door code [secret]"),
        ("the front door code is 2580.", "the front door code is [secret]."),
        ("gate code: 1357", "gate code: [secret]"),
        ("alarm code = 8642#", "alarm code = [secret]#"),
        ("garage code 12345678", "garage code [secret]"),
        ("the safe code is 31337", "the safe code is [secret]"),
        ("the secret code is 1234", "the secret code is [secret]"),
        ("the combination is 4321", "the combination is [secret]"),
        ("the code for the gate is 1234", "the code for the gate is [secret]"),
        ("Zahlencode 4711", "Zahlencode [secret]"),
        ("Türcode ist 1234", "Türcode ist [secret]"),
        ("Geheimzahl 1234", "Geheimzahl [secret]"),
        ("meine PIN lautet 0815", "meine PIN lautet [secret]"),
        ("PIN-Code: 1234", "PIN-Code: [secret]"),
        ("der Torcode ist 1122", "der Torcode ist [secret]"),
        ("Tresorcode: 999999", "Tresorcode: [secret]"),
        ("Alarmanlagen-Code 4711", "Alarmanlagen-Code [secret]"),
        ("Der Code für die Haustür ist 2580", "Der Code für die Haustür ist [secret]"),
    ],
)
def test_pins_and_codes(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "I have 1234 steps",
        "error code: 404",
        "HTTP status code: 200",
        "the zip code is 10115",
        "exit code = 127",
        "code 12",  # a bare "code" before digits: a PIN's length at least
        "the code is ready",
        "PIN 12",  # too short
        "pin 17 on the board",
        "the code is 123456789",  # too long for a PIN
        "code: 2026-12-01",  # a date
        "code: 12:30",
    ],
)
def test_numbers_that_are_not_pins_stay(text: str) -> None:
    assert scrub(text) == text


# --- Wi-Fi keys -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("wifi password hunter22", "wifi password [secret]"),
        ("Wi-Fi key: Sunny,Day;42", "Wi-Fi key: [secret]"),  # up to whitespace, commas too
        ("the WiFi password is 'correct horse'", "the WiFi password is [secret]"),
        ("wlan key 1234567890", "wlan key [secret]"),
        ("WLAN-Passwort: abc,def", "WLAN-Passwort: [secret]"),
        ('WLAN-Schlüssel ist "meine katze 42"', "WLAN-Schlüssel ist [secret]"),
        ("der WLAN Key lautet Xy7!pq,9 ok", "der WLAN Key lautet [secret] ok"),
        ("Netzwerkschlüssel: 0815abc", "Netzwerkschlüssel: [secret]"),
        ("network key 0x0102030405", "network key [secret]"),
        ("WPA key=xyz123", "WPA key=[secret]"),
        ("WPA2-PSK: s3cret-wifi", "WPA2-PSK: [secret]"),
        ("SSID HomeNet password hunter22", "SSID HomeNet password [secret]"),
        ("SSID is HomeNet and the key is hunter22", "SSID is HomeNet and the key is [secret]"),
    ],
)
def test_wifi_keys(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text", ["the wifi is slow", "WLAN ist aus", "network keys are rotated", "SSID HomeNet"]
)
def test_wifi_talk_without_a_key_stays(text: str) -> None:
    assert scrub(text) == text


# --- IBANs ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("DE89 3704 0044 0532 0130 00", "[iban]"),
        ("DE89370400440532013000", "[iban]"),
        ("GB82WEST12345698765432", "[iban]"),
        ("GB82 WEST 1234 5698 7654 32", "[iban]"),
        ("meine IBAN: DE89 3704 0044 0532 0130 00, danke", "meine IBAN: [iban], danke"),
        ("pay to NL91 ABNA 0417 1643 00 today", "pay to [iban] today"),
        ("AT61 1904 3002 3457 3201 und", "[iban] und"),  # a word of four after it stays
        ("NO9386011117947", "[iban]"),
        ("de89370400440532013000", "[iban]"),  # lower case: the checksum holds
        ("DE89370400440532013001", "[iban]"),  # checksum fails, but it is shaped like one
        ("my IBAN is DE89 3704 0044 0532 0130 01", "my IBAN is [iban]"),
        ("IBAN: DE12 3456 7890 1234", "IBAN: [iban]"),  # said so: whatever its length
    ],
)
def test_ibans(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "be12c3d4e5f60718",  # a hex digest: lower case, and its checksum fails
        "XY12 3456 7890",  # no such country
        "DE12 3456",
        "ab12 cdef ghij klmn",
    ],
)
def test_things_shaped_a_little_like_ibans_stay(text: str) -> None:
    assert scrub(text) == text


# --- phone numbers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("call +44 7700 900123", "call [phone]"),
        ("+49 176 12345678", "[phone]"),
        ("ruf an: 0049 30 1234567", "ruf an: [phone]"),
        ("+1 (555) 123-4567", "[phone]"),
        ("call +31 6 1234 5678", "call [phone]"),  # was kept
        ("+44 (0)20 7946 0958", "[phone]"),
        ("tel:+4917612345678", "tel:[phone]"),
        ("(555) 123-4567", "[phone]"),
        ("phone 555-123-4567", "phone [phone]"),  # was kept
        ("555.123.4567 or 1-555-123-4567", "[phone] or [phone]"),
        ("0176 12345678", "[phone]"),
        ("030 1234567", "[phone]"),
        ("07700 900123", "[phone]"),
        ("Tel.: 030/1234567", "Tel.: [phone]"),
        ("meine Nummer ist 0176-12345678.", "meine Nummer ist [phone]."),
        ("appelle le 06 12 34 56 78", "appelle le [phone]"),
        ("(+49 176 12345678)", "([phone])"),
        ("+49 176 12345678 2026", "[phone] 2026"),  # at most 15 digits: a count after stays
    ],
)
def test_phone_numbers(text: str, expected: str) -> None:
    assert scrub(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "2026-12-01",
        "2026-12-01T10:00:00+00:00",
        "2026-12-01T10:00:00.123456+01:00",
        "10:00",
        "from 08:00 to 17:30",
        "offset +01:00",
        "version 2026.11.0",
        "ISBN 978-3-16-148410-0",
        "ISBN 0-306-40615-2",
        "I have 1234 steps",
        "We walked 12 km in 3 hours, 20 minutes.",
        "Battery at 19%, plugged in.",
        "+5 points",
        "room 101 and 202",
        "3.14159 and -0.3 and 0.433",
        "01.12.2026",
        "01/12/2026",
        "on 01/12/2026 14 people came",
        "http://127.0.0.1:8123",
        "the 0800 and 0900 slots",
    ],
)
def test_numbers_that_are_not_phone_numbers_stay(text: str) -> None:
    assert scrub(text) == text


# --- what the pet writes itself keeps its structure -----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "### 09:30 [shelldon] Alex watered the plants",
        "### 23:59 [owner] good night",
        "  - id: g3 · kind: reach_out · from: promise · strategy: single_minded · "
        "due: 2026-12-01T20:00+00:00 · made: 2026-12-01T09:30+00:00",
        "  - id: g12 · kind: learn · from: curiosity · strategy: open_minded · due: - · "
        "made: 2026-11-30T08:00+00:00 · settled: 2026-12-02T08:15+00:00",
        "- [ ] call the plumber",
        "- [x] water the plants",
        "- Alex's sister is called Ada (2026-11-30)",
        "- Alex drinks 2 cups of tea a day, 3 on Mondays (2026-12-01)",
        "valence: [-1.0, 0.2]",
        "  arousal: [0.15, 1.0]",
        "    - -0.3",
        '{"tick": 1, "at": "2026-11-30T20:30:01+00:00", "ref": "need:integrity", "score": 0.433}',
        '{"subject": "presence:person.alex", "value": "home", "confidence": 1.0}',
    ],
)
def test_structured_lines_pass_unchanged(text: str) -> None:
    assert scrub(text) == text


FACES_YAML = """\
# shelldon's faces: the first face whose box holds the mood is shown; the last is the catch-all.
# when: valence/arousal [-1..1] and energy [0..1] ranges, power: [lively, eased, low].
faces:
- name: sleepy
  feeling: sleepy
  when:
    arousal:
    - -1.0
    - -0.3
  look:
    eyes: closed
    mouth: small_o
    extra: zzz
- name: excited
  when:
    valence: [0.3, 1.0]
    arousal: [0.3, 1.0]
"""


def test_a_faces_file_passes_unchanged() -> None:
    assert scrub(FACES_YAML) == FACES_YAML


def test_a_secret_in_a_journal_line_keeps_the_line() -> None:
    line = "### 09:30 [shelldon] Alex said the door code is 4711, call +49 176 12345678"
    assert scrub(line) == "### 09:30 [shelldon] Alex said the door code is [secret], call [phone]"


# --- ordinary prose -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [*ORDINARY_PROSE, "Battery at 19%, plugged in.", ""],
)
def test_ordinary_prose_is_unchanged(text: str) -> None:
    assert scrub(text) == text


def test_several_secrets_in_one_line() -> None:
    text = "mail a@b.io, card 4111 1111 1111 1111, password: hunter22, key sk-ant-abcdefghijklmn"
    assert scrub(text) == "mail [email], card [card], password: [secret], key [token]"


def test_a_quoted_passphrase_is_hidden_whole() -> None:
    out = scrub('my passphrase is "correct horse battery staple"')
    assert "horse" not in out
    assert "staple" not in out


@pytest.mark.parametrize(
    "text",
    [
        "see abcdefghijklmnopqrstuvwx1234.txt now",
        "key sk-abcdefghijklmnopq.com",
        "(ghp_abcdefghijklmnopqrstuv)x",
    ],
)
def test_scrub_is_idempotent_next_to_punctuation(text: str) -> None:
    once = scrub(text)
    assert scrub(once) == once


# --- scrub_data -----------------------------------------------------------------------------


def test_scrub_data_recurses() -> None:
    data = {
        "about": "password: hunter22",
        "n": 3,
        "ok": True,
        "none": None,
        "nested": {"to": ["a@b.io", ("4111 1111 1111 1111",)], "x": 1.5},
    }
    assert scrub_data(data) == {
        "about": "password: [secret]",
        "n": 3,
        "ok": True,
        "none": None,
        "nested": {"to": ["[email]", ["[card]"]], "x": 1.5},
    }


def test_scrub_data_leaves_keys_alone() -> None:
    assert scrub_data({"password": "x"}) == {"password": "x"}  # a one-char value is no secret
    assert scrub_data({"a@b.io": "hi"}) == {"a@b.io": "hi"}


def test_scrub_data_plain_values() -> None:
    assert scrub_data("token abcdef") == "token [secret]"
    assert scrub_data(42) == 42
    assert scrub_data(None) is None
    assert scrub_data([]) == []


# What a checkpoint of the pet holds passes through unchanged (the 16-hex digest in an action id
# like SHELLDON_REPLY_3f9a1c2b7d4e5f60 too: it names a notification and is no secret).
CHECKPOINT = {
    "version": 3,
    "saved_at": "2026-12-01T10:00:00.123456+01:00",
    "tick": "1042",
    "state": "engaged",
    "goals": [
        {
            "id": "g12",
            "kind": "reach_out",
            "from": "promise",
            "due": "2026-12-01T20:00+00:00",
            "made": "2026-12-01T09:30+00:00",
        }
    ],
    "promises": [{"id": "p3", "text": "look into the tea shop", "due": "2026-12-02"}],
    "signals": {"last": "s1042", "ref": "need:closure", "at": "2026-12-01T10:00:00+00:00"},
    "world": {
        "sensor.pisugar_battery": "87",
        "person.alex": "home",
        "binary_sensor.front_door_contact_2": "off",
        "sensor.living_room_temperature_humidity_2": "21.5",
    },
    "entities": [
        "sensor.pisugar_battery",
        "person.alex",
        "notify.mobile_app_phone",
        "binary_sensor.front_door_contact_2",
        "sensor.living_room_temperature_humidity_2",
    ],
    "pending": [
        {
            "action": "SHELLDON_REPLY_3f9a1c2b7d4e5f60",
            "target": "notify.mobile_app_phone",
            "sent": "2026-12-01T10:00:00+00:00",
        }
    ],
    "digests": ["3f9a1c2b7d4e5f60", "0123abcd4567ef89", "a1b2c3d4e5f60718"],
    "url": "http://127.0.0.1:8123",
    "files": ["knowledge/reference/tea.md", "journal/2026-12-01.md", "goals.md"],
    "numbers": ["0", "3", "42", "0.433", "-0.3", "19", "100", "1733040000", "2026.11.0"],
    "mood": {"valence": "0.2", "arousal": "-0.3", "face": "sleepy"},
    "times": ["10:00", "09:30", "2026-12-01", "2026-11-30T20:30:01+00:00"],
}


def test_a_checkpoint_passes_unchanged() -> None:
    assert scrub_data(CHECKPOINT) == CHECKPOINT


def test_scrub_data_does_not_mutate_its_input() -> None:
    data = {"a": ["password: hunter22"]}
    scrub_data(data)
    assert data == {"a": ["password: hunter22"]}


# --- speed ----------------------------------------------------------------------------------
# Whole documents are scrubbed; every pattern must be linear. Nothing is asserted about time:
# a quadratic pattern simply would not finish (hyphen or dot runs once took minutes).


def test_two_megabytes_of_prose_and_digits_are_scrubbed() -> None:
    line = (
        "On 2026-12-01 at 10:30 Alex walked 12 km in 3 hours (19% battery), read pages 120-145 "
        "of 978-3-16-148410-0, version 2026.11.0, 4711 steps, 0.433 and -0.3, room 101.\n"
    )
    text = line * (2_000_000 // len(line))
    assert scrub(text) == text


@pytest.mark.parametrize(
    "unit",
    ["a-", "a.", "1-", "1.", "1 ", "01 ", "+1 ", "x_", "((", "DE12 ", "code is ", "SSID ", "a@"],
)
def test_long_runs_of_one_shape_are_scrubbed(unit: str) -> None:
    text = unit * (200_000 // len(unit))
    assert scrub(scrub(text)) == scrub(text)


# --- properties -----------------------------------------------------------------------------

PROSE = st.lists(
    st.sampled_from(
        [
            "the",
            "cat",
            "sat",
            "on",
            "mat",
            "tonight",
            "at",
            "8",
            "I'll",
            "look",
            "into",
            "that",
            "ok",
            "2024-01-10",
            "12:30",
            "is",
            "my",
        ]
    ),
    max_size=6,
).map(" ".join)
SECRET_TEXT = st.text(
    alphabet=string.ascii_letters + string.digits + "!@#$%^&*_-+.", min_size=8, max_size=30
).filter(lambda s: sum(c.isalnum() for c in s) >= 3)
TOKEN68 = st.text(
    alphabet=string.ascii_letters + string.digits + "-._~+/", min_size=8, max_size=40
).filter(lambda s: any(c.isalnum() for c in s))
PHRASINGS = st.sampled_from(
    [
        "password: {}",
        "my password is {}",
        "Password={}",
        "api_key={}",
        "API key: {}",
        "token {}",
        "secret={}",
        "pwd={}",
        "passphrase is {}",
        "access_key: {}",
        "Authorization: {}",
    ]
)
LONG_TOKEN = st.text(
    alphabet=string.ascii_letters + string.digits, min_size=24, max_size=48
).filter(lambda s: any(c.isdigit() for c in s) and any(c.isalpha() for c in s))
PIN_PHRASINGS = st.sampled_from(
    [
        "my PIN is {}",
        "PIN: {}",
        "the door code is {}",
        "gate code {}",
        "code: {}",
        "the alarm code = {}",
        "Türcode ist {}",
        "Geheimzahl {}",
        "Zahlencode {}",
    ]
)
PIN_DIGITS = st.from_regex(r"[0-9]{3,8}", fullmatch=True)
WIFI_PHRASINGS = st.sampled_from(
    [
        "wifi password {}",
        "Wi-Fi key: {}",
        "WLAN-Passwort: {}",
        "WLAN-Schlüssel ist {}",
        "network key {}",
        "WPA2 key={}",
        "SSID HomeNet password {}",
    ]
)
WIFI_KEY = st.text(
    alphabet=string.ascii_letters + string.digits + "!#$%&*+,-./;<>?@^_~", min_size=3, max_size=30
).filter(lambda s: s[0].isalnum())
DIGIT = st.sampled_from("0123456789")
NONZERO = st.sampled_from("123456789")


def _digits(low: int, high: int) -> st.SearchStrategy[str]:
    return st.lists(DIGIT, min_size=low, max_size=high).map("".join)


PHONE_NUMBER = st.one_of(
    st.builds(
        "+{} {}{} {}".format,
        st.sampled_from(["1", "31", "44", "49"]),
        NONZERO,
        _digits(1, 3),
        _digits(6, 8),
    ),
    st.builds("0{}{} {}".format, NONZERO, _digits(1, 3), _digits(6, 8)),
    st.builds("({}{}) {}-{}".format, NONZERO, _digits(2, 2), _digits(3, 3), _digits(4, 4)),
)


def _iban(country: str, bban: str) -> str:
    moved = bban + country + "00"
    check = 98 - int("".join(str(int(c, 36)) for c in moved)) % 97
    return f"{country}{check:02d}{bban}"


IBAN_NUMBER = st.one_of(
    _digits(18, 18).map(lambda bban: _iban("DE", bban)),
    _digits(14, 14).map(lambda bban: _iban("GB", "WEST" + bban)),
).flatmap(
    lambda iban: st.sampled_from([iban, " ".join(iban[i : i + 4] for i in range(0, len(iban), 4))])
)
BASE64 = string.ascii_letters + string.digits + "/+"
AWS_KEY = st.text(alphabet=BASE64, min_size=40, max_size=40).filter(
    lambda s: any(c.isdigit() for c in s)
    and any(c.isupper() for c in s)
    and any(c.islower() for c in s)
    and s.count("/") <= 3
)
FRAGMENT = st.one_of(
    PROSE,
    st.builds(str.format, PHRASINGS, SECRET_TEXT),
    TOKEN68.map("Bearer {}".format),
    LONG_TOKEN,
    st.sampled_from(
        ["a@b.io", "jane.doe@example.com", "4111 1111 1111 1111", "sk-ant-abc123def456ghi"]
    ),
    st.builds(str.format, PIN_PHRASINGS, PIN_DIGITS),
    st.builds(str.format, WIFI_PHRASINGS, WIFI_KEY),
    PHONE_NUMBER,
    IBAN_NUMBER,
    AWS_KEY,
    st.from_regex(r"[+(]?[0-9][0-9 ().:/-]{0,24}", fullmatch=True),
    st.sampled_from(
        [
            "[secret]",
            "[phone]",
            "[token]",
            "[card]",
            "[iban]",
            "[shelldon]",
            "2026-12-01T10:00:00.123456+01:00",
            "SHELLDON_REPLY_3f9a1c2b7d4e5f60",
            "sensor.pisugar_battery",
            "DE89 3704 0044 0532 0130 00",
            "+49 176 12345678",
            "IBAN",
            "code",
            "PIN",
            "is",
            "·",
        ]
    ),
)
# Fragments joined by nothing at all, too: a marker must never make a neighbour match.
JOINED = st.lists(
    st.tuples(FRAGMENT, st.sampled_from(["", *" -:/+.,=()[]\n"])),
    max_size=6,
).map(lambda parts: "".join(fragment + glue for fragment, glue in parts))


@PROPERTY
@given(before=PROSE, phrasing=PHRASINGS, secret=SECRET_TEXT, after=PROSE)
def test_planted_secrets_never_survive(before: str, phrasing: str, secret: str, after: str) -> None:
    out = scrub(f"{before} {phrasing.format(secret)} {after}")
    assert secret not in out


@PROPERTY
@given(before=PROSE, token=TOKEN68, after=PROSE)
def test_planted_bearer_tokens_never_survive(before: str, token: str, after: str) -> None:
    assert token not in scrub(f"{before} Bearer {token} {after}")


@PROPERTY
@given(before=PROSE, token=LONG_TOKEN, after=PROSE)
def test_planted_long_tokens_never_survive(before: str, token: str, after: str) -> None:
    assert token not in scrub(f"{before} {token} {after}")


@PROPERTY
@given(before=PROSE, phrasing=PIN_PHRASINGS, pin=PIN_DIGITS, after=PROSE)
def test_planted_pins_never_survive(before: str, phrasing: str, pin: str, after: str) -> None:
    out = scrub(f"{before} {phrasing.format(pin)} {after}")
    assert phrasing.format(SECRET) in out


@PROPERTY
@given(before=PROSE, phrasing=WIFI_PHRASINGS, key=WIFI_KEY, after=PROSE)
def test_planted_wifi_keys_never_survive(before: str, phrasing: str, key: str, after: str) -> None:
    out = scrub(f"{before} {phrasing.format(key)} {after}")
    assert phrasing.format(SECRET) in out


@PROPERTY
@given(before=PROSE, number=PHONE_NUMBER, after=PROSE)
def test_planted_phone_numbers_never_survive(before: str, number: str, after: str) -> None:
    assert number not in scrub(f"{before} {number} {after}")


@PROPERTY
@given(before=PROSE, iban=IBAN_NUMBER, after=PROSE)
def test_planted_ibans_never_survive(before: str, iban: str, after: str) -> None:
    assert IBAN in scrub(f"{before} {iban} {after}")


@PROPERTY
@given(before=PROSE, key=AWS_KEY, after=PROSE)
def test_planted_aws_keys_never_survive(before: str, key: str, after: str) -> None:
    assert key not in scrub(f"{before} {key} {after}")


@PROPERTY
@given(st.lists(FRAGMENT, max_size=6).map(" ".join))
def test_scrub_is_idempotent(text: str) -> None:
    once = scrub(text)
    assert scrub(once) == once


@PROPERTY
@given(JOINED)
def test_scrub_is_idempotent_whatever_joins_the_pieces(text: str) -> None:
    once = scrub(text)
    assert scrub(once) == once


# Key words are looked for in the text in lower case, where the engine is fastest; a letter
# whose lower case is longer (the Turkish İ) makes the scrubber search the text itself instead.
# Both ways must find the same.
KEY_PHRASE = st.sampled_from(
    [
        "password: hunter22",
        "the password for the router is hunter22",
        "mot de passe: soleil42",
        "AWS_SECRET_ACCESS_KEY=abc123def",
        "aws secret key abc123def",
        "api_key=abc123",
        "Bearer abcdefghijkl",
        "sk-ant-abcdefghijklmnop",
        "xoxb-123456789012-abc",
        "ASIAY34FZKBOKMUTVV7A",
        "the front door code is 2580",
        "SIM PIN 9876",
        "Haustür-Code 1234",
        "Zahlenkombination 4711",
        "the combination is 4321",
        "secret number 1234",
        "code: 1234",
        "error code: 404",
        "WPA2-PSK: s3cret",
        "Wi-Fi key: Sunny,Day",
        "SSID HomeNet key hunter22",
        "Netzwerkschlüssel: 0815abc",
    ]
)
RANDOM_CASE = st.tuples(KEY_PHRASE, st.randoms(use_true_random=False)).map(
    lambda pair: "".join(c.upper() if pair[1].random() < 0.5 else c for c in pair[0])
)


@PROPERTY
@given(st.lists(st.one_of(KEY_PHRASE, RANDOM_CASE, PROSE), max_size=6).map(" ".join))
def test_key_words_are_found_in_lower_case_as_in_the_text(text: str) -> None:
    assert scrub(text + "\nİ") == scrub(text) + "\nİ"


# Numbers always separated by words: two dates side by side can pass Luhn as one 16-digit run.
PLAIN = st.sampled_from(["the cat", "at 8", "on 2024-01-10 we", "12:30 is", "ok", "I'll look"])


@PROPERTY
@given(st.lists(PLAIN).map(" ".join))
def test_prose_is_a_fixed_point(text: str) -> None:
    assert scrub(text) == text
