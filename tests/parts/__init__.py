"""Tests of the pet's parts (mind, turns, needs), each built alone from fakes of its ports."""
