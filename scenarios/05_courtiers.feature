Feature: Courtiers
  A Courtier action: an audience (2 coins, a Courtier to the Gate) and a climb (2 Mother-of-Pearl for
  one floor, 5 for two), one or both, in either order. Stopping on floor 1 or 2 takes the room's card;
  reaching the Daimyo's room gives the Lantern and a favour. In these examples clan 0 reaches a
  Courtier action by placing the coral 5 Outside the Walls (no coins change hands).

  @COURTIER.ACTION
  Rule: A Courtier action offers two distinct options, audience and climb: you may use one or both, each at most once, in either order, with the same Courtier or two different ones (for example, send a Courtier to the Gate and then climb with it).

    @q15
    Example: an audience, then the same Courtier climbs
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 requests an audience
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_1
      And clan 0 chooses block 2
      # 3 coins (SR9) + 0 (a 5 on Outside's 5) − 2 (audience) = 1; 2 pearl (given) − 2 (one floor) = 0; 2 iron (SR9) + 2 (S2's bottom row) = 4
      Then clan 0 now holds 1 coin, 0 Mother-of-Pearl and 4 iron
      And clan 0's courtiers are now at Gate 0, Stewards 1, Diplomats 0, Daimyo 0
      And the game now waits for a turn decision by clan 1

    @q15
    Example: the climb first, then the audience
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_3
      And clan 0 chooses block 2
      And clan 0 requests an audience
      Then clan 0's courtiers are now at Gate 1, Stewards 1, Diplomats 0, Daimyo 0
      # 3 coins (SR9) + 0 (a 5 on Outside's 5) − 2 (audience) = 1; 4 food (SR9) + 2 (S9's bottom row) = 6
      And clan 0 now holds 1 coin and 6 food

    @q15
    Example: each part at most once
      Given a 2-player game
      And clan 0 holds 5 coins and 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 requests an audience
      And clan 0 requests an audience
      Then the action is refused citing COURTIER.ACTION

  @COURTIER.AUDIENCE
  Rule: Audience: pay 2 coins and move your leftmost Courtier to the Gate. Any number of Courtiers may wait at the Gate.

    Example: 2 coins put the leftmost Courtier at the Gate
      Given a 2-player game
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 requests an audience
      # 3 coins (SR9) + 0 (a 5 on Outside's 5) − 2 (audience) = 1
      Then clan 0 now holds 1 coin
      And clan 0 has now sent 1 courtier
      And clan 0's courtiers are now at Gate 1, Stewards 0, Diplomats 0, Daimyo 0

    Example: 1 coin is not enough until a seal is traded
      Given a 2-player game
      And clan 0 holds 1 coin and 1 seal
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 requests an audience
      Then the action is refused citing COURTIER.AUDIENCE
      When clan 0 trades 1 seal for 1 coin
      And clan 0 requests an audience
      # 1 coin (given) + 0 (a 5 on Outside's 5) + 1 (the seal traded) − 2 (audience) = 0; 1 seal (given) − 1 (traded) = 0
      Then clan 0 now holds 0 coins and 0 seals
      And clan 0's courtiers are now at Gate 1, Stewards 0, Diplomats 0, Daimyo 0

  @COURTIER.CLIMB
  Rule: Climb: raise one of your Courtiers at the Gate or in the Castle by 1 level for 2 Mother-of-Pearl, or by 2 levels for 5 Mother-of-Pearl. The price does not depend on the starting level (1st floor to the Daimyo's room costs 5).

    @q16
    Scenario Outline: <floors> floor(s) up from <start> cost <cost> Mother-of-Pearl
      Given a 2-player game
      And clan 0 holds 5 Mother-of-Pearl
      And clan 0 has courtiers at <before>
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs <floors> floors from <start>
      Then clan 0 now holds <left> Mother-of-Pearl
      And clan 0's courtiers are now at <after>

      Examples:
        | case            | start                | floors | cost | left | before                                   | after                                    |
        | gate-1          | the Gate             | 1      | 2    | 3    | Gate 1, Stewards 0, Diplomats 0, Daimyo 0 | Gate 0, Stewards 1, Diplomats 0, Daimyo 0 |
        | gate-2          | the Gate             | 2      | 5    | 0    | Gate 1, Stewards 0, Diplomats 0, Daimyo 0 | Gate 0, Stewards 0, Diplomats 1, Daimyo 0 |
        | stewards-daimyo | the Stewards' floor  | 2      | 5    | 0    | Gate 0, Stewards 1, Diplomats 0, Daimyo 0 | Gate 0, Stewards 0, Diplomats 0, Daimyo 1 |
        | diplomats-1     | the Diplomats' floor | 1      | 2    | 3    | Gate 0, Stewards 0, Diplomats 1, Daimyo 0 | Gate 0, Stewards 0, Diplomats 0, Daimyo 1 |

    @q16
    Example: there is no floor above the Daimyo's room
      Given a 2-player game
      And clan 0 holds 5 Mother-of-Pearl
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 2 floors from the Diplomats' floor
      Then the action is refused citing COURTIER.CLIMB

    Example: 4 Mother-of-Pearl do not pay two floors
      Given a 2-player game
      And clan 0 holds 4 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 2 floors from the Gate
      Then the action is refused citing COURTIER.CLIMB

  @COURTIER.FLOORS
  Rule: The levels, bottom to top, are the Gate, the 1st floor (any of the 3 Stewards' rooms), the 2nd floor (any of the 2 Diplomats' rooms) and the Daimyo's room. A Courtier arriving on the 1st or 2nd floor enters the room of that floor its owner chooses.

    Example: a climb of one floor from the Gate ends in a Stewards' room the clan chooses
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      Then the game now waits for a room decision by clan 0
      When clan 0 chooses room diplomat_1
      Then the action is refused citing COURTIER.FLOORS
      When clan 0 chooses room steward_2
      Then clan 0's Domain card is now S5

  @COURTIER.CLIMB_NO_SPLIT
  Rule: A 2-level climb is made by one Courtier only; it cannot be divided into 1 level each for two Courtiers.

    @q15
    Example: a two-floor climb moves one Courtier two floors, and there is no second climb
      Given a 2-player game
      And clan 0 holds 7 Mother-of-Pearl
      And clan 0 has courtiers at Gate 2, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 2 floors from the Gate
      And clan 0 chooses room diplomat_1
      Then clan 0's courtiers are now at Gate 1, Stewards 0, Diplomats 1, Daimyo 0
      When clan 0 climbs 1 floor from the Gate
      Then the action is refused citing COURTIER.ACTION

  @COURTIER.ROOMS_UNLIMITED
  Rule: Rooms on the 1st and 2nd floors have no Courtier limit; Courtiers of any clans may share a room.

    Example: Courtiers of other clans do not close a room
      Given a 2-player game
      And clan 1 has courtiers at Gate 0, Stewards 3, Diplomats 0, Daimyo 0
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_1
      And clan 0 chooses block 1
      Then clan 0's courtiers are now at Gate 0, Stewards 1, Diplomats 0, Daimyo 0
      And clan 1's courtiers are now at Gate 0, Stewards 3, Diplomats 0, Daimyo 0

  @COURTIER.FLOOR12.END_ROOM_ONLY
  Rule: Only the room where a climb stops gives anything: a 2-level climb from the Gate to the 2nd floor takes no card and no action from the 1st floor it passes through.

    @q17
    Example: a climb from the Gate to the 2nd floor takes nothing on the 1st
      Given a 2-player game
      And clan 0 holds 5 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 2 floors from the Gate
      And clan 0 chooses room diplomat_2
      Then clan 0's Domain card is now D6
      And clan 0's Lantern Area is now SR9, A1
      # space 0 (SETUP.TIME_START) + 2 (D6's light block) = 2
      And clan 0 is now on Passage of Time space 2
      And the Steward deck is now S4, S7, S10, S12, S13, S15
      And the Diplomat deck is now D4, D5, D7, D8, D10, D11

  @COURTIER.FLOOR12.TUCK
  Rule: When a climb stops on the 1st or 2nd floor, first flip the card in your Domain board's card slot face down and add it to your Lantern Area, overlapping the newest card there but offset to the right so that all Lantern icons still show.

    Example: the Domain card is tucked into the Lantern Area
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_2
      Then clan 0's Lantern Area is now SR9, A1

  @COURTIER.FLOOR12.TAKE_CARD
  Rule: Next, move the card of the room your Courtier entered into your Domain board's card slot and resolve one of its light-background rows or blocks.

    @q18
    Example: the room's card goes on the Domain board and one of its light rows is done
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_2
      Then clan 0's Domain card is now S5
      And the game now waits for a light_row decision by clan 0
      When clan 0 chooses block 1
      # 4 food (SR9) + 1 (S5's middle row) = 5; 2 pearl (given) − 2 (one floor) + 1 (S5's middle row) = 1
      Then clan 0 now holds 5 food and 1 Mother-of-Pearl

    @q18
    Example: the dark row is not offered
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_2
      And clan 0 chooses block 0
      Then the action is refused citing COURTIER.FLOOR12.TAKE_CARD

  @COURTIER.FLOOR12.REFILL
  Rule: Last, the emptied room gets the top card of its floor's deck, face up.

    Example: the top card of the Stewards' deck refills the room
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_2
      And clan 0 chooses block 1
      Then the card in steward_2 is now S4
      And the Steward deck is now S7, S10, S12, S13, S15

  @COURTIER.FLOOR12.EMPTY_DECK
  Rule: If that floor's deck has run out, you resolve one light-background action of the card in the room but leave the card where it is: nothing is tucked, no card is taken and nothing is refilled.

    @q20
    Example: with the deck empty the card stays and only its light action is done
      Given a 2-player game
      And the Steward deck is empty
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_2
      And clan 0 chooses block 1
      # 4 food (SR9) + 1 (S5's middle row, the card left in its room) = 5; 2 pearl (given) − 2 (one floor) + 1 (S5's middle row) = 1
      Then clan 0 now holds 5 food and 1 Mother-of-Pearl
      And the card in steward_2 is now S5
      And clan 0's Domain card is now A1
      And clan 0's Lantern Area is now SR9

  @COURTIER.DAIMYO.LANTERN
  Rule: When a Courtier's climb stops in the Daimyo's room, you first receive your Lantern Reward.

    Example: the Lantern comes before the favour
      Given a 2-player game
      And clan 0's Lantern Area is SR9, A1
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Diplomats' floor
      Then the game now waits for an order decision by clan 0
      When clan 0 resolves icon 0 next
      # 4 food (SR9) + 1 (Lantern: SR9) = 5
      Then clan 0 now holds 5 food
      # space 0 (SETUP.TIME_START) + 1 (Lantern: A1's back) = 1
      And clan 0 is now on Passage of Time space 1
      And the game now waits for a favour decision by clan 0

  @COURTIER.DAIMYO.FAVOUR
  Rule: Then that Courtier takes an unoccupied favour space on the Daimyo's Favor card and you receive the reward printed on that space.

    Example: the Courtier takes a free favour space and its reward
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Diplomats' floor
      And clan 0 chooses favour 1
      Then the favours are now taken by nobody, clan 0, nobody
      # 0 Clan Points (SETUP.SCORE_START) + 2 (DF1's second favour) = 2; 4 food (SR9) + 1 (Lantern: SR9) = 5
      And clan 0 now holds 2 Clan Points and 5 food

    Example: a taken favour space cannot be chosen
      Given a 2-player game
      And favour 1 is taken by clan 1
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Diplomats' floor
      And clan 0 chooses favour 1
      Then the action is refused citing COURTIER.DAIMYO.FAVOUR

  @COURTIER.DAIMYO.FULL
  Rule: If all favour spaces are occupied, the Courtier simply remains in the Daimyo's room without a favour reward; it still counts as a Daimyo-level Courtier for scoring.

    @q21
    Example: with every favour taken the Courtier just stays in the Daimyo's room
      Given a 2-player game
      And favour 0 is taken by clan 1
      And favour 1 is taken by clan 1
      And favour 2 is taken by clan 1
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Diplomats' floor
      Then clan 0's courtiers are now at Gate 0, Stewards 0, Diplomats 0, Daimyo 1
      And the favours are now taken by clan 1, clan 1, clan 1
      # 0 Clan Points (SETUP.SCORE_START) + 0 (no free favour) = 0; 2 seals (SR9) + 0 (no free favour) = 2
      And clan 0 now holds 0 Clan Points and 2 seals
      And the game now waits for a courtier decision by clan 0

  @RULING.FULL_DAIMYO_LANTERN
  Rule: A Courtier reaching the Daimyo's room when no favour space is free still gives its clan the Lantern Reward, and then simply stays in the room.

    @q21 @G6
    Example: the Lantern is still gained at a full Daimyo card
      Given a 2-player game
      And clan 0's Lantern Area is SR9, S2
      And favour 0 is taken by clan 1
      And favour 1 is taken by clan 1
      And favour 2 is taken by clan 1
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Diplomats' floor
      # 4 food (SR9) + 1 (Lantern: SR9) = 5; 3 coins (SR9) + 0 (a 5 on Outside's 5) + 1 (Lantern: S2's back) = 4
      Then clan 0 now holds 5 food and 4 coins

  @RULING.COURTIER_ROOMS
  Rule: Which Stewards' or Diplomats' room a Courtier sits in has no effect once its card is taken, so the engine tracks only each Courtier's floor.

    Example: a climb names the floor it starts from, not a room
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 0, Stewards 2, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Stewards' floor
      And clan 0 chooses room diplomat_2
      Then clan 0's courtiers are now at Gate 0, Stewards 1, Diplomats 1, Daimyo 0

  @RULING.REFILL_AFTER_LIGHT
  Rule: The light-background action of a newly taken card is resolved before its room is refilled. Until then the room holds no card and cannot be entered; a courtier whose climb ends on a floor where no room can be entered stays on that floor and nothing more happens.

    Example: the room is refilled only after the light action is chosen
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Gate
      And clan 0 chooses room steward_2
      Then the observation at "/board/rooms/1/card" is null
      And the Steward deck is now S4, S7, S10, S12, S13, S15
      When clan 0 chooses block 1
      Then the card in steward_2 is now S4

  @RULING.DAIMYO_FAVOUR_CHOICE
  Rule: A clan whose Courtier reaches the Daimyo's room picks any unoccupied favour space.

    Example: any free favour space, not only the leftmost
      Given a 2-player game
      And clan 0 holds 2 Mother-of-Pearl
      And clan 0 has courtiers at Gate 0, Stewards 0, Diplomats 1, Daimyo 0
      When clan 0 places the right coral die on outside_left
      And clan 0 chooses the courtier action
      And clan 0 climbs 1 floor from the Diplomats' floor
      And clan 0 chooses favour 2
      Then the favours are now taken by nobody, nobody, clan 0
      # 2 seals (SR9) + 2 (DF1's third favour) = 4
      And clan 0 now holds 4 seals
