Feature: The rival's turn
  The Tokugawa rival flips Solitaire cards until the card on top of the deck names a Bridge slot that
  holds a die; it places that die on the space that card shows, earning coins but never paying; then it
  does the actions of the last two cards flipped and puts them under the deck. With a medium or hard
  rival, the rival plays first, so its first turn comes with the deal.

  @SOLO.TURN.FIND_DIE
  Rule: Flip the top card into a row beside the deck; the Bridge side now on top of the deck names a bridge colour and a slot (left, centre or right). If that slot is empty, flip again and look at the new top card, until the named slot holds a die; that top card gives both the die and the space.

    @q29 @q30
    Example: the first flip works when the card now on top names a die that is there
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top  | bottom |
        | F1   | coral | left  | steward_1 | cp 1 | -      |
        | F2   | black | left  | steward_2 | cp 2 | -      |
        | F3   | white | left  | steward_3 | cp 4 | -      |
      When the deal is applied
      Then the rival's flipped cards are now F1
      And steward_2 now holds a black 2 of clan 1
      # 8 (hard) + 1 (F1's cp 1, the only card flipped) = 9
      And clan 1 now holds 9 Clan Points

    @q29 @q30
    Example: cards are flipped until the top card names a die that is there
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space      | top  | bottom |
        | F1   | coral | left  | steward_1  | cp 1 | -      |
        | F2   | black | left  | steward_2  | cp 2 | -      |
        | F3   | white | left  | steward_3  | cp 4 | -      |
        | F4   | coral | right | diplomat_1 | cp 8 | -      |
      And the Solitaire deck is F1, F2, F3, F4
      And the black bridge holds - | - | 6
      And the white bridge holds - | - | 6
      When clan 0 places the right white die on the Well
      Then the rival's flipped cards are now F1, F2, F3
      And diplomat_1 now holds a coral 5 of clan 1
      # 3 (medium) + 1 (F1's cp 1, its first turn with the deal) + 2 (F2) + 4 (F3: the last two flipped) = 10
      And clan 1 now holds 10 Clan Points

  @SOLO.TURN.PLACE
  Rule: The rival puts the die on the space printed on the card that found it. A die above the space's value earns it the difference in coins; a die below it costs nothing.

    Example: the die goes to the space the card shows; a die above its value earns coins
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top     | bottom |
        | P1   | coral | left  | the Well  | coins 1 | -      |
        | P2   | white | right | steward_3 | -       | -      |
      When the deal is applied
      Then steward_3 now holds a white 6 of clan 1
      # 6 (white right die) − 3 (steward_3's value) + 1 (P1's coins 1) = 4
      And clan 1 now holds 4 coins

  @SOLO.TURN.NO_STACK_WELL
  Rule: Dice never stack in a 2-player game, so when the shown space already holds a die the rival's die goes to the Well instead. It earns coins for its value against the Well's 1 as usual but no Well tile rewards.

    Example: a taken space sends the rival's die to the Well, for coins only
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top | bottom  |
        | N1   | coral | left  | the Well  | -   | -       |
        | N2   | coral | right | steward_1 | -   | coins 1 |
        | N3   | black | right | steward_1 | -   | -       |
      When the deal is applied
      Then steward_1 now holds a coral 5 of clan 1
      When clan 0 places the right white die on the Well
      Then steward_1 now holds a coral 5 of clan 1
      And the Well now holds a white 6 of clan 0 and a black 6 of clan 1
      # 5 − 3 (coral 5 on steward_1, first turn) + 6 − 1 (black 6 sent to the Well) + 1 (N2's coins 1) = 8;
      # 0 seals (no Well seal, RULING.RIVAL_WELL_NO_SEAL) = 0
      And clan 1 now holds 8 coins and 0 seals

  @SOLO.TURN.ACT
  Rule: The rival then carries out every action on the two cards flipped last (or on the single card if one flip was enough), reading top to bottom and left to right (READING.SOLO_ACTION_ORDER).

    @q29
    Example: only the card flipped does its actions when the first flip works
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top  | bottom  |
        | A1   | coral | left  | the Well | cp 1 | coins 2 |
        | A2   | black | right | the Well | cp 4 | -       |
      When the deal is applied
      # 3 (medium) + 1 (A1's cp 1) = 4; 6 − 1 (black 6 at the Well) + 2 (A1's coins 2) = 7
      Then clan 1 now holds 4 Clan Points and 7 coins

    @q29
    Example: with more flips, the actions of the last two cards
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space      | top  | bottom  |
        | A1   | coral | left  | steward_1  | cp 1 | -       |
        | A2   | black | left  | steward_2  | cp 2 | -       |
        | A3   | white | left  | steward_3  | cp 4 | coins 1 |
        | A4   | coral | right | diplomat_1 | -    | -       |
      And the Solitaire deck is A1, A2, A3, A4
      And the black bridge holds - | - | 6
      And the white bridge holds - | - | 6
      When clan 0 places the right white die on the Well
      # 3 (medium) + 1 (A1, first turn) + 2 (A2) + 4 (A3: the last two flipped) = 10;
      # 0 (black 2 below steward_2's 3) + 5 − 4 (coral 5 on diplomat_1) + 1 (A3's coins 1) = 2
      Then clan 1 now holds 10 Clan Points and 2 coins

  @SOLO.TURN.UNDOABLE
  Rule: Each of those actions that the rival cannot carry out (no member left, no matching garden, no climb possible) gives it Clan Points equal to the current round number instead.

    @G16 @q32
    Example: an action the rival cannot do scores the round number
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top     | bottom |
        | U1   | coral | left  | the Well  | climb 1 | -      |
        | U2   | black | right | steward_2 | -       | -      |
      When the deal is applied
      # 3 (medium) + 1 (U1's climb 1 with no courtier: round 1, SOLO.TURN.UNDOABLE) = 4
      Then clan 1 now holds 4 Clan Points
      And clan 1's courtiers are now at Gate 0, Stewards 0, Diplomats 0, Daimyo 0

    @G16 @q32
    Example: in round 2 an undoable action scores 2
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top          | bottom |
        | U1   | coral | left  | the Well  | -            | -      |
        | U2   | black | right | steward_2 | gardener any | -      |
        | U3   | white | right | steward_3 | -            | -      |
      And it is round 2
      And clan 1 has sent all its gardeners
      And the Solitaire deck is U2, U3, U1
      When clan 0 places the right coral die on the Well
      # 3 (medium) + 2 (U2's gardener with none left: round 2, SOLO.TURN.UNDOABLE) = 5
      Then clan 1 now holds 5 Clan Points

  @SOLO.TURN.TO_BOTTOM
  Rule: When its actions are done, the cards the rival flipped this turn go under the deck, in the order they were flipped.

    Example: the flipped cards go under the deck in the order they were flipped
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space      | top | bottom |
        | B1   | coral | left  | steward_1  | -   | -      |
        | B2   | black | left  | steward_2  | -   | -      |
        | B3   | white | left  | steward_3  | -   | -      |
        | B4   | coral | right | diplomat_1 | -   | -      |
      And the Solitaire deck is B1, B2, B3, B4
      And the black bridge holds - | - | 6
      And the white bridge holds - | - | 6
      When clan 0 places the right white die on the Well
      Then the Solitaire deck is now B4, B1, B2, B3

  @RULING.SOLO_DECK_EXHAUSTED
  Rule: If the last card of the deck is flipped without finding a die, the row is turned back under and is the deck again, and the search continues with the card now on top; the actions are still those of the last two cards flipped. If no card of the deck names a slot holding a die, the engine raises RulesGap rather than loop forever.

    @G10 @q30
    Example: after the whole deck, the row goes under and the first card flipped is on top again
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot | space      | top  | bottom |
        | E1   | coral | left | diplomat_1 | cp 1 | -      |
        | E2   | black | left | steward_3  | cp 2 | -      |
        | E3   | white | left | steward_1  | cp 4 | -      |
      And the Solitaire deck is E1, E2, E3
      And the coral bridge holds 1 | - | 3
      And the other bridges are empty
      When clan 0 places the right coral die on the Well
      Then the rival's flipped cards are now E1, E2, E3
      And diplomat_1 now holds a coral 1 of clan 1
      # 3 (medium) + 1 (E1, first turn) + 2 (E2) + 4 (E3: the last two flipped before E1 came back on top) = 10
      And clan 1 now holds 10 Clan Points
      And the Solitaire deck is now E1, E2, E3

    @G10 @q30
    Example: a deck none of whose cards names a die that is there is a gap in the rules
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot | space      | top | bottom |
        | E1   | coral | left | diplomat_1 | -   | -      |
        | E2   | black | left | steward_3  | -   | -      |
        | E3   | white | left | steward_1  | -   | -      |
      And the Solitaire deck is E1, E2, E3
      And the coral bridge holds - | - | 5
      And the white bridge holds - | - | 6
      And the other bridges are empty
      When clan 0 places the right coral die on the Well
      Then the action is refused citing SOLO.TURN.FIND_DIE

  @RULING.RIVAL_CENTRE_DIE
  Rule: The rival takes the die in whichever slot its card names, including the centre die of a full bridge, which a player can never take (BRIDGE.ENDS_ONLY). Taking the centre leaves the two ends in place; taking an end slides the centre die as for a player (BRIDGE.SLIDE).

    @q1 @q30
    Example: a card naming the centre takes the centre die; the ends stay
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot   | space        | top | bottom |
        | C1   | white | right  | the Well     | -   | -      |
        | C2   | coral | centre | outside_left | -   | -      |
      When the deal is applied
      Then the coral bridge now holds 1 | - | 5
      And outside_left now holds a coral 3 of clan 1

    @q1
    Example: a card naming an end takes it and the centre die slides
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot | space        | top | bottom |
        | C1   | white | left | the Well     | -   | -      |
        | C2   | coral | left | outside_left | -   | -      |
      When the deal is applied
      Then the coral bridge now holds 3 | - | 5

  @RULING.RIVAL_WELL_NO_SEAL
  Rule: A rival die at the Well earns only its value coins: no Well tile rewards and no Daimyo Seal.

    @q31 @G11
    Example: the rival's die at the Well earns its coins only
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top | bottom |
        | W1   | coral | left  | steward_1 | -   | -      |
        | W2   | white | right | the Well  | -   | -      |
      When the deal is applied
      Then the Well now holds a white 6 of clan 1
      # 6 (white right die) − 1 (the Well's value) = 5; 0 seals (no Well seal, RULING.RIVAL_WELL_NO_SEAL) = 0
      And clan 1 now holds 5 coins and 0 seals

  @RULING.RIVAL_NO_LANTERN
  Rule: The rival has no Lantern Area, so taking a left-end die gives it nothing and neither does reaching the Daimyo's room.

    Example: a left-end die gives the rival nothing more
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | L1   | black | right | the Well     | -   | -      |
        | L2   | coral | left  | outside_left | -   | -      |
      When the deal is applied
      Then outside_left now holds a coral 1 of clan 1
      # 0 coins (a coral 1 below outside_left's 5 pays nothing) = 0; food and seals 0 (no Lantern, RULING.RIVAL_NO_LANTERN) = 0; 8 CP (hard) = 8
      And clan 1 now holds 0 coins, 0 food, 0 seals and 8 Clan Points
      # space 3 (hard), no Lantern step = 3
      And clan 1 is now on Passage of Time space 3

  @READING.SOLO_ACTION_ORDER
  Rule: The order of the two cards' actions: 'rows' does both cards' top halves left to right, then both bottom halves; 'cards' does all of the first card, then all of the second.

    @q29
    Example: rows (the default): both top halves, then both bottom halves
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space         | top     | bottom   |
        | O3   | black | left  | the Well      | -       | -        |
        | O1   | black | left  | the Well      | coins 1 | courtier |
        | O2   | white | left  | the Well      | climb 1 | cp 1     |
        | O4   | coral | right | outside_right | -       | -        |
      And the Solitaire deck is O1, O2, O4, O3
      And the white bridge holds - | - | 6
      When clan 0 places the right black die on the Well
      Then clan 1's courtiers are now at Gate 1, Stewards 0, Diplomats 0, Daimyo 0
      # 3 (medium) + 1 (O2's climb 1 comes before O1's courtier: undoable, round 1) + 1 (O2's cp 1) = 5
      And clan 1 now holds 5 Clan Points

    @q29
    Example: cards: all of the first card, then all of the second
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space         | top     | bottom   |
        | O3   | black | left  | the Well      | -       | -        |
        | O1   | black | left  | the Well      | coins 1 | courtier |
        | O2   | white | left  | the Well      | climb 1 | cp 1     |
        | O4   | coral | right | outside_right | -       | -        |
      And the setup reads solo.action_order as cards
      And the Solitaire deck is O1, O2, O4, O3
      And the white bridge holds - | - | 6
      When clan 0 places the right black die on the Well
      Then the game now waits for a rival_room decision by clan 0
      When clan 0 chooses room steward_2
      Then clan 1's courtiers are now at Gate 0, Stewards 1, Diplomats 0, Daimyo 0
      # 3 (medium) + 1 (O2's cp 1: its climb takes O1's courtier up, nothing is undoable) = 4
      And clan 1 now holds 4 Clan Points
      And the card in steward_2 is now S4
