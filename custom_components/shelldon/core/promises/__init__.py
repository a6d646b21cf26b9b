"""What the pet means to do and what it promised: goals, the owner's "remind me" read out of
words, what an errand is about, and keeping each promise once at its time."""
