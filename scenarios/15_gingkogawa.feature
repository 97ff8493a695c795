Feature: The Gingkogawa Clan bot
  A community bot (sheet credited to MCLof) that reads the rival's cards as zones: the Stewards'
  floor, the Diplomats' floor and Outside the Walls. It is first in the first round's turn order,
  so its first turn comes with the deal (later rounds follow the Passage of Time). Like the Tokugawa rival it flips cards until the card on top names a die;
  its used cards go to a discard pile. With the standard deal only steward_1 (tiles white, coral,
  coral) has two die tiles of one colour.

  @GINKGO.SETUP
  Rule: The bot is set up like the Tokugawa rival, except that it is first in the first round's turn order (later rounds follow the Passage of Time, as for every clan) and its Influence starts on Passage of Time space 1 (Easy), 2 (Normal) or 3 (Hard).

    Scenario Outline: the <difficulty> bot is first and starts on space <space>
      Given a solo game against the <difficulty> Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | Z1   | white | right | outside_left | -   | -      |
        | Z2   | coral | right | outside_left | -   | -      |
      When the deal is applied
      Then the turn order is now clan 1, clan 0
      And clan 1 is now on Passage of Time space <space>

      Examples:
        | difficulty | space |
        | easy       | 1     |
        | normal     | 2     |
        | hard       | 3     |

  @RULING.GINKGO_SETUP_CP
  Rule: The bot starts with the Clan Points of the Tokugawa difficulty table: 0 on Easy, 3 on Normal, 8 on Hard.

    Scenario Outline: the <difficulty> bot starts with <cp> Clan Points
      Given a solo game against the <difficulty> Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | Z1   | white | right | outside_left | -   | -      |
        | Z2   | coral | right | outside_left | -   | -      |
      When the deal is applied
      Then clan 1 now holds <cp> Clan Points

      Examples:
        | difficulty | cp |
        | easy       | 0  |
        | normal     | 3  |
        | hard       | 8  |

  @GINKGO.ZONES
  Rule: The bot reads a card's placement space as a zone and a position in it: the Stewards' floor (3 rooms), the Diplomats' floor (2 rooms) or Outside the Walls (2 spaces), positions counted left to right.

    Example: a card showing diplomat_2 stands for position 2 of the Diplomats' floor
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space      | top | bottom |
        | Z1   | white | right | the Well   | -   | -      |
        | Z2   | coral | right | diplomat_2 | -   | -      |
      When the deal is applied
      Then diplomat_2 now holds a coral 5 of clan 1
      # 5 (coral right die) − 4 (diplomat_2's value) = 1
      And clan 1 now holds 1 coin

  @GINKGO.TURN.FIND_DIE
  Rule: The bot flips cards until the card on top of the deck names a slot holding a die, exactly as SOLO.TURN.FIND_DIE, and takes that die.

    Example: the card on top after a flip names the die; the flipped card is discarded
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space         | top | bottom |
        | Z1   | coral | left  | the Well      | -   | -      |
        | Z2   | white | right | outside_right | -   | -      |
        | Z3   | black | left  | outside_left  | -   | -      |
      When the deal is applied
      Then outside_right now holds a white 6 of clan 1
      And the rival's flipped cards are now Z1
      And the discard pile is now Z1
      And the Solitaire deck is now Z2, Z3

  @GINKGO.STEWARDS.PAIR
  Rule: In the Stewards' zone, a free room holding two die tiles of one colour gets the die; if several qualify, the first found going rightwards from the shown position. The bot then does the last flipped card's actions plus its difficulty bonus (GINKGO.BONUS).

    @q33
    Example: the die goes to the free Stewards' room with two tiles of one colour
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space     | top  | bottom |
        | Z1   | white | right | the Well  | cp 2 | -      |
        | Z2   | coral | right | steward_3 | -    | -      |
      When the deal is applied
      Then steward_1 now holds a coral 5 of clan 1
      # 2 (Z1's cp 2) + 1 (easy pair bonus, GINKGO.BONUS) = 3; 5 − 3 (coral 5 on steward_1, the pair room after steward_3) = 2
      And clan 1 now holds 3 Clan Points and 2 coins
      # space 1 (easy) + 1 (pair bonus) = 2
      And clan 1 is now on Passage of Time space 2

    @q33
    Example: of several such rooms, the first from the shown position rightwards
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space     | top | bottom |
        | Z1   | white | right | the Well  | -   | -      |
        | Z2   | coral | right | steward_2 | -   | -      |
      And the deal is changed:
        | die_tiles | white-iron, coral-iron, coral-food, black-iron, black-food, white-food, coral-choice, white-pearl, white-coin, black-pearl, white-choice, black-choice, coral-pearl, coral-coin, black-coin |
      When the deal is applied
      Then steward_2 now holds a coral 5 of clan 1
      And steward_1 now holds no dice

  @GINKGO.BONUS
  Rule: The Stewards' pair bonus: Easy, 1 Passage of Time step and 1 Clan Point; Normal, the round number of each; Hard, no points but one more card is revealed and its actions are done as well.

    Example: easy: 1 Influence and 1 Clan Point
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space     | top | bottom |
        | Z1   | white | right | the Well  | -   | -      |
        | Z2   | coral | right | steward_1 | -   | -      |
      When the deal is applied
      Then steward_1 now holds a coral 5 of clan 1
      # 0 (easy) + 1 (pair bonus) = 1
      And clan 1 now holds 1 Clan Point
      # space 1 (easy) + 1 (pair bonus) = 2
      And clan 1 is now on Passage of Time space 2

    Example: normal: the round number of each, 2 in round 2
      Given a solo game against the normal Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | B1   | coral | left  | the Well     | -   | -      |
        | B2   | black | right | outside_left | -   | -      |
        | B3   | coral | right | steward_3    | -   | -      |
      And it is round 2
      When clan 0 places the right white die on the Well
      Then steward_1 now holds a coral 5 of clan 1
      # 3 (normal) + 2 (pair bonus: round 2) = 5; 6 − 5 (black 6 on outside_left, first turn) + 5 − 3 (coral 5 on steward_1) = 3
      And clan 1 now holds 5 Clan Points and 3 coins
      # space 2 (normal) + 2 (pair bonus: round 2) = 4
      And clan 1 is now on Passage of Time space 4

    Example: hard: no points, but the next card is revealed and its actions done too
      Given a solo game against the hard Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space     | top  | bottom  |
        | Q1   | white | right | the Well  | cp 1 | -       |
        | Q2   | coral | right | steward_1 | -    | coins 2 |
        | Q3   | black | right | the Well  | cp 4 | -       |
      When the deal is applied
      Then steward_1 now holds a coral 5 of clan 1
      # 8 (hard) + 1 (Q1's cp 1) = 9; 5 − 3 (coral 5 on steward_1) + 2 (bonus card Q2's coins 2) = 4
      And clan 1 now holds 9 Clan Points and 4 coins
      # space 3 (hard), the hard bonus gives no steps = 3
      And clan 1 is now on Passage of Time space 3
      And the discard pile is now Q1, Q2

  @GINKGO.SHOWN_POSITION
  Rule: Without a qualifying Stewards' pair, the die goes to the shown position if it is free, and the bot does the last card's actions.

    Example: no Stewards' pair: the die goes to the shown position, with the last card's actions
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space      | top  | bottom  |
        | Z1   | white | right | the Well   | cp 1 | coins 2 |
        | Z2   | coral | right | diplomat_1 | -    | -       |
      When the deal is applied
      Then diplomat_1 now holds a coral 5 of clan 1
      # 0 (easy) + 1 (Z1's cp 1) = 1; 5 − 4 (coral 5 on diplomat_1) + 2 (Z1's coins 2) = 3
      And clan 1 now holds 1 Clan Point and 3 coins
      # space 1 (easy), no bonus off the Stewards' floor = 1
      And clan 1 is now on Passage of Time space 1

  @RULING.GINKGO_HALVES
  Rule: A card's top half is the top row of its action side and its bottom half the bottom row; 'the last card's actions' means both rows, top then bottom.

    @q33
    Example: the last card's actions are both of its rows, top then bottom
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space      | top      | bottom  |
        | Z1   | white | right | the Well   | courtier | climb 1 |
        | Z2   | coral | right | diplomat_1 | -        | -       |
      When the deal is applied
      Then the game now waits for a rival_room decision by clan 0
      When clan 0 chooses room steward_2
      Then clan 1's courtiers are now at Gate 0, Stewards 1, Diplomats 0, Daimyo 0

  @GINKGO.WRAP
  Rule: If the shown position is taken but its zone has a free one, the die goes to the next free position to its right, continuing from the zone's left end, and the bot does the last card's actions.

    @q33
    Example: the shown position is taken: the next free one, wrapping to the left
      Given a solo game against the normal Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top  | bottom |
        | X1   | coral | left  | the Well     | -    | -      |
        | X2   | white | right | outside_left | cp 1 | -      |
        | X3   | coral | right | diplomat_2   | -    | -      |
      When clan 0 places the right black die on diplomat_2
      Then diplomat_2 now holds a black 6 of clan 0
      And diplomat_1 now holds a coral 5 of clan 1
      # 3 (normal) + 1 (X2's cp 1) = 4; 6 − 5 (white 6 on outside_left, first turn) + 5 − 4 (coral 5 on diplomat_1) = 2
      And clan 1 now holds 4 Clan Points and 2 coins

  @RULING.GINKGO_FREE_ROOM
  Rule: For the bot a position is free when no die has been placed on it this round; since nothing stacks with 2 players, one die makes it taken.

    @q33
    Example: a room holding any die this round is taken, even a Stewards' pair room
      Given a solo game against the normal Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | R1   | coral | left  | the Well     | -   | -      |
        | R2   | black | right | outside_left | -   | -      |
        | R3   | coral | right | steward_2    | -   | -      |
      When clan 0 places the right white die on steward_1
      And clan 0 declines
      Then steward_2 now holds a coral 5 of clan 1
      # 3 (normal), no pair bonus: steward_1 is taken (RULING.GINKGO_FREE_ROOM) = 3
      And clan 1 now holds 3 Clan Points
      # space 2 (normal), no pair bonus = 2
      And clan 1 is now on Passage of Time space 2

  @GINKGO.FULL_ZONE
  Rule: If every position of the zone is taken, the die goes to the Well and earns its coins. Easy adds 1 step and 1 CP; Normal adds 1 step and 1 CP, then one half of the last card; Hard adds the round number in steps and CP, then one half (GINKGO.HALF).

    Example: easy: the die goes to the Well for coins, plus 1 Influence and 1 Clan Point
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top  | bottom  |
        | V1   | coral | left  | the Well     | -    | -       |
        | V2   | white | right | outside_left | cp 2 | coins 4 |
        | V3   | coral | right | outside_left | -    | -       |
      When clan 0 places the right black die on outside_right
      And clan 0 declines
      Then the Well now holds a coral 5 of clan 1
      # 0 (easy) + 1 (full zone bonus) = 1; 6 − 5 (white 6 on outside_left, first turn) + 5 − 1 (coral 5 at the Well) = 5
      And clan 1 now holds 1 Clan Point and 5 coins
      # space 1 (easy) + 1 (full zone bonus) = 2
      And clan 1 is now on Passage of Time space 2

    Example: normal: the same, then half of the last card
      Given a solo game against the normal Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top  | bottom  |
        | V1   | coral | left  | the Well     | -    | -       |
        | V2   | white | right | outside_left | cp 2 | coins 4 |
        | V3   | coral | right | outside_left | -    | -       |
      When clan 0 places the right black die on outside_right
      And clan 0 declines
      Then the Well now holds a coral 5 of clan 1
      # 3 (normal) + 1 (full zone bonus) + 2 (V2's top half for the odd 5) = 6;
      # 6 − 5 (white 6 on outside_left, first turn) + 5 − 1 (coral 5 at the Well) = 5
      And clan 1 now holds 6 Clan Points and 5 coins
      # space 2 (normal) + 1 (full zone bonus) = 3
      And clan 1 is now on Passage of Time space 3

    Example: hard: the round number of each, then half of the last card
      Given a solo game against the hard Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top  | bottom  |
        | V1   | coral | left  | the Well     | -    | -       |
        | V2   | white | right | outside_left | cp 2 | coins 4 |
        | V3   | white | right | outside_left | -    | -       |
      When clan 0 places the right black die on outside_right
      And clan 0 declines
      Then the Well now holds a white 2 of clan 1
      # 8 (hard) + 1 (round 1, full zone bonus) = 9;
      # 6 − 5 (white 6 on outside_left, first turn) + 2 − 1 (the slid white 2 at the Well) + 4 (V2's bottom half for the even 2) = 6
      And clan 1 now holds 9 Clan Points and 6 coins
      # space 3 (hard) + 1 (round 1, full zone bonus) = 4
      And clan 1 is now on Passage of Time space 4

  @GINKGO.HALF
  Rule: Where the bot does half of a card, an odd die value selects the card's top half and an even value its bottom half.

    @q33
    Example: an odd die: the top half
      Given a solo game against the normal Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space    | top  | bottom  |
        | W1   | white | right | the Well | cp 2 | coins 4 |
        | W2   | coral | right | the Well | -    | -       |
      When the deal is applied
      # 3 (normal) + 1 (Well card bonus) + 2 (W1's top half for the odd 5) = 6; 5 − 1 (coral 5 at the Well) = 4
      Then clan 1 now holds 6 Clan Points and 4 coins

    @q33
    Example: an even die: the bottom half
      Given a solo game against the normal Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space    | top  | bottom  |
        | W1   | white | right | the Well | cp 2 | coins 4 |
        | W2   | black | right | the Well | -    | -       |
      When the deal is applied
      # 3 (normal) + 1 (Well card bonus) = 4; 6 − 1 (black 6 at the Well) + 4 (W1's bottom half for the even 6) = 9
      Then clan 1 now holds 4 Clan Points and 9 coins

  @RULING.GINKGO_WELL_CARD
  Rule: A card whose placement space is the Well belongs to no zone; its die goes to the Well with the same bonuses and card half as for a full zone (GINKGO.FULL_ZONE).

    @q33
    Example: a card showing the Well is played as a full zone
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space    | top  | bottom |
        | W1   | white | right | the Well | cp 2 | -      |
        | W2   | coral | right | the Well | -    | -      |
      When the deal is applied
      Then the Well now holds a coral 5 of clan 1
      # 0 (easy) + 1 (Well card bonus, no card half on easy) = 1; 5 − 1 (coral 5 at the Well) = 4
      And clan 1 now holds 1 Clan Point and 4 coins
      # space 1 (easy) + 1 (Well card bonus) = 2
      And clan 1 is now on Passage of Time space 2

  @GINKGO.EXTRA.COURTIER_MOVE
  Rule: A climb icon when the bot has no Courtier in the Castle puts a Courtier at the Gate instead; a climb 2 then also moves it up to the 1st floor (room chosen by the player).

    Example: a climb of 1 with no Courtier in the Castle puts one at the Gate
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top     | bottom |
        | M1   | white | right | the Well     | climb 1 | -      |
        | M2   | coral | right | outside_left | -       | -      |
      When the deal is applied
      Then clan 1's courtiers are now at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      And clan 1 has now sent 1 courtier

    Example: a climb of 2 puts one at the Gate and moves it to the 1st floor
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space        | top     | bottom |
        | M1   | white | right | the Well     | climb 2 | -      |
        | M2   | coral | right | outside_left | -       | -      |
      When the deal is applied
      Then the game now waits for a rival_room decision by clan 0
      When clan 0 chooses room steward_3
      Then clan 1's courtiers are now at Gate 0, Stewards 1, Diplomats 0, Daimyo 0
      And the card in steward_3 is now S4

  @RULING.GINKGO_NO_COURTIER
  Rule: For GINKGO.EXTRA.COURTIER_MOVE the bot has 'no Courtier in the Castle' when none of its Courtiers is at the Gate or on the 1st or 2nd floor; Courtiers in the Daimyo's room do not count.

    Example: a Courtier in the Daimyo's room does not count as one in the Castle
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space         | top     | bottom |
        | N1   | coral | left  | the Well      | -       | -      |
        | N2   | black | right | outside_left  | climb 1 | -      |
        | N3   | white | right | outside_right | -       | -      |
      And clan 1 has courtiers at Gate 0, Stewards 0, Diplomats 0, Daimyo 1
      When clan 0 places the right coral die on the Well
      Then clan 1's courtiers are now at Gate 1, Stewards 0, Diplomats 0, Daimyo 1

  @GINKGO.EXTRA.GATE_NO_COURTIER
  Rule: A Courtier-to-the-Gate icon when the bot has no Courtier left in its supply moves its lowest Courtier up 1 level instead.

    Example: a Courtier to the Gate with none left moves the lowest Courtier up 1
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space         | top      | bottom |
        | N1   | coral | left  | the Well      | -        | -      |
        | N2   | black | right | outside_left  | courtier | -      |
        | N3   | white | right | outside_right | -        | -      |
      And clan 1 has courtiers at Gate 5, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on the Well
      Then the game now waits for a rival_room decision by clan 0
      When clan 0 chooses room steward_1
      Then clan 1's courtiers are now at Gate 4, Stewards 1, Diplomats 0, Daimyo 0

  @GINKGO.DISCARD
  Rule: The bot's used cards go to a discard pile rather than under the deck. The discard is shuffled into a new deck when the deck runs out, and at the start of every round.

    Example: when the deck runs out the discard pile is reshuffled into a new deck
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space         | top  | bottom |
        | Y1   | white | right | outside_right | -    | -      |
        | Y2   | coral | right | outside_left  | cp 2 | -      |
      When the deal is applied
      Then the discard pile is now Y1
      When clan 0 places the right black die on the Well
      Then the game now waits for a shuffle outcome
      And the discard pile is now empty
      When the discard pile is reshuffled as Y1
      Then outside_right now holds a white 6 of clan 1
      # 0 (easy) + 2 (Y2's cp 2: the last card flipped before the reshuffled Y1 named the die) = 2
      And clan 1 now holds 2 Clan Points
      And the discard pile is now Y2
      And the Solitaire deck is now Y1

  @RULING.GINKGO_EMPTY_DISCARD
  Rule: If the deck runs out while the discard pile is also empty, the cards flipped so far this turn, all but the last, are reshuffled to form the deck. If there are none, or the search has flipped 2N + 3 cards of a deck of N without success (more than twice the deck: 7 flips for 2 cards), the engine raises RulesGap (GINKGO.TURN.FIND_DIE).

    @G10 @q33
    Example: with the discard pile empty too, the cards flipped this turn but the last are reshuffled
      Given a solo game against the normal Gingkogawa bot with the Solitaire deck:
        | card | die   | slot | space         | top | bottom |
        | E1   | coral | left | outside_left  | -   | -      |
        | E2   | black | left | outside_right | cp 2 | -     |
        | E3   | white | left | the Well      | -   | -      |
      And the Solitaire deck is E1, E2, E3
      And the discard pile is empty
      And the coral bridge holds 1 | - | -
      And the black bridge holds - | - | 6
      And the white bridge holds - | - | 2
      When clan 0 places the right black die on the Well
      Then the game now waits for a shuffle outcome
      When the discard pile is reshuffled as E2, E1
      Then outside_left now holds a coral 1 of clan 1
      # 3 (normal) + 2 (E2's cp 2: the last card flipped before E1 named the coral 1) = 5
      And clan 1 now holds 5 Clan Points
      And the discard pile is now E3, E2
      And the Solitaire deck is now E1

  @RULING.GINKGO_HARD_NO_CARD
  Rule: The Hard bonus card is the card now on top of the deck: the card whose Bridge side named the die. It is always there at that moment, so the extra card can always be revealed; it is flipped, its actions are done and it goes to the discard pile with the others.

    @q33
    Example: the Hard bonus card is the card on top of the deck, the one that named the die
      Given a solo game against the hard Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space     | top  | bottom |
        | Q1   | white | right | the Well  | -    | -      |
        | Q2   | coral | right | steward_1 | cp 2 | -      |
        | Q3   | black | right | the Well  | cp 4 | -      |
      When the deal is applied
      Then the rival's flipped cards are now Q1, Q2
      # 8 (hard) + 2 (bonus card Q2's cp 2, Q1 shows none) = 10
      And clan 1 now holds 10 Clan Points
      And the Solitaire deck is now Q3

  @RULING.GINKGO_ROUND_SHUFFLE
  Rule: At the start of rounds 2 and 3 the bot's whole deck, its discard pile included, is reshuffled as one chance outcome with the dice re-roll.

    Example: the discard pile goes back into the deck reshuffled with the re-roll
      Given a solo game against the normal Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space         | top | bottom |
        | R1   | coral | left  | outside_left  | -   | -      |
        | R2   | black | right | outside_right | -   | -      |
        | R3   | white | left  | the Well      | -   | -      |
      And it is the last turn of round 1
      When clan 0 places the right white die on the Well
      Then the discard pile is now R1
      When the dice are re-rolled as 1 2 3 / 4 5 6 / 2 2 2 and the Solitaire deck is reshuffled as R3, R1, R2
      Then it is now round 2
      And the discard pile is now R3
      And the Solitaire deck is now R1, R2
      And outside_left now holds a coral 1 of clan 1

  @READING.GINKGO_PAIR_COLOUR
  Rule: Which Stewards' rooms qualify for GINKGO.STEWARDS.PAIR: 'any' counts a room with two die tiles of any one colour; 'die' counts only a room with two tiles of the placed die's colour.

    @q33
    Example: any (the default): a pair of any colour attracts the die
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space     | top | bottom |
        | Z1   | white | right | the Well  | -   | -      |
        | Z2   | black | right | steward_2 | -   | -      |
      When the deal is applied
      Then steward_1 now holds a black 6 of clan 1
      # 0 (easy) + 1 (pair bonus for steward_1's coral pair) = 1
      And clan 1 now holds 1 Clan Point

    @q33
    Example: die: only a pair of the die's colour does
      Given a solo game against the easy Gingkogawa bot with the Solitaire deck:
        | card | die   | slot  | space     | top | bottom |
        | Z1   | white | right | the Well  | -   | -      |
        | Z2   | black | right | steward_2 | -   | -      |
      And the setup reads solo.pair_colour as die
      When the deal is applied
      Then steward_2 now holds a black 6 of clan 1
      # 0 (easy), no black pair so no bonus (READING.GINKGO_PAIR_COLOUR) = 0
      And clan 1 now holds 0 Clan Points
