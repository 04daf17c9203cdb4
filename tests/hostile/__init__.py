"""The hostile-input walker: every URL of Pott, every field its views read, hostile values one
field at a time, as anonymous, the host, another host and a co-dealer.

`world.build()` makes a realistic database, `endpoints` says what each view reads and what a
valid request looks like, `values` holds the hostile values and decides which of them a field
must refuse, and `walk.walk()` sends the requests and reports server errors and refused requests
that changed the database. Used by tests/test_hostile_input.py and, run as `python -m
tests.hostile`, by bench/fuzz.py.
"""
