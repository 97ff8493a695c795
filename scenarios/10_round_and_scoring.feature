Feature: End of round and scoring
  Three rounds of three turns per clan. At the end of a round: the new turn order from the Passage of
  Time, the Gardens step (rounds 1 and 2), then the dice are cleared and re-rolled. After round 3,
  final scoring. In the scoring examples clan 1 takes the last turn of round 3 by putting the white
  6 on the Well, and the examples look at clan 0's score (clan 0 holds nothing unless stated).

  @ROUND.COUNT
  Rule: The game lasts 3 rounds. In each round every clan takes 3 turns in the turn-order track's order; the round ends once every clan has placed 3 dice, leaving exactly 3 dice on the Bridges.

    Example: the round ends after each clan's third die, leaving 3 dice on the Bridges
      Given a 2-player game
      And it is the last turn of round 1
      And the coral bridge holds 1 | - | 3
      And the black bridge holds - | - | 6
      And the white bridge holds 2 | - | -
      When clan 1 places the right black die on the Well
      Then the game now waits for a roll outcome
      When the dice are re-rolled as 1 2 3 / 4 5 6 / 2 2 2
      Then it is now round 2
      And the turn counter is now 0
      And the game now waits for a turn decision by clan 0

  @ROUND.END_ORDER
  Rule: End of round, in order: set the new turn order from the Passage of Time; in rounds 1 and 2 run the Gardens step; then clear and re-roll the dice for the next round. (The solo rival's coin step between the first two is not part of the base game.)

    @q26
    Example: the new turn order is set before the Gardens step, which follows it
      Given a 2-player game
      And it is the last turn of round 1
      And clan 1 is on Passage of Time space 3
      And clan 0 has a gardener on garden slot 0
      And clan 1 has a gardener on garden slot 0
      When clan 1 places the right white die on the Well
      Then the turn order is now clan 1, clan 0
      And the game now waits for an optional decision by clan 1

  @ROUND.GARDENS
  Rule: In the Gardens step after rounds 1 and 2, each Gardener whose Bridge above still has a die repeats its card's action without Food; a Plant card's coin cost is paid again if the action is used. Owners decide in turn order.

    @q13
    Example: a Plant card's coins are paid again when its action repeats
      Given a 2-player game
      And it is the last turn of round 1
      And clan 0 holds 5 coins
      And clan 0 has a gardener on garden slot 1
      When clan 1 places the right white die on the Well
      And clan 0 accepts
      # 5 held − 3 (G7's price, paid again: ROUND.GARDENS) = 2; 4 food (SR9), no Food paid again = 4
      Then clan 0 now holds 2 coins and 4 food
      And the game now waits for a courtier decision by clan 0

  @ROUND.CLEAR_REROLL
  Rule: All placed dice leave the board and Domain rows, every die is re-rolled and each Bridge is sorted ascending again. Members, cards, die tiles and Yard tiles stay where they are.

    Example: dice leave the board and are re-rolled; members stay
      Given a 2-player game
      And it is the last turn of round 1
      And a coral 3 of clan 0 is on steward_1
      And clan 0 has a 4 on its white Domain line
      And clan 0 has a warrior in the 1-iron yard
      When clan 1 places the right white die on the Well
      And the dice are re-rolled as 6 1 3 / 2 5 2 / 4 4 1
      Then steward_1 now holds no dice
      And the Well now holds no dice
      And clan 0's Domain dice are now -, -, -
      And the coral bridge now holds 1 | 3 | 6
      And the black bridge now holds 2 | 2 | 5
      And the white bridge now holds 1 | 4 | 4
      And the 1-iron yard now holds warriors of clan 0

  @ROUND.GAME_END
  Rule: The game ends with round 3's end of round, which has no Gardens step; final scoring follows.

    Example: round 3 ends the game with no Gardens step
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 has a gardener on garden slot 0
      When clan 1 places the right white die on the Well
      Then the game is now over
      # 3 coins (SR9) + 0 (no Gardens step after the last round, ROUND.GAME_END) = 3
      And clan 0 now holds 3 coins

  @RULING.GARDENS_STEP
  Rule: The end-of-round Gardens step runs clan by clan in the new turn order; each owner may decline any activation, and a Plant card's coin cost is paid again whenever its action is used.

    @q13 @G9
    Example: the owner may decline the repeat
      Given a 2-player game
      And it is the last turn of round 2
      And clan 0 has a gardener on garden slot 0
      When clan 1 places the right white die on the Well
      And clan 0 declines
      # 3 coins (SR9) + 0 (G1's coin+3 declined) = 3
      Then clan 0 now holds 3 coins
      And the game now waits for a roll outcome

  @RULING.GARDEN_ORDER
  Rule: In the Gardens step a clan's own activations resolve in garden-slot order: coral, then black, then white Bridge, and under each Bridge the Stone card before the Plant card.

    @q13 @G9
    Example: a clan's Gardens repeat coral first, then black, then white
      Given a 2-player game
      And it is the last turn of round 1
      And clan 0 has a gardener on garden slot 4
      And clan 0 has a gardener on garden slot 0
      When clan 1 places the right black die on the Well
      And clan 0 accepts
      # 3 coins (SR9) + 3 (G1 on the coral bridge, first: RULING.GARDEN_ORDER) = 6; 2 seals (SR9), G5 not yet = 2
      Then clan 0 now holds 6 coins and 2 seals
      When clan 0 accepts
      # 6 (above) + 1 + 1 (G5's Well action: the Well's coin tiles) = 8; 2 + 1 (the Well's seal) = 3
      Then clan 0 now holds 8 coins and 3 seals

  @RULING.CHANCE_ROLL
  Rule: The end-of-round re-roll of all dice is a chance outcome supplied by the caller.

    Example: a re-roll must give players + 1 dice per Bridge
      Given a 2-player game
      And it is the last turn of round 1
      When clan 1 places the right white die on the Well
      And the dice are re-rolled as 1 2 / 3 4 / 5 6
      Then the action is refused citing RULING.CHANCE_ROLL
      And the game now waits for a roll outcome

  @SCORE.CP
  Rule: Clan Points earned during play are kept and final scoring adds to them.

    Example: Clan Points earned in play are kept
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 holds nothing
      And clan 0 holds 12 Clan Points
      When clan 1 places the right white die on the Well
      # 12 held = 12; 12 (during play) + 0 (no coins, seals, resources or members, space 0) = 12
      Then the final scores are:
        | clan | during play | total |
        | 0    | 12          | 12    |

  @SCORE.COINS_SEALS
  Rule: Add your coins and Daimyo Seals together and score 1 Clan Point per full 5.

    @q25
    Scenario Outline: <coins> coins and <seals> seals score <points>
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 holds nothing
      And clan 0 holds <coins> coins and <seals> seals
      When clan 1 places the right white die on the Well
      Then the final scores are:
        | clan | coins and seals |
        | 0    | <points>        |

      Examples:
        | case | coins | seals | points |
        | 7+3  | 7     | 3     | 2      |
        | 4+0  | 4     | 0     | 0      |
        | 0+5  | 0     | 5     | 1      |
        | 14+0 | 14    | 0     | 2      |

  @SCORE.RESOURCES
  Rule: Each resource type scores separately: 0-2 left gives 0, 3-6 gives 1 Clan Point, 7 gives 2.

    @q25
    Scenario Outline: <food> Food, <iron> Iron and <pearl> Mother-of-Pearl score <points>
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 holds nothing
      And clan 0 holds <food> food, <iron> iron and <pearl> Mother-of-Pearl
      When clan 1 places the right white die on the Well
      Then the final scores are:
        | clan | resources |
        | 0    | <points>  |

      Examples:
        | case  | food | iron | pearl | points |
        | 2-3-7 | 2    | 3    | 7     | 3      |
        | 6-0-0 | 6    | 0    | 0     | 1      |
        | 7-7-7 | 7    | 7    | 7     | 6      |

  @SCORE.TIME
  Rule: Passage of Time: a marker in season 1 (0-5) scores 0, season 2 (6-10) 3, season 3 (11-14) 6; in season 4 it scores its space's printed value, 10 to 15 (see RULING.TIME_SEASON4).

    Scenario Outline: space <space> scores <points>
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 is on Passage of Time space <space>
      When clan 1 places the right white die on the Well
      Then the final scores are:
        | clan | time     |
        | 0    | <points> |

      Examples:
        | space | points |
        | 5     | 0      |
        | 6     | 3      |
        | 10    | 3      |
        | 11    | 6      |
        | 14    | 6      |

  @RULING.TIME_SEASON4
  Rule: In the fourth season, space 15 + k scores 10 + k Clan Points (15 scores 10, 20 scores 15).

    @G13
    Scenario Outline: season-4 space <space> scores <points>
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 is on Passage of Time space <space>
      When clan 1 places the right white die on the Well
      Then the final scores are:
        | clan | time     |
        | 0    | <points> |

      Examples:
        | space | points |
        | 15    | 10     |
        | 16    | 11     |
        | 17    | 12     |
        | 18    | 13     |
        | 19    | 14     |
        | 20    | 15     |

  @SCORE.COURTIERS
  Rule: Each Courtier scores by level: Gate 1, 1st floor 3, 2nd floor 6, Daimyo's room 10 (a Courtier on a favour space counts as Daimyo's room). Courtiers still on the Domain board score nothing.

    Example: Gate 1, 1st floor 3, 2nd floor 6, Daimyo's room 10
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 has courtiers at Gate 1, Stewards 1, Diplomats 1, Daimyo 1
      When clan 1 places the right white die on the Well
      # 1 (Gate) + 3 (1st floor) + 6 (2nd floor) + 10 (Daimyo's room) = 20
      Then the final scores are:
        | clan | courtiers |
        | 0    | 20        |

  @SCORE.WARRIORS
  Rule: Warriors score the sum of their yard values (2, 1 or 1) times the number of your Courtiers on floors 1-3; with no Courtier inside the Castle they score 0.

    @q24
    Example: with Courtiers only at the Gate, Warriors score nothing
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 has 2 warriors in the 5-iron yard
      And clan 0 has courtiers at Gate 2, Stewards 0, Diplomats 0, Daimyo 0
      When clan 1 places the right white die on the Well
      # 4 (two warriors worth 2) × 0 (no Courtier inside) = 0; 2 × 1 (two at the Gate, 1 each) = 2
      Then the final scores are:
        | clan | warriors | courtiers |
        | 0    | 0        | 2         |

    @q24
    Example: two Warriors worth 2 and one Courtier inside
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 has 2 warriors in the 5-iron yard
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      When clan 1 places the right white die on the Well
      # 2 × 2 (two warriors in the 5-iron yard, worth 2 each) × 1 (one Courtier inside, on the 2nd floor) = 4
      Then the final scores are:
        | clan | warriors |
        | 0    | 4        |

  @SCORE.GARDENERS
  Rule: Gardeners score the total of the Clan Points printed on the Garden cards they stand on.

    Example: the points of the cards under the clan's Gardeners
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 has a gardener on garden slot 0
      And clan 0 has a gardener on garden slot 1
      When clan 1 places the right white die on the Well
      # 1 (G1, slot 0) + 7 (G7, slot 1) = 8
      Then the final scores are:
        | clan | gardeners |
        | 0    | 8         |

  @SCORE.WINNER
  Rule: After final scoring the clan with the most Clan Points wins (ties: RULING.TIE_SHARED).

    Example: the most Clan Points wins
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 holds nothing
      And clan 1 holds nothing
      And clan 0 holds 2 Clan Points
      When clan 1 places the right white die on the Well
      # (clan 0) 2 held + 0 (no coins or seals) = 2; (clan 1) 8 (7 coins + 1 seal from its Well visit) ÷ 5 (SCORE.COINS_SEALS) = 1
      Then the final scores are:
        | clan | during play | coins and seals | total |
        | 0    | 2           | 0               | 2     |
        | 1    | 0           | 1               | 1     |
      And the winners are now clan 0

  @RULING.TIE_SHARED
  Rule: Clans tied for most Clan Points share the win; no tie-break is applied.

    @q27 @G2
    Example: a tie for most Clan Points is a shared win
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 holds nothing
      And clan 1 holds nothing
      And clan 0 holds 1 Clan Point
      When clan 1 places the right white die on the Well
      # (clan 0) 1 held + 0 (no coins or seals) = 1; (clan 1) 8 (7 coins + 1 seal from its Well visit) ÷ 5 (SCORE.COINS_SEALS) = 1
      Then the final scores are:
        | clan | total |
        | 0    | 1     |
        | 1    | 1     |
      And the winners are now clan 0, clan 1
