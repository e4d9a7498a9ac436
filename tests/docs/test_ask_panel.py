"""The "Ask the judge" panel in headless Chromium: the engine in the page, offline, on a phone.

On each game's player page, at a phone's width (390 px) and a desktop's
(1280 px): the panel loads (Pyodide, from the built site's own files, opened
from ``file://``; once a game, at the phone's width, the window then widened);
questions are asked by clicking its card buttons (a mouse click where the button
is drawn, the button checked to be uncovered there), and each
answer is exactly what ``cardlaw ask`` prints for the same question (its text,
or for bad input its one-line message); no request leaves the site (the
browser's performance log); no error reaches the console.  A screenshot of a
panel with an answer at 390 px is saved under ``docs/_build/screenshots/``
for each game.  The time from opening the panel to the judge being ready and
to the first answer, and each width's time to ask every case, are printed
(``-s``), never asserted.  Skips, saying why, without Selenium,
Chromium, or a rulebook built with the Pyodide runtime.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final
from urllib.parse import unquote, urlparse

import pytest

from tests.docs.chromium import open_page
from tests.docs.test_browser import SCREENSHOTS, WIDTHS
from tests.game_data import PanelCase, PanelStep
from tests.games import ADAPTERS, run_cli

CASES: dict[str, tuple[PanelCase, ...]] = {
    name: ADAPTERS[name].ASK_PANEL for name in ADAPTERS if ADAPTERS[name].ASK_PANEL
}
"""Each game's questions to the panel and to ``cardlaw ask`` (its adapter's ``ASK_PANEL``)."""


@pytest.fixture(scope="session")
def panel_site(built_docs: Path) -> Path:
    """The built rulebook, when it was built with the Pyodide runtime (else the tests skip)."""
    if not (built_docs / "_static" / "cardlaw-ask" / "pyodide.asm.wasm.js").is_file():
        pytest.skip(
            "the rulebook was built without the Pyodide runtime (npm package pyodide in "
            "CARDLAW_PYODIDE_DIR, default ~/.cache/cardlaw/pyodide-VERSION; .ci/run installs it)"
        )
    return built_docs


POLL: Final = 0.05
"""How often a wait looks again (Selenium's default, half a second, is most of an answer)."""


def _wait(driver: Any, seconds: float, until: Callable[[Any], Any]) -> Any:
    """What ``until(driver)`` gives once it is true, looked at every :data:`POLL` seconds."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=POLL).until(until)


FIND = """
const button = document.querySelector(arguments[0]);
if (!button) return [null, 'nothing matches ' + arguments[0]];
button.scrollIntoView({block: 'center', behavior: 'instant'});
const r = button.getBoundingClientRect();
const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
if (hit && (hit === button || button.contains(hit))) return [button, ''];
return [button, arguments[0] + ' is covered by ' + (hit ? hit.tagName + '.' + hit.className : 'nothing')];
"""
"""The element ``arguments[0]`` in the middle of the window, at once (the theme scrolls smoothly:
a click would miss), and what covers its centre if anything does (then a tap would miss it)."""


def _click(driver: Any, selector: str) -> Any:
    """A mouse click (pointer moved there, pressed, released) in the middle of ``selector``'s element.

    The click lands on whatever is drawn there, as a tap does; :data:`FIND` first checks that
    it is the element itself.  One script and one action: ``WebElement.click`` makes the same
    checks in several round trips to the browser.
    """
    from selenium.webdriver.common.action_chains import ActionChains

    button, covered = driver.execute_script(FIND, selector)
    assert button is not None and not covered, covered
    ActionChains(driver, duration=0).move_to_element(button).click().perform()
    return button


def _tap(driver: Any, step: PanelStep) -> None:
    kind, *rest = step
    if kind == "question":
        _click(driver, f'.cardlaw-ask-question[data-question="{rest[0]}"]')
    elif kind == "target":
        _click(driver, f'.cardlaw-ask-field[data-key="{rest[0]}"] .cardlaw-ask-target')
    elif kind == "type":
        field = _click(driver, f'.cardlaw-ask-field[data-key="{rest[0]}"] .cardlaw-ask-typed')
        field.send_keys(rest[1])
    elif kind == "card":
        _click(driver, f'.cardlaw-ask-deck [data-code="{rest[0]}"]')
    else:
        _click(driver, f'.cardlaw-ask-field[data-key="{rest[0]}"] [data-value="{rest[1]}"]')


LEGALITY: Final = frozenset({"play", "split"})
"""The questions "is this play legal here" (Divided Ranks': is this split legal): every game
with cards to tap asks at least one (``test_every_game_asks_whether_a_play_is_legal``)."""

WATCH = (
    "const a = document.querySelector('.cardlaw-ask-answer');"
    "window.cardlawAnswered = new Promise(done => new MutationObserver((m, o) => {"
    " o.disconnect(); done(); }).observe(a, {childList: true}));"
)
"""A promise kept once the panel writes into its answer box (the next answer)."""

ANSWER = """
const reply = arguments[arguments.length - 1];
window.cardlawAnswered.then(() => {
  const a = document.querySelector('.cardlaw-ask-answer');
  reply({text: a.dataset.text, error: a.dataset.error, shown: a.innerText,
         links: [...a.querySelectorAll('a.cardlaw-ask-clause')].map(l => l.href)});
});
"""
"""What the panel shows once it has answered (an asynchronous script: it waits for :data:`WATCH`'s
promise, in the page, so that no one looks again and again)."""


def _ask(driver: Any, steps: list[PanelStep]) -> dict[str, Any]:
    """Tap ``steps`` on a fresh question, press Ask; what the panel shows."""
    if steps[0][0] != "question":  # the first question, afresh
        _click(driver, ".cardlaw-ask-question")
    for step in steps:
        _tap(driver, step)
    driver.execute_script(WATCH)
    _click(driver, ".cardlaw-ask-ask")
    result: dict[str, Any] = driver.execute_async_script(ANSWER)
    return result


def _screenshot(driver: Any, path: Path) -> None:
    """The whole panel with its answer, at 390 px: the window made tall enough for it."""
    height = driver.execute_script(
        "return document.querySelector('section.cardlaw-ask').getBoundingClientRect().height"
    )
    driver.set_window_size(390, int(height) + 300)
    driver.execute_script(
        "document.querySelector('section.cardlaw-ask')"
        ".scrollIntoView({block: 'center', behavior: 'instant'})"
    )
    driver.find_element("css selector", "section.cardlaw-ask").screenshot(str(path))
    driver.set_window_size(390, 900)


def _requests(driver: Any) -> list[str]:
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    return urls


READY = "return document.querySelector('section.cardlaw-ask').dataset.ready"


def _boot(driver: Any, page: Path) -> float:
    """Open ``page``, open its panel and wait for the judge: the seconds that took."""
    driver.get_log("browser")  # what earlier pages logged is theirs
    open_page(driver, page.as_uri())
    _requests(driver)  # the log so far is the page's own; the panel's requests follow
    start = time.perf_counter()
    _click(driver, ".cardlaw-ask-open")
    _wait(driver, 120, lambda d: d.execute_script(READY))
    ready = driver.execute_script(READY)
    assert ready == "true", driver.execute_script(
        "return document.querySelector('.cardlaw-ask-status').textContent"
    )
    return time.perf_counter() - start


def _links(links: list[str], pages: dict[Path, str]) -> list[str]:
    """The clause links of ``links`` that lead nowhere (``pages``: each page's text, read once)."""
    nowhere = []
    for link in links:
        target = urlparse(link)
        html = Path(unquote(target.path))
        if html not in pages:
            pages[html] = html.read_text(encoding="utf-8") if html.is_file() else ""
        if f'id="{target.fragment}"' not in pages[html]:
            nowhere.append(link)
    return nowhere


@pytest.mark.parametrize("game", sorted(CASES))
def test_the_judge_panel_answers_as_cardlaw_ask_does(
    chromium: Any, panel_site: Path, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every case asked at each width of :data:`~tests.docs.test_browser.WIDTHS` on one page.

    The page is opened and its judge booted once, at the first width; the window is then
    made as wide as the next and every case asked again there (the panel's layout is CSS,
    which follows the window; nothing in the page reads its width when it loads).
    """
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page = panel_site / "games" / f"{game}.html"
    problems: list[str] = []
    answers: dict[tuple[str, ...], tuple[int, str, str]] = {}  # cardlaw ask's, once a case
    pages: dict[Path, str] = {}  # the linked pages' text, read once
    legality = next(i for i, (_, argv) in enumerate(CASES[game]) if argv[1] in LEGALITY)
    chromium.set_window_size(WIDTHS[0], 900)
    chromium.set_script_timeout(60)  # how long an answer may take (ANSWER waits for it)
    booted = _boot(chromium, page)
    for width in WIDTHS:
        chromium.set_window_size(width, 900)
        inner = chromium.execute_script("return window.innerWidth")
        if inner != width:  # headless: the window is all page (test_browser checks 390 too)
            problems.append(f"{game}: the window is {inner} px wide, not {width}")
        start = time.perf_counter()
        for number, (steps, argv) in enumerate(CASES[game]):
            shown = _ask(chromium, steps)
            if number == 0 and width == WIDTHS[0]:
                with capsys.disabled():
                    seconds = time.perf_counter() - start + booted
                    print(f"\n{game}: judge ready {booted:.1f} s after opening, ", end="")
                    print(f"first answer at {width} px {seconds:.1f} s after opening")
            if tuple(argv) not in answers:
                answers[tuple(argv)] = run_cli(capsys, "ask", *argv)
            code, out, err = answers[tuple(argv)]
            if code == 0:
                if shown["text"] != out.rstrip("\n") or shown["error"]:
                    problems.append(f"{game} {argv} at {width} px: the page says {shown}")
                verdict = out.splitlines()[0]
                if not shown["shown"].startswith(verdict):
                    problems.append(f"{game} {argv}: the paragraph does not open with {verdict}")
                for link in _links(shown["links"], pages):
                    problems.append(f"{game}: the clause link {link} leads nowhere")
                if not shown["links"]:
                    problems.append(f"{game} {argv}: no clause is linked")
            elif err != f"cardlaw: error: {shown['error']}\n" or shown["shown"] != shown["error"]:
                problems.append(f"{game} {argv} at {width} px: {err!r}, the page {shown}")
            if width == 390 and number == 0:
                _screenshot(chromium, SCREENSHOTS / f"{game}-ask-390.png")
            if width == 390 and number == legality:
                _screenshot(chromium, SCREENSHOTS / f"{game}-ask-legal-390.png")
        with capsys.disabled():
            seconds = time.perf_counter() - start
            print(f"{game} at {width} px: {len(CASES[game])} cases asked in {seconds:.1f} s")
        wide = chromium.execute_script(
            "return document.scrollingElement.scrollWidth > window.innerWidth"
        )
        if wide:
            problems.append(f"{game} at {width} px: the page scrolls sideways with the panel open")
        outside = [
            url for url in _requests(chromium) if not url.startswith(("file://", "data:", "blob:"))
        ]
        if outside:
            problems.append(f"{game} at {width} px: requests outside the site: {outside[:3]}")
        for entry in chromium.get_log("browser"):
            if entry.get("level") in ("SEVERE", "ERROR"):
                problems.append(f"{game} at {width} px: console: {entry.get('message')}")
    assert not problems, "\n".join(problems)


EUCHRE_RANKS: Final = ("9", "10", "J", "Q", "K", "A")


def _requests_batch(seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` requests of every question of the panel, many of them bad input."""
    import random

    draw = random.Random(seed)
    suits, ranks = "CDHS", ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    deck = [r + s for s in suits for r in ranks] + ["JK", "1X"]
    pack = [r + s for s in suits for r in ["10", "J", "Q", "K", "A"]] + ["JK", "2S"]
    out: list[dict[str, Any]] = []

    def some(cards: list[str], k: int) -> list[str]:  # distinct cards, now and then one twice
        return draw.sample(cards, k) if draw.random() < 0.8 else draw.choices(cards, k=k)

    for _ in range(count):
        kind = draw.randrange(9)
        if kind == 0:
            args: dict[str, Any] = {
                "cards": some(deck[:52], draw.choice([3, 4, 4, 5, 5, 6])),
                "trump": draw.choice([*ranks, *ranks, "", "Z"]),
                "leader": str(draw.randrange(6)),
            }
            out.append({"game": "divide", "question": "trick", "args": args})
        elif kind == 1:
            args = {"card": draw.choice(deck), "bonus": draw.choice(["", "0", "3", "5", "6"])}
            args["stacks"] = draw.choice(["", "3,3,0,3", "0,0,0,0", "3,3", "4,1,1,1"])
            out.append({"game": "divide", "question": "token", "args": args})
        elif kind == 2:
            euchre = [c for c in deck if c[:-1] in EUCHRE_RANKS] + ["2H"]
            args = {
                "cards": some(euchre, draw.choice([3, 4, 4, 4, 5])),
                "trump": draw.choice(["C", "D", "H", "S"] * 3 + ["", "X"]),
                "leader": str(draw.randrange(4)),
                "alone_seat": draw.choice(["", "", "0", "1", "2", "3"]),
            }
            out.append({"game": "euchre", "question": "trick", "args": args})
        elif kind == 3:
            cards = draw.sample(pack, 10 + draw.randrange(2))
            args = {"first": " ".join(cards[:5]), "second": " ".join(cards[5:])}
            out.append({"game": "divided-ranks", "question": "compare", "args": args})
        elif kind == 4:
            cards = draw.sample(pack, draw.choice([9, 10, 10, 10]))
            out.append(
                {"game": "divided-ranks", "question": "arrange", "args": {"cards": " ".join(cards)}}
            )
        elif kind in (5, 6):  # may this card be played here: Divide, Euchre
            cards = deck[:52] if kind == 5 else [c for c in deck if c[:-1] in EUCHRE_RANKS]
            held = some(cards, draw.randrange(1, 10 if kind == 5 else 7))
            trick = some([c for c in cards if c not in held], draw.randrange(0, 6))
            card = draw.choice(held) if draw.random() < 0.85 else draw.choice(deck)
            args = {"hand": " ".join(held), "trick": " ".join(trick), "card": card}
            if kind == 5:
                args |= {"trump": draw.choice([*ranks, ""]), "own_suit": draw.choice(["", "1"])}
                out.append({"game": "divide", "question": "play", "args": args})
            else:
                args |= {"trump": draw.choice([*suits, ""]), "alone": draw.choice(["", "1"])}
                out.append({"game": "euchre", "question": "play", "args": args})
        elif kind == 7:  # is this split legal
            cards = draw.sample(pack, 4 + draw.choice([0, 0, 0, 1, 2, 4, 6, 8]))
            laid = draw.sample(cards, 4)
            cut = draw.randrange(5)
            args = {
                "drawn": " ".join(cards[:4]),
                "up": " ".join(laid[:cut]),
                "down": " ".join(laid[cut:]),
                "hand": " ".join(cards[4:]),
            }
            out.append({"game": "divided-ranks", "question": "split", "args": args})
        else:
            numbers = [str(draw.randrange(102)) for _ in range(draw.randrange(3, 8))]
            args = {
                "left": numbers[0],
                "right": numbers[1],
                "hand": " ".join(numbers[2:]),
                "middle": draw.choice(["", "", str(draw.randrange(101))]),
                "cooperative": draw.choice(["", "1"]),
            }
            out.append({"game": "split", "question": "play", "args": args})
    return out


def test_python_in_the_page_answers_as_cpython(chromium: Any, panel_site: Path) -> None:
    """The packed sources under Pyodide's Python (3.13) answer 300 requests as CPython does.

    The project's minimum is 3.11 and the suite runs there; the page runs the same
    functions on the runtime's own Python, so their answers are compared request by request.
    """
    from cardlaw.answers.page import ask

    requests = [json.dumps(r) for r in _requests_batch(36, 300)]
    chromium.set_window_size(1280, 900)
    open_page(chromium, (panel_site / "games" / "divide.html").as_uri())
    chromium.execute_script(
        "window.cardlawBatch = null; Promise.all(arguments[0].map(r => window.cardlawAsk(r)))"
        ".then(replies => { window.cardlawBatch = replies; });",
        requests,
    )
    replies = _wait(chromium, 180, lambda d: d.execute_script("return window.cardlawBatch"))
    differ = [
        (request, reply)
        for request, reply in zip(requests, replies, strict=True)
        if json.loads(reply) != json.loads(ask(request))
    ]
    assert not differ, differ[:3]
    answered = sum("error" not in json.loads(reply) for reply in replies)
    assert 60 <= answered <= 270, f"{answered} of 300 answered: the batch should mix both"


@pytest.mark.parametrize("game", sorted(CASES))
def test_every_game_asks_whether_a_play_is_legal(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each game's panel cases: three questions at least, a legality question answered and one
    refused as bad input (what the browser test clicks; checked here without a browser)."""
    assert len(CASES[game]) >= 3
    codes = {run_cli(capsys, "ask", *argv)[0] for _, argv in CASES[game] if argv[1] in LEGALITY}
    assert codes == {0, 2}, codes
