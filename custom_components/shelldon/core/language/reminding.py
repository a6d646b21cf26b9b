"""How German, French, Spanish and Dutch ask to be reminded, and say when they'll be back; and
English that names the time before the errand ("remind me in 20 minutes to check the oven").

The owner's "Erinnere mich um 19 Uhr daran, Mama anzurufen", "Rappelle-moi demain d'appeler
maman", "Recuérdame a las 7 llamar a mamá" and "Herinner me om 7 uur eraan mama te bellen" each
file the errand in the owner's own words ("Mama anzurufen"), with the time phrases taken out
(and read as the due time) and the link word kept apart ("daran", "de", "que", "eraan"). A
"remind me" that refuses ("erinnere mich nicht daran") or names no errand files nothing; "ich
erinnere mich" and "ik herinner me" remember, and ask nothing. A question about a promise the
pet already holds asks for nothing new (`questions`). "Remind me again later" and "erinnere mich
nochmal daran" name no errand of their own (`only_again`). Every pattern is linear-time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from .promising import Reading, tidy
from .when import GRAMMARS, names_a_time, without_times

_I: Final = re.I
# The rest of a sentence: 19.30 stays in, and so does a German date's dot ("am 15. daran", "am
# 24. Dezember": a number's before a word in lower case or a month), an abbreviation's ("in 5
# min. to …") and an ellipsis ("… call Ana... at 5").
_LINE: Final = (
    r"(?:[^.!?\n]|\.(?=\S)|(?<=\.\.)\.|(?:(?<=\d)|(?<=min)|(?<=hrs)|(?<=std))\.(?=[ \t]{1,3}"
    r"(?-i:[a-zäöüß]|(?:Jan|Feb|Mär|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez)))){2,200}"
)


@dataclass(frozen=True)
class Asking:
    """One language's "remind me": the verb, the words to drop, how the errand is linked."""

    language: str
    ask: re.Pattern[str]
    drop: re.Pattern[str]  # please, and a trailing verb the question form leaves behind
    refuse: re.Pattern[str]  # "… nicht daran": not a reminder
    links: tuple[tuple[re.Pattern[str], str], ...]  # at the start of the errand -> its link
    bare: str | None  # the link when none is written (None: a link is required)
    wh: re.Pattern[str]  # with no link, an errand that starts so asks a question instead
    timed: bool = False  # a reminder only where a time is said ("ping me at 5 to …")


def _asking(
    language: str,
    ask: str,
    drop: str,
    refuse: str,
    links: dict[str, str],
    bare: str | None,
    wh: str = r"(?!)",
    *,
    timed: bool = False,
) -> Asking:
    return Asking(
        language,
        re.compile(rf"(?:{ask})(?P<rest>{_LINE})", _I),
        re.compile(drop, _I),
        re.compile(refuse, _I),
        tuple((re.compile(pattern, _I), link) for pattern, link in links.items()),
        bare,
        re.compile(rf"^(?:{wh})\b", _I),
        timed,
    )


def _note(word: str) -> str:
    """A note to itself, at the start of a sentence: "Reminder: …", "Erinnerung – …"."""
    return rf"(?:^|(?<=[.!?\n]))\W{{0,3}}{word}\s{{0,3}}[:\-–—]"


_EN_DROP: Final = r"^\W*(?:please|pls|for)\b|\b(?:please|pls)\W*$"
_EN_LINKS: Final = {
    r"^to\s+": "to",
    r"^not\s+to\s+": "not to",  # "remind me not to eat the cake": to not eat it
    r"^about\s+": "about",
    r"^that\s+": "that",
}
# A few words the pet cannot read as a time ahead of the link ("remind me after lunch to call
# Ana", "this weekend to clean"): the errand is what follows the link, and the pet asks when. A
# question ("remind me how to …") is none.
_EN_WH: Final = r"what|how|when|where|who|whom|whose|why|which|whether|if"
# A question ("how to …", "what to buy", "when to water"), not a condition ("when I get home").
_EN_ASKS: Final = rf"(?:{_EN_WH})\b(?<!when)|when\b(?!\s+(?:i|we|you|he|she|they|it)\b)"
_EN_UNREAD: Final = re.compile(
    rf"^(?!{_EN_ASKS})(?:(?:[^\W\d]|\d{{1,2}}(?:st|nd|rd|th)\b)\S*\s+){{1,4}}?"
    r"(?=(?:to|about|that)\s)",
    _I,
)
# With a time said and no link, the errand is what is left, said back as written ("remind me
# 5pm call mum", "set a reminder for 5pm: call mum"), unless it asks a question.
_EN_QUESTION: Final = re.compile(rf"^(?:{_EN_ASKS})", _I)


# Such an errand says what to do: two words or more, one of them more than a filler ("remind me
# again tomorrow", "at 6 then", "at 5pm instead" name none).
def _names_an_errand(what: str) -> bool:
    """Two words or more, not only fillers ("again", "then", "instead")."""
    return len(what.split()) > 1 and not only_again(what)


# "set a reminder for 9 (pm, :30, o'clock) to …", "for noon", "for half past 6": at that time
# (the ask's `at` group: the "for" is read as "at")
_EN_FOR: Final = (
    r"(?:\s{1,3}(?P<at>for)(?=\s+(?:\d|noon\b|midnight\b|half\s+past\b|"
    r"(?:a\s+)?quarter\s+(?:past|to)\b)))?"
)


# "Erinnerung: Mama anrufen um 5", "Rappel : appeler maman à 17h", "Recordatorio: llamar a mamá
# a las 5", "Herinnering: mama bellen om 5 uur": each language's note, said back as written.
_NOTES: Final = tuple(
    _asking(language, _note(word), drop, r"(?!)", {}, "")
    for language, word, drop in (
        ("de", "erinnerung", r"\b(?:bitte|danke)\b"),
        ("fr", r"(?:rappel|pense-bête)", r"\b(?:s['’]il\s+te\s+pla[iî]t|stp|svp|merci)\b"),
        ("es", "recordatorio", r"\b(?:por\s+favor|porfa|gracias)\b"),
        ("nl", "herinnering", r"\b(?:alsjeblieft|alstublieft|aub|graag|bedankt)(?!\w)"),
    )
)

# Spanish: please and thanks, a refusal, the links, none written, and the questions.
_ES: Final = (
    r"\b(?:por\s+favor|porfa|gracias)\b",
    r"^\W*(?:no|nunca)\b",
    {r"^que\s+": "que", r"^lo\s+del\s+": "lo del", r"^lo\s+de\s+": "lo de", r"^de\s+": ""},
    "",
    r"qué|cómo|cuándo|dónde|quién|cuál|por\s+qué|si",
)

ASKINGS: Final = (
    # English with the time first ("remind me in 20 minutes to …", "remind me at 5pm about …",
    # "set a reminder for tomorrow at 9 to …"); "remind me to … at 5" is read in `commitments`.
    # A please at either end is no part of the errand; one inside it is ("tell Ana please call").
    _asking(
        "en",
        r"\bremind\s+me\b|\b(?:set|add|make|create|need|want|give\s+me)\s+(?:me\s+)?"
        rf"(?:an?\s+|another\s+)?reminder\b{_EN_FOR}",
        _EN_DROP,
        r"(?!)",
        _EN_LINKS,
        None,
    ),
    # "don't let me forget the laundry at 6" (about it), "… to call mum" (to)
    _asking(
        "en",
        r"\b(?:don['’]?t|do\s+not|never)\s+let\s+me\s+forget\b",
        _EN_DROP,
        r"(?!)",
        _EN_LINKS,
        "about",
        r"what|how|when|where|who|why|which|whether|if",
    ),
    # a note to itself: "Reminder: call the bank at 3pm", "reminder - pills at 9" (no link:
    # the errand is said back as written, a verb or a thing); the others' notes are below
    _asking("en", _note("reminder"), _EN_DROP, r"(?!)", {}, ""),
    # "ping me at 5 to …", "text me in an hour about …": a reminder when a time is said
    _asking(
        "en",
        r"\b(?:ping|nudge|alert|text|buzz)\s+me\b",
        _EN_DROP,
        r"(?!)",
        _EN_LINKS,
        None,
        timed=True,
    ),
    _asking(
        "de",
        r"(?<!ich\s)\berinnere?\s+mich\b|\berinnern\s+sie\s+mich\b|\berinnerst\s+du\s+mich\b|"
        r"\b(?:kannst|könntest|würdest|kannste)\s+du\s+mich\b(?=[^.!?\n]{0,120}\berinnern\b)",
        r"\b(?:bitte|mal|danke)\b|\berinnern\b",
        r"^\W*(?:nicht|nie|bloß\s+nicht)\b",
        {
            r"^(?:daran|dran)\W{0,3}dass\s+": "dass",
            r"^(?:daran|dran)\W{0,3}": "daran",
            r"^ans\s+": "an das",
            r"^an\s+": "an",
            r"^dass\s+": "dass",
        },
        "daran",
        r"wie|was|wann|wo|wer|warum|welche[rsmn]?|ob",
    ),
    _asking(
        "fr",
        r"\brappel(?:le|lez)[\s-]+(?:(?:le|la|les)[\s-]+)?moi\b|\bme\s+(?:le\s+|la\s+)?rappeler\b",
        r"\b(?:s['’]il\s+te\s+pla[iî]t|s['’]il\s+vous\s+pla[iî]t|stp|svp|merci|donc)\b",
        r"^\W*(?:pas|jamais)\b",
        {r"^d['’]\s*": "de", r"^de\s+": "de", r"^qu['’]\s*": "que", r"^que\s+": "que"},
        None,
    ),
    _asking(
        "es",
        r"\brecu[eé]rd(?:ame|eme)(?:l[oa]s?)?\b|\brecordarme\b|\bme\s+recordar(?:[aá]s|[ií]as)\b",
        *_ES,
    ),
    # "¿me recuerdas mañana a las 8 …?": a reminder when a time is said ("me recuerdas a tu
    # padre" is none)
    _asking("es", r"\bme\s+recuerd(?:as|es)\b", *_ES, timed=True),
    _asking(
        "nl",
        r"(?<!ik\s)\bherinner\s+(?:me|mij)\b|\bherinnert\s+u\s+mij\b|"
        r"\b(?:kun|kan|wil|zou)\s+je\s+(?:me|mij)\b(?=[^.!?\n]{0,120}\bherinneren\b)",
        r"\b(?:alsjeblieft|alstublieft|aub|a\.u\.b|even|graag|bedankt)(?!\w)|\bherinneren\b",
        r"^\W*(?:er\s+)?(?:niet|nooit)\b",
        {
            r"^(?:eraan|er\s+aan)\s+dat\s+": "dat",
            r"^(?:eraan|er\s+aan)\s+(?:om\s+)?": "eraan",
            r"^aan\s+": "aan",
            r"^dat\s+": "dat",
            r"^om\s+": "eraan",
        },
        "eraan",
        r"wat|hoe|wanneer|waar|wie|waarom|welke|of",
    ),
    *_NOTES,
)


# Words that name no errand but the one just given, in the five languages: "remind me about it
# again later", "erinnere mich nochmal daran", "rappelle-le-moi encore", "recuérdamelo otra vez",
# "herinner me er nog eens aan". A reminder of these alone asks to be reminded again.
_AGAIN_WORDS: Final = (
    "again also it that this about of once more please me too then one time instead ok okay so "
    "anyway nochmal nochmals noch mal einmal wieder erneut daran dran es das bitte dann encore de "
    "nouveau le la les y une fois svp stp moi ça cela otra vez nuevo lo eso esto por favor nog "
    "eens opnieuw er aan eraan het weer dat keer"
)
_AGAIN: Final = frozenset(_AGAIN_WORDS.split())
_WORDS: Final = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def only_again(what: str) -> bool:
    """Whether an errand's words name nothing but the errand just given (none at all too)."""
    return all(word.lower() in _AGAIN for word in _WORDS.findall(what))


def _linked(asking: Asking, what: str) -> tuple[str, str] | None:
    """The errand after the link word it starts with, and the link; None without one."""
    for pattern, link in asking.links:
        if found := pattern.match(what):
            return tidy(what[found.end() :]), link
    return None


def read_reminder(asking: Asking, text: str, *, again: bool = False) -> Reading | None:
    """The owner's reminder in one language, or None; with `again`, only one that names no
    errand but the one just given ("remind me again later"), its errand empty."""
    match = asking.ask.search(text)
    if match is None:
        return None
    rest = match["rest"]
    if asking.refuse.search(rest):
        return None
    if match.groupdict().get("at"):  # "a reminder for 9": at 9
        rest = f" at{rest}"
    grammar = GRAMMARS[asking.language]
    what = tidy(asking.drop.sub(" ", without_times(grammar, rest)).lstrip(" .,;:-–—"))
    if only_again(what):  # no errand of its own: at most a reminder again of the last one
        return Reading("", "", rest, match.start()) if again else None
    if again:
        return None
    link = asking.bare
    starts = [what]
    if asking.language == "en" and (unread := _EN_UNREAD.match(what)):
        starts.append(what[unread.end() :])  # only where no link starts the errand
    for start in starts:
        if (linked := _linked(asking, start)) is not None:
            what, link = linked
            break
    else:
        if asking.language == "en" and link is None and names_a_time(grammar, rest):
            link = ""
            if _EN_QUESTION.match(what) or not _names_an_errand(what):
                return None
    if link is None or only_again(what) or (link == asking.bare and asking.wh.match(what)):
        return None
    if link == "an das":  # "ans Training": an + das
        what, link = f"das {what}", "an"
    elif link == "not to":
        what, link = f"not {what}", "to"
    return Reading(what, link, rest, match.start())


# "Ich bin in 20 Minuten zurück", "je reviens dans une heure", "vuelvo en media hora",
# "ik ben over een kwartier terug": when the owner will be back (minutes and hours only).
BACK_INS: Final = (
    (
        "de",
        re.compile(
            r"\bin\s+(?P<n>\d{1,3}|einer\s+halben|einer|einem|einen|eine|ein)\s*"
            r"(?P<unit>min(?:uten?)?|std|stunden?)\s+(?:wieder\s+)?(?:zurück|da|daheim|"
            r"zu\s*hause|zuhause)\b",
            _I,
        ),
    ),
    (
        "fr",
        re.compile(
            r"\b(?:reviens|rentre|reviendrai|rentrerai|de\s+retour|là)\s+(?:dans|d['’]ici)\s+"
            r"(?P<n>\d{1,3}|une\s+demi|un|une)(?:\s?|-)(?P<unit>min(?:ute)?s?|h(?:eures?)?)\b",
            _I,
        ),
    ),
    (
        "es",
        re.compile(
            r"\b(?:vuelvo|regreso|volveré|regresaré|de\s+vuelta|llego\s+a\s+casa)\s+en\s+"
            r"(?P<n>\d{1,3}|media|una|un)\s*(?P<unit>min(?:uto)?s?|horas?)\b",
            _I,
        ),
    ),
    (
        "nl",
        re.compile(
            r"\b(?:over|binnen)\s+(?P<n>\d{1,3}|een\s+half|een|één|anderhalf|half)\s?"
            r"(?P<unit>min(?:uut|uten)?|uur)\s+(?:weer\s+)?(?:terug|thuis)\b",
            _I,
        ),
    ),
)
