"""Which stored handles ``schema apply`` moves to the current rule, from the names stored with
them; the Cypher that moves them is tested on Neo4j in tests/integration/test_people_handles.py."""

from __future__ import annotations

from graph.people_handles import Holder, ascii_handle, plan_handles


def test_the_old_rule_is_the_ascii_only_one() -> None:
    assert ascii_handle("Niklas Lindström") == "@niklas-lindstr-m"
    assert ascii_handle("王小明") == ascii_handle("Иван Петров") == "@unknown"
    assert ascii_handle("@Lindström") == "@lindström"


def test_a_person_moves_when_their_stored_name_made_the_old_handle() -> None:
    plan = plan_handles([Holder("person", "@niklas-lindstr-m", "Niklas Lindström"), Holder("person", "@bob", "bob")], [])
    assert (plan.renames, plan.merges, plan.left) == ((("@niklas-lindstr-m", "@niklas-lindstrom"),), (), ())


def test_a_mention_stored_without_its_at_moves_as_the_handle_it_was() -> None:
    plan = plan_handles([Holder("person", "@lindström", "Lindström"), Holder("person", "@alice.smith", "alice.smith")], [])
    assert plan.renames == (("@lindström", "@lindstrom"),)


def test_a_person_without_a_name_moves_by_the_names_messages_were_written_under() -> None:
    # Stored by DECIDED_BY alone; "record --by" wrote the handle itself as the author, which names no one.
    holders = [Holder("person", "@s-ren", None)]
    assert plan_handles(holders, ["Søren", "@s-ren", "bob"]).renames == (("@s-ren", "@soren"),)
    assert plan_handles(holders, ["@s-ren"]) == plan_handles([], [])


def test_names_that_give_several_handles_leave_the_person_as_they_are() -> None:
    plan = plan_handles([Holder("person", "@jos", "José")], ["Jos", "José"])  # "Jos" is @jos under both rules
    assert plan.renames == () and plan.left == (("@jos", "its names give 2 handles: @jos, @jose"),)
    plan = plan_handles([Holder("person", "@unknown", "王小明")], ["Иван Петров"])
    assert plan.renames == () and [handle for handle, _ in plan.left] == ["@unknown"]
    plan = plan_handles([Holder("person", "@unknown", "王小明")], [])  # one name seen is no proof there was one
    assert plan.renames == () and [handle for handle, _ in plan.left] == ["@unknown"]
    # Merged into a person (people merge unknown …), someone said whom it names: nothing to say.
    assert plan_handles([Holder("alias", "@unknown", "王小明"), Holder("person", "@王小明", "王小明")], []) == plan_handles([], [])


def test_two_old_handles_of_one_new_one_merge_only_for_the_same_name() -> None:
    same = plan_handles([Holder("person", "@jos", "José"), Holder("person", "@jose", "José")], [])
    assert (same.renames, same.merges, same.left) == ((), (("@jos", "@jose"),), ())
    other = plan_handles([Holder("person", "@jos", "José"), Holder("person", "@jose", "Jose")], [])
    assert (other.renames, other.merges, other.left) == ((), (), (("@jos", "@jose is held by 'Jose'"),))
    # Both old, both moving to a handle nobody holds: the first takes it, the second joins it if it is the same name.
    folded = plan_handles([Holder("person", "@a-a", "Aša"), Holder("person", "@sa", "Åsa"), Holder("person", "@s-ren", "søren")],
                          ["Søren"])
    assert folded.renames == (("@a-a", "@asa"), ("@s-ren", "@soren"))
    assert folded.left == (("@sa", "@asa is held by 'Aša'"),)


def test_an_alias_moves_but_never_onto_a_handle_someone_holds() -> None:
    plan = plan_handles([Holder("person", "@luke", "luke"), Holder("alias", "@ukasz", "Łukasz")], [])
    assert plan.renames == (("@ukasz", "@lukasz"),)
    plan = plan_handles([Holder("person", "@lukasz", "Lukasz"), Holder("alias", "@ukasz", "Łukasz")], [])
    assert plan.renames == () and plan.left == (("@ukasz", "@lukasz is held by 'Lukasz'"),)
