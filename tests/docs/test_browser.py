"""Every page of the built rulebook in a real browser: headless Chromium through Selenium.

At a phone's width (390 px) and a desktop's (1280 px), every page must fit
without horizontal scrolling, show no errors in the browser console, and each
game page must show card pictures; every internal link and anchor must lead
somewhere.  At 390 px each game's diagram of the steps of play must list only
those steps, stacked and in text a phone can read (checked on a screenshot of it);
each game's quick reference, printed alone on A4 with the page's print style, must
be one page.  Screenshots (and the printed quick references) go to
``docs/_build/screenshots/``.  Skips, saying why, where Selenium or Chromium is
missing (``.ci/run`` installs Chromium).
"""

from __future__ import annotations

import io
from html.parser import HTMLParser
from itertools import pairwise
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urldefrag, urlparse

import pytest

from tests.docs.chromium import open_page
from tests.games import ADAPTERS, OUTSIDE

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "docs" / "_build" / "screenshots"
WIDTHS = (390, 1280)
GAME_PAGES = tuple(name for name in ADAPTERS if name not in OUTSIDE)
"""cardlaw's own games, each with its page."""
WIDE = """
const w = window.innerWidth, out = [];
for (const e of document.querySelectorAll('article *')) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.right <= w + 1) continue;
  let a = e.parentElement, scrolls = false;
  while (a && a.tagName !== 'ARTICLE') {
    const x = getComputedStyle(a).overflowX;
    if ((x === 'auto' || x === 'scroll') && a.getBoundingClientRect().right <= w + 1) {
      scrolls = true;
      break;
    }
    a = a.parentElement;
  }
  if (!scrolls) out.push(e.tagName + '.' + e.className + ' to ' + Math.round(r.right) + ' px');
}
return out.slice(0, 3);
"""
"""What sticks out of the window: the theme lets its content area scroll sideways at a
phone's width, so the page itself never overflows; an element of the article that reaches
past the window's edge, outside a box of its own that scrolls (a wide table), does."""


@pytest.fixture
def browser(chromium: Any) -> Any:
    """The session's headless Chromium (``tests/docs/conftest.py``): 1280 px, its logs emptied."""
    chromium.set_window_size(1280, 900)
    chromium.get_log("browser")
    chromium.get_log("performance")
    return chromium


class _Page(HTMLParser):
    """A page's ids and the links it makes."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))


def _pages(root: Path) -> list[Path]:
    return sorted(
        p
        for p in root.rglob("*.html")
        if not {"_static", "_sources"} & set(p.relative_to(root).parts)
    )


def _parse(page: Path) -> _Page:
    parsed = _Page()
    parsed.feed(page.read_text(encoding="utf-8"))
    return parsed


def test_every_internal_link_and_anchor_resolves(built_docs: Path) -> None:
    pages = {p.resolve(): _parse(p) for p in _pages(built_docs)}
    broken = []
    for page, parsed in pages.items():
        for href in parsed.links:
            if urlparse(href).scheme or href.startswith("//") or href.startswith("mailto:"):
                continue
            path, anchor = urldefrag(href)
            target = (page.parent / unquote(path)).resolve() if path else page
            if target.is_dir():
                target = target / "index.html"
            if target.suffix != ".html":
                if not target.exists():
                    broken.append(f"{page.name}: {href}")
                continue
            known = pages.get(target)
            if known is None:
                broken.append(f"{page.name}: {href} (no such page)")
            elif anchor and unquote(anchor) not in known.ids:
                broken.append(f"{page.name}: {href} (no such anchor)")
    assert not broken, "broken internal links:\n" + "\n".join(broken[:40])


LOOK = (
    """
const w = window.innerWidth, scroll = document.scrollingElement.scrollWidth;
const cards = [...document.querySelectorAll('.cardlaw-card')];
return {
  inner: w,
  scroll: scroll,
  beyond: scroll > w ? [...document.querySelectorAll('body *')]
    .filter(e => e.getBoundingClientRect().right > w + 1).slice(0, 3)
    .map(e => e.tagName + '.' + e.className) : [],
  wide: (function () {"""
    + WIDE
    + """})(),
  shown: cards.filter(e => e.getBoundingClientRect().width > 0
                           && e.getAttribute('aria-label')).length,
  smallest: cards.length ? Math.min(...cards.map(e => parseFloat(getComputedStyle(e).fontSize)))
                         : null,
};
"""
)
"""What a page shows at the window's width, in one look: the window's width and the page's, what
reaches past the window's edge (the page's elements when it scrolls sideways, and :data:`WIDE`),
how many card pictures are drawn and the smallest card's font size."""


def test_every_page_in_chromium_at_phone_and_desktop_width(browser: Any, built_docs: Path) -> None:
    """Each page is opened once, at the first width of :data:`WIDTHS`, and looked at there, then
    the window is made as wide as the next width and the page looked at again (its layout is
    CSS, which follows the window: nothing in the theme or the pages reads the width at load)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []
    pages = _pages(built_docs)
    assert len(pages) >= 10
    for page in pages:
        name = page.relative_to(built_docs).as_posix()
        browser.set_window_size(WIDTHS[0], 900)
        open_page(browser, page.as_uri())
        for width in WIDTHS:
            browser.set_window_size(width, 900)
            seen = browser.execute_script(LOOK)
            inner, scroll = seen["inner"], seen["scroll"]
            if width == 390 and inner > 420:
                problems.append(f"the window is {inner} px wide, not a phone's")
            if inner != width:  # the window was made as wide as asked (headless: all page)
                problems.append(f"{name}: the window is {inner} px wide, not {width}")
            if scroll > inner:
                wide = seen["beyond"]
                problems.append(f"{name} at {width} px: {scroll} px wide > {inner} ({wide})")
            if seen["wide"]:
                problems.append(f"{name} at {width} px: past the window's edge: {seen['wide']}")
            stem = page.stem
            if page.parent.name == "games" and stem in GAME_PAGES:
                shown = seen["shown"]
                if shown < 10:
                    problems.append(f"{name} at {width} px: only {shown} card pictures")
                smallest = seen["smallest"]
                if smallest is not None and smallest < 14:  # legible on a phone
                    problems.append(f"{name} at {width} px: a card drawn at {smallest} px")
            for entry in browser.get_log("browser"):
                if entry.get("level") in ("SEVERE", "ERROR"):
                    problems.append(f"{name} at {width} px: console: {entry.get('message')}")
            browser.save_screenshot(str(SCREENSHOTS / f"{name.replace('/', '-')[:-5]}-{width}.png"))
    assert not problems, "\n".join(problems)


def _step_titles(game: str) -> list[str]:
    from cardlaw.engine.registry import get_game

    book = get_game(game).rulebook
    return [p.title for p in book.phases if p.step and book.in_phase(p.id)]


PHASES_JS = """
const list = document.querySelector('ol.cardlaw-phases');
if (!list) return null;
const items = [...list.querySelectorAll('li.cardlaw-phase')];
return {
  titles: items.map(li => li.querySelector('.cardlaw-phase-title').textContent.trim()),
  boxes: items.map(li => { const r = li.getBoundingClientRect();
                           return [r.left, r.top, r.right, r.bottom]; }),
  sizes: items.map(li => parseFloat(getComputedStyle(li.querySelector('.cardlaw-phase-title'))
                                    .fontSize)),
  width: window.innerWidth,
};
"""


def test_the_phase_diagram_reads_at_a_phones_width(browser: Any, built_docs: Path) -> None:
    """At 390 px each game's diagram lists only the steps of play, in text a phone can read,
    one box under another within the window; a screenshot of it is kept and checked."""
    image = pytest.importorskip("PIL.Image", reason="Pillow is not installed (the dev extra)")
    from selenium.webdriver.support.ui import WebDriverWait

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    browser.set_window_size(390, 1400)  # tall enough for the whole diagram in one screenshot
    problems: list[str] = []
    for game in GAME_PAGES:
        for page in (f"{game}.html", f"{game}-judge.html"):
            open_page(browser, (built_docs / "games" / page).as_uri())
            found = WebDriverWait(browser, 20).until(lambda b: b.execute_script(PHASES_JS))
            if found["titles"] != _step_titles(game):
                problems.append(f"{page}: lists {found['titles']}, not the steps of play")
            if min(found["sizes"]) < 14:
                problems.append(f"{page}: a step's name drawn at {min(found['sizes'])} px")
            boxes = found["boxes"]
            if any(left < 0 or right > found["width"] + 1 for left, _, right, _ in boxes):
                problems.append(f"{page}: a step's box reaches past the window: {boxes}")
            if any(below[1] < above[3] for above, below in pairwise(boxes)):
                problems.append(f"{page}: the steps are not stacked one under another")
            shot = SCREENSHOTS / f"{page[:-5]}-phases-390.png"
            left, top, right, bottom = browser.execute_script(
                "const list = document.querySelector('ol.cardlaw-phases');"
                "const top = list.getBoundingClientRect().top + window.scrollY;"
                "window.scrollTo({top: Math.max(0, top - 200), behavior: 'instant'});"
                "const r = list.getBoundingClientRect();"
                "return [r.left - 2, r.top - 2, r.right + 2, r.bottom + 2];"
            )
            window = image.open(io.BytesIO(browser.get_screenshot_as_png()))
            box = (max(0, int(left)), max(0, int(top)), int(right + 1), int(bottom + 1))
            window.crop(box).save(shot)  # the diagram alone, as a phone shows it
            with image.open(shot) as picture:
                gray = picture.convert("L")
                width, height = gray.size
                dark = sum(gray.histogram()[:110])
            if width > 390 or height < 40 * len(boxes):
                problems.append(f"{page}: the screenshot is {width} x {height} px")
            if dark < 30 * len(boxes):  # each step's name is drawn in dark ink
                problems.append(f"{page}: the screenshot shows almost no text ({dark} dark px)")
    assert not problems, "\n".join(problems)


def _pdf_pages(pdf: bytes) -> int:
    import re

    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def test_the_quick_reference_prints_on_one_a4_page(browser: Any, built_docs: Path) -> None:
    """Each game's quick reference, printed alone with the page's print style, is one A4 page."""
    import base64

    from selenium.webdriver.common.print_page_options import PrintOptions
    from selenium.webdriver.support.ui import WebDriverWait

    browser.set_window_size(1280, 900)
    options = PrintOptions()
    options.page_width, options.page_height = 21.0, 29.7  # A4, in centimetres
    problems: list[str] = []
    for game in GAME_PAGES:
        open_page(browser, (built_docs / "games" / f"{game}.html").as_uri())
        # The page is whole before it is cut down (its judge panel's scripts are large): wait for
        # it to be loaded, however busy the machine, rather than read it half built.
        WebDriverWait(browser, 600).until(
            lambda b: b.execute_script(
                "return document.readyState === 'complete'"
                " && document.querySelector('.cardlaw-quickcard') !== null"
            )
        )
        kept = browser.execute_script(
            "const card = document.querySelector('.cardlaw-quickcard');"
            "if (!card) return null; document.body.replaceChildren(card);"
            "return card.textContent.length;"
        )
        assert kept, f"{game}: no quick reference"
        pdf = base64.b64decode(browser.print_page(options))
        pages = _pdf_pages(pdf)
        (SCREENSHOTS / f"{game}-quick-reference.pdf").write_bytes(pdf)
        if pages != 1:
            problems.append(f"{game}: the quick reference prints on {pages} A4 pages")
    assert not problems, "\n".join(problems)
