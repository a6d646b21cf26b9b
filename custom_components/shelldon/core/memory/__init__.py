"""What the pet remembers: notes and the facts they become, beliefs about the world, the recent
conversation, the diary, the nights that fold days into memory, and the shelf's index."""
