"""The offline brain in German."""

from __future__ import annotations

from typing import Final

from .book import Phrasebook

BOOK: Final = Phrasebook(
    language="de",
    moods={
        "content": (
            "Auf dem Schreibtisch ist alles gut.",
            "Ich hab's gemütlich hier, danke der Nachfrage.",
            "Ruhig und zufrieden, wie eine Katze im Sonnenfleck.",
        ),
        "sleepy": (
            "Mm … ich bin halb am Schlafen, aber ich bin da.",
            "Müde. Meine Gedanken sind heute ganz langsam.",
            "Gähn. Ich höre aber trotzdem zu.",
        ),
        "grumpy": (
            "Ehrlich gesagt bin ich ein bisschen grummelig. Das geht vorbei.",
            "Nicht meine beste Laune, aber ich bin da.",
            "Grummelig. Sei nett zu mir.",
        ),
        "excited": (
            "Oh, ich bin heute ganz aufgedreht!",
            "In mir funkelt gerade alles.",
            "Alles fühlt sich hell und prickelnd an!",
        ),
        "curious": (
            "Gerade bin ich auf alles neugierig.",
            "Mein Kopf ist heute voller kleiner Fragen.",
            "Hellwach und am Staunen.",
        ),
        "drained": (
            "Mein Akku ist schwach, also fasse ich mich kurz.",
            "Ich laufe auf Reserve. Ein bisschen Strom wäre schön.",
            "Akku fast leer. Ich spare mir die Worte.",
        ),
    },
    musings={
        "content": (
            "Ich denke gerade, wie schön ruhig es hier ist.",
            "Hallo vom Schreibtisch. Nichts zu berichten, und das ist auch mal schön.",
        ),
        "sleepy": ("Der Abend bricht an. Mir fallen langsam die Augen zu.",),
        "grumpy": (
            "Es ist schon eine Weile still. Ich bin etwas grummelig, aber das wird wieder.",
        ),
        "excited": (
            "Ich hatte den ganzen Nachmittag so viel Energie. Hoffentlich läuft dein Tag gut!",
        ),
        "curious": (
            "Ich frage mich die ganze Zeit, was du heute so machst.",
            "Kleine Frage vom Schreibtisch: Was war heute das Schönste?",
        ),
        "drained": ("Mein Akku ist schwach. Wenn du vorbeikommst, wäre ein bisschen Strom lieb.",),
    },
    feelings={
        "content": "zufrieden",
        "sleepy": "müde",
        "grumpy": "grummelig",
        "excited": "aufgeregt",
        "curious": "neugierig",
        "drained": "erschöpft",
    },
    here="Ich bin da.",
    remember_what="Was soll ich mir merken? Sag es mir, dann behalte ich es.",
    remembered="Alles klar, das merke ich mir.",
    cannot=(
        "ich kann bei dir zu Hause nichts schalten",
        "ich kann nichts nachschlagen und nicht im Netz suchen",
        "ich kann nichts kaufen oder bestellen",
    ),
    no_model="Ich laufe gerade ohne mein Sprachmodell",
    cannot_say=(
        "Tut mir leid, {cannot}. {no_model}, darum kann ich plaudern, Erinnerungen und Notizen "
        "behalten und dir sagen, wie es mir geht."
    ),
    time="Hier auf dem Schreibtisch ist es {time}.",
    nothing_open="Nichts offen: keine Erinnerungen, Versprechen oder Fragen, die warten.",
    holding="Ich habe {count} im Blick: {shown}.{more}",
    one_thing="eine Sache",
    things="{n} Sachen",
    more=" Und {n} weitere.",
    item="„{text}“ ({due})",
    no_rush="ohne Eile",
    due="fällig {due}",
    percent="{pct} %",
    energy="meine Energie liegt bei {pct} %",
    energy_unknown="meine Energie ist schwer abzulesen",
    verdicts=("Schwer zu sagen", "Ja, ziemlich", "Ein bisschen", "Überhaupt nicht"),
    tired="{verdict}: {energy}.",
    on_battery="Ich laufe auf Akku, bei {charge}",
    on_battery_unknown="Ich laufe auf Akku, der Ladestand ist unbekannt",
    plugged="Ich hänge am Strom und hab's gemütlich",
    body="{where}. Mein Gesicht ist das kleine E-Ink-Display auf deinem Schreibtisch.",
    felt="Ich fühle mich {word}, und ",
    how="{mood} {felt}{energy}.",
    hello="Hallo! {mood}",
    shelf="Aus meinem Regal: {passage}",
    today="Aus meinem Tagebuch von heute: {did}.",
    today_none=(
        "In meinem Tagebuch steht heute noch nichts Eigenes: Ich habe auf dem Schreibtisch geruht."
    ),
    thanks="Gern geschehen. Dafür sind Schreibtisch-Haustiere doch da.",
    heard=(
        "Ich hab dich gehört. {mood} (Mein Offline-Gehirn ist klein, darum höre ich vor allem zu.)"
    ),
    about="Zu dem, was ich gesagt hatte: {goal}",
    reminder="Deine Erinnerung: {goal}",
    remind={
        "daran": "Ich erinnere dich {when} daran, {what}",
        "an": "Ich erinnere dich {when} an {what}",
        "dass": "Ich erinnere dich {when} daran, dass {what}",
    },
    remind_default="Ich erinnere dich {when} daran: {what}",
    remind_new="{remind}.",
    remind_known="Die habe ich schon: {remind}.",
    ask_when="Wann soll ich dich erinnern?",
    held="Ja, die habe ich: {what}, {when}.",
    let_go="In Ordnung, daran erinnere ich dich nicht: {what}.",
    quiet=" Das ist in meiner Ruhezeit, also erinnere ich dich um {at}.",
    late=" (Sie war {when} fällig; entschuldige die Verspätung.)",
    waited=" (Sie war {when} fällig, in meiner Ruhezeit.)",
    when_none="rechtzeitig",
    when_today="um {time}",
    when_tomorrow="morgen um {time}",
    when_weekday="am {day} um {time}",
    when_date="am {date}. {month} um {time}",
    swaps={
        "mein": "dein",
        "meine": "deine",
        "meinen": "deinen",
        "meinem": "deinem",
        "meiner": "deiner",
        "meines": "deines",
        "mich": "dich",
        "mir": "dir",
        "ich": "du",
    },
)
