Feature: Passage of Time
  Influence moves a clan's marker along the track, 0 to 20 in four seasons; entering space 6, 11 or
  15 costs 1, 2 or 3 seals. The track sets the next round's turn order and scores at the end. In most
  examples the steps come from the Diplomat D2, whose light block gives 2 (a white die in
  diplomat_1).

  @TIME.MOVE
  Rule: Each Influence step you gain advances your marker one space along the Passage of Time track.

    Example: 2 Influence, 2 spaces
      Given a 2-player game
      When clan 0 places the right white die on diplomat_1
      # space 0 + 2 (D2's PoT+2, white tile) = 2
      Then clan 0 is now on Passage of Time space 2

  @TIME.STACK
  Rule: If your marker ends its move on a space that already holds markers, it goes on top of them.

    @q11
    Example: a marker ending on an occupied space goes on top
      Given a 2-player game
      And clan 1 is on Passage of Time space 2
      When clan 0 places the right white die on diplomat_1
      # space 0 + 2 (D2's PoT+2) = 2
      Then clan 0 is now on Passage of Time space 2
      And the Passage of Time order is now clan 0, clan 1

  @TIME.CHECKPOINTS
  Rule: Three checkpoints divide the track into four seasons. Moving past the first costs 1 Daimyo Seal, the second 2 and the third 3.

    Example: the free step first, then the question at the checkpoint
      Given a 2-player game
      And clan 0 is on Passage of Time space 4
      And clan 0 holds 1 seal
      When clan 0 places the right white die on diplomat_1
      # space 4 + 1 (D2's first step, free) = 5
      Then clan 0 is now on Passage of Time space 5
      And the game now waits for a checkpoint decision by clan 0
      When clan 0 pays the checkpoint
      # space 5 + 1 (D2's second step, the checkpoint paid) = 6
      Then clan 0 is now on Passage of Time space 6
      # 1 seal − 1 (the first checkpoint) = 0
      And clan 0 now holds 0 seals

  @TIME.STOP
  Rule: A clan that cannot pay a checkpoint, or decides not to, leaves its marker on the space just before that checkpoint.

    @q10
    Example: a clan that cannot pay stops before the checkpoint
      Given a 2-player game
      And clan 0 is on Passage of Time space 4
      And clan 0 holds 0 seals
      When clan 0 places the right white die on diplomat_1
      # space 4 + 1 (D2's first step, the second stopped: no seal) = 5
      Then clan 0 is now on Passage of Time space 5
      And the game now waits for a turn decision by clan 1

    @q10
    Example: a clan that will not pay stops there too and keeps its seal
      Given a 2-player game
      And clan 0 is on Passage of Time space 4
      And clan 0 holds 1 seal
      When clan 0 places the right white die on diplomat_1
      And clan 0 stops before the checkpoint
      # space 4 + 1 (D2's first step, the second stopped) = 5
      Then clan 0 is now on Passage of Time space 5
      # 1 held, the checkpoint not paid = 1
      And clan 0 now holds 1 seal

  @TIME.TURN_ORDER
  Rule: At the end of each round the track fixes the next round's turn order: the marker furthest along plays first, and among markers on one space the higher one plays before the lower.

    @q11
    Example: the marker furthest along plays first next round
      Given a 2-player game
      And it is the last turn of round 1
      And clan 0 is on Passage of Time space 3
      And clan 1 is on Passage of Time space 7
      When clan 1 places the right white die on the Well
      Then the turn order is now clan 1, clan 0

    @q11
    Example: on a shared space the marker on top plays first
      Given a 2-player game
      And it is the last turn of round 1
      And clan 1 is on Passage of Time space 4
      And clan 0 is on Passage of Time space 4
      When clan 1 places the right white die on the Well
      Then the turn order is now clan 0, clan 1

  @TIME.SCORE
  Rule: At game end each marker's position on the track earns Clan Points (values in SCORE.TIME).

    Example: the marker's space scores at the end
      Given a 2-player game
      And it is the last turn of round 3
      And clan 0 is on Passage of Time space 12
      When clan 1 places the right white die on the Well
      # 6 (space 12 lies in season 3, spaces 11 to 14: SCORE.TIME) = 6
      Then the final scores are:
        | clan | time |
        | 0    | 6    |

  @TIME.TRACK
  Rule: The track has spaces 0 to 20, in four seasons: 0-5, 6-10, 11-14 and 15-20 (6, 5, 4 and 6 spaces).

    Example: two steps from space 18 reach the last space, 20
      Given a 2-player game
      And clan 0 is on Passage of Time space 18
      When clan 0 places the right white die on diplomat_1
      # space 18 + 2 (D2's PoT+2) = 20
      Then clan 0 is now on Passage of Time space 20

  @TIME.CHECKPOINT_SPACES
  Rule: The checkpoints guard spaces 6, 11 and 15: entering space 6 costs 1 seal, space 11 costs 2 and space 15 costs 3. A marker that does not pay stays on 5, 10 or 14.

    @q10
    Scenario Outline: entering space <space> costs <cost> seal(s)
      Given a 2-player game
      And clan 0 is on Passage of Time space <start>
      And clan 0 holds <cost> seals
      When clan 0 places the right white die on diplomat_1
      Then the game now waits for a checkpoint decision by clan 0
      When clan 0 pays the checkpoint
      Then clan 0 is now on Passage of Time space <end>
      And clan 0 now holds 0 seals

      Examples:
        | space | start | cost | end |
        | 6     | 5     | 1    | 7   |
        | 11    | 10    | 2    | 12  |
        | 15    | 14    | 3    | 16  |

    @q10
    Scenario Outline: with fewer than <cost> seals the marker stays on <start>
      Given a 2-player game
      And clan 0 is on Passage of Time space <start>
      And clan 0 holds <seals> seals
      When clan 0 places the right white die on diplomat_1
      Then clan 0 is now on Passage of Time space <start>
      And clan 0 now holds <seals> seals

      Examples:
        | start | cost | seals |
        | 5     | 1    | 0     |
        | 10    | 2    | 1     |
        | 14    | 3    | 2     |

  @EXPANSIONS.BOEKI
  Rule: The page points out that the Bōeki expansion's tiles change the checkpoint costs and the end-game track points and add rewards along the track. Bōeki is out of scope for this base-game engine.

    Example: without Bōeki the third checkpoint costs its printed 3 seals
      Given a 2-player game
      And clan 0 is on Passage of Time space 14
      And clan 0 holds 3 seals
      When clan 0 places the right white die on diplomat_1
      And clan 0 pays the checkpoint
      # 3 held − 3 (the third checkpoint, TIME.CHECKPOINT_SPACES) = 0
      Then clan 0 now holds 0 seals
      # space 14 + 2 (D2's PoT+2, the checkpoint paid) = 16
      And clan 0 is now on Passage of Time space 16

  @RULING.TIME_END
  Rule: The Passage of Time track ends at space 20; steps that would go past it are lost.

    Example: steps past space 20 are lost
      Given a 2-player game
      And clan 0 is on Passage of Time space 19
      When clan 0 places the right white die on diplomat_1
      # space 19 + 2 (D2's PoT+2) − 1 (past the end, lost: RULING.TIME_END) = 20
      Then clan 0 is now on Passage of Time space 20
      And the game now waits for a turn decision by clan 1

  @RULING.LOST_STEPS
  Rule: A marker that stops before an unpaid checkpoint loses the rest of that move. A move that leaves the marker on the same space does not restack it.

    @q10
    Example: the steps after an unpaid checkpoint are lost
      Given a 2-player game
      And clan 0 is on Passage of Time space 4
      And clan 0 holds 1 seal
      When clan 0 places the right white die on diplomat_1
      And clan 0 stops before the checkpoint
      # space 4 + 1 (D2's first step, the second lost: RULING.LOST_STEPS) = 5
      Then clan 0 is now on Passage of Time space 5
      And the game now waits for a turn decision by clan 1

    @q10
    Example: a move that goes nowhere does not restack the marker
      Given a 2-player game
      And clan 0 is on Passage of Time space 5
      And clan 1 is on Passage of Time space 5
      And clan 0 holds 0 seals
      When clan 0 places the right white die on diplomat_1
      # space 5 + 0 (no seal for the checkpoint, no move, no restack) = 5
      Then clan 0 is now on Passage of Time space 5
      And the Passage of Time order is now clan 1, clan 0
