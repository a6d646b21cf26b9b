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
