"""Divide's rulebook: every rule as a clause, in our own words, with rulings.

The source is ``divide.txt``.  Clause ids are stable: records, errors, the
rulebook and the proofs cite them.
"""

from __future__ import annotations

from cardlaw.spec.clauses import Phase, definition, rule, ruling
from cardlaw.spec.divide.guide import GUIDE
from cardlaw.spec.divide.sources import SOURCES
from cardlaw.spec.rulebooks import game_rulebook

__all__ = ["RULEBOOK"]

_CLAUSES = (
    # Cards and components
    definition(
        "divide.components.deck",
        "The deck",
        "One standard deck of 52 cards: thirteen ranks in each of four suits, no Jokers.",
        phase="cards",
    ),
    definition(
        "divide.components.tokens",
        "Scoring tokens",
        "Each suit has a stack of three suit tokens worth 2 points each, twelve in all. "
        "Beside them lies one shared supply of five bonus tokens worth 5 points each.",
        phase="cards",
    ),
    definition(
        "divide.cards.rank-order",
        "Rank order",
        "Within a suit the Ace is highest, then the King, Queen and Jack, then 10 down to 2.",
        phase="cards",
    ),
    definition(
        "divide.cards.suit-order",
        "Suit order",
        "When two cards of the same rank have to be compared, Spades beat Hearts, "
        "Hearts beat Diamonds and Diamonds beat Clubs.",
        phase="cards",
    ),
    # Setting up
    rule(
        "divide.setup.players",
        "Players",
        "Four or five people play.",
        phase="setup",
    ),
    rule(
        "divide.setup.seating",
        "Seats and directions",
        "Players sit in a ring and everything moves clockwise: the turn, the deal and the "
        "dealer's role. A player's left neighbour is the next seat clockwise, the right "
        "neighbour the previous one.",
        phase="setup",
    ),
    rule(
        "divide.setup.first-dealer",
        "The first dealer",
        "Before the first round one player is made dealer.",
        phase="setup",
    ),
    ruling(
        "divide.ruling.first-dealer",
        "How the first dealer is chosen",
        question="The source lets the table pick the first dealer by a story (who travelled "
        "somewhere most recently) or at random. Which does cardlaw use?",
        decision="Chance: the first dealer is a chance outcome, each seat with probability "
        "1/n, recorded as the first action of the game.",
        alternative="Let the players agree on a dealer, recorded as a player's choice.",
        phase="setup",
    ),
    rule(
        "divide.setup.tokens",
        "Tokens at the start of a round",
        "At the start of every round each suit stack holds three tokens and the bonus supply "
        "holds five.",
        phase="setup",
    ),
    # The round
    rule(
        "divide.round.phases",
        "Phases of a round",
        "A round runs through its phases in order: the deal, the Great Divide, the reveal of "
        "the Trump Rank, eight tricks and the cleanup. At each moment exactly one player, or "
        "chance, has to act, and only that act is allowed.",
        phase="round",
    ),
    rule(
        "divide.round.first-player",
        "The first player",
        "The player to the dealer's left is the round's first player.",
        phase="round",
    ),
    rule(
        "divide.round.dealer-rotation",
        "Passing the deal",
        "After each round the dealer's role passes one seat clockwise.",
        phase="round",
    ),
    # The deal
    rule(
        "divide.deal.shuffle",
        "Shuffle",
        "Before each round the full deck is shuffled so that every order is equally likely. "
        "Cards are then dealt one at a time, clockwise, starting with the first player.",
        phase="deal",
    ),
    rule(
        "divide.deal.nine",
        "Nine cards each",
        "Each player receives nine cards.",
        phase="deal",
    ),
    rule(
        "divide.deal.undealt",
        "Undealt cards",
        "The cards nobody receives (16 with four players, 7 with five) are set aside face "
        "down. No one looks at them during the round.",
        phase="deal",
    ),
    # The Great Divide
    rule(
        "divide.divide.offering",
        "The Trump Offering",
        "Each player picks one card of their nine and lays it face down in the middle as their "
        "Trump Offering. It leaves their hand for the rest of the round.",
        phase="divide",
    ),
    rule(
        "divide.divide.secure",
        "Securing two cards",
        "Of the eight cards left, each player sets two aside face down as secured cards. "
        "Secured cards stay with their owner: no one else can take them.",
        phase="divide",
    ),
    rule(
        "divide.divide.offers",
        "Making two offers",
        "Each player splits their remaining six cards into two offers of three cards, and "
        "places one face down towards the left neighbour and the other towards the right "
        "neighbour.",
        phase="divide",
    ),
    rule(
        "divide.divide.secrecy",
        "Secret choices",
        "Offerings, secured cards and offers are chosen in secret. Nobody sees another "
        "player's choice until every player has finished dividing, and only what the rules "
        "then reveal.",
        phase="divide",
    ),
    ruling(
        "divide.ruling.secret-turns",
        "Simultaneous choices as turns",
        question="Everyone offers, secures and divides at the same time. How does cardlaw "
        "record choices that are made simultaneously and in secret?",
        decision="As turns, one player at a time, clockwise from the first player: every player "
        "makes their offering, then every player secures, then every player divides. A turn's "
        "content is hidden from the others, who learn only that the player has acted, so the "
        "order changes nothing that anyone knows.",
        alternative="One simultaneous move per phase holding every player's choice.",
        phase="divide",
    ),
    rule(
        "divide.divide.choose",
        "Choosing from an offer",
        "When every offer is on the table, each player deals with each offer they received on "
        "its own: they pick up its three cards, keep exactly two (placing them with their "
        "secured cards) and send the third back face down to the player who offered it.",
        phase="divide",
    ),
    rule(
        "divide.divide.independent",
        "Offers are never pooled",
        "The two offers a player receives are never combined: the two cards kept from an "
        "offer must both come from that offer.",
        phase="divide",
    ),
    ruling(
        "divide.ruling.offer-order",
        "Which offer is resolved first",
        question="In which order does a player resolve the two offers they receive, and may "
        "they look at the second offer before choosing from the first?",
        decision="First the offer from the left neighbour, then the one from the right "
        "neighbour. A player sees an offer only when they pick it up, so the first choice is "
        "made without having seen the second offer.",
        alternative="Let players look at both offers before choosing from either (still "
        "choosing from each separately).",
        phase="divide",
    ),
    rule(
        "divide.divide.final-hand",
        "The round hand",
        "When both rejected cards have been returned, each player gathers their hand for the "
        "round: the two secured cards, the two cards kept from each offer and the two cards "
        "sent back to them. That is eight cards.",
        phase="divide",
    ),
    rule(
        "divide.info.hidden",
        "What a player may know",
        "A player knows their own cards and choices, each offer they received once they pick "
        "it up, the cards sent back to them, the offering turned up and every card played to a "
        "trick. They never see another player's hand, offering, secured cards or offer to "
        "someone else, nor the undealt cards.",
        phase="divide",
    ),
    # The Trump Rank
    rule(
        "divide.trump.reveal",
        "Revealing the Trump Rank",
        "After the Great Divide the Trump Offerings are mixed and one of them is turned face up "
        "at random.",
        phase="trump",
    ),
    ruling(
        "divide.ruling.offering-draw",
        "How the trump offering is drawn",
        question="With what chances is the offering that names the Trump Rank drawn?",
        decision="Uniformly among the offered cards: each of the n offerings is turned up with "
        "probability 1/n, so a rank offered by two players is twice as likely to become trump.",
        alternative="Uniformly among the distinct ranks that were offered.",
        phase="trump",
    ),
    rule(
        "divide.trump.rank",
        "The Trump Rank",
        "The rank of the card turned up is the Trump Rank until the round ends: every card of "
        "that rank is a trump. No suit is trump.",
        phase="trump",
    ),
    rule(
        "divide.trump.offerings-aside",
        "Offerings stay out of play",
        "Every Trump Offering, the one turned up included, stays out of play until the round "
        "ends; the others are never shown.",
        phase="trump",
    ),
    # Tricks
    rule(
        "divide.trick.count",
        "Eight tricks",
        "A round has exactly eight tricks, and every player plays one card to each.",
        phase="tricks",
    ),
    rule(
        "divide.trick.first-lead",
        "The first lead",
        "The first player leads to the first trick.",
        phase="tricks",
    ),
    rule(
        "divide.trick.winner-leads",
        "The winner leads",
        "Whoever wins a trick leads to the next one.",
        phase="tricks",
    ),
    rule(
        "divide.trick.clockwise",
        "Order of play",
        "After the lead the other players each play one card, in clockwise order.",
        phase="tricks",
    ),
    rule(
        "divide.trick.play-from-hand",
        "Play from your hand",
        "A player can only play a card from their own round hand.",
        phase="tricks",
    ),
    rule(
        "divide.trick.lead-restriction",
        "Leading a Trump Rank card",
        "A player may lead any card, except that a Trump Rank card may be led only when every "
        "card left in the leader's hand is of the Trump Rank.",
        phase="tricks",
    ),
    rule(
        "divide.trick.follow-suit",
        "Follow suit",
        "A player holding a card of the suit led must play a card of that suit. Holding a trump "
        "does not excuse anyone from following suit.",
        phase="tricks",
    ),
    rule(
        "divide.trick.void",
        "When you cannot follow",
        "A player with no card of the suit led may play any card, a Trump Rank card included.",
        phase="tricks",
    ),
    ruling(
        "divide.ruling.trump-rank-suit",
        "The suit of a Trump Rank card",
        question="Does a Trump Rank card still belong to its printed suit when following "
        "suit? And when a Trump Rank card is led (only possible from an all-trump hand), what "
        "suit has been led?",
        decision="A Trump Rank card keeps its printed suit. It follows that suit like any other "
        "card of the suit, and a led Trump Rank card asks for its printed suit.",
        alternative="The Trump Rank cards form a suit of their own: with 7s trump a 7♥ is not a "
        "Heart, and a led Trump Rank card asks the others for Trump Rank cards. This is the "
        "variant trump-rank-own-suit (trump_suit='own').",
        phase="tricks",
        variant="trump_suit",
    ),
    rule(
        "divide.trick.winner-trump",
        "Trump wins",
        "If any Trump Rank card is in the trick, a Trump Rank card wins: every Trump Rank card "
        "beats every other card, and between Trump Rank cards the stronger suit wins.",
        phase="tricks",
    ),
    rule(
        "divide.trick.winner-led-suit",
        "Otherwise the led suit wins",
        "If no Trump Rank card is in the trick, the highest card of the suit led wins.",
        phase="tricks",
    ),
    rule(
        "divide.trick.off-suit",
        "Off-suit cards never win",
        "A card that is neither of the suit led nor of the Trump Rank cannot win the trick.",
        phase="tricks",
    ),
    # Scoring
    rule(
        "divide.score.winning-suit",
        "The winning card's suit scores",
        "Each trick scores for its winner by the suit of the card that won it.",
        phase="scoring",
    ),
    rule(
        "divide.score.suit-token",
        "Suit tokens",
        "If that suit's stack still holds a token, the winner takes one, worth 2 points. The "
        "trick that takes a stack's third and last token still scores 2.",
        phase="scoring",
    ),
    rule(
        "divide.score.bonus-token",
        "Bonus tokens",
        "If that suit's stack is already empty, the winner takes a bonus token, worth 5 "
        "points, from the shared supply instead.",
        phase="scoring",
    ),
    ruling(
        "divide.ruling.bonus-supply",
        "An empty bonus supply",
        question="What happens if a trick should earn a bonus token but the bonus supply is empty?",
        decision="Under the printed rules it cannot happen: a suit pays a bonus only after "
        "its three tokens are gone, so eight tricks pay at most five bonus tokens, exactly the "
        "supply. The proof divide.tokens.supply-never-negative checks this for 4 and 5 "
        "players. Under changed numbers (a smaller supply, fewer suit tokens, more tricks) it "
        "can happen; then the trick earns no token and scores nothing, and that proof is "
        "refuted with the round that shows it.",
        alternative="Score the bonus token's points without a token.",
        phase="scoring",
    ),
    rule(
        "divide.score.round",
        "Round score",
        "A player's round score is the value of the tokens they took during the round.",
        phase="scoring",
    ),
    # Cleanup
    rule(
        "divide.cleanup.record",
        "Recording the round",
        "After the eighth trick each player's round score is written down.",
        phase="cleanup",
    ),
    rule(
        "divide.cleanup.reset",
        "Resetting for the next round",
        "All tokens go back: three to each suit stack and five to the bonus supply. Every "
        "card, offerings and undealt cards included, is gathered for the next shuffle.",
        phase="cleanup",
    ),
    # End of the game
    rule(
        "divide.end.four-rounds",
        "Four rounds",
        "The game ends when four rounds have been played.",
        phase="end",
    ),
    rule(
        "divide.end.highest-total",
        "The winner",
        "A player's total is the sum of their round scores. The highest total wins.",
        phase="end",
    ),
    rule(
        "divide.tiebreak.bonus",
        "First tiebreaker: bonus tokens",
        "If the highest total is tied, the tied player who took the most bonus tokens in the "
        "last round wins.",
        phase="end",
    ),
    rule(
        "divide.tiebreak.eighth-trick",
        "Second tiebreaker: the last trick",
        "If that still leaves a tie, the tied player who played the highest card to the eighth "
        "trick of the last round wins, comparing rank first and suit second.",
        phase="end",
    ),
    rule(
        "divide.tiebreak.share",
        "Shared victory",
        "If the players are still tied, they share the victory.",
        phase="end",
    ),
    ruling(
        "divide.ruling.tiebreak-group",
        "Ties between three or more",
        question="When three or more players tie, how do the tiebreakers apply?",
        decision="Step by step: the first tiebreaker keeps the tied players with the most bonus "
        "tokens; if more than one remains, the second tiebreaker compares only their cards.",
        alternative="Apply each tiebreaker to all the originally tied players.",
        phase="end",
    ),
    ruling(
        "divide.ruling.eighth-trick-comparison",
        "Trump in the second tiebreaker",
        question="When the second tiebreaker compares cards from the last trick, does being of "
        "the Trump Rank count?",
        decision="No. Cards are compared by their printed rank and then by the suit order, as "
        "the tiebreaker says; the Trump Rank gives no extra weight.",
        alternative="Count Trump Rank cards above all others, as in the trick itself.",
        phase="end",
    ),
    ruling(
        "divide.ruling.share",
        "Can the victory be shared?",
        question="Can the third tiebreaker, sharing the victory, ever apply?",
        decision="No. Every player plays a different card to the eighth trick, and rank then "
        "suit orders all 52 cards strictly, so the second tiebreaker always names one winner. "
        "The proof divide.tiebreak.always-resolves checks this; the engine never reports a "
        "shared victory.",
        alternative="Had the second tiebreaker compared ranks only, players could tie and "
        "share; cardlaw keeps the clause, but it can never apply.",
        phase="end",
    ),
)

RULEBOOK = game_rulebook(
    "divide",
    "Divide",
    _CLAUSES,
    Phase("cards", "Cards and components"),
    Phase("setup", "Setting up"),
    Phase("round", "The round"),
    Phase("deal", "The deal", "each round", step=True),
    Phase("divide", "The Great Divide", "offer, secure, split, keep", step=True),
    Phase("trump", "The Trump Rank", "one offering at random", step=True),
    Phase("tricks", "Tricks", "eight per round", step=True),
    Phase("scoring", "Scoring tricks", "after each trick", step=True),
    Phase("cleanup", "Cleanup", "then the next round; four in all", step=True),
    Phase("end", "End of the game"),
    sources=SOURCES,
    guide=GUIDE,
)
"""Divide's clauses and rulings."""
