Feature: Gardeners
  A Gardener goes to a Garden card beside a Bridge, paying its Food, and may use the card's action
  then and at the end of rounds 1 and 2 while its Bridge still holds a die. It scores the card's
  Clan Points.

  @GARDENER.PLACE
  Rule: A Gardener action moves your leftmost Gardener onto a Garden card on which you have no Gardener yet, and you pay that card's Food cost. Other clans' Gardeners do not block a card, so each card can hold one Gardener per clan.

    @q14
    Example: a card with another clan's Gardener can take one of ours
      Given a 2-player game
      And clan 1 has a gardener on garden slot 2
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 2
      # 4 food (SR9) − 2 (G3) = 2
      Then clan 0 now holds 2 food
      And garden slot 2 now holds gardeners of clan 1, clan 0

    @q14
    Example: a card with our own Gardener cannot take a second
      Given a 2-player game
      And clan 0 has a gardener on garden slot 2
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 2
      Then the action is refused citing GARDENER.PLACE

    Example: a card whose Food the clan cannot pay cannot be chosen
      Given a 2-player game
      And clan 0 holds 1 food
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 2
      Then the action is refused citing GARDENER.PLACE

  @GARDENER.ACTION_OPTIONAL
  Rule: After placing the Gardener you may resolve the card's action, paying the coins it shows if it has a coin cost. You may also skip it; the Gardener still earns the card's Clan Points at game end.

    Example: the card's action taken at once
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 2
      Then the game now waits for an optional decision by clan 0
      When clan 0 accepts
      # 2 seals (SR9) + 2 (G3's action) = 4
      Then clan 0 now holds 4 seals

    Example: the action skipped, the Gardener stays
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 2
      And clan 0 declines
      # 2 seals (SR9), G3's action declined = 2
      Then clan 0 now holds 2 seals
      And garden slot 2 now holds gardeners of clan 0
      And the game now waits for a turn decision by clan 1

    Example: a Plant card's action costs its coins
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 1
      And clan 0 accepts
      # 3 coins (SR9) + 0 (a 5 on Outside's 5) − 3 (G7's action) = 0; 4 food (SR9) − 4 (G7) = 0
      Then clan 0 now holds 0 coins and 0 food
      And the game now waits for a courtier decision by clan 0

  @GARDENER.REACTIVATE
  Rule: At the end of rounds 1 and 2, each of your Gardeners whose Garden card lies under a Bridge that still has at least one die uses that card's action once more, without paying its Food again.

    @q13
    Example: a Gardener under a Bridge that still holds a die acts again without Food
      Given a 2-player game
      And clan 0 has a gardener on garden slot 0
      And it is the last turn of round 1
      And the coral bridge holds 1 | - | -
      And the black bridge holds - | - | 6
      And the other bridges are empty
      When clan 1 places the right black die on the Well
      Then the game now waits for an optional decision by clan 0
      When clan 0 accepts
      # 3 coins (SR9) + 3 (G1 again, the coral bridge still holds the 1) = 6; 4 food (SR9), no Food paid again = 4
      Then clan 0 now holds 6 coins and 4 food
      And the game now waits for a roll outcome

    @q13
    Example: a Gardener under an empty Bridge does not
      Given a 2-player game
      And clan 0 has a gardener on garden slot 0
      And it is the last turn of round 1
      And the black bridge holds - | - | 6
      And the other bridges are empty
      When clan 1 places the right black die on the Well
      Then the game now waits for a roll outcome
      # 3 coins (SR9) + 0 (the coral bridge is empty, G1 does not act) = 3
      And clan 0 now holds 3 coins

  @READING.STONE_GARDEN_ICON
  Rule: The icon of the Stone garden that costs 2 Food (G4): 'light' is any light-background action on a castle card (EFFECT.LIGHT_ACTION); 'lantern' activates the clan's Lantern (LANTERN.TRIGGER).

    Example: read as the light-background action (the default), the Stone garden G4 asks for a light block
      Given a 2-player game
      And the deal is changed:
        | stone | G4, G1, G3, G5, G2 |
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 0
      And clan 0 accepts
      Then the game now waits for a castle_row decision by clan 0
      And the observation at "/pending/icon/type" is "light"

    Example: read as the Lantern, the Stone garden G4 activates the clan's Lantern
      Given a 2-player game
      And the setup reads readings.stone_garden as lantern
      And the deal is changed:
        | stone | G4, G1, G3, G5, G2 |
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 0
      And clan 0 accepts
      # 4 food (SR9) − 2 (G4's Food cost) + 1 (SR9's Lantern icon) = 3
      Then clan 0 now holds 3 food
      And the game now waits for a turn decision by clan 1

  @GARDENER.SCORE
  Rule: At game end each Gardener is worth the Clan Points printed on its Garden card, whether or not its action was ever used.

    Example: Gardeners score their cards' points, used or not
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 has a gardener on garden slot 2
      And clan 0 has a gardener on garden slot 5
      When clan 1 places the right white die on the Well
      # 3 (G3) + 9 (G10) = 12
      Then the final scores are:
        | clan | gardeners |
        | 0    | 12        |

  @GARDEN.PRICE_LADDER
  Rule: A Garden card with a Food cost of c is worth 2c - 1 Clan Points at game end (cost 1 gives 1, 2 gives 3, 3 gives 5, 4 gives 7, 5 gives 9).

    Scenario Outline: a Garden costing <food> Food is worth <points> Clan Points
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 has a gardener on garden slot <slot>
      When clan 1 places the right white die on the Well
      Then the final scores are:
        | clan | gardeners |
        | 0    | <points>  |

      Examples:
        | card | slot | food | points |
        | G1   | 0    | 1    | 1      |
        | G3   | 2    | 2    | 3      |
        | G5   | 4    | 3    | 5      |
        | G7   | 1    | 4    | 7      |
        | G10  | 5    | 5    | 9      |
