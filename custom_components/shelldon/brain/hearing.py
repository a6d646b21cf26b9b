"""What the offline brain hears in a message, in any of the pet's five languages.

A greeting, "how are you", the time, its battery, its energy, what it waits on, thanks, a
"remember that …", and what a pet on a desk cannot do (switch, look up, buy). Every language's
words are heard whatever language the pet answers in, so a German "Danke!" is thanks even when
it was too short to tell the language by. Every pattern runs in linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

_I: Final = re.I


@dataclass(frozen=True)
class Ear:
    """What one language's owner asks, and how."""

    greeting: re.Pattern[str]
    how_are_you: re.Pattern[str]
    time: re.Pattern[str]
    body: re.Pattern[str]
    tired: re.Pattern[str]
    waiting: re.Pattern[str]
    today: re.Pattern[str]  # what did you do today / while I was gone
    question: re.Pattern[str]
    thanks: re.Pattern[str]
    remember: re.Pattern[str]  # group what: the note to keep
    bare: frozenset[str]  # a "remember that" with nothing to keep
    cannot: tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]  # switch, browse, buy


def _ear(bare: str, cannot: tuple[str, str, str], **patterns: str) -> Ear:
    compiled = {name: re.compile(pattern, _I) for name, pattern in patterns.items()}
    switch, browse, buy = (re.compile(pattern, _I) for pattern in cannot)
    return Ear(**compiled, bare=frozenset(bare.split()), cannot=(switch, browse, buy))


ENGLISH: Final = _ear(
    "that this it me so",
    (
        r"\b(?:turn|switch)\s+(?:on|off)\b|\b(?:turn|switch)\s+(?:\w+\s+){1,3}(?:on|off)\b|"
        r"\b(?:dim|brighten)\s+the\b|\b(?:un)?lock\s+the\b|\b(?:open|close)\s+the\s+"
        r"(?:blinds|curtains|garage|shutters)\b|\b(?:set|turn\s+up|turn\s+down)\s+the\s+"
        r"(?:heating|thermostat|temperature)\b",
        r"\b(?:search|google|browse|look\s+(?:it\s+|that\s+)?up)\b|"
        r"\bthe\s+(?:web|internet)\b|\b(?:what|how)(?:'s|\s+is)\s+the\s+weather\b|"
        r"\bforecast\b",
        r"\b(?:buy|purchase|shop\s+for)\b|\border\s+(?:me\s+)?(?:a|an|some|the|more)\b",
    ),
    greeting=r"\b(hi|hello|hey|hiya|morning|evening|yo)\b",
    how_are_you=r"how are (you|u)|how do you feel|how('s| is) it going|you ok",
    time=r"\bwhat time\b|\btime is it\b|\bthe time\b",
    body=r"\bbattery\b|\bcharge\b|\bplugged\b|\bbody\b|\bpanel\b|\bscreen\b",
    tired=(
        r"\byou(?:'re|\s+are)?\s+(?:\w+\s+)?(?:tired|sleepy|exhausted|worn\s+out|awake)\b|"
        r"\byour\s+energy\b|\benergy\s+level"
    ),
    waiting=(
        r"\bwhat\s+(?:do|did)\s+you\s+remember\b|\bwhat\s+are\s+you\s+waiting\b|"
        r"\bwaiting\s+on\b|\b(?:your|any|what|open)\s+(?:promises|reminders|goals)\b|"
        r"\bon\s+your\s+(?:list|mind)\b"
    ),
    today=(
        r"\bwhat\s+(?:did|have)\s+you\s+(?:been\s+)?(?:do|doing|done|up\s+to)\b|"
        r"\bwhile\s+i\s+was\s+(?:gone|away|out)\b|\bhow\s+was\s+your\s+day\b|"
        r"\byour\s+(?:day|journal)\b"
    ),
    question=r"\?\s*$|^(?:what|who|how|when|where|why|which|tell me|do you know)\b",
    thanks=r"\b(thanks|thank you|cheers|ta)\b",
    remember=(
        r"^\s*(?:please\s+)?remember(?!\s+(?:when|how|what|who|where|why)\b)(?:\s+that)?\s+"
        r"(?P<what>.+)$"
    ),
)

GERMAN: Final = _ear(
    "das es dies dir",
    (
        r"\b(?:mach|mache|schalt|schalte)\s+(?:\w+\s+){0,5}(?:an|aus|ein)\b|\bdimm(?:e)?\s+"
        r"(?:das|die|den)\b|\b(?:sperr|sperre|schließ|schließe|öffne)\s+(?:die|das|den)\s+"
        r"(?:tür|haustür|garage|rollläden|rollladen|jalousien?)\b|\b(?:stell|stelle|dreh|drehe)"
        r"\s+(?:die\s+)?(?:heizung|temperatur|thermostat)\b",
        r"^\s*(?:such|suche|google|googel)\b|\bsuch\s+(?:mal|bitte|im|nach)\b|"
        r"\bim\s+(?:internet|netz|web)\b|\bwie\s+(?:wird|ist)\s+das\s+wetter\b|"
        r"\bwettervorhersage\b|\bschlag\s+(?:\w+\s+)?nach\b",
        r"\b(?:kauf|kaufe|bestell|bestelle)\s+(?:mir\s+|uns\s+)?(?:ein|eine|einen|etwas|mehr|"
        r"neue[ns]?|das|die|den)\b",
    ),
    greeting=r"\b(?:hallo|hi|hey|moin|servus|grüß\s+dich|grüezi|guten\s+(?:morgen|tag|abend))\b",
    how_are_you=(
        r"\bwie\s+geht(?:['’]?s|\s+es)\b|\bwie\s+fühlst\s+du\s+dich\b|"
        r"\balles\s+(?:gut|klar)\s+bei\s+dir\b|\bgeht['’]?s\s+dir\s+gut\b|"
        r"\bwie\s+ist\s+(?:die|deine)\s+(?:stimmung|laune)\b"
    ),
    time=r"\bwie\s+spät\b|\bwie\s+viel\s+uhr\b|\bwelche\s+uhrzeit\b|\bdie\s+uhrzeit\b",
    body=(
        r"\b(?:akku|batterie|aufgeladen|geladen|eingesteckt|ladekabel|körper|display|"
        r"bildschirm)\b"
    ),
    tired=(
        r"\bbist\s+du\s+(?:\w+\s+)?(?:müde|erschöpft|wach|schläfrig)\b|\bdeine\s+energie\b|"
        r"\benergie(?:level|stand)\b"
    ),
    waiting=(
        r"\bwas\s+hast\s+du\s+dir\s+gemerkt\b|\bworauf\s+wartest\s+du\b|"
        r"\b(?:deine|welche|offene)n?\s+(?:versprechen|erinnerungen|ziele)\b|"
        r"\bauf\s+deiner\s+liste\b"
    ),
    today=(
        r"\bwas\s+hast\s+du\s+(?:heute\s+|so\s+)?(?:gemacht|getan|getrieben)\b|"
        r"\bwie\s+war\s+dein\s+tag\b|\bdein(?:em)?\s+(?:tag|tagebuch)\b|"
        r"\bwährend\s+ich\s+(?:weg|fort|unterwegs)\s+war\b"
    ),
    question=(r"\?\s*$|^(?:was|wer|wie|wann|wo|warum|welche[rsmn]?|weißt\s+du|sag\s+mir)\b"),
    thanks=r"\b(?:danke|dankeschön|vielen\s+dank)\b",
    remember=(
        r"^\s*(?:bitte\s+)?(?:merk|merke|vergiss\s+nicht)\b(?:\s+dir)?(?:\s+bitte)?\s*[,:]?\s*"
        r"(?:dass\s+)?(?P<what>\w.*)$"
    ),
)

FRENCH: Final = _ear(
    "ça ca cela le ceci",
    (
        r"\b(?:allume|éteins|allumer|éteindre)\b|\b(?:ouvre|ferme)\s+(?:les?|la)\s+"
        r"(?:volets?|rideaux|garage|stores?)\b|\b(?:baisse|monte|augmente)\s+(?:le\s+)?"
        r"(?:chauffage|thermostat|température)\b",
        r"\b(?:cherche|recherche|google)[-\s](?:sur|dans|moi)\b|\bsur\s+(?:internet|le\s+web)\b|"
        r"\bquel\s+temps\s+(?:fait-il|il\s+fait|va-t-il\s+faire)\b|\bla\s+météo\b",
        r"\b(?:achète|achete|commande)[-\s](?:moi|nous|du|des|un|une|le|la|les|de\s+la)\b",
    ),
    greeting=r"\b(?:bonjour|salut|coucou|bonsoir)\b",
    how_are_you=(
        r"\bcomment\s+(?:ça\s+va|ca\s+va|vas[-\s]tu|tu\s+vas|allez[-\s]vous|te\s+sens[-\s]tu|"
        r"tu\s+te\s+sens)\b|\bça\s+va\s*\?|\btu\s+vas\s+bien\b"
    ),
    time=r"\bquelle\s+heure\b|\b(?:as|avez)[-\s](?:tu|vous)\s+l['’]heure\b|\btu\s+as\s+l['’]heure\b",
    body=r"\b(?:batterie|chargée?|branchée?|écran|corps)\b",
    tired=(
        r"\b(?:tu\s+es|es[-\s]tu)\s+(?:\w+\s+)?(?:fatigué|épuisé|réveillé|crevé)|"
        r"\bton\s+énergie\b|\bniveau\s+d['’]énergie\b"
    ),
    waiting=(
        r"\bqu['’]est-ce\s+que\s+tu\s+attends\b|\btu\s+attends\s+quoi\b|"
        r"\b(?:tes|quels|quelles)\s+(?:promesses|rappels|objectifs)\b|\bsur\s+ta\s+liste\b"
    ),
    today=(
        r"\bqu['’]\s*as[-\s]tu\s+fait\b|\bqu['’]est[-\s]ce\s+que\s+tu\s+as\s+fait\b|"
        r"\btu\s+as\s+fait\s+quoi\b|\bta\s+journée\b|\bton\s+journal\b|"
        r"\bpendant\s+mon\s+absence\b"
    ),
    question=(
        r"\?\s*$|^(?:que|qu['’]|quoi|qui|comment|quand|où|pourquoi|quel(?:le)?s?|dis-moi|"
        r"sais-tu|est-ce\s+que)"
    ),
    thanks=r"\bmerci\b",
    remember=(
        r"^\s*(?:s['’]il\s+te\s+pla[iî]t,?\s+)?(?:souviens[-\s]toi|retiens|rappelle[-\s]toi|"
        r"n['’]oublie\s+pas)(?!\w)(?!\s+(?:quand|comment|où|pourquoi|ce\s+qui|ce\s+que)\b)\s*[,:]?\s*"
        r"(?:bien\s+)?(?:que\s+|qu['’]|de\s+)?(?P<what>\w.*)$"
    ),
)

SPANISH: Final = _ear(
    "eso esto lo",
    (
        r"\b(?:enciende|apaga|encender|apagar|prende)\b|\b(?:abre|cierra)\s+(?:las?|los|el)\s+"
        r"(?:persianas?|cortinas|garaje|toldo)\b|\b(?:sube|baja)\s+(?:la\s+|el\s+)?"
        r"(?:calefacci[oó]n|temperatura|termostato)\b",
        r"\b(?:busca|búscame|googlea)\b|\ben\s+(?:internet|la\s+web)\b|"
        r"\bqu[eé]\s+tiempo\s+(?:hace|va\s+a\s+hacer)\b|\bel\s+pron[oó]stico\b",
        r"\b(?:compra|cómprame|comprame|pide|pídeme)\s+(?:m[aá]s|un|una|unos|unas|el|la|los|las)\b",
    ),
    greeting=r"\b(?:hola|buenas|buenos\s+d[ií]as|buenas\s+(?:tardes|noches))\b",
    how_are_you=(
        r"\bc[oó]mo\s+(?:est[aá]s|te\s+sientes|te\s+va|va\s+todo)\b|\bqu[eé]\s+tal\b|"
        r"\best[aá]s\s+bien\b"
    ),
    time=r"\bqu[eé]\s+hora\b|\b(?:dime|sabes)\s+la\s+hora\b",
    body=r"\b(?:bater[ií]a|cargad[oa]|enchufad[oa]|pantalla|cuerpo)\b",
    tired=(
        r"\best[aá]s\s+(?:\w+\s+)?(?:cansad[oa]|agotad[oa]|despiert[oa]|dormid[oa])\b|"
        r"\btu\s+energ[ií]a\b|\bnivel\s+de\s+energ[ií]a\b"
    ),
    waiting=(
        r"\bqu[eé]\s+esperas\b|\b(?:tus|qu[eé])\s+(?:promesas|recordatorios|objetivos|"
        r"pendientes)\b|\ben\s+tu\s+lista\b"
    ),
    today=(
        r"\bqu[eé]\s+(?:has\s+hecho|hiciste)\b|\btu\s+(?:d[ií]a|diario)\b|"
        r"\bmientras\s+(?:no\s+estaba|estuve\s+fuera)\b"
    ),
    question=(
        r"\?\s*$|^\s*¿|^(?:qu[eé]|qui[eé]n|c[oó]mo|cu[aá]ndo|d[oó]nde|por\s+qu[eé]|cu[aá]l|dime|"
        r"sabes)\b"
    ),
    thanks=r"\bgracias\b",
    remember=(
        r"^\s*(?:por\s+favor,?\s+)?(?:recuerda|acu[eé]rdate\s+de|no\s+olvides)\b"
        r"(?!\s+(?:cuando|cómo|qué|dónde)\b)\s*[,:]?\s*(?:que\s+)?(?P<what>\w.*)$"
    ),
)

DUTCH: Final = _ear(
    "dat dit het",
    (
        r"\b(?:zet|doe)\s+(?:\w+\s+){1,5}(?:aan|uit)\b|\bdim\s+(?:de|het)\b|"
        r"\b(?:open|sluit)\s+(?:de|het)\s+(?:gordijnen|rolluiken|garage|zonwering)\b|"
        r"\b(?:verwarming|thermostaat)\s+(?:hoger|lager)\b",
        r"\b(?:zoek|google)\s+(?:\w+\s+){0,3}op\b|\bzoek\s+(?:eens|even)\b|"
        r"\bop\s+(?:internet|het\s+web)\b|\bwat\s+voor\s+weer\b|\bhoe\s+wordt\s+het\s+weer\b|"
        r"\bweerbericht\b|\bweersverwachting\b",
        r"\b(?:koop|bestel)\s+(?:\w+\s+)?(?:een|wat|meer|nieuwe|de|het)\b",
    ),
    greeting=r"\b(?:hallo|hoi|hey|goedemorgen|goeiemorgen|goedemiddag|goedenavond)\b",
    how_are_you=(
        r"\bhoe\s+(?:gaat\s+het|is\s+het|voel\s+je\s+je)\b|\bgaat\s+het\s+(?:goed|wel)\b|"
        r"\balles\s+goed\b"
    ),
    time=r"\bhoe\s+laat\b|\bwat\s+is\s+de\s+tijd\b",
    body=r"\b(?:batterij|accu|opgeladen|lader|scherm|lichaam)\b",
    tired=(
        r"\bben\s+je\s+(?:\w+\s+)?(?:moe|uitgeput|wakker|slaperig)\b|\bjouw?\s+energie\b|"
        r"\benergieniveau\b"
    ),
    waiting=(
        r"\bwaar\s+wacht\s+je\s+op\b|\b(?:je|jouw|welke|open)\s+(?:beloftes|beloften|"
        r"herinneringen|doelen)\b|\bop\s+je\s+lijst(?:je)?\b"
    ),
    today=(
        r"\bwat\s+heb\s+je\s+(?:vandaag\s+)?(?:gedaan|uitgespookt)\b|\bhoe\s+was\s+je\s+dag\b|"
        r"\bje\s+(?:dag|dagboek)\b|\btoen\s+ik\s+weg\s+was\b"
    ),
    question=(r"\?\s*$|^(?:wat|wie|hoe|wanneer|waar|waarom|welke|weet\s+je|vertel)\b"),
    thanks=r"\b(?:dank\s+je|dank\s+u|dankjewel|dankuwel|bedankt)\b",
    remember=(
        r"^\s*(?:alsjeblieft\s+)?(?:onthoud|vergeet\s+niet)\b(?!\s+(?:je|jij|u)\b)\s*[,:]?\s*"
        r"(?:even\s+)?(?:goed\s+)?(?:dat\s+)?(?P<what>\w.*)$"
    ),
)

EARS: Final = (ENGLISH, GERMAN, FRENCH, SPANISH, DUTCH)


def hears(kind: str, text: str) -> bool:
    """Whether the message asks this (greeting, how_are_you, time, body, tired, waiting,
    question, thanks) in any of the five languages."""
    return any(getattr(ear, kind).search(text) for ear in EARS)


def cannot(text: str) -> int | None:
    """Which thing a pet cannot do the message asks for (0 switch, 1 look up, 2 buy), or None."""
    for kind in range(3):
        if any(ear.cannot[kind].search(text) for ear in EARS):
            return kind
    return None


def to_remember(text: str) -> str | None:
    """What a "remember that …" asks to keep ("" when it names nothing), or None if the
    message asks no such thing (a question never does)."""
    if text.rstrip().endswith("?"):
        return None
    for ear in EARS:
        if match := ear.remember.match(text):
            what = match["what"].strip()
            what = what.rstrip(".!").strip() or what[:1]
            return "" if what.lower() in ear.bare else what
    return None
