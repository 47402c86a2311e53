"""Loading GPUs and workloads, and bad input: ValueError with the message the CLI prints."""
import pytest
import warpsim


def cli_message(cli, *args):
    r = cli(*args)
    assert r.returncode == 2, r.stderr
    assert r.stderr.startswith("warpsim: error: ")
    return r.stderr[len("warpsim: error: "):].rstrip("\n")


def test_a_gpu_takes_set_overrides_and_shows_its_fields():
    gpu = warpsim.load_gpu("maxwell", sets={"scheduler.policy": "lrr", "memory.latency_cycles": 400})
    assert gpu.name == "maxwell"
    assert gpu["scheduler.policy"] == "lrr"
    assert gpu.fields()["memory.latency_cycles"] == "400"
    assert gpu.sets == ["scheduler.policy=lrr", "memory.latency_cycles=400"]
    assert warpsim.load_gpu("maxwell", sets=["scheduler.policy=lrr"])["scheduler.policy"] == "lrr"
    with pytest.raises(KeyError, match="did you mean 'scheduler.policy'"):
        gpu["scheduler.polcy"]


def test_an_unknown_gpu_raises_the_cli_message(cli):
    with pytest.raises(ValueError) as e:
        warpsim.load_gpu("nosuchgpu")
    assert str(e.value) == cli_message(cli, "run", "--gpu", "nosuchgpu", "--workload", "homogeneous")


def test_a_bad_set_names_the_key_as_the_cli_does(cli):
    with pytest.raises(ValueError) as e:
        warpsim.load_gpu("kepler", sets={"scheduler.polcy": "gto"})
    assert "scheduler.polcy" in str(e.value)
    assert str(e.value) == cli_message(cli, "run", "--gpu", "kepler", "--set", "scheduler.polcy=gto", "--workload", "homogeneous")


def test_a_bad_gpu_file_names_file_and_line(cli, tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("gpu:\n  name: x\n  generaton: maxwell\n")
    with pytest.raises(ValueError, match="bad.yaml:3") as e:
        warpsim.load_gpu(str(path))
    assert str(e.value) == cli_message(cli, "run", "--gpu", str(path), "--workload", "homogeneous")


def test_a_workload_text_error_names_its_line_and_a_close_opcode():
    with pytest.raises(ValueError, match=r"mine\.wl:3.*did you mean 'FADD'"):
        warpsim.parse_workload(".kernel k\nFADD R1, R1, R2\nFADDD R1, R1, R2\n", file="mine.wl")


def test_bad_params_and_occupancies_raise_the_cli_message(cli):
    with pytest.raises(ValueError) as e:
        warpsim.load_workload("permute", {"permutation": "randon"})
    assert str(e.value) == cli_message(cli, "run", "--gpu", "maxwell", "--workload", "permute", "--param", "permutation=randon", "--warps", "4")
    with pytest.raises(ValueError) as e:
        warpsim.run("maxwell", "homogeneous", "8:4")
    assert str(e.value) == cli_message(cli, "run", "--gpu", "maxwell", "--workload", "homogeneous", "--warps", "8:4")


def test_wrong_types_raise_type_error():
    with pytest.raises(TypeError):
        warpsim.run(3, "homogeneous", 4)
    with pytest.raises(TypeError):
        warpsim.run("toy", "homogeneous", 4.5)
    with pytest.raises(TypeError):  # a loaded Gpu's overrides were applied when it was loaded
        warpsim.run(warpsim.load_gpu("toy"), "homogeneous", 4, sets={"scheduler.policy": "lrr"})


def test_listings_match_the_cli(cli):
    gpus = warpsim.list_gpus()
    assert {"maxwell", "kepler", "toy"} <= {g["name"] for g in gpus}
    assert warpsim.list_gpus(format="csv") == cli("list", "gpus", "--format", "csv").stdout
    assert warpsim.list_workloads(format="csv") == cli("list", "workloads", "--format", "csv").stdout


def test_the_build_reads_the_source_tree(source_dir):
    assert str(warpsim.data_root()) == source_dir
