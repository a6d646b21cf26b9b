"""A question about a promise already made, in the pet's five languages: "you'll remind me to call
mum at seven, right?", "don't forget the stamps?", "du erinnerst mich doch an Mama, oder?", "tu me
rappelleras d'appeler maman, hein ?", "me recordarás llamar a mamá, ¿verdad?", "je herinnert me
toch aan mama?". It asks about what the pet holds, and files nothing new; asked as a request
("can you remind me …?", "remind me …, ok?") it stays one. Every pattern is linear-time.
"""

from __future__ import annotations

import re
from typing import Final

# "You'll remind me …", "you won't forget …", "du erinnerst mich doch …", "tu me rappelleras …",
# "me recordarás …", "je herinnert me …": the owner says what the pet will do, and asks.
_ASSERTED: Final = re.compile(
    r"\byou\s*(?:'|’)?(?:ll|\s+will|\s*(?:'|’)re\s+going\s+to|\s+are\s+going\s+to|"
    r"\s+won(?:'|’)?t\s+forget|\s+haven(?:'|’)?t\s+forgotten|\s+didn(?:'|’)?t\s+forget|"
    r"\s+still\s+remember|\s+remember)\b|\bdon(?:'|’)?t\s+forget\b|\bdid\s+you\s+(?:file|note)\b|"
    r"\bdu\s+(?:erinnerst|wirst)\s+mich\b|\bdu\s+denkst\s+(?:doch\s+)?(?:daran|dran)\b|"
    r"\bvergiss\s+(?:es\s+)?nicht\b|"
    r"\btu\s+(?:me\s+rappelleras|vas\s+me\s+rappeler|n(?:'|’)oublie(?:ras)?\s+pas)\b|"
    r"\bn(?:'|’)oublie\s+pas\b|"
    r"\bme\s+(?:lo\s+)?recordar[aá]s\b|\bvas\s+a\s+recordarme\b|\bno\s+(?:te\s+)?olvides\b|"
    r"\bno\s+se\s+te\s+olvid|"
    r"\bje\s+(?:herinnert|gaat)\s+(?:me|mij)\b|\b(?:niet\s+)?vergeten\s+(?:he|hè)\b|"
    r"\bvergeet\s+(?:het\s+)?niet\b",
    re.I,
)
# A tag that turns a statement into a question: "…, right?", "…, oder?", "…, hein ?",
# "…, ¿verdad?", "…, toch?".
_TAG: Final = re.compile(
    r"[,\s]\s{0,3}(?:right|yes|yeah|ok|okay|correct|won(?:'|’)?t\s+you|will\s+you|"
    r"didn(?:'|’)?t\s+you|haven(?:'|’)?t\s+you|aren(?:'|’)?t\s+you|isn(?:'|’)?t\s+it|"
    r"oder|ja|gell|ne|nicht\s+wahr|richtig|stimmt(?:'|’)?s|"
    r"hein|d(?:'|’)accord|n(?:'|’)est-ce\s+pas|non|oui|"
    r"¿?\s{0,3}(?:verdad|no|vale|cierto|s[ií])|"
    r"toch|hè|he|of\s+niet|klopt\s+dat)\s{0,3}[?？]",
    re.I,
)
# Asked as a request ("remind me …, ok?", "can you remind me …?"), it stays one.
_REQUEST: Final = re.compile(
    r"^\W{0,3}(?:(?:please|pls)\s+)?remind\s+me\b|"
    r"^\W{0,3}(?:can|could|would|will)\s+you\s+(?:please\s+)?remind\b|"
    r"^\W{0,3}(?:bitte\s+)?erinnere?\s+mich\b|^\W{0,3}(?:kannst|könntest|würdest)\s+du\b|"
    r"^\W{0,3}rappel(?:le|lez)[\s-]+moi\b|^\W{0,3}(?:tu\s+peux|peux-tu|pourrais-tu)\b|"
    r"^\W{0,3}(?:por\s+favor,?\s+)?recu[eé]rd(?:ame|eme)\b|^\W{0,3}¿?\s{0,3}(?:puedes|podr[ií]as)\b|"
    r"^\W{0,3}herinner\s+(?:me|mij)\b|^\W{0,3}(?:kun|kan|wil|zou)\s+je\b",
    re.I,
)
_QUESTION: Final = re.compile(r"[?？]")


def asks_about_a_promise(text: str) -> bool:
    """Whether the owner asks about a promise rather than for one: a question that says what
    the pet will do ("you'll remind me to call mum at seven, right?", "don't forget the stamps?")
    or tags a statement ("…, oder?"), unless it is asked as a request ("can you remind me …?",
    "remind me …, ok?")."""
    text = text[:2000]
    asked = [match.start() for match in _QUESTION.finditer(text)]
    if not asked:
        return False
    end = asked[-1]
    start = max(text.rfind(mark, 0, end) for mark in ".!?\n") + 1
    sentence = text[start : end + 1].strip()
    if _REQUEST.search(sentence):
        return False
    return _ASSERTED.search(sentence) is not None or _TAG.search(sentence) is not None


# --- letting a promise go ----------------------------------------------------------------------

# "don't remind me to call mum (anymore)", "no need to remind me about the bins", "stop reminding
# me to …", "cancel (the / my) reminder to …", "never mind the reminder about …", "erinnere mich
# nicht (mehr) daran, …", "lösche die Erinnerung an …", "ne me rappelle pas d'…", "annule le
# rappel de …", "no me recuerdes …", "cancela el recordatorio de …", "herinner me er niet (meer)
# aan …", "annuleer de herinnering aan …": the errand named is to be let go.
_LET_GO: Final = re.compile(
    r"(?:\b(?:don['’]?t|do\s+not|no\s+need\s+to|never|you\s+don['’]?t\s+need\s+to)\s+remind\s+me"
    r"|\bstop\s+reminding\s+me|\b(?:cancel|delete|remove|drop|forget|never\s+mind)\s+"
    r"(?:about\s+)?(?:the|my|that|this)\s+reminder(?:\s+for)?"
    r"|\berinnere?\s+mich\s+nicht(?:\s+mehr)?|\b(?:lösche|vergiss|streiche)\s+die\s+erinnerung"
    r"|\bne\s+me\s+(?:le\s+)?rappelle\s+pas|\b(?:annule|supprime|oublie)\s+le\s+rappel"
    r"|\bno\s+me\s+recuerdes|\b(?:cancela|borra|olvida)\s+el\s+recordatorio"
    r"|\bherinner\s+(?:me|mij)\s+er\s+niet(?:\s+meer)?|\b(?:annuleer|verwijder|vergeet)\s+de\s+"
    r"herinnering)"
    r"\W{0,3}(?:(?:to|about|of|that|daran|dran|an|de|d['’]|que|aan)\W{0,3})?"
    r"(?P<what>[^.!?\n,;]{2,200})",
    re.I,
)
# What may close such a sentence and is no part of the errand.
_LET_GO_TAIL: Final = re.compile(
    r"(?:\s+(?:any\s?more|again|please|thanks|mehr|bitte|danke|plus|merci|más|gracias|meer|"
    r"alsjeblieft|bedankt)\b|\W)+$",
    re.I,
)


def lets_go(text: str) -> str | None:
    """The errand the owner asks the pet not to remind them of any more, if they do."""
    if (match := _LET_GO.search(text[:600])) is None:
        return None
    what = _LET_GO_TAIL.sub("", match["what"]).strip()
    return what if len(what) >= 2 else None
