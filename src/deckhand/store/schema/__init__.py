"""The store's schema history as Alembic revisions (``versions/``), applied by :func:`deckhand.store.migrate`.

Each revision is written against the schema as it was at that point, never
against today's models, so that any user's database can be brought up to
date in place. A new revision: ``alembic -c src/deckhand/store/schema/alembic.ini
revision -m "what changes"`` (it fills in ``script.py.mako``).
"""
