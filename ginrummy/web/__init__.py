"""The game in a browser: a web server (aiohttp, through textual-serve) whose page runs the
game in a process of its own for each visitor, drawn by xterm.js in the page.

`server.WebServer` serves one command line (the game's start screen for ``ginrummy serve``,
the joining seat of a table for ``ginrummy host --web``) behind a secret in the address. It
needs the optional extra ``web`` (``pip install 'ginrummy[web]'``): `server` imports
aiohttp and textual-serve, so import it only when serving.
"""
