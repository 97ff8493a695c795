Feature: Daimyo Seals
  Seals come from the Well and from icons, at most 5 held. They pay Passage of Time checkpoints and
  Steward dark rows, and trade 2 for a resource or 1 for a coin whenever their clan decides.

  @SEALS.SOURCES
  Rule: Daimyo Seals are gained at the Well and from seal icons on cards (and on tiles).

    Example: the Well gives a seal
      Given a 2-player game
      When clan 0 places the right black die on the Well
      # 2 seals (SR9) + 1 (the Well, WELL.REWARD) = 3
      Then clan 0 now holds 3 seals

    Example: a Garden's seal icon gives seals
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the gardener action
      And clan 0 chooses garden slot 2
      And clan 0 accepts
      # 2 seals (SR9) + 2 (G3's seal+2, garden slot 2) = 4
      Then clan 0 now holds 4 seals

  @SEALS.CAP
  Rule: A clan can never hold more than 5 Daimyo Seals.

    @q12
    Example: a sixth seal is lost
      Given a 2-player game
      And clan 0 holds 5 seals
      When clan 0 places the right black die on the Well
      # 5 held, the sixth lost (SEALS.CAP) = 5; 3 coins (SR9) + 5 (a 6 on the Well's 1) + 1 + 1 (the Well's coin tiles) = 10
      Then clan 0 now holds 5 seals and 10 coins

  @SEALS.USES
  Rule: Seals pay for crossing Passage of Time checkpoints and for using the dark rows of Steward cards. They cannot be spent just to advance on the track.

    @q9
    Example: seals pay a checkpoint
      Given a 2-player game
      And clan 0 is on Passage of Time space 5
      And clan 0 holds 1 seal
      When clan 0 places the right white die on diplomat_1
      Then the game now waits for a checkpoint decision by clan 0
      When clan 0 pays the checkpoint
      # space 5 + 2 (D2's PoT+2, white tile of diplomat_1), the checkpoint paid = 7
      Then clan 0 is now on Passage of Time space 7
      # 1 seal − 1 (the checkpoint at space 6, TIME.CHECKPOINT_SPACES) = 0
      And clan 0 now holds 0 seals

    @q9
    Example: seals cannot buy steps: there is no such action at a turn
      Given a 2-player game
      When clan 0 pays the checkpoint
      Then the action is refused citing TURN.DECISION
      # 2 seals (SR9), the payment refused = 2
      And clan 0 now holds 2 seals

  @SEALS.TRADE_RESOURCE
  Rule: Whenever you like, and as many times as you like, you may hand in 2 Daimyo Seals to gain 1 Food, Iron or Mother-of-Pearl of your choice.

    Example: 2 seals for 1 Iron, at the clan's own turn
      Given a 2-player game
      When clan 0 trades 2 seals for 1 iron
      # 2 seals (SR9) − 2 (traded) = 0; 2 iron (SR9) + 1 (the trade) = 3
      Then clan 0 now holds 0 seals and 3 iron
      And the game now waits for a turn decision by clan 0

    Example: 1 seal does not buy a resource
      Given a 2-player game
      And clan 0 holds 1 seal
      When clan 0 trades 2 seals for 1 food
      Then the action is refused citing SEALS.TRADE_RESOURCE

  @SEALS.TRADE_COIN
  Rule: Likewise you may hand in 1 Daimyo Seal for 1 coin. No exchange runs the other way: coins and resources never become seals.

    Example: 1 seal for 1 coin
      Given a 2-player game
      When clan 0 trades 1 seal for 1 coin
      # 2 seals (SR9) − 1 (traded) = 1; 3 coins (SR9) + 1 (the trade) = 4
      Then clan 0 now holds 1 seal and 4 coins

    Example: no seal, no trade
      Given a 2-player game
      And clan 0 holds 0 seals
      When clan 0 trades 1 seal for 1 coin
      Then the action is refused citing SEALS.TRADE_COIN

  @RULING.TRADES_AT_OWN_DECISIONS
  Rule: Seal trades are actions a clan may take whenever the engine is waiting for a decision from that clan, and at no other time.

    Example: a trade at a checkpoint decision, leaving too few seals to pay it
      Given a 2-player game
      And clan 0 is on Passage of Time space 10
      And clan 0 holds 2 seals
      When clan 0 places the right white die on diplomat_1
      Then the game now waits for a checkpoint decision by clan 0
      When clan 0 trades 1 seal for 1 coin
      # space 10 + 0 (with 1 seal the checkpoint at 11, costing 2, stops the move: TIME.STOP) = 10
      Then clan 0 is now on Passage of Time space 10
      # 2 seals − 1 (traded) = 1; 3 coins (SR9) + 2 (a 6 on diplomat_1's 4) + 1 (the trade) = 6
      And clan 0 now holds 1 seal and 6 coins
      And the game now waits for a turn decision by clan 1
