"""pytest setup shared by tests/core and tests/host.

The ``slow`` marker: the tests below took a second or more each on the 2-core
development machine (``pytest --durations=60``); together they are about nine tenths
of the suite's time. ``bash scripts/test --quick`` (a developer's inner loop) leaves
them out with ``-m "not slow"``; ``bash scripts/test`` (CI) runs everything. The list
lives here rather than as decorators because tests/core also runs under MicroPython,
where there is no pytest to import. A new test that takes a second or more belongs in
it.

The user's files: the run never writes under the real home. ``pytest_configure`` (in
the main process, before any worker starts; the workers inherit it) points ``HOME`` and
``XDG_STATE_HOME``, ``XDG_CONFIG_HOME`` and ``XDG_DATA_HOME`` at a fresh folder of its
own, so a command run without ``--log`` or ``--save`` writes there. Two things of the
real home stay in use, read or shared on purpose: the caches (``XDG_CACHE_HOME``: the
firmware's toolchain, pip's downloads) and pip's own settings (``PIP_CONFIG_FILE``).
At the end the real ``~/.local/state``, ``~/.local/share`` and ``~/.config`` are
checked: a file written there during the run fails it, by name.
"""

import os
import shutil
import tempfile
import time

import pytest
from home_watch import written_since

_REAL = {}  # the real home and its folders, and when the run started (main process only)

# The ``serial`` marker: tests that pace a real-time board (a thread writing a serial
# port or a pseudo-terminal while the board answers as fast as it can) and check what a
# reader at that pace got. On a busy machine, beside another worker, the reader falls
# behind and the board rightly drops lines, so scripts/test runs these after the
# parallel run, alone.
SERIAL = {
    "host/test_link_fuzz.py::test_twenty_thousand_generated_lines_through_a_serial_port",
    "host/test_monitor_pty.py::test_joining_half_way_downloads_the_game_so_far",
    "host/test_monitor_pty.py::test_monitor_shows_a_whole_game_and_saves_a_log_that_replays",
}

SLOW = {
    "core/test_conformance.py::test_every_game_plays_to_the_end_keeps_its_cards_restores_and_replays",
    "core/test_crazyjob_random.py::test_random_matches_keep_every_invariant",
    "core/test_crazyjob_random.py::test_same_seed_same_match_and_replay_rebuilds_it",
    "core/test_crazyjob_secrets.py::test_no_rule_in_any_public_output_before_its_hand_ends",
    "core/test_crazyjob_secrets.py::test_public_outputs_do_not_depend_on_how_a_rule_is_written",
    "core/test_guess_random.py::test_random_matches_keep_every_invariant",
    "core/test_guess_random.py::test_same_seed_same_match_and_replay_rebuilds_it",
    "core/test_guess_secrets.py::test_no_hidden_secret_in_any_public_output",
    "core/test_journal.py::test_a_cut_at_any_point_loses_at_most_the_event_being_written",
    "core/test_session_fuzz.py::test_fuzzed_lines_each_get_one_answer_in_bounded_memory",
    "core/test_slap_random.py::test_armageddon_games_conserve_cards_and_end",
    "core/test_slap_random.py::test_replaying_a_log_gives_the_same_rulings",
    "core/test_slap_random.py::test_world_war_3_games_conserve_cards_and_end",
    "core/test_slap_timeline_random.py::test_blind_timelines_keep_every_promise",
    "core/test_slap_timeline_random.py::test_card_pad_timelines_keep_every_promise",
    "core/test_trickydick_random.py::test_random_matches_keep_every_card_once_and_every_point_accounted",
    "core/test_trickydick_random.py::test_the_same_seed_plays_the_same_match_and_its_history_replays_it",
    "core/test_trippjokes_random.py::test_bot_games_keep_every_card_exactly_once_and_end",
    "core/test_trippjokes_random.py::test_many_bot_games_all_end_with_a_winner_or_a_called_stalemate",
    "core/test_trippjokes_random.py::test_random_players_keep_every_card_exactly_once_and_end",
    "core/test_turn_crazy.py::test_bots_play_every_game_to_its_end_through_the_referee",
    "core/test_turn_guess_dealt.py::test_bots_finish_every_game_and_nothing_secret_shows",
    "core/test_turn_guess_dealt.py::test_every_choice_applies_and_labels_are_distinct",
    "core/test_turn_guess_dealt.py::test_restore_at_any_point_plays_on_identically",
    "core/test_turn_guess_table.py::test_random_tables_with_and_without_the_pad",
    "core/test_turn_tricky_buttons.py::test_random_presses_never_break_a_buttons_game",
    "core/test_turn_tricky_dealt.py::test_bots_play_every_dealt_game_to_its_end",
    "core/test_turn_tripp_dealt.py::test_bot_games_through_the_referee_end_and_keep_every_card",
    "host/test_firmware_buttons.py::test_random_presses_are_muted_only_after_a_real_burst_and_heard_after_quiet",
    "host/test_link_fuzz.py::test_twenty_thousand_generated_lines_through_a_serial_port",
    "host/test_monitor.py::test_a_board_that_never_answers_is_a_clear_error",
    "host/test_monitor.py::test_a_stream_through_loop_is_shown_and_saved_as_a_log_that_replays",
    "host/test_monitor_pty.py::test_joining_half_way_downloads_the_game_so_far",
    "host/test_monitor_pty.py::test_monitor_shows_a_whole_game_and_saves_a_log_that_replays",
    "host/test_pio_capture.py::test_bouncing_release_is_one_release_at_its_first_edge",
    "host/test_pio_capture.py::test_long_hold_produces_nothing_until_release",
    "host/test_sim_bots.py::test_bots_only_games_end_with_a_winner_and_their_logs_replay",
    "host/test_sim_tmux.py::test_replay_plays_a_log_on_the_board",
    "host/test_sim_tmux.py::test_watching_bots_to_the_end_and_the_next_game",
    "host/test_sim_turn_games.py::test_bad_options_are_refused_in_words",
    "host/test_sim_turn_tmux.py::test_a_turn_game_log_plays_back_on_the_board",
    "host/test_soak.py::test_a_quarter_hour_of_play_with_cuts_faults_and_a_busy_host",
    "host/test_turn_fuzz.py::test_random_presses_and_power_cuts_never_break_a_turn_game",
    "host/test_web_table.py::test_the_pages_bot_games_with_the_pad_are_topper_sims",
    "host/test_web_table.py::test_the_pages_bot_games_without_the_pad_are_topper_sims",
}


def pytest_collection_modifyitems(config, items):
    here = str(config.rootpath / "tests") + "/"
    for item in items:
        path, _, name = item.nodeid.partition("::")
        if path.startswith("tests/"):
            path = path[len("tests/") :]
        elif str(item.path).startswith(here):
            path = str(item.path)[len(here) :]
        key = path + "::" + name
        if key in SLOW:
            item.add_marker(pytest.mark.slow)
        if key in SERIAL:
            item.add_marker(pytest.mark.serial)


def pytest_configure(config):
    if os.environ.get("TOPPER_TEST_HOME"):
        return  # a worker: the main process set it all up
    home = os.path.expanduser("~")
    fake = tempfile.mkdtemp(prefix="topper-test-home-")
    _REAL.update(home=home, since=time.time() - 1, fake=fake)
    os.environ.setdefault("XDG_CACHE_HOME", os.path.join(home, ".cache"))
    config = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    pip_conf = os.path.join(config, "pip", "pip.conf")
    if "PIP_CONFIG_FILE" not in os.environ and os.path.isfile(pip_conf):
        os.environ["PIP_CONFIG_FILE"] = pip_conf
    os.environ["TOPPER_TEST_HOME"] = fake
    os.environ["HOME"] = fake
    for name, sub in (("XDG_STATE_HOME", ".local/state"), ("XDG_CONFIG_HOME", ".config"),
                      ("XDG_DATA_HOME", ".local/share")):
        os.environ[name] = os.path.join(fake, sub)


def pytest_sessionfinish(session, exitstatus):
    if not _REAL:
        return
    shutil.rmtree(_REAL["fake"], ignore_errors=True)  # the run's own home goes with it
    found = written_since(_REAL["home"], _REAL["since"])
    if found:
        shown = "\n  ".join(found[:20]) + ("\n  ..." if len(found) > 20 else "")
        session.config.get_terminal_writer().line(
            "the tests wrote under the real home (%s); give them a --log, --save or a tmp_path:\n  %s"
            % (_REAL["home"], shown), red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
