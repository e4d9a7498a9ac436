"""What ``cardlaw games`` reports: every game's players, variants, bots and ask topics.

The games and their order are the registry's (:data:`engine.registry.GAMES`);
the player counts and variants come from each game's manifest (its spec's
``PLAYER_COUNTS`` and ``VARIANTS``), the bots from :func:`cardlaw.bots.bot_names`,
the ask topics from the command line itself (the commands under ``cardlaw
ask GAME``).

>>> [game["name"] for game in describe_games()]
['divide', 'divided-ranks', 'split', 'euchre']
>>> euchre = describe_games()[-1]
>>> euchre["players"], euchre["variants"][0]["clause"]
([4], 'euchre.ruling.all-pass')
>>> counts_text((2, 3, 4, 5, 6)), counts_text((4, 5)), counts_text((2,)), counts_text((2, 4, 6))
('2 to 6', '4 or 5', '2', '2, 4, 6')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypedDict

import click

from cardlaw.engine.api import AnyGame
from cardlaw.engine.game import RulesGame
from cardlaw.engine.registry import GAMES
from cardlaw.spec.parameters import Parameter, parameters
from cardlaw.spec.variants import Variant, option_text

__all__ = [
    "GameJSON",
    "TopicJSON",
    "VariantJSON",
    "counts_text",
    "declared_variants",
    "describe_games",
    "games_text",
    "rule_parameters",
]


class VariantJSON(TypedDict):
    """A variant as ``cardlaw games --json`` lists it."""

    name: str
    options: dict[str, object]
    clause: str
    clause_title: str
    summary: str
    players: list[int]


class TopicJSON(TypedDict):
    """A topic of ``cardlaw ask GAME``: its name and summary."""

    name: str
    summary: str


class GameJSON(TypedDict):
    """A game as ``cardlaw games --json`` lists it (:func:`describe_games`)."""

    name: str
    title: str
    players: list[int]
    variants: list[VariantJSON]
    parameters: list[dict[str, object]]
    bots: list[str]
    ask: list[TopicJSON]


def counts_text(counts: Sequence[int]) -> str:
    """Player counts the way a reader says them: ``4 or 5``, ``2 to 6``."""
    if len(counts) == 2:
        return f"{counts[0]} or {counts[1]}"
    if len(counts) > 2 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]} to {counts[-1]}"
    return ", ".join(map(str, counts))


def _json_value(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def declared_variants(game: AnyGame) -> tuple[Variant, ...]:
    """The variants ``game`` declares in its manifest, with their clauses and summaries.

    The Game API itself gives only each variant's options (``game.variants``);
    a game not built from a manifest (:class:`~engine.game.RulesGame`) lists none.
    """
    return game.manifest.variants if isinstance(game, RulesGame) else ()


def rule_parameters(game: AnyGame) -> tuple[Parameter, ...]:
    """The rule parameters a designer may change in ``game`` (``--set NAME=VALUE``).

    They are the fields of the rules its default configuration carries
    (``config.rules``, :mod:`spec.parameters`); a game without one has none.

    >>> [p.name for p in rule_parameters(GAMES["divide"])][:2]
    ['CARDS_DEALT', 'SECURE_SIZE']
    """
    rules = getattr(game.config(), "rules", None)
    return () if rules is None else parameters(rules)


def _variant(game: AnyGame, variant: Variant, counts: Sequence[int]) -> VariantJSON:
    clause = game.rulebook[variant.clause]
    return {
        "name": variant.name,
        "options": {k: _json_value(v) for k, v in variant.options.items()},
        "clause": variant.clause,
        "clause_title": clause.title,
        "summary": variant.summary,
        "players": list(variant.players or counts),
    }


def _topics(ask: click.Command | None, name: str) -> list[TopicJSON]:
    """The commands under ``cardlaw ask NAME`` in the click tree ``ask``, with their summaries."""
    if not isinstance(ask, click.Group):
        return []
    group = ask.get_command(click.Context(ask), name)
    if not isinstance(group, click.Group):
        return []
    ctx = click.Context(group)
    commands = [(topic, group.get_command(ctx, topic)) for topic in group.list_commands(ctx)]
    return [
        {"name": topic, "summary": command.get_short_help_str(limit=200)}
        for topic, command in commands
        if command is not None
    ]


def describe_games(ask: click.Command | None = None) -> list[GameJSON]:
    """Every game as JSON: name, title, players, variants, bots and (given ``ask``) topics.

    ``ask`` is the click command of ``cardlaw ask``; without it the topics are empty.
    """
    from cardlaw.bots import bot_names  # noqa: PLC0415  (deferred for start-up: loads every game)

    games: list[GameJSON] = []
    for name, game in GAMES.items():
        counts = game.player_counts
        games.append(
            {
                "name": name,
                "title": game.rulebook.title,
                "players": list(counts),
                "variants": [_variant(game, v, counts) for v in declared_variants(game)],
                "parameters": [p.to_json() for p in rule_parameters(game)],
                "bots": list(bot_names(game)),
                "ask": _topics(ask, name),
            }
        )
    return games


def games_text(games: Sequence[GameJSON]) -> Iterator[str]:
    """The readable form of :func:`describe_games`, a few lines per game."""
    for number, game in enumerate(games):
        if number:
            yield ""
        yield f"{game['name']}: {game['title']}, {counts_text(game['players'])} players"
        yield f"  bots: {', '.join(game['bots'])}"
        if game["ask"]:
            topics = ", ".join(topic["name"] for topic in game["ask"])
            yield f"  ask: {topics} (cardlaw ask {game['name']} TOPIC --help)"
        if game["parameters"]:
            yield "  rule parameters (--set NAME=VALUE):"
            for p in game["parameters"]:
                yield (
                    f"    {p['name']}={p['default']}  ({p['low']} to {p['high']})  "
                    f"{p['summary']}  [{p['clause']}]"
                )
        if not game["variants"]:
            yield "  variants: none"
            continue
        yield "  variants:"
        for variant in game["variants"]:
            players = ""
            if variant["players"] != game["players"]:
                players = f", {counts_text(variant['players'])} players"
            options = option_text(variant["options"])
            yield f"    {variant['name']}  {options}{players}  [{variant['clause']}]"
            yield f"      {variant['summary']}"
