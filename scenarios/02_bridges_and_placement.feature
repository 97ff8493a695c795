Feature: Bridges and placement
  A turn takes a die from an end of a Bridge and places it: in a castle room, Outside the Walls, at
  the Well or on the clan's own Domain board. Coins settle the difference between the die and the
  value it covers; a die from the left end lights the Lantern.

  @TURN.SEQUENCE
  Rule: A turn is: take one die from an end of any Bridge; place it on a legal space, settling the coin difference; if the die came from a left end, take your Lantern Reward; then resolve the space.

    @q3
    Example: coins first, then the Lantern, then the space
      Given a 2-player game
      And clan 0's Lantern Area is SR9, A1
      When clan 0 places the left coral die on the Well
      Then the game now waits for an order decision by clan 0
      # 3 coins (SR9) + 0 (a 1 on the Well's 1) = 3; 2 seals (SR9), the Well not resolved yet (TURN.SEQUENCE) = 2
      And clan 0 now holds 3 coins and 2 seals
      When clan 0 resolves icon 0 next
      # 4 food (SR9) + 1 (Lantern: SR9) = 5; 2 seals (SR9) + 1 (the Well) = 3; 3 coins (SR9) + 0 (a 1 on the Well's 1) + 1 + 1 (coral-coin, black-coin) = 5
      Then clan 0 now holds 5 food, 3 seals and 5 coins
      # space 0 (SETUP.TIME_START) + 1 (Lantern: the tucked A1's back) = 1
      And clan 0 is now on Passage of Time space 1
      And the game now waits for a turn decision by clan 1

  @TURN.DECISION
  Rule: At every moment the game waits for exactly one decision: a chance outcome, or a choice of one named clan of one named kind (its turn's placement, an order of icons, a checkpoint payment, a room, ...). An action that does not answer the pending decision is refused.

    Example: at its turn a clan must place a die
      Given a 2-player game
      When clan 0 accepts
      Then the action is refused citing TURN.DECISION
      And the game now waits for a turn decision by clan 0

    Example: a chance outcome is refused while a clan must decide
      Given a 2-player game
      When the action {"type": "roll", "dice": [[1, 2, 3], [1, 2, 3], [1, 2, 3]], "solo_deck": []} is applied
      Then the action is refused citing TURN.DECISION

  @BRIDGE.ENDS_ONLY
  Rule: Only the die at either end of a Bridge may be taken; dice between the ends are unavailable.

    @q1
    Example: an empty end cannot be taken
      Given a 2-player game
      And the coral bridge holds - | - | 5
      When clan 0 places the left coral die on the Well
      Then the action is refused citing BRIDGE.ENDS_ONLY

    @q1
    Example: taking the right end takes the 5, never the centre 3
      Given a 2-player game
      When clan 0 places the right coral die on the Well
      Then the Well now holds a coral 5 of clan 0
      And the coral bridge now holds 1 | - | 3

  @BRIDGE.SLIDE
  Rule: If middle dice remain after an end die is taken, the middle die closest to the empty end moves into that end, keeping its value.

    @q1
    Scenario Outline: the centre die slides into the emptied <end> end
      Given a <players>-player game
      When clan 0 places the <end> coral die on the Well
      Then the coral bridge now holds <left> | <centre> | <right>

      Examples:
        | case        | players | end   | left | centre | right |
        | 2p-left     | 2       | left  | 3    | -      | 5     |
        | 2p-right    | 2       | right | 1    | -      | 3     |
        | 3p-left     | 3       | left  | 3    | 4      | 5     |
        | 3p-right    | 3       | right | 1    | 3      | 4     |

  @BRIDGE.LANTERN_LEFT
  Rule: Taking the left-end die (normally the lowest, as Bridges are sorted) activates the Lantern; taking the right-end die does not.

    Scenario Outline: the <end> die <lights> the Lantern
      Given a 2-player game
      When clan 0 places the <end> coral die on the Well
      Then clan 0 now holds <food> food and <coins> coins

      Examples:
        | end   | lights      | food | coins |
        | left  | lights      | 5    | 5     |
        | right | does not light | 4 | 9     |

  @RULING.LONE_DIE_SLOT
  Rule: Bridges have fixed slots: a left end, a right end and the centre between. The Lantern fires only when the taken die leaves the left-end slot. After sliding, a lone die sits in the left slot if the right-end die was taken last, otherwise in the right slot.

    @q2 @G1
    Example: a lone die left in the left slot still lights the Lantern
      Given a 2-player game
      When clan 0 places the right coral die on the Well
      And clan 1 places the right coral die on the Well
      Then the coral bridge now holds 1 | - | -
      When clan 0 places the left coral die on the Well
      # 4 food (SR9) + 0 (the 5 and the 3 leave the right end) + 1 (Lantern: SR9, the lone 1 leaves the left slot) = 5
      Then clan 0 now holds 5 food

    @q2 @G1
    Example: a lone die left in the right slot does not
      Given a 2-player game
      When clan 0 places the left coral die on the Well
      And clan 1 places the left coral die on the Well
      Then the coral bridge now holds - | - | 5
      When clan 0 places the right coral die on the Well
      # 4 food (SR9) + 1 (Lantern: SR9, the first left-end 1) + 0 (the lone 5 leaves the right slot) = 5
      Then clan 0 now holds 5 food

  @PLACE.COIN_DIFFERENCE
  Rule: A placed die is compared with the value it covers: the space's printed value, or the die already there. If it is higher you gain the difference in coins; if lower you pay the difference; if equal nothing changes hands.

    @q6
    Scenario Outline: a white <die> on <space> settles <change> coins
      Given a 2-player game
      When clan 0 places the <end> white die on <space>
      Then clan 0 now holds <coins> coins

      Examples:
        | case           | die | end   | space        | change | coins |
        | 6-steward      | 6   | right | steward_1    | +3     | 6     |
        | 6-diplomat     | 6   | right | diplomat_1   | +2     | 5     |
        | 6-outside      | 6   | right | outside_left | +1     | 4     |
        | 6-domain       | 6   | right | domain_white | 0      | 3     |
        | 1-steward      | 1   | left  | steward_1    | -2     | 1     |
        | 1-diplomat     | 1   | left  | diplomat_1   | -3     | 0     |

  @PLACE.MUST_PAY
  Rule: A die may not be placed where you would have to pay more coins than you have.

    Example: a die costing more coins than the clan holds is refused
      Given a 2-player game
      And clan 0 holds 1 coin
      When clan 0 places the left white die on steward_1
      Then the action is refused citing PLACE.MUST_PAY
      And clan 0 now holds 1 coin

    Example: paying every coin held is allowed
      Given a 2-player game
      And clan 0 holds 2 coins
      When clan 0 places the left white die on steward_1
      # 2 coins (given) − 2 (a 1 on the Stewards' 3) = 0
      Then clan 0 now holds 0 coins

  @PLACE.NO_STACK_2P
  Rule: At 2 players no die may be put on another: each castle room, Outside the Walls space and Domain row takes one die per round. The Well has no limit.

    @q6
    Example: at 2 players a taken room refuses a second die
      Given a 2-player game
      And a coral 3 of clan 1 is on steward_1
      When clan 0 places the right coral die on steward_1
      Then the action is refused citing PLACE.NO_STACK_2P

    @q6
    Example: at 2 players a taken Outside space refuses a second die
      Given a 2-player game
      And a black 2 of clan 1 is on outside_left
      When clan 0 places the right coral die on outside_left
      Then the action is refused citing PLACE.NO_STACK_2P

  @PLACE.STACK_3_4P
  Rule: At 3-4 players each castle room and Outside the Walls space takes up to 2 dice per round; the second covers the first and is compared with its value. Domain rows still take 1, and the Well is unlimited.

    @q6
    Example: at 3 players a second die covers the first and is compared with it
      Given a 3-player game
      And a coral 2 of clan 1 is on steward_1
      When clan 0 places the right coral die on steward_1
      # 3 coins (SR6, clan 0's pair at 3 players) + 3 (a 5 on the coral 2) = 6
      Then clan 0 now holds 6 coins
      And steward_1 now holds a coral 2 of clan 1 and a coral 5 of clan 0

    @q6
    Example: at 3 players a room holding two dice refuses a third
      Given a 3-player game
      And a coral 2 of clan 1 is on steward_1
      And a white 4 of clan 2 is on steward_1
      When clan 0 places the right coral die on steward_1
      Then the action is refused citing PLACE.STACK_3_4P

  @PLACE.WELL_ONE
  Rule: A die at the Well is always compared with the printed 1, never with earlier dice, so the Well never costs coins.

    @q6
    Example: a die at the Well is compared with 1, not with the dice already there
      Given a 2-player game
      And clan 0 holds 0 coins
      And a white 6 of clan 1 is on the Well
      When clan 0 places the left coral die on the Well
      # 0 coins (given) + 0 (a 1 on the Well's 1, not on the 6) + 1 + 1 (coral-coin, black-coin) = 2
      Then clan 0 now holds 2 coins
      And the Well now holds a white 6 of clan 1 and a coral 1 of clan 0

  @PLACE.WELL_ALWAYS_LEGAL
  Rule: The Well accepts any die at any time, so a taken die always has a legal space.

    Example: a die no other space can take still goes to the Well
      Given a 2-player game
      And clan 0 holds nothing
      And the coral bridge holds 1 | - | -
      And the other bridges are empty
      When clan 0 places the left coral die on steward_1
      Then the action is refused citing PLACE.MUST_PAY
      When clan 0 places the left coral die on the Well
      Then the Well now holds a coral 1 of clan 0

  @CASTLE.STEWARD_VALUE
  Rule: Each of the 3 Stewards' rooms on the 1st floor is a die space with a printed value of 3.

    Example: a 5 in a Stewards' room gains 2 coins
      Given a 2-player game
      When clan 0 places the right coral die on steward_1
      # 3 coins (SR9) + 2 (a 5 on the Stewards' 3) = 5
      Then clan 0 now holds 5 coins

  @CASTLE.DIPLOMAT_VALUE
  Rule: Each of the 2 Diplomats' rooms on the 2nd floor is a die space with a printed value of 4.

    Example: a 6 in a Diplomats' room gains 2 coins
      Given a 2-player game
      When clan 0 places the right black die on diplomat_2
      # 3 coins (SR9) + 2 (a 6 on the Diplomats' 4) = 5
      Then clan 0 now holds 5 coins
      # space 0 (SETUP.TIME_START) + 2 (D6's light block, black tile) = 2
      And clan 0 is now on Passage of Time space 2

  @CASTLE.NO_DAIMYO_DIE
  Rule: The Daimyo's room on the 3rd floor has no die space; only Courtiers go there.

    Example: the die rooms are the five rooms of floors 1 and 2; the Daimyo's room holds favours
      Given a 2-player game
      When the deal is applied
      Then the observation at "/board/rooms/0/floor" is 1
      And the observation at "/board/rooms/2/floor" is 1
      And the observation at "/board/rooms/3/floor" is 2
      And the observation at "/board/rooms/4/floor" is 2
      And the favours are now taken by nobody, nobody, nobody

  @CASTLE.COLOUR_MATCH
  Rule: A die may enter a castle room only if at least one of that room's die tiles shows the die's colour.

    @q4
    Example: a coral die cannot enter a room of black and white tiles
      Given a 2-player game
      When clan 0 places the right coral die on diplomat_1
      Then the action is refused citing CASTLE.COLOUR_MATCH

    @q4
    Example: a white die can
      Given a 2-player game
      When clan 0 places the right white die on diplomat_1
      Then diplomat_1 now holds a white 6 of clan 0

  @CASTLE.EVERY_MATCHING_ROW
  Rule: A die in a castle room resolves every row or block of the room's card whose die tile matches the die's colour; two matching tiles give two rows.

    @q5
    Example: a coral die in a room with two coral tiles does both rows
      Given a 2-player game
      When clan 0 places the right coral die on steward_1
      Then the game now waits for an order decision by clan 0
      When clan 0 resolves icon 1 next
      # 2 iron (SR9) + 2 (S2's bottom row, coral tile) = 4
      Then clan 0 now holds 4 iron
      # space 0 (SETUP.TIME_START) + 1 (S2's middle row, coral tile) = 1
      And clan 0 is now on Passage of Time space 1
      And the game now waits for a turn decision by clan 1

  @CASTLE.ROWS
  Rule: Castle card rows have a light or dark background. A Steward has 2 light rows and 1 dark row; a Diplomat has 1 light and 1 dark block, one of them spanning two rows. The 5 dealt cards show 13 blocks, 8 of them light, each with its own die tile.

    Example: a light Steward row needs no seal
      Given a 2-player game
      When clan 0 places the right white die on steward_3
      # 4 food (SR9) + 2 (S9's bottom row, white tile) = 6; 3 coins (SR9) + 3 (a 6 on the Stewards' 3) = 6; 2 seals (SR9), a light row costs none = 2
      Then clan 0 now holds 6 food, 6 coins and 2 seals
      And the game now waits for a turn decision by clan 1

    Example: a Diplomat's light block spans two rows and answers their one tile
      Given a 2-player game
      When clan 0 places the right white die on diplomat_1
      # space 0 (SETUP.TIME_START) + 2 (D2's light block over the middle and bottom rows, white tile) = 2
      Then clan 0 is now on Passage of Time space 2

  @CASTLE.DARK_SEAL
  Rule: Using the dark row of a Steward card costs 1 Daimyo Seal.

    @q19
    Example: a Steward's dark row costs 1 seal
      Given a 2-player game
      When clan 0 places the right white die on steward_1
      Then the game now waits for an optional decision by clan 0
      When clan 0 accepts
      # 2 seals (SR9) − 1 (S2's dark top row, white tile) = 1
      Then clan 0 now holds 1 seal
      And the game now waits for a courtier decision by clan 0

    @q19
    Example: the dark row can be declined and its seal kept
      Given a 2-player game
      When clan 0 places the right white die on steward_1
      And clan 0 declines
      # 2 seals (SR9), the dark row declined = 2
      Then clan 0 now holds 2 seals
      And the game now waits for a turn decision by clan 1

  @CASTLE.DIPLOMAT_DARK_FREE
  Rule: The dark block of a Diplomat card costs nothing extra to use.

    @q19
    Example: a Diplomat's dark block costs no seal
      Given a 2-player game
      When clan 0 places the right black die on diplomat_1
      Then the game now waits for a courtier decision by clan 0
      # 2 seals (SR9), D2's dark block costs none = 2; 3 coins (SR9) + 2 (a 6 on the Diplomats' 4) = 5
      And clan 0 now holds 2 seals and 5 coins

  @DAIMYO.FAVOURS
  Rule: The one Daimyo's Favor card on the 3rd floor has 3 favour spaces; each holds a single Courtier of any clan, and once occupied a space is never freed.

    Example: taken favour spaces stay taken; the last free one goes to the next Courtier
      Given a 2-player game
      And favour 0 is taken by clan 1
      And favour 1 is taken by clan 1
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      And clan 0 holds 2 Mother-of-Pearl
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Diplomats' floor
      Then the favours are now taken by clan 1, clan 1, clan 0
      # 2 seals (SR9) + 2 (DF1's third favour, the only free one) = 4
      And clan 0 now holds 4 seals

  @OUTSIDE.VALUE
  Rule: Outside the Walls has 2 die spaces, each with a printed value of 5, accepting any colour.

    Scenario Outline: a <colour> <die> Outside the Walls is compared with 5
      Given a 2-player game
      When clan 0 places the right <colour> die on outside_right
      Then clan 0 now holds <coins> coins
      And the game now waits for an outside decision by clan 0

      Examples:
        | colour | die | coins |
        | coral  | 5   | 3     |
        | black  | 6   | 4     |
        | white  | 6   | 4     |

  @OUTSIDE.CHOICES
  Rule: A die on the left Outside space gives your choice of a Gardener or a Courtier action; a die on the right one gives your choice of a Warrior or a Courtier action.

    @q7
    Example: the left space offers a Gardener or a Courtier action, not a Warrior
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the warrior action
      Then the action is refused citing OUTSIDE.CHOICES
      When clan 0 chooses the gardener action
      Then the game now waits for a garden decision by clan 0

    @q7
    Example: the right space offers a Warrior or a Courtier action, not a Gardener
      Given a 2-player game
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the gardener action
      Then the action is refused citing OUTSIDE.CHOICES
      When clan 0 chooses the warrior action
      Then the game now waits for a yard decision by clan 0

  @WELL.VALUE
  Rule: The Well is a single die space with a printed value of 1 that takes dice of any colour and any number of them.

    Example: the Well takes a fourth die of any colour
      Given a 2-player game
      And a coral 2 of clan 1 is on the Well
      And a white 4 of clan 1 is on the Well
      And a black 3 of clan 0 is on the Well
      When clan 0 places the right black die on the Well
      # 3 coins (SR9) + 5 (a 6 on the Well's 1, not on the dice there) + 1 + 1 (coral-coin, black-coin) = 10
      Then clan 0 now holds 10 coins
      And the Well now holds a coral 2 of clan 1, a white 4 of clan 1, a black 3 of clan 0 and a black 6 of clan 0

  @WELL.REWARD
  Rule: A die at the Well gives 1 Daimyo Seal plus the rewards of both Well tiles; the tiles never change, so every visit pays the same.

    Example: every visit gives 1 seal and both Well tiles
      Given a 2-player game
      When clan 0 places the left coral die on the Well
      And clan 1 places the right white die on the Well
      # 2 seals (SR9) + 1 (the Well) = 3; 3 coins (SR9) + 0 (a 1 on the Well's 1) + 1 + 1 (coral-coin, black-coin) = 5
      Then clan 0 now holds 3 seals and 5 coins
      # 1 seal (SR8) + 1 (the Well) = 2; 4 coins (SR8) + 5 (a 6 on the Well's 1) + 1 + 1 (coral-coin, black-coin) = 11
      And clan 1 now holds 2 seals and 11 coins

  @DOMAIN.VALUE
  Rule: Your Domain board has 3 die rows, one per member line, each with a printed value of 6; only you may use them.

    Example: a 5 on a Domain row pays 1 coin
      Given a 2-player game
      When clan 0 places the right coral die on domain_coral
      # 3 coins (SR9) − 1 (a 5 on the Domain row's 6) = 2
      Then clan 0 now holds 2 coins
      And clan 0's Domain dice are now 5, -, -

  @DOMAIN.COLOUR_LOCK
  Rule: Each Domain row takes one colour only: coral for the Courtier line, black for the Gardener line and white for the Warrior line.

    @q8
    Example: a black die cannot go on the coral row
      Given a 2-player game
      When clan 0 places the right black die on domain_coral
      Then the action is refused citing DOMAIN.COLOUR_LOCK

    @q8
    Example: it goes on the black row
      Given a 2-player game
      When clan 0 places the right black die on domain_black
      Then clan 0's Domain dice are now -, 6, -

  @DOMAIN.ONE_DIE
  Rule: A Domain row takes at most 1 die per round at every player count.

    @q8
    Example: a Domain row holding a die refuses another at 2 players
      Given a 2-player game
      And clan 0 has a 3 on its coral Domain line
      When clan 0 places the right coral die on domain_coral
      Then the action is refused citing DOMAIN.ONE_DIE

    @q8
    Example: and at 3 players too
      Given a 3-player game
      And clan 0 has a 3 on its coral Domain line
      When clan 0 places the right coral die on domain_coral
      Then the action is refused citing DOMAIN.ONE_DIE

  @DOMAIN.REWARDS
  Rule: A die in a Domain row gives 1 of the line's resource, then each uncovered space's reward, leftmost first. Coral line: Food, Food, 2 coins, Food, seal; black line: Iron, Iron, Lantern, Iron, 2 coins; white line: Mother-of-Pearl, Mother-of-Pearl, seal, Mother-of-Pearl, Lantern.

    Example: the line's resource and every uncovered reward
      Given a 2-player game
      And clan 0 has courtiers at Gate 3, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on domain_coral
      # 4 food (SR9) + 1 (the coral line) + 1 + 1 (two uncovered food) = 7; 3 coins (SR9) − 1 (a 5 on the 6) + 2 (third uncovered space) = 4
      Then clan 0 now holds 7 food and 4 coins
      And the game now waits for a courtier decision by clan 0

  @DOMAIN.CARD_BLOCK
  Rule: After the rewards you resolve the block of your Domain card lined up with the row: the coral row uses the top block, black the middle and white the bottom. A Diplomat block spanning two rows serves both, and dark rows count (a Steward's still costs its seal).

    @q18
    Example: the black row resolves the middle block of the Domain card
      Given a 2-player game
      And clan 0's Domain card is S5
      When clan 0 places the right black die on domain_black
      # 2 iron (SR9) + 1 (the black line) = 3; 4 food (SR9) + 1 (S5's middle row) = 5; 0 + 1 (S5's middle row) = 1
      Then clan 0 now holds 3 iron, 5 food and 1 Mother-of-Pearl
      And the game now waits for a turn decision by clan 1

    @q18
    Example: a Diplomat block over two rows serves the white row
      Given a 2-player game
      And clan 0's Domain card is D2
      When clan 0 places the right white die on domain_white
      # 0 + 1 (the white line) = 1
      Then clan 0 now holds 1 Mother-of-Pearl
      # space 0 (SETUP.TIME_START) + 2 (D2's light block, middle and bottom rows) = 2
      And clan 0 is now on Passage of Time space 2

    @q18
    Example: a Steward's dark row on the Domain card still asks for its seal
      Given a 2-player game
      And clan 0's Domain card is S5
      When clan 0 places the right coral die on domain_coral
      Then the game now waits for an optional decision by clan 0
      When clan 0 accepts
      # 2 seals (SR9) − 1 (S5's dark top row, CASTLE.DARK_SEAL) = 1
      Then clan 0 now holds 1 seal
      And the game now waits for a yard decision by clan 0

  @RULING.DOMAIN_REWARDS_DATA
  Rule: The Domain line rewards of rules-facts 11.1 are used as they stand, held as content data rather than code.

    @G3
    Example: the third uncovered reward of the Gardener line is a Lantern
      Given a 2-player game
      And clan 0 has sent 3 gardeners
      And clan 0's Domain card is S5
      When clan 0 places the right black die on domain_black
      Then the game now waits for an order decision by clan 0
      When clan 0 resolves icon 3 next
      # 2 iron (SR9) + 1 (black line) + 1 + 1 (uncovered iron) = 5; 4 food (SR9) + 1 (uncovered Lantern: SR9) + 1 (S5 middle row) = 6; 0 + 1 (S5 middle row) = 1
      Then clan 0 now holds 5 iron, 6 food and 1 Mother-of-Pearl
