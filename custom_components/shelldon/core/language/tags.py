"""The languages the pet speaks: which one a message is written in, and what a tag is called.

Detection is a deterministic count of small, common words (and a few letters only one
language uses) over the first part of a message; a word several languages share counts a
share to each. It names a language only when the evidence is clear, and otherwise returns
the default it was given: a short greeting, a name, an emoji or a mixed line never switches
the pet's language.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

LANGUAGES: Final = ("en", "de", "fr", "es", "nl")
ENOUGH: Final = 1.5  # the least evidence that names a language
MARGIN: Final = 2.0  # the winner needs this many times the runner-up's evidence
READ_CHARS: Final = 2000  # a chat message is judged by its beginning


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_MARKERS: Final[dict[str, frozenset[str]]] = {
    "en": _words(
        "the and is are was were you your i i'm i've i'll it it's don't can't what what's how "
        "this that with have has to of for my me be can will would please thanks thank hello "
        "there they we do does not just about remind tomorrow tonight today time good morning "
        "evening night yes at on a an in so could should want need like know think am i'd"
    ),
    "de": _words(
        "und ich ist nicht das die der den dem des ein eine einen einem einer du dich dir "
        "mich mir mein meine wie was wer wo warum geht geht's gut bitte danke ja nein auch "
        "noch schon heute morgen abend sehr mit bei zu von auf für aber oder wenn dass es sie "
        "wir ihr hast habe hat bin bist sind kannst kann erinnere erinnern uhr um spät hallo "
        "guten tag nacht jetzt mal doch gerne nur daran schön kein keine haben machen am im"
    ),
    "fr": _words(
        "le la les un une des du de et est je tu il elle nous vous ne pas que qui quoi moi "
        "toi mon ma mes ton ta tes ce cette pour avec dans sur mais ou oui non merci bonjour "
        "salut bonsoir comment ça va très bien aujourd'hui demain soir matin heure heures "
        "rappelle suis es as ai fait peux veux à où quelle quel beaucoup c'est j'ai"
    ),
    "es": _words(
        "el la los las un una unos y es está estás estoy yo tú tu mi mis me te que qué cómo "
        "como por para con en de del al no sí si pero hola gracias buenos buenas días noches "
        "tardes mañana hoy hora muy bien recuérdame recuerdame llamar hace tengo tienes "
        "puedes quiero a eres soy estas favor cuándo dónde hay"
    ),
    "nl": _words(
        "de het een en is ik je jij jou jouw mijn me mij niet wat hoe wie waar waarom dat dit "
        "die van voor met op aan om bij naar maar of ja nee dank bedankt hallo hoi "
        "goedemorgen goedenavond morgen vandaag avond uur zijn ben bent heb hebt heeft kun "
        "kan wil gaat er al nog ook wel graag alsjeblieft herinner eraan te laat moet"
    ),
}
# French elision: "j'ai", "d'appeler", "qu'il" (English contractions start with other words).
_ELIDED: Final = frozenset({"c", "d", "j", "l", "m", "n", "s", "t", "qu"})
# Letters that tell one language apart, each counted once per message.
_LETTERS: Final[tuple[tuple[str, str, float], ...]] = (
    ("ñ¿¡", "es", 1.0),
    ("ß", "de", 1.0),
    ("äöü", "de", 0.5),
    ("çœ", "fr", 1.0),
    ("èêàâîôûù", "fr", 0.5),
)
_WORDS: Final = re.compile(r"[^\W\d_]++(?:'[^\W\d_]++)*+")
_TAG: Final = re.compile(r"[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8}){0,5}")

NAMES: Final[dict[str, str]] = {
    "af": "Afrikaans", "ar": "Arabic", "bg": "Bulgarian", "bn": "Bengali", "bs": "Bosnian",
    "ca": "Catalan", "cs": "Czech", "cy": "Welsh", "da": "Danish", "de": "German",
    "el": "Greek", "en": "English", "eo": "Esperanto", "es": "Spanish", "et": "Estonian",
    "eu": "Basque", "fa": "Persian", "fi": "Finnish", "fr": "French", "fy": "Frisian",
    "ga": "Irish", "gl": "Galician", "gsw": "Swiss German", "he": "Hebrew", "hi": "Hindi",
    "hr": "Croatian", "hu": "Hungarian", "hy": "Armenian", "id": "Indonesian",
    "is": "Icelandic", "it": "Italian", "ja": "Japanese", "ka": "Georgian", "kk": "Kazakh",
    "ko": "Korean", "lb": "Luxembourgish", "lt": "Lithuanian", "lv": "Latvian",
    "mk": "Macedonian", "ml": "Malayalam", "mn": "Mongolian", "ms": "Malay", "mt": "Maltese",
    "nb": "Norwegian Bokmål", "ne": "Nepali", "nl": "Dutch", "nn": "Norwegian Nynorsk",
    "no": "Norwegian", "pa": "Punjabi", "pl": "Polish", "pt": "Portuguese",
    "ro": "Romanian", "ru": "Russian", "sk": "Slovak", "sl": "Slovenian", "sq": "Albanian",
    "sr": "Serbian", "sv": "Swedish", "sw": "Swahili", "ta": "Tamil", "te": "Telugu",
    "th": "Thai", "tr": "Turkish", "uk": "Ukrainian", "ur": "Urdu", "vi": "Vietnamese",
    "zh": "Chinese",
}  # fmt: skip
# Variants a reader would write differently, by the tag's later subtags.
VARIANTS: Final[dict[str, str]] = {
    "de-ch": "Swiss Standard German",
    "de-at": "Austrian German",
    "en-gb": "British English",
    "en-us": "American English",
    "en-au": "Australian English",
    "es-419": "Latin American Spanish",
    "es-mx": "Mexican Spanish",
    "fr-ca": "Canadian French",
    "nl-be": "Flemish (Belgian Dutch)",
    "pt-br": "Brazilian Portuguese",
    "pt-pt": "European Portuguese",
    "sr-latn": "Serbian (Latin script)",
    "zh-hans": "Simplified Chinese",
    "zh-cn": "Simplified Chinese",
    "zh-hant": "Traditional Chinese",
    "zh-tw": "Traditional Chinese",
    "zh-hk": "Traditional Chinese (Hong Kong)",
}


AUTO: Final = "auto"  # the pet's language dial left to Home Assistant's
_TYPED_TAG: Final = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}")  # "de", "pt-BR", "zh-Hant"


def owners(chosen: object, home: str | None) -> str:
    """The owner's language: the tag chosen for the pet, or Home Assistant's own (`home`) when
    it is left to it ("auto", or nothing): owners("auto", "de") -> "de"."""
    tag = str(chosen or AUTO).strip()
    return (home or "en") if tag == AUTO else tag


def is_tag(text: str) -> bool:
    """Whether an owner typed a language tag as Home Assistant writes them ("de", "pt-BR")."""
    return _TYPED_TAG.fullmatch(text) is not None


def base(tag: str) -> str:
    """The primary subtag, lower-cased: "de-CH" -> "de", "pt_BR" -> "pt", "" -> ""."""
    return str(tag or "").strip().replace("_", "-").split("-", 1)[0].lower()


def _tokens(text: str) -> list[str]:
    flat = unicodedata.normalize("NFC", text[:READ_CHARS]).lower()
    return _WORDS.findall(flat.replace("’", "'").replace("`", "'"))


def scores(text: str) -> dict[str, float]:
    """The evidence for each language in a message (what `detect` weighs)."""
    found = dict.fromkeys(LANGUAGES, 0.0)
    for token in _tokens(text):
        owners = [lang for lang in LANGUAGES if token in _MARKERS[lang]]
        if not owners and token.split("'", 1)[0] in _ELIDED and "'" in token:
            owners = ["fr"]
        for lang in owners:
            found[lang] += 1 / len(owners)
    sample = text[:READ_CHARS].lower()
    for letters, lang, weight in _LETTERS:
        if any(ch in sample for ch in letters):
            found[lang] += weight
    return found


def detect(text: str, default: str) -> str:
    """The language a short message is written in (one of LANGUAGES), or `default` when the
    message does not say clearly (too short, mixed, or in none of them)."""
    ranked = sorted(scores(str(text or "")).items(), key=lambda kv: (-kv[1], kv[0]))
    (best, top), (_, second) = ranked[0], ranked[1]
    if top < ENOUGH or top < MARGIN * second:
        return default
    return best


def name(tag: str) -> str:
    """The English name of a language tag, for a prompt ("de" -> "German", "pt-BR" ->
    "Brazilian Portuguese"); an unknown tag is returned as written (only its tag characters)."""
    text = str(tag or "").strip()
    match = _TAG.fullmatch(text)
    if match is None:
        return "".join(ch for ch in text[:35] if ch.isalnum()) or "English"
    clean = match[0].replace("_", "-")
    parts = clean.lower().split("-")
    for size in range(len(parts), 1, -1):
        if (variant := VARIANTS.get("-".join(parts[:size]))) is not None:
            return variant
    for part in parts[1:]:
        if (variant := VARIANTS.get(f"{parts[0]}-{part}")) is not None:
            return variant
    return NAMES.get(parts[0], clean)
