"""The open_adventures rule system: everything of it in one package."""
