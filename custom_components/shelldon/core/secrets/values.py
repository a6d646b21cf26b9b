"""The value a secret word names: where it starts, where it ends, and how it is hidden.

Where a colon, "=", "is" or a dash says a value follows ("my wifi password is correct horse
battery staple", "das Passwort lautet …", "la contraseña es …", "wifi password — …"), the value
runs to the end of its clause: a sentence's end, a semicolon, a comma, a line's end, a
conjunction ("and", "aber", "mais", "pero", "maar") or a word that names another key ("user:"),
at most twelve words and `MAX_CLAUSE` characters. After a bare key word ("password hunter2
please", "my password's hunter2") it is one word. A PIN or a code is its digits, however they
are grouped ("4111 1111 1111 1111", a safe's "12-34-56").

What follows "is" (or a dash) may be prose rather than a value: "my password is in the drawer",
"… is the same as before", "… is still the same". It is prose when its first word is a small
word of prose (not a noun such as "garden"), or an article before another ("the same"); a word
such as "still" or "now" before the value stays with the key ("is still [secret]"). A clause
of prose that names the value inside it gives up its first word of letters and digits ("the
password is my dog's name rover123"). After a bare key word, any word of prose is no value ("I
forgot my password again").

Every piece is possessive or bounded (see `core.secrets.shapes`), so no value makes a pattern
backtrack.
"""

from __future__ import annotations

import re
from typing import Final

from .numbers import SECRET, Found

MAX_CLAUSE: Final = 80  # characters: what is past it is another thought, left as it is

IS: Final = (
    r"(?:is|was|ist|war|lautet|lautete|est|es|are|sind|era|luidt|zijn|c['’]est|c['’]était"
    r"|(?:will|shall|should|must|would|has\s+to)\s+be|wird|sera|será|wordt)"
)
FOR: Final = r"(?:for|of|to|on|at|für|fürs|zum|zur|vom|von|der|des|pour|du|de|del|para|voor|van)"
# A marker, which is never a key nor a value (that keeps the scrubber idempotent).
MARKER_WORD: Final = r"(?:token|card|email|secret|phone|iban)"
MARKER: Final = rf"\[{MARKER_WORD}\]"
_QUOTED: Final = r"\"[^\"\n]{1,200}\"|'[^'\n]{1,200}'|“[^”\n]{1,200}”|„[^“”\n]{1,200}[“”]"

# Words that end a clause: the conjunctions and thanks of the five languages, and a word of
# dashes or shell signs ("&&", "|"). "And" and "or" join words inside a passphrase too ("salt and
# pepper", "to be or not to be"): they end it only where a new clause starts after them, with a
# pronoun, a possessive or an article ("… and my PIN is 2580"), or nothing does.
_STOPS: Final = (
    "but so because then while thanks thank thx please ok okay aber denn weil sondern dann danke "
    "bitte mais donc car puis merci svp pero porque pues gracias maar want omdat dus dank bedankt"
)
_JOINS: Final = "and or und oder et ou y e o en"
# Dutch "of" ("or") joins only before a Dutch word: "the name of my first cat" is one clause.
_DUTCH_STARTERS: Final = "ik jij je hij zij wij mijn jouw de het een niet"
_STARTERS: Final = (
    "i you he she it we they my your his her its our their the a an this that me don't dont "
    "ich du er sie es wir ihr mein meine meinen dein deine der die das den ein eine "
    "je tu il elle nous vous mon ma mes ton ta le la les un une ne "
    "yo él ella mi mis tu tus el los las uno una no "
    f"{_DUTCH_STARTERS} "
    # "… and nothing more", "und mehr nicht", "et rien de plus", "y nada más", "en niets meer"
    "nothing more mehr nichts nicht rien plus nada más mas niets meer"
)


def _words_of(words: str) -> str:
    return "|".join(sorted((w.replace("'", "['’]") for w in words.split()), key=len, reverse=True))


def _joining(joins: str, starters: str) -> str:
    """Words that end a clause only where one of `starters` begins the next, or nothing does."""
    return (
        rf"(?:{_words_of(joins)})(?![^\W_])"
        rf"(?=\s++(?:{_words_of(starters)})(?![^\W_])|\s*+(?:[.,;:!?]|$))"
    )


_STOP: Final = (
    rf"(?:(?:{_words_of(_STOPS)})(?![^\W_])|{_joining(_JOINS, _STARTERS)}"
    rf"|{_joining('of', _DUTCH_STARTERS)}|[-–—&|<>]++(?!\S))"
)
# A word of a clause: no space in it, not ending in punctuation (that ends the clause), and not
# a key of its own ("user:", "host=").
_CHAR: Final = r"[^\s.,;:!?=]"
_WORD: Final = rf"{_CHAR}++(?:[.,:!?]++{_CHAR}++)*+(?![:=])"
_MORE: Final = rf"(?<![.,;:!?])[ \t]++(?!{_STOP}|{MARKER}){_WORD}"
_FIRST: Final = rf"(?:\S{{3,}}+|\S{{1,2}}+(?={_MORE}))"
# A word of letters and digits the clause names after a comma, closing it ("the password is the
# name of my first cat, Tiger7").
_NAMED_AFTER: Final = (
    r"(?:,[ \t]*+(?=[^\W_]{0,39}\d)(?=[^\W_]{0,39}[^\W\d_])[^\W_]{4,40}+(?![^\W_])"
    r"(?=[ \t]*+(?:[.,;:!?\n]|$)))?+"
)
# The rest of the clause, unless the key had no colon, "=" or "is" before its value (then the
# pattern's group `plain` matched, and the value is one word).
_REST: Final = rf"(?(plain)|(?:{_MORE}){{0,11}}+{_NAMED_AFTER})"

# A value may start with ":" or "=" but not be one, and is never a marker, nor the scheme word
# of a credential, nor a short word of signs alone ("my password... it's …"); it is quoted
# whole, or runs to its clause's end. (Where a pattern only looks ahead for a value, its first
# word is enough: `VALUE_START`.)
_NOT_A_VALUE: Final = (
    rf"(?![:=](?:\s|$))(?![:=]*+{MARKER})(?!(?:Bearer|Basic)\s)(?![^\w\s\"'“„]{{1,3}}+(?:\s|$))"
)
VALUE_START: Final = rf"{_NOT_A_VALUE}(?:{_QUOTED}|[\"']?(?!{MARKER}){_FIRST})"
VALUE: Final = rf"{_NOT_A_VALUE}(?:{_QUOTED}|[\"']?(?!{MARKER}){_FIRST}{_REST})"
WIFI_START: Final = rf"(?![:=])(?!{MARKER})(?:{_QUOTED}|{_FIRST})"
WIFI_VALUE: Final = rf"(?![:=])(?!{MARKER})(?:{_QUOTED}|{_FIRST}{_REST})"
# The way a key with no "is" meets its value: a colon or "=", a dash between spaces (a clause
# follows, as after "is"), or nothing but a space or "'s" (then the group `plain` matches, and
# the value is one word: see `_REST`). Where "'s" meets a marker, nothing else does (so the
# "'s [secret] …'" of a text scrubbed once is never read as a quoted value).
PLAIN: Final = (
    r"(?:\s*+[:=]\s*+|(?P<dash>\s++(?:[—–]|--?)\s++)|"
    r"(?P<plain>(?P<possessive>['’]s\s++)|\s*+(?!['’]s\s)))"
)
# Digits set off after their key, by a comma or a bracket, and closed after ("the code, 8841,
# opens it", "my PIN (1234)", "the alarm code, 9921."): what is said between is the value.
SET_OFF: Final = r"\s*+[,(]\s*+"
SET_OFF_END: Final = r"(?=[ \t]*+(?:[,;:.!?)—–\n-]|$))"
# The digits said as words, zero to nine, in the five languages ("oh" is zero read out, too).
DIGIT_NAMES: Final = (
    "zero one two three four five six seven eight nine",
    "null eins zwei drei vier fünf sechs sieben acht neun",
    "zéro un deux trois quatre cinq six sept huit neuf",
    "cero uno dos tres cuatro cinco seis siete ocho nueve",
    "nul een twee drie vier vijf zes zeven acht negen",
)
DIGIT_OF: Final = {
    name: str(digit) for names in (*DIGIT_NAMES, "oh") for digit, name in enumerate(names.split())
}
# A digit said as a word, in the five languages ("four seven one one", "vier sieben eins").
_DIGIT_WORD: Final = rf"(?:{'|'.join(sorted(DIGIT_OF, key=len, reverse=True))})(?![^\W\d_])"
# A PIN or a door code: 3-8 digits, and any groups of digits after them ("4111 1111 1111
# 1111"), three or more groups of one to three digits joined by dashes or spaces (a safe's
# combination, "12-34-56", a code said digit by digit, "4 7 1 1"), or three or more digits said
# as words ("four seven one one"); never part of a date, a time or a longer number.
DIGITS_VALUE: Final = (
    r"(?:\d{3,8}(?: \d{1,8}){0,7}|\d{1,3}(?:-\d{1,3}){2,7}|\d{1,3}(?: \d{1,3}){2,7}"
    rf"|{_DIGIT_WORD}(?:[ ,-]{{1,2}}{_DIGIT_WORD}){{2,11}})(?![\w\[])(?![.,:/-][\d\[])"
)

# What a bare "code" is when one of these words names it: no secret ("error code: 404", "404 is
# the error code", "my zip code", "der Ländercode").
_OPEN_CODES: Final = (
    "error status exit return response result http zip postal post area country dial region "
    "language lang color colour hex sort tracking product item article order invoice source qr "
    "bar fehler länder antwort"
)
OPEN_CODES: Final = frozenset(_OPEN_CODES.split())

_HEAD: Final = re.compile(r"\S++")
_WORD_AND_GAP: Final = re.compile(r"(\S++)[ \t]++")

# Words that follow a secret word in prose ("I forgot my password again"): not a value unless a
# colon or "=" says it is one.
_PROSE_WORDS: Final = (
    "a an again also always and any are as at be been before but by can cannot changed change "
    "could did does done each either else ever expired expires field files for from gesture "
    "has have having here hint hints how if in into is it its just later leaked like link list "
    "manager may might more must my never no nor not now of off on once only or other our out "
    "over please policy protected protection reset ring rotation same should since so some "
    "still strength such than that the their them then there these they this those through "
    "to today tomorrow too under until up us was we were what when where which while who why "
    "will with without would yet you your garden between ingredient accepted network files "
    "length hash format history complexity requirements rules expiry written stored saved kept "
    "printed taped noted somewhere name auf zu naar en op"
)
PROSE: Final = frozenset(_PROSE_WORDS.split())
# Small words of the five languages: a part of a passphrase that starts or ends with one is
# not remembered on its own ("for the" of "hunter2 for the router").
_SMALL_WORDS: Final = (
    "der die das den dem ein eine einen für mit von zu im am ist und oder nicht mein meine "
    "le la les un une des du de pour avec dans est et ou pas mon ma mes "
    "el los las una por con en es y o no mi mis "
    "het een voor met van op is en niet mijn"
)
SMALL: Final = PROSE | frozenset(_SMALL_WORDS.split())
# After "is" (or a dash), a clause is prose when its first word is one of prose, but not one of
# these nouns ("is garden gnome 42" is a value); an article starts a value when a word that is no
# word of prose and one more word at least follow it ("the moon is blue", not "the same" nor "the
# default"); and these words before a value stay with the key ("is still [secret]").
_NOUNS: Final = (
    "garden ingredient network files field gesture hint hints link list manager policy ring "
    "rotation strength"
)
IS_PROSE: Final = PROSE - frozenset(_NOUNS.split())
_ARTICLES: Final = frozenset(("the", "a", "an"))
_BEFORE: Final = "still now also just always simply literally actually really currently"
_BEFORE_A_VALUE: Final = frozenset(_BEFORE.split())
# After a verb that sets a secret ("I set the wifi password to cosmic pancake", "changed my PIN
# to …"), what follows "to" is its new value whatever it looks like, unless it reads as prose
# ("… to something longer", "… to a new one", "… to match the router").
_SETS: Final = re.compile(
    r"(?<![^\W_])(?:set|sets|setting|reset|resets|resetting|changed?|changes|changing"
    r"|updated?|updates|updating|switched|switching|made|make|changé|modifié|mis|cambié|cambiado"
    r"|cambiar|puse|configuré)\s[^.!?\n,;]{0,40}+$",
    re.I,
)
_AFTER_TO: Final = (
    "something anything nothing whatever new different stronger longer better safer old same "
    "one match reflect be expire expires expiring"
)
_TO_PROSE: Final = frozenset(_AFTER_TO.split())
_CHANGED_TO: Final = re.compile(r"\s(?:to|from)\s*+$", re.I)  # the end of a key "… changed to"
# German and Dutch set a secret with the verb after it ("das Passwort auf … geändert", "het
# wachtwoord in … veranderd"): that value is the new one too, the verb no part of it.
_SET_AFTER: Final = re.compile(
    r"\s++(?:geändert|gesetzt|umgestellt|veranderd|gewijzigd|ingesteld|aangepast)$", re.I
)


def keep_value(match: re.Match[str], found: Found) -> str:
    """The key stays, its value goes (quoted whole, or at most `MAX_CLAUSE` characters of its
    clause); a lower-case word of prose after a bare key word ("I forgot my password again"), a
    clause of prose after "is" ("my password is in the drawer"), and a word of fewer than three
    characters are no value."""
    key, value = match["key"], match["value"]
    if len(value) > MAX_CLAUSE and value[:1] not in "\"'“„":
        head = _HEAD.match(value)
        end = value[: MAX_CLAUSE + 1].rfind(" ")
        value = value[: max(end, head.end() if head else 0)]
    skip = 0  # "still ", "now ": kept with the key
    loose = any(name in match.re.groupindex and match[name] for name in ("dash", "possessive"))
    if "to" in match.re.groupindex and match["to"] is not None:
        if (verb := _SET_AFTER.search(value)) is not None:  # "Passwort auf … geändert"
            value = value[: verb.start()]
        elif not _SETS.search(match.string, max(0, match.start() - 60), match.start()):
            loose = True  # "I sent my password to Bob": only a value that looks made up
        if not loose and _to_prose(value.split(maxsplit=2)[:2]):
            return match.group(0)
    elif _CHANGED_TO.search(key) and _to_prose(value.split(maxsplit=2)[:2]):
        return match.group(0)  # "the password was changed to something longer"
    if loose and not any(map(made_up, value.split(maxsplit=4)[:4])):  # "password's incorrect"
        return match.group(0)
    if not any(c in key for c in ":="):
        if "plain" in match.re.groupindex and match["plain"] is not None:
            if value.split(maxsplit=1)[0] in PROSE:
                return match.group(0)
        else:
            if value.lower() in _BEFORE_A_VALUE:  # "is simply [secret]", scrubbed once
                return match.group(0)
            while (word := _WORD_AND_GAP.match(value, skip)) and word[1] in _BEFORE_A_VALUE:
                skip = word.end()
            if _reads_as_prose(value[skip:].split(maxsplit=3)):
                return _named_inside(match, value, found)
    if len(value) - skip < 3:
        return match.group(0)
    return _hidden(match, value, found, skip)


_AROUND_A_WORD: Final = "\"'“”„‘’«».,;:!?()[]"  # quotes and marks around a word, not in it


def _named_inside(match: re.Match[str], value: str, found: Found) -> str:
    """A clause of prose after "is" that names the value inside it ("the password is my dog's
    name rover123"): its first word with letters and digits goes ("rover123"); a clause
    without one ("… is in the drawer", "… is at least 12 characters") stays."""
    for word in _HEAD.finditer(value):
        kept = word[0].strip(_AROUND_A_WORD)
        if len(kept) >= 4 and not kept.isdigit() and not kept.isalpha() and kept.isalnum():
            start = word.start() + word[0].index(kept)
            return _hidden(match, value[: start + len(kept)], found, start)
    return match.group(0)


def made_up(word: str) -> bool:
    """Whether a word looks made up, as a value after "'s" or a dash must have one ("hunter2xyz",
    "Zebra-Quokka-77", "amber wolf 42"), unlike words ("incorrect", "Wikipedia", "different",
    "it's"): a loose separator is too common in prose and in titles ("Password - Wikipedia").
    A digit, a sign or a capital inside makes it so; an apostrophe inside does not."""
    word = word.strip(_AROUND_A_WORD).replace("'", "").replace("’", "")
    return any(c.isdigit() or not c.isalpha() for c in word) or any(c.isupper() for c in word[1:])


def _to_prose(words: list[str]) -> bool:
    """Whether what follows "to" after a verb that sets a secret reads as prose ("something
    longer", "a new one", "match the router")."""
    first = words[0].lower() if words else ""
    if first in _ARTICLES and len(words) > 1:
        first = words[1].lower()
    return first in _TO_PROSE or first in PROSE


def _reads_as_prose(words: list[str]) -> bool:
    """Whether a clause after "is" reads as prose (its first few words, lower-case)."""
    if not words:
        return True
    if words[0] in _ARTICLES:
        return len(words) < 3 or words[1] in PROSE
    return words[0] in IS_PROSE


def keep_digits(match: re.Match[str], found: Found) -> str:
    """The key stays, its digits go, all of their groups."""
    return _hidden(match, match["value"], found)


def keep_any(match: re.Match[str], found: Found) -> str:
    """The key stays, its value goes, whatever the value is (a cookie, a query's value)."""
    return _hidden(match, match["value"], found)


def _hidden(match: re.Match[str], value: str, found: Found, skip: int = 0) -> str:
    kept = value[skip:]  # a quoted value is hidden with its quotes
    if kept[:1] not in "\"'“„":  # what ends it is punctuation around it, given back
        kept = kept.rstrip(",;\"'`)]}>") or kept
        kept = kept if len(kept) >= 3 else value[skip:]
    found.keyed.append(kept)
    head = len(match["key"]) + skip
    whole = match.group(0)
    return whole[:head] + SECRET + whole[head + len(kept) :]
