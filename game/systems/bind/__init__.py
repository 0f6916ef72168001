"""The bind rule system: everything of it in one package."""
