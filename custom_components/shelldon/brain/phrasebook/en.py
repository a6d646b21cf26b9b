"""The offline brain in English."""

from __future__ import annotations

from typing import Final

from .book import Phrasebook

BOOK: Final = Phrasebook(
    language="en",
    moods={
        "content": (
            "All's well on the desk.",
            "I'm comfy here, thanks for asking.",
            "Quiet and content, like a cat in a sunbeam.",
        ),
        "sleepy": (
            "Mm… I'm half asleep, but I'm here.",
            "Sleepy. My thoughts are moving slowly tonight.",
            "Yawn. Still listening, though.",
        ),
        "grumpy": (
            "I'm a bit grumpy, honestly. It'll pass.",
            "Not my brightest mood, but I'm here.",
            "Grumbly. Be gentle with me.",
        ),
        "excited": (
            "Ooh, I'm buzzing today!",
            "I'm all sparkly inside right now.",
            "Everything feels bright and fizzy!",
        ),
        "curious": (
            "I'm curious about everything at the moment.",
            "My head is full of little questions today.",
            "Wide awake and wondering.",
        ),
        "drained": (
            "My battery's low, so I'm keeping it short.",
            "Running on fumes. A charge would be lovely.",
            "Low battery. I'll save my words.",
        ),
    },
    musings={
        "content": (
            "Just thinking how nice and quiet it is here.",
            "Hello from the desk. Nothing to report, which is its own kind of nice.",
        ),
        "sleepy": ("The evening's settling in. I'm getting drowsy.",),
        "grumpy": ("It's been quiet a while. I'm a little grumpy, but I'll cheer up.",),
        "excited": ("I've been full of energy all afternoon. Hope your day's going well!",),
        "curious": (
            "I keep wondering what you're up to today.",
            "Little question from the desk: what's the best thing that happened today?",
        ),
        "drained": ("Battery's low here. If you pass by, a charge would help.",),
    },
    feelings={},
    here="I'm here.",
    remember_what="Remember what? Tell me and I'll keep it.",
    remembered="Got it, I'll remember that.",
    cannot=(
        "I can't switch anything in your home",
        "I can't look anything up or browse the web",
        "I can't buy or order anything",
    ),
    no_model="I'm running without my language model right now",
    cannot_say=(
        "Sorry, {cannot}. {no_model}, so I can chat, keep reminders and notes, and tell you "
        "how I am."
    ),
    time="It's {time} here on the desk.",
    nothing_open="Nothing's open: no reminders, promises or questions waiting.",
    holding="I'm holding {count}: {shown}.{more}",
    one_thing="one thing",
    things="{n} things",
    more=" And {n} more.",
    item="«{text}» ({due})",
    no_rush="no rush",
    due="due {due}",
    percent="{pct} %",
    energy="my energy is at {pct} %",
    energy_unknown="my energy is hard to read",
    verdicts=("Hard to say", "Yes, rather", "A little", "Not at all"),
    tired="{verdict}: {energy}.",
    on_battery="I'm on my battery, at {charge}",
    on_battery_unknown="I'm on my battery, at an unknown level",
    plugged="I'm plugged in and cosy",
    body="{where}. My face is the little E-Ink panel on your desk.",
    felt="I'm feeling {word}, and ",
    how="{mood} {felt}{energy}.",
    hello="Hello! {mood}",
    shelf="From my shelf: {passage}",
    today="From my journal today: {did}.",
    today_none=("My journal has nothing of my own today yet: I've been resting on the desk."),
    thanks="Any time. That's what desk pets are for.",
    heard="I heard you. {mood} (My offline brain is small, so I'm mostly listening.)",
    about="About what I said: {goal}",
    reminder="Your reminder: {goal}",
    remind={"": "I'll remind you: {what} {when}"},  # a note ("Reminder: pills at 9")
    remind_default="I'll remind you {link} {what} {when}",
    remind_new="{remind}.",
    remind_known="I already have that one: {remind}.",
    ask_when="When should I remind you?",
    held="Yes, I have that one: {what}, {when}.",
    let_go="All right, I won't remind you of that: {what}.",
    quiet=" That's in my quiet hours, so I'll remind you at {at}.",
    late=" (It was due {when}; sorry I'm late.)",
    waited=" (It was due {when}, in my quiet hours.)",
    when_none="when the time comes",
    when_today="at {time}",
    when_tomorrow="tomorrow at {time}",
    when_weekday="on {day} at {time}",
    when_date="on {date} {month} at {time}",
    swaps={
        "my": "your",
        "your": "my",
        "mine": "yours",
        "yours": "mine",
        "me": "you",
        "myself": "yourself",
        "yourself": "myself",
        "i": "you",
        "i'm": "you're",
        "i've": "you've",
        "i'll": "you'll",
    },
)
