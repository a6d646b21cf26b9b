"""What a goal is about, and whether two goals are one.

The owner's "remind me to call my mum at 7 tonight" and the model's promise "remind to call mum"
(due 19:00) are one errand: the same people and things named, due within the same hour (or one of
them without a time). Wording never decides: "don't forget mum at 7" is the same errand again,
"call my dad at 7" another. What is named is read from the words left once the reminder's own
phrasing, the people's pronouns, time words, common verbs and small words are set aside; the
kin words of the five languages the pet speaks are one word each (mum, mom, Mama, maman, mamá).
Within one request (the owner's words and the model's answer to them), the two are one errand
when they name anything in common on the same day, or when one names nothing beyond reminding.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, tzinfo
from typing import Final

SAME_HOUR: Final = timedelta(minutes=60)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


SIMILAR: Final = 0.5  # shared named words over all named words, at least

_WORD: Final = re.compile(r"[^\W\d_][^\W_]*+(?:['’][^\W\d_]++)?", re.UNICODE)
_FRAME: Final = _words(
    # the reminder's own phrasing, in the five languages
    "remind reminder reminding remember remembering forget forgetting don't dont do not "
    "erinnere erinnern erinnerung vergiss vergessen nicht daran dran an bitte "
    "rappelle rappeler rappel oublie oublier pas me moi "
    "recuérdame recuerdame recordar recuerda olvides olvidar no "
    "herinner herinneren vergeet vergeten niet eraan om "
)
_PRONOUNS: Final = _words(
    "i me my mine myself you your yours yourself we us our he him his she her they them their it "
    "ich mich mir mein meine meinen meinem meiner du dich dir dein deine wir uns unser sie ihr ihm "
    "je tu mon ma mes ton ta tes notre nos vous votre vos il elle "
    "yo mi mis tu tus su sus nuestro nuestra nosotros "
    "ik mij mijn jij je jouw wij ons onze hij zij haar hem"
)
_SMALL: Final = _words(
    "a an the to of for and or at on in by with about that this tonight today tomorrow morning "
    "evening afternoon night noon midday midnight later soon o'clock oclock pm am please again "
    "also half past quarter right ok okay yes yeah correct sure "
    "one two three four five six seven eight nine ten eleven twelve thirty "
    "oder ja gell ne doch halb viertel mittag mitternacht "
    "hein oui non midi minuit demie quart "
    "verdad vale cierto sí si mediodía medianoche media cuarto "
    "toch hè he ja kwart middernacht "
    "der die das den dem des ein eine einen und oder um am im zu zum zur für mit heute morgen "
    "abend abends nachmittag früh uhr heute nacht "
    "le la les un une des du de et ou à au aux ce soir demain matin après midi heure heures "
    "el la los las un una y o a al del de en esta esta mañana tarde noche hoy las "
    "de het een en of om te op vanavond vandaag morgen ochtend middag avond uur"
)
# Verbs that say what to do, not what about: two errands about the same person are one.
_DOING: Final = _words(
    "call ring phone text message send write email tell ask ring visit see meet buy get pick "
    "take bring give pay book check do make go water feed walk clean wash cook order fetch "
    "anrufen anzurufen rufen schreiben schicken kaufen holen nehmen bringen zahlen machen gehen "
    "gießen giessen füttern besuchen fragen sagen "
    "appeler téléphoner écrire envoyer acheter prendre apporter payer faire aller arroser "
    "nourrir visiter demander dire "
    "llamar escribir enviar comprar tomar traer pagar hacer ir regar alimentar visitar "
    "preguntar decir "
    "bellen te schrijven sturen kopen halen nemen brengen betalen doen maken gaan gieten voeren "
    "bezoeken vragen zeggen"
)
_KIN: Final = {
    **dict.fromkeys(
        _words("mum mom mother mama mommy mummy ma mutter mami maman mère mamá madre moeder mam"),
        "mother",
    ),
    **dict.fromkeys(
        _words("dad father papa daddy pa vater papi père papá padre vader pap"), "father"
    ),
    **dict.fromkeys(_words("grandma granny oma mamie abuela grootmoeder"), "grandmother"),
    **dict.fromkeys(_words("grandpa grandad opa papy abuelo grootvader"), "grandfather"),
    **dict.fromkeys(_words("sister schwester sœur soeur hermana zus zuster"), "sister"),
    **dict.fromkeys(_words("brother bruder frère frere hermano broer"), "brother"),
    **dict.fromkeys(_words("doctor doc arzt ärztin médecin médico dokter huisarts"), "doctor"),
    **dict.fromkeys(_words("dentist zahnarzt dentiste dentista tandarts"), "dentist"),
}


def _stem(word: str) -> str:
    word = word.casefold().strip("'’")
    word = re.sub(r"['’]s$", "", word)
    if word in _KIN:
        return _KIN[word]
    if len(word) > 5 and word.endswith("ing"):  # calling -> call, taking -> take
        for root in (word[:-3], word[:-3] + "e", word[:-4]):
            if root in _DOING:
                return root
    if len(word) > 4 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]  # plants -> plant
    return _KIN.get(word, word)


def named(text: str) -> frozenset[str]:
    """The people and things an errand names (the kin words of five languages as one)."""
    words = [_stem(w) for w in _WORD.findall(text[:600])]
    return frozenset(
        w
        for w in words
        if w not in _FRAME
        and w not in _PRONOUNS
        and w not in _SMALL
        and w not in _DOING
        and len(w) > 1
    )


def doing(text: str) -> frozenset[str]:
    """What an errand says to do (for errands that name nothing but the doing)."""
    return frozenset(w for w in (_stem(x) for x in _WORD.findall(text[:600])) if w in _DOING)


def same_time(a: datetime | None, b: datetime | None) -> bool:
    """Due within the same hour, or one of the two without a time."""
    return a is None or b is None or abs(a - b) < SAME_HOUR


def same_errand(
    a: str, b: str, due_a: datetime | None = None, due_b: datetime | None = None
) -> bool:
    """Whether two phrasings, due when they are due, name one errand."""
    if not same_time(due_a, due_b):
        return False
    named_a, named_b = named(a), named(b)
    if named_a and named_b:
        return len(named_a & named_b) / len(named_a | named_b) >= SIMILAR
    if named_a or named_b:
        return False  # one names someone or something, the other does not
    doing_a, doing_b = doing(a), doing(b)
    return bool(doing_a & doing_b)


def same_day(a: datetime | None, b: datetime | None, zone: tzinfo | None) -> bool:
    """On the same local day, or one of the two without a time."""
    return a is None or b is None or a.astimezone(zone).date() == b.astimezone(zone).date()


def one_request(
    a: str, b: str, due_a: datetime | None, due_b: datetime | None, zone: tzinfo | None
) -> bool:
    """Whether, within one request, two phrasings are its one errand: on the same day, naming
    anything in common (or the same doing, when neither names anything), or one of them names
    nothing beyond reminding ("I'll remind you at seven")."""
    if not same_day(due_a, due_b, zone):
        return False
    named_a, named_b = named(a), named(b)
    if named_a and named_b:
        return bool(named_a & named_b)
    doing_a, doing_b = doing(a), doing(b)
    if (not named_a and not doing_a) or (not named_b and not doing_b):
        return True  # "remind you", "let you know": it names nothing but the reminding
    return bool(doing_a & doing_b)
