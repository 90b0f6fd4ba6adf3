"""Tests of the Python module `tabula` over libtabula: loading with options
and errors, moves by notation and index, undo back to the start, copies,
results and returns, random play a seed repeats, the totals of playouts
against `tabula playout --json`, and an OpenSpiel-style loop over every
bundled game. Run by tests/python.sh (make check)."""

import copy
import json
import os
import subprocess
import unittest

import tabula

GAMES = sorted(
    f[:-5] for f in os.listdir(os.path.join(os.environ.get("srcdir", "."), "rulesets")) if f.endswith(".game")
)


class Loading(unittest.TestCase):
    def test_bundled_game_by_name(self):
        rules = tabula.Rules("coc-inbert")
        self.assertEqual(rules.title, "Coc-Inbert")
        self.assertEqual(rules.options, {})
        self.assertEqual(len(rules.cells), 64)
        self.assertEqual(rules.pieces, ["man", "king"])

    def test_options_given_and_defaults(self):
        rules = tabula.Rules("coucou-picard", options={"width": 9})
        self.assertEqual(rules.options, {"width": "9", "eggs": "13"})
        self.assertEqual(len(rules.cells), 9 * 12)
        coerceo = tabula.Rules("coerceo", options={"cura": True})
        self.assertEqual(coerceo.options["cura"], "on")

    def test_invalid_option_raises_with_the_diagnostic(self):
        with self.assertRaises(tabula.TabulaError) as e:
            tabula.Rules("coucou-picard", options={"width": 8})
        self.assertEqual(e.exception.status, 1)
        self.assertIn("width", str(e.exception))
        self.assertIn("error:", e.exception.messages)

    def test_missing_file_raises_with_status_2(self):
        with self.assertRaises(tabula.TabulaError) as e:
            tabula.Rules("/no/such/file.game")
        self.assertEqual(e.exception.status, 2)

    def test_broken_file_reports_its_line(self):
        path = os.path.join(os.environ.get("srcdir", "."), "tests", "broken", "bad-direction.game")
        with self.assertRaises(tabula.TabulaError) as e:
            tabula.Rules(path)
        self.assertRegex(e.exception.messages, r"bad-direction\.game:\d+:\d+: error: ")

    def test_version(self):
        self.assertRegex(tabula.library_version(), r"^\d+\.\d+\.\d+")


class Playing(unittest.TestCase):
    def setUp(self):
        self.rules = tabula.Rules("coc-inbert")
        self.game = self.rules.new_game(seed=1)

    def test_start_position(self):
        self.assertEqual(self.game.to_move, 1)
        moves = self.game.legal_moves()
        self.assertEqual(len(moves), 7)
        self.assertIn("c3-d4", moves)
        self.assertIsNone(self.game.result)
        self.assertFalse(self.game.is_over)
        self.assertEqual(self.game.returns(), [0.0, 0.0])
        self.assertEqual(self.game.board()["c3"], (1, "man", 1))
        self.assertEqual(self.game.cell(self.rules.cells.index("d4")), (0, None, 0))

    def test_play_by_notation_and_by_index(self):
        self.game.play("c3-d4")
        self.assertEqual(self.game.to_move, 2)
        second = self.game.legal_moves()[2]
        self.game.play(2)
        self.assertEqual(self.game.history, ["c3-d4", second])

    def test_illegal_moves_raise(self):
        with self.assertRaises(ValueError):
            self.game.play("a1-a2")
        with self.assertRaises(ValueError):
            self.game.play(99)
        with self.assertRaises(IndexError):
            self.game.undo()
        with self.assertRaises(IndexError):
            self.game.cell(10000)

    def test_undo_returns_to_every_earlier_position(self):
        seen = []
        while not self.game.is_over and len(seen) < 80:
            seen.append((self.game.to_move, self.game.legal_moves(), self.game.board()))
            self.game.random_move()
        for to_move, moves, board in reversed(seen):
            self.game.undo()
            self.assertEqual((self.game.to_move, self.game.legal_moves(), self.game.board()), (to_move, moves, board))
        self.assertEqual(self.game.history, [])

    def test_copies_are_independent(self):
        for _ in range(6):
            self.game.random_move()
        other = copy.copy(self.game)
        other.random_move()
        self.assertEqual(len(other.history), 7)
        self.assertEqual(len(self.game.history), 6)
        # the same generator state: the same continuation
        twin = self.game.clone()
        self.game.playout()
        twin.playout()
        self.assertEqual(self.game.history, twin.history)
        self.assertEqual(self.game.result, twin.result)

    def test_a_seed_repeats_a_game(self):
        a, b = self.rules.new_game(seed=42), self.rules.new_game(seed=42)
        a.playout()
        b.playout()
        self.assertEqual(a.history, b.history)
        c = self.rules.new_game(seed=43)
        c.playout()
        self.assertNotEqual(a.history, c.history)

    def test_results_and_returns(self):
        for seed in range(10):
            g = self.rules.new_game(seed=seed)
            g.playout()
            self.assertTrue(g.is_over)
            winner, points = g.outcome
            r = g.returns()
            self.assertEqual(sum(r), 0.0)
            if winner == 0:
                self.assertEqual(g.result, "draw")
                self.assertEqual(r, [0.0, 0.0])
            else:
                self.assertTrue(g.result.endswith(str(winner)))
                self.assertEqual(r[winner - 1], float(points))
            self.assertEqual(g.legal_moves(), [])
            self.assertIsNone(g.random_move())

    def test_playout_limit(self):
        self.assertEqual(self.game.playout(max_moves=5), 5)
        self.assertEqual(len(self.game.history), 5)


class FourPlayers(unittest.TestCase):
    """A game of four players (and of three, by an option): the players'
    names, every player to move in turn, a winner among them, and returns
    with one entry per player."""

    def test_players_turns_and_returns(self):
        rules = tabula.Rules("ludo")
        self.assertEqual(rules.players, ["red", "green", "yellow", "blue"])
        self.assertEqual(tabula.Rules("ludo", options={"fourth": "off"}).players, ["red", "green", "yellow"])
        winners = set()
        for seed in range(12):
            g = rules.new_game(seed=seed)
            seen = set()
            while not g.is_over:
                seen.add(g.to_move)
                g.random_move()
            self.assertEqual(seen, {1, 2, 3, 4})
            winner, points = g.outcome
            self.assertIn(winner, (1, 2, 3, 4))
            winners.add(winner)
            r = g.returns()
            self.assertEqual(len(r), 4)
            self.assertEqual(r[winner - 1], float(points))
            self.assertAlmostEqual(sum(r), 0.0)
            self.assertTrue(all(x < 0 for p, x in enumerate(r) if p != winner - 1))
        self.assertGreater(len(winners), 1)

    def test_four_players_on_a_board_of_cells(self):
        path = os.path.join(os.environ.get("srcdir", "."), "tests", "families", "four-player-othello.game")
        rules = tabula.Rules(path)
        self.assertEqual(rules.players, ["red", "green", "blue", "yellow"])
        g = rules.new_game(seed=1)
        self.assertEqual(sorted(g.legal_moves()), ["d6", "f4", "f6"])
        g.play("f4")  # red encloses green's e4: both turn red
        self.assertEqual(g.to_move, 2)
        winners = set()
        for seed in range(20):
            g = rules.new_game(seed=seed)
            while not g.is_over:
                g.random_move()
            winner, _ = g.outcome
            winners.add(winner)
            r = g.returns()
            self.assertEqual(len(r), 4)
            self.assertAlmostEqual(sum(r), 0.0)
        self.assertGreater(len(winners - {0}), 2)

    def test_partners_win_together(self):
        self.assertEqual(tabula.Rules("ludo").teams, [])
        rules = tabula.Rules("ludo", options={"partners": "on"})
        self.assertEqual(rules.teams, [[1, 3], [2, 4]])
        for seed in range(6):
            g = rules.new_game(seed=seed)
            g.playout(0)
            winner, points = g.outcome
            self.assertIn(winner, (1, 2))  # a team's win is named by its first player
            r = g.returns()
            partner = winner + 2
            self.assertEqual(r[winner - 1], float(points))
            self.assertEqual(r[partner - 1], float(points))
            self.assertAlmostEqual(sum(r), 0.0)
            self.assertTrue(all(x < 0 for p, x in enumerate(r) if p + 1 not in (winner, partner)))


class Dice(unittest.TestCase):
    def test_dice_are_seeded_and_kept_by_undo(self):
        rules = tabula.Rules("jacquet-de-versailles")
        g = rules.new_game(seed=3)
        dice = g.dice
        self.assertGreaterEqual(len(dice), 2)
        self.assertTrue(all(1 <= d <= 6 for d in dice))
        self.assertEqual(rules.new_game(seed=3).dice, dice)
        g.random_move()
        g.undo()
        self.assertEqual(g.dice, dice)


class Playouts(unittest.TestCase):
    def test_totals_match_the_program(self):
        program = os.environ.get("TABULA")
        if not program:
            self.skipTest("TABULA (the program) not set")
        for game in ("coc-inbert", "jacquet-de-versailles", "backgammon", "ludo"):
            rules = tabula.Rules(game)
            totals = rules.playouts(300, seed=9)
            out = subprocess.run([program, "playout", game, "-n", "300", "--seed", "9", "--json"],
                                 check=True, capture_output=True, text=True).stdout
            cli = json.loads(out)
            players = range(len(rules.players))
            self.assertEqual(len(rules.players), cli.get("players", 2))  # named for more than two
            self.assertEqual(totals["games"], cli["games"])
            self.assertEqual(totals["draws"], cli["draws"])
            self.assertEqual(totals["wins"], [cli["wins"][p] + cli["double_wins"][p] + cli["triple_wins"][p] for p in players])
            self.assertEqual(totals["points"],
                             [cli["wins"][p] + 2 * cli["double_wins"][p] + 3 * cli["triple_wins"][p] for p in players])
            self.assertEqual(totals["games"], sum(totals["wins"]) + totals["draws"] + totals["unfinished"])


class ReinforcementLoop(unittest.TestCase):
    """The loop of an OpenSpiel-style learner on every bundled game: legal
    actions, apply, clone for a lookahead, undo, terminal returns."""

    def test_every_bundled_game(self):
        self.assertGreaterEqual(len(GAMES), 4)
        for name in GAMES:
            with self.subTest(game=name):
                rules = tabula.Rules(name)
                game = rules.new_game(seed=7)
                steps = 0
                while not game.is_over and steps < 300:
                    n = game.legal_move_count()
                    self.assertGreater(n, 0)
                    look = game.clone()
                    look.play(n - 1)
                    look.undo()
                    self.assertEqual(look.history, game.history)
                    game.play(steps % n)
                    steps += 1
                if game.is_over:
                    self.assertEqual(sum(game.returns()), 0.0)
                self.assertEqual(len(game.history), steps)


if __name__ == "__main__":
    unittest.main()
