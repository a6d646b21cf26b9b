"""The secret shapes: each kind of secret is hidden, and the prose that only looks like it stays.

A case is written with its secret between ⟦ and ⟧: the scrubbed text must be the text around it
unchanged with one marker where the secret was. A case without ⟦⟧ must come out unchanged. Every
case is also scrubbed twice: a scrubbed text stays as it is.
"""

from __future__ import annotations

import re
import string

import pytest

from custom_components.shelldon.core.secrets.scrub import scrub

_MARKED: re.Pattern[str] = re.compile(r"⟦(.*?)⟧", re.S)
_ANY_MARKER = r"\[(?:secret|token|card|email|phone|iban)\]"


def _check(case: str) -> None:
    """Scrub the case: the marked secret is gone and the rest stays; unmarked text stays."""
    text = _MARKED.sub(lambda match: match.group(1), case)
    out = scrub(text)
    assert scrub(out) == out, f"not idempotent: {text!r} -> {out!r} -> {scrub(out)!r}"
    marked = _MARKED.search(case)
    if marked is None:
        assert out == text
        return
    secret = marked.group(1)
    before, after = case[: marked.start()], case[marked.end() :]
    assert re.fullmatch(re.escape(before) + _ANY_MARKER + re.escape(after), out, re.S), out
    if secret not in before + after:
        assert secret not in out


def _ids(cases: list[str]) -> list[str]:
    return [case.replace("\n", "⏎")[:60] for case in cases]


def cases(*items: str) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("case", list(items), ids=_ids(list(items)))


# --- credentials inside URLs ----------------------------------------------------------------


@cases(
    "see https://⟦alex:hunter22⟧@example.com/path",
    "see http://⟦alex⟧@example.com/path",
    "postgres://⟦admin:s3cretpw⟧@db.local:5432/app",
    "mongodb+srv://⟦user:p4ssw0rd⟧@cluster0.mongodb.net/test?retryWrites=true",
    "ftp://⟦bob:ftppass1⟧@ftp.example.org/files",
    "ftp://⟦anonymous⟧@ftp.example.org",
    "rtsp://⟦admin:12345⟧@192.168.1.64:554/stream",
    "HTTPS://⟦ALEX:PW⟧@HOST",
    "jdbc:postgresql://⟦user:pw12⟧@host/db",
    "redis://⟦:hunter22⟧@localhost:6379/0",
    "url=https://⟦alex:p%40ss⟧@host.example",
    "[cam](https://⟦alex:hunter22⟧@host.example/x)",
    "(https://⟦alex:hunter22⟧@host.example).",
    '"https://⟦alex:hunter22⟧@host.example"',
    # no credential in these
    "see https://www.home-assistant.io/docs/",
    "http://homeassistant.local:8123/config/integrations",
    "http://127.0.0.1:8123/lovelace",
    "https://github.com/home-assistant/core/pull/12345",
    "https://medium.com/@alex/post",
    "mysql://localhost:3306/db",
    "https://example.com/watch?v=dQw4w9WgXcQ",
)
def test_credentials_inside_urls(case: str) -> None:
    _check(case)


# --- secrets in a URL's query ---------------------------------------------------------------


@cases(
    "https://example.com/a?sig=⟦abcDEF123xyz⟧&x=1",
    "https://example.com/f?Signature=⟦abcdef1234567890⟧",
    "https://api.example.com/v1?key=⟦AIzaabc123⟧",
    "https://example.com/cb?code=⟦4/0AbCdEf⟧&state=x",
    "https://example.com/?token=⟦abc123def⟧",
    "https://example.com/?access_token=⟦abc123def⟧&x=1",
    "https://example.com/?refresh_token=⟦abcdef123456⟧",
    "https://example.com/?id_token=⟦abcdef123456⟧ ok",
    "https://example.com/?password=⟦hunter22⟧",
    "https://example.com/login?user=bob;pass=⟦hunter22⟧",
    "https://example.com/?client_secret=⟦abcdef1234567890⟧#top",
    "https://example.com/?apikey=⟦abcdef1234567890⟧",
    "https://example.com/?KEY=⟦abcdef1234⟧",
    "see <https://example.com/?auth=⟦abcdef1234⟧>",
    "https://example.com/?x=1&secret=⟦abc%2Fdef%3D⟧&y=2",
    # no secret in these
    "https://example.com/path?q=cats&page=2&sort=asc",
    "https://example.com/search?keyword=cats",
    "https://example.com/?monkey=banana",
    "https://maps.example.com/?ll=52.37,4.89&z=12",
    "https://example.com/?a=1&sig=",
)
def test_secrets_in_url_queries(case: str) -> None:
    _check(case)


# --- NAME_PASSWORD=x and headers ------------------------------------------------------------


@cases(
    "NAME_PASSWORD=⟦hunter22⟧",
    "DB_PASS=⟦hunter22⟧",
    "MQTT_PASSWORD=⟦hunter22⟧",
    "GITHUB_TOKEN=⟦abc123xyz⟧",
    "my_api_key=⟦abc123xyz⟧",
    "access_token=⟦abc123xyz⟧",
    "refresh_token: ⟦abc123xyz⟧",
    "client_secret=⟦abc123xyz⟧",
    "SECRET_KEY=⟦abc123xyz⟧",
    "export OPENAI_API_KEY=⟦abc123xyz⟧ && run",
    "db_password = ⟦hunter22⟧",
    "x-auth-token: ⟦abc123xyz⟧",
    "X-Auth-Token: ⟦abc123xyz⟧",
    "X-API-Key: ⟦abc123xyz⟧",
    # names of settings, no secret
    "PASSWORD_MIN_LENGTH=12",
    "token_count=42",
    "max_tokens=1024",
    "input_tokens: 1200",
    "password_changed: true",
    "token_type=bearer",
    "my_api_keys=3",
    "passwordless login",
)
def test_secret_settings_and_headers(case: str) -> None:
    _check(case)


# --- card numbers with other gaps -----------------------------------------------------------

_GAPS = {
    "dot": ".",
    "no-break space": "\u00a0",
    "figure space": "\u2007",
    "thin space": "\u2009",
    "narrow no-break space": "\u202f",
}


@pytest.mark.parametrize("gap", list(_GAPS.values()), ids=list(_GAPS))
@pytest.mark.parametrize(
    "number", ["4111{0}1111{0}1111{0}1111", "5500{0}0000{0}0000{0}0004", "3782{0}822463{0}10005"]
)
def test_card_numbers_with_other_gaps(number: str, gap: str) -> None:
    card = number.format(gap)
    _check(f"my card is ⟦{card}⟧ thanks")
    _check(f"(⟦{card}⟧).")


@cases(
    "card ⟦4111 1111.1111-1111⟧ ok",  # mixed gaps
    # not cards
    "version 1.2.3.4",
    "ip 192.168.1.1",
    "on 10.01.2024",
    "version 2026.11.0",
    "2026.11.0\u00a0release",
    "12\u00a0345 steps",
    "price 1\u202f234,56 €",
    "from 10\u2009000 to 20\u2009000",
)
def test_other_gapped_numbers(case: str) -> None:
    _check(case)


# --- alarm codes ----------------------------------------------------------------------------


@cases(
    "the alarm is ⟦4321⟧",
    "the alarm is ⟦4321⟧.",
    "alarm: ⟦0000⟧",
    "Alarm = ⟦2580⟧",
    "disarm ⟦1234⟧ please",
    "disarm code: ⟦8765⟧",
    "the alarm code is ⟦2580⟧",
    # times and talk about alarms
    "alarm at 7:00",
    "set the alarm at 7:00",
    "alarm at 0700",
    "set an alarm for 06:30",
    "my alarm is set for 6:30",
    "the alarm is 12:30",
    "the alarm is on",
    "the alarm went off 3 times",
    "the alarm rang at 0600",
    "alarm 2024-01-10",
    "the alarm clock rang",
)
def test_alarm_codes(case: str) -> None:
    _check(case)


# --- a user and a password ------------------------------------------------------------------


@cases(
    "user admin pass ⟦hunter22⟧",
    "login: bob / pw: ⟦xyz⟧",
    "login: bob / pw: ⟦xyz123⟧",
    "username alex password ⟦s3cret⟧",
    "username: alex, password: ⟦s3cret⟧",
    "user alex and the password ⟦hunter22⟧",
    "login alex pwd ⟦hunter22⟧",
    "Benutzer: alex Passwort: ⟦geheim123⟧",
    "usuario: pepe contraseña: ⟦gato123⟧",
    "user=admin&pass=⟦hunter22⟧",
    # prose about users and passing
    "the user is happy",
    "the user passed the test",
    "user admin pass",
    "I met a user named bob",
    "user manual",
    "the user interface",
    "login page",
    "the login is slow",
    "pass the salt",
    "please pass the salt",
    "I'll pass the salt",
    "password-protected",
    "a password-protected file",
)
def test_users_with_passwords(case: str) -> None:
    _check(case)


# --- HTTP Basic credentials -----------------------------------------------------------------


@cases(
    "Authorization: Basic ⟦dXNlcjpwYXNz⟧",
    "Basic ⟦YWxhZGRpbjpvcGVuc2VzYW1l⟧",
    "Authorization: Basic ⟦QWxhZGRpbjpvcGVuIHNlc2FtZQ==⟧",
    "curl -H 'Authorization: Basic ⟦dXNlcjpwYXNz⟧' http://x",
    # prose
    "basic training",
    "basic instincts are fine",
    "Basic authentication is required",
    "the basics",
    "basically fine",
)
def test_basic_credentials(case: str) -> None:
    _check(case)


# --- JSON Web Tokens ------------------------------------------------------------------------

JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0."
    "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
)
SHORT_JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.abcd"


@cases(
    f"here ⟦{JWT}⟧ there",
    f"here ⟦{SHORT_JWT}⟧ there",
    f"(⟦{SHORT_JWT}⟧).",
    f"jwt=⟦{SHORT_JWT}⟧",
    f'{{"id_token_hint": "⟦{SHORT_JWT}⟧"}}',
    # no token
    "eyJ is how a JWT starts",
    "eyJhbGciOiJIUzI1NiJ9 alone",
    'json {"a":1}',
)
def test_json_web_tokens(case: str) -> None:
    _check(case)


# --- private key blocks ---------------------------------------------------------------------

_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\nabcDEF123+/="


@cases(
    f"key:\n⟦-----BEGIN PRIVATE KEY-----\n{_BODY}\n-----END PRIVATE KEY-----⟧\nthanks",
    f"⟦-----BEGIN RSA PRIVATE KEY-----\n{_BODY}\n-----END RSA PRIVATE KEY-----⟧\nok",
    f"⟦-----BEGIN OPENSSH PRIVATE KEY-----\n{_BODY}\n-----END OPENSSH PRIVATE KEY-----⟧ ok",
    f"⟦-----BEGIN ENCRYPTED PRIVATE KEY-----\n{_BODY}\n-----END ENCRYPTED PRIVATE KEY-----⟧",
    "⟦-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF0abc\n-----END PGP PRIVATE KEY BLOCK-----⟧\nok",
    f"⟦-----BEGIN PRIVATE KEY-----\r\n{_BODY}\r\n-----END PRIVATE KEY-----⟧\r\nok",
    "key: ⟦-----BEGIN PRIVATE KEY----- MIIEvQIBADANBgkqhkiG9w0BAQEF -----END PRIVATE KEY-----⟧ ok",
    # no END: the rest of the text is hidden
    f"key:\n⟦-----BEGIN EC PRIVATE KEY-----\n{_BODY}\nthen the rest is lost⟧",
    f"pasted ⟦-----BEGIN PRIVATE KEY-----\n{_BODY}⟧",
    # talk about keys
    "the private key is in the vault",
    "-----BEGIN PUBLIC KEY-----",
    "-----END PRIVATE KEY-----",
)
def test_private_key_blocks(case: str) -> None:
    _check(case)


# --- card codes and one-time codes ----------------------------------------------------------


@cases(
    "the CVV is ⟦123⟧",
    "CVV: ⟦123⟧",
    "cvc ⟦4567⟧",
    "CVC2: ⟦321⟧",
    "security code ⟦123⟧",
    "the OTP is ⟦482913⟧",
    "OTP: ⟦482913⟧",
    "2FA code: ⟦123456⟧",
    "my 2fa code is ⟦654321⟧",
    "MFA ⟦112233⟧",
    "TOTP: ⟦998877⟧",
    "one-time code ⟦4455⟧",
    "your one time password: ⟦778899⟧",
    "verification code: ⟦123456⟧",
    "the confirmation code is ⟦8888⟧",
    # no code
    "the otp app is great",
    "OTP is enabled",
    "2FA is on",
    "enable 2fa today",
    "the CVV is on the back",
    "CVV on the back of the card",
    "MFA 2 of 3",
    "my cvc is 12",
    "totp 30 seconds",
    "OTP sent 3 times",
)
def test_card_codes_and_one_time_codes(case: str) -> None:
    _check(case)


# --- social security numbers ----------------------------------------------------------------


@cases(
    "SSN: ⟦123-45-6789⟧",
    "my SSN is ⟦123-45-6789⟧",
    "social security number ⟦123456789⟧",
    "SSN ⟦123 45 6789⟧",
    "Sozialversicherungsnummer: ⟦123456789⟧",
    "bare ⟦123-45-6789⟧ here",
    "call ⟦123-45-6789⟧.",
    "(⟦123-45-6789⟧)",
    # shaped a little like one
    "the SSN field",
    "SSN required",
    "social security is a program",
    "ISBN 978-3-16-148410-0",
    "part 123-45-67890",
    "part no 123-45-6789X",
    "zip 12345-6789",
    "v1.2.3-45-6789",
    "room 123-45",
    "from 2024-01-10 to 2024-01-12",
)
def test_social_security_numbers(case: str) -> None:
    _check(case)


# --- Wi-Fi keys in other words and languages ------------------------------------------------


@cases(
    "password wifi: ⟦hunter22⟧",
    "password wifi: ⟦hunter22⟧ thanks",
    "clé wifi : ⟦soleil42⟧",
    "la clé wifi : ⟦soleil42⟧ merci",
    "clé du wifi : ⟦soleil42⟧",
    "le mot de passe du wifi est ⟦soleil42⟧",
    "mot de passe du wifi est ⟦soleil42⟧ merci",
    "la contraseña del wifi es ⟦gato1234⟧",
    "la contraseña del wifi es ⟦gato1234⟧ gracias",
    "la clave de la red es ⟦gato1234⟧",
    "contraseña wifi: ⟦gato1234⟧",
    "Kennwort Router = ⟦geheim42⟧",
    # the key is a word that looks like "es", "est" or "is" (once a failing property case)
    "wifi password ⟦ES;⟧",
    "wifi password ⟦es;⟧",
    "wifi password is ⟦ES;⟧",
    "the wifi password is ⟦es12⟧",
    "mot de passe: ⟦est⟧",
    # no key
    "the wifi is slow",
    "le wifi est lent",
    "la red es lenta",
    "clé USB",
    "WLAN ist aus",
)
def test_wifi_keys_in_other_languages(case: str) -> None:
    _check(case)


# --- Spanish codes --------------------------------------------------------------------------


@cases(
    "el código es ⟦1234⟧",
    "el código de la puerta es ⟦1234⟧",
    "el código del garaje es ⟦4321⟧ gracias",
    "código: ⟦1234⟧",
    "codigo es ⟦5678⟧",
    # no code
    "el código postal es 28001",
    "código de país es 34",
    "el código está listo",
    "el código es 2024-01-10",
    "error code: 404",
    "the error code is 404",
)
def test_spanish_codes(case: str) -> None:
    _check(case)


# --- ordinary prose -------------------------------------------------------------------------


@cases(
    "on 2026-12-01 at 10:30",
    "2026-12-01T10:00:00.123456+01:00",
    "version 2026.11.0 and v1.2.3",
    "sensor.living_room_temperature changed",
    "binary_sensor.front_door_contact_2 is off",
    "signature dish",
    "the chef's signature dish",
    "alarm at 7:00",
    "basic training",
    "the user is happy",
    "pass the salt",
    "password-protected",
    "error code: 404",
    "the code is ready",
    "the key is under the mat",
    "the token of my appreciation",
    "my pin is broken",
    "pin the note to the board",
    "reset the password",
    "passport control",
    "compass needs calibration",
    "Bearer of bad news",
    "the secret is to stir slowly",
    "ssid is HomeNet",
)
def test_prose_that_looks_a_little_like_a_secret_stays(case: str) -> None:
    _check(case)


# --- speed ----------------------------------------------------------------------------------
# Every pattern must be linear in the text. Nothing is asserted about time: a pattern that
# backtracked quadratically would not finish on 64 KB (see test_scrub's speed tests).

SIZE = 64 * 1024

# A run of each punctuation character, and each one alternating with a letter, a digit and a
# space.
PUNCTUATION_UNITS = [
    unit for char in string.punctuation for unit in (char, char + "a", char + "1", char + " ")
]

# Every word a key may start from, each followed by a space.
_KEY_WORDS = """
wifi wi-fi wlan wireless wpa network netzwerk router hotspot réseau reseau psk ssid clé cle mot
contrase clave sim pin door front back gate alarm garage safe lock unlock keypad entry access
security house building intercom disarm verification confirmation tür tuer haust tor tresor
schloss zahlen sicherheits zugangs eingangs entsperr tasten secret geheim kombination comb code
código codigo toegangs deur digicode cvv cvc csc otp 2fa mfa totp one ssn social
sozialversicherungsnummer aws client pass pw kennwort wachtwoord wachtzin senha lösenord hasło user
login benutzer nutzer utilisateur usuario gebruiker token refresh id auth session bearer csrf xsrf
api bot webhook private basic sk- ghp_ xoxb- akia asia glpat- hf_ npm_ aiza eyj iban
"""
KEY_WORDS = _KEY_WORDS.split()

# Whole phrases that take a rule further into its pattern before it fails.
KEY_PHRASES = [
    "password ",
    "password: ",
    "password is ",
    "password for the ",
    "password wifi: ",
    "pin ",
    "pin is ",
    "ssid ",
    "ssid HomeNet ",
    "user ",
    "user a pass ",
    "login: bob / ",
    "https://a:",
    "https://",
    "a://",
    "://@",
    "?key=",
    "&sig=",
    "?=&",
    "eyJ",
    "eyJabcdefgh.",
    "eyJabcdefgh.abcd.",
    "-----BEGIN PRIVATE KEY-----",
    "-----END PRIVATE KEY-----",
    "-----BEGIN ",
    "Bearer ",
    "Basic ",
    "Basic dXNlcjpwYXNz",
    "sk-",
    "AKIA",
    "AIza",
    "mot de passe ",
    "mot de passe du wifi est ",
    "contraseña del wifi es ",
    "clé du ",
    "código es ",
    "the alarm is ",
    "disarm ",
    "the code for the gate is ",
    "social security ",
    "123-45-",
    "4111.",
    "4111\u00a0",
    "4111\u2009",
    "x-auth-token: ",
    "NAME_PASSWORD=",
    "client_secret=",
    "Authorization: ",
]


def _scrubs_and_stays(unit: str) -> None:
    text = unit * (SIZE // len(unit))
    once = scrub(text)
    if once != text:  # (scrub is a function: an unchanged text is a fixed point already)
        assert scrub(once) == once


@pytest.mark.parametrize("unit", PUNCTUATION_UNITS)
def test_64_kb_of_punctuation_is_scrubbed(unit: str) -> None:
    _scrubs_and_stays(unit)


@pytest.mark.parametrize("word", KEY_WORDS)
def test_64_kb_of_one_key_word_is_scrubbed(word: str) -> None:
    _scrubs_and_stays(word + " ")


@pytest.mark.parametrize("phrase", KEY_PHRASES)
def test_64_kb_of_one_key_phrase_is_scrubbed(phrase: str) -> None:
    _scrubs_and_stays(phrase)
