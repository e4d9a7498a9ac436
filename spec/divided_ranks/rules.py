"""Divided Ranks' rulebook: every rule as a clause, in our own words, with rulings.

The source is ``divided-ranks.txt``.  Clause ids are stable: records,
errors, bots and tests cite them.
"""

from __future__ import annotations

from cardlaw.spec.clauses import Phase, definition, rule, ruling
from cardlaw.spec.divided_ranks.guide import GUIDE
from cardlaw.spec.divided_ranks.sources import SOURCES
from cardlaw.spec.rulebooks import game_rulebook

__all__ = ["RULEBOOK"]

_CLAUSES = (
    # Cards
    definition(
        "divided-ranks.cards.pack",
        "The pack",
        "Twenty-one cards: the Ten, Jack, Queen, King and Ace of each of the four suits, and a "
        "single Joker.",
        phase="cards",
    ),
    # Setting up
    rule(
        "divided-ranks.setup.players",
        "Players",
        "Exactly two people play.",
        phase="setup",
    ),
    rule(
        "divided-ranks.setup.shuffle",
        "Shuffle",
        "The pack is shuffled so that every order of the 21 cards is equally likely.",
        phase="setup",
    ),
    rule(
        "divided-ranks.setup.reserve",
        "Reserve and stock",
        "The top card of the shuffled pack is set aside face down as the reserve; nobody may "
        "look at it. The twenty cards under it form the stock, which stays face down in order.",
        phase="setup",
    ),
    ruling(
        "divided-ranks.ruling.first-splitter",
        "Who splits first",
        question="The splitter alternates from round to round, but who splits in the first round?",
        decision="Chance: each player splits first with probability 1/2, recorded as the first "
        "action of the game. The first splitter splits rounds 1, 3 and 5, the other player "
        "rounds 2 and 4.",
        alternative="Let the players agree, recorded as a choice; or give the first split to "
        "a fixed seat.",
        phase="setup",
    ),
    # Order of play
    rule(
        "divided-ranks.play.phases",
        "Order of play",
        "A game runs through its phases in order: who splits first, the shuffle, five rounds "
        "of splitting and choosing, the two reserve turns, the two builds and the scoring. At "
        "each moment exactly one player, or chance, has to act, and only that act is allowed.",
        phase="play",
    ),
    # The draft
    rule(
        "divided-ranks.draft.rounds",
        "Five rounds, alternating splitter",
        "The draft has five rounds. Each round one player is the splitter and the other the "
        "chooser, and the roles swap every round, so one player splits three times and the "
        "other twice.",
        phase="draft",
    ),
    rule(
        "divided-ranks.draft.split",
        "Splitting four cards",
        "The splitter draws the top four cards of the stock, looks at all of them and divides "
        "them into two pairs, laying one pair face up and the other face down.",
        phase="draft",
    ),
    rule(
        "divided-ranks.draft.choose",
        "Choosing a pair",
        "The chooser adds one of the two pairs to their hand: the face-up pair, or the "
        "face-down pair without looking at it first. The splitter adds the pair that is left "
        "to their own hand.",
        phase="draft",
    ),
    rule(
        "divided-ranks.draft.end",
        "After the draft",
        "When five rounds have been played the stock is empty and each player holds ten cards.",
        phase="draft",
    ),
    # The reserve
    rule(
        "divided-ranks.reserve.turns",
        "One reserve turn each",
        "After the draft each player takes one reserve turn, one after the other: they either "
        "keep their ten cards as they are or exchange exactly one of them for the reserve.",
        phase="reserve",
    ),
    rule(
        "divided-ranks.reserve.order",
        "Who goes first",
        "The player who split only two rounds takes the first reserve turn, and the player who "
        "split three rounds takes the second.",
        phase="reserve",
    ),
    rule(
        "divided-ranks.reserve.blind",
        "A blind exchange",
        "To exchange, a player picks a card of their own to give up and takes the reserve "
        "without seeing it beforehand; the card given up goes face down and is the reserve "
        "from then on. So the second player exchanges with whatever card the first player "
        "left there.",
        phase="reserve",
    ),
    ruling(
        "divided-ranks.ruling.equal-splits",
        "Equal splits (an even number of rounds)",
        question="With an even ROUNDS (a designer's override, such as ten rounds of single "
        "cards), both players split as many rounds: who takes the first reserve turn, which "
        "goes to the player who split fewer?",
        decision="The player who did not split first, the same seat as under the printed rules. "
        "The obligation that the first reserve player split fewer rounds "
        "(divided-ranks.draft.three-and-two) is then refuted, with a draft as its witness.",
        alternative="Let a coin decide, as in the coin-flip-reserve variant; or give the first "
        "turn to the player who split first.",
        phase="reserve",
    ),
    ruling(
        "divided-ranks.ruling.no-reserve-turns",
        "Other numbers of reserve turns",
        question="With RESERVE_TURNS other than two (a designer's override), who takes which "
        "turn, and what happens with none?",
        decision="The turns alternate, starting with the player who goes first at the reserve, "
        "until RESERVE_TURNS have been taken; each is a keep or an exchange of one card. With "
        "none, the builds follow the draft at once, and the player who would have gone first "
        "at the reserve builds first.",
        alternative="Give each player RESERVE_TURNS turns; or, with none, leave the reserve "
        "out of the game.",
        phase="reserve",
    ),
    ruling(
        "divided-ranks.ruling.blind-swap-view",
        "What the opponent sees of a blind exchange",
        question="When a player exchanges blind, what may the opponent see?",
        decision="Only that an exchange happened. The opponent sees neither the card given up "
        "(it goes face down) nor the card taken. The player who exchanged knows both, so after "
        "their own exchange a player always knows what the reserve is.",
        alternative="Show both players the card given up before it goes face down. That is "
        "most of what the face-up-swap variant does.",
        phase="reserve",
    ),
    # Building
    rule(
        "divided-ranks.build.two-hands",
        "Two hands of five",
        "Each player divides their ten cards into two hands of five cards, using every card.",
        phase="build",
    ),
    rule(
        "divided-ranks.build.secret",
        "Secret builds, shown together",
        "Players build in secret; neither sees the other's build until both have built, and "
        "then both builds are shown.",
        phase="build",
    ),
    ruling(
        "divided-ranks.ruling.build-order",
        "Recording two secret builds",
        question="Both players build at the same time, in secret. In what order does a game "
        "record take the two builds?",
        decision="As hidden turns: the player who took the first reserve turn builds first, and "
        "the second builder cannot see that build. Both are shown when the second build is "
        "made.",
        alternative="Record the two builds as one joint action.",
        phase="build",
    ),
    rule(
        "divided-ranks.build.weaker-stronger",
        "Weaker and stronger hand",
        "A player's lower hand under the hand ranking is their weaker hand and the other their "
        "stronger hand. If both hands are equal, it does not matter which is called which.",
        phase="build",
    ),
    ruling(
        "divided-ranks.ruling.best-build",
        "Is there exactly one best build?",
        question="The document says that of the 126 ways to divide ten cards exactly one is "
        "best. Is that true?",
        decision="Not literally. Checked over all 352,716 holdings: 203,226 have exactly one best "
        "build and 149,490 have several that tie (2, 3, 4, 12 or 16 of them); holding two of "
        "every rank, such as 10S 10H JS JH QS QH KC KD AC AD, there are 16 ways to make two "
        "straights. What is true is that the best result is unique and that builds tying for "
        "it always differ only by exchanging cards of equal rank between the two hands: the "
        "ranks of the best weaker and stronger hands are determined by the holding. cardlaw's "
        "auto-arrange returns every best build and suggests the first. Proofs: auto-arrange "
        "never returns a build that another build beats (divided-ranks.build.arrange-optimal); "
        "ties differ only by equal-rank exchanges (divided-ranks.build.best-result-unique); "
        "the literal claim is refuted by divided-ranks.build.exactly-one-best.",
        alternative="Call builds that differ only by exchanging cards of equal rank the same "
        "build; under that reading the claim holds for every holding.",
        phase="build",
    ),
    # Hand rankings
    rule(
        "divided-ranks.hands.categories",
        "The seven categories",
        "Hands rank by category, strongest first: royal flush (Ten to Ace of one suit), four "
        "of a kind, full house (three of one rank with two of another), straight (Ten to Ace, "
        "not all one suit), three of a kind, two pair, and one pair.",
        phase="hands",
    ),
    rule(
        "divided-ranks.hands.no-high-card",
        "No flush, no high card",
        "With five ranks in the pack, five cards of different ranks hold every rank and are a "
        "straight, and five cards of one suit are that whole suit and are a royal flush. So no "
        "hand is a plain flush or a mere high card.",
        phase="hands",
    ),
    rule(
        "divided-ranks.hands.joker-wild",
        "The Joker in a straight",
        "The Joker is wild only to complete a straight or a royal flush: with four cards of "
        "different ranks it stands for the missing rank.",
        phase="hands",
    ),
    rule(
        "divided-ranks.hands.joker-low",
        "The Joker elsewhere",
        "In any other hand the Joker counts as a card below the Ten that matches nothing: it "
        "never helps to make a pair, two pair, three or four of a kind, or a full house.",
        phase="hands",
    ),
    rule(
        "divided-ranks.hands.joker-tiebreak",
        "The Joker loses ties",
        "Of two hands that are equal in every other respect, the one without the Joker is the "
        "stronger.",
        phase="hands",
    ),
    ruling(
        "divided-ranks.ruling.card-for-card",
        "Comparing hands card for card",
        question="Hands of one category are compared card for card, but in what order are "
        "the cards lined up?",
        decision="As in poker: a hand's cards are grouped by how many of their rank it holds, "
        "bigger groups first and the higher rank first among equal groups (Ace high, Ten low), "
        "with a non-wild Joker last, below the Ten. Two hands are compared position by "
        "position and the first difference decides; a wild Joker takes the rank it stands for, "
        "and the Joker rule settles what is still equal. Suits never count. So Kings full of "
        "Tens beat Queens full of Aces, and two pair Aces and Tens beat Kings and Queens.",
        alternative="Line the cards up by rank alone, highest first, whatever the groups: then "
        "Queens full of Aces would beat Kings full of Tens.",
        phase="hands",
    ),
    # Scoring
    rule(
        "divided-ranks.score.order",
        "Four steps",
        "The two builds are compared step by step, stopping at the first step that differs: "
        "first the categories of the weaker hands, then the categories of the stronger hands, "
        "then the weaker hands in full, then the stronger hands in full.",
        phase="scoring",
    ),
    rule(
        "divided-ranks.score.loser",
        "The lower build loses",
        "The player whose build comes out lower at the deciding step loses the game and the "
        "other player wins it.",
        phase="scoring",
    ),
    ruling(
        "divided-ranks.ruling.goal-and-scoring",
        "The Goal and the Scoring",
        question="The Goal says that whoever holds the single weakest hand at the table loses, "
        "but the Scoring compares both hands' categories before the weaker hands in full, so "
        "the player with the weakest hand can win: which one decides?",
        decision="The Scoring decides; the Goal is a summary of it. When both weaker hands are "
        "of one category, the stronger hands' categories come next, and the player whose "
        "weaker hand is the weakest at the table still wins with the better stronger category. "
        "Proved to happen by divided-ranks.score.weakest-hand-loses (refuted, with its builds).",
        alternative="Let the Goal decide: compare the weaker hands in full first, then the "
        "stronger hands, so the weakest hand always loses.",
        phase="scoring",
    ),
    rule(
        "divided-ranks.score.draw",
        "Draws",
        "If the builds are equal at all four steps the game is drawn.",
        phase="scoring",
    ),
    # What players know
    rule(
        "divided-ranks.info.hidden",
        "Who sees which cards",
        "A player sees their own hand, every face-up pair and all four cards of each split "
        "they make. A face-down pair is seen by the splitter who laid it and, once they take "
        "it, by the chooser; otherwise it stays unseen. Nobody sees the reserve except by "
        "taking it or giving it.",
        phase="knowledge",
    ),
    rule(
        "divided-ranks.info.ledger",
        "The ledger",
        "Each player is told which of their own cards the opponent has watched arrive; which "
        "of the opponent's cards they have seen and how many they have not; and every card "
        "they cannot place, with the places it could be.",
        phase="knowledge",
    ),
    rule(
        "divided-ranks.info.candidates",
        "Candidates for the opponent's hand",
        "Once the stock is spent, every card outside a player's hand is either in the "
        "opponent's hand or the reserve: eleven cards. A player who took the face-up pair u "
        "times when choosing (0 to 3) has seen all but 2u of the opponent's ten cards, so the "
        "reserve is one of the 2u + 1 cards they cannot place, each as likely as the others, "
        "and they are shown those odds. The candidates for the opponent's hand are the eleven, "
        "except in one case: a player who took the face-down pair every "
        "time they chose (u = 0) has seen all ten of the opponent's cards, so the candidates "
        "are exactly those ten and the eleventh card is known to be the reserve. Proved over "
        "every draft, played through the engine, by divided-ranks.info.candidates; the "
        "document's 'eleven and no further' is refuted by divided-ranks.info.eleven-candidates.",
        phase="knowledge",
    ),
    ruling(
        "divided-ranks.ruling.swap-odds",
        "Exact odds of a blind exchange",
        question="The odds of a blind exchange are shown as exact, but exact under what "
        "assumption, when the reserve may be a card the opponent chose to throw away?",
        decision="Under the shuffle alone: every card a player cannot place is equally likely "
        "to be the reserve, and a card the opponent gave up unseen is taken to be any card "
        "they held with equal chance. The odds are exact fractions under that model and read "
        "nothing into the opponent's choices.",
        alternative="Model the opponent's play, for example by assuming they give up their "
        "least useful card; or show no odds once the reserve is a card somebody chose.",
        phase="knowledge",
    ),
    # Variants
    rule(
        "divided-ranks.variant.face-up-swap",
        "Variant: face-up exchanges",
        "In the face-up-swap variant every reserve exchange is made in the open: both players "
        "see the card given up and the card taken. The first player still takes the reserve "
        "unseen, but once they have exchanged, the second player knows exactly what is on "
        "offer.",
        phase="variants",
    ),
    rule(
        "divided-ranks.variant.coin-flip-reserve",
        "Variant: coin-flip reserve order",
        "In the coin-flip-reserve variant a fair coin, rather than the split count, decides "
        "who takes the first reserve turn. The designer's measurements used it, so that the "
        "split count and the reserve order could be told apart.",
        phase="variants",
    ),
    rule(
        "divided-ranks.end.reveal",
        "The end",
        "When both players have built, the builds are shown and scored, and the game is over.",
        phase="scoring",
    ),
)

RULEBOOK = game_rulebook(
    "divided-ranks",
    "Divided Ranks",
    _CLAUSES,
    Phase("cards", "Cards"),
    Phase("setup", "Setting up"),
    Phase("play", "Order of play"),
    Phase("draft", "The draft", "five rounds: split, choose", step=True),
    Phase("reserve", "The reserve", "one turn each", step=True),
    Phase("build", "Building", "two hands of five, in secret", step=True),
    Phase("hands", "Hand rankings"),
    Phase("scoring", "Scoring", "the lower build loses", step=True),
    Phase("knowledge", "What players know"),
    Phase("variants", "Variants"),
    sources=SOURCES,
    guide=GUIDE,
)
"""Divided Ranks' clauses and rulings."""
