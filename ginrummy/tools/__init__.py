"""Tools for developers and researchers: the bot arena and the speed benchmark."""
