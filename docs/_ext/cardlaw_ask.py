"""The "Ask the judge" panel: ``cardlaw ask`` in the page, run by Pyodide, offline.

``.. cardlaw-ask:: GAME`` puts a panel on a game's player page.  It asks the
questions of :data:`cardlaw.answers.page.QUESTIONS` for that game: the player
taps cards (large buttons), the trump, the leader (or, for "may this card be
played here", the hand, the trick so far and the card in dispute; for Divided
Ranks' split, the four cards drawn and how they were laid out), and the answer comes from
the very functions ``cardlaw ask`` calls (:mod:`cardlaw.answers`), run by
Python compiled to WebAssembly (Pyodide) in the browser.  The JavaScript
(``docs/_static/cardlaw-ask.js``) only collects taps and shows the answer.

The runtime is the ``pyodide`` package of the npm registry, version
:data:`PYODIDE_VERSION`, unpacked in the folder ``CARDLAW_PYODIDE_DIR``
(default ``~/.cache/cardlaw/pyodide-VERSION``, under ``$XDG_CACHE_HOME`` when
set); ``.ci/run`` installs it there when it is absent.  The build copies what
the page needs beside the pages (``_static/cardlaw-ask/``): the runtime's core
(no extra Pyodide package) and the project's own pure-Python packages the
answers need (``spec``, ``engine``, ``cardlaw/answers``; never z3, the proofs,
typer or rich) packed in one zip archive.  Each binary is wrapped in a script
(``cardlawAskAsset(name, base64 of its gzip)``) so the page loads it with a
``<script>`` tag: that works from ``file://`` too, where browsers refuse
``fetch``; nothing is fetched from outside the site.  The files are written
again only when the runtime or the packed sources change.

Without the runtime the docs still build; the panel then says that it is
unavailable and how to install it.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import io
import json
import os
import zipfile
from pathlib import Path
from typing import Any, Final

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from cardlaw.answers.page import QUESTIONS
from cardlaw.engine.divide.game import DIVIDE
from cardlaw.engine.euchre.game import EUCHRE
from cardlaw.engine.files import folder, read_bytes, write_file
from cardlaw.engine.registry import get_game
from cardlaw.spec.cards import Card
from cardlaw.spec.divided_ranks.constants import PACK_MASK
from cardlaw.spec.euchre.constants import EUCHRE_DECK
from cardlaw.spec.split.cards import NumberCard

__all__ = ["PYODIDE_VERSION", "panel_config", "pyodide_dir", "runtime_found", "setup"]

PYODIDE_VERSION: Final = "0.29.5"
"""The pinned ``pyodide`` npm package (Python 3.13.2 in the page); ``.ci/run`` reads it here."""

RUNTIME: Final = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
"""The core runtime's files the page needs (``pyodide-lock.json`` is passed inline)."""

ROOT: Final = Path(__file__).resolve().parents[2]
PACKED: Final = ("spec", "engine", "cardlaw/answers")
"""The project's folders packed for the page (with ``cardlaw/__init__.py``)."""

OUT: Final = "cardlaw-ask"
"""The folder under ``_static`` of the built site that holds the runtime and the archive."""

SUITS: Final = {"C": ("♣", "black"), "D": ("♦", "red"), "H": ("♥", "red"), "S": ("♠", "black")}


def pyodide_dir() -> Path:
    """Where the runtime is unpacked: ``CARDLAW_PYODIDE_DIR``, else the user's cache folder.

    >>> pyodide_dir().name == f"pyodide-{PYODIDE_VERSION}" or "CARDLAW_PYODIDE_DIR" in os.environ
    True
    """
    given = os.environ.get("CARDLAW_PYODIDE_DIR")
    if given:
        return Path(given)
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "cardlaw" / f"pyodide-{PYODIDE_VERSION}"


def runtime_found() -> Path | None:
    """The runtime's folder when it holds the pinned version's core files, else ``None``."""
    where = pyodide_dir()
    try:
        version = json.loads(read_bytes(where / "package.json")).get("version")
    except (OSError, ValueError):
        return None
    if version != PYODIDE_VERSION or not all((where / name).is_file() for name in RUNTIME):
        return None
    return where


def _card(code: str) -> dict[str, str]:
    if code == "JK":
        return {"code": code, "label": "Joker", "color": "joker"}
    symbol, color = SUITS[code[-1]]
    return {"code": code, "label": code[:-1] + symbol, "color": color}


def _deck(mask: int) -> list[dict[str, str]]:
    """The cards of ``mask`` as buttons, a suit after another (the Joker last)."""
    cards = [Card(i) for i in range(53) if mask >> i & 1]
    cards.sort(key=lambda card: (card.is_joker, 0 if card.is_joker else card.suit, int(card)))
    return [_card(str(card)) for card in cards]


def _numbers() -> list[dict[str, str]]:
    cards = []
    for i in range(101):
        wild = NumberCard(str(i)).is_wild
        cards.append({"code": str(i), "label": str(i), "color": "wild" if wild else "number"})
    return cards


def _choice(key: str, label: str, values: list[tuple[str, str]]) -> dict[str, Any]:
    return {"key": key, "kind": "choice", "label": label, "values": values}


def _cards(key: str, label: str, most: int, joined: str = "list") -> dict[str, Any]:
    return {"key": key, "kind": "cards", "label": label, "most": most, "as": joined}


def _dispute(hand: int, trick: int) -> list[dict[str, Any]]:
    """The cards of "may this card be played here": the hand, the trick so far, the card."""
    return [
        _cards("hand", "The hand (every card held)", hand, "text"),
        _cards("trick", "The trick so far (none: a lead)", trick, "text"),
        _cards("card", "The card in dispute", 1, "one"),
    ]


RANKS: Final = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def panel_config(game: str) -> dict[str, Any]:
    """The panel's questions for ``game``: their fields and the card buttons (JSON for the page).

    Every question is one of :data:`~cardlaw.answers.page.QUESTIONS`; the
    JavaScript draws the fields and sends what was tapped, keyed as here.

    >>> [q["question"] for q in panel_config("divide")["questions"]]
    ['trick', 'play', 'token']
    """
    seats = [(str(s), f"seat {s}") for s in range(5)]
    if game == "divide":
        rules = DIVIDE.config().rules
        deck = _deck((1 << 52) - 1)
        questions = [
            {
                "question": "trick",
                "title": "Who wins this trick?",
                "fields": [
                    _cards("cards", "The trick, in play order", 5),
                    _choice("trump", "Trump Rank", [(r, r) for r in RANKS]),
                    _choice("leader", "Leader", seats),
                ],
            },
            {
                "question": "play",
                "title": "May this card be played here?",
                "fields": [
                    *_dispute(rules.hand_size, 4),
                    _choice("trump", "Trump Rank", [(r, r) for r in RANKS]),
                    _choice(
                        "own_suit",
                        "Trump Rank cards follow",
                        [("", "their printed suit"), ("1", "a suit of their own (house rule)")],
                    ),
                ],
            },
            {
                "question": "token",
                "title": "What token does this trick earn?",
                "fields": [
                    _cards("card", "The winning card", 1, "one"),
                    {
                        "key": "stacks",
                        "kind": "text",
                        "label": "Tokens left: clubs, diamonds, hearts, spades",
                        "placeholder": ",".join([str(rules.suit_tokens)] * 4),
                    },
                    _choice(
                        "bonus",
                        "Bonus tokens left",
                        [("", "all")] + [(str(n), str(n)) for n in range(rules.bonus_tokens + 1)],
                    ),
                ],
            },
        ]
    elif game == "euchre":
        deck = _deck(EUCHRE_DECK)
        questions = [
            {
                "question": "trick",
                "title": "Who wins this trick?",
                "fields": [
                    _cards("cards", "The trick, in play order", 4),
                    _choice("trump", "Trump suit", [(s, SUITS[s][0]) for s in "CDHS"]),
                    _choice("leader", "Leader", seats[:4]),
                    _choice("alone_seat", "Went alone", [("", "nobody"), *seats[:4]]),
                ],
            },
            {
                "question": "play",
                "title": "May this card be played here?",
                "fields": [
                    *_dispute(EUCHRE.config().rules.cards_each, 3),
                    _choice("trump", "Trump suit", [(s, SUITS[s][0]) for s in "CDHS"]),
                    _choice("alone", "Went alone", [("", "nobody"), ("1", "a maker")]),
                ],
            },
        ]
    elif game == "divided-ranks":
        deck = _deck(PACK_MASK)
        questions = [
            {
                "question": "compare",
                "title": "Which hand wins?",
                "fields": [
                    _cards("first", "First hand", 5, "text"),
                    _cards("second", "Second hand", 5, "text"),
                ],
            },
            {
                "question": "arrange",
                "title": "The best way to split ten cards",
                "fields": [_cards("cards", "Ten cards", 10, "text")],
            },
            {
                "question": "split",
                "title": "Is this split legal?",
                "fields": [
                    _cards("drawn", "The four cards drawn", 4, "text"),
                    _cards("up", "Laid face up", 2, "text"),
                    _cards("down", "Laid face down", 2, "text"),
                    _cards("hand", "The splitter's hand before (if any)", 8, "text"),
                ],
            },
        ]
    else:
        deck = _numbers()
        questions = [
            {
                "question": "play",
                "title": "Can these cards go on the piles?",
                "fields": [
                    _cards("left", "Left pile", 1, "one"),
                    _cards("right", "Right pile", 1, "one"),
                    _cards("hand", "The hand", 20, "text"),
                    _cards("middle", "Card in the middle (if any)", 1, "one"),
                    _choice("cooperative", "Game", [("", "competitive"), ("1", "cooperative")]),
                ],
            }
        ]
    for question in questions:
        assert (game, question["question"]) in QUESTIONS  # the page asks only what it can
    return {"game": game, "deck": deck, "questions": questions}


class AskDirective(SphinxDirective):
    """``cardlaw-ask GAME``: the "Ask the judge" panel for a game's questions."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = get_game(self.arguments[0])
        self.env.metadata[self.env.docname]["cardlaw-ask"] = game.name
        node = ask_panel(game=game.name)
        node.source, node.line = self.get_source_info()
        return [node]


class ask_panel(nodes.General, nodes.Element):  # noqa: N801  (a docutils node)
    """The panel: filled in when the page is written (the clause links need every page read)."""


def _clause_links(app: Sphinx, docname: str, game: str) -> dict[str, str]:
    std = app.env.get_domain("std")
    labels: dict[str, tuple[str, str]] = getattr(std, "anonlabels", {})
    links = {}
    for clause in get_game(game).rulebook:
        found = labels.get(clause.id)
        if found:
            target, anchor = found[0], found[1]
            links[clause.id] = app.builder.get_relative_uri(docname, target) + "#" + anchor
    return links


def _resolve(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    for node in list(doctree.findall(ask_panel)):
        game = node["game"]
        config = panel_config(game)
        config["clauses"] = _clause_links(app, docname, game)
        config["available"] = runtime_found() is not None
        data = html.escape(json.dumps(config, ensure_ascii=False), quote=True)
        title = get_game(game).rulebook.title
        status = (
            "The judge runs in this page: nothing is sent anywhere."
            if config["available"]
            else "The judge is unavailable in this copy of the rulebook: it was built without "
            f"the Pyodide runtime (npm package pyodide {PYODIDE_VERSION}; .ci/run installs it)."
        )
        button = (
            '<button type="button" class="cardlaw-ask-open">Open the judge</button>'
            if config["available"]
            else ""
        )
        raw = (
            f'<section class="cardlaw-ask" data-config="{data}" aria-label="Ask the judge">'
            f'<p class="cardlaw-ask-title">Ask the judge: {html.escape(title)}</p>'
            f'<p class="cardlaw-ask-status">{html.escape(status)}</p>{button}</section>'
        )
        node.replace_self(nodes.raw("", raw, format="html"))


def _outdated(
    app: Sphinx, env: Any, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """The pages with a panel, when the runtime came or went since the last build."""
    now = runtime_found() is not None
    before = getattr(env, "cardlaw_ask_available", now)
    env.cardlaw_ask_available = now
    if before == now:
        return []
    return [name for name, meta in env.metadata.items() if "cardlaw-ask" in meta]


def _page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if doctree is None or "cardlaw-ask" not in app.env.metadata.get(pagename, {}):
        return
    app.add_css_file("cardlaw-ask.css")
    app.add_js_file("cardlaw-ask.js")


def _sources() -> list[tuple[str, Path]]:
    """The project's files packed for the page: (name in the archive, path), in order."""
    files = [("cardlaw/__init__.py", ROOT / "cardlaw" / "__init__.py")]
    for top in PACKED:
        for path in sorted((ROOT / top).rglob("*.py")):
            files.append((path.relative_to(ROOT).as_posix(), path))
    return files


def source_archive(files: list[tuple[str, bytes]]) -> bytes:
    """A zip of ``files`` (name, content), the same bytes for the same files."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def wrapped(name: str, data: bytes) -> bytes:
    """``data`` as a script that hands it to the page: ``cardlawAskAsset(name, base64(gzip))``."""
    packed = base64.b64encode(gzip.compress(data, compresslevel=6, mtime=0)).decode("ascii")
    return f"cardlawAskAsset({json.dumps(name)}, {json.dumps(packed)});\n".encode()


def _write_assets(app: Sphinx, error: Exception | None) -> None:
    if error is not None or app.builder.format != "html":
        return
    runtime = runtime_found()
    out = Path(app.outdir) / "_static" / OUT
    if runtime is None:
        return
    sources = [(name, read_bytes(path)) for name, path in _sources()]
    digest = hashlib.sha256(PYODIDE_VERSION.encode())
    for name, data in sources:
        digest.update(name.encode() + b"\0" + data)
    stamp = out / "stamp.txt"
    key = digest.hexdigest() + "\n"
    if stamp.is_file() and read_bytes(stamp).decode() == key:
        return
    folder(out)
    for name in ("pyodide.js", "pyodide.asm.js"):
        write_file(out / name, read_bytes(runtime / name))
    for name in ("pyodide.asm.wasm", "python_stdlib.zip"):
        write_file(out / f"{name}.js", wrapped(name, read_bytes(runtime / name)))
    lock = read_bytes(runtime / "pyodide-lock.json")
    write_file(out / "pyodide-lock.json.js", wrapped("pyodide-lock.json", lock))
    write_file(out / "cardlaw-src.zip.js", wrapped("cardlaw-src.zip", source_archive(sources)))
    write_file(stamp, key.encode())


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the panel's directive and node, and write the runtime beside the pages."""
    app.add_directive("cardlaw-ask", AskDirective)
    app.add_node(ask_panel)
    app.connect("env-get-outdated", _outdated)
    app.connect("doctree-resolved", _resolve)
    app.connect("html-page-context", _page)
    app.connect("build-finished", _write_assets)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
