"""The terminal UI: a session loop that renders views and sends actions, never holding rule state.

Start it with ``deckhand`` (the menu) or ``deckhand play GAME``; from Python,
:func:`deckhand.terminal.launch.start_game` builds a :class:`deckhand.terminal.session.Session`.
"""
