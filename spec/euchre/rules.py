"""Euchre's rulebook: every rule as a clause, in our own words, with rulings.

The source is ``euchre.txt`` (a short house sheet) together with the rules
stated in the issue that asked for the game; where the two are silent or
ambiguous, a ruling says what cardlaw does.  Its clause ids are stable, as
:mod:`spec.rulebooks` says.
"""

from __future__ import annotations

from cardlaw.spec.clauses import Phase, definition, rule, ruling
from cardlaw.spec.euchre.guide import GUIDE
from cardlaw.spec.euchre.sources import SOURCES
from cardlaw.spec.rulebooks import game_rulebook

__all__ = ["RULEBOOK"]

_CLAUSES = (
    # Cards and components
    definition(
        "euchre.components.deck",
        "The deck",
        "Twenty-four cards: the Nine, Ten, Jack, Queen, King and Ace of each of the four "
        "suits. Every card below the Nine is left out of the box.",
        phase="cards",
    ),
    definition(
        "euchre.components.score-cards",
        "Score cards",
        "Each team may keep its score with a Six and a Four of its own: one card covers part "
        "of the other, and the pips left showing count the team's points. They are markers "
        "only; cardlaw keeps each team's score as a number.",
        phase="cards",
    ),
    definition(
        "euchre.cards.plain-order",
        "Order in a plain suit",
        "In a suit that is not trump the cards rank Ace, King, Queen, Jack, Ten, Nine from "
        "high to low. The suit of trump's colour has lost its Jack to trump, so it ranks Ace, "
        "King, Queen, Ten, Nine.",
        phase="cards",
    ),
    definition(
        "euchre.cards.trump-order",
        "Order in trump",
        "Trump holds seven cards. Highest is the Jack of the trump suit (the right bower), "
        "then the Jack of the other suit of the same colour (the left bower), then the Ace, "
        "King, Queen, Ten and Nine of trump.",
        phase="cards",
    ),
    rule(
        "euchre.cards.left-bower",
        "The left bower is a trump",
        "For the whole hand the left bower is a card of the trump suit and of no other: it "
        "follows a trump lead, it does not follow a lead of its printed suit, and it wins as "
        "the second-best trump.",
        phase="cards",
    ),
    # Setting up
    rule(
        "euchre.setup.players",
        "Players",
        "Exactly four people play.",
        phase="setup",
    ),
    rule(
        "euchre.setup.partners",
        "Partnerships",
        "The four form two teams of two, and partners sit facing each other, so the turn "
        "alternates between the teams. Seats 0 and 2 are one team, seats 1 and 3 the other.",
        phase="setup",
    ),
    rule(
        "euchre.setup.seating",
        "Seats and directions",
        "Turns and the deal both move clockwise. A player's left neighbour is the next seat "
        "clockwise.",
        phase="setup",
    ),
    rule(
        "euchre.setup.first-dealer",
        "The first dealer",
        "Before the first hand one player becomes the dealer.",
        phase="setup",
    ),
    ruling(
        "euchre.ruling.first-dealer",
        "How the first dealer is chosen",
        question="The source never says who deals first. How does cardlaw choose?",
        decision="By chance: each seat is the first dealer with probability 1/4, recorded as "
        "the game's first action.",
        alternative="Deal cards face up until someone receives a Jack (or a black Jack) and "
        "make that player the dealer, or let the table agree.",
        phase="setup",
    ),
    # The hand
    rule(
        "euchre.hand.phases",
        "Phases of a hand",
        "A hand runs through its phases in order: the deal, up to two rounds of bidding, the "
        "dealer's exchange when the up-card is taken, then five tricks and the score. At every "
        "moment exactly one player, or chance, acts, and only that act is allowed.",
        phase="hand",
    ),
    rule(
        "euchre.hand.dealer-rotation",
        "Passing the deal",
        "When a hand is over, scored or thrown in, the next seat clockwise deals the next one.",
        phase="hand",
    ),
    ruling(
        "euchre.ruling.thrown-in-hand",
        "Is a thrown-in deal a hand?",
        question="When every player passes twice and the cards are thrown in, does that deal "
        "count as a hand, and what does it score?",
        decision="It is a hand that scores nothing for either team: it is kept in the list of "
        "hands with no points, it passes the deal on, and cardlaw bench counts it as a hand "
        "played.",
        alternative="Treat it as a misdeal that never happened: same dealer deals again and "
        "nothing is counted.",
        phase="hand",
    ),
    # The deal
    rule(
        "euchre.deal.shuffle",
        "Shuffle",
        "Before each hand the 24 cards are shuffled so that every order is equally likely.",
        phase="deal",
    ),
    rule(
        "euchre.deal.five",
        "Five cards each",
        "The dealer gives every player five cards, in one packet of three and one of two, going "
        "clockwise and beginning with the player on the dealer's left.",
        phase="deal",
    ),
    ruling(
        "euchre.ruling.deal-packets",
        "The order of the packets",
        question="Who gets the packet of three first, and from which cards of the shuffled deck?",
        decision="Two rounds from the top of the deck, clockwise from the dealer's left: first "
        "three cards to each player, then two more to each. The 21st card from the top is the "
        "up-card and the last three stay under it.",
        alternative="Alternate the packets, three, two, three, two in the first round and "
        "two, three, two, three in the second, as many tables do. With a fair shuffle every "
        "hand is exactly as likely either way; only the positions in a record differ.",
        phase="deal",
    ),
    ruling(
        "euchre.ruling.hand-size",
        "Hands of another size",
        question="When a designer changes the cards each player gets (CARDS_EACH), how is the "
        "hand dealt, and how many tricks does it take to make it?",
        decision="The deal keeps its two rounds: first the larger half of the hand to each "
        "player, then the smaller half (three and two for five cards, two and two for four, "
        "one and one for two). The next card is the up-card and the rest of the deck lies "
        "under it. A hand has one trick for each card; the makers make it with more than half "
        "of them, so with exactly half they are euchred, and a march is every trick. With two "
        "cards each a majority is both tricks, so MAKER_POINTS is never scored. A hand has at "
        "least two cards (with one there is no play to choose) and the deal must leave the "
        "up-card: at most five cards each.",
        alternative="Keep packets of three and two whatever the size, or let the makers make "
        "it with half the tricks when the count is even.",
        phase="deal",
    ),
    rule(
        "euchre.deal.up-card",
        "The up-card",
        "The four cards left over stay face down in the middle, except the top one, which is "
        "turned face up for all to see.",
        phase="deal",
    ),
    ruling(
        "euchre.ruling.up-card",
        "The turned card and where it goes",
        question="What is the turned card called, and what becomes of it when nobody orders it up?",
        decision="It is the up-card. Everyone sees it, and everyone keeps knowing which card it "
        "was. If all four pass in the first round the dealer turns it face down on the other "
        "three; it stays out of play for the hand and its suit may no longer be named.",
        alternative="Treat the turned-down card as hidden again for the rest of the hand, as "
        "if nobody had seen it, or let its suit be named in the second round too.",
        phase="deal",
    ),
    rule(
        "euchre.deal.kitty-hidden",
        "Undealt cards stay hidden",
        "Nobody looks at the three face-down cards under the up-card during the hand.",
        phase="deal",
    ),
    # Making trump
    rule(
        "euchre.bid.first-round",
        "First round of bidding",
        "Starting on the dealer's left and going clockwise, each player either passes or orders "
        "up the up-card, making its suit trump. The first player to order it up ends the "
        "bidding.",
        phase="bidding",
    ),
    rule(
        "euchre.bid.pick-up",
        "The dealer takes the up-card",
        "When the up-card is ordered up, by any player, the dealer adds it to their hand and "
        "then lays one card of the six face down. The laid-down card is out of play.",
        phase="bidding",
    ),
    ruling(
        "euchre.ruling.discard-up-card",
        "Discarding the up-card itself",
        question="May the dealer lay down the up-card they have just taken?",
        decision="Yes: any one of the six cards may be discarded, the up-card included. The "
        "source sets no limit.",
        alternative="Forbid discarding the up-card, as some online rooms and OpenSpiel's "
        "euchre do: the dealer lays down one of the other five. This is the variant "
        "keep-up-card (keep_up_card=True).",
        phase="bidding",
        variant="keep_up_card",
    ),
    rule(
        "euchre.bid.second-round",
        "Second round of bidding",
        "If all four passed, a second round starts again on the dealer's left: each player "
        "either passes or names one of the three suits other than the up-card's suit as trump. "
        "The first player to name a suit ends the bidding.",
        phase="bidding",
    ),
    ruling(
        "euchre.ruling.all-pass",
        "When everybody passes twice",
        question="What happens when all four players pass in both rounds?",
        decision="The cards are thrown in without being played and the next seat clockwise "
        "deals a new hand.",
        alternative="Stick the dealer: the dealer may not pass in the second round and must "
        "name one of the three other suits. This is the variant stick-the-dealer "
        "(stick_the_dealer=True).",
        phase="bidding",
        variant="stick_the_dealer",
    ),
    rule(
        "euchre.bid.makers",
        "Makers and defenders",
        "The player who ordered up or named trump is the maker; the maker's team are the "
        "makers for the hand and the other team the defenders.",
        phase="bidding",
    ),
    rule(
        "euchre.bid.alone",
        "Going alone",
        "The maker may choose to go alone. Then the maker's partner lays their cards down and "
        "takes no part in the hand; the maker plays against both defenders.",
        phase="bidding",
    ),
    ruling(
        "euchre.ruling.alone-timing",
        "When going alone is decided",
        question="At what moment does the maker decide to go alone?",
        decision="In the same action that makes trump: a player orders up, or names a suit, "
        "either alone or with the partner. It cannot be changed afterwards, and the dealer "
        "decides before discarding.",
        alternative="A separate announcement after trump is made (and, for the dealer, after "
        "the exchange).",
        phase="bidding",
    ),
    ruling(
        "euchre.ruling.defender-alone",
        "Can a defender go alone?",
        question="May a defender choose to play alone against the makers?",
        decision="No. Only the maker may go alone; the source speaks of no other.",
        alternative="Let one defender go alone too, as OpenSpiel's euchre does with "
        "allow_lone_defender: once trump is made and the dealer has discarded, the defenders "
        "are asked in turn, first the one nearer the dealer's left; the first to go alone "
        "ends the asking and its partner sits the hand out, while one who declines passes "
        "the question to the other. The first lead is then the first seat clockwise from the "
        "dealer's left that takes part, so a trick may hold two cards. This is the variant "
        "lone-defender (lone_defender=True); the action is 'defend alone', declining is "
        "'pass'.",
        phase="bidding",
        variant="lone_defender",
    ),
    ruling(
        "euchre.ruling.lone-defender-score",
        "A lone defender's euchre",
        question="Under the variant lone-defender, what does a lone defender score for "
        "euchring the makers?",
        decision="As much as a lone maker's march: ALONE_MARCH_POINTS (4 as printed), which "
        "is OpenSpiel's 4. Going alone doubles a side's reward on either side of the table. "
        "The makers' own scores do not change: 1 for three or four tricks, 2 for a march, "
        "4 for a lone march.",
        alternative="Score it as any euchre (EUCHRE_POINTS, 2), or give it a number of its "
        "own. cardlaw ties it to ALONE_MARCH_POINTS so that no new entry joins the scoring "
        "table and a designer's change to that number moves both.",
        phase="scoring",
        variant="lone_defender",
    ),
    ruling(
        "euchre.ruling.dealer-sits-out",
        "The dealer sits out",
        question="If the dealer's partner orders up and goes alone, does the dealer still take "
        "the up-card and discard?",
        decision="No. The dealer sits the hand out, so no exchange takes place; the up-card "
        "stays on the undealt cards, out of play, and its suit is trump.",
        alternative="The dealer still takes the up-card and discards before laying the hand "
        "down, as OpenSpiel's euchre does; the discard is then out of play with the dealer's "
        "hand. Nothing in play or in the score changes. This is the variant "
        "sitting-dealer-discards (sitting_dealer_discards=True).",
        phase="bidding",
        variant="sitting_dealer_discards",
    ),
    ruling(
        "euchre.ruling.openspiel",
        "OpenSpiel's rules",
        question="Which of cardlaw's rules does OpenSpiel's euchre (its default parameters) "
        "play by?",
        decision="cardlaw's defaults differ from it in three rulings: all-pass (OpenSpiel "
        "sticks the dealer), discard-up-card (it forbids discarding the up-card) and "
        "dealer-sits-out (its dealer exchanges even when sitting out). OpenSpiel's euchre is "
        "also one hand, not a game to ten. Its allow_lone_defender (off by default) is "
        "the variant lone-defender; the rest of the rules agree.",
        alternative="The variant openspiel selects all three of OpenSpiel's choices at once "
        "(stick_the_dealer, keep_up_card and sitting_dealer_discards set).",
        phase="bidding",
    ),
    # Tricks
    rule(
        "euchre.trick.count",
        "Five tricks",
        "A hand has five tricks, and every player taking part plays one card to each.",
        phase="tricks",
    ),
    rule(
        "euchre.trick.first-lead",
        "The first lead",
        "The player on the dealer's left leads to the first trick.",
        phase="tricks",
    ),
    ruling(
        "euchre.ruling.lone-lead",
        "First lead when that player sits out",
        question="Who leads first when the player on the dealer's left sits out because their "
        "partner went alone?",
        decision="The next player clockwise who takes part, which is the dealer's partner.",
        alternative="The player on the lone maker's left (here the dealer) leads, as some "
        "older rules say.",
        phase="tricks",
    ),
    rule(
        "euchre.trick.clockwise",
        "Order of play",
        "After the lead the other players taking part each play one card, clockwise. A player "
        "who sits out is skipped.",
        phase="tricks",
    ),
    rule(
        "euchre.trick.play-from-hand",
        "Play from your hand",
        "A player can only play a card they hold.",
        phase="tricks",
    ),
    rule(
        "euchre.trick.follow-suit",
        "Follow suit",
        "A player who holds a card of the suit that was led must play one, counting the left "
        "bower as a trump and not as its printed suit.",
        phase="tricks",
    ),
    rule(
        "euchre.trick.void",
        "When you cannot follow",
        "A player without a card of the suit led may play whatever they like, trump or not.",
        phase="tricks",
    ),
    rule(
        "euchre.trick.winner",
        "Who wins a trick",
        "The highest trump in the trick wins it. If nobody played a trump, the best card of "
        "the suit led wins; a card of any other suit can never win.",
        phase="tricks",
    ),
    rule(
        "euchre.trick.winner-leads",
        "The winner leads",
        "Whoever takes a trick leads to the next one.",
        phase="tricks",
    ),
    # Scoring
    rule(
        "euchre.score.makers",
        "The makers make it",
        "Makers who take three or four of the five tricks score one point, whether or not the "
        "maker went alone.",
        phase="scoring",
    ),
    rule(
        "euchre.score.march",
        "A march",
        "Makers who take all five tricks together score two points.",
        phase="scoring",
    ),
    rule(
        "euchre.score.alone-march",
        "A lone march",
        "A maker who went alone and takes all five tricks scores four points.",
        phase="scoring",
    ),
    rule(
        "euchre.score.euchred",
        "Euchred",
        "If the defenders take three tricks or more, the makers are euchred and the defenders "
        "score two points.",
        phase="scoring",
    ),
    rule(
        "euchre.score.one-team",
        "One team scores",
        "Each played hand gives points to exactly one team, and scores only ever go up.",
        phase="scoring",
    ),
    # End of the game
    rule(
        "euchre.end.ten",
        "Ten points win",
        "The first team to reach ten points wins the game.",
        phase="end",
    ),
    ruling(
        "euchre.ruling.end-at-once",
        "When the game stops",
        question="Does the game stop the moment a team has ten points, and is a hand cut short "
        "when its outcome is already settled?",
        decision="Every hand is played through all five tricks and scored. If that score "
        "brings a team to ten or more the game ends at once, with no further deal; the final "
        "score is not cut back to ten.",
        alternative="Stop a hand as soon as the points it will give are certain, or cap the "
        "winning score at ten.",
        phase="end",
    ),
    ruling(
        "euchre.ruling.endless-game",
        "A game that never ends",
        question="Can a game of Euchre go on for ever, and does cardlaw stop it?",
        decision="Under the default throw-in rule a game can go on for ever. Nothing stops all "
        "four players from passing twice on every deal: each deal is thrown in, the deal moves "
        "on, and after four such deals the same seat deals again at the same score, so the game "
        "is back where it was and may never end. The proof obligation euchre.game.ends.throw-in "
        "finds this loop and plays it through the engine. cardlaw sets no limit on the number "
        "of deals. Under the variant stick-the-dealer every deal is played and scores at least "
        "one point, so every game ends within 19 hands (euchre.game.ends.stick-the-dealer).",
        alternative="Cap the number of deals a game may last, or play stick-the-dealer "
        "(stick_the_dealer=True), under which every game is proved to end within 19 hands.",
        phase="end",
        variant="stick_the_dealer",
    ),
    rule(
        "euchre.info.hidden",
        "What a player may know",
        "A player knows their own cards, the up-card, every bid and every card played to a "
        "trick; the dealer also knows the card they laid down. Nobody sees another player's "
        "hand or the undealt cards.",
        phase="info",
    ),
)

RULEBOOK = game_rulebook(
    "euchre",
    "Euchre",
    _CLAUSES,
    Phase("cards", "Cards and components"),
    Phase("setup", "Setting up"),
    Phase("hand", "The hand"),
    Phase("deal", "The deal", "five each, one turned up", step=True),
    Phase("bidding", "Making trump", "up to two rounds", step=True),
    Phase("tricks", "Tricks", "five per hand", step=True),
    Phase("scoring", "Scoring a hand", "then the next deal; first to ten", step=True),
    Phase("end", "End of the game"),
    Phase("info", "What players know"),
    sources=SOURCES,
    guide=GUIDE,
)
"""Euchre's clauses and rulings."""
