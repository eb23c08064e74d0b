"""A compiled game as an OpenSpiel game (issue 21): `register(engine)` makes it `kurtyna_<id>`.

OpenSpiel is a library of game-playing and game-solving algorithms (MCTS, ISMCTS, CFR, policy
learning...). An engine registered here is a pyspiel Python game, so `pyspiel.load_game(name)`
gives a game its algorithms run on, with nothing of the game written for them. pyspiel is
imported here only (the optional extra `kurtyna[openspiel]`); docs/openspiel.md shows the use.

What OpenSpiel sees of an engine:

- actions: the stable ids of `ActionSpace(engine.SPEC)` (dsl/runtime/actions.py), as many
  distinct actions as it numbers; the legal actions are the ids of the pending decision's
  answers, ascending, and an action is applied as the answer its id stands for;
- the current player: whom the pending decision asks; terminal: the game is over;
- chance: sampled stochastic. Dice and shuffles come from the engine's seeded generator, so
  there are no chance nodes; the game parameter `seed` starts it (`Game.new_state(seed)`);
- returns: zero-sum, from who won (`returns_of`);
- the information-state string: the player's view (`state.view`, dsl/runtime/view.py) with
  the log from the start and the player's own actions so far, as sorted JSON; the observation
  string: the view without the log. No tensors (a game's views differ too much in shape);
- `resample_from_infostate(player, rng)`: `state.determinize(player, ...)`, a state the player
  cannot tell from this one (dsl/runtime/determinize.py), which is what ISMCTS searches over;
- clone: `state.clone()`; serialize: the engine's save (`state.to_json()`).
"""

from __future__ import annotations

import importlib
import json
import random
from collections.abc import Callable
from typing import Any

import pyspiel

from dsl.runtime.actions import ActionSpace

PREFIX = "kurtyna_"  # a game registers as kurtyna_<game id>
# OpenSpiel asks for a bound on the number of moves; the rules give none, so this is generous
# (a random game of each game in content/ is far shorter) and nothing is cut at it.
MAX_GAME_LENGTH = 100_000
RESERVED = ("seed", "players")  # game parameters of the adapter, not options of the game

_ENGINES: dict[str, Any] = {}  # registered name -> engine module (its Game and SPEC)
_SPACES: dict[str, ActionSpace] = {}
_TYPES: dict[str, pyspiel.GameType] = {}


def register(engine: Any, name: str | None = None) -> str:
    """Register a compiled engine (a generated module: its `Game` and `SPEC`) as a pyspiel game and
    give its name (`kurtyna_<game id>` unless `name`). Again for the same name: the new engine
    replaces the old one when it takes the same parameters; ValueError otherwise, or when the name
    is another game's."""
    spec = engine.SPEC
    name = name or PREFIX + spec.id
    clash = [option for option in spec.options if option in RESERVED]
    if clash:
        raise ValueError(f"option '{clash[0]}' of '{spec.id}' has the name of a parameter the OpenSpiel "
                         f"adapter sets ({', '.join(RESERVED)})")
    game_type = _game_type(name, spec)
    if name in _TYPES:
        old = _TYPES[name]
        if (old.parameter_specification, old.min_num_players, old.max_num_players) != \
                (game_type.parameter_specification, game_type.min_num_players, game_type.max_num_players):
            raise ValueError(f"'{name}' is registered already, with other parameters or players")
    elif name in pyspiel.registered_names():
        raise ValueError(f"OpenSpiel has a game named '{name}' already")
    else:
        # A class per name, as pyspiel's own Python games register one: pyspiel keeps the creator
        # until after Python has shut down, and a class (unlike a function) is never freed then.
        creator = type(f"KurtynaGame_{len(_TYPES)}", (KurtynaGame,), {"registered": name})
        pyspiel.register_game(game_type, creator)
        _TYPES[name] = game_type
    _ENGINES[name] = engine
    _SPACES[name] = ActionSpace(spec)
    return name


def _game_type(name: str, spec: Any) -> pyspiel.GameType:
    low, high, default = spec.seats()
    parameters: dict[str, Any] = {"seed": 0, **spec.options}
    if low != high:
        parameters["players"] = default
    kind = pyspiel.GameType
    return kind(
        short_name=name, long_name=f"Kurtyna {spec.id}", dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.SAMPLED_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM if low >= 2 else kind.Utility.GENERAL_SUM,
        reward_model=kind.RewardModel.TERMINAL, max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=parameters)


def returns_of(state: Any) -> list[float]:
    """Each seated player's return: zero-sum, a win alone worth 1. With n players and k winners a
    winner gets (n/k - 1)/(n - 1) and a loser -1/(n - 1): two players, 1 and -1; a draw, or a win
    all players share, 0 for everyone; an unfinished game 0. A game of one player: 1 won."""
    n = state.game.player_count
    winners = state.winners if state.is_over() else ()
    if not winners:
        return [0.0] * n
    if n == 1:
        return [1.0]
    k = len(winners)
    return [(n / k - 1) / (n - 1) if p in winners else -1 / (n - 1) for p in range(n)]


def resampler(seed: int) -> Callable[[Any, int], Any]:
    """A resampling function for OpenSpiel's ISMCTSBot (`bot.set_resampler(resampler(seed))`) that
    deals from its own seeded generator, so a search repeats for a seed (pyspiel's default
    sampler is seeded anew each time)."""
    rng = random.Random(seed)

    def resample(state: Any, player: int) -> Any:
        return state.resample_from_infostate(player, rng)

    return resample


class KurtynaGame(pyspiel.Game):
    """One registered engine with its parameters: `seed` (the engine's seed for new states),
    `players` (for a game that seats a choice of players) and the game's options. `register`
    makes a subclass per name, which pyspiel calls with the parameters."""

    registered = ""  # the name the subclass is registered under

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.registered
        engine = _ENGINES[name]
        spec = engine.SPEC
        params = dict(params or {})
        seed = params.get("seed", 0)
        if not 0 <= seed < 2**31:  # as a save takes it, and within OpenSpiel's whole numbers
            raise ValueError(f"the seed is a whole number from 0 to {2**31 - 1}, not {seed}")
        options = {key: value for key, value in params.items() if key not in RESERVED}
        game = engine.Game(options, players=params.get("players"))  # OptionError (ValueError) if bad
        n = game.player_count
        space = _SPACES[name]
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space), max_chance_outcomes=0, num_players=n,
            min_utility=-1 / (n - 1) if n > 1 else 0.0, max_utility=1.0,
            utility_sum=0.0 if spec.seats()[0] >= 2 else None, max_game_length=MAX_GAME_LENGTH)
        super().__init__(_TYPES[name], info, params)
        self.name = name
        self.engine_game = game
        self.space = space
        self.seed = seed

    def new_initial_state(self) -> KurtynaState:
        return KurtynaState(self, Held(self.name, self.space, self.engine_game, self.seed))

    def __reduce__(self) -> tuple:
        """Pickled by name and parameters (pyspiel's own pickling asks a game of sampled chance for
        a generator state that a Python game cannot give)."""
        return _loaded_game, (self.name, _ENGINES[self.name].__name__, self.get_parameters())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        """Strings of a player's own view: with perfect recall the information state, else the
        observation. Views of public information alone are not offered."""
        if params:
            raise ValueError(f"the Kurtyna observer takes no parameters, not {params}")
        if iig_obs_type is None:
            return ViewObserver(False)
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("Kurtyna games give a player's own view only (public and single-player "
                             "private information)")
        return ViewObserver(iig_obs_type.perfect_recall)


class ViewObserver:
    """A pyspiel Python observer with strings only (no tensor)."""

    def __init__(self, recall: bool) -> None:
        self.recall = recall
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: KurtynaState, player: int) -> None:
        """No tensors to fill."""

    def string_from(self, state: KurtynaState, player: int) -> str:
        return state.view_string(player, self.recall)


class KurtynaState(pyspiel.State):
    """An OpenSpiel state over an engine's state (`engine`); the module's text says how."""

    def __init__(self, game: KurtynaGame, held: Held) -> None:
        super().__init__(game)
        self.held = held  # the only attribute: OpenSpiel's clone deep-copies each one

    @property
    def engine(self) -> Any:
        """The engine's state (dsl/runtime/state.py): its log, views, saves."""
        return self.held.state

    def current_player(self) -> int:
        state = self.held.state
        if state.is_over():
            return pyspiel.PlayerId.TERMINAL
        return state.decision().player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.held.legal())

    def _apply_action(self, action: int) -> None:
        self.held.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        found = self.held.space.actions[action]
        return found[0] if len(found) == 1 else f"{found[0]}:{found[1]}"

    def is_terminal(self) -> bool:
        return self.held.state.is_over()

    def returns(self) -> list[float]:
        return returns_of(self.held.state)

    def __str__(self) -> str:
        return self.held.state.to_json()

    def __reduce__(self) -> tuple:
        """Pickled as the game and `serialize()` (which holds the engine's save)."""
        game = self.get_game()
        return _loaded_state, (self.held.name, _ENGINES[self.held.name].__name__, game.get_parameters(),
                               self.serialize())

    def information_state_string(self, player: int | None = None) -> str:
        """As pyspiel's own (which comes here through the observer), without the trip through C++."""
        return self.view_string(self.current_player() if player is None else player, True)

    def observation_string(self, player: int | None = None) -> str:
        return self.view_string(self.current_player() if player is None else player, False)

    def view_string(self, player: int, recall: bool) -> str:
        """The player's view as sorted JSON: with `recall`, the log from the start and the player's
        own actions (a secret answer is in no log), else the view of now."""
        def own() -> list[int]:
            return [step.action for step in self.full_history() if step.player == player]
        return self.held.view_string(player, recall, own)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> KurtynaState:
        """A state `player_id` cannot tell from this one: the cards it does not know dealt anew and
        the dice to come unknown (`state.determinize`). The generator is a random.Random, a pyspiel
        sampler (a callable giving numbers in [0, 1), as ISMCTSBot passes) or None (fresh)."""
        copy = self.clone()
        copy.held = self.held.determinized(player_id, _rng_of(probability_sampler))
        return copy


def _loaded_game(name: str, module: str, params: dict[str, Any]) -> pyspiel.Game:
    """The game `name` with `params`, its engine imported and registered first where it is not (in
    another process: a generated package is importable, a temporary one of a run is not)."""
    if name not in _ENGINES:
        register(importlib.import_module(module), name)
    return pyspiel.load_game(name, params)


def _loaded_state(name: str, module: str, params: dict[str, Any], text: str) -> KurtynaState:
    return _loaded_game(name, module, params).deserialize_state(text)


def _rng_of(sampler: Any) -> random.Random:
    if isinstance(sampler, random.Random):
        return sampler
    if sampler is None:
        return random.Random()
    if callable(sampler):
        return random.Random(int(sampler() * 2**53))
    raise TypeError(f"a random.Random or a pyspiel sampler, not {type(sampler).__name__}")


class Held:
    """The engine's state behind one OpenSpiel state, started on first use (OpenSpiel's clone makes
    a new initial state and then copies this over it), with the legal answers by action id and the
    view strings kept until the next action."""

    def __init__(self, name: str, space: ActionSpace, game: Any, seed: int, state: Any = None) -> None:
        self.name = name
        self.space = space
        self.game = game
        self.seed = seed
        self._state = state
        self._legal: dict[int, int] | None = None  # action id -> index of the answer
        self._strings: dict[tuple[int, bool], str] = {}

    @property
    def state(self) -> Any:
        if self._state is None:
            self._state = self.game.new_state(self.seed)
        return self._state

    def legal(self) -> dict[int, int]:
        if self._legal is None:
            decision = self.state.decision()
            ids = self.space.legal(decision) if decision is not None else []
            self._legal = {action: index for index, action in enumerate(ids)}
        return self._legal

    def apply(self, action: int) -> None:
        index = self.legal().get(action)
        if index is None:
            raise ValueError(f"action {action} is not legal here (legal: {sorted(self.legal())})")
        self.state.apply_index(index)
        self._legal = None
        self._strings = {}

    def view_string(self, player: int, recall: bool, own: Callable[[], list[int]]) -> str:
        key = (player, recall)
        text = self._strings.get(key)
        if text is None:
            state = self.state
            if recall:
                data: Any = {"view": state.view(player), "actions": own()}
            else:
                data = state.view(player, log_from=len(state.log))
            text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
            self._strings[key] = text
        return text

    def determinized(self, player: int, rng: random.Random) -> Held:
        return Held(self.name, self.space, self.game, self.seed, self.state.determinize(player, rng))

    def __deepcopy__(self, memo: dict) -> Held:
        copy = Held(self.name, self.space, self.game, self.seed,
                    None if self._state is None else self._state.clone())
        copy._legal, copy._strings = self._legal, dict(self._strings)  # the same answers and views
        return copy

    def __getstate__(self) -> dict[str, Any]:
        """What OpenSpiel's serialize pickles: the engine's save."""
        return {"name": self.name, "save": self.state.to_json()}

    def __setstate__(self, data: dict[str, Any]) -> None:
        name = data["name"]
        state = _ENGINES[name].Game.state_from_json(data["save"])
        self.__init__(name, _SPACES[name], state.game, state.seed, state)
