"""warpsim from Python, notebook style: each `# %%` cell can be run on its own in Jupyter or
VS Code. Run the whole script with the interpreter the module was built for:

    PYTHONPATH=build/python /usr/bin/python3 docs/python_example.py

(tests/python/test_sweep_validate.py runs it.) It redoes Volkov 2016 Figure 4.7 on the toy GPU,
then a small latency-hiding curve on Kepler, a sweep and two validation cases."""

# %% A GPU and a workload, each loaded once: a built-in name or a file, with --set / --param values.
import warpsim

toy = warpsim.load_gpu("toy")
mix = warpsim.load_workload("alpha_mix", {"alpha": 4})  # 4 adds per load
print(toy, mix, toy["memory.latency_cycles"], "cycles memory latency")

# %% Figure 4.7: at 6 warps the toy SM sustains 1 IPC of adds (32 thread-ops per cycle).
for row in warpsim.run(toy, mix, [1, 2, 4, 6]):
    print(f"{row['warps_per_sm']:>2} warps: {row['adds_per_cycle_per_sm']:6.2f} adds/cycle, "
          f"mean warp latency {row['mean_warp_latency']:.0f} cycles")

# %% Latency hiding on Kepler's memory: the columns layout plots directly (matplotlib, pandas, ...).
curve = warpsim.run("kepler", "vector_add", "4:32:4", sets={"memory.model": "queue"}, sms=1, format="columns")
print("warps_per_sm", curve["warps_per_sm"])
print("gbps        ", [round(g) for g in curve["gbps"]])
# import pandas; pandas.DataFrame(curve)   # one row per occupancy, the CSV's columns

# %% A kernel written here, in the workload format (docs/workload-format.md).
chain = warpsim.parse_workload(".kernel chain\n.loop 100\n  FADD R1, R1, R2\n.endloop\nEXIT\n")
row = warpsim.run("toy", chain, 3)[0]
print(chain.warp_instructions, "instructions per warp;", row["ipc_per_sm"], "IPC at 3 warps, stalls on dependencies:", row["stall_dependency"])

# %% A sweep: GPUs x --set values x workloads x --param values x occupancies, on 2 threads.
for row in warpsim.sweep(["toy"], "alpha_mix", "2,6", params={"alpha": [2, 8]}, jobs=2):
    print(row["point"], row["ipc_per_sm"])

# %% Validation against the seeds' measurements (bad input raises ValueError with the CLI's message).
result = warpsim.validate(gpus="kepler", cases=["t6_1.smem", "t6_1.add"])
for case in result["cases"]:
    print(case["case"], "measured", case["measured"], "simulated", case["simulated"], case["result"])
print(result["passed"], "passed,", result["failed"], "failed")
try:
    warpsim.load_gpu("kepler", sets={"scheduler.polcy": "gto"})
except ValueError as e:
    print("ValueError:", e)
