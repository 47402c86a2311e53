"""warpsim.sweep and warpsim.validate: the CLI's commands as functions."""
import os
import subprocess
import sys

import pytest
import warpsim


def test_a_sweep_is_the_cli_sweep_in_grid_order(cli):
    expected = cli("sweep", "--gpu", "toy", "--workload", "alpha_mix", "--param", "alpha=2,4", "--warps", "2,4", "--format", "csv")
    assert expected.returncode == 0, expected.stderr
    got = warpsim.sweep("toy", "alpha_mix", [2, 4], params={"alpha": [2, 4]}, jobs=2, format="csv")
    assert got == expected.stdout
    rows = warpsim.sweep(["toy"], ["alpha_mix"], "2,4", params={"alpha": [2, 4]})
    assert [(r["params"].split()[1], r["warps_per_sm"]) for r in rows] == [("alpha=2", 2), ("alpha=2", 4), ("alpha=4", 2), ("alpha=4", 4)]
    assert list(rows[0])[:3] == ["point", "param.alpha", "gpu"]
    assert [r["param.alpha"] for r in rows] == ["2", "2", "4", "4"]


def test_a_sweep_over_set_values_names_them_per_point():
    rows = warpsim.sweep("toy", "alpha_mix", 4, sets={"scheduler.policy": ["gto", "lrr"]})
    assert [r["set.scheduler.policy"] for r in rows] == ["gto", "lrr"]


def test_a_bad_sweep_list_raises_the_cli_message(cli):
    with pytest.raises(ValueError) as e:
        warpsim.sweep("toy", "alpha_mix", 4, params={"alpha": [2, 2]})
    r = cli("sweep", "--gpu", "toy", "--workload", "alpha_mix", "--param", "alpha=2,2", "--warps", "4")
    assert r.returncode == 2
    assert str(e.value) == r.stderr[len("warpsim: error: "):].rstrip("\n")


def test_validate_returns_the_case_table_the_cli_prints(cli, tmp_path):
    expected = cli("validate", "--gpu", "kepler", "--case", "t6_1.smem", "--no-figures", "--memory-models", "none",
                   "--out-dir", str(tmp_path / "report"), "--format", "csv")
    assert expected.returncode == 0, expected.stderr
    r = warpsim.validate(gpus="kepler", cases="t6_1.smem", format="csv")
    assert r["cases"] + "1 passed, 0 failed\n" == expected.stdout
    assert (r["passed"], r["failed"], r["invariant_violations"]) == (1, 0, 0)
    r = warpsim.validate(gpus="kepler", cases="t6_1.smem")
    # Table 6.1: a Kepler scheduler does 8 shared-memory ops per cycle (Volkov 2016); the case
    # table holds the CLI's text, `values` the numbers of each source.
    assert r["cases"][0]["case"] == "t6_1.smem.kepler" and r["cases"][0]["measured"] == "8"
    simulated = [v for v in r["values"] if v["source"] == "simulator"][0]
    assert simulated["value"] == pytest.approx(8, rel=0.01)


def test_validate_writes_a_report_directory_only_when_asked(tmp_path):
    warpsim.validate(gpus="kepler", cases="t6_1.smem", out_dir=tmp_path / "report")
    assert (tmp_path / "report" / "report.md").exists()
    with pytest.raises(ValueError, match="figures"):
        warpsim.validate(gpus="kepler", cases="t6_1.smem", figures=True)


def test_the_example_script_runs(source_dir):
    r = subprocess.run([sys.executable, os.path.join(source_dir, "docs", "python_example.py")], capture_output=True, text=True,
                       check=False, timeout=60)
    assert r.returncode == 0, r.stderr
    assert "warps_per_sm" in r.stdout
