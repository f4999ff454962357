"""The data folder: saved games, the history of finished games, settings."""
