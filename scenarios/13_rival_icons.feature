Feature: The rival's icons
  What the Tokugawa rival does for each icon on the action side of its Solitaire cards, and the
  project's rulings where the solo page is silent. In most examples the medium or hard rival plays
  its first turn with the deal: it flips the first card, the second card names the black 6, which goes
  to the Well (5 coins), and the rival does the first card's actions.

  @SOLO.ICONS
  Rule: A Solitaire card's action side uses seven icons: Gardener to a garden, Warrior to a yard, Courtier to the Gate, climb 1 or 2, Clan Points, Passage of Time steps and coins. Nothing else may appear on it.

    Example: a card showing each of the seven icons
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top                                       | bottom                     |
        | I1   | white | right | the Well | gardener stone, warrior 1, courtier, climb 1 | cp 1, influence 1, coins 1 |
        | I2   | black | right | the Well | -                                         | -                          |
      When the deal is applied
      Then the game now waits for a rival_room decision by clan 0
      When clan 0 chooses room steward_1
      Then garden slot 0 now holds gardeners of clan 1
      And the 1-iron yard now holds warriors of clan 1
      And clan 1's courtiers are now at Gate 0, Stewards 1, Diplomats 0, Daimyo 0
      # 3 (medium) + 1 (I1's cp 1) = 4; 6 − 1 (black 6 at the Well) + 1 (I1's coins 1) = 6
      And clan 1 now holds 4 Clan Points and 6 coins
      # space 1 (medium) + 1 (I1's influence 1) = 2
      And clan 1 is now on Passage of Time space 2

  @SOLO.ICON.GARDENER
  Rule: The rival's next Gardener goes, free, to the lowest-value garden of the type shown (Stone or Plant) that has none of its Gardeners yet; when both types are shown, the lowest of all six. The player breaks ties (RULING.RIVAL_GARDEN_VALUE).

    Example: a Gardener to the cheapest Stone garden, free
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top            | bottom |
        | I1   | white | right | the Well | gardener stone | -      |
        | I2   | black | right | the Well | -              | -      |
      When the deal is applied
      Then garden slot 0 now holds gardeners of clan 1
      And clan 1 has now sent 1 gardener
      # food 0 (the rival holds none and G1's cost is not paid, SOLO.GOLDEN.NEVER_PAYS) = 0
      And clan 1 now holds 0 food

    Example: both types shown: the cheapest of all six
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top          | bottom |
        | I1   | white | right | the Well | gardener any | -      |
        | I2   | black | right | the Well | -            | -      |
      When the deal is applied
      Then garden slot 0 now holds gardeners of clan 1

    Example: a garden holding the rival's Gardener is passed over
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top            | bottom |
        | I1   | coral | left  | the Well | -              | -      |
        | I2   | black | right | the Well | gardener stone | -      |
        | I3   | white | right | the Well | -              | -      |
      And clan 1 has a gardener on garden slot 0
      And the Solitaire deck is I2, I3, I1
      When clan 0 places the right coral die on the Well
      Then garden slot 2 now holds gardeners of clan 1

  @RULING.RIVAL_GARDEN_VALUE
  Rule: A garden's 'value' for the rival is its Food cost, which ranks gardens the same way as their Clan Points (GARDEN.PRICE_LADDER). When several gardens share the lowest value, the player picks one for the rival as a decision.

    @G17
    Example: two Plant gardens of the same cost: the player breaks the tie
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top            | bottom |
        | I1   | white | right | the Well | gardener plant | -      |
        | I2   | black | right | the Well | -              | -      |
      When the deal is applied
      Then the game now waits for a rival_garden decision by clan 0
      When clan 0 chooses garden slot 5
      Then the action is refused citing SOLO.ICON.GARDENER
      When clan 0 chooses garden slot 3
      Then garden slot 3 now holds gardeners of clan 1

  @SOLO.ICON.WARRIOR
  Rule: The rival's next Warrior goes, free, into the Training Yard whose cost (5, 3 or 1 Iron) the icon shows; no yard tile is resolved.

    Example: a Warrior into the 5-Iron yard, free, and no yard tile for the rival
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top       | bottom |
        | I1   | white | right | the Well | warrior 5 | -      |
        | I2   | black | right | the Well | -         | -      |
      When the deal is applied
      Then the 5-iron yard now holds warriors of clan 1
      # seals and iron 0 (the yard's cost not paid, Y5's seals not given, SOLO.ICON.WARRIOR) = 0; 6 − 1 (black 6 at the Well) = 5
      And clan 1 now holds 0 seals, 0 iron and 5 coins
      And the game now waits for a turn decision by clan 0

  @SOLO.ICON.COURTIER
  Rule: The rival sends its next Courtier to the Gate.

    Example: a Courtier to the Gate, free
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top      | bottom |
        | I1   | white | right | the Well | courtier | -      |
        | I2   | black | right | the Well | -        | -      |
      When the deal is applied
      Then clan 1's courtiers are now at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      # 6 − 1 (black 6 at the Well, the courtier costs nothing) = 5
      And clan 1 now holds 5 coins

  @SOLO.ICON.CLIMB
  Rule: The rival's lowest Courtier climbs 1 or 2 levels, free. Stopping on the 1st or 2nd floor, the player picks the room and that room's card is removed and replaced; reaching the Daimyo's room, it takes the leftmost free favour.

    @G17
    Example: the lowest Courtier climbs two floors and the player picks the room
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top               | bottom |
        | I1   | white | right | the Well | courtier, climb 2 | -      |
        | I2   | black | right | the Well | -                 | -      |
      When the deal is applied
      Then the game now waits for a rival_room decision by clan 0
      When clan 0 chooses room diplomat_1
      Then clan 1's courtiers are now at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      # pearl 0 (the climb is free, SOLO.GOLDEN.NEVER_PAYS) = 0
      And clan 1 now holds 0 Mother-of-Pearl

  @RULING.RIVAL_CARD_REMOVED
  Rule: When the rival's Courtier stops on the 1st or 2nd floor, the card of the room it enters leaves the game and the top card of that floor's deck takes its place; if that deck is empty, the card stays where it is. The rival gets no action from the card.

    Example: the room's card leaves the game and is replaced; the rival gets nothing from it
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top               | bottom |
        | I1   | white | right | the Well | courtier, climb 2 | -      |
        | I2   | black | right | the Well | -                 | -      |
      When the deal is applied
      And clan 0 chooses room diplomat_1
      Then the card in diplomat_1 is now D3
      And the Diplomat deck is now D4, D5, D7, D8, D10, D11
      And clan 1's Domain card is now none
      # space 1 (medium), D2's steps not taken (RULING.RIVAL_CARD_REMOVED) = 1
      And clan 1 is now on Passage of Time space 1

    Example: with the floor's deck empty the card stays
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top     | bottom |
        | I1   | coral | left  | the Well | -       | -      |
        | I2   | black | right | the Well | climb 1 | -      |
        | I3   | white | right | the Well | -       | -      |
      And clan 1 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      And the Steward deck is empty
      And the Solitaire deck is I2, I3, I1
      When clan 0 places the right coral die on the Well
      And clan 0 chooses room steward_3
      Then the card in steward_3 is now S9
      And clan 1's courtiers are now at Gate 0, Stewards 1, Diplomats 0, Daimyo 0

  @SOLO.ICON.CLAN_POINTS
  Rule: The rival gains the number of Clan Points shown.

    Example: 2 Clan Points
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top  | bottom |
        | I1   | white | right | the Well | cp 2 | -      |
        | I2   | black | right | the Well | -    | -      |
      When the deal is applied
      # 8 (hard) + 2 (I1's cp 2) = 10
      Then clan 1 now holds 10 Clan Points

  @SOLO.ICON.INFLUENCE
  Rule: The rival's Influence marker advances the number of Passage of Time spaces shown.

    Example: 2 spaces on the Passage of Time
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top         | bottom |
        | I1   | white | right | the Well | influence 2 | -      |
        | I2   | black | right | the Well | -           | -      |
      When the deal is applied
      # space 1 (medium) + 2 (I1's influence 2) = 3
      Then clan 1 is now on Passage of Time space 3

  @SOLO.ICON.COINS
  Rule: The rival gains the number of coins shown.

    Example: 2 coins
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top     | bottom |
        | I1   | white | right | the Well | coins 2 | -      |
        | I2   | black | right | the Well | -       | -      |
      When the deal is applied
      # 6 − 1 (black 6 at the Well) + 2 (I1's coins 2) = 7
      Then clan 1 now holds 7 coins

  @RULING.RIVAL_FREE_CHECKPOINTS
  Rule: The rival's Influence marker passes the Passage of Time checkpoints without paying any Daimyo Seals.

    @q31 @G11
    Example: the rival passes a checkpoint without seals
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top         | bottom |
        | I1   | white | right | the Well | influence 3 | -      |
        | I2   | black | right | the Well | -           | -      |
      When the deal is applied
      # space 3 (hard) + 3 (I1's influence 3, past the checkpoint at 6 for free, RULING.RIVAL_FREE_CHECKPOINTS) = 6
      Then clan 1 is now on Passage of Time space 6
      # seals 0 (none paid at the checkpoint, RULING.RIVAL_FREE_CHECKPOINTS) = 0
      And clan 1 now holds 0 seals
      And the game now waits for a turn decision by clan 0

  @RULING.RIVAL_FAVOURS
  Rule: A rival Courtier reaching the Daimyo's room occupies the leftmost free favour space and keeps only the Clan Point, coin and Passage of Time parts of its reward; resources, seals, Lantern, Well and action parts are dropped. With no free space it just stays (COURTIER.DAIMYO.FULL).

    @q31 @G11
    Example: the leftmost free favour, a Well action, gives the rival nothing
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top               | bottom  |
        | I1   | white | right | the Well | courtier, climb 2 | climb 1 |
        | I2   | black | right | the Well | -                 | -       |
      When the deal is applied
      And clan 0 chooses room diplomat_2
      Then clan 1's courtiers are now at Gate 0, Stewards 0, Diplomats 0, Daimyo 1
      And the favours are now taken by clan 1, nobody, nobody
      # seals 0 (DF1's Well favour dropped, RULING.RIVAL_FAVOURS) = 0; 6 − 1 (black 6 at the Well) = 5
      And clan 1 now holds 0 seals and 5 coins

    @q31 @G11
    Example: its Clan Points are kept
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top     | bottom |
        | I1   | coral | left  | the Well | -       | -      |
        | I2   | black | right | the Well | climb 1 | -      |
        | I3   | white | right | the Well | -       | -      |
      And favour 0 is taken by clan 0
      And clan 1 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      And the Solitaire deck is I2, I3, I1
      When clan 0 places the right coral die on the Well
      Then the favours are now taken by clan 0, clan 1, nobody
      # 3 (medium) + 2 (favour 1 of DF1, CP+2, kept: RULING.RIVAL_FAVOURS) = 5
      And clan 1 now holds 5 Clan Points

    @q31 @G11
    Example: its resources are not
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top     | bottom |
        | I1   | coral | left  | the Well | -       | -      |
        | I2   | black | right | the Well | climb 1 | -      |
        | I3   | white | right | the Well | -       | -      |
      And the Daimyo's Favor card is DF2
      And favour 0 is taken by clan 0
      And clan 1 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      And the Solitaire deck is I2, I3, I1
      When clan 0 places the right coral die on the Well
      Then the favours are now taken by clan 0, clan 1, nobody
      # pearl 0 (favour 1 of DF2, pearl+2, dropped: RULING.RIVAL_FAVOURS) = 0
      And clan 1 now holds 0 Mother-of-Pearl

  @RULING.RIVAL_CLIMB_EXACT
  Rule: A climb that would carry the rival's lowest Courtier beyond the Daimyo's room (a climb 2 from the 2nd floor) is not shortened: it cannot be done and scores the round number (SOLO.TURN.UNDOABLE), as does a climb with no Courtier below the Daimyo's room.

    Example: a climb of 2 from the 2nd floor is not shortened: it scores the round number
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top               | bottom  |
        | I1   | white | right | the Well | courtier, climb 2 | climb 2 |
        | I2   | black | right | the Well | -                 | -       |
      When the deal is applied
      And clan 0 chooses room diplomat_1
      Then clan 1's courtiers are now at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      # 3 (medium) + 1 (climb 2 from the 2nd floor undoable: round 1, RULING.RIVAL_CLIMB_EXACT) = 4
      And clan 1 now holds 4 Clan Points
