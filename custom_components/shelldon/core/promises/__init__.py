"""What the pet and its owner mean to do: promises and reminders read from words, goals, when."""
