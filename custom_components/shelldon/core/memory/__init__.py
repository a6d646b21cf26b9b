"""What the pet keeps: notes and facts, dreams, the diary, the shelf, the world, checkpoints."""
