Feature: The rival's end of round and final scoring
  Right after the new turn order the rival hands in its coins for Clan Points; in the Gardens step it
  scores for its Gardeners instead of using them; the Solitaire deck is reshuffled with the re-roll. At
  the end it is scored like a player but for its leftovers.

  @SOLO.ROUND.HAND_IN
  Rule: As soon as the new turn order is set, the rival converts coins to Clan Points: the round number per full 3 coins if it is first, per full 5 if it is second, keeping the rest. First with 10 coins after round 3, it scores 9 CP and keeps 1 coin.

    Example: first in the new order: the round number per full 3 coins
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top | bottom |
        | H1   | coral | left  | the Well | -   | -      |
        | H2   | black | left  | the Well | -   | -      |
      And it is the last turn of round 1
      And clan 1 holds 10 coins
      When clan 0 places the right white die on the Well
      Then the turn order is now clan 1, clan 0
      # 3 (medium) + 1 (round 1) × 3 (full threes in 10 coins, first in order) = 6; 10 − 3 × 3 = 1
      And clan 1 now holds 6 Clan Points and 1 coin

    Example: second in the new order: the round number per full 5 coins
      Given a solo game against the easy Tokugawa rival with the Solitaire deck:
        | card | die   | slot | space     | top | bottom |
        | H1   | black | left | the Well  | -   | -      |
        | H2   | coral | left | steward_1 | -   | -      |
      And 4 turns of round 2 have been taken
      And clan 0 is on Passage of Time space 2
      And clan 1 holds 12 coins
      When clan 0 places the right white die on the Well
      Then the turn order is now clan 0, clan 1
      # 0 (easy) + 2 (round 2) × 2 (full fives in 12 coins, second in order) = 4; 12 − 2 × 5 = 2
      And clan 1 now holds 4 Clan Points and 2 coins

    Example: first with 10 coins after round 3: 9 Clan Points, 1 coin kept
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top | bottom |
        | H1   | coral | left  | the Well | -   | -      |
        | H2   | black | left  | the Well | -   | -      |
      And it is the last turn of round 3
      And clan 1 holds 10 coins
      When clan 0 places the right white die on the Well
      Then the game is now over
      # 3 (medium) + 3 (round 3) × 3 (full threes in 10 coins, first in order) = 12; 10 − 3 × 3 = 1
      And clan 1 now holds 12 Clan Points and 1 coin

  @SOLO.ROUND.GARDENS
  Rule: In the Gardens step of rounds 1 and 2 the rival does no garden action; it scores the round number in Clan Points for each of its Gardeners whose garden activates.

    Example: the round number for each of its Gardeners that activates, and no garden action
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top | bottom |
        | H1   | coral | left  | the Well | -   | -      |
        | H2   | black | left  | the Well | -   | -      |
      And it is the last turn of round 2
      And clan 1 has a gardener on garden slot 0
      And clan 1 has a gardener on garden slot 1
      And clan 1 has a gardener on garden slot 2
      And clan 1 holds 0 coins
      And the black bridge holds - | - | 6
      And the white bridge holds - | - | 6
      When clan 0 places the right black die on the Well
      # 3 (medium) + 2 (round 2) × 2 (gardeners on slots 0 and 1 below the coral bridge, which still holds dice: slot 2's black bridge is empty) = 7
      Then clan 1 now holds 7 Clan Points and 0 coins
      And the game now waits for a roll outcome

  @SOLO.ROUND.SHUFFLE
  Rule: At the end of each round the Solitaire deck is shuffled again; the new order comes with the dice re-roll as a chance outcome.

    Example: the re-roll brings the reshuffled Solitaire deck
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top | bottom |
        | H1   | coral | left  | the Well | -   | -      |
        | H2   | black | left  | the Well | -   | -      |
        | H3   | white | left  | the Well | -   | -      |
      And it is the last turn of round 1
      And clan 0 is on Passage of Time space 4
      When clan 0 places the right white die on the Well
      And the dice are re-rolled as 1 2 3 / 4 5 6 / 2 2 2 and the Solitaire deck is reshuffled as H3, H1, H2
      Then it is now round 2
      And the Solitaire deck is now H3, H1, H2

    Example: a reshuffle must hold the deck's cards
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top | bottom |
        | H1   | coral | left  | the Well | -   | -      |
        | H2   | black | left  | the Well | -   | -      |
      And it is the last turn of round 1
      When clan 0 places the right white die on the Well
      And the dice are re-rolled as 1 2 3 / 4 5 6 / 2 2 2 and the Solitaire deck is reshuffled as H1
      Then the action is refused citing SOLO.ROUND.SHUFFLE

  @SOLO.SCORE
  Rule: At game end the rival is scored as a player would be, but its leftover resources, coins and seals score nothing, since it cashed its coins every round.

    Example: the rival scores like a player, but nothing for leftover coins, seals or resources
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top | bottom |
        | H1   | coral | left  | the Well | -   | -      |
        | H2   | black | left  | the Well | -   | -      |
      And it is the last turn of round 3
      And clan 0 is on Passage of Time space 6
      And clan 1 holds 4 coins and 5 seals
      And clan 1 has a gardener on garden slot 2
      And clan 1 has courtiers at Gate 0, Stewards 0, Diplomats 0, Daimyo 1
      When clan 0 places the right white die on the Well
      Then the turn order is now clan 0, clan 1
      # 3 (medium start: 4 coins, fewer than 5, hand in nothing) = 3; 10 (its courtier in the Daimyo's room) = 10; 3 (G3 on slot 2) = 3;
      # 3 + 10 + 3 (coins, seals and space 1 score nothing, SOLO.SCORE) = 16
      And the final scores are:
        | clan | during play | coins and seals | resources | time | courtiers | gardeners | total |
        | 1    | 3           | 0               | 0         | 0    | 10        | 3         | 16    |
