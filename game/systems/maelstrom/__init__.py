"""The maelstrom rule system: everything of it in one package."""
