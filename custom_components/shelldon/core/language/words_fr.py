"""The pet's own words in French (the keys and placeholders of `words_en`)."""

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, str]] = {
    "journal.held_back": "j'ai pensé à {about} ; j'ai préféré ne pas déranger ({reason})",
    "journal.reached_out": "je me suis manifesté ({outcome}) : {about}",
    "notify.reply_action": "Répondre",
    "notify.reply_placeholder": "Écris quelque chose à {name}",
    "about.hello": "dire bonjour",
    "about.musing": "partager une pensée",
    "about.closing": "ce que je voulais dire quand on a arrêté de parler",
    "about.came_home": "{name} est de retour à la maison",
    "about.left": "{name} n'est plus à la maison",
    "about.is_at": "{name} est à « {place} »",
    "about.slept": "la machine a dormi ~{span}",
    "about.expected": "j'attendais {about} pour {time}",
    "journal.chose_silence": "j'ai choisi le silence ({intent})",
    "journal.filed_reminder": "rappel noté ({id}, pour {due}) : {text}",
    "journal.filed_reminder_quiet": (
        "rappel noté ({id}, pour {due}; pendant mes heures calmes, donc {at}) : {text}"
    ),
    "journal.promised_due": "promis ({id}, pour {due}) : {text}",
    "journal.noted": "noté : {text}",
    "journal.settled_done": "{id} réglé (fait) : {text}",
    "journal.settled_dropped": "{id} réglé (abandonné) : {text}",
    "journal.promised": "promis ({id}) : {text}",
    "journal.asked": "demandé ({id}) : {text}",
    "journal.edit_failed": "je n'ai pas pu traiter une modification que j'avais demandée",
    "journal.noticed": "remarqué : {about}",
    "journal.did_not_happen": "{about} ; ça n'a pas eu lieu",
    "journal.let_go": "laissé filer en silence ; le moment est passé : {about}",
    "journal.ruling_approved": "décision : mon humain a approuvé {edit} ({path})",
    "journal.ruling_rejected": "décision : mon humain a refusé {edit} ({path})",
    "journal.caught_up": ("{gap} ; j'ai rattrapé ce qui a expiré et ce qui compte encore{detail}"),
    "journal.caught_up_detail": " ({dropped} laissé(s) de côté, {kept} compte(nt) encore)",
    "journal.as_expected": "comme prévu : {about}",
    "journal.closed": "conversation close : {reason}",
    "journal.kept_for_later": "gardé pour quand mon humain sera de retour : {text}",
    "journal.shelf_removed": "j'ai retiré {doc} de mon étagère",
    "journal.shelved_one": "lu et rangé {name} (1 passage)",
    "journal.shelved": "lu et rangé {name} ({count} passages)",
    "journal.unreadable": "impossible de lire {name} : {reason}",
    "journal.dream_began": "parti rêver : {reason}",
    "journal.dream_ended": "sorti du rêve : {reason}",
    "journal.dream_folded": (
        "la nuit porte conseil : {day} rangé dans ce que je garde ({kept} faits)"
    ),
    "journal.dream_declined": (
        "le modèle n'a pas voulu rêver de {day} ; il reste dans le journal tel quel"
    ),
    "journal.dream_failed": "pas pu rêver de {day} cette nuit ; ça attendra demain",
    "journal.dream_over_allowance": (
        "j'arrête de rêver pour cette nuit : {day} demanderait {cost}, plus que les {room} qui "
        "restent de la réserve de la nuit ; ça attendra"
    ),
    "journal.woke_changed": "réveillé dans un monde qui a changé : {changes}",
    "journal.conversation_open": "ma dernière conversation était encore ouverte",
    "journal.owner_done": "mon humain a fait {id} : {text}",
    "journal.owner_dropped": "mon humain a abandonné {id} : {text}",
    "journal.list_filed": "rappel noté depuis ma liste ({id}) : {text}",
    "journal.list_dropped": "{id} retiré de ma liste : {text}",
    "journal.list_ticked": "{id} réglé (fait), coché : {text}",
    "journal.list_unticked": "{id} rouvert, décoché : {text}",
    "journal.list_changed": "{id} modifié sur ma liste : {text}",
    "journal.list_changed_due": "{id} modifié sur ma liste, pour {due} : {text}",
    # other assistants asking (Home Assistant's LLM API)
    "journal.asked_promises": "un assistant ({who}) a demandé mes promesses",
    "journal.asked_promise": "un assistant ({who}) m'a demandé une promesse : {text}",
    "journal.asked_memory": "un assistant ({who}) a demandé ce que je sais de {about}",
    "journal.asked_memory_refused": (
        "un assistant ({who}) a demandé ce que je sais de {about} ; ce n'était pas à lui"
    ),
    "journal.asked_shelf": "un assistant ({who}) a cherché {about} sur mon étagère",
    "journal.asked_day": (
        "un assistant ({who}) a demandé comment je vais et ce que j'ai fait aujourd'hui"
    ),
    "deed.health_well": "j'ai vérifié ma santé : tout va bien",
    "deed.health": "j'ai vérifié ma santé : {problems}",
    "deed.persona_agrees": "j'ai comparé mon persona et ma constitution : ils s'accordent",
    "deed.persona_waiting": (
        "j'ai comparé mon persona et ma constitution : {count} modification(s) attendent mon humain"
    ),
    "deed.plan": "mon plan : {goals}",
    "deed.plan_empty": "mon plan : pas d'objectif aujourd'hui ; je garde un œil sur mon étagère",
    "deed.shelf_found": "j'ai testé mon étagère : trouvé {doc}",
    "deed.shelf_lost": "j'ai testé mon étagère : pas trouvé {doc}",
    "deed.memory_found": "j'ai testé ma mémoire : retrouvé ce que je garde",
    "deed.memory_lost": "j'ai testé ma mémoire : perdu ce que je garde",
    "deed.feedback": "j'ai relu ce que mon humain a dit de moi : {words}",
    "deed.musing": "une pensée : {musing}",
    "deed.browsed_about": "j'ai feuilleté mon étagère, au sujet de {topic} : {cite}",
    "deed.browsed": "j'ai feuilleté mon étagère : {blurb}",
    "deed.constitution": "j'ai relu ma constitution : {line}",
    "deed.beliefs": (
        "j'ai rangé ce que je crois : {known} choses que je connais, {still} encore attendues, "
        "{let_go} vieilles attentes abandonnées"
    ),
    "deed.loops_clear": (
        "j'ai passé en revue mes affaires en cours : aucun objectif ni promesse en cours, "
        "{expected} chose(s) encore attendue(s), {edits} modification(s) en attente de mon humain"
    ),
    "deed.loops": (
        "j'ai passé en revue mes {count} objectif(s) en cours, {late} en retard : {listed}"
    ),
    "deed.choices": "j'ai repensé à mes choix : {chosen}",
    "deed.owner_topic": "j'ai pensé à mon humain, qui parlait en dernier de : {topic}",
    "deed.owner": "j'ai pensé à mon humain : {where}",
    "deed.world_empty": (
        "j'ai fait le tour de ce que je sais : rien appris encore ; je vois : {seen}"
    ),
    "deed.world": "j'ai fait le tour de ce que je sais : {count} choses ; dernièrement {fresh}",
    "deed.kept_none": (
        "j'ai compté ce que j'ai tenu : rien encore, et {still} promesse(s) ou objectif(s) en cours"
    ),
    "deed.kept": "j'ai compté ce que j'ai tenu : {count} fait(s), dernièrement {latest}",
    "deed.mood": "mon humeur en mots : {feeling}, {valence} et {arousal}, {energy}",
    "mood.quite": "plutôt {word}",
    "mood.a_little": "un peu {word}",
    "mood.neither": "ni {low} ni {high}",
    "mood.glum": "morose",
    "mood.cheerful": "gai",
    "mood.calm": "calme",
    "mood.stirred": "agité",
    "mood.tired": "fatigué",
    "mood.full_of_beans": "plein d'entrain",
    "apology.auth": (
        "Ma connexion pour réfléchir a été refusée. Tu peux vérifier la clé Anthropic dans mes "
        "réglages ? D'ici là, je réponds tout simplement."
    ),
    "apology.rate_limited": (
        "Désolé, mes pensées font la queue. Tu me redemandes dans une minute ?"
    ),
    "apology.overloaded": (
        "Désolé, là où je réfléchis, c'est bondé en ce moment. Tu réessaies bientôt ?"
    ),
    "apology.timeout": "Désolé, j'ai perdu le fil. Tu peux répéter ?",
    "apology.network": (
        "Désolé, je n'arrive pas à joindre l'endroit où je réfléchis. Mais je suis toujours là."
    ),
    "apology.ai_task_unavailable": (
        "L'AI Task avec laquelle je réfléchis n'est pas là pour l'instant. Tu peux la vérifier "
        "dans mes réglages ? Mais je suis toujours là."
    ),
    "apology.ai_task_failed": (
        "Désolé, l'AI Task avec laquelle je réfléchis a trébuché. Tu peux répéter ?"
    ),
    "apology.refused": "Désolé, je ne peux pas répondre à ça. Tu peux le demander autrement ?",
    "apology.default": ("Désolé, quelque chose s'est mal passé dans ma tête. Tu peux réessayer ?"),
    "clock.whenever": "n'importe quand",
    "clock.today": "{time}",
    "clock.other_day": "{day} {time}",
    "day.0": "lundi",
    "day.1": "mardi",
    "day.2": "mercredi",
    "day.3": "jeudi",
    "day.4": "vendredi",
    "day.5": "samedi",
    "day.6": "dimanche",
    "day_short.0": "lun.",
    "day_short.1": "mar.",
    "day_short.2": "mer.",
    "day_short.3": "jeu.",
    "day_short.4": "ven.",
    "day_short.5": "sam.",
    "day_short.6": "dim.",
    "month.1": "janvier",
    "month.2": "février",
    "month.3": "mars",
    "month.4": "avril",
    "month.5": "mai",
    "month.6": "juin",
    "month.7": "juillet",
    "month.8": "août",
    "month.9": "septembre",
    "month.10": "octobre",
    "month.11": "novembre",
    "month.12": "décembre",
    # the journal's page, the checkpoint and the faces, edits, the logbook
    "about.moved": "{who} était {was}, maintenant {now}",
    "notify.reply_send": "Envoyer",
    "journal.heading": "Journal de {name}, {day}",
    "journal.kept_as_one": "gardé comme une seule promesse ({id}) : {text}",
    "deed.checkpoint_intact": "relu ma sauvegarde : intacte",
    "deed.checkpoint_none": "relu ma sauvegarde : aucune encore, et rien à sauvegarder",
    "deed.checkpoint_saved": (
        "relu ma sauvegarde : absente ou illisible, alors je me suis sauvegardé à nouveau"
    ),
    "deed.checkpoint_unsaved": (
        "relu ma sauvegarde : absente ou illisible, et la nouvelle sauvegarde a échoué"
    ),
    "deed.faces_drawn": "dessiné {drawn} de mes {count} visages en {size}",
    "deed.faces_failed": " ; impossible de dessiner {faces}",
    "edit.no_reason": "sans raison donnée",
    "edit.constitution": "refusé : ma constitution n'est pas à moi de la modifier",
    "edit.machinery": (
        "modification de {path} refusée : c'est la mécanique de mon coffre, pas un de mes fichiers"
    ),
    "edit.secret_path": (
        "modification refusée : son nom de fichier contenait un secret, et aucun secret ne devient "
        "un nom de fichier"
    ),
    "edit.outside": "modification hors de mon coffre refusée ({reason})",
    "edit.too_large": "modification de {path} refusée : elle dépasse {size} Ko",
    "edit.edited": "modifié {path} : {why}",
    "edit.too_many": (
        "pas de modification proposée pour {path} : {count} propositions attendent déjà"
    ),
    "edit.failed": "impossible de modifier {path} : {reason}",
    "edit.unrecognised": "un fichier inconnu",
    "edit.proposed": "proposé une modification de {path} ({id}), en attente de mon humain : {why}",
    "logbook.said_aloud": "a dit à voix haute : {text}",
    "logbook.sent": "a envoyé un message : {text}",
    "logbook.reaching_out": "prendre contact",
    "diary.summary": "Fait : {did} · lignes de conversation : {talk}",
    "diary.earlier": "({count} lignes plus anciennes sont dans mon fichier de journal)",
    # the body's own check
    "health.checkpoint": "ma sauvegarde n'a pas pu être écrite",
    "health.storage": "impossible d'écrire {what} ({why})",
    "health.vault": "mon coffre n'est pas accessible en écriture",
    "health.history": "mon historique ne peut rien enregistrer ({trouble})",
    "health.brain": "je n'arrive pas à joindre l'endroit où je pense ({failure})",
    "health.battery": "mon capteur de batterie {entity} ne répond pas",
    "health.what_journal": "mon journal",
    "health.what_checkpoint": "ma sauvegarde",
    "health.what_goal_book": "mon carnet d'objectifs",
    "health.what_files": "mes fichiers",
    "health.what_situation_file": "mon fichier de situation",
    # why a file could not be written
    "reason.name_too_long": "le nom est trop long",
    "reason.not_a_folder": "une partie du chemin est un fichier, pas un dossier",
    "reason.is_a_folder": "c'est un dossier, pas un fichier",
    "reason.permission": "permission refusée",
    "reason.no_space": "plus de place sur le disque",
    "reason.quota": "le quota du disque est épuisé",
    "reason.read_only": "le disque est en lecture seule",
    "reason.exists": "il y a déjà quelque chose",
    "reason.symlink": "les liens symboliques ne sont pas suivis",
    "reason.disk_error": "le disque a signalé une erreur",
    # the home's tools: what ran, what was refused and why
    "journal.tool_ran": "j'ai utilisé {tool} dans la maison, comme demandé ({args})",
    "journal.tool_failed": "j'ai essayé {tool} dans la maison ({args}) ; ça n'a pas marché",
    "journal.tool_refused": "appel d'outil refusé : {tool} ({args}) : {why}",
    "why.not_owners_turn": "un tour de ma propre initiative ne change rien dans la maison",
    "why.not_asked": "le message de mon humain ne demandait aucun changement",
    "why.not_named": "le message de mon humain ne le nommait pas",
    "why.unknown": "aucun outil de ce nom n'était proposé",
    "why.over_rounds": "trop d'appels d'outils en un seul tour",
    "why.with_reply": "il est venu avec la réponse",
    "home.cannot_act": "Je ne peux rien changer moi-même dans ta maison ; Assist le peut, ou toi.",
}
