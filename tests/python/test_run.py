"""warpsim.run: the rows of `warpsim run`, as records, columns or the CLI's own text."""
import warnings

import pytest
import warpsim

# One warp of 100 dependent adds on the toy GPU (alu latency 3 cycles, 1 warp instruction per
# cycle): an add every 3 cycles; 3 warps hide the latency (Little's law: 3 cycles x 1 IPC).
CHAIN = ".kernel chain\n.loop 100\n  FADD R1, R1, R2\n.endloop\nEXIT\n"


def test_records_are_named_by_the_cli_csv_columns(cli):
    csv = cli("run", "--gpu", "toy", "--workload", "alpha_mix", "--warps", "2", "--format", "csv").stdout
    rows = warpsim.run("toy", "alpha_mix", 2)
    assert list(rows[0]) == csv.splitlines()[0].split(",")
    assert warpsim.column_names() == list(rows[0])


def test_csv_and_json_are_byte_identical_to_the_cli(cli):
    for fmt in ("csv", "json", "table"):
        expected = cli("run", "--gpu", "kepler", "--set", "memory.model=queue", "--workload", "vector_add", "--warps", "4:12:4",
                       "--sms", "1", "--format", fmt)
        assert expected.returncode == 0, expected.stderr
        got = warpsim.run("kepler", "vector_add", "4:12:4", sets={"memory.model": "queue"}, sms=1, format=fmt)
        assert got == expected.stdout


def test_a_dependent_chain_issues_one_add_per_alu_latency_until_three_warps_hide_it():
    chain = warpsim.parse_workload(CHAIN)
    rows = warpsim.run("toy", chain, [1, 3, 4])
    assert [r["warps_per_sm"] for r in rows] == [1, 3, 4]
    assert rows[0]["ipc_per_sm"] == pytest.approx(1 / 3, rel=0.01)
    assert rows[1]["ipc_per_sm"] == pytest.approx(1.0, rel=0.01)
    # A warp's 100 adds take 100 x 3 cycles; 4 warps find the adds' cap, 32 thread-ops per cycle.
    assert rows[0]["mean_warp_latency"] == pytest.approx(300, rel=0.01)
    assert rows[2]["adds_per_cycle_per_sm"] == pytest.approx(32.0, rel=1e-3)


def test_figure_4_7_six_warps_of_four_adds_per_load_sustain_one_ipc_of_adds():
    # Volkov 2016 §4.6, Figure 4.7: alpha = 4, 6 warps -> 1 IPC of adds = 32 adds per cycle.
    row = warpsim.run(warpsim.load_gpu("toy"), warpsim.load_workload("alpha_mix", {"alpha": 4}), 6)[0]
    assert row["adds_per_cycle_per_sm"] == pytest.approx(32.0, rel=0.01)
    assert row["params"] == "adds=4096 alpha=4 loads=64 pattern=stream"


def test_columns_layout_holds_one_list_per_column():
    cols = warpsim.run("toy", "alpha_mix", [2, 4], format="columns")
    assert cols["warps_per_sm"] == [2, 4]
    assert set(cols) == set(warpsim.column_names())
    # A level the GPU does not have is blank in the CSV and None here (the toy has no caches).
    assert cols["l2_hit_rate"] == [None, None]


def test_occupancies_no_launch_can_realise_are_left_out_with_a_warning():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        rows = warpsim.run("kepler", "homogeneous", "60:66", params={"count": 4}, sms=1)
    assert [r["warps_per_sm"] for r in rows] == [60, 62, 63, 64]
    assert any("skipping 61, 65, 66 warps/SM: cannot be realised on kepler" in str(w.message) for w in caught)


def test_same_inputs_and_seed_give_identical_rows():
    a = warpsim.run("kepler", "permute", 8, params={"permutation": "random"}, sms=1, seed=7)
    b = warpsim.run("kepler", "permute", 8, params={"permutation": "random"}, sms=1, seed=7)
    assert a == b
