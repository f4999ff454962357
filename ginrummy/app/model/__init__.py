"""What the screens show, without the screens: pure Python, no Textual or Rich.

`seats` (modes, names, a table's settings), `session` (the game and its seats), `table`
(the turn loop, the hand-over between two people, autosave, what each key may do),
`movelog` (the story of the moves), `steps` (a finished game for the replay), `pace`.
"""
