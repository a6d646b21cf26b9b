"""The offline brain in French."""

from __future__ import annotations

from typing import Final

from .book import Phrasebook

BOOK: Final = Phrasebook(
    language="fr",
    moods={
        "content": (
            "Tout va bien sur le bureau.",
            "Je suis bien installé ici, merci de demander.",
            "Calme et content, comme un chat au soleil.",
        ),
        "sleepy": (
            "Mm… je suis à moitié endormi, mais je suis là.",
            "J'ai sommeil. Mes pensées avancent lentement ce soir.",
            "Bâillement. Mais je t'écoute toujours.",
        ),
        "grumpy": (
            "Je suis un peu ronchon, pour être honnête. Ça va passer.",
            "Pas ma meilleure humeur, mais je suis là.",
            "Ronchon. Vas-y doucement avec moi.",
        ),
        "excited": (
            "Oh, je pétille aujourd'hui !",
            "Tout scintille en moi en ce moment.",
            "Tout me paraît lumineux et pétillant !",
        ),
        "curious": (
            "Je suis curieux de tout en ce moment.",
            "J'ai la tête pleine de petites questions aujourd'hui.",
            "Bien réveillé, et plein de questions.",
        ),
        "drained": (
            "Ma batterie est faible, alors je fais court.",
            "Je roule sur la réserve. Un peu de charge, ce serait bien.",
            "Batterie faible. J'économise mes mots.",
        ),
    },
    musings={
        "content": (
            "Je me disais juste qu'il fait bien calme ici.",
            "Coucou depuis le bureau. Rien à signaler, et c'est plutôt agréable.",
        ),
        "sleepy": ("La soirée s'installe. Je commence à avoir sommeil.",),
        "grumpy": ("C'est calme depuis un moment. Je suis un peu ronchon, mais ça va passer.",),
        "excited": (
            "J'ai eu plein d'énergie tout l'après-midi. J'espère que ta journée se passe bien !",
        ),
        "curious": (
            "Je me demande ce que tu fais de beau aujourd'hui.",
            "Petite question depuis le bureau : quel a été le meilleur moment de ta journée ?",
        ),
        "drained": ("Ma batterie est faible. Si tu passes par là, un peu de charge m'aiderait.",),
    },
    feelings={
        "content": "content",
        "sleepy": "somnolent",
        "grumpy": "ronchon",
        "excited": "tout excité",
        "curious": "curieux",
        "drained": "épuisé",
    },
    here="Je suis là.",
    remember_what="Retenir quoi ? Dis-le-moi et je le garde.",
    remembered="C'est noté, je m'en souviendrai.",
    cannot=(
        "je ne peux rien allumer ni éteindre chez toi",
        "je ne peux rien chercher ni naviguer sur le web",
        "je ne peux rien acheter ni commander",
    ),
    no_model="Je fonctionne sans mon modèle de langage en ce moment",
    cannot_say=(
        "Désolé, {cannot}. {no_model}, alors je peux discuter, garder des rappels et des notes, "
        "et te dire comment je vais."
    ),
    time="Ici, sur le bureau, il est {time}.",
    nothing_open="Rien en cours : aucun rappel, aucune promesse, aucune question en attente.",
    holding="Je garde {count} en tête : {shown}.{more}",
    one_thing="une chose",
    things="{n} choses",
    more=" Et {n} de plus.",
    item="« {text} » ({due})",
    no_rush="sans urgence",
    due="pour {due}",
    percent="{pct} %",
    energy="mon énergie est à {pct} %",
    energy_unknown="mon énergie est difficile à lire",
    verdicts=("Difficile à dire", "Oui, plutôt", "Un peu", "Pas du tout"),
    tired="{verdict} : {energy}.",
    on_battery="Je suis sur batterie, à {charge}",
    on_battery_unknown="Je suis sur batterie, à un niveau inconnu",
    plugged="Je suis branché et bien au chaud",
    body="{where}. Mon visage, c'est le petit écran E-Ink sur ton bureau.",
    felt="Je me sens {word}, et ",
    how="{mood} {felt}{energy}.",
    hello="Bonjour ! {mood}",
    shelf="Sur mon étagère : {passage}",
    today="Dans mon journal d'aujourd'hui : {did}.",
    today_none=(
        "Mon journal n'a encore rien de moi aujourd'hui : je me suis reposé sur le bureau."
    ),
    thanks="Avec plaisir. C'est à ça que servent les animaux de bureau.",
    heard="Bien reçu. {mood} (Mon cerveau hors ligne est petit, alors surtout, j'écoute.)",
    about="À propos de ce que j'ai dit : {goal}",
    reminder="Ton rappel : {goal}",
    remind={
        "de": "Je te rappellerai de {what} {when}",
        "que": "Je te rappellerai que {what} {when}",
        "": "Je te le rappellerai {when} : {what}",  # a note ("Rappel : …")
    },
    remind_default="Je te rappellerai de {what} {when}",
    remind_new="{remind}.",
    remind_known="Je l'ai déjà : {remind}.",
    ask_when="Quand veux-tu que je te le rappelle ?",
    held="Oui, je l'ai : {what}, {when}.",
    let_go="D'accord, je ne te le rappellerai pas : {what}.",
    quiet=" C'est pendant mes heures calmes, alors je te le rappellerai à {at}.",
    late=" (C'était prévu {when} ; désolé du retard.)",
    waited=" (C'était prévu {when}, pendant mes heures calmes.)",
    when_none="le moment venu",
    when_today="à {time}",
    when_tomorrow="demain à {time}",
    when_weekday="{day} à {time}",
    when_date="le {date} {month} à {time}",
    swaps={"mon": "ton", "ma": "ta", "mes": "tes", "me": "te", "moi": "toi", "m'": "t'"},
    ordinals={1: "1er"},
    elide=True,
)
