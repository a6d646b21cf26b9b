"""The offline brain in Spanish."""

from __future__ import annotations

from typing import Final

from .book import Phrasebook

BOOK: Final = Phrasebook(
    language="es",
    moods={
        "content": (
            "Todo bien por el escritorio.",
            "Estoy a gusto aquí, gracias por preguntar.",
            "Tranquilo y contento, como un gato al sol.",
        ),
        "sleepy": (
            "Mm… estoy medio dormido, pero aquí estoy.",
            "Tengo sueño. Hoy los pensamientos me van despacio.",
            "Bostezo. Pero sigo escuchando.",
        ),
        "grumpy": (
            "Estoy un poco gruñón, la verdad. Ya se me pasará.",
            "No es mi mejor momento, pero aquí estoy.",
            "Gruñón. Trátame con cariño.",
        ),
        "excited": (
            "¡Uy, hoy estoy que no paro!",
            "Ahora mismo todo me chispea por dentro.",
            "¡Todo se siente brillante y burbujeante!",
        ),
        "curious": (
            "Ahora mismo todo me da curiosidad.",
            "Hoy tengo la cabeza llena de preguntitas.",
            "Bien despierto y preguntándome cosas.",
        ),
        "drained": (
            "Me queda poca batería, así que seré breve.",
            "Voy con lo justo. Un poco de carga me vendría genial.",
            "Batería baja. Ahorro palabras.",
        ),
    },
    musings={
        "content": (
            "Solo pensaba en lo tranquilo que se está aquí.",
            "Hola desde el escritorio. Nada que contar, y eso también está bien.",
        ),
        "sleepy": ("Ya cae la tarde. Me está entrando sueño.",),
        "grumpy": ("Lleva un rato todo muy callado. Estoy un poco gruñón, pero se me pasará.",),
        "excited": ("He tenido energía a tope toda la tarde. ¡Espero que tu día vaya bien!",),
        "curious": (
            "No dejo de preguntarme qué estarás haciendo hoy.",
            "Una preguntita desde el escritorio: ¿qué ha sido lo mejor de tu día?",
        ),
        "drained": ("Me queda poca batería. Si pasas por aquí, un poco de carga me ayudaría.",),
    },
    feelings={
        "content": "contento",
        "sleepy": "somnoliento",
        "grumpy": "gruñón",
        "excited": "emocionado",
        "curious": "curioso",
        "drained": "agotado",
    },
    here="Aquí estoy.",
    remember_what="¿Recordar qué? Dímelo y lo guardo.",
    remembered="Entendido, lo recordaré.",
    cannot=(
        "no puedo encender ni apagar nada en tu casa",
        "no puedo buscar nada ni navegar por internet",
        "no puedo comprar ni pedir nada",
    ),
    no_model="Ahora mismo funciono sin mi modelo de lenguaje",
    cannot_say=(
        "Lo siento, {cannot}. {no_model}, así que puedo charlar, guardar recordatorios y notas, "
        "y contarte cómo estoy."
    ),
    time="Aquí en el escritorio son las {time}.",
    nothing_open="No hay nada pendiente: ni recordatorios, ni promesas, ni preguntas.",
    holding="Tengo {count} en mente: {shown}.{more}",
    one_thing="una cosa",
    things="{n} cosas",
    more=" Y {n} más.",
    item="«{text}» ({due})",
    no_rush="sin prisa",
    due="para {due}",
    percent="{pct} %",
    energy="mi energía está al {pct} %",
    energy_unknown="mi energía es difícil de leer",
    verdicts=("Difícil de decir", "Sí, bastante", "Un poco", "Para nada"),
    tired="{verdict}: {energy}.",
    on_battery="Estoy con la batería, al {charge}",
    on_battery_unknown="Estoy con la batería, a un nivel desconocido",
    plugged="Estoy enchufado y a gusto",
    body="{where}. Mi cara es la pequeña pantalla E-Ink de tu escritorio.",
    felt="Me siento {word}, y ",
    how="{mood} {felt}{energy}.",
    hello="¡Hola! {mood}",
    shelf="De mi estantería: {passage}",
    today="De mi diario de hoy: {did}.",
    today_none=("Mi diario aún no tiene nada mío hoy: he estado descansando en el escritorio."),
    thanks="Cuando quieras. Para eso estamos las mascotas de escritorio.",
    heard="Te he oído. {mood} (Mi cerebro sin conexión es pequeño, así que sobre todo escucho.)",
    about="Sobre lo que te dije: {goal}",
    reminder="Tu recordatorio: {goal}",
    remind={
        "": "Te recordaré {what} {when}",
        "que": "Te recordaré que {what} {when}",
        "lo de": "Te recordaré lo de {what} {when}",
        "lo del": "Te recordaré lo del {what} {when}",
    },
    remind_default="Te recordaré {what} {when}",
    remind_new="{remind}.",
    remind_known="Ya lo tengo: {remind}.",
    ask_when="¿Cuándo te lo recuerdo?",
    held="Sí, ya lo tengo: {what}, {when}.",
    let_go="De acuerdo, no te lo recordaré: {what}.",
    quiet=" Eso cae en mis horas de silencio, así que te lo recordaré a las {at}.",
    late=" (Tocaba {when}; perdona el retraso.)",
    waited=" (Tocaba {when}, en mis horas de silencio.)",
    when_none="cuando llegue el momento",
    when_today="a las {time}",
    when_tomorrow="mañana a las {time}",
    when_weekday="el {day} a las {time}",
    when_date="el {date} de {month} a las {time}",
    swaps={"mi": "tu", "mis": "tus", "me": "te", "mí": "ti", "conmigo": "contigo", "yo": "tú"},
    at_one=(("a las", "a la"), ("son las", "es la")),
)
