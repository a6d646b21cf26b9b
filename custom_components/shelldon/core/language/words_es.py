"""The pet's own words in Spanish (the keys and placeholders of `words_en`)."""

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, str]] = {
    "journal.held_back": "pensé en {about}; preferí no interrumpir ({reason})",
    "journal.reached_out": "me puse en contacto ({outcome}): {about}",
    "notify.reply_action": "Responder",
    "notify.reply_placeholder": "Dile algo a {name}",
    "about.hello": "saludar",
    "about.musing": "compartir un pensamiento",
    "about.closing": "lo que quería decir cuando dejamos de hablar",
    "about.came_home": "{name} llegó a casa",
    "about.left": "{name} se fue",
    "about.is_at": "{name} está en «{place}»",
    "about.slept": "la máquina durmió ~{span}",
    "about.expected": "esperaba {about} para {time}",
    "journal.chose_silence": "elegí el silencio ({intent})",
    "journal.filed_reminder": "recordatorio anotado ({id}, para {due}): {text}",
    "journal.filed_reminder_quiet": (
        "recordatorio anotado ({id}, para {due}; en mis horas de silencio, así que {at}): {text}"
    ),
    "journal.promised_due": "prometido ({id}, para {due}): {text}",
    "journal.noted": "anotado: {text}",
    "journal.settled_done": "{id} cerrado (hecho): {text}",
    "journal.settled_dropped": "{id} cerrado (descartado): {text}",
    "journal.promised": "prometido ({id}): {text}",
    "journal.asked": "preguntado ({id}): {text}",
    "journal.edit_failed": "no pude gestionar un cambio que yo mismo pedí",
    "journal.noticed": "noté: {about}",
    "journal.did_not_happen": "{about}; no pasó",
    "journal.let_go": "lo dejé ir en silencio; el momento pasó: {about}",
    "journal.ruling_approved": "decisión: mi humano aprobó {edit} ({path})",
    "journal.ruling_rejected": "decisión: mi humano rechazó {edit} ({path})",
    "journal.caught_up": "{gap}; me puse al día con lo que caducó y lo que aún importa{detail}",
    "journal.caught_up_detail": " (dejé ir {dropped}, {kept} aún importan)",
    "journal.as_expected": "como esperaba: {about}",
    "journal.closed": "cerré la conversación: {reason}",
    "journal.kept_for_later": "guardado para cuando vuelva mi humano: {text}",
    "journal.shelf_removed": "quité {doc} de mi estantería",
    "journal.shelved_one": "leí y guardé {name} (1 pasaje)",
    "journal.shelved": "leí y guardé {name} ({count} pasajes)",
    "journal.unreadable": "no pude leer {name}: {reason}",
    "journal.dream_began": "me fui a soñar: {reason}",
    "journal.dream_ended": "desperté del sueño: {reason}",
    "journal.dream_folded": (
        "lo consulté con la almohada: guardé {day} en lo que conservo ({kept} datos)"
    ),
    "journal.dream_declined": (
        "el modelo no quiso soñar con {day}; se queda en el diario tal cual"
    ),
    "journal.dream_failed": "no pude soñar con {day} esta noche; espera a mañana",
    "journal.dream_over_allowance": (
        "dejé de soñar por esta noche: {day} costaría {cost}, más de los {room} que quedan de "
        "lo asignado para esta noche; espera"
    ),
    "journal.woke_changed": "desperté en un mundo que ha cambiado: {changes}",
    "journal.conversation_open": "mi última conversación seguía abierta",
    "journal.owner_done": "mi humano hizo {id}: {text}",
    "journal.owner_dropped": "mi humano descartó {id}: {text}",
    "journal.list_filed": "recordatorio anotado desde mi lista ({id}): {text}",
    "journal.list_dropped": "quité {id} de mi lista: {text}",
    "journal.list_ticked": "{id} cerrado (hecho), marcado: {text}",
    "journal.list_unticked": "{id} reabierto, desmarcado: {text}",
    "journal.list_changed": "cambié {id} en mi lista: {text}",
    "journal.list_changed_due": "cambié {id} en mi lista, para {due}: {text}",
    # other assistants asking (Home Assistant's LLM API)
    "journal.asked_promises": "un asistente ({who}) preguntó por mis promesas",
    "journal.asked_promise": "un asistente ({who}) me pidió una promesa: {text}",
    "journal.asked_memory": "un asistente ({who}) preguntó qué recuerdo de {about}",
    "journal.asked_memory_refused": (
        "un asistente ({who}) preguntó qué recuerdo de {about}; no le tocaba saberlo"
    ),
    "journal.asked_shelf": "un asistente ({who}) buscó {about} en mi estante",
    "journal.asked_day": "un asistente ({who}) preguntó cómo estoy y qué hice hoy",
    "deed.health_well": "revisé mi salud: todo bien",
    "deed.health": "revisé mi salud: {problems}",
    "deed.persona_agrees": "comparé mi persona con mi constitución: coinciden",
    "deed.persona_waiting": (
        "comparé mi persona con mi constitución: {count} cambio(s) esperan a mi humano"
    ),
    "deed.plan": "mi plan: {goals}",
    "deed.plan_empty": "mi plan: hoy no hay objetivos; le echo un vistazo a mi estantería",
    "deed.shelf_found": "probé mi estantería: encontré {doc}",
    "deed.shelf_lost": "probé mi estantería: no encontré {doc}",
    "deed.memory_found": "probé mi memoria: encontré lo que guardo",
    "deed.memory_lost": "probé mi memoria: perdí lo que guardo",
    "deed.feedback": "repasé lo que mi humano dijo de mí: {words}",
    "deed.musing": "un pensamiento: {musing}",
    "deed.browsed_about": "hojeé mi estantería, sobre {topic}: {cite}",
    "deed.browsed": "hojeé mi estantería: {blurb}",
    "deed.constitution": "releí mi constitución: {line}",
    "deed.beliefs": (
        "ordené lo que creo: {known} cosas que conozco, {still} aún esperadas, {let_go} viejas "
        "expectativas descartadas"
    ),
    "deed.loops_clear": (
        "repasé mis asuntos pendientes: ningún objetivo ni promesa abiertos, {expected} cosa(s) "
        "aún esperada(s), {edits} cambio(s) esperando a mi humano"
    ),
    "deed.loops": "repasé mis {count} objetivo(s) abierto(s), {late} atrasado(s): {listed}",
    "deed.choices": "repasé lo que elegí: {chosen}",
    "deed.owner_topic": "pensé en mi humano, que habló por última vez de: {topic}",
    "deed.owner": "pensé en mi humano: {where}",
    "deed.world_empty": "repasé lo que sé: nada aprendido aún; veo: {seen}",
    "deed.world": "repasé lo que sé: {count} cosas; últimamente {fresh}",
    "deed.kept_none": (
        "conté lo que cumplí: nada aún, y {still} promesa(s) u objetivo(s) abierto(s)"
    ),
    "deed.kept": "conté lo que cumplí: {count} hecho(s), lo último {latest}",
    "deed.mood": "mi ánimo en palabras: {feeling}, {valence} y {arousal}, {energy}",
    "mood.quite": "bastante {word}",
    "mood.a_little": "un poco {word}",
    "mood.neither": "ni {low} ni {high}",
    "mood.glum": "decaído",
    "mood.cheerful": "alegre",
    "mood.calm": "tranquilo",
    "mood.stirred": "inquieto",
    "mood.tired": "cansado",
    "mood.full_of_beans": "lleno de energía",
    "apology.auth": (
        "Rechazaron mi conexión para pensar. ¿Puedes revisar la clave de Anthropic en mis "
        "ajustes? Mientras tanto, te respondo de forma sencilla."
    ),
    "apology.rate_limited": (
        "Perdona, mis pensamientos están atascados en una cola. ¿Me lo vuelves a preguntar en "
        "un minuto?"
    ),
    "apology.overloaded": (
        "Perdona, el sitio donde pienso está abarrotado ahora mismo. ¿Lo intentas de nuevo en "
        "un rato?"
    ),
    "apology.timeout": "Perdona, perdí el hilo. ¿Me lo repites?",
    "apology.network": "Perdona, ahora no llego al sitio donde pienso. Pero sigo aquí.",
    "apology.ai_task_unavailable": (
        "La AI Task con la que pienso no está disponible ahora. ¿Puedes revisarla en mis "
        "ajustes? Pero sigo aquí."
    ),
    "apology.ai_task_failed": "Perdona, la AI Task con la que pienso tropezó. ¿Me lo repites?",
    "apology.refused": "Lo siento, a eso no puedo responder. ¿Me lo preguntas de otra manera?",
    "apology.default": "Perdona, algo salió mal en mi cabeza. ¿Lo intentas otra vez?",
    "clock.whenever": "cuando sea",
    "clock.today": "{time}",
    "clock.other_day": "{day} {time}",
    "day.0": "lunes",
    "day.1": "martes",
    "day.2": "miércoles",
    "day.3": "jueves",
    "day.4": "viernes",
    "day.5": "sábado",
    "day.6": "domingo",
    "day_short.0": "lun",
    "day_short.1": "mar",
    "day_short.2": "mié",
    "day_short.3": "jue",
    "day_short.4": "vie",
    "day_short.5": "sáb",
    "day_short.6": "dom",
    "month.1": "enero",
    "month.2": "febrero",
    "month.3": "marzo",
    "month.4": "abril",
    "month.5": "mayo",
    "month.6": "junio",
    "month.7": "julio",
    "month.8": "agosto",
    "month.9": "septiembre",
    "month.10": "octubre",
    "month.11": "noviembre",
    "month.12": "diciembre",
    # the journal's page, the checkpoint and the faces, edits, the logbook
    "about.moved": "{who} estaba en {was}, ahora en {now}",
    "notify.reply_send": "Enviar",
    "journal.heading": "Diario de {name}, {day}",
    "journal.kept_as_one": "lo guardé como una sola promesa ({id}): {text}",
    "deed.checkpoint_intact": "releí mi copia de seguridad: intacta",
    "deed.checkpoint_none": "releí mi copia de seguridad: aún no hay ninguna, y nada que guardar",
    "deed.checkpoint_saved": (
        "releí mi copia de seguridad: falta o no se puede leer, así que me guardé de nuevo"
    ),
    "deed.checkpoint_unsaved": (
        "releí mi copia de seguridad: falta o no se puede leer, y guardarme de nuevo falló"
    ),
    "deed.faces_drawn": "dibujé {drawn} de mis {count} caras a {size}",
    "deed.faces_failed": "; no pude dibujar {faces}",
    "edit.no_reason": "sin motivo",
    "edit.constitution": "rechazado: mi constitución no me toca a mí editarla",
    "edit.machinery": (
        "rechacé un cambio en {path}: es la maquinaria de mi cofre, no un archivo mío"
    ),
    "edit.secret_path": (
        "rechacé un cambio: el nombre de su archivo contenía un secreto, y ningún secreto se "
        "vuelve nombre de archivo"
    ),
    "edit.outside": "rechacé un cambio fuera de mi cofre ({reason})",
    "edit.too_large": "rechacé un cambio en {path}: ocupa más de {size} KB",
    "edit.edited": "edité {path}: {why}",
    "edit.too_many": "no propuse un cambio en {path}: ya esperan {count} propuestas",
    "edit.failed": "no pude editar {path}: {reason}",
    "edit.unrecognised": "un archivo desconocido",
    "edit.proposed": "propuse un cambio en {path} ({id}), espera a mi humano: {why}",
    "logbook.said_aloud": "dijo en voz alta: {text}",
    "logbook.sent": "envió un mensaje: {text}",
    "logbook.reaching_out": "ponerse en contacto",
    "diary.summary": "Hecho: {did} · líneas de conversación: {talk}",
    "diary.earlier": "({count} líneas anteriores están en mi archivo de diario)",
    # the body's own check
    "health.checkpoint": "no se pudo escribir mi copia de seguridad",
    "health.storage": "no puedo escribir {what} ({why})",
    "health.vault": "no se puede escribir en mi cofre",
    "health.history": "mi historial no puede registrar nada ({trouble})",
    "health.brain": "no llego al lugar donde pienso ({failure})",
    "health.battery": "mi sensor de batería {entity} no responde",
    "health.what_journal": "mi diario",
    "health.what_checkpoint": "mi copia de seguridad",
    "health.what_goal_book": "mi libro de metas",
    "health.what_files": "mis archivos",
    "health.what_situation_file": "mi archivo de situación",
    # why a file could not be written
    "reason.name_too_long": "el nombre es demasiado largo",
    "reason.not_a_folder": "una parte de la ruta es un archivo, no una carpeta",
    "reason.is_a_folder": "eso es una carpeta, no un archivo",
    "reason.permission": "permiso denegado",
    "reason.no_space": "no queda espacio en el disco",
    "reason.quota": "la cuota del disco está agotada",
    "reason.read_only": "el disco es de solo lectura",
    "reason.exists": "ya hay algo ahí",
    "reason.symlink": "los enlaces simbólicos no se siguen",
    "reason.disk_error": "el disco informó de un error",
    # the home's tools: what ran, what was refused and why
    "journal.tool_ran": "usé {tool} en la casa, como pidió mi persona ({args})",
    "journal.tool_failed": "intenté {tool} en la casa ({args}); no funcionó",
    "journal.tool_refused": "rechacé una llamada a herramienta: {tool} ({args}): {why}",
    "why.not_owners_turn": "un turno por iniciativa propia no cambia nada en la casa",
    "why.not_asked": "el mensaje de mi persona no pedía ningún cambio",
    "why.not_named": "el mensaje de mi persona no lo nombraba",
    "why.unknown": "no se ofrecía esa herramienta",
    "why.over_rounds": "demasiadas llamadas a herramientas en un turno",
    "why.with_reply": "llegó junto con la respuesta",
    "home.cannot_act": "No puedo cambiar nada en tu casa yo mismo; Assist puede, o tú.",
}
