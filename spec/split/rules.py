"""Split's rulebook, from ``split.txt``: every rule as a clause in our own words, with rulings."""

from __future__ import annotations

from cardlaw.spec.clauses import Phase, definition, rule, ruling
from cardlaw.spec.rulebooks import game_rulebook
from cardlaw.spec.split.guide import GUIDE
from cardlaw.spec.split.sources import SOURCES

__all__ = ["RULEBOOK"]

_CLAUSES = (
    # Cards
    definition(
        "split.components.deck",
        "The deck",
        "The deck has 101 cards carrying the numbers 0 to 100, each number exactly once.",
        phase="cards",
    ),
    definition(
        "split.cards.wild",
        "Wild/Reverse cards",
        "Thirteen cards are Wild/Reverse cards: 0, 1, 99, 100 and each number whose last "
        "digit is 0 (10, 20, ..., 90).",
        phase="cards",
    ),
    definition(
        "split.cards.standard",
        "Standard cards",
        "Every card that is not a Wild/Reverse card is a standard card: 88 in all.",
        phase="cards",
    ),
    # Setting up
    rule(
        "split.setup.modes",
        "Two games",
        "Split is played either competitively, where one player wins, or cooperatively, "
        "where the table wins or loses together. The cooperative changes are in their own "
        "section; everything else holds for both.",
        phase="setup",
    ),
    ruling(
        "split.ruling.player-count",
        "Players in the competitive game",
        question="The document gives an age and player count only for cooperative play. How "
        "many may play the competitive game?",
        decision="Two to six. The document speaks of a two-player game when it sets the reverse "
        "rule aside; six hands of seven (plus the dealer's two) still leave 57 cards to draw.",
        alternative="Three to five, as for the cooperative game, or any number the deck can deal.",
        phase="setup",
    ),
    rule(
        "split.setup.first-dealer",
        "The first dealer",
        "Before the deal one player is made dealer.",
        phase="setup",
    ),
    ruling(
        "split.ruling.first-dealer",
        "How the dealer is chosen",
        question="The document never says who deals. How is the dealer chosen?",
        decision="By chance: every seat is equally likely, recorded as the first action.",
        alternative="The players agree on a dealer, recorded as a player's choice.",
        phase="setup",
    ),
    rule(
        "split.setup.seating",
        "Seats and directions",
        "Players sit in a ring. A player's left neighbour is the next player clockwise and the "
        "right neighbour the previous one. Clockwise means towards the next seat number.",
        phase="setup",
    ),
    rule(
        "split.deal.shuffle",
        "Shuffle",
        "The deck is shuffled so that every order is equally likely.",
        phase="setup",
    ),
    rule(
        "split.deal.seven",
        "Seven cards each",
        "Every player is dealt seven cards face down.",
        phase="setup",
    ),
    ruling(
        "split.ruling.deal-order",
        "Order of the deal",
        question="In what order are the cards dealt?",
        decision="One at a time from the top of the shuffled deck, clockwise, starting with the "
        "dealer's left neighbour; then the dealer's two extra cards; the rest, in order, is "
        "the draw pile with its top card first.",
        alternative="Seven at a time to each player; the order changes nothing a player knows.",
        phase="setup",
    ),
    rule(
        "split.deal.dealer-extra",
        "The dealer's extra cards",
        "After the deal the dealer takes two more cards, for nine in all.",
        phase="setup",
    ),
    rule(
        "split.deal.draw-pile",
        "The draw pile",
        "The undealt cards are put aside face down as the draw pile.",
        phase="setup",
    ),
    # Opening the piles
    rule(
        "split.open.piles",
        "Opening the two piles",
        "The dealer takes the lowest and the highest standard card from their hand and lays "
        "them face up apart from each other: they start the two Split piles. The gap between "
        "the piles is where cards are played.",
        phase="opening",
    ),
    ruling(
        "split.ruling.pile-sides",
        "Which pile is left and which is right",
        question="Which of the two opening cards is the left pile and which the right, and "
        "what do left and right mean afterwards?",
        decision="The lower card starts the left pile and the higher card the right pile. Left "
        "and right are just the names of the two piles, fixed on the table; a pile keeps its "
        "name whatever its number becomes.",
        alternative="The opener chooses which card goes where; nothing in play depends on it.",
        phase="opening",
    ),
    rule(
        "split.open.first-player",
        "Who plays first",
        "The dealer's left neighbour takes the first turn, and turns then pass clockwise.",
        phase="opening",
    ),
    rule(
        "split.open.put-under",
        "Too few standard cards",
        "An opener holding fewer than two standard cards puts one card from hand under the "
        "draw pile and takes the top card of the draw pile, and does so again until they hold "
        "two standard cards.",
        phase="opening",
    ),
    ruling(
        "split.ruling.put-under-card",
        "Which card goes under",
        question="Which card does an opener short of standard cards put under the draw pile?",
        decision="Any card of their choice, as the document says. A standard card can be the "
        "right one: holding 5 and three wild cards, with 95, 50 and 51 on top of the draw pile, "
        "putting a wild card under opens 5 | 95, while putting the 5 under opens 51 | 95.",
        alternative="Only a Wild/Reverse card (variant put-under-wild, cardlaw's earlier "
        "reading, on the mistaken ground that a standard card could never help).",
        phase="opening",
        variant="put_under_wild",
    ),
    ruling(
        "split.ruling.put-under-round",
        "Putting cards under ends",
        question="Putting any card under, an opener can go round the draw pile for ever "
        "without opening, by putting their one standard card under whenever a standard card "
        "is on top. How does the opening end?",
        decision="Once the opener has put as many cards under, in one opening, as the draw "
        "pile holds (one full round of it), only wild cards may go under; every standard card "
        "taken from then on is kept, so the piles are soon opened.",
        alternative="No limit, so that an opening could go on for ever; or count each card "
        "put under as a turn toward the turn limit.",
        phase="opening",
    ),
    ruling(
        "split.ruling.put-under-exhausted",
        "No standard card left to draw",
        question="What if the draw pile holds no standard card, so putting cards under it "
        "would go round for ever?",
        decision="The discard pile is shuffled and put under the draw pile first (a chance "
        "event); if the draw and discard piles together hold no standard card, the opening "
        "cannot be made and the game ends without a winner (a draw).",
        alternative="The opener opens with what they have, or the game ends with the opener "
        "losing.",
        phase="opening",
    ),
    # A turn
    rule(
        "split.turn.move-middle",
        "Moving the middle card",
        "If a card lies in the middle when a turn starts, the player first moves it onto the "
        "left or the right pile, as they choose. Its number is then the number of that pile.",
        phase="turn",
    ),
    ruling(
        "split.ruling.move-onto-pile",
        "The middle card must go onto a pile",
        question="May the player leave the middle card where it is, or set it somewhere "
        "between the piles?",
        decision="No: it must go on top of the left or the right pile before anything else "
        "is played.",
        alternative="Let it stay in the middle (then two cards would lie between the piles, "
        "which the document never describes).",
        phase="turn",
    ),
    ruling(
        "split.ruling.one-decision",
        "Moving and playing are two actions",
        question="Is moving the middle card part of the play, or a decision of its own?",
        decision="A decision of its own: each decision the rules give a player is one action. "
        "A turn is a move (when a card lies in the middle) and then a play or a reset.",
        alternative="One combined action naming the side and the card.",
        phase="turn",
    ),
    rule(
        "split.turn.play-between",
        "Play between the piles",
        "Then the player puts one card from their hand into the middle: a standard card whose "
        "number is between the numbers of the two piles, or any Wild/Reverse card. That ends "
        "the turn.",
        phase="turn",
    ),
    ruling(
        "split.ruling.strictly-between",
        "What between means",
        question="Does a card equal to a pile's number count as between, and does it matter "
        "which pile is higher?",
        decision="Between means strictly greater than the lower pile number and strictly less "
        "than the higher one, whichever of the two piles is the lower.",
        alternative="Count the pile numbers themselves (impossible anyway: each number is on "
        "one card only), or require the left pile to be the lower.",
        phase="turn",
    ),
    rule(
        "split.turn.must-reset",
        "When you cannot play",
        "A player who has no card they may play must reset.",
        phase="turn",
    ),
    rule(
        "split.turn.order",
        "Order of turns",
        "Turns pass one seat at a time in the direction of play, clockwise at the start.",
        phase="turn",
    ),
    # Wild/Reverse cards
    rule(
        "split.wild.any-time",
        "Wild cards fit anywhere",
        "A Wild/Reverse card may be played whatever the numbers of the piles are.",
        phase="wild",
    ),
    rule(
        "split.wild.reverse",
        "Reversing",
        "Each Wild/Reverse card played turns the direction of play around, so the turn passes "
        "to the player on the other side. That player places the wild card onto the left or "
        "the right pile, and its number becomes the number of that pile.",
        phase="wild",
    ),
    rule(
        "split.wild.two-players",
        "Two players",
        "With two players the direction of play never changes.",
        phase="wild",
    ),
    # Resetting
    rule(
        "split.reset.choose",
        "Resetting by choice",
        "A player may reset on their turn even when they could play.",
        phase="reset",
    ),
    ruling(
        "split.ruling.reset-timing",
        "When in a turn a reset may happen",
        question="At what point of a turn may a player reset?",
        decision="At any point before they play a card: before moving the middle card or after "
        "it. A reset ends the turn.",
        alternative="Only instead of moving the middle card, or only after moving it.",
        phase="reset",
    ),
    rule(
        "split.reset.discard",
        "Clearing the table",
        "To reset, the player moves every card on the table, both piles and any middle card, "
        "to a discard pile, face up.",
        phase="reset",
    ),
    rule(
        "split.reset.draw-three",
        "Drawing three",
        "The resetting player then takes three cards from the top of the draw pile.",
        phase="reset",
    ),
    ruling(
        "split.ruling.empty-draw-pile",
        "The draw pile runs out",
        question="What happens when a card must be drawn and the draw pile is empty?",
        decision="The discard pile is shuffled and becomes the new draw pile (a chance event, "
        "every order equally likely); the drawing then goes on.",
        alternative="Stop drawing, or end the game.",
        phase="reset",
    ),
    ruling(
        "split.ruling.short-draw",
        "Fewer than three cards to draw",
        question="What if fewer than three cards are left in the draw and discard piles together?",
        decision="The player draws the cards there are. It cannot leave them short of a hand: "
        "the table they just cleared is at least two cards.",
        alternative="The reset is not allowed, or the game ends.",
        phase="reset",
    ),
    rule(
        "split.reset.reopen",
        "Opening new piles",
        "The resetting player opens two new piles with the lowest and highest standard cards "
        "in their hand, exactly as the dealer did, putting cards under the draw pile if they "
        "hold fewer than two standard cards.",
        phase="reset",
    ),
    rule(
        "split.reset.fresh-start",
        "A fresh start",
        "After a reset, play goes on as if the game had just begun, with the resetting player "
        "in the dealer's place.",
        phase="reset",
    ),
    ruling(
        "split.ruling.after-reset",
        "Who plays after a reset",
        question="Who takes the next turn after a reset, and in which direction does play go?",
        decision="As at the start of a game: the direction is clockwise again and the resetting "
        "player's left neighbour plays next.",
        alternative="Play keeps its current direction and passes to the next player in it.",
        phase="reset",
    ),
    rule(
        "split.reset.cheating",
        "Cheating on a reset",
        "A player caught opening new piles with other cards than their lowest and highest "
        "standard cards takes five cards as a penalty.",
        phase="reset",
    ),
    ruling(
        "split.ruling.no-cheating",
        "The cheating penalty never applies",
        question="When does the five-card penalty for cheating on a reset apply?",
        decision="Never: cardlaw opens the piles itself with the lowest and highest standard "
        "cards, so no player can cheat and the penalty is never taken.",
        alternative="Let players pick the opening cards and let the others call a penalty.",
        phase="reset",
    ),
    ruling(
        "split.ruling.fixed-wild-set",
        "The wild set and the penalty are not rule parameters",
        question="May a designer change the wild cards or the cheating penalty with --set?",
        decision="No. A --set value is one whole number, and the wild cards are a set: the 0, "
        "the 1, the 99, the 100 and every multiple of ten. Cardlaw keeps those thirteen cards "
        "under every override. The five-card penalty is not a parameter either, since it is "
        "never taken [split.ruling.no-cheating]: a number for it would change no game.",
        alternative="A WILD_EVERY parameter (wild cards 0, 1, 99, 100 and the multiples of "
        "WILD_EVERY), read by the engine and the encodings from the rules, with the count of "
        "wild cards following it.",
        phase="reset",
    ),
    # Winning and the end
    rule(
        "split.end.first-empty",
        "The winner",
        "The game ends as soon as a player plays the last card from their hand: that player wins.",
        phase="end",
    ),
    rule(
        "split.end.no-wild-finish",
        "No finishing on a wild card",
        "A Wild/Reverse card may never be the last card played from a hand. A player whose "
        "only card is a wild card must reset.",
        phase="end",
    ),
    ruling(
        "split.ruling.turn-limit",
        "Endless games",
        question="Can a competitive game go on for ever, and if so how does it end?",
        decision="Yes, a competitive game can go on for ever, even if nobody ever resets by "
        "choice. Two players who reset on every turn bring the position back every four "
        "actions once the draw and discard piles are spent (proof "
        "split.game.ends.competitive, a finding with a replayable record). Two players who "
        "reset only when they can play nothing can come back to a position too: in the loop "
        "found, each round leaves both with a lone wild card, which may not be played as a "
        "last card, so both must reset, and then each plays one card (proof "
        "split.game.ends.forced-resets, with its record). That loop needs the reshuffles to "
        "fall a particular way every time round: it shows what is possible, not what is "
        "likely. Both loops need the discard pile to be shuffled back; under a rule that "
        "never draws it again the proofs find neither. So cardlaw ends a game that reaches "
        "its turn limit (max_turns, 2000 turns by default) as a draw with no winner. A "
        "cooperative game always ends, without any limit: every turn spends a card or an "
        "aid, or loses, so it lasts at most 7 turns per player plus one per aid, 37 at most "
        "(proof split.coop.ends).",
        alternative="No limit (a game may never end), or a winner chosen by fewest cards in "
        "hand at the limit.",
        phase="end",
        variant="max_turns",
    ),
    # Cooperative play
    rule(
        "split.coop.players",
        "Players in the cooperative game",
        "The cooperative game is for three to five players.",
        phase="cooperative",
    ),
    rule(
        "split.coop.aids-aside",
        "The 0 and the 100",
        "Before the shuffle the 0 and the 100 are taken out of the deck and laid face up "
        "beside the table. The other 99 cards are shuffled and dealt as in the competitive "
        "game, and the dealer opens the piles in the same way.",
        phase="cooperative",
    ),
    rule(
        "split.coop.aid-use",
        "Using the 0 or the 100",
        "On their turn, instead of a card from hand, a player may take the 0 or the 100 from "
        "beside the table and put it in the middle as if they had played it from hand. Each "
        "can be used once, by any player.",
        phase="cooperative",
    ),
    ruling(
        "split.ruling.coop-harder",
        "The harder cooperative games",
        question="The document suggests playing without using the 0, the 100 or both. What "
        "happens to a card that may not be used?",
        decision="It is still taken out before the shuffle and stays beside the table unused; "
        "the deck is 99 cards in every cooperative game. The variants cooperative-no-0, "
        "cooperative-no-100 and cooperative-no-aids set which aids may be used.",
        alternative="Shuffle the unused card back into the deck.",
        phase="cooperative",
        variant="aids",
    ),
    rule(
        "split.coop.lose-on-reset",
        "A reset loses",
        "If a player ever has to reset, the cooperative game is over and everyone loses.",
        phase="cooperative",
    ),
    ruling(
        "split.ruling.coop-no-chosen-reset",
        "No resets by choice",
        question="May a player reset by choice in the cooperative game?",
        decision="No: a reset happens only when the player can play neither a card from hand "
        "nor an aid, and it loses the game.",
        alternative="Allow a chosen reset, which would only lose the game at once.",
        phase="cooperative",
    ),
    rule(
        "split.coop.win",
        "Winning together",
        "When every player's hand is empty, everyone wins. A player may not empty their hand "
        "with a wild card here either.",
        phase="cooperative",
    ),
    ruling(
        "split.ruling.coop-empty-hand",
        "Players who are out of cards",
        question="What does a player whose hand is empty do while others still hold cards?",
        decision="Nothing: turns skip them in the direction of play, and they may not use the "
        "aids.",
        alternative="They keep taking turns and may use an aid on them.",
        phase="cooperative",
    ),
    ruling(
        "split.ruling.coop-reverse",
        "Wild cards in cooperative play",
        question="Do wild cards still reverse the direction in the cooperative game?",
        decision="Yes, as in the regular game; the cooperative section changes only what it names.",
        alternative="Wild cards do not reverse in cooperative play.",
        phase="cooperative",
    ),
    # What players know
    rule(
        "split.info.hidden",
        "Hidden cards",
        "Hands and the draw pile are face down: a player sees their own hand, the table, the "
        "aids, the discard pile and how many cards each hand and pile holds, and nothing else. "
        "In cooperative play the hands stay secret: players may talk about the game but never "
        "name numbers.",
        phase="info",
    ),
)

RULEBOOK = game_rulebook(
    "split",
    "Split",
    _CLAUSES,
    Phase("cards", "Cards"),
    Phase("setup", "Setting up"),
    Phase("opening", "Opening the piles", "lowest and highest", step=True),
    Phase("turn", "A turn", "move, then play", step=True),
    Phase("wild", "Wild/Reverse cards"),
    Phase("reset", "Resetting", "when nothing fits, or by choice", step=True),
    Phase("end", "Winning and the end", "the first hand emptied", step=True),
    Phase("cooperative", "Cooperative play"),
    Phase("info", "What players know"),
    sources=SOURCES,
    guide=GUIDE,
)
"""Split's clauses and rulings."""
