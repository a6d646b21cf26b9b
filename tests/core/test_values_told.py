"""A value the owner tells is recognised however the key meets it: after "is" even when its first
word is one of prose ("is the moon is blue", "is garden gnome 42", "is still hunter2xyz"), after a
contraction ("password's"), after a dash, a safe's combination in groups ("12-34-56", "33 21
07"), a code said digit by digit ("4 7 1 1", "four seven one one" in the five languages), after
", it's" and after "to" when it looks made up ("changed my password to BlueMoon88") or a verb
that sets it comes before ("I set the wifi password to cosmic pancake"); while
a clause of prose after "is" stays readable ("is the same as before", "is in the drawer"). Every
pattern changed stays linear in the text."""

from __future__ import annotations

import pytest

from custom_components.shelldon.core.secrets.scrub import Scrubber, Taint, scrub
from tests.core._support import assert_scrubbed_linearly

KEY = bytes(range(16))


@pytest.mark.parametrize(
    ("said", "shown", "secret"),
    [
        # "is": a first word of prose that is a noun, or an article before words of no prose
        (
            "my wifi password is the moon is blue",
            "my wifi password is [secret]",
            "the moon is blue",
        ),
        ("my password is a purple monkey dishwasher", "my password is [secret]", "purple monkey"),
        ("my password is garden gnome 42", "my password is [secret]", "garden gnome 42"),
        ("the wifi password is network cable 7", "the wifi password is [secret]", "cable 7"),
        # "is" and a word that only comes before the value: it stays with the key
        ("my password is still hunter2xyz", "my password is still [secret]", "hunter2xyz"),
        ("my password is now Tr0ub4dor&3", "my password is now [secret]", "Tr0ub4dor&3"),
        (
            "the wifi password is always the moon is blue",
            "the wifi password is always [secret]",
            "the moon is blue",
        ),
        # a contraction of "is": one word, as after a bare key word
        ("my wifi password's hunter2xyz", "my wifi password's [secret]", "hunter2xyz"),
        ("my password’s Zebra-Quokka-77", "my password’s [secret]", "Zebra-Quokka-77"),
        # a dash: a clause, as after "is"
        ("wifi password \u2014 hunter2xyz", "wifi password \u2014 [secret]", "hunter2xyz"),
        ("wifi password\u2013hunter2xyz", "wifi password[secret]", "hunter2xyz"),  # glued
        ("router password - amber wolf 42", "router password - [secret]", "amber wolf 42"),
        ("passphrase -- tall green tree 9, ok", "passphrase -- [secret], ok", "tall green tree 9"),
        # a combination in groups of digits joined by dashes
        (
            "the combination to the safe is 12-34-56",
            "the combination to the safe is [secret]",
            "12-34-56",
        ),
        ("the door code is 4-8-2-1", "the door code is [secret]", "4-8-2-1"),
        ("Tresorcode: 11-22-33", "Tresorcode: [secret]", "11-22-33"),
        # a code said digit by digit, in digits or in words, and a combination in spaced pairs
        ("the door code is 4 7 1 1", "the door code is [secret]", "4 7 1 1"),
        ("my PIN is 1 2 3 4", "my PIN is [secret]", "1 2 3 4"),
        ("the gate code is four seven one one", "the gate code is [secret]", "four seven one"),
        ("der Türcode ist vier sieben eins eins", "der Türcode ist [secret]", "sieben eins"),
        ("le digicode est quatre sept un un", "le digicode est [secret]", "quatre sept"),
        ("el código es cuatro siete uno uno", "el código es [secret]", "siete uno"),
        ("de deurcode is vier zeven een een", "de deurcode is [secret]", "vier zeven"),
        ("my locker combination 33 21 07", "my locker combination [secret]", "33 21 07"),
        # ", it's …" and "… to" a value that looks made up
        ("the wifi password, it's sunflower22", "the wifi password, it's [secret]", "sunflower22"),
        ("the door code, that's 2580", "the door code, that's [secret]", "2580"),
        ("I changed my password to BlueMoon88", "I changed my password to [secret]", "BlueMoon88"),
        ("set the PIN to 4821", "set the PIN to [secret]", "4821"),
        # "to" after a verb that sets it: the new value, whatever it looks like
        (
            "I set the wifi password to cosmic pancake",
            "I set the wifi password to [secret]",
            "cosmic pancake",
        ),
        (
            "we changed the password to purple rain",
            "we changed the password to [secret]",
            "purple rain",
        ),
        ("reset my passphrase to tall oak", "reset my passphrase to [secret]", "tall oak"),
        # the same in the other languages, the verb before the value or after it
        (
            "ich habe das Passwort auf blaue Katze geändert",
            "ich habe das Passwort auf [secret] geändert",
            "blaue Katze",
        ),
        (
            "j'ai changé le mot de passe en soleil levant",
            "j'ai changé le mot de passe en [secret]",
            "soleil levant",
        ),
        ("cambié la contraseña a perro azul", "cambié la contraseña a [secret]", "perro azul"),
        (
            "ik heb het wachtwoord veranderd in rode fiets",
            "ik heb het wachtwoord veranderd in [secret]",
            "rode fiets",
        ),
        # a German or Dutch compound ending in the key word
        ("mein Bankpasswort ist Sonne123", "mein Bankpasswort ist [secret]", "Sonne123"),
        ("het bankwachtwoord is zonnebloem7", "het bankwachtwoord is [secret]", "zonnebloem7"),
        # a value still to come, a value now, a code that changed
        (
            "the new wifi password will be cosmic pancake",
            "the new wifi password will be [secret]",
            "cosmic pancake",
        ),
        ("the PIN will be 4821", "the PIN will be [secret]", "4821"),
        ("the alarm code is now 9090", "the alarm code is now [secret]", "9090"),
        ("the door code changed to 5151", "the door code changed to [secret]", "5151"),
        (
            "the password was changed to banana88",
            "the password was changed to [secret]",
            "banana88",
        ),
        (
            "the code changed from 1111 to 2222",
            "the code changed from [secret] to [secret]",
            "2222",
        ),
        # "simply", "actually" before the value: they stay with the key
        ("my password is simply banana", "my password is simply [secret]", "banana"),
        ("my password is actually hunter2xyz", "my password is actually [secret]", "hunter2xyz"),
        # a recovery or seed phrase, a security answer, a maiden name, a lockbox, an account
        (
            "my recovery phrase is apple banana cherry dog",
            "my recovery phrase is [secret]",
            "apple banana cherry dog",
        ),
        ("seed words: amber wolf river stone", "seed words: [secret]", "wolf river stone"),
        ("backup codes: 7781-2290", "backup codes: [secret]", "7781-2290"),
        ("my security answer is fluffy", "my security answer is [secret]", "fluffy"),
        (
            "the answer to my security question is Rexie",
            "the answer to my security question is [secret]",
            "Rexie",
        ),
        ("my mother's maiden name is Smithers", "my mother's maiden name is [secret]", "Smithers"),
        ("the lockbox code is 5719", "the lockbox code is [secret]", "5719"),
        ("key safe code: 5719", "key safe code: [secret]", "5719"),
        ("my bank account number is 12345678", "my bank account number is [secret]", "12345678"),
        ("Kontonummer: 0532 0130 00", "Kontonummer: [secret]", "0532 0130 00"),
        ("mijn rekeningnummer is 123456789", "mijn rekeningnummer is [secret]", "123456789"),
        # a secret word, a safe word, a code word, a secret phrase: the value that follows
        ("the secret word is swordfish", "the secret word is [secret]", "swordfish"),
        ("our safe word is pineapple", "our safe word is [secret]", "pineapple"),
        ("the code word: banana split", "the code word: [secret]", "banana split"),
        ("the secret phrase is open sesame now", "the secret phrase is [secret]", "open sesame"),
    ],
)
def test_a_told_value_is_recognised(said: str, shown: str, secret: str) -> None:
    assert scrub(said) == shown
    scrubber = Scrubber(Taint(KEY))
    scrubber.learn_from(said)
    assert secret not in scrubber(f"It was {secret}. I wrote down: {secret}")
    assert scrub(shown) == shown, "scrubbed once, it stays"


@pytest.mark.parametrize(
    "said",
    [
        # a clause of prose after "is" (an adverb first changes nothing)
        "my password is the same as before",
        "my password is still the same",
        "my password is in the drawer",
        "the wifi password is on the fridge",
        "my password is now in the manager",
        "the password is the default",  # an article and one word: too little to be a phrase
        "my password is expired",
        "my password is still",
        "my password is not secure enough",
        "the wifi password is written on the router",
        # a possessive is no contraction when a word of prose follows
        "my password's strength is fine",
        "the password's length is 12",
        "the wifi password's hint is on the fridge",
        # a bare key word and prose (as before)
        "I forgot my password again today",
        "the secret garden is lovely",
        # numbers joined by a dash that are no combination
        "code: 2026-12-01",
        "pin 3-4 of the header",
        "error code is 12-34-56",  # a bare "code" after "error" stays
        # digits or digit words that are too few to be a code, or no code at all
        "the door code is 3 or 4 digits long",
        "my PIN is one of two I use",
        "the code is one two punch",
        "error code 4 0 4",
        # "to" someone, or to words; ", it's" and prose
        "I sent my password to Bob",
        "send the door code to the IT team",
        "I changed my password to something longer",
        "I changed my password to a new one",
        "reset my password to the default",
        "change the wifi password to match the router",
        "I set my password to something stronger",
        "I gave my password to the neighbour",
        "I changed my mind, send the password to Bob",  # the verb is another clause's
        "my password is actually in the drawer",
        # "to" and its kin before words of prose, and a value still to come that is none
        "the password will be changed tomorrow",
        "the password will be the same",
        "das Passwort auf dem Zettel",
        "der Passwortmanager ist toll",  # the key word starts a longer word: no key
        "le mot de passe en clair",
        "la contraseña a mi madre",
        "het wachtwoord in de la",
        # the question is no secret, nor is an account without its number
        "my security question is about my first pet",
        "her maiden name is on the form",
        "the backup codes are in the drawer",
        "the account number is on the invoice",
        "account number 42",
        "I opened a bank account in 2019",
        "the password, it is in the drawer",
        "my password, it's the same as before",
        "I need to send my PIN to 3 people",
        "the password was changed to something longer",
        "the password was changed yesterday",
        "my password is set to expire",
        # dashes that join no key to a value
        "the password-protected file",
        "passwords - we have too many",
        # a loose separator ("'s", a dash) before words that are words: prose, or a title
        "Your password's incorrect, please try again.",
        "Top result: Password - Wikipedia",
        "Reset your password - Google Account Help",
        "the PIN — not the password — unlocks the phone",
        "my password - the one you gave me - works",
        "the password's different now",
        "the wifi password's weak",
        # "safe", "code" and "secret word" in prose
        "a safe place to work",
        "my code works and the error code is 404",
        "I wrote the secret word on a note",
    ],
)
def test_a_clause_of_prose_stays_readable(said: str) -> None:
    assert scrub(said) == said
    scrubber = Scrubber(Taint(KEY))
    scrubber.learn_from(said)
    assert len(scrubber.taint) == 0


# --- linear in the text ----------------------------------------------------------------------
# The patterns changed (the ways a key meets its value, a combination's groups) and the words
# before a value, on their worst input.

SEEDS = [
    "password's ",
    "password’s x",
    "password - ",
    "password -- ",
    "password — ",
    "password—",
    "wifi password – a ",
    "password is still ",
    "password is still now ",
    "password is the ",
    "password is the moon ",
    "still ",
    "code is 1-",
    "code is 1-2-",
    "combination is 12-34-",
    "pin 1-2-3-4-5-6-7-8-9-",
    "1-2-",
    "- ",
    "—",
    "'s ",
    "secret word ",
    "safe word is ",
    "code-phrase: ",
    "code is 1 ",
    "code is 1 2 ",
    "code is one ",
    "pin four seven ",
    "password, it's ",
    "password, it is x ",
    "password to ",
    "password to x ",
    "code to 1 ",
    "password is a and ",
    "password is x or my ",
    "password is x or ",
    "mot de passe c'est ",
    "set password to ",
    "recovery phrase is ",
    "answer to my security ",
    "account number 1 ",
    "account number 12345",
    "kontonummer 1-",
    "lockbox code ",
    "password will be ",
    "code changed to ",
    "passwort auf ",
    "passwort auf a geändert ",
    "mot de passe en ",
    "code is now ",
    "bankpasswort ",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaapasswort",
    "wachtwoord veranderd in ",
    "set my wifi password to x ",
    "changed ",
    "is simply ",
    "password was changed to ",
    "code changed from 1 to ",
    "password was changed from a to ",
]


@pytest.mark.parametrize("seed", SEEDS)
def test_worst_input_is_scrubbed_in_linear_time(seed: str) -> None:
    """Linear in the text; and what is scrubbed once stays."""
    assert_scrubbed_linearly(scrub, seed)
