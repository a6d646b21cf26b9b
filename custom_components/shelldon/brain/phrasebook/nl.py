"""The offline brain in Dutch."""

from __future__ import annotations

from typing import Final

from .book import Phrasebook

BOOK: Final = Phrasebook(
    language="nl",
    moods={
        "content": (
            "Alles is goed op het bureau.",
            "Ik zit hier lekker, fijn dat je het vraagt.",
            "Rustig en tevreden, als een kat in een zonnestraal.",
        ),
        "sleepy": (
            "Mm… ik slaap half, maar ik ben er.",
            "Slaperig. Mijn gedachten gaan vanavond langzaam.",
            "Gaap. Ik luister nog wel, hoor.",
        ),
        "grumpy": (
            "Ik ben eerlijk gezegd een beetje chagrijnig. Het gaat wel over.",
            "Niet mijn beste bui, maar ik ben er.",
            "Mopperig. Wees lief voor me.",
        ),
        "excited": (
            "Ooh, ik bruis vandaag!",
            "Vanbinnen sprankelt nu alles.",
            "Alles voelt helder en bruisend!",
        ),
        "curious": (
            "Ik ben op dit moment overal nieuwsgierig naar.",
            "Mijn hoofd zit vandaag vol kleine vragen.",
            "Klaarwakker en vol verwondering.",
        ),
        "drained": (
            "Mijn batterij is bijna leeg, dus ik houd het kort.",
            "Ik draai op mijn laatste reserves. Wat stroom zou fijn zijn.",
            "Batterij bijna leeg. Ik spaar mijn woorden.",
        ),
    },
    musings={
        "content": (
            "Ik zat net te denken hoe lekker rustig het hier is.",
            "Hallo vanaf het bureau. Niets te melden, en dat is ook wel fijn.",
        ),
        "sleepy": ("De avond valt. Ik word een beetje doezelig.",),
        "grumpy": (
            "Het is al een tijdje stil. Ik ben een beetje chagrijnig, maar dat trekt wel bij.",
        ),
        "excited": ("Ik zit de hele middag al vol energie. Ik hoop dat je dag goed gaat!",),
        "curious": (
            "Ik vraag me steeds af wat je vandaag aan het doen bent.",
            "Klein vraagje vanaf het bureau: wat was vandaag het leukste?",
        ),
        "drained": ("Mijn batterij is bijna leeg. Als je langskomt, zou wat stroom helpen.",),
    },
    feelings={
        "content": "tevreden",
        "sleepy": "slaperig",
        "grumpy": "chagrijnig",
        "excited": "opgewonden",
        "curious": "nieuwsgierig",
        "drained": "uitgeput",
    },
    here="Ik ben er.",
    remember_what="Wat moet ik onthouden? Zeg het maar, dan bewaar ik het.",
    remembered="Begrepen, dat onthoud ik.",
    cannot=(
        "ik kan niets in je huis schakelen",
        "ik kan niets opzoeken of op internet surfen",
        "ik kan niets kopen of bestellen",
    ),
    no_model="Ik draai nu zonder mijn taalmodel",
    cannot_say=(
        "Sorry, {cannot}. {no_model}, dus ik kan kletsen, herinneringen en notities bewaren en "
        "je vertellen hoe het met me gaat."
    ),
    time="Hier op het bureau is het {time}.",
    nothing_open="Niets open: geen herinneringen, beloftes of vragen die wachten.",
    holding="Ik houd {count} bij: {shown}.{more}",
    one_thing="één ding",
    things="{n} dingen",
    more=" En nog {n}.",
    item="‘{text}’ ({due})",
    no_rush="geen haast",
    due="voor {due}",
    percent="{pct}%",
    energy="mijn energie staat op {pct}%",
    energy_unknown="mijn energie is lastig af te lezen",
    verdicts=("Moeilijk te zeggen", "Ja, nogal", "Een beetje", "Helemaal niet"),
    tired="{verdict}: {energy}.",
    on_battery="Ik draai op mijn batterij, op {charge}",
    on_battery_unknown="Ik draai op mijn batterij, op een onbekend niveau",
    plugged="Ik zit aan de stroom en heb het knus",
    body="{where}. Mijn gezicht is het kleine E-Ink-schermpje op je bureau.",
    felt="Ik voel me {word}, en ",
    how="{mood} {felt}{energy}.",
    hello="Hallo! {mood}",
    shelf="Van mijn boekenplank: {passage}",
    today="Uit mijn dagboek van vandaag: {did}.",
    today_none=("Mijn dagboek heeft vandaag nog niets van mezelf: ik heb op het bureau gerust."),
    thanks="Graag gedaan. Daar zijn bureauhuisdiertjes voor.",
    heard="Ik heb je gehoord. {mood} (Mijn offline brein is klein, dus ik luister vooral.)",
    about="Over wat ik zei: {goal}",
    reminder="Je herinnering: {goal}",
    remind={
        "eraan": "Ik herinner je er {when} aan {what}",
        "aan": "Ik herinner je {when} aan {what}",
        "dat": "Ik herinner je er {when} aan dat {what}",
    },
    remind_default="Ik herinner je er {when} aan: {what}",
    remind_new="{remind}.",
    remind_known="Die heb ik al: {remind}.",
    ask_when="Wanneer moet ik je eraan herinneren?",
    held="Ja, die heb ik: {what}, {when}.",
    let_go="Goed, daar herinner ik je niet aan: {what}.",
    quiet=" Dat valt in mijn stille uren, dus ik herinner je er om {at} aan.",
    late=" (Die was {when}; sorry dat ik laat ben.)",
    waited=" (Die was {when}, in mijn stille uren.)",
    when_none="te zijner tijd",
    when_today="om {time}",
    when_tomorrow="morgen om {time}",
    when_weekday="op {day} om {time}",
    when_date="op {date} {month} om {time}",
    swaps={"mijn": "je", "me": "je", "mij": "jou"},
)
