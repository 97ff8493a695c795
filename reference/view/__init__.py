"""See the game: the board drawn from the public observation, games stepped through, divergences
shown side by side.

- :func:`board_svg`: an SVG picture of any observation (:class:`reference.wire.Observation`) or
  public position (:class:`reference.position.Position`), drawn from them alone and the printed
  content, never from the engine's internals (:mod:`.layout` places, :mod:`.scene` fills,
  :mod:`.svg` renders with Jinja2 templates shipped as package data).
- :func:`reference.view.text.text_board`: the compact text board of ``wcref show``.
- :mod:`.page`: ``wcref view TRACE -o game.html``, one self-contained page stepping through a game.
- :mod:`.divergence`: the page of ``wcref verify --report``: both positions side by side at the
  diverging step, the differing fields highlighted.
- :mod:`.book`: the boards of the rules book's examples.

DOM ids
-------
Every changing element is an SVG ``<g>`` with a stable id (a page showing two boards prefixes them,
e.g. ``ref-`` and ``impl-``). ``C`` is a clan index (0-3), ``R`` a castle room index (0-2 the
Stewards' rooms 1-3, 3-4 the Diplomats' rooms 1-2, as on the wire), ``COLOUR`` ``coral``, ``black``
or ``white``, ``F`` a floor (0 the Gate, 1 Stewards, 2 Diplomats, 3 the Daimyo's room), other
letters count from 0 in the observation's order:

=================================  ==============================================================
``status``                         round, phase, turns taken, who decides (or the winners)
``die-COLOUR-left``                a bridge's left-end die (the Lantern end); ``-right`` the right
``die-COLOUR-centre-K``            the K-th centre die of a bridge, lowest first (SETUP.BRIDGES_SORTED)
``room-R-card``                    the castle card in room R; ``room-R-tile-B`` its die tile of block B
``room-R-die-D``                   the D-th die placed in room R this round (D 1 covers D 0 at 3-4 clans)
``daimyo-card``, ``favour-K``      the Daimyo's Favor card; its favour spaces (class ``cC`` when taken)
``courtiers-F-clan-C``             clan C's courtiers on floor F (a count: the observation keeps floors)
``deck-stewards``, ``deck-diplomats``  the castle decks (how many cards are left)
``outside-S-die-D``                Outside the Walls space S (0 left, 1 right), its D-th die
``well-die-D``, ``well-tile-T``    the dice at the Well; its two die tiles (reward side up)
``garden-G``                       the garden card in slot G (0-1 beside coral, 2-3 black, 4-5 white)
``garden-G-gardener-K``            the K-th gardener on it (class ``cC``)
``yard-Y``, ``yard-Y-tile-T``      Training Yard Y (0 costs 5 iron, 1 3, 2 1), its tiles with their face
``yard-Y-warrior-W``               the W-th warrior in it (class ``cC``)
``time-track``, ``time-clan-C``    the Passage of Time (its order); clan C's Influence marker
                                   (translated to its space, stacked as ``time_order`` says: TIME.STACK)
``clan-C-name``, ``score-C``       clan C's name and turn-order place; its final score (at the end)
``clan-C-coins`` (``-seals``, ``-food``, ``-iron``, ``-pearl``, ``-cp``, ``-time``)  its holdings
``clan-C-line-MEMBER-K``           space K (0-4) of its MEMBER line: class ``home`` while the member
                                   is there, ``home gone`` once sent (DOMAIN.REWARDS)
``clan-C-domain-COLOUR``           the die on its COLOUR Domain line this round
``clan-C-domain-card``             the card in its Domain board's card slot
``clan-C-lantern-J``               the J-th card of its Lantern Area
``draft-I``                        starting pair I on offer (the draft)
``solo-deck-J``, ``solo-discard-J``, ``rival-row-J``  the rival's deck (top first), discard pile and the
                                   cards it flipped on its last turn (solo games)
=================================  ==============================================================

A slot the observation leaves empty keeps its id with the class ``empty``. Rules drawn: TIME.STACK
(the markers' stacking), COURTIER.FLOORS, DOMAIN.REWARDS, BRIDGE.SLIDE, CASTLE.NO_DAIMYO_DIE.
"""

from reference.view.svg import board_svg

__all__ = ["board_svg"]
