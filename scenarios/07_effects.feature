Feature: Effects and holdings
  The icons of cards and tiles: plain gains with their caps, paid icons, member actions, die-tile,
  light-background, Well and Personal Domain actions, resource choices, and the project's rulings on
  how granted effects are taken.

  @RESOURCES.CAP
  Rule: A clan holds at most 7 each of Food, Iron and Mother-of-Pearl.

    @q12
    Example: Iron above 7 is lost
      Given a 2-player game
      And clan 0 holds 6 iron
      When clan 0 places the right coral die on steward_1
      And clan 0 resolves icon 1 next
      # 6 held + 2 (S2's bottom row, coral tile) − 1 (above the cap of 7, lost: RESOURCES.CAP) = 7
      Then clan 0 now holds 7 iron

  @COINS.NO_CAP
  Rule: There is no limit to the coins a clan may hold.

    Example: 40 coins and more
      Given a 2-player game
      And clan 0 holds 40 coins
      When clan 0 places the right black die on the Well
      # 40 held + 5 (a 6 on the Well's 1) + 1 + 1 (the Well's coin tiles) = 47
      Then clan 0 now holds 47 coins

  @EFFECT.PLAIN_GAINS
  Rule: Gain icons take effect at once: coin+n adds coins, seal+n seals, a resource icon that resource, CP+n moves your score marker now, and PoT+n gives n Passage of Time steps.

    Example: plain gains apply at once, with no decision
      Given a 2-player game
      When clan 0 places the right white die on steward_2
      # 4 food (SR9) + 1 (S5's middle row, white tile) = 5; 0 + 1 (S5's middle row) = 1; 3 coins (SR9) + 3 (a 6 on steward_2's 3) = 6
      Then clan 0 now holds 5 food, 1 Mother-of-Pearl and 6 coins
      And the game now waits for a turn decision by clan 1

  @EFFECT.PAID_ICON
  Rule: An icon with a price (a Steward's seal-then-action, a Plant Garden's coins-then-action) lets you pay that price to resolve the action; you may do so only if you can pay, and you pay only when you do.

    Example: the Plant card's 3 coins are paid to take its Courtier action
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 1
      Then the game now waits for an optional decision by clan 0
      When clan 0 accepts
      # 3 coins (SR9) + 0 (a 5 on outside_left's 5) − 3 (G7's price) = 0
      Then clan 0 now holds 0 coins
      And the game now waits for a courtier decision by clan 0

    Example: a price the clan cannot pay, even trading seals, is not offered
      Given a 2-player game
      And clan 0 holds 2 coins and 0 seals
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 1
      # 2 held + 0 (a 5 on outside_left's 5), G7's action not offered (it costs 3) = 2
      Then clan 0 now holds 2 coins
      And the game now waits for a turn decision by clan 1

  @EFFECT.MEMBER_ACTION
  Rule: An effect granting a Gardener, Warrior or Courtier action gives the full main action, and its normal costs (Food, Iron, coins, Mother-of-Pearl) are still paid.

    Example: a granted Courtier action still pays its audience
      Given a 2-player game
      And clan 0 holds 5 coins
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 1
      And clan 0 accepts
      And clan 0 requests an audience
      # 5 held + 0 (a 5 on outside_left's 5) − 3 (G7's price) − 2 (the audience, COURTIER.AUDIENCE) = 0
      Then clan 0 now holds 0 coins
      And clan 0's courtiers are now at Gate 1, Stewards 0, Diplomats 0, Daimyo 0

  @EFFECT.DIE_TILE_ACTION
  Rule: 'Any [colour] die-tile action' lets you resolve one castle row or block whose die tile shows that colour; no die is placed and no coins are compared.

    @q22
    Example: a black die-tile action does a block with a black tile, without a die
      Given a 2-player game
      And clan 0 holds 3 iron
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 3-iron yard
      Then the game now waits for a castle_row decision by clan 0
      When clan 0 chooses block 1 of the card in steward_2
      Then the action is refused citing EFFECT.DIE_TILE_ACTION
      When clan 0 chooses block 1 of the card in diplomat_2
      # space 0 (SETUP.TIME_START) + 2 (D6's PoT+2, black tile of diplomat_2) = 2
      Then clan 0 is now on Passage of Time space 2
      And diplomat_2 now holds no dice

  @EFFECT.ANY_DIE_TILE
  Rule: 'Any die-tile action' of no stated colour lets you resolve any one of the 13 castle rows or blocks.

    @q22
    Example: any die-tile action may pick a block of any colour
      Given a 2-player game
      And clan 0 holds 5 food and 4 coins
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 5
      And clan 0 accepts
      And clan 0 chooses block 2 of the card in steward_1
      # 2 iron (SR9) + 2 (S2's bottom row) = 4; 4 held − 4 (G10's price) = 0; 5 held − 5 (G10's Food cost) = 0
      Then clan 0 now holds 4 iron, 0 coins and 0 food

  @EFFECT.LIGHT_ACTION
  Rule: 'Any light-background action' lets you resolve one of the 8 light rows or blocks on the 5 castle cards in play.

    @q22
    Example: a light-background action may pick only a light block
      Given a 2-player game
      And the deal is changed:
        | yard_tiles | Y4, Y5, Y6, Y7 |
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 1-iron yard
      Then the game now waits for a castle_row decision by clan 0
      When clan 0 chooses block 0 of the card in steward_1
      Then the action is refused citing EFFECT.LIGHT_ACTION
      When clan 0 chooses block 1 of the card in steward_1
      # space 0 + 1 (S2's middle row, PoT+1) = 1
      Then clan 0 is now on Passage of Time space 1

  @EFFECT.WELL_ACTION
  Rule: A Well action gives 1 Daimyo Seal plus both Well tiles' rewards without a die.

    Example: a Well icon gives a seal and both Well tiles, no die involved
      Given a 2-player game
      When clan 0 places the right coral die on steward_3
      Then the game now waits for an order decision by clan 0
      When clan 0 resolves icon 1 next
      # 2 seals (SR9) + 1 (S9's Well icon) = 3; 3 coins (SR9) + 2 (a 5 on steward_3's 3) + 1 (S9's coin+1) + 1 + 1 (the Well's coin tiles) = 8
      Then clan 0 now holds 3 seals and 8 coins
      And the Well now holds no dice

  @EFFECT.DOMAIN_ACTION
  Rule: The Personal Domain action icon (Plant Garden 3/5, Yard tile Y8) activates one of your Domain rows without a die: its own icon, the rewards uncovered on it and the lined-up card block. This is the default reading of READING.DOMAIN_ICON; details in RULING.DOMAIN_ACTION_ICON.

    @q23
    Example: the Personal Domain action resolves a Domain line without a die
      Given a 2-player game
      And the deal is changed:
        | plant | G6, G9, G10, G7, G8 |
      And clan 0 holds 4 coins
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 1
      And clan 0 accepts
      Then the game now waits for a domain_line decision by clan 0
      When clan 0 chooses its coral Domain line
      # 4 food (SR9) − 3 (G6's Food cost) + 1 (the coral line's own Food, DOMAIN.REWARDS, no member sent) = 2; 4 held − 4 (G6's price) = 0
      Then clan 0 now holds 2 food and 0 coins
      And clan 0's Domain dice are now -, -, -
      And the game now waits for a courtier decision by clan 0

  @EFFECT.RESOURCE_CHOICE
  Rule: Res×n gives n resources picked one unit at a time, each Food, Iron or Mother-of-Pearl, so any mix is allowed.

    Example: three resources picked one at a time, in any mix
      Given a 2-player game
      And the card in diplomat_1 is D5
      When clan 0 places the right white die on diplomat_1
      Then the game now waits for a resource decision by clan 0
      When clan 0 picks 1 iron
      And clan 0 picks 1 iron
      And clan 0 picks 1 Mother-of-Pearl
      # 2 iron (SR9) + 1 + 1 (two picks) = 4; 0 + 1 (one pick) = 1
      Then clan 0 now holds 4 iron and 1 Mother-of-Pearl

  @RULING.GAINS_PER_ICON
  Rule: Each icon is applied whole, and anything above a cap (5 seals, 7 of a resource) is lost. Seal trades may be made at the clan's decision points, before a bundle of icons begins or between its choices, but never inside one icon.

    @q12 @G5
    Example: a gain is applied whole and the excess over the cap is lost
      Given a 2-player game
      And clan 0 holds 4 seals
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 2
      And clan 0 accepts
      # 4 held + 2 (G3's seal+2) − 1 (above the cap of 5, lost: RULING.GAINS_PER_ICON) = 5
      Then clan 0 now holds 5 seals

    @q12 @G5
    Example: trading before the gain keeps what would be lost
      Given a 2-player game
      And clan 0 holds 4 seals
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 2
      And clan 0 trades 2 seals for 1 iron
      And clan 0 accepts
      # 4 held − 2 (traded) + 2 (G3's seal+2) = 4; 2 iron (SR9) + 1 (the trade) = 3
      Then clan 0 now holds 4 seals and 3 iron

  @RULING.EFFECTS_OPTIONAL_ORDER
  Rule: Any interactive granted effect (member actions, die-tile and light actions, the Domain action, a Steward dark row with its seal, a garden action) may be declined, and its cost is paid only if taken; plain gains are always taken. Where the order of several effects can change the outcome, the player picks the order.

    @q5 @G7
    Example: the clan orders two matching rows
      Given a 2-player game
      And clan 0 is on Passage of Time space 5
      And clan 0 holds 0 seals
      When clan 0 places the right coral die on steward_1
      And clan 0 resolves icon 0 next
      # space 5 + 0 (S2's step stopped before the checkpoint, no seal: TIME.STOP) = 5
      Then clan 0 is now on Passage of Time space 5
      # 2 iron (SR9) + 2 (S2's bottom row, coral tile) = 4
      And clan 0 now holds 4 iron

    @G7
    Example: an Outside the Walls action may be declined
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 declines
      Then clan 0 has now sent 0 courtiers, 0 gardeners and 0 warriors
      And the game now waits for a turn decision by clan 1

  @READING.DOMAIN_ICON
  Rule: What the Personal Domain action icon does (Plant garden G6 after paying 4 coins, yard tile Y8): 'domain' resolves one of the clan's Domain lines without a die (RULING.DOMAIN_ACTION_ICON); 'members' is a Courtier, Warrior or Gardener action of the clan's choice, carried out at its normal cost.

    @q23 @G8
    Example: read as a Domain line (the default), the Plant garden G6 asks for a Domain line
      Given a 2-player game
      And the deal is changed:
        | plant | G6, G9, G10, G7, G8 |
      And clan 0 holds 4 coins
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 1
      And clan 0 accepts
      Then the game now waits for a domain_line decision by clan 0

    @q23 @G8
    Example: read as member actions, the Plant garden G6 offers a Warrior action at its normal cost
      Given a 2-player game
      And the setup reads readings.domain_icon as members
      And the deal is changed:
        | plant | G6, G9, G10, G7, G8 |
      And clan 0 holds 4 coins
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 1
      And clan 0 accepts
      Then the game now waits for a member_choice decision by clan 0
      When clan 0 chooses the warrior action
      And clan 0 chooses the 1-iron yard
      # 4 food (SR9) − 3 (G6's Food cost) = 1, no Domain line resolved; 4 held − 4 (G6's price) = 0; 2 iron (SR9) − 1 (the 1-iron yard) = 1
      Then clan 0 now holds 1 food, 0 coins and 1 iron
      And clan 0 has now sent 0 courtiers, 1 gardener and 1 warrior
      And the 1-iron yard now holds warriors of clan 0

    @q23 @G8
    Example: read as member actions, yard tile Y8 (the same icon) offers a member action too
      Given a 2-player game
      And the setup reads readings.domain_icon as members
      And the deal is changed:
        | yard_tiles | Y4, Y5, Y8, Y1 |
      And clan 0 holds 3 iron
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 3-iron yard
      Then the game now waits for a member_choice decision by clan 0
      When clan 0 declines
      # 3 held − 3 (the 3-iron yard) = 0
      Then clan 0 now holds 0 iron
      And clan 0 has now sent 0 courtiers, 0 gardeners and 1 warrior

    @q23 @G8
    Example: read as a Domain line, yard tile Y8 asks for a Domain line
      Given a 2-player game
      And the deal is changed:
        | yard_tiles | Y4, Y5, Y8, Y1 |
      And clan 0 holds 3 iron
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 3-iron yard
      Then the game now waits for a domain_line decision by clan 0

  @RULING.DOMAIN_ACTION_ICON
  Rule: The Personal Domain action icon lets you pick one of your three Domain lines and resolve it without a die: the line's own icon and its uncovered rewards, plus the lined-up block of your Domain card. A line that already holds a die this round may be picked.

    @q23 @G8
    Example: a Domain line that already holds a die may be picked
      Given a 2-player game
      And the deal is changed:
        | plant | G6, G9, G10, G7, G8 |
      And clan 0 holds 4 coins
      And clan 0 has a 5 on its coral Domain line
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 1
      And clan 0 accepts
      And clan 0 chooses its coral Domain line
      # 4 food (SR9) − 3 (G6's Food cost) + 1 (the coral line's own Food, DOMAIN.REWARDS, no member sent) = 2
      Then clan 0 now holds 2 food
      And clan 0's Domain dice are now 5, -, -

  @RULING.DIE_TILE_ACTION_LIMITS
  Rule: Die-tile and light-background actions ignore dice limits and may pick a room that is already full. A Steward dark row picked this way still costs its 1 seal.

    @q22 @G14
    Example: a full room may be picked and its Steward dark row still costs a seal
      Given a 2-player game
      And clan 0 holds 4 iron
      And a black 4 of clan 1 is on steward_2
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      And clan 0 chooses the 3-iron yard
      And clan 0 chooses block 0 of the card in steward_2
      Then the game now waits for an optional decision by clan 0
      When clan 0 accepts
      # 2 seals (SR9) − 1 (S5's dark row, CASTLE.DARK_SEAL) = 1
      Then clan 0 now holds 1 seal
      And the game now waits for a yard decision by clan 0

  @RULING.COINS_UNLIMITED
  Rule: The coin supply is unlimited; the 32 printed coins do not cap the bank.

    @G15
    Example: the bank pays past the 32 printed coins
      Given a 2-player game
      And clan 0 holds 32 coins
      And clan 1 holds 30 coins
      When clan 0 places the right black die on the Well
      # 32 held + 5 (a 6 on the Well's 1) + 1 + 1 (the Well's coin tiles) = 39
      Then clan 0 now holds 39 coins

  @RULING.MEMBER_FIZZLE
  Rule: A granted Gardener, Warrior or Courtier action that the clan cannot use (no member left of that type, or no way to pay) does nothing, with no penalty.

    @G16
    Example: a Warrior action with no Warrior left does nothing
      Given a 2-player game
      And clan 0 has sent all its warriors
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      Then the game now waits for a turn decision by clan 1
      # 2 iron (SR9), none paid (RULING.MEMBER_FIZZLE) = 2; 3 coins (SR9) + 0 (a 5 on outside_right's 5) = 3
      And clan 0 now holds 2 iron and 3 coins

    @G16
    Example: a Warrior action no Iron can pay, even trading seals, does nothing
      Given a 2-player game
      And clan 0 holds 0 iron and 0 seals
      When clan 0 places the right coral die on outside_right
      And clan 0 chooses the warrior action
      Then the game now waits for a turn decision by clan 1
      And clan 0 has now sent 0 warriors
