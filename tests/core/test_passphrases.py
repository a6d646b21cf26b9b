"""A value of several words is hidden whole, to the end of its clause, in the five languages;
and a webhook's address keeps its secret path."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.secrets.scrub import Scrubber, Taint, scrub

KEY = bytes(range(16))


def _owner(said: str) -> Scrubber:
    scrubber = Scrubber(Taint(KEY))
    scrubber.learn_from(said)
    return scrubber


# --- a passphrase, to the end of its clause --------------------------------------------------


@pytest.mark.parametrize(
    ("said", "shown", "phrase"),
    [
        (
            "my wifi password is correct horse battery staple",
            "my wifi password is [secret]",
            "correct horse battery staple",
        ),
        ("my password is ox blood river", "my password is [secret]", "ox blood river"),
        (
            "my password is blue moon rising. What's for dinner?",
            "my password is [secret]. What's for dinner?",
            "blue moon rising",
        ),
        (
            "the passphrase: tall green tree, and the pin is 4711",
            "the passphrase: [secret], and the pin is [secret]",
            "tall green tree",
        ),
        (
            "my secret is red kite wing but keep it quiet",
            "my secret is [secret] but keep it quiet",
            "red kite wing",
        ),
        ("password=dark oak leaf; next", "password=[secret]; next", "dark oak leaf"),
        # de
        (
            "mein WLAN-Passwort ist rote Katze Mond, danke",
            "mein WLAN-Passwort ist [secret], danke",
            "rote Katze Mond",
        ),
        (
            "das Passwort lautet grüner Baum Stein und mehr nicht",
            "das Passwort lautet [secret] und mehr nicht",
            "grüner Baum Stein",
        ),
        # fr
        (
            "le mot de passe est chat bleu heureux",
            "le mot de passe est [secret]",
            "chat bleu heureux",
        ),
        ("mon code est 4711 0815", "mon code est [secret]", "4711 0815"),
        # es
        (
            "la contraseña es gato azul feliz y nada más",
            "la contraseña es [secret] y nada más",
            "gato azul feliz",
        ),
        ("mi clave es perro verde alto", "mi clave es [secret]", "perro verde alto"),
        # nl
        (
            "het wachtwoord is appel boom huis maar niet verder",
            "het wachtwoord is [secret] maar niet verder",
            "appel boom huis",
        ),
        ("mijn pincode is 1234 5678", "mijn pincode is [secret]", "1234 5678"),
        # "and" between two secrets, where a new clause starts after it
        (
            "my password is open sesame and my pin is 2580",
            "my password is [secret] and my pin is [secret]",
            "open sesame",
        ),
        (
            "the password is blue whale and I love it",
            "the password is [secret] and I love it",
            "blue whale",
        ),
        # "c'est", and the Wi-Fi's code said the French way round
        (
            "mon mot de passe c'est soleil levant",
            "mon mot de passe c'est [secret]",
            "soleil levant",
        ),
        ("le code wifi c’est maison bleue 42", "le code wifi c’est [secret]", "maison bleue"),
    ],
)
def test_a_passphrase_is_hidden_whole_and_remembered(said: str, shown: str, phrase: str) -> None:
    assert scrub(said) == shown
    scrubber = _owner(said)
    assert scrubber(f"it is {phrase} now") == "it is [secret] now"
    words = phrase.split()
    if len(words) >= 3:  # any two or more of its words in a row
        assert scrubber(f"so: {' '.join(words[1:])}!") == "so: [secret]!"
        assert scrubber(f"({' '.join(words[:2])})") == "([secret])"


@pytest.mark.parametrize(
    ("said", "shown", "secret"),
    [
        (
            "my passphrase is: to be or not to be",
            "my passphrase is: [secret]",
            "to be or not to be",
        ),
        (
            "the wifi password is salt and pepper 7",
            "the wifi password is [secret]",
            "salt and pepper 7",
        ),
        ("Passwort: Sonne und Mond 9", "Passwort: [secret]", "Sonne und Mond 9"),
        ("le mot de passe est pain et beurre", "le mot de passe est [secret]", "pain et beurre"),
        ("la contraseña es sal y pimienta", "la contraseña es [secret]", "sal y pimienta"),
        ("het wachtwoord is brood en kaas 3", "het wachtwoord is [secret]", "brood en kaas 3"),
    ],
)
def test_and_or_inside_a_passphrase_keep_it_whole(said: str, shown: str, secret: str) -> None:
    """ "And" and "or" end a value only where a new clause starts after them; inside a passphrase
    ("salt and pepper", "to be or not to be") the whole of it is hidden, and found again."""
    assert scrub(said) == shown
    scrubber = _owner(said)
    assert scrubber(f"it was {secret}.") == "it was [secret]."


def test_a_card_number_given_as_a_code_is_hidden_to_its_last_digit() -> None:
    said = "the code is 4111 1111 1111 1111"
    assert scrub(said) == "the code is [secret]"
    scrubber = _owner(said)
    assert scrubber("try 4111111111111111 or 4111 1111 1111 1111") == "try [card] or [card]"
    assert scrubber("try 41111111 11111111") == "try [secret]"


@pytest.mark.parametrize(
    ("said", "shown"),
    [
        # the next sentence is not the value (a mark glued to one word may be the password's
        # own: it is hidden with it)
        ("my password is hunter22. Tell me a joke", "my password is [secret] Tell me a joke"),
        ("my password is hunter22! what now", "my password is [secret] what now"),
        ("my password is blue moon! what now", "my password is [secret]! what now"),
        ("password: hunter22\nthe cat sat", "password: [secret]\nthe cat sat"),
        # nor what a bare key word is followed by, nor another key
        ("password hunter22 please", "password [secret] please"),
        ("password=hunter22 user=bob", "password=[secret] user=bob"),
        ("password: hunter22 host: example.com", "password: [secret] host: example.com"),
        ("export API_KEY=abc123xyz && run", "export API_KEY=[secret] && run"),
        # prose after a key word stays prose
        ("I forgot my password again today", "I forgot my password again today"),
        ("my password is the same as before", "my password is the same as before"),
        ("my password is in the drawer", "my password is in the drawer"),
        ("the wifi password is on the fridge", "the wifi password is on the fridge"),
    ],
)
def test_a_clause_ends_where_it_should(said: str, shown: str) -> None:
    assert scrub(said) == shown


def test_a_long_clause_is_hidden_to_its_cap_and_stays_hidden() -> None:
    said = "password: " + " ".join(f"word{n:02d}xyz" for n in range(12))
    once = scrub(said)
    assert once.startswith("password: [secret] ")
    assert "word00xyz" not in once and len(once) < len(said)
    assert scrub(once) == once


def test_a_password_first_word_alone_is_remembered_when_it_is_made_up() -> None:
    scrubber = _owner("my password is hunter22 for the router")
    assert scrubber("hunter22") == "[secret]"
    # the small words around it are not remembered on their own
    assert scrubber("the router is for the hall") == "the router is for the hall"


# --- a webhook's address ---------------------------------------------------------------------

SLACK = "https://hooks.slack.com/services/T0000/B0000/meadowlarkriverstoneglen"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (f"post to {SLACK}.", "post to https://hooks.slack.com/services/[secret]."),
        (
            "https://discord.com/api/webhooks/123456789012345678/abcDEF_ghi-JKLmnop",
            "https://discord.com/api/webhooks/[secret]",
        ),
        (
            "http://homeassistant.local:8123/api/webhook/garage_opener_x",
            "http://homeassistant.local:8123/api/webhook/[secret]",
        ),
        ("curl -X POST /api/webhook/my-hook-id", "curl -X POST /api/webhook/[secret]"),
        (
            "https://outlook.office.com/webhook/1111-2222@3333/IncomingWebhook/abcdef/5555",
            "https://outlook.office.com/webhook/[secret]",
        ),
        (
            "https://contoso.webhook.office.com/webhookb2/1111-2222@3333/IncomingWebhook/a/b",
            "https://contoso.webhook.office.com/webhookb2/[secret]",
        ),
        (
            "https://hooks.zapier.com/hooks/catch/123456/abcdef/",
            "https://hooks.zapier.com/hooks/[secret]/",
        ),
        (
            "https://x.example/cb?access_token=tok123456&sig=abc999&key=k9k9k9&token=t1t1t1",
            "https://x.example/cb?access_token=[secret]&sig=[secret]&key=[secret]&token=[secret]",
        ),
    ],
)
def test_a_webhooks_secret_path_is_hidden(text: str, shown: str) -> None:
    assert scrub(text) == shown


@pytest.mark.parametrize(
    "text",
    [
        "see https://example.com/services/pricing today",
        "the hook lives in .git/hooks/pre-commit",
        "custom_components/webhook/__init__.py",
        "http://ha.local:8123/api/services/light/turn_on",
        "https://www.home-assistant.io/integrations/webhook/",
    ],
)
def test_a_path_of_plain_words_stays(text: str) -> None:
    assert scrub(text) == text


def test_a_webhooks_token_is_hidden_where_it_recurs_bare() -> None:
    scrubber = Scrubber(Taint(KEY))
    scrubber(f"the owner's hook is {SLACK}")
    assert scrubber("it ends meadowlarkriverstoneglen, fine") == "it ends [secret], fine"
    assert scrubber("T0000/B0000/meadowlarkriverstoneglen") == "[secret]"
