#!/bin/sh
# Renders fixtures/diff/pr_comment/expected.md (what `catc diff --format
# markdown` prints for that pair) the way a pull-request comment looks, and
# screenshots it to docs/diff-comment.png. Needs Debian's pandoc, chromium
# and python3. Run from the repository root: sh docs/diff-comment/make.sh
set -eu
here=docs/diff-comment
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 "$here/mkhtml.py" fixtures/diff/pr_comment/expected.md "$tmp/comment.html" "$here/comment.css"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
  --disable-component-update --disable-sync --no-first-run --user-data-dir="$tmp/profile" \
  --hide-scrollbars --force-device-scale-factor=1.5 --window-size=930,1175 \
  --screenshot="$PWD/docs/diff-comment.png" "file://$tmp/comment.html"
