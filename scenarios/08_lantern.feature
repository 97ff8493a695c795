Feature: Lantern Rewards
  The Lantern pays every icon visible in the clan's Lantern Area: the strip of its Starting Resource
  card, any Decree, and each card tucked there by a climb. It lights when a die is taken from the left
  end of a Bridge and when an effect shows the Lantern icon.

  @LANTERN.TRIGGER
  Rule: Your Lantern activates when you take the die at the left end of a Bridge, and whenever an effect you resolve shows the Lantern icon.

    Example: a Lantern icon on a card lights the Lantern
      Given a 2-player game
      When clan 0 places the right coral die on steward_2
      Then the game now waits for an order decision by clan 0
      When clan 0 resolves icon 1 next
      # 4 food (SR9) + 1 (SR9's Lantern strip) = 5; 2 iron (SR9) + 1 (S5's bottom row, coral tile) = 3; 3 coins (SR9) + 2 (a 5 on steward_2's 3) = 5
      Then clan 0 now holds 5 food, 3 iron and 5 coins

    Example: a left-end die lights it too
      Given a 2-player game
      When clan 0 places the left white die on the Well
      # 4 food (SR9) + 1 (SR9's Lantern strip) = 5
      Then clan 0 now holds 5 food

  @LANTERN.GAIN_ALL
  Rule: An activation gives you every icon visible in your Lantern Area, each once, resolved in the order you choose (the order can matter, e.g. a seal before a Passage of Time step that reaches a checkpoint).

    @q12
    Example: every icon of the Lantern Area, each once
      Given a 2-player game
      And clan 0's Lantern Area is SR9, A1, S2, D2
      When clan 0 places the left coral die on the Well
      And clan 0 resolves icon 0 next
      # 4 food (SR9) + 1 (SR9's strip) = 5; 3 coins (SR9) + 1 (S2's back) + 1 + 1 (the Well's coin tiles) = 6; 0 + 1 (D2's back) = 1; 2 seals (SR9) + 1 (the Well) = 3
      Then clan 0 now holds 5 food, 6 coins, 1 Clan Point and 3 seals
      # space 0 + 1 (A1's back) = 1
      And clan 0 is now on Passage of Time space 1

    @q12
    Example: the order matters: the seal first pays the checkpoint the step reaches
      Given a 2-player game
      And clan 0's Lantern Area is SR9, DC2, A1
      And clan 0 is on Passage of Time space 5
      And clan 0 holds 0 seals
      When clan 0 places the left coral die on the Well
      And clan 0 resolves icon 1 next
      And clan 0 resolves icon 1 next
      Then the game now waits for a checkpoint decision by clan 0
      When clan 0 pays the checkpoint
      # space 5 + 1 (A1's back, the checkpoint paid with DC2's seal) = 6
      Then clan 0 is now on Passage of Time space 6

  @LANTERN.AREA
  Rule: Your Lantern Area is the strip of your Starting Resource card plus the visible strip of each card tucked there since, and a Decree card if your Starting Resource card gave you one.

    Example: the Starting Resource strip and a Decree
      Given a 2-player game
      And clan 0's Lantern Area is SR1, DC1
      When clan 0 places the left coral die on the Well
      # 0 + 1 (SR1's strip) = 1; 3 coins (SR9) + 1 (DC1) + 1 + 1 (the Well's coin tiles) = 6
      Then clan 0 now holds 1 Mother-of-Pearl and 6 coins

  @LANTERN.GROWS
  Rule: Each climb that stops on the 1st or 2nd floor and takes a card adds exactly one card (the one you had on your Domain board) to your Lantern Area, so later activations pay one more icon.

    Example: after a climb to the 1st floor the Lantern pays one icon more
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_3
      And clan 0 chooses block 2
      And clan 0 declines
      Then clan 0's Lantern Area is now SR9, A1
      When clan 1 places the right black die on the Well
      And clan 0 places the left white die on the Well
      Then the game now waits for an order decision by clan 0
      When clan 0 resolves icon 1 next
      # space 0 + 1 (A1's back, tucked by the climb) = 1
      Then clan 0 is now on Passage of Time space 1
      # 4 food (SR9) + 2 (S9's bottom row) + 1 (SR9's strip) = 7
      And clan 0 now holds 7 food

  @LANTERN.BACKS
  Rule: Lantern icons: the Starting Resource strip gives 1 Food, Iron or Mother-of-Pearl as printed; a Decree gives 1 coin, 1 seal or 1 Clan Point; a tucked starting Action card gives 1 Passage of Time step, a tucked Steward 1 coin and a tucked Diplomat 1 Clan Point.

    Scenario Outline: a Lantern Area of only <card> gives <gain>
      Given a 2-player game
      And clan 0's Lantern Area is <card>
      When clan 0 places the left coral die on the Well
      Then <outcome>

      Examples:
        | card | gain                | outcome                                   |
        | SR9  | 1 Food              | clan 0 now holds 5 food                   |
        | SR6  | 1 Iron              | clan 0 now holds 3 iron                   |
        | SR1  | 1 Mother-of-Pearl   | clan 0 now holds 1 Mother-of-Pearl        |
        | DC1  | 1 coin              | clan 0 now holds 6 coins                  |
        | DC2  | 1 seal              | clan 0 now holds 4 seals                  |
        | DC3  | 1 Clan Point        | clan 0 now holds 1 Clan Point             |
        | A1   | 1 step              | clan 0 is now on Passage of Time space 1  |
        | S2   | 1 coin              | clan 0 now holds 6 coins                  |
        | D2   | 1 Clan Point        | clan 0 now holds 1 Clan Point             |
