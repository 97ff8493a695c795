Feature: Solo setup and golden rules
  Playing alone against the Tokugawa rival: the board of a 2-player game, the rival's Clan Points,
  Heron and Passage of Time by difficulty, its Solitaire deck, and the golden rules it follows. The
  player is clan 0 (its starting pair SR9 + A1 is drawn for it), the rival clan 1. Each example lists
  the Solitaire deck it uses, top card first.

  @SOLO.SETUP.TWO_PLAYER
  Rule: A solo game is laid out as a 2-player game (player and rival). The player does not choose a starting pair: one Starting Resource card and one Action card are drawn at random, one from each deck.

    @q28
    Example: a 2-player board, and the player's starting pair is drawn without a choice
      Given a solo game against the easy Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | K1   | coral | left  | outside_left | -   | -      |
        | K2   | black | right | the Well     | -   | -      |
      When the deal is applied
      Then the game now waits for a turn decision by clan 0
      # 4 food (SR9) = 4; 2 iron (SR9) = 2; 3 coins (SR9) = 3; 2 seals (SR9) = 2
      And clan 0 now holds 4 food, 2 iron, 3 coins and 2 seals
      And clan 0's Domain card is now A1
      And the coral bridge now holds 1 | 3 | 5

  @SOLO.SETUP.DIFFICULTY
  Rule: The difficulty sets the rival's starting Clan Points, Heron and Passage of Time space: Easy 0 CP, 2nd in turn order, space 0; Medium 3 CP, 1st, space 1; Hard 8 CP, 1st, space 3.

    Scenario Outline: the <difficulty> rival starts with <cp> Clan Points on space <space>, <place>
      Given a solo game against the <difficulty> Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | K1   | coral | left  | outside_left | -   | -      |
        | K2   | black | right | the Well     | -   | -      |
      When the deal is applied
      Then clan 1 now holds <cp> Clan Points
      And clan 1 is now on Passage of Time space <space>
      And the turn order is now <order>

      Examples:
        | difficulty | cp | space | place  | order          |
        | easy       | 0  | 0     | second | clan 0, clan 1 |
        | medium     | 3  | 1     | first  | clan 1, clan 0 |
        | hard       | 8  | 3     | first  | clan 1, clan 0 |

  @SOLO.SETUP.NO_DOMAIN
  Rule: The rival gets no Domain board; its coins and its 15 clan members simply sit beside the player.

    Example: the rival has no Domain board, no cards and no Lantern Area
      Given a solo game against the easy Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | K1   | coral | left  | outside_left | -   | -      |
        | K2   | black | right | the Well     | -   | -      |
      When the deal is applied
      Then clan 1's Domain card is now none
      And clan 1's Lantern Area is now empty
      And the observation at "/clans/1/rival" is true

  @SOLO.SETUP.DECK
  Rule: The Solitaire deck is shuffled and laid with its Bridge sides face up; the shuffle is part of the setup chance outcome.

    Example: the shuffled deck is laid Bridge side up in the dealt order
      Given a solo game against the easy Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | K1   | coral | left  | outside_left | -   | -      |
        | K2   | black | right | the Well     | -   | -      |
        | K3   | white | right | the Well     | -   | -      |
      And the deal is changed:
        | solo_deck | K3, K1, K2 |
      When the deal is applied
      Then the Solitaire deck is now K3, K1, K2

    Example: the dealt deck must be the setup's cards
      Given a solo game against the easy Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space        | top | bottom |
        | K1   | coral | left  | outside_left | -   | -      |
        | K2   | black | right | the Well     | -   | -      |
      And the deal is changed:
        | solo_deck | K1, K1 |
      When the deal is applied
      Then the action is refused citing RULING.CHANCE_DEAL

  @SOLO.GOLDEN.NEVER_PAYS
  Rule: The rival pays for nothing: no coins for a die below a space's value, no Food for a garden, no Iron for a yard, no Mother-of-Pearl for a climb.

    @q31
    Example: a 1 in a Stewards' room costs the rival nothing
      Given a solo game against the easy Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top  | bottom |
        | K1   | white | right | the Well  | cp 1 | -      |
        | K2   | coral | left  | steward_1 | -    | -      |
      When clan 0 places the right black die on the Well
      Then steward_1 now holds a coral 1 of clan 1
      # 0 coins (the rival has no starting card) + 0 (a coral 1 below steward_1's 3 costs nothing, SOLO.GOLDEN.NEVER_PAYS) = 0;
      # 0 CP (easy) + 1 (K1's cp 1) = 1
      And clan 1 now holds 0 coins and 1 Clan Point

  @SOLO.GOLDEN.ONLY_ICONS
  Rule: Dice and clan members reach the board only through the icons of the rival's Solitaire cards. The space its die lands on is not resolved: no room rows, no Outside-the-Walls choice, no Well tiles, no garden action.

    Example: the room the rival's die enters does nothing for it
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top | bottom |
        | K1   | coral | left  | the Well  | -   | -      |
        | K2   | coral | right | steward_3 | -   | -      |
      When the deal is applied
      Then steward_3 now holds a coral 5 of clan 1
      # 5 (coral right die) − 3 (steward_3's value) = 2; 0 seals (none at start: S9's rows not resolved, SOLO.GOLDEN.ONLY_ICONS) = 0;
      # 8 CP (hard) + 0 (K1 shows no icon) = 8
      And clan 1 now holds 2 coins, 0 seals and 8 Clan Points
      And the Well now holds no dice
      And the game now waits for a turn decision by clan 0

    Example: its die Outside the Walls gives it no member action
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space         | top | bottom |
        | K1   | coral | left  | the Well      | -   | -      |
        | K2   | black | right | outside_right | -   | -      |
      When the deal is applied
      Then outside_right now holds a black 6 of clan 1
      And clan 1 has now sent 0 courtiers, 0 gardeners and 0 warriors
      And the game now waits for a turn decision by clan 0

  @SOLO.GOLDEN.NO_RESOURCES
  Rule: The rival never takes Food, Iron or Mother-of-Pearl; what it can gain is coins, Clan Points and Passage of Time steps.

    Example: a die on a Steward row of Food and Mother-of-Pearl gives the rival only its coins
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space     | top | bottom |
        | K1   | coral | left  | the Well  | -   | -      |
        | K2   | white | right | steward_2 | -   | -      |
      When the deal is applied
      # 6 (white right die) − 3 (steward_2's value) = 3; food, iron and pearl each 0 (S5's rows not resolved, SOLO.GOLDEN.NO_RESOURCES) = 0
      Then clan 1 now holds 3 coins, 0 food, 0 iron and 0 Mother-of-Pearl

  @SOLO.GOLDEN.ANY_COLOUR
  Rule: Unlike a player (CASTLE.COLOUR_MATCH), the rival may put a die in a castle room whose die tiles do not show that die's colour.

    @q4
    Example: the rival's coral die enters a room of black and white tiles
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space      | top | bottom |
        | K1   | black | left  | the Well   | -   | -      |
        | K2   | coral | right | diplomat_1 | -   | -      |
      When the deal is applied
      Then diplomat_1 now holds a coral 5 of clan 1
      # 5 (coral right die) − 4 (diplomat_1's value) = 1
      And clan 1 now holds 1 coin

  @SOLO.GOLDEN.NO_DOMAIN
  Rule: Having no Domain board, the rival never places on a Domain line, so no Solitaire card may show a Domain line as its placement space; a deck that does is rejected.

    Example: the rival never holds a Domain die
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space         | top | bottom |
        | K1   | black | left  | the Well      | -   | -      |
        | K2   | white | right | outside_right | -   | -      |
      When the deal is applied
      Then clan 1's Domain dice are now -, -, -
      And outside_right now holds a white 6 of clan 1

  @SOLO.CARDS
  Rule: The game has 9 Solitaire cards; no reachable source shows them whole (a review's photos show one card's action side and another's Bridge side). The deck shipped with the engine is a provisional stand-in that carries those two faces; a transcribed deck can be given in the setup instead.

    @q30
    Example: a transcribed deck given in the setup is the deck the rival plays
      Given a solo game against the hard Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space      | top  | bottom |
        | T1   | black | left  | the Well   | cp 2 | -      |
        | T2   | white | left  | diplomat_2 | -    | -      |
      When the deal is applied
      Then the observation at "/setup/solo/deck/name" is "scenario deck"
      And diplomat_2 now holds a white 1 of clan 1
      # 8 (hard) + 2 (T1's cp 2, the white 1 on diplomat_2 earns nothing) = 10
      And clan 1 now holds 10 Clan Points

  @SOLO.EXPANSIONS
  Rule: Matcha adds 3 Solitaire cards and Geisha icons, and Bōeki changes how the rival is set up. Both are out of scope for this base-game engine.

    @G18
    Example: no expansion card joins the reshuffled deck
      Given a solo game against the medium Tokugawa rival with the Solitaire deck:
        | card | die   | slot  | space    | top | bottom |
        | K1   | coral | left  | the Well | -   | -      |
        | K2   | black | right | the Well | -   | -      |
      And it is the last turn of round 1
      When clan 0 places the right white die on the Well
      Then the game now waits for a roll outcome
      When the dice are re-rolled as 1 2 3 / 4 5 6 / 2 2 2 and the Solitaire deck is reshuffled as K1, K2, M1
      Then the action is refused citing SOLO.ROUND.SHUFFLE
