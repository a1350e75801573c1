#!/usr/bin/env bash
# apidocs-screenshot.sh makes docs/images/apidocs-example.png, the
# screenshot of the example API's reference in docs/guides/api-docs.md:
# the given crdgen writes the reference of examples/api, goldmark renders
# it as HTML with a small stylesheet (hack/apidocs), and headless Chromium
# (Debian's chromium package) takes the picture. It fetches nothing.
#
# Usage: hack/apidocs-screenshot.sh CRDGEN     (run by hand; not part of CI)
set -euo pipefail

crdgen=$(realpath "${1:?usage: hack/apidocs-screenshot.sh CRDGEN (a built crdgen)}")
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d -t crdgen-screenshot.XXXXXX)
trap 'rm -rf "$work"' EXIT

cd "$repo"
CRDGEN_CACHE=off "$crdgen" docs -o "$work/md" ./examples/api/...
go run ./hack/apidocs html "$work/md" "$work/html"
chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
	--disable-component-update --disable-sync --no-first-run --hide-scrollbars \
	--screenshot="$work/shot.png" --window-size=1200,1600 \
	"file://$work/html/batch.tutorial.example.com_v1.html" 2>/dev/null
mkdir -p docs/images
cp "$work/shot.png" docs/images/apidocs-example.png
echo "wrote docs/images/apidocs-example.png"
