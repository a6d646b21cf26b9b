"""The pet's own words in German (the keys and placeholders of `words_en`)."""

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, str]] = {
    "journal.held_back": "überlegt, mich zu melden: {about}; wollte nicht stören ({reason})",
    "journal.reached_out": "habe mich gemeldet ({outcome}): {about}",
    "notify.reply_action": "Antworten",
    "notify.reply_placeholder": "Schreib {name} etwas",
    "about.hello": "Hallo sagen",
    "about.musing": "einen Gedanken teilen",
    "about.closing": "was ich noch sagen wollte, als unser Gespräch endete",
    "about.came_home": "{name} ist nach Hause gekommen",
    "about.left": "{name} ist weggegangen",
    "about.is_at": "{name} ist bei „{place}“",
    "about.slept": "der Rechner hat ~{span} geschlafen",
    "about.expected": "ich hatte {about} bis {time} erwartet",
    "journal.chose_silence": "habe geschwiegen ({intent})",
    "journal.filed_reminder": "Erinnerung notiert ({id}, fällig {due}): {text}",
    "journal.filed_reminder_quiet": (
        "Erinnerung notiert ({id}, fällig {due}; in meiner Ruhezeit, also erst {at}): {text}"
    ),
    "journal.promised_due": "versprochen ({id}, fällig {due}): {text}",
    "journal.noted": "notiert: {text}",
    "journal.settled_done": "{id} abgeschlossen (erledigt): {text}",
    "journal.settled_dropped": "{id} abgeschlossen (fallen gelassen): {text}",
    "journal.promised": "versprochen ({id}): {text}",
    "journal.asked": "gefragt ({id}): {text}",
    "journal.edit_failed": "konnte eine Änderung, um die ich gebeten hatte, nicht umsetzen",
    "journal.noticed": "bemerkt: {about}",
    "journal.did_not_happen": "{about}; es ist nicht eingetreten",
    "journal.let_go": "still losgelassen; der Moment ist vorbei: {about}",
    "journal.ruling_approved": "Entscheidung: mein Mensch hat {edit} genehmigt ({path})",
    "journal.ruling_rejected": "Entscheidung: mein Mensch hat {edit} abgelehnt ({path})",
    "journal.caught_up": "{gap}; habe nachgeholt, was abgelaufen ist und was noch zählt{detail}",
    "journal.caught_up_detail": " ({dropped} losgelassen, {kept} zählen noch)",
    "journal.as_expected": "wie erwartet: {about}",
    "journal.closed": "Gespräch beendet: {reason}",
    "journal.kept_for_later": "aufgehoben, bis mein Mensch zurück ist: {text}",
    "journal.shelf_removed": "{doc} aus meinem Regal genommen",
    "journal.shelved_one": "{name} gelesen und ins Regal gestellt (1 Abschnitt)",
    "journal.shelved": "{name} gelesen und ins Regal gestellt ({count} Abschnitte)",
    "journal.unreadable": "konnte {name} nicht lesen: {reason}",
    "journal.dream_began": "in den Traum geglitten: {reason}",
    "journal.dream_ended": "aus dem Traum aufgewacht: {reason}",
    "journal.dream_folded": (
        "darüber geschlafen: {day} in das aufgenommen, was ich behalte ({kept} Fakten)"
    ),
    "journal.dream_declined": (
        "das Modell wollte nicht von {day} träumen; der Tag bleibt im Tagebuch, wie er ist"
    ),
    "journal.dream_failed": "konnte heute Nacht nicht von {day} träumen; es wartet auf morgen",
    "journal.dream_over_allowance": (
        "für heute Nacht aufgehört zu träumen: {day} bräuchte {cost}, mehr als die {room}, die "
        "heute Nacht noch übrig sind; es wartet"
    ),
    "journal.woke_changed": "in einer veränderten Welt aufgewacht: {changes}",
    "journal.conversation_open": "mein letztes Gespräch war noch offen",
    "journal.owner_done": "mein Mensch hat {id} erledigt: {text}",
    "journal.owner_dropped": "mein Mensch hat {id} gestrichen: {text}",
    "journal.list_filed": "Erinnerung von meiner Liste notiert ({id}): {text}",
    "journal.list_dropped": "{id} von meiner Liste gestrichen: {text}",
    "journal.list_ticked": "{id} abgeschlossen (erledigt), abgehakt: {text}",
    "journal.list_unticked": "{id} wieder geöffnet, Haken entfernt: {text}",
    "journal.list_changed": "{id} auf meiner Liste geändert: {text}",
    "journal.list_changed_due": "{id} auf meiner Liste geändert, fällig {due}: {text}",
    # other assistants asking (Home Assistant's LLM API)
    "journal.asked_promises": "ein Assistent ({who}) fragte nach meinen Versprechen",
    "journal.asked_promise": "ein Assistent ({who}) bat mich um ein Versprechen: {text}",
    "journal.asked_memory": "ein Assistent ({who}) fragte, was ich über {about} weiß",
    "journal.asked_memory_refused": (
        "ein Assistent ({who}) fragte, was ich über {about} weiß; das darf er nicht wissen"
    ),
    "journal.asked_shelf": "ein Assistent ({who}) suchte in meinem Regal nach {about}",
    "journal.asked_day": "ein Assistent ({who}) fragte, wie es mir geht und was ich heute tat",
    "deed.health_well": "meine Gesundheit geprüft: alles gut",
    "deed.health": "meine Gesundheit geprüft: {problems}",
    "deed.persona_agrees": "meine Persona mit meinen Grundsätzen verglichen: sie passen zusammen",
    "deed.persona_waiting": (
        "meine Persona mit meinen Grundsätzen verglichen: {count} Änderung(en) warten auf "
        "meinen Menschen"
    ),
    "deed.plan": "mein Plan: {goals}",
    "deed.plan_empty": "mein Plan: heute keine Ziele; ich behalte mein Regal im Blick",
    "deed.shelf_found": "mein Regal getestet: {doc} gefunden",
    "deed.shelf_lost": "mein Regal getestet: {doc} nicht gefunden",
    "deed.memory_found": "mein Gedächtnis getestet: wiedergefunden, was ich behalte",
    "deed.memory_lost": "mein Gedächtnis getestet: verloren, was ich behalte",
    "deed.feedback": "nachgelesen, was mein Mensch über mich gesagt hat: {words}",
    "deed.musing": "ein Gedanke: {musing}",
    "deed.browsed_about": "in meinem Regal gestöbert, zu {topic}: {cite}",
    "deed.browsed": "in meinem Regal gestöbert: {blurb}",
    "deed.constitution": "meine Grundsätze wieder gelesen: {line}",
    "deed.beliefs": (
        "aufgeräumt, was ich glaube: {known} Dinge, die ich kenne, {still} noch erwartet, "
        "{let_go} alte Erwartungen losgelassen"
    ),
    "deed.loops_clear": (
        "meine offenen Enden durchgesehen: kein Ziel und kein Versprechen offen, {expected} "
        "Ding(e) noch erwartet, {edits} Änderung(en) warten auf meinen Menschen"
    ),
    "deed.loops": "meine {count} offenen Ziele durchgesehen, {late} überfällig: {listed}",
    "deed.choices": "zurückgeschaut, wofür ich mich entschieden habe: {chosen}",
    "deed.owner_topic": "an meinen Menschen gedacht, der zuletzt davon sprach: {topic}",
    "deed.owner": "an meinen Menschen gedacht: {where}",
    "deed.world_empty": "durchgegangen, was ich weiß: noch nichts gelernt; ich sehe: {seen}",
    "deed.world": "durchgegangen, was ich weiß: {count} Dinge; zuletzt {fresh}",
    "deed.kept_none": (
        "gezählt, was ich gehalten habe: noch nichts, und {still} Versprechen oder Ziel(e) offen"
    ),
    "deed.kept": "gezählt, was ich gehalten habe: {count} erledigt, zuletzt {latest}",
    "deed.mood": "meine Stimmung in Worten: {feeling}, {valence} und {arousal}, {energy}",
    "mood.quite": "ziemlich {word}",
    "mood.a_little": "ein bisschen {word}",
    "mood.neither": "weder {low} noch {high}",
    "mood.glum": "bedrückt",
    "mood.cheerful": "fröhlich",
    "mood.calm": "ruhig",
    "mood.stirred": "aufgewühlt",
    "mood.tired": "müde",
    "mood.full_of_beans": "voller Tatendrang",
    "apology.auth": (
        "Meine Denkverbindung wurde abgelehnt. Kannst du den Anthropic-Schlüssel in meinen "
        "Einstellungen prüfen? Bis dahin antworte ich ganz einfach."
    ),
    "apology.rate_limited": (
        "Entschuldige, meine Gedanken stecken in einer Warteschlange. Fragst du mich in einer "
        "Minute noch mal?"
    ),
    "apology.overloaded": (
        "Entschuldige, da, wo ich denke, ist gerade viel los. Versuchst du es gleich noch mal?"
    ),
    "apology.timeout": "Entschuldige, ich habe den Faden verloren. Sagst du das noch mal?",
    "apology.network": (
        "Entschuldige, ich erreiche meinen Denkort gerade nicht. Ich bin aber noch da."
    ),
    "apology.ai_task_unavailable": (
        "Der AI Task, mit dem ich denke, ist gerade nicht da. Kannst du ihn in meinen "
        "Einstellungen prüfen? Ich bin aber noch da."
    ),
    "apology.ai_task_failed": (
        "Entschuldige, der AI Task, mit dem ich denke, ist gestolpert. Sagst du das noch mal?"
    ),
    "apology.refused": "Tut mir leid, darauf kann ich nicht antworten. Magst du es anders fragen?",
    "apology.default": (
        "Entschuldige, in meinem Kopf ist etwas schiefgelaufen. Versuchst du es noch mal?"
    ),
    "clock.whenever": "irgendwann",
    "clock.today": "{time}",
    "clock.other_day": "{day} {time}",
    "day.0": "Montag",
    "day.1": "Dienstag",
    "day.2": "Mittwoch",
    "day.3": "Donnerstag",
    "day.4": "Freitag",
    "day.5": "Samstag",
    "day.6": "Sonntag",
    "day_short.0": "Mo",
    "day_short.1": "Di",
    "day_short.2": "Mi",
    "day_short.3": "Do",
    "day_short.4": "Fr",
    "day_short.5": "Sa",
    "day_short.6": "So",
    "month.1": "Januar",
    "month.2": "Februar",
    "month.3": "März",
    "month.4": "April",
    "month.5": "Mai",
    "month.6": "Juni",
    "month.7": "Juli",
    "month.8": "August",
    "month.9": "September",
    "month.10": "Oktober",
    "month.11": "November",
    "month.12": "Dezember",
    # the journal's page, the checkpoint and the faces, edits, the logbook
    "about.moved": "{who} war {was}, jetzt {now}",
    "notify.reply_send": "Senden",
    "journal.heading": "Tagebuch von {name}, {day}",
    "journal.kept_as_one": "als ein Versprechen behalten ({id}): {text}",
    "deed.checkpoint_intact": "meinen Sicherungspunkt nachgelesen: unversehrt",
    "deed.checkpoint_none": (
        "meinen Sicherungspunkt nachgelesen: noch keiner, und nichts zu sichern"
    ),
    "deed.checkpoint_saved": (
        "meinen Sicherungspunkt nachgelesen: fehlt oder unlesbar, also habe ich mich neu gesichert"
    ),
    "deed.checkpoint_unsaved": (
        "meinen Sicherungspunkt nachgelesen: fehlt oder unlesbar, und neu sichern ist "
        "fehlgeschlagen"
    ),
    "deed.faces_drawn": "{drawn} von meinen {count} Gesichtern in {size} gezeichnet",
    "deed.faces_failed": "; nicht zeichnen konnte ich {faces}",
    "edit.no_reason": "ohne Begründung",
    "edit.constitution": "abgelehnt: meine Verfassung darf ich nicht ändern",
    "edit.machinery": (
        "Änderung an {path} abgelehnt: das gehört zur Technik meines Tresors, nicht zu "
        "meinen Dateien"
    ),
    "edit.secret_path": (
        "Änderung abgelehnt: ihr Dateiname enthielt ein Geheimnis, und kein Geheimnis wird ein "
        "Dateiname"
    ),
    "edit.outside": "Änderung außerhalb meines Tresors abgelehnt ({reason})",
    "edit.too_large": "Änderung an {path} abgelehnt: sie ist größer als {size} KB",
    "edit.edited": "{path} geändert: {why}",
    "edit.too_many": "keine Änderung an {path} vorgeschlagen: schon {count} Vorschläge warten",
    "edit.failed": "konnte {path} nicht ändern: {reason}",
    "edit.unrecognised": "eine unbekannte Datei",
    "edit.proposed": (
        "eine Änderung an {path} vorgeschlagen ({id}), sie wartet auf meinen Menschen: {why}"
    ),
    "logbook.said_aloud": "laut gesagt: {text}",
    "logbook.sent": "eine Nachricht geschickt: {text}",
    "logbook.reaching_out": "sich melden",
    "diary.summary": "Getan: {did} · Gesprächszeilen: {talk}",
    "diary.earlier": "({count} frühere Zeilen stehen in meiner Tagebuchdatei)",
    # the body's own check
    "health.checkpoint": "mein Sicherungspunkt konnte nicht geschrieben werden",
    "health.storage": "ich kann {what} nicht schreiben ({why})",
    "health.vault": "in meinen Tresor kann nicht geschrieben werden",
    "health.history": "mein Verlauf kann nichts festhalten ({trouble})",
    "health.brain": "ich erreiche den Ort nicht, an dem ich denke ({failure})",
    "health.battery": "mein Akkusensor {entity} antwortet nicht",
    "health.what_journal": "mein Tagebuch",
    "health.what_checkpoint": "meinen Sicherungspunkt",
    "health.what_goal_book": "mein Zielbuch",
    "health.what_files": "meine Dateien",
    "health.what_situation_file": "meine Lagedatei",
    # why a file could not be written
    "reason.name_too_long": "der Name ist zu lang",
    "reason.not_a_folder": "ein Teil des Pfads ist eine Datei, kein Ordner",
    "reason.is_a_folder": "das ist ein Ordner, keine Datei",
    "reason.permission": "Zugriff verweigert",
    "reason.no_space": "kein Platz mehr auf dem Datenträger",
    "reason.quota": "das Speicherkontingent ist aufgebraucht",
    "reason.read_only": "der Datenträger ist schreibgeschützt",
    "reason.exists": "dort ist schon etwas",
    "reason.symlink": "symbolischen Links wird nicht gefolgt",
    "reason.disk_error": "der Datenträger hat einen Fehler gemeldet",
    # the home's tools: what ran, what was refused and why
    "journal.tool_ran": "habe {tool} im Zuhause benutzt, wie mein Mensch es wollte ({args})",
    "journal.tool_failed": "habe {tool} im Zuhause versucht ({args}); es hat nicht geklappt",
    "journal.tool_refused": "einen Werkzeugaufruf abgelehnt: {tool} ({args}): {why}",
    "why.not_owners_turn": "ein Zug aus eigenem Antrieb ändert nichts im Zuhause",
    "why.not_asked": "die Nachricht meines Menschen bat um keine Änderung",
    "why.not_named": "die Nachricht meines Menschen hat es nicht genannt",
    "why.unknown": "so ein Werkzeug wurde nicht angeboten",
    "why.over_rounds": "zu viele Werkzeugaufrufe in einem Zug",
    "why.with_reply": "er kam zusammen mit der Antwort",
    "home.cannot_act": "Ich kann in deinem Zuhause selbst nichts ändern; Assist kann es, oder du.",
}
