"""Tools for adventure authors: the JSON Schema, the warnings of ``check``, transcript tests, the simulator.

This package sits above the engine (it plays adventures) and below the command line.
"""
