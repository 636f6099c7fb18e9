#!/bin/bash
# regen.sh [NAME...]: for each case NAME of the classes oracle corpus
# (fixtures/oracle/classes/NAME), write catc's Puppet-format catalog of its
# main.hcl (NAME.catalog.json, `catc compile --format puppet`), apply that
# catalog with Puppet (`puppet apply --noop --catalog --graph --evaltrace`)
# and write what Puppet did (NAME.puppet.json, the corpus's answer format).
# Without arguments, every case listed in CASES below. Needs Puppet 7.23 and
# root (as the corpus's regen.sh); the project's tests never run it.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
CORPUS=$ROOT/fixtures/oracle/classes
MODULES=/usr/share/puppet/modules
CASES=(contain_nested define_basic node_regex stages refresh_classes collect_relationships rp_webshop)
MANAGED=/tmp/catc-classes

[ -e "$MANAGED" ] && { echo "regen.sh: $MANAGED exists; the manifests manage paths below it" >&2; exit 2; }
SCRATCH=$(mktemp -d)
trap 'rm -rf "$SCRATCH"' EXIT
(cd "$ROOT" && go build -o "$SCRATCH/catc" ./cmd/catc)

# a fake crontab first on PATH, as the corpus's regen.sh does
mkdir -p "$SCRATCH/bin"
cat > "$SCRATCH/bin/crontab" <<'SH'
#!/bin/sh
for a in "$@"; do [ "$a" = -l ] && exit 0; done
echo "fake crontab: refusing to write" >&2; exit 1
SH
chmod +x "$SCRATCH/bin/crontab"

names=("$@")
[ ${#names[@]} -gt 0 ] || names=("${CASES[@]}")
for n in "${names[@]}"; do
  src=$CORPUS/$n
  r=$SCRATCH/$n
  mkdir -p "$r"/{conf,code,log,run,pub,graphs} "$r/var/client_yaml/facts" "$r/var/yaml/facts"
  node=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["name"])' "$src/facts.json")
  python3 "$CORPUS/ccat.py" facts-yaml "$src/facts.json" > "$r/var/client_yaml/facts/$node.yaml"
  cp "$r/var/client_yaml/facts/$node.yaml" "$r/var/yaml/facts/$node.yaml"
  # relative names: the catalog's "file" is main.hcl wherever this runs
  (cd "$src" && "$SCRATCH/catc" compile --format puppet --facts facts.json main.hcl) > "$HERE/$n.catalog.json"
  rc=0
  (cd "$r" && PATH="$SCRATCH/bin:$PATH" LANG=C.UTF-8 LC_ALL=C.UTF-8 puppet apply --noop --detailed-exitcodes \
    --catalog "$HERE/$n.catalog.json" --certname "$node" --facts_terminus yaml --modulepath "$MODULES" \
    --confdir "$r/conf" --vardir "$r/var" --codedir "$r/code" --logdir "$r/log" --rundir "$r/run" \
    --publicdir "$r/pub" --color false --no-report --reports none \
    --graph --graphdir "$r/graphs" --evaltrace --debug --logdest "$r/log.jsonl" \
    > "$r/stdout.txt" 2> "$r/stderr.txt") || rc=$?
  python3 "$CORPUS/ccat.py" answer "$r" "$HERE/$n.catalog.json" "$rc" > "$HERE/$n.puppet.json"
  [ -e "$MANAGED" ] && { echo "regen.sh: $n created $MANAGED" >&2; exit 1; }
  echo "wrote $n (puppet apply exit $rc)"
done
