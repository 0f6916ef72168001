"""Open Adventures: everything of the rule system in one package, from its rules to their wording.

``rules`` is the system object the engine holds; the rules modules beside it are pure
functions of sheets and dice; ``play`` plays them at the prompt; ``narration`` and
``explain`` word them.  The player's page is ``docs/rules/open_adventures.md``; the maintainer's
notes, module by module, ``docs/internals/open_adventures.md``.
"""
