"""The offline brain's phrasebook: everything it says, in each of the pet's five languages.

One `Phrasebook` per language, field for field the same (the type makes a missing line an
error at import, and a test checks that every template fills the same placeholders as the
English one). Written as a native speaker says it, warm and short; a language without a book
is answered from the English one.
"""

from __future__ import annotations

from typing import Final

from ...core.language.tags import base
from . import de, en, es, fr, nl
from .book import Phrasebook

__all__ = ["BOOKS", "Phrasebook", "phrasebook"]

BOOKS: Final[dict[str, Phrasebook]] = {
    book.language: book for book in (en.BOOK, de.BOOK, fr.BOOK, es.BOOK, nl.BOOK)
}


def phrasebook(language: str) -> Phrasebook:
    """The book for a language tag (its base), English for a language without one."""
    return BOOKS.get(base(language), en.BOOK)
