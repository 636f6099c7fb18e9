#!/bin/bash
# regen.sh: compile web01.json (from code/) and web01.new.json (from
# code-v2/, the same site one pull request later) with Puppet, running in
# each code directory the command the README shows:
#
#   puppet catalog find web01.example.com --terminus compiler --render-as json \
#     --manifest manifests/site.pp --modulepath modules \
#     --facts_terminus yaml --clientyamldir yaml --log_level warning > web01.json
#
# as a user without a puppet.conf of their own would (here with a private
# --confdir, --vardir, --codedir, --logdir and --rundir, so that nothing
# else on the machine is read or written). Puppet writes one line of JSON,
# kept as it is but for what changes from run to run: `version` (a
# timestamp) is 0, `catalog_uuid` zeros, and each resource's `file` is
# relative to the code directory (Puppet writes the absolute path).
# Needs Puppet 7.23 (apt-get install -y puppet-agent) and python3. The
# project's tests never run Puppet; they run catc on what this wrote.
set -euo pipefail
HERE=$(dirname "$(readlink -f "$0")")
command -v puppet >/dev/null || { echo "regen.sh: puppet not on PATH" >&2; exit 2; }
SCRATCH=$(mktemp -d /tmp/catc-puppet-example.XXXXXX)
trap 'rm -rf "$SCRATCH"' EXIT

# compile CODE OUT: OUT is the catalog of CODE
compile() {
  local code=$HERE/$1 out=$HERE/$2 r=$SCRATCH/$1
  mkdir -p "$r"
  (cd "$code" && puppet catalog find web01.example.com --terminus compiler --render-as json \
    --manifest manifests/site.pp --modulepath modules \
    --facts_terminus yaml --clientyamldir yaml --log_level warning \
    --confdir "$r/conf" --vardir "$r/var" --codedir "$r/code" --logdir "$r/log" --rundir "$r/run" \
    > "$r/catalog.json")
  python3 - "$code" "$r/catalog.json" > "$out" <<'PY'
import json, sys
code, path = sys.argv[1].rstrip('/') + '/', sys.argv[2]
doc = json.load(open(path))
doc['version'] = 0
doc['catalog_uuid'] = '00000000-0000-0000-0000-000000000000'
for r in doc['resources']:
    if r.get('file', '').startswith(code):
        r['file'] = r['file'][len(code):]
print(json.dumps(doc, ensure_ascii=False, separators=(',', ':')))
PY
}
compile code web01.json
compile code-v2 web01.new.json
