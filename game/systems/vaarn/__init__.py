"""The vaarn rule system: everything of it in one package."""
