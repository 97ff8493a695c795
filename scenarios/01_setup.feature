Feature: Setup
  Laying out the board and the clans before round 1. The whole setup is one chance outcome, the
  deal (RULING.CHANCE_DEAL); the examples use the standard deal of the scenarios README unless they
  change it.

  @SETUP.DICE_PER_COLOUR
  Rule: Each colour (coral, black, white) uses players + 1 dice: 3 per colour at 2 players, 4 at 3 players and 5 at 4 players.

    Scenario Outline: <players> players roll <players> + 1 dice of each colour
      Given a <players>-player game
      When the deal is applied
      Then the coral bridge now holds <left> | <centre> | <right>

      Examples:
        | players | left | centre | right |
        | 2       | 1    | 3      | 5     |
        | 3       | 1    | 3 4    | 5     |
        | 4       | 1    | 2 3 4  | 5     |

  @SETUP.BRIDGES_SORTED
  Rule: Roll each colour's dice and lay them on that colour's Bridge in ascending order: the lowest at the left end, the highest at the right end, the others between them.

    Example: the rolled dice are laid lowest on the left, highest on the right
      Given a 2-player game
      And the deal is changed:
        | dice | 6 2 4 / 3 3 1 / 5 6 1 |
      When the deal is applied
      Then the coral bridge now holds 2 | 4 | 6
      And the black bridge now holds 1 | 3 | 3
      And the white bridge now holds 1 | 5 | 6

  @SETUP.CASTLE_CARDS
  Rule: Shuffle the Steward and Diplomat decks separately and deal one card face up into each of the 3 Stewards' rooms (1st floor) and the 2 Diplomats' rooms (2nd floor); the rest stay as refill decks. One Daimyo's Favor card goes to the 3rd floor.

    Example: the first shuffled cards fill the rooms and the rest wait as decks
      Given a 2-player game
      When the deal is applied
      Then the card in steward_1 is now S2
      And the card in steward_2 is now S5
      And the card in steward_3 is now S9
      And the card in diplomat_1 is now D2
      And the card in diplomat_2 is now D6
      And the Steward deck is now S4, S7, S10, S12, S13, S15
      And the Diplomat deck is now D3, D4, D5, D7, D8, D10, D11
      And the Daimyo's Favor card is now DF1

  @SETUP.TWO_PLAYER_REMOVED
  Rule: At 2 players the castle cards marked with the diamond stay in the box: Stewards 1, 3, 6, 8, 11 and 14 and Diplomats 1, 9 and 12, leaving 9 Stewards and 9 Diplomats.

    Example: a 2-player deal may not use a Steward marked with the diamond
      Given a 2-player game
      And the deal is changed:
        | stewards | S1, S5, S9, S4, S7, S10, S12, S13, S15 |
      When the deal is applied
      Then the action is refused citing RULING.CHANCE_DEAL

    Example: at 3 players the diamond cards are in the decks
      Given a 3-player game
      When the deal is applied
      Then the Steward deck is now S4, S7, S10, S12, S13, S15, S1, S3, S6, S8, S11, S14
      And the Diplomat deck is now D3, D4, D5, D7, D8, D10, D11, D1, D9, D12

  @SETUP.DIE_TILES
  Rule: The 15 die tiles are, for each colour, one each of Iron, Food, Mother-of-Pearl, a resource of your choice and 1 coin. A Steward room takes 3 (one per row) and a Diplomat room 2 (one per block), colour side up: 13 in the castle.

    @q34
    Example: the rooms show the colour sides of 13 die tiles
      Given a 2-player game
      When the deal is applied
      Then the die tiles of steward_1 are now white, coral, coral
      And the die tiles of steward_2 are now black, white, coral
      And the die tiles of steward_3 are now coral, black, white
      And the die tiles of diplomat_1 are now black, white
      And the die tiles of diplomat_2 are now white, black

  @SETUP.DIE_TILES.NO_MONO
  Rule: After setup no castle room shows die tiles of only one colour.

    @q34
    Example: a layout giving a Steward room three coral tiles is refused
      Given a 2-player game
      And the deal is changed:
        | die_tiles | coral-iron, coral-food, coral-pearl, black-iron, white-food, white-iron, coral-choice, black-food, white-pearl, black-pearl, white-choice, white-coin, black-choice, coral-coin, black-coin |
      When the deal is applied
      Then the action is refused citing SETUP.DIE_TILES.NO_MONO

    @q34
    Example: a layout giving a Diplomat room two black tiles is refused
      Given a 2-player game
      And the deal is changed:
        | die_tiles | white-iron, coral-iron, coral-food, white-pearl, white-food, coral-pearl, coral-choice, black-food, white-choice, black-pearl, black-iron, white-coin, black-choice, coral-coin, black-coin |
      When the deal is applied
      Then the action is refused citing SETUP.DIE_TILES.NO_MONO

  @SETUP.WELL_TILES
  Rule: The 2 die tiles left over go to the Well with their reward side up and stay there for the whole game.

    Example: the last two tiles of the layout go to the Well
      Given a 2-player game
      When the deal is applied
      Then the Well tiles are now coral-coin and black-coin

  @SETUP.GARDENS
  Rule: Shuffle the 5 Plant and the 5 Stone Garden cards separately and deal one of each below each of the 3 Bridges: 6 Garden cards in play.

    Example: a Stone and a Plant card beside each Bridge
      Given a 2-player game
      When the deal is applied
      Then garden slot 0 now shows G1 beside the coral bridge
      And garden slot 1 now shows G7 beside the coral bridge
      And garden slot 2 now shows G3 beside the black bridge
      And garden slot 3 now shows G9 beside the black bridge
      And garden slot 4 now shows G5 beside the white bridge
      And garden slot 5 now shows G10 beside the white bridge

  @SETUP.YARDS
  Rule: There are always 3 Training Yards printed on the board: one costing 5 Iron worth 2 per Warrior, one costing 3 Iron worth 1, and one costing 1 Iron worth 1.

    Example: three printed yards cost 5, 3 and 1 Iron and are worth 2, 1 and 1
      Given a 2-player game
      When the deal is applied
      Then the observation at "/board/yards/0/cost" is 5
      And the observation at "/board/yards/0/value" is 2
      And the observation at "/board/yards/1/cost" is 3
      And the observation at "/board/yards/1/value" is 1
      And the observation at "/board/yards/2/cost" is 1
      And the observation at "/board/yards/2/value" is 1

  @SETUP.YARD_TILES
  Rule: Draw 4 of the 8 Yard tiles: the 5-Iron yard gets 2 (one action side up, one reward side up), the 3-Iron yard 1 action side up and the 1-Iron yard 1 reward side up.

    @q35
    Example: four yard tiles, two on the 5-Iron yard
      Given a 2-player game
      When the deal is applied
      Then the observation at "/board/yards/0/tiles" is [["Y4", "action"], ["Y5", "reward"]]
      And the observation at "/board/yards/1/tiles" is [["Y6", "action"]]
      And the observation at "/board/yards/2/tiles" is [["Y1", "reward"]]

  @SETUP.STARTING_PAIRS
  Rule: Deal players + 1 pairs, each one Starting Resource card and one Action card. Players pick a pair in reverse turn order, the last player first; the one pair left over is not used.

    @q28
    Example: three pairs for two players, the last player in turn order picks first
      Given a 2-player game
      When the deal is applied
      Then the starting pairs on offer are now SR8+A3, SR9+A1, SR6+A5
      And the game now waits for a draft decision by clan 1
      When clan 1 takes starting pair 2
      Then the starting pairs on offer are now SR8+A3, SR9+A1
      And the game now waits for a draft decision by clan 0

    Example: a pair that is not on offer cannot be taken
      Given a 2-player game
      When the deal is applied
      And clan 1 takes starting pair 3
      Then the action is refused citing SETUP.STARTING_PAIRS

  @SETUP.STARTING_GAINS
  Rule: You gain at once what your Starting Resource card shows (resources, coins, seals, perhaps a Decree card); the card then starts your Lantern Area, with any Decree beside it. Your Action card goes into your Domain board's card slot.

    Example: the Starting Resource card pays out and starts the Lantern Area
      Given a 2-player game
      When the deal is applied
      And clan 1 takes starting pair 0
      # nothing before the draft (SETUP.NO_OTHER_INCOME), then SR8: 0 + 2 food = 2; 0 + 2 iron = 2; 0 + 1 pearl = 1; 0 + 4 coins = 4; 0 + 1 seal = 1
      Then clan 1 now holds 2 food, 2 iron, 1 Mother-of-Pearl, 4 coins and 1 seal
      And clan 1's Lantern Area is now SR8
      And clan 1's Domain card is now A3

    Example: a Decree on the Starting Resource card joins the Lantern Area
      Given a 2-player game
      And the deal is changed:
        | pairs | SR1+A1, SR9+A3, SR6+A5 |
      When the deal is applied
      And clan 1 takes starting pair 0
      # nothing before the draft (SETUP.NO_OTHER_INCOME), then SR1: 0 + 2 food = 2; 0 + 1 iron = 1; 0 + 2 coins = 2; 0 + 1 seal = 1
      Then clan 1 now holds 2 food, 1 iron, 2 coins and 1 seal
      And clan 1's Lantern Area is now SR1, DC1
      And clan 1's Domain card is now A1

  @SETUP.NO_OTHER_INCOME
  Rule: Apart from the Starting Resource card, clans begin with no coins, resources or seals.

    Example: before the draft the clans hold nothing
      Given a 2-player game
      When the deal is applied
      # no Starting Resource card taken yet (SETUP.NO_OTHER_INCOME): 0 coins = 0; 0 seals = 0; 0 food = 0; 0 iron = 0; 0 pearl = 0
      Then clan 0 now holds 0 coins, 0 seals, 0 food, 0 iron and 0 Mother-of-Pearl
      # no Starting Resource card taken yet (SETUP.NO_OTHER_INCOME): 0 coins = 0; 0 seals = 0; 0 food = 0; 0 iron = 0; 0 pearl = 0
      And clan 1 now holds 0 coins, 0 seals, 0 food, 0 iron and 0 Mother-of-Pearl

  @SETUP.WORKERS
  Rule: Each clan puts 5 Courtiers, 5 Gardeners and 5 Warriors on the three member lines of its Domain board.

    Example: the fifth Warrior of a line can still be sent
      Given a 2-player game
      And clan 0 has sent 4 warriors
      And clan 0's Domain card is A3
      When clan 0 places the right white die on domain_white
      And clan 0 chooses the 1-iron yard
      Then clan 0 has now sent 0 courtiers, 0 gardeners and 5 warriors
      And the 1-iron yard now holds warriors of clan 0

  @SETUP.TURN_ORDER
  Rule: The Herons on the turn-order track give the first round's order, which the players set freely (in practice at random); see RULING.START_ORDER.

    Example: the dealt Heron order is the first round's turn order
      Given a 2-player game
      And the deal is changed:
        | turn_order | 1, 0 |
      When the deal is applied
      Then the turn order is now clan 1, clan 0
      And the game now waits for a draft decision by clan 0

  @SETUP.TIME_START
  Rule: Every Influence marker starts on space 0 of the Passage of Time, stacked so the first player's is on top.

    Example: every marker starts on space 0, the first player's on top
      Given a 2-player game
      When the deal is applied
      Then the observation at "/clans/0/time" is 0
      And the observation at "/clans/1/time" is 0
      And the Passage of Time order is now clan 0, clan 1

  @SETUP.SCORE_START
  Rule: Every Fan (score) marker starts at 0 Clan Points.

    Example: every clan starts with 0 Clan Points
      Given a 3-player game
      When the deal is applied
      # every Fan starts at 0 (SETUP.SCORE_START), no turn played yet = 0
      Then clan 0 now holds 0 Clan Points
      # every Fan starts at 0 (SETUP.SCORE_START), no turn played yet = 0
      And clan 1 now holds 0 Clan Points
      # every Fan starts at 0 (SETUP.SCORE_START), no turn played yet = 0
      And clan 2 now holds 0 Clan Points

  @RULING.DIE_TILE_SET
  Rule: The die tiles are the 15 of rules-facts 11.2 (per colour: Iron, Food, Mother-of-Pearl, a resource of choice, 1 coin). The two Well tiles are whichever two the layout leaves over.

    @G4
    Example: whichever two tiles the layout leaves over pay at the Well
      Given a 2-player game
      And the deal is changed:
        | die_tiles | white-iron, coral-iron, coral-food, coral-coin, white-food, coral-pearl, coral-choice, black-food, black-coin, black-pearl, white-choice, white-coin, black-choice, white-pearl, black-iron |
      When clan 0 places the right white die on the Well
      Then the Well tiles are now white-pearl and black-iron
      # 2 seals (SR9) + 1 (the Well) = 3; 0 + 1 (white-pearl tile) = 1; 2 iron (SR9) + 1 (black-iron tile) = 3; 3 coins (SR9) + 5 (a 6 on the Well's 1) = 8
      And clan 0 now holds 3 seals, 1 Mother-of-Pearl, 3 iron and 8 coins

  @RULING.WELL_TILE_REWARDS
  Rule: A Well visit gives 1 Daimyo Seal and what its two tiles show, and with the shipped die tiles each tile shows a resource, a resource of choice or 1 coin: never a second seal, never a Passage of Time step. This is an open question: one source says otherwise.

    Example: a Well visit pays one seal and the two tiles' coins, and no step
      Given a 2-player game
      And the Well tiles are coral-coin and black-coin
      When clan 0 places the right white die on the Well
      # 2 seals (SR9) + 1 (the Well) = 3; 3 coins (SR9) + 5 (a 6 on the Well's 1) + 1 + 1 (the two tiles) = 10
      Then clan 0 now holds 3 seals and 10 coins
      # space 0 (SETUP.TIME_START) + 0 steps (a seal and two coin tiles, no Influence) = 0
      And clan 0 is now on Passage of Time space 0

  @RULING.START_ORDER
  Rule: The first round's turn order is a random chance outcome. All Influence markers start stacked on space 0 with the first player's on top.

    @G12
    Example: the stack on space 0 follows the dealt turn order
      Given a 3-player game
      And the deal is changed:
        | turn_order | 2, 0, 1 |
      When the deal is applied
      Then the turn order is now clan 2, clan 0, clan 1
      And the Passage of Time order is now clan 2, clan 0, clan 1

  @RULING.DIE_TILE_LAYOUT
  Rule: The die-tile layout is part of the setup chance outcome. The engine accepts any layout that places all 15 tiles (3 per Steward room, 2 per Diplomat room, 2 at the Well) and leaves no castle room a single colour.

    @q34
    Example: any layout without a one-colour room is accepted
      Given a 2-player game
      And the deal is changed:
        | die_tiles | white-iron, coral-iron, coral-food, coral-coin, white-food, coral-pearl, coral-choice, black-food, black-coin, black-pearl, white-choice, white-coin, black-choice, white-pearl, black-iron |
      When the deal is applied
      Then the die tiles of steward_2 are now coral, white, coral
      And the die tiles of steward_3 are now coral, black, black
      And the game now waits for a draft decision by clan 1

  @RULING.CHANCE_DEAL
  Rule: All setup randomness (deck shuffles, Garden, Yard tile and starting-pair deals, the first turn order, the die-tile layout and the first dice roll) is one chance outcome supplied by the caller.

    Example: a deal must roll players + 1 dice per bridge
      Given a 2-player game
      And the deal is changed:
        | dice | 1 2 3 4 / 2 4 6 / 1 2 6 |
      When the deal is applied
      Then the action is refused citing RULING.CHANCE_DEAL

    Example: nothing else can be done before the deal
      Given a new 2-player game waiting for its deal
      When the action {"type": "place_die", "bridge": "coral", "end": "left", "space": "well"} is applied
      Then the action is refused citing RULING.CHANCE_DEAL
      And the game now waits for a deal outcome

  @RULING.PUBLIC_POSITION
  Rule: A game may start from a public position: what the table shows when a clan is about to take a turn or a starting pair, when the deal or the re-roll is due, or when the game is over. The position must keep every rule of what the table can hold (caps, sorted bridges, whose decision it is, cards of this game). A composed position (a study, as in chess problems) may leave out the game that led to it and break the conservation rules it names: dice per colour, one die placed per turn, members where their Domain board sent them, each card once. What no rules sentence names (the format, unknown ids, negative counts, a die with no such face) is cited under this ruling.

    Example: a study with dice on one bridge only leaves out the other dice of the round
      Given a 2-player game
      And the start position is a study leaving out SETUP.DICE_PER_COLOUR
      And the coral bridge holds 2 | - | 5
      And the other bridges are empty
      And clan 0 holds 0 seals
      When clan 0 places the left coral die on the Well
      Then the coral bridge now holds - | - | 5
      # 0 seals (given) + 1 (the Well) = 1
      And clan 0 now holds 1 seal

    Example: a position edited only within the rules is no study
      Given a 2-player game
      And the start position is a study leaving out nothing
      And clan 0 holds 5 seals, 3 coins
      When clan 0 trades 1 seal for 1 coin
      # 5 seals (given) − 1 (SEALS.TRADE_COIN) = 4; 3 coins (given) + 1 (SEALS.TRADE_COIN) = 4
      Then clan 0 now holds 4 seals, 4 coins
