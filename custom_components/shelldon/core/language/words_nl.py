"""The pet's own words in Dutch (the keys and placeholders of `words_en`)."""

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, str]] = {
    "journal.held_back": "dacht aan {about}; besloot niet te storen ({reason})",
    "journal.reached_out": "liet van me horen ({outcome}): {about}",
    "notify.reply_action": "Beantwoorden",
    "notify.reply_placeholder": "Zeg iets tegen {name}",
    "about.hello": "gedag zeggen",
    "about.musing": "een gedachte delen",
    "about.closing": "wat ik nog wilde zeggen toen we stopten met praten",
    "about.came_home": "{name} is thuisgekomen",
    "about.left": "{name} is weggegaan",
    "about.is_at": "{name} is bij ‘{place}’",
    "about.slept": "de machine sliep ~{span}",
    "about.expected": "ik verwachtte {about} tegen {time}",
    "journal.chose_silence": "koos voor stilte ({intent})",
    "journal.filed_reminder": "herinnering genoteerd ({id}, voor {due}): {text}",
    "journal.filed_reminder_quiet": (
        "herinnering genoteerd ({id}, voor {due}; in mijn stille uren, dus pas {at}): {text}"
    ),
    "journal.promised_due": "beloofd ({id}, voor {due}): {text}",
    "journal.noted": "genoteerd: {text}",
    "journal.settled_done": "{id} afgerond (gedaan): {text}",
    "journal.settled_dropped": "{id} afgerond (losgelaten): {text}",
    "journal.promised": "beloofd ({id}): {text}",
    "journal.asked": "gevraagd ({id}): {text}",
    "journal.edit_failed": "kon een wijziging waar ik zelf om vroeg niet verwerken",
    "journal.noticed": "opgemerkt: {about}",
    "journal.did_not_happen": "{about}; het is niet gebeurd",
    "journal.let_go": "stilletjes losgelaten; het moment is voorbij: {about}",
    "journal.ruling_approved": "besluit: mijn baasje heeft {edit} goedgekeurd ({path})",
    "journal.ruling_rejected": "besluit: mijn baasje heeft {edit} afgewezen ({path})",
    "journal.caught_up": "{gap}; ik heb bijgewerkt wat verlopen is en wat nog telt{detail}",
    "journal.caught_up_detail": " ({dropped} losgelaten, {kept} tellen nog)",
    "journal.as_expected": "zoals verwacht: {about}",
    "journal.closed": "het gesprek afgesloten: {reason}",
    "journal.kept_for_later": "bewaard voor als mijn baasje terug is: {text}",
    "journal.shelf_removed": "{doc} van mijn boekenplank gehaald",
    "journal.shelved_one": "{name} gelezen en op mijn boekenplank gezet (1 passage)",
    "journal.shelved": "{name} gelezen en op mijn boekenplank gezet ({count} passages)",
    "journal.unreadable": "kon {name} niet lezen: {reason}",
    "journal.dream_began": "weggedommeld om te dromen: {reason}",
    "journal.dream_ended": "wakker geworden uit mijn droom: {reason}",
    "journal.dream_folded": (
        "er een nachtje over geslapen: {day} opgenomen in wat ik bewaar ({kept} feiten)"
    ),
    "journal.dream_declined": (
        "het model wilde niet over {day} dromen; de dag blijft in het dagboek zoals hij is"
    ),
    "journal.dream_failed": "kon vannacht niet over {day} dromen; het wacht tot morgen",
    "journal.dream_over_allowance": (
        "vannacht gestopt met dromen: {day} zou {cost} kosten, meer dan de {room} die vannacht "
        "nog over zijn; het wacht"
    ),
    "journal.woke_changed": "wakker geworden in een veranderde wereld: {changes}",
    "journal.conversation_open": "mijn laatste gesprek stond nog open",
    "journal.owner_done": "mijn baasje heeft {id} gedaan: {text}",
    "journal.owner_dropped": "mijn baasje heeft {id} geschrapt: {text}",
    "journal.list_filed": "herinnering van mijn lijst genoteerd ({id}): {text}",
    "journal.list_dropped": "{id} van mijn lijst geschrapt: {text}",
    "journal.list_ticked": "{id} afgerond (gedaan), afgevinkt: {text}",
    "journal.list_unticked": "{id} weer geopend, vinkje weggehaald: {text}",
    "journal.list_changed": "{id} op mijn lijst gewijzigd: {text}",
    "journal.list_changed_due": "{id} op mijn lijst gewijzigd, voor {due}: {text}",
    # other assistants asking (Home Assistant's LLM API)
    "journal.asked_promises": "een assistent ({who}) vroeg naar mijn beloften",
    "journal.asked_promise": "een assistent ({who}) vroeg me om een belofte: {text}",
    "journal.asked_memory": "een assistent ({who}) vroeg wat ik over {about} weet",
    "journal.asked_memory_refused": (
        "een assistent ({who}) vroeg wat ik over {about} weet; dat mocht hij niet weten"
    ),
    "journal.asked_shelf": "een assistent ({who}) zocht {about} op mijn plank",
    "journal.asked_day": "een assistent ({who}) vroeg hoe het met me gaat en wat ik vandaag deed",
    "deed.health_well": "mijn gezondheid nagekeken: alles goed",
    "deed.health": "mijn gezondheid nagekeken: {problems}",
    "deed.persona_agrees": "mijn persona naast mijn grondbeginselen gelegd: ze kloppen",
    "deed.persona_waiting": (
        "mijn persona naast mijn grondbeginselen gelegd: {count} wijziging(en) wachten op mijn "
        "baasje"
    ),
    "deed.plan": "mijn plan: {goals}",
    "deed.plan_empty": "mijn plan: vandaag geen doelen; ik houd mijn boekenplank in de gaten",
    "deed.shelf_found": "mijn boekenplank getest: {doc} gevonden",
    "deed.shelf_lost": "mijn boekenplank getest: {doc} niet gevonden",
    "deed.memory_found": "mijn geheugen getest: teruggevonden wat ik bewaar",
    "deed.memory_lost": "mijn geheugen getest: kwijt wat ik bewaar",
    "deed.feedback": "teruggelezen wat mijn baasje over mij zei: {words}",
    "deed.musing": "een gedachte: {musing}",
    "deed.browsed_about": "op mijn boekenplank gesnuffeld, over {topic}: {cite}",
    "deed.browsed": "op mijn boekenplank gesnuffeld: {blurb}",
    "deed.constitution": "mijn grondbeginselen herlezen: {line}",
    "deed.beliefs": (
        "opgeruimd wat ik geloof: {known} dingen die ik ken, {still} nog verwacht, {let_go} "
        "oude verwachtingen losgelaten"
    ),
    "deed.loops_clear": (
        "mijn losse eindjes nagelopen: geen doel of belofte open, {expected} ding(en) nog "
        "verwacht, {edits} wijziging(en) wachten op mijn baasje"
    ),
    "deed.loops": "mijn {count} open doel(en) nagelopen, {late} te laat: {listed}",
    "deed.choices": "teruggekeken op wat ik koos: {chosen}",
    "deed.owner_topic": "aan mijn baasje gedacht, die het laatst sprak over: {topic}",
    "deed.owner": "aan mijn baasje gedacht: {where}",
    "deed.world_empty": "doorgenomen wat ik weet: nog niets geleerd; ik zie: {seen}",
    "deed.world": "doorgenomen wat ik weet: {count} dingen; onlangs {fresh}",
    "deed.kept_none": (
        "geteld wat ik ben nagekomen: nog niets, en {still} belofte(n) of doel(en) open"
    ),
    "deed.kept": "geteld wat ik ben nagekomen: {count} gedaan, als laatste {latest}",
    "deed.mood": "mijn stemming in woorden: {feeling}, {valence} en {arousal}, {energy}",
    "mood.quite": "nogal {word}",
    "mood.a_little": "een beetje {word}",
    "mood.neither": "niet {low} en niet {high}",
    "mood.glum": "somber",
    "mood.cheerful": "vrolijk",
    "mood.calm": "kalm",
    "mood.stirred": "onrustig",
    "mood.tired": "moe",
    "mood.full_of_beans": "vol energie",
    "apology.auth": (
        "Mijn denkverbinding werd geweigerd. Wil je de Anthropic-sleutel in mijn instellingen "
        "nakijken? Tot die tijd antwoord ik eenvoudig."
    ),
    "apology.rate_limited": (
        "Sorry, mijn gedachten staan in de rij. Vraag je het over een minuutje nog eens?"
    ),
    "apology.overloaded": ("Sorry, waar ik denk is het nu erg druk. Probeer je het zo nog eens?"),
    "apology.timeout": "Sorry, ik ben de draad kwijt. Wil je dat nog eens zeggen?",
    "apology.network": ("Sorry, ik kan mijn denkplek nu niet bereiken. Maar ik ben er nog wel."),
    "apology.ai_task_unavailable": (
        "De AI Task waarmee ik denk is er nu niet. Wil je die in mijn instellingen nakijken? "
        "Maar ik ben er nog wel."
    ),
    "apology.ai_task_failed": (
        "Sorry, de AI Task waarmee ik denk struikelde. Wil je dat nog eens zeggen?"
    ),
    "apology.refused": "Sorry, daar kan ik geen antwoord op geven. Kun je het anders vragen?",
    "apology.default": "Sorry, er ging iets mis in mijn hoofd. Probeer je het nog eens?",
    "clock.whenever": "wanneer dan ook",
    "clock.today": "{time}",
    "clock.other_day": "{day} {time}",
    "day.0": "maandag",
    "day.1": "dinsdag",
    "day.2": "woensdag",
    "day.3": "donderdag",
    "day.4": "vrijdag",
    "day.5": "zaterdag",
    "day.6": "zondag",
    "day_short.0": "ma",
    "day_short.1": "di",
    "day_short.2": "wo",
    "day_short.3": "do",
    "day_short.4": "vr",
    "day_short.5": "za",
    "day_short.6": "zo",
    "month.1": "januari",
    "month.2": "februari",
    "month.3": "maart",
    "month.4": "april",
    "month.5": "mei",
    "month.6": "juni",
    "month.7": "juli",
    "month.8": "augustus",
    "month.9": "september",
    "month.10": "oktober",
    "month.11": "november",
    "month.12": "december",
    # the journal's page, the checkpoint and the faces, edits, the logbook
    "about.moved": "{who} was {was}, nu {now}",
    "notify.reply_send": "Versturen",
    "journal.heading": "Dagboek van {name}, {day}",
    "journal.kept_as_one": "als één belofte bewaard ({id}): {text}",
    "deed.checkpoint_intact": "mijn controlepunt teruggelezen: intact",
    "deed.checkpoint_none": "mijn controlepunt teruggelezen: nog geen, en niets om op te slaan",
    "deed.checkpoint_saved": (
        "mijn controlepunt teruggelezen: ontbreekt of onleesbaar, dus ik heb mezelf "
        "opnieuw opgeslagen"
    ),
    "deed.checkpoint_unsaved": (
        "mijn controlepunt teruggelezen: ontbreekt of onleesbaar, en opnieuw opslaan mislukte"
    ),
    "deed.faces_drawn": "{drawn} van mijn {count} gezichten getekend op {size}",
    "deed.faces_failed": "; kon {faces} niet tekenen",
    "edit.no_reason": "geen reden gegeven",
    "edit.constitution": "geweigerd: mijn grondwet is niet aan mij om te wijzigen",
    "edit.machinery": (
        "wijziging van {path} geweigerd: dat is de machinerie van mijn kluis, geen bestand van mij"
    ),
    "edit.secret_path": (
        "wijziging geweigerd: de bestandsnaam bevatte een geheim, en geen geheim wordt een "
        "bestandsnaam"
    ),
    "edit.outside": "wijziging buiten mijn kluis geweigerd ({reason})",
    "edit.too_large": "wijziging van {path} geweigerd: groter dan {size} KB",
    "edit.edited": "{path} gewijzigd: {why}",
    "edit.too_many": "geen wijziging van {path} voorgesteld: er wachten al {count} voorstellen",
    "edit.failed": "kon {path} niet wijzigen: {reason}",
    "edit.unrecognised": "een onbekend bestand",
    "edit.proposed": "een wijziging van {path} voorgesteld ({id}), wacht op mijn baasje: {why}",
    "logbook.said_aloud": "hardop gezegd: {text}",
    "logbook.sent": "een bericht gestuurd: {text}",
    "logbook.reaching_out": "contact zoeken",
    "diary.summary": "Gedaan: {did} · gespreksregels: {talk}",
    "diary.earlier": "({count} eerdere regels staan in mijn dagboekbestand)",
    # the body's own check
    "health.checkpoint": "mijn controlepunt kon niet worden geschreven",
    "health.storage": "ik kan {what} niet schrijven ({why})",
    "health.vault": "in mijn kluis kan niet worden geschreven",
    "health.history": "mijn geschiedenis kan niets vastleggen ({trouble})",
    "health.brain": "ik kan de plek waar ik denk niet bereiken ({failure})",
    "health.battery": "mijn batterijsensor {entity} antwoordt niet",
    "health.what_journal": "mijn dagboek",
    "health.what_checkpoint": "mijn controlepunt",
    "health.what_goal_book": "mijn doelenboek",
    "health.what_files": "mijn bestanden",
    "health.what_situation_file": "mijn situatiebestand",
    # why a file could not be written
    "reason.name_too_long": "de naam is te lang",
    "reason.not_a_folder": "een deel van het pad is een bestand, geen map",
    "reason.is_a_folder": "dat is een map, geen bestand",
    "reason.permission": "toegang geweigerd",
    "reason.no_space": "geen ruimte meer op de schijf",
    "reason.quota": "het schijfquotum is op",
    "reason.read_only": "de schijf is alleen-lezen",
    "reason.exists": "daar staat al iets",
    "reason.symlink": "symbolische koppelingen worden niet gevolgd",
    "reason.disk_error": "de schijf meldde een fout",
    # the home's tools: what ran, what was refused and why
    "journal.tool_ran": "{tool} in huis gebruikt, zoals mijn mens vroeg ({args})",
    "journal.tool_failed": "{tool} in huis geprobeerd ({args}); het lukte niet",
    "journal.tool_refused": "een gereedschapsaanroep geweigerd: {tool} ({args}): {why}",
    "why.not_owners_turn": "een beurt uit mezelf verandert niets in huis",
    "why.not_asked": "het bericht van mijn mens vroeg om geen verandering",
    "why.not_named": "het bericht van mijn mens noemde het niet",
    "why.unknown": "zo'n gereedschap werd niet aangeboden",
    "why.over_rounds": "te veel gereedschapsaanroepen in één beurt",
    "why.with_reply": "het kwam samen met het antwoord",
    "home.cannot_act": "Ik kan zelf niets in je huis veranderen; Assist kan dat, of jij.",
}
