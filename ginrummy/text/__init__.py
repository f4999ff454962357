"""The one place words are made: the language, names, card labels and sentences."""
