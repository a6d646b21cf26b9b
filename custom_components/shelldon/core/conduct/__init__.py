"""What a turn is for and what it may do: the home's tools, other assistants, self-edits."""
