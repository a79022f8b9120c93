"""The rules' parts: each built on the core alone, composed once, none overriding another
(so the order in which ``GoldfixState`` lists them changes nothing)."""

from motherlode.games.goldfix.auctions import AuctionRules
from motherlode.games.goldfix.core import GoldfixCore
from motherlode.games.goldfix.deals import DealRules
from motherlode.games.goldfix.markets import BullionMarketRules
from motherlode.games.goldfix.merchant import MerchantBankRules
from motherlode.games.goldfix.preroll import PreRollRules
from motherlode.games.goldfix.risk import RiskRules
from motherlode.games.goldfix.rules import GoldfixState

PARTS = (
    AuctionRules,
    BullionMarketRules,
    MerchantBankRules,
    RiskRules,
    DealRules,
    PreRollRules,
)


def own_names(cls: type) -> set[str]:
    """What a class itself defines (methods, properties, constants), not Python's own."""
    return {
        name
        for name in vars(cls)
        if not (name.startswith("__") and name.endswith("__")) and name != "_abc_impl"
    }


HOOKS = {
    name
    for name in own_names(GoldfixCore)
    if getattr(vars(GoldfixCore)[name], "__isabstractmethod__", False)
}


def test_every_part_is_built_on_the_core_alone() -> None:
    for part in PARTS:
        assert part.__bases__ == (GoldfixCore,), part


def test_the_state_composes_every_part_once() -> None:
    assert set(GoldfixState.__bases__) == {*PARTS, GoldfixCore}
    assert not GoldfixState.__abstractmethods__


def test_no_two_parts_define_the_same_name() -> None:
    seen: dict[str, str] = {}
    for part in PARTS:
        for name in own_names(part):
            assert name not in seen, f"{name} is in both {seen[name]} and {part.__name__}"
            seen[name] = part.__name__
    assert not own_names(GoldfixState) & set(seen)


def test_a_part_replaces_only_the_hooks_the_core_declares() -> None:
    for part in PARTS:
        assert own_names(part) & own_names(GoldfixCore) <= HOOKS, part


def test_every_hook_is_offered_by_exactly_one_part() -> None:
    for hook in HOOKS:
        offered = [part.__name__ for part in PARTS if hook in vars(part)]
        assert len(offered) == 1, (hook, offered)
