Feature: Clan members and Warriors
  The three main actions each send the leftmost member of one line of the Domain board. A Warrior
  goes to a Training Yard for good and resolves the yard's tiles; Warriors score at the end by yard
  value times Courtiers inside the Castle.

  @MEMBERS.MAIN_ACTIONS
  Rule: There are three main actions, each using one kind of clan member: a Warrior goes to a Training Yard, a Gardener to a Garden card, and a Courtier into the Castle and up its floors. Daimyo Seals, Lantern Rewards and the Passage of Time support these actions.

    Example: a Warrior action sends a Warrior and nothing else
      Given a 2-player game
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 1-iron yard
      Then clan 0 has now sent 0 courtiers, 0 gardeners and 1 warrior
      And the 1-iron yard now holds warriors of clan 0

    Example: a Gardener action sends a Gardener and nothing else
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 0
      Then clan 0 has now sent 0 courtiers, 1 gardener and 0 warriors
      And garden slot 0 now holds gardeners of clan 0

  @MEMBERS.LEFTMOST
  Rule: Whenever a main action sends a clan member from your Domain board, it is the first remaining member from the left of that member type's line; you never choose another one.

    Example: the next Warrior sent is the leftmost still on the line
      Given a 2-player game
      And clan 0 has sent 2 warriors
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 1-iron yard
      Then clan 0 has now sent 3 warriors

  @MEMBERS.UNCOVER
  Rule: Sending a member away empties its space on the Domain line and reveals the reward printed there; revealed rewards are what a die in that Domain row pays later (DOMAIN.REWARDS).

    Scenario Outline: with <sent> Warriors sent the white row pays <pearl> Mother-of-Pearl and <seals> seals
      Given a 2-player game
      And clan 0 has sent <sent> warriors
      When clan 0 places the right white die on domain_white
      Then clan 0 now holds <pearl> Mother-of-Pearl and <seals> seals

      Examples:
        | sent | pearl | seals |
        | 0    | 1     | 2     |
        | 1    | 2     | 2     |
        | 3    | 3     | 3     |

  @WARRIOR.PLACE
  Rule: A Warrior action moves your leftmost Warrior to a Training Yard of your choice, and you pay the Iron printed on that yard (5, 3 or 1). A yard whose Iron you cannot pay cannot be chosen.

    Example: a yard whose Iron the clan cannot pay cannot be chosen
      Given a 2-player game
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 3-iron yard
      Then the action is refused citing WARRIOR.PLACE
      When clan 0 chooses the 1-iron yard
      # 2 iron (SR9) − 1 (the 1-iron yard) = 1
      Then clan 0 now holds 1 iron
      And the 1-iron yard now holds warriors of clan 0

    Example: paying 3 Iron for the 3-Iron yard
      Given a 2-player game
      And clan 0 holds 3 iron
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 3-iron yard
      # 3 iron (given) − 3 (the 3-iron yard) = 0
      Then clan 0 now holds 0 iron
      And the 3-iron yard now holds warriors of clan 0

  @WARRIOR.YARD_UNLIMITED
  Rule: A Training Yard has no capacity: any number of Warriors, from any clans and several from the same clan, may stand in it.

    Example: a yard already holding three Warriors takes a fourth
      Given a 2-player game
      And clan 0 has a warrior in the 1-iron yard
      And clan 1 has 2 warriors in the 1-iron yard
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 1-iron yard
      Then the 1-iron yard now holds warriors of clan 0, clan 1, clan 1, clan 0

  @WARRIOR.NEVER_MOVE
  Rule: Once placed, a Warrior stays in its Training Yard until the game ends.

    Example: Warriors stay in their yard into the next round
      Given a 2-player game
      And clan 0 has a warrior in the 5-iron yard
      And it is the last turn of round 1
      When clan 1 places the right white die on the Well
      And the dice are re-rolled as 1 2 3 / 4 5 6 / 2 2 2
      Then it is now round 2
      And the 5-iron yard now holds warriors of clan 0

  @WARRIOR.TILE_ACTIONS
  Rule: After placing the Warrior you resolve the effect of each Yard tile on that yard (two on the 5-Iron yard, one on each other yard), in the order you prefer.

    Example: the two tiles of the 5-Iron yard in the order the clan likes
      Given a 2-player game
      And clan 0 holds 5 iron
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 5-iron yard
      Then the game now waits for an order decision by clan 0
      When clan 0 resolves icon 1 next
      # 2 seals (SR9) + 2 (Y5's reward side) = 4; 5 iron (given) − 5 (the 5-iron yard) = 0
      Then clan 0 now holds 4 seals and 0 iron
      And the game now waits for a castle_row decision by clan 0

  @WARRIOR.SCORE
  Rule: At game end you add up the printed values of the yards your Warriors stand in, then multiply that sum by the number of your Courtiers on floors 1 to 3 of the Castle (Courtiers at the Gate do not count).

    @q24
    Example: yard values times Courtiers inside the Castle, the Gate not counted
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 has a warrior in the 5-iron yard
      And clan 0 has a warrior in the 1-iron yard
      And clan 0 has courtiers at Gate 1, Stewards 1, Diplomats 0, Daimyo 1
      When clan 1 places the right white die on the Well
      Then the game is now over
      # 2 (5-iron yard) × 2 + 1 (1-iron yard) × 2 (Courtiers on Stewards and Daimyo, the Gate not counted) = 6; 1 (Gate) + 3 (1st floor) + 10 (Daimyo) = 14
      And the final scores are:
        | clan | warriors | courtiers |
        | 0    | 6        | 14        |
