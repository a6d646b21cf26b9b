"""A secret by its letters and digits alone, and where they stand in a text whatever lies between
them: "correct-horse-battery-staple", `["correct","horse","battery","staple"]`,
"CorrectHorseBatteryStaple", a PIN read out as "7 3 9 1 5 4", "Tr0ub4dor & 3".

A text's tokens are its runs of letters and digits (with the marks that combine with them and the
invisible characters between them); anything else splits them (an escape in an address, "%20",
too), and a marker (`[secret]`) stands between them like a wall. A token's letters are its
compatibility form in one case, its letters and digits only; a secret's are its tokens' letters,
joined. A window of consecutive tokens whose letters, joined, are a remembered secret's is that
secret, hidden from its first token to its last: a window starts and ends where tokens do, so
"horse" is never found in "seahorses".

Only a window as long as a remembered secret is built: the running count of the tokens' letters
says where one that starts at a token would end, so the finding stays linear in the text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from itertools import accumulate
from typing import Final

from .values import DIGIT_NAMES, DIGIT_OF, MARKER

MAX_SPELLED: Final = 12  # digits of a number also remembered as it is said in words
MAX_TOKENS: Final = 16  # tokens in a window: a card read out in groups, a PIN digit by digit
# Marks that combine with the letter before them (a decomposed "é"), and the invisible characters:
# a token's, dropped from its letters.
INVISIBLE: Final = "\u00ad\u200b\u200c\u200d\u2060\ufeff"  # never part of a secret
_JOINED: Final = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f" + INVISIBLE
# A token, a marker, or a character escaped in an address ("correct%20horse"), which splits
# tokens as the character would.
_TOKEN: Final = re.compile(
    rf"(?P<marker>{MARKER})|(?P<escape>%[0-9A-Fa-f]{{2}})|(?:[^\W_]|[{_JOINED}])++"
)
_PLAIN_TOKEN: Final = re.compile(r"[A-Za-z0-9]++")  # a token of a text of ASCII with no marker
# A sentence's end between two tokens (a wall), and what may join the digits of a short number.
_SENTENCE_END: Final = re.compile(r"[.!?。！？]\s")
_SOFT: Final = " -\u00a0\u2009\u202f\u2007\u200a\u2010\u2011\u2012\u2013"
# The digits of a number this long or longer may be grouped any way (a card, an account).
MIN_DIGITS: Final = 8
# An IBAN by its letters: its country, its check digits, then the account (BBAN).
_IBAN: Final = re.compile(r"[a-z]{2}\d{2}[a-z0-9]{11,30}")


def token_letters(token: str) -> str:
    """A token's letters: its compatibility form, in one case, letters and digits only."""
    if token.isascii():  # letters and digits only already (fast)
        return token.lower()
    folded = unicodedata.normalize("NFKC", token).casefold()
    return "".join(char for char in folded if char.isalnum())


def letters(text: str) -> str:
    """A secret's letters and digits alone: its tokens' letters, joined (markers left out)."""
    return "".join(token_letters(m.group()) for m in _TOKEN.finditer(text) if not m.lastgroup)


def spelled(digits: str) -> list[str]:
    """A number's letters as it is said digit by digit in each of the five languages, for a
    number of at most `MAX_SPELLED` digits ("2580": "twofiveeightzero", "twofiveeightoh",
    "zweifünfachtnull", …), so a code told in digits is found again said in words."""
    if not digits.isdigit() or len(digits) > MAX_SPELLED:
        return []
    tables = [names.split() for names in (*DIGIT_NAMES, DIGIT_NAMES[0].replace("zero", "oh"))]
    return sorted({letters(" ".join(table[int(d)] for d in digits)) for table in tables})


def said_digits(normal_form: str) -> str | None:
    """The digits of a number said digit by digit in words, three or more ("four eight one
    five": "4815"), so a code told in words is found again in digits; else None."""
    words = normal_form.replace("-", " ").replace(",", " ").split()
    if len(words) < 3 or not all(word in DIGIT_OF for word in words):
        return None
    return "".join(DIGIT_OF[word] for word in words)


def account(letters_form: str) -> str | None:
    """The account number inside an IBAN (its letters), said alone often enough: the IBAN
    without its country and check digits, when its checksum holds."""
    if not _IBAN.fullmatch(letters_form):
        return None
    moved = letters_form[4:] + letters_form[:4]
    if int("".join(str(int(char, 36)) for char in moved)) % 97 != 1:
        return None
    return letters_form[4:]


class Tokens:
    """A text's tokens, with the running count of their letters, so that the windows as long as
    a remembered secret are found without building the others. A window never reaches across a
    marker nor a sentence's end ("the car. Pet the dog" holds no "carpet"); one of digits only,
    shorter than a card or an account, only across spaces and dashes, or dots between three
    groups or more of two digits or more (a PIN said "4 8 2 1" or "4-8-2-1", a combination
    "12.34.56"; never the time "19:45", the price "48.21", the date "4/8/21" or the version
    "4.8.2.1")."""

    def __init__(self, text: str) -> None:
        self.spans: list[tuple[int, int]] = []  # where each token stands in the text
        self._wall: list[int] = []  # how many walls (markers, sentence ends) stand before token k
        self._firm: list[int] = []  # how many gaps before token k are more than spaces and dashes
        self._dots: list[int] = []  # how many of those are one dot
        forms: list[str] = []
        walls = firm = dots = 0
        end = 0  # where the last token ended
        plain = text.isascii() and "[" not in text and "%" not in text  # (the most texts: fast)
        for match in (_PLAIN_TOKEN if plain else _TOKEN).finditer(text):
            if not plain and match.lastgroup:  # a marker (a wall), or an escape
                walls += match.lastgroup == "marker"
                continue
            form = token_letters(match.group())
            if not form:  # (marks or invisibles alone)
                continue
            if self.spans and (gap := text[end : match.start()]) != " ":  # (the most: a space)
                walls += _SENTENCE_END.search(gap) is not None
                firm += gap.strip(_SOFT) != ""
                dots += gap == "."
            end = match.end()
            self.spans.append(match.span())
            forms.append(form)
            self._wall.append(walls)
            self._firm.append(firm)
            self._dots.append(dots)
        self._before = [0, *accumulate(map(len, forms))]  # letters before token k (and all)
        self._letters = "".join(forms)

    def _joins(self, first: int, last: int, form: str) -> bool:
        """Whether tokens first to last may be one secret: no wall between them, and a short
        number only across spaces and dashes, or dots between three groups or more of two
        digits or more."""
        if self._wall[last] != self._wall[first]:
            return False
        firm = self._firm[last] - self._firm[first]
        return (
            not firm
            or len(form) >= MIN_DIGITS
            or not form.isdigit()
            or (
                last - first >= 2
                and firm == self._dots[last] - self._dots[first]
                and all(self._before[k + 1] - self._before[k] >= 2 for k in range(first, last + 1))
            )
        )

    def windows(self, lengths: set[int]) -> Iterator[tuple[int, int, str]]:
        """(first token, last token, letters) of each window of at most `MAX_TOKENS` tokens
        whose letters are as long as one of `lengths`, in order of their first token."""
        before, joined, wall = self._before, self._letters, self._wall
        count = len(self.spans)
        if len(lengths) <= MAX_TOKENS:  # one look-up per length and token
            ends = {at: index for index, at in enumerate(before)}  # letters to a window's end
            ordered = sorted(lengths)
            for first in range(count):
                at = before[first]
                for length in ordered:
                    stop = ends.get(at + length)
                    if stop is not None and stop - first <= MAX_TOKENS:
                        form = joined[at : at + length]
                        if self._joins(first, stop - 1, form):
                            yield first, stop - 1, form
            return
        longest = max(lengths)
        for first in range(count):  # one look per token a window may end on
            at = before[first]
            for stop in range(first + 1, min(count, first + MAX_TOKENS) + 1):
                length = before[stop] - at
                if length > longest or wall[stop - 1] != wall[first]:
                    break
                if length in lengths:
                    form = joined[at : at + length]
                    if self._joins(first, stop - 1, form):
                        yield first, stop - 1, form
