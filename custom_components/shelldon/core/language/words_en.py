"""The pet's own words in English: the reference every other language mirrors, key for key."""

from __future__ import annotations

from typing import Final

WORDS: Final[dict[str, str]] = {
    # the door: every line said unasked, and the journal line for each
    "journal.held_back": "thought about {about}; chose not to interrupt ({reason})",
    "journal.reached_out": "reached out ({outcome}) about {about}",
    "notify.reply_action": "Reply",
    "notify.reply_placeholder": "Say something to {name}",
    # what a line said unasked is about
    "about.hello": "saying hello",
    "about.musing": "a musing",
    "about.closing": "what I meant to say when we stopped talking",
    "about.came_home": "{name} came home",
    "about.left": "{name} left",
    "about.is_at": "{name} is at {place}",
    "about.slept": "the machine slept ~{span}",
    "about.expected": "I expected {about} by {time}",
    # reflecting on an exchange
    "journal.chose_silence": "chose silence ({intent})",
    "journal.filed_reminder": "filed a reminder ({id}, due {due}): {text}",
    "journal.filed_reminder_quiet": (
        "filed a reminder ({id}, due {due}; in my quiet hours, so given {at}): {text}"
    ),
    "journal.promised_due": "promised ({id}, due {due}): {text}",
    # what a reply keeps
    "journal.noted": "noted: {text}",
    "journal.settled_done": "settled {id} (done): {text}",
    "journal.settled_dropped": "settled {id} (dropped): {text}",
    "journal.promised": "promised ({id}): {text}",
    "journal.asked": "asked ({id}): {text}",
    "journal.edit_failed": "could not handle an edit I asked for",
    # the mind's acts
    "journal.noticed": "noticed: {about}",
    "journal.did_not_happen": "{about}; it didn't happen",
    "journal.let_go": "let it go quietly; the moment passed: {about}",
    "journal.ruling_approved": "ruling: my owner approved {edit} ({path})",
    "journal.ruling_rejected": "ruling: my owner rejected {edit} ({path})",
    "journal.caught_up": "{gap}; I caught up on what expired and what still matters{detail}",
    "journal.caught_up_detail": " (let {dropped} go, {kept} still matter)",
    "journal.as_expected": "as I expected: {about}",
    "journal.closed": "closed the conversation: {reason}",
    "journal.kept_for_later": "kept for when my owner is back: {text}",
    # the shelf
    "journal.shelf_removed": "took {doc} off my shelf",
    "journal.shelved_one": "read and shelved {name} (1 passage)",
    "journal.shelved": "read and shelved {name} ({count} passages)",
    "journal.unreadable": "could not read {name}: {reason}",
    # dreams
    "journal.dream_began": "drifted off to dream: {reason}",
    "journal.dream_ended": "woke from dreaming: {reason}",
    "journal.dream_folded": "slept on it: folded {day} into what I keep ({kept} facts)",
    "journal.dream_declined": (
        "the model declined to dream on {day}; it stays in the journal as it is"
    ),
    "journal.dream_failed": "could not dream on {day} tonight; it waits for tomorrow",
    "journal.dream_over_allowance": (
        "stopped dreaming for tonight: {day} would take {cost}, more than the {room} left of "
        "tonight's allowance; it waits"
    ),
    # waking, and the owner's own hand in the goal book and the to-do list
    "journal.woke_changed": "woke to a changed world: {changes}",
    "journal.conversation_open": "my last conversation was still open",
    "journal.owner_done": "my owner done {id}: {text}",
    "journal.owner_dropped": "my owner dropped {id}: {text}",
    "journal.list_filed": "filed a reminder from my list ({id}): {text}",
    "journal.list_dropped": "dropped {id} from my list: {text}",
    "journal.list_ticked": "settled {id} (done), ticked off: {text}",
    "journal.list_unticked": "opened {id} again, unticked: {text}",
    "journal.list_changed": "changed {id} on my list: {text}",
    "journal.list_changed_due": "changed {id} on my list, due {due}: {text}",
    # other assistants asking (Home Assistant's LLM API)
    "journal.asked_promises": "an assistant ({who}) asked about my promises",
    "journal.asked_promise": "an assistant ({who}) asked me to keep a promise: {text}",
    "journal.asked_memory": "an assistant ({who}) asked what I remember about {about}",
    "journal.asked_memory_refused": (
        "an assistant ({who}) asked what I remember about {about}; not theirs to know"
    ),
    "journal.asked_shelf": "an assistant ({who}) looked on my shelf for {about}",
    "journal.asked_day": "an assistant ({who}) asked how I am and what I did today",
    # the needs' deeds
    "deed.health_well": "checked my health: all well",
    "deed.health": "checked my health: {problems}",
    "deed.persona_agrees": "compared my persona with my constitution: they agree",
    "deed.persona_waiting": (
        "compared my persona with my constitution: {count} edit(s) wait for my owner"
    ),
    "deed.plan": "my plan: {goals}",
    "deed.plan_empty": "my plan: no goals today; I'll keep an eye on my shelf",
    "deed.shelf_found": "tested my shelf: found {doc}",
    "deed.shelf_lost": "tested my shelf: could not find {doc}",
    "deed.memory_found": "tested my memory: found what I keep",
    "deed.memory_lost": "tested my memory: lost what I keep",
    "deed.feedback": "looked back at what my owner said of me: {words}",
    "deed.musing": "a musing: {musing}",
    "deed.browsed_about": "browsed my shelf about {topic}: {cite}",
    "deed.browsed": "browsed my shelf: {blurb}",
    "deed.constitution": "reread my constitution: {line}",
    "deed.beliefs": (
        "tidied what I believe: {known} things I know of, {still} still expected, {let_go} old "
        "expectations let go"
    ),
    "deed.loops_clear": (
        "looked over my open loops: no goal or promise open, {expected} thing(s) still "
        "expected, {edits} edit(s) waiting for my owner"
    ),
    "deed.loops": "looked over my {count} open goal(s), {late} overdue: {listed}",
    "deed.choices": "looked back at what I chose: {chosen}",
    "deed.owner_topic": "thought of my owner, who last spoke of: {topic}",
    "deed.owner": "thought of my owner: {where}",
    "deed.world_empty": "went over what I know: nothing learned yet; I see: {seen}",
    "deed.world": "went over what I know: {count} things; lately {fresh}",
    "deed.kept_none": "counted what I kept: none yet, and {still} promise(s) or goal(s) open",
    "deed.kept": "counted what I kept: {count} done, lately {latest}",
    "deed.mood": "my mood in words: {feeling}, {valence} and {arousal}, {energy}",
    "mood.quite": "quite {word}",
    "mood.a_little": "a little {word}",
    "mood.neither": "neither {low} nor {high}",
    "mood.glum": "glum",
    "mood.cheerful": "cheerful",
    "mood.calm": "calm",
    "mood.stirred": "stirred",
    "mood.tired": "tired",
    "mood.full_of_beans": "full of beans",
    # when the brain fails, the owner still gets an answer
    "apology.auth": (
        "My thinking connection was refused. Could you check the Anthropic key in my settings? "
        "I'll answer simply until then."
    ),
    "apology.rate_limited": "Sorry, my thoughts are stuck in a queue. Ask me again in a minute?",
    "apology.overloaded": (
        "Sorry, the place I think with is crowded right now. Try me again soon?"
    ),
    "apology.timeout": "Sorry, I lost my train of thought. Could you say that again?",
    "apology.network": (
        "Sorry, I can't reach my thinking place right now. I'm still here, though."
    ),
    "apology.ai_task_unavailable": (
        "The AI Task I think with isn't there right now. Could you check it in my settings? "
        "I'm still here, though."
    ),
    "apology.ai_task_failed": (
        "Sorry, the AI Task I think with stumbled. Could you say that again?"
    ),
    "apology.refused": "Sorry, that is one I cannot answer. Could you ask it another way?",
    "apology.default": "Sorry, something went wrong in my head. Could you try again?",
    # the clock and the calendar, as the pet writes them
    "clock.whenever": "whenever",
    "clock.today": "{time}",
    "clock.other_day": "{day} {time}",
    "day.0": "Monday",
    "day.1": "Tuesday",
    "day.2": "Wednesday",
    "day.3": "Thursday",
    "day.4": "Friday",
    "day.5": "Saturday",
    "day.6": "Sunday",
    "day_short.0": "Mon",
    "day_short.1": "Tue",
    "day_short.2": "Wed",
    "day_short.3": "Thu",
    "day_short.4": "Fri",
    "day_short.5": "Sat",
    "day_short.6": "Sun",
    "month.1": "January",
    "month.2": "February",
    "month.3": "March",
    "month.4": "April",
    "month.5": "May",
    "month.6": "June",
    "month.7": "July",
    "month.8": "August",
    "month.9": "September",
    "month.10": "October",
    "month.11": "November",
    "month.12": "December",
    # the journal's page, the checkpoint and the faces, edits, the logbook
    "about.moved": "{who} was {was}, now {now}",
    "notify.reply_send": "Send",
    "journal.heading": "{name}'s journal, {day}",
    "journal.kept_as_one": "kept it as one promise ({id}): {text}",
    "deed.checkpoint_intact": "read back my checkpoint: intact",
    "deed.checkpoint_none": "read back my checkpoint: none yet, and nothing to save",
    "deed.checkpoint_saved": (
        "read back my checkpoint: missing or unreadable, so I saved myself again"
    ),
    "deed.checkpoint_unsaved": (
        "read back my checkpoint: missing or unreadable, and saving again failed"
    ),
    "deed.faces_drawn": "drew {drawn} of my {count} faces at {size}",
    "deed.faces_failed": "; could not draw {faces}",
    "edit.no_reason": "no reason given",
    "edit.constitution": "refused: my constitution is not mine to edit",
    "edit.machinery": "refused an edit to {path}: that is my vault's machinery, not a file of mine",
    "edit.secret_path": (
        "refused an edit: its file name held a secret, and no secret becomes a file name"
    ),
    "edit.outside": "refused an edit outside my vault ({reason})",
    "edit.too_large": "refused an edit to {path}: it is larger than {size} KB",
    "edit.edited": "edited {path}: {why}",
    "edit.too_many": "did not propose an edit to {path}: {count} proposals already wait",
    "edit.failed": "could not edit {path}: {reason}",
    "edit.unrecognised": "an unrecognised file",
    "edit.proposed": "proposed an edit to {path} ({id}), waiting for my owner: {why}",
    "logbook.said_aloud": "said aloud: {text}",
    "logbook.sent": "sent a message: {text}",
    "logbook.reaching_out": "reaching out",
    "diary.summary": "Done: {did} · conversation lines: {talk}",
    "diary.earlier": "({count} earlier lines are in my journal file)",
    # the body's own check
    "health.checkpoint": "my checkpoint could not be written",
    "health.storage": "{what} cannot be written ({why})",
    "health.vault": "my vault is not writable",
    "health.history": "my history cannot record ({trouble})",
    "health.brain": "I cannot reach my thinking place ({failure})",
    "health.battery": "my battery sensor {entity} is not answering",
    "health.what_journal": "my journal",
    "health.what_checkpoint": "my checkpoint",
    "health.what_goal_book": "my goal book",
    "health.what_files": "my files",
    "health.what_situation_file": "my situation file",
    # why a file could not be written
    "reason.name_too_long": "the name is too long",
    "reason.not_a_folder": "a part of the path is a file, not a folder",
    "reason.is_a_folder": "that is a folder, not a file",
    "reason.permission": "permission denied",
    "reason.no_space": "no space left on the disk",
    "reason.quota": "the disk quota is used up",
    "reason.read_only": "the disk is read-only",
    "reason.exists": "something is already there",
    "reason.symlink": "symlinks are not followed",
    "reason.disk_error": "the disk reported an error",
    # the home's tools: what ran, what was refused and why
    "journal.tool_ran": "used {tool} in the home, as my owner asked ({args})",
    "journal.tool_failed": "tried {tool} in the home ({args}); it did not work",
    "journal.tool_refused": "refused a tool call: {tool} ({args}): {why}",
    "why.not_owners_turn": "a turn of my own changes nothing in the home",
    "why.not_asked": "my owner's message asked for no change",
    "why.not_named": "my owner's message did not name it",
    "why.unknown": "no such tool was offered",
    "why.over_rounds": "too many tool calls in one turn",
    "why.with_reply": "it came with the reply",
    "home.cannot_act": "I can't change anything in your home myself; Assist can, or you can.",
}
