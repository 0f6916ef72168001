"""The opend6 rule system: everything of it in one package."""
