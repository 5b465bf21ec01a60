"""A save that runs out of heap keeps the game saved before it (docs/board-heap.md).

Any other failure of a save means the journal can no longer be trusted, so the save is
forgotten; running out of memory says nothing about the journal, and forgetting then would
lose the very game a board short of memory must keep. The MemoryError goes on to the app
(App.low_memory), which stops the game cleanly."""

import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import fakes  # noqa: E402,F401  (puts firmware/lib on the path)
from fakes.circuitpython import Nvm  # noqa: E402
from topper_app.gamesave import GameSave  # noqa: E402
from topper_hw.journal_store import NvmStore  # noqa: E402


def saved(snap):
    nvm = Nvm(4096)
    save = GameSave(NvmStore(nvm))
    save.begin_whole(snap, 0)
    save.step(2000, True)
    return nvm, save


def reopened(nvm):
    return GameSave(NvmStore(nvm)).resume_whole()


class Failing:
    """The whole-game saver, failing the next save with ``error``."""

    def __init__(self, real, error):
        self.real = real
        self.error = error

    def save(self, snap):
        raise self.error


@pytest.mark.parametrize(
    "error, kept",
    [
        (MemoryError("memory allocation failed"), True),
        (ValueError("snapshot too big > slot of 2000"), False),
        (OSError(5), False),
    ],
)
def test_only_a_failure_that_is_not_memory_forgets_the_save(error, kept):
    first = {"game": "ww3", "turn": 2}
    nvm, save = saved(first)
    save._whole = Failing(save._whole, error)
    if isinstance(error, MemoryError):
        with pytest.raises(MemoryError):
            save.save_whole({"game": "ww3", "turn": 3}, 2500)
        assert save.problem is None
    else:
        save.save_whole({"game": "ww3", "turn": 3}, 2500)
        assert save.problem is not None
    save.step(4000, True)
    assert (reopened(nvm) == first) is kept
