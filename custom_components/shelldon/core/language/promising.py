"""How German, French, Spanish and Dutch promise.

The pet's own "Ich werde morgen nachsehen", "je vais regarder ça ce soir",
"voy a revisarlo esta noche" and "ik ga het vanavond bekijken" are promises; so is German's
present tense for a follow-up with a time ("Ich sehe heute Abend nach"). Negations, hedges,
words that promise nothing to follow up ("ich werde es mir merken", "je serai là") and echoes
of a reminder (reminding is the goal book's work) are not. Every pattern runs in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Final

from .when import GRAMMARS, names_a_time, without_times

_I: Final = re.I
_CLAUSE: Final = r"[^.!?\n;]"


@dataclass(frozen=True)
class Reading:
    """What one sentence says: the errand, how it was linked, and the words its time is in."""

    what: str
    link: str
    timed: str  # the words to read the due time from
    start: int  # where in the text it was said


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


def tidy(text: str) -> str:
    """One line, without the commas and dashes a phrase taken out leaves at its ends."""
    return " ".join(text.split()).strip(" ,:;-—–")


def sentence_start(text: str, at: int) -> int:
    """Where the sentence holding `at` begins (looking back at most 200 characters)."""
    lo = max(0, at - 200)
    return max(lo, *(text.rfind(mark, lo, at) + 1 for mark in ".!?\n;"))


Keep = Callable[[re.Match[str], str], str | None]  # (the match, the whole text) -> the errand


@dataclass(frozen=True)
class Vowing:
    """One language's first-person promises: the shapes one takes (each with what makes it
    hollow), and the hedges that, just before it, make it no promise."""

    language: str
    shapes: tuple[tuple[re.Pattern[str], Keep], ...]  # groups: what, and verb where it counts
    doubt: re.Pattern[str]


def _split(lead: str) -> str:
    """A clause that stops where the next promise of the same shape begins."""
    return rf"(?:(?!,?\s*(?:{lead}))(?:{_CLAUSE})){{3,160}}"


def _infinitive_ends(words: list[str], ending: str) -> bool:
    return bool(words) and re.fullmatch(rf"[^\W\d_]{{2,40}}(?:{ending})", words[-1], _I) is not None


_NEG_DE: Final = re.compile(r"\b(?:nicht|nie|niemals|nichts|kein|keine[mnrs]?)\b", _I)
_HEDGE_DE: Final = re.compile(r"\b(?:vielleicht|eventuell|wahrscheinlich|wohl|irgendwann)\b", _I)
_WEAK_DE: Final = _set(
    "merken sein vermissen warten nachdenken überlegen geben bleiben versuchen probieren "
    "schlafen ausruhen erinnern freuen werden haben"
)
_PARTICLES_DE: Final = frozenset({"nach", "an", "zurück", "vorbei", "durch"})
_NOW_DE: Final[dict[str, str]] = {
    "sehe": "sehen",
    "schaue": "schauen",
    "gucke": "gucken",
    "melde": "melden",
    "frage": "fragen",
    "schreibe": "schreiben",
    "sage": "sagen",
    "kümmere": "kümmern",
    "prüfe": "prüfen",
    "checke": "checken",
    "erzähle": "erzählen",
    "schicke": "schicken",
    "komme": "kommen",
}
_DE_LEAD: Final = r"(?:und\s+)?(?:dann\s+)?(?:ich\s+werde|werde\s+ich)\b"


def _first_clause_de(what: str) -> tuple[list[str], str] | None:
    segment, comma, after = what.partition(",")
    if _NEG_DE.search(segment) or _HEDGE_DE.search(segment):
        return None
    return without_times(GRAMMARS["de"], segment).split(), (comma + after if comma else "")


def _will_de(match: re.Match[str], text: str) -> str | None:
    """ "ich werde morgen nachsehen": the infinitive ends the first clause."""
    found = _first_clause_de(match["what"])
    if found is None or not _infinitive_ends(found[0], "en|ern|eln"):
        return None
    words, tail = found
    last = words[-1].lower()
    if last in _WEAK_DE or (last.startswith("ge") and last not in {"gehen", "geben"}):
        return None  # a weak verb, or a passive ("ich werde gefragt")
    return tidy(" ".join(words) + tail)


def _now_de(match: re.Match[str], text: str) -> str | None:
    """ "ich sehe heute Abend nach": a follow-up verb in the present, with a time."""
    sentence = text[sentence_start(text, match.start()) : match.end()]
    found = _first_clause_de(match["what"])
    if found is None or not names_a_time(GRAMMARS["de"], sentence):
        return None
    words, tail = found
    verb, lowered = (match["verb"] or match["verb2"]).lower(), [w.lower() for w in words]
    if verb in {"sehe", "schaue", "gucke"} and lowered[-1:] not in (["nach"], ["an"]):
        return None  # "ich sehe heute Abend fern" watches; "ich sehe nach" checks
    if verb in {"melde", "kümmere"} and lowered[:1] != ["mich"]:
        return None
    if verb == "frage" and lowered[:1] == ["mich"]:
        return None  # "ich frage mich" wonders
    if verb == "komme" and not {"zurück", "darauf"} & set(lowered):
        return None
    infinitive = _NOW_DE[verb]
    if lowered and lowered[-1] in _PARTICLES_DE:
        infinitive, words = lowered[-1] + infinitive, words[:-1]
    return tidy(" ".join([*words, infinitive]) + tail)


_FR_CLITIC: Final = r"(?:(?:te|vous|me|lui|leur|y|en|le|la|les|nous)\s+|[tmls]['’]){0,3}"
_FR_LEAD: Final = r"(?:et\s+)?(?:puis\s+)?je\s+"
_WEAK_FR: Final = _set(
    "être rest attend essai essay réfléchi pens souvien souvenir reten retiend manque dorm "
    "repos rappel"
)


def _keep_fr(match: re.Match[str], text: str) -> str | None:
    """ "je vais regarder ça ce soir" (an infinitive), "je te dirai demain" (the future)."""
    verb = match["verb"].lower()
    if match["go"]:
        if re.fullmatch(r"[^\W\d_]{2,40}(?:er|ir|re)", verb) is None:
            return None  # "je vais bien", "je vais au marché"
    elif not verb.endswith("rai") or len(verb) < 5:
        return None
    if verb in {"serai", "aurai"} or any(verb.startswith(stem) for stem in _WEAK_FR):
        return None
    after = match["what"][match.end("verb") - match.start("what") :]
    if re.match(r"\s*(?:pas|jamais|plus|rien)\b|\s*(?:de\s+mon\s+mieux|mon\s+possible)", after):
        return None
    return tidy(without_times(GRAMMARS["fr"], match["what"]))


_ES_CLITIC: Final = r"(?:\b(?:te|se|lo|la|le|les|me|nos|os|los|las)\s+){0,3}"
_WEAK_ES: Final = _set("esta ser esper intent record acord qued pens extrañ echa dorm descans")
# "preparé la cena" is the past: stems that end like a future (prepar-é, not preparar-é).
_PAST_ES: Final = _set(
    "prepar separ declar compar respir admir retir suspir repar super oper consider dispar "
    "inspir aspir acapar ampar"
)
_ENCLITICS_ES: Final = ("me", "te", "se", "lo", "la", "le", "los", "las", "les", "nos", "os")


def _infinitive_es(word: str) -> bool:
    """ "revisar", "revisarlo", "decírtelo": an infinitive, with up to two pronouns on it."""
    word = word.lower()
    for _ in range(3):
        if word.endswith(("ar", "er", "ir", "ár", "ér", "ír")) and len(word) > 2:
            return True
        word = next((word[: -len(p)] for p in _ENCLITICS_ES if word.endswith(p)), "")
    return False


def _going_es(match: re.Match[str], text: str) -> str | None:
    """ "voy a revisarlo esta noche": an infinitive (not "voy a la tienda", "voy a casa")."""
    return _keep_es(match, text) if _infinitive_es(match["verb"]) else None


def _keep_es(match: re.Match[str], text: str) -> str | None:
    """ "voy a revisarlo esta noche", and the future: "te lo diré mañana"."""
    verb = match["verb"].lower()
    before = text[max(0, match.start() - 12) : match.start()].lower()
    if re.search(r"\b(?:no|nunca|jamás|tampoco)\s*$", before):
        return None
    if any(verb.startswith(stem) for stem in _WEAK_ES) or verb[:-1] in _PAST_ES:
        return None
    after = match["what"][match.end("verb") - match.start("what") :]
    if re.match(r"\s*(?:lo\s+posible|lo\s+que\s+pueda|mi\s+mejor)", after, _I):
        return None
    return tidy(without_times(GRAMMARS["es"], match["what"]))


_NEG_NL: Final = re.compile(r"\b(?:niet|nooit|geen|niets)\b", _I)
_HEDGE_NL: Final = re.compile(r"\b(?:misschien|wellicht|waarschijnlijk|ooit)\b", _I)
_WEAK_NL: Final = _set(
    "onthouden zijn missen wachten nadenken proberen blijven slapen rusten herinneren "
    "hebben worden denken"
)
_NL_LEAD: Final = r"(?:en\s+)?(?:dan\s+)?(?:ik\s+(?:ga|zal)|(?:ga|zal)\s+ik)\b"


def _keep_nl(match: re.Match[str], text: str) -> str | None:
    """ "ik ga het vanavond bekijken": the infinitive ends the first clause."""
    segment = match["what"].partition(",")[0]
    if _NEG_NL.search(segment) or _HEDGE_NL.search(segment):
        return None
    if re.match(r"\s*(?:ervan\s+uit|er\s+vanuit)\b", segment, _I):
        return None  # "ik ga ervan uit": I assume
    words = without_times(GRAMMARS["nl"], segment).split()
    if not _infinitive_ends(words, "en") or words[-1].lower() in _WEAK_NL:
        return None  # "ik ga naar huis": no errand; "ik zal er zijn": nothing to follow up
    return tidy(without_times(GRAMMARS["nl"], match["what"]))


def _vow(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, _I)


VOWINGS: Final = (
    Vowing(
        "de",
        (
            (
                _vow(
                    rf"\b(?:ich\s+(?:werde|werd['’]?)|werde\s+ich)(?!\w)(?P<what>{_split(_DE_LEAD)})"
                ),
                _will_de,
            ),
            (
                _vow(
                    rf"\b(?:ich\s+(?P<verb>{'|'.join(_NOW_DE)})|(?P<verb2>{'|'.join(_NOW_DE)})\s+ich)"
                    rf"\b(?P<what>{_split(_DE_LEAD)})"
                ),
                _now_de,
            ),
        ),
        _vow(
            r"\b(?:wenn|falls|ob|vielleicht|hoffe|hoffentlich|bezweifle|glaube\s+nicht|"
            r"denke\s+nicht|weiß\s+nicht|weiss\s+nicht)\W{0,3}(?:dass\s+)?$"
        ),
    ),
    Vowing(
        "fr",
        (
            (
                _vow(
                    rf"\b(?:je\s+(?P<go>vais\s+)?|j['’])(?P<what>{_FR_CLITIC}(?P<verb>[^\W\d_]++)"
                    rf"(?:(?!,?\s*{_FR_LEAD})(?:{_CLAUSE})){{0,160}})"
                ),
                _keep_fr,
            ),
        ),
        _vow(
            r"\b(?:si|peut-être(?:\s+que)?|sais\s+pas\s+si|doute\s+que|pense\s+pas\s+que|"
            r"crois\s+pas\s+que|espère\s+que|quand|lorsque|qu['’]|que)\s*$"
        ),
    ),
    Vowing(
        "es",
        (
            (
                _vow(r"\bvoy\s+a\s+(?P<what>(?P<verb>[^\W\d_]{1,30})\b[^.!?\n;]{0,160})"),
                _going_es,
            ),
            (
                _vow(
                    rf"(?P<what>{_ES_CLITIC}\b(?P<verb>[^\W\d_]{{1,30}}[aei]ré)\b[^.!?\n;]{{0,160}})"
                ),
                _keep_es,
            ),
        ),
        _vow(
            r"\b(?:si|quiz[aá]s?|tal\s+vez|a\s+lo\s+mejor|no\s+s[eé]\s+si|no\s+creo\s+que|"
            r"espero\s+que|ojal[aá](?:\s+que)?|cuando)\s*$"
        ),
    ),
    Vowing(
        "nl",
        (
            (
                _vow(rf"\b(?:ik\s+(?:ga|zal)|(?:ga|zal)\s+ik)(?!\w)(?P<what>{_split(_NL_LEAD)})"),
                _keep_nl,
            ),
        ),
        _vow(
            r"\b(?:als|misschien|tenzij|of|hoop|hopelijk|wanneer|denk\s+niet|weet\s+niet\s+of|"
            r"betwijfel)\W{0,3}(?:dat\s+)?$"
        ),
    ),
)


def vows(vowing: Vowing, text: str) -> Iterator[Reading]:
    """The pet's own promises in one language, each with the words its due time is in."""
    for pattern, keep in vowing.shapes:
        for match in pattern.finditer(text):
            if vowing.doubt.search(text[max(0, match.start() - 28) : match.start()]):
                continue
            start = sentence_start(text, match.start())
            if (
                text[match.end() : match.end() + 2].lstrip()[:1] == "?"
                or "¿" in text[start : match.start()]
            ):
                continue  # "Werde ich das schaffen?" asks; it does not promise
            what = keep(match, text)
            if what is None or len(what) < 3:
                continue
            yield Reading(what, "to", text[start : match.end()], match.start())
