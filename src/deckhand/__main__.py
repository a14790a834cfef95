"""``python -m deckhand``: the ``deckhand`` command, where the environment's scripts are not on ``PATH``."""

from deckhand.cli import main

if __name__ == "__main__":
    main()
