"""The pet's inner state and how it moves: signals in, reflexes, reactions, faces, choices."""
