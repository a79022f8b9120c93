from motherlode.testing import ConformanceSuite


class TestNuggetsConformance(ConformanceSuite):
    game_id = "nuggets"
