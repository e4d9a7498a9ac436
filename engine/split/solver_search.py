"""The cooperative solver's search: one depth-first search over the plays, and its memory.

:mod:`engine.split.solver` runs it (and describes what it does); this module
is its inner loop, written for speed: a position is a list of hands (int
masks, changed in place and restored), the held cards, the piles as
``lo < hi`` and the aids; a remembered position is an ``int``.

A step of the search is one turn: the seat to play puts a card (or an aid)
in the middle, and the next seat puts it on one pile, so every position the
search visits is one where a seat is about to play onto two piles.

>>> labels = [0] * 101
>>> labels[5], labels[9], labels[10] = 1, 2, 2 | 8  # seat 0's 5; seat 1's 9 and wild 10
>>> hex(Search(3, labels).code_of(1 << 5 | 1 << 9 | 1 << 10))
'0xa21'
"""

from __future__ import annotations

from typing import Final

from cardlaw.spec.split.cards import STANDARD_MASK, WILD_MASK

__all__ = ["AID", "MODES", "Limit", "Search", "Step"]

_LOW: Final[tuple[int, ...]] = tuple((1 << n) - 1 for n in range(102))
"""``_LOW[n]``: the cards below ``n``."""

_NIBBLES: Final[tuple[int, ...]] = tuple((1 << 4 * n) - 1 for n in range(102))
"""``_NIBBLES[n]``: the labels of the ``n`` lowest held cards in a code."""

_STD: Final = STANDARD_MASK
_WILD: Final = WILD_MASK

AID: Final = 512
"""Added to an option (``card << 1 | side``) that plays an aid rather than a card from hand."""

MODES: Final = 3
"""How many orders of the plays the search knows (:attr:`Search.mode`, :meth:`Search.options`):
0, nearest a pile first, each card onto the side that keeps more held cards
between the piles first; 1, every play onto the low pile first, then onto the
high pile (each nearest a pile first); 2, onto the high pile first.  Wild cards
and aids come last in every order."""

Step = tuple[int, int, int, int]
"""One step of a line: (seat that plays or -1, option played, seat that moves it or -1, side).

``side`` is 0 for the low pile and 1 for the high pile; the option is
``card << 1 | side``, plus :data:`AID` for an aid.
"""


class Limit(Exception):
    """The search reached its budget of positions."""


class Search:
    """A depth-first search for a winning line, with its memory of lost positions.

    ``labels[card]`` is the card's owner plus one, plus 8 for a wild card: what
    a held card is, apart from its number.  The memory outlives one search:
    :mod:`engine.split.solver` runs several (in different orders) with one
    memory, since a position shown lost stays lost.
    """

    def __init__(self, players: int, labels: list[int]) -> None:
        """A search for a table of ``players`` whose held cards are labelled ``labels``."""
        self.players = players
        self.reverses = players > 2
        self.labels = labels
        self.limit = 1 << 62
        self.mode = 0
        self.seats = players
        self.explored = 0
        self.lost: dict[int, list[tuple[int, int, int]]] = {}
        self.openings_lost: set[tuple[object, ...]] = set()
        """The open tables shown lost, by what their outcome depends on (not the draw pile)."""
        self.path: list[Step] = []

    def code_of(self, held: int) -> int:
        """The labels of the held cards, four bits each, the lowest card's in the lowest bits."""
        code = 0
        labels = self.labels
        card = held.bit_length() - 1
        while card >= 0:
            if held >> card & 1:
                code = code << 4 | labels[card]
            card -= 1
        return code

    def counted(self) -> None:
        """Count one position searched; past the budget, stop the search."""
        self.explored += 1
        if self.explored > self.limit:
            raise Limit

    def remember(self, key: int, aids: int, bl: int, bh: int) -> None:
        """Remember a lost position, forgetting those it holds (they say less)."""
        known = self.lost.get(key)
        if known is None:
            self.lost[key] = [(aids, bl, bh)]
            return
        kept = [e for e in known if not (bl <= e[1] and e[2] <= bh and e[0] & aids == e[0])]
        kept.append((aids, bl, bh))
        self.lost[key] = kept

    def play(
        self,
        hands: list[int],
        held: int,
        code: int,
        lo: int,
        hi: int,
        actor: int,
        direction: int,
        aids: int,
    ) -> bool:
        """Whether the table can win with ``actor`` to play onto piles ``lo < hi``.

        ``held`` is every card in hand, ``code`` their labels (:meth:`code_of`),
        ``aids`` the aids left.  The position has no dead card (the caller
        checked).  On a win, :attr:`path` ends with the winning line.
        """
        bl = (held & _LOW[lo]).bit_count()
        bh = (held & _LOW[hi]).bit_count()
        key = code << 4 | actor << 1 | (direction < 0)
        known = self.lost.get(key)
        if known is not None:
            for a, low, high in known:
                if low <= bl and bh <= high and a & aids == aids:
                    return False
        self.explored += 1
        if self.explored > self.limit:
            raise Limit
        if not aids and not held & _WILD:
            if self.peel(hands, held, actor, direction):
                return True
            self.remember(key, aids, bl, bh)
            return False
        path = self.path
        players = self.players
        reverses = self.reverses
        labels = self.labels
        hand = hands[actor]
        standard = held & _STD
        wild = held & _WILD | aids
        seats_before = self.seats
        for option in self.options(hand, held, standard, wild, lo, hi, bl, bh, aids):
            card = option >> 1 & 127
            side = option & 1
            if option & AID:
                new_held = held
                new_code = code
                new_aids = aids ^ 1 << card
                played = hand
            else:
                played = hand ^ 1 << card
                new_held = held ^ 1 << card
                if not new_held:
                    path.append((actor, option, -1, -1))
                    return True
                r = (held & _LOW[card]).bit_count()
                new_code = code & _NIBBLES[r] | (code >> (4 * r + 4)) << (4 * r)
                new_aids = aids
            if side:
                new_lo, new_hi = (lo, card) if card > lo else (card, lo)
            else:
                new_lo, new_hi = (card, hi) if card < hi else (hi, card)
            turn = -direction if reverses and _WILD >> card & 1 else direction
            hands[actor] = played
            nxt = (actor + turn) % players
            while not hands[nxt]:
                nxt = (nxt + turn) % players
            seats = self.seats if played else self.seats - 1
            if seats <= 2:
                turn = 1  # with two seats or fewer holding cards the direction no longer matters
            self.seats = seats
            if not new_aids and not new_held & _WILD:
                # no wild card left: the next seat must play the lowest or the highest card
                owner = nxt + 1
                if (
                    labels[(new_held & -new_held).bit_length() - 1] != owner
                    and labels[new_held.bit_length() - 1] != owner
                ):
                    hands[actor] = hand
                    self.seats = seats_before
                    self.explored += 1
                    if self.explored > self.limit:
                        raise Limit
                    continue
            path.append((actor, option, nxt, side))
            if self.play(hands, new_held, new_code, new_lo, new_hi, nxt, turn, new_aids):
                hands[actor] = hand
                self.seats = seats_before
                return True
            path.pop()
            hands[actor] = hand
            self.seats = seats_before
        self.remember(key, aids, bl, bh)
        return False

    def options(
        self,
        hand: int,
        held: int,
        standard: int,
        wild: int,
        lo: int,
        hi: int,
        bl: int,
        bh: int,
        aids: int,
    ) -> list[int]:
        """The plays worth trying, best first, each ``card << 1 | side`` (plus :data:`AID`).

        Left out: a play after which some card can never be played again (it
        lies outside the piles with no wild card or aid beyond it), or whose
        hand would hold only wild cards; and a play that another leaves no
        better off (the same cards left, a gap holding its gap: a standard
        card put on the pile nearest it when a card of the same owner lies
        next to it, or a card whose placement leaves nothing between the piles).
        """
        labels = self.labels
        lowest = (standard & -standard).bit_length() - 1
        highest = standard.bit_length() - 1
        low_wild = (wild & -wild).bit_length() - 1
        high_wild = wild.bit_length() - 1
        # may a standard card go onto the low (high) pile with the lowest (highest) standard
        # card still held above (below) it? Only with a wild card or an aid beyond that card.
        low_free = low_wild < lowest
        high_free = high_wild > highest
        options: list[int] = []
        mode = self.mode
        playable = hand & _STD & _LOW[hi] & ~_LOW[lo + 1]
        while playable:
            low_bit = playable & -playable
            top = playable.bit_length() - 1
            card = low_bit.bit_length() - 1
            if hi - top < card - lo:  # nearest a pile first
                card = top
                playable ^= 1 << top
            else:
                playable ^= low_bit
            after = hand ^ 1 << card
            if after and not after & _STD:
                continue  # the hand would hold only wild cards
            label = labels[card]
            below = held & _LOW[card]
            r = below.bit_count()
            # onto the low pile (gap card..hi): no better than onto the high pile when the
            # card is the highest between the piles; no better than the next lower held
            # card onto the low pile when that card has the same label and fits too
            low_ok = (low_free or card == lowest) and (r < bh - 1 or r == bl)
            if low_ok and r > bl and labels[below.bit_length() - 1] == label:
                low_ok = False
            high_ok = (high_free or card == highest) and r > bl
            if high_ok and r + 1 < bh:
                above = held >> (card + 1)
                if labels[(above & -above).bit_length() + card] == label:
                    high_ok = False
            if bh - r - 1 < r - bl:  # more held cards between the piles onto the high pile
                if high_ok:
                    options.append(card << 1 | 1)
                if low_ok:
                    options.append(card << 1)
            else:
                if low_ok:
                    options.append(card << 1)
                if high_ok:
                    options.append(card << 1 | 1)
        if mode and len(options) > 1:  # one side first, each still nearest a pile first
            first = mode - 1
            options = [o for o in options if o & 1 == first] + [
                o for o in options if o & 1 != first
            ]
        if hand & (hand - 1) and hand & _STD:
            wilds = hand & _WILD
            while wilds:
                bit = wilds & -wilds
                wilds ^= bit
                card = bit.bit_length() - 1
                if not (hand ^ bit) & _STD:
                    continue
                if card < lo:
                    options.append(card << 1)
                elif card > hi:
                    options.append(card << 1 | 1)
                else:
                    rest = wild ^ bit
                    if rest:
                        rest_low = (rest & -rest).bit_length() - 1
                        rest_high = rest.bit_length() - 1
                    else:
                        rest_low, rest_high = 101, -1
                    if lowest > min(card, rest_low):
                        options.append(card << 1)
                    if highest < max(card, rest_high):
                        options.append(card << 1 | 1)
        if aids & 1:
            options.append(AID)
        if aids >> 100:
            options.append(AID | 100 << 1 | 1)
        return options

    def peel(self, hands: list[int], held: int, actor: int, direction: int) -> bool:
        """Decide a position with no wild card in any hand and no aid; extends ``path`` if won.

        The gap between the piles now only narrows: every card played but the
        last must be the lowest or the highest of all cards still held, and
        the next seat puts it on the pile on that side.  The cards left are
        then fixed by how many went from each end, so the search is over those
        and the seat to play.
        """
        return self.finish(hands, held, actor, direction, set())

    def finish(
        self, hands: list[int], rest: int, seat: int, direction: int, failed: set[int]
    ) -> bool:
        """:meth:`peel` with the cards ``rest`` still held and ``seat`` to play."""
        key = rest << 3 | seat
        if key in failed:
            return False
        self.counted()
        labels = self.labels
        owner = seat + 1
        low = rest & -rest
        players = self.players
        for card, side in ((low.bit_length() - 1, 0), (rest.bit_length() - 1, 1)):
            if labels[card] != owner or (side and rest == low):
                continue
            after = rest ^ 1 << card
            if not after:
                self.path.append((seat, card << 1, -1, -1))
                return True
            nxt = (seat + direction) % players
            while not hands[nxt] & after:
                nxt = (nxt + direction) % players
            self.path.append((seat, card << 1 | side, nxt, side))
            if self.finish(hands, after, nxt, direction, failed):
                return True
            self.path.pop()
        failed.add(key)
        return False
