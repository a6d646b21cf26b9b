"""shelldon's tests.

Every property test draws the same examples on every run (derandomized, no example database):
a suite that can fail on an unlucky draw is not a suite. (tests/core/_support.py says how to
explore with random draws.)
"""

try:
    from hypothesis import settings
except ImportError:  # a script that borrows a helper from the tests (bench/dashboard_shots.py)
    pass
else:
    settings.register_profile("shelldon", derandomize=True, database=None, deadline=None)
    settings.load_profile("shelldon")
