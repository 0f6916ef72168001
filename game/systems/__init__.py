"""The rule systems, one package each: rules, sheet, play, narration and explanations."""
