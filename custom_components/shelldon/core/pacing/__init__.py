"""How often and how dearly the pet acts: activity, power, the scheduler, budget and tokens."""
