#!/usr/bin/env bash
# hack/openshift.sh runs crdgen on openshift/api as it is, with zero edits:
# it generates its CRD manifests with hack/openshift/crdgen.yaml, compares
# each with the one openshift/api commits, and runs its CRD test suites
# with crdgen test, reading them as its harness does
# (docs/guides/openshift.md).
#
# Usage: hack/openshift.sh OPENSHIFT_API [WORK]
#
# OPENSHIFT_API is an openshift/api checkout; the script fetches nothing.
# Get one with
#
#	git clone https://github.com/openshift/api
#
# or from a fetched git snapshot (a bare repository):
#
#	mkdir -p api && git --git-dir=SNAPSHOT archive HEAD | tar -x -C api
#
# It copies the checkout to WORK (default: a new temporary directory),
# adds the crdgen.yaml there and runs crdgen in the copy, so the checkout
# is left as it is. With OPENSHIFT_CODEGEN=1 it also builds openshift's own
# generator from its tools/vendor (offline) and times its CRD generation
# (hack/update-codegen-crds.sh) in a second copy.
#
# It prints the comparison per file (hack/crdcompare -typed), the test
# results with the cases that fail only on Kubernetes 1.32's wording listed
# apart, and the times; it exits 1 when a manifest differs or a case fails
# otherwise.
set -euo pipefail

if [ $# -lt 1 ]; then
	sed -n '2,/^set -euo/p' "$0" | sed 's/^# \{0,1\}//;/^set -euo/d' >&2
	exit 2
fi
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
api=$(cd "$1" && pwd)
work=${2:-$(mktemp -d)}
mkdir -p "$work/bin"
work=$(cd "$work" && pwd)
echo "openshift/api: $api"
echo "work: $work"

go build -o "$work/bin/crdgen" "$repo/cmd/crdgen"
go build -o "$work/bin/crdcompare" "$repo/hack/crdcompare"

# copy makes a copy of the checkout, without its git directory.
copy() {
	rm -rf "$1"
	mkdir -p "$1"
	(cd "$api" && tar --exclude=./.git -cf - .) | (cd "$1" && tar -xf -)
}

copy "$work/api"
cp "$repo/hack/openshift/crdgen.yaml" "$work/api/crdgen.yaml"
cd "$work/api"

echo
echo "== crdgen crd (no caches)"
/usr/bin/time -f "crdgen crd: %e s wall, %U s user, %S s system, %M KB" \
	"$work/bin/crdgen" crd --no-cache 2>"$work/crd.stderr" || {
	cat "$work/crd.stderr"
	exit 1
}
{ grep -c 'warning:' "$work/crd.stderr" || true; } | sed 's/$/ warnings (in crd.stderr)/'
tail -1 "$work/crd.stderr"

echo
echo "== the manifests against openshift/api's"
status=0
: >"$work/compare.txt"
for dir in $(cd "$api" && find . -path ./vendor -prune -o -path ./tools -prune -o -type d -name zz_generated.crd-manifests -print | sort); do
	"$work/bin/crdcompare" -typed -diff-lines 40 "$api/$dir" "$work/api/$dir" >>"$work/compare.txt" || status=1
done
grep -E '^(byte-identical|semantically-equal|semantically-equal-typed|different|missing|extra) ' "$work/compare.txt" |
	awk '{n[$1]++; t++} END {printf "%d manifests:", t; for (k in n) printf " %d %s,", n[k], k; print ""}'
grep -v '^byte-identical ' "$work/compare.txt" | grep -vE '^$|^[0-9]+ files:' || true

echo
echo "== crdgen test (harness: openshift)"
set +e
/usr/bin/time -f "crdgen test: %e s wall, %U s user, %S s system" \
	"$work/bin/crdgen" test >"$work/test.txt" 2>"$work/test.stderr"
set -e
grep -E '^[0-9]+ cases: ' "$work/test.txt" || { tail -20 "$work/test.stderr"; exit 1; }
tail -1 "$work/test.stderr"
{ grep -c ': wording ' "$work/test.txt" || true; } | sed 's/$/ cases fail only on wording (listed in test.txt, with both texts)/'
if ! grep -qE ' 0 failed otherwise' "$work/test.txt"; then
	echo "cases that fail otherwise:"
	grep ': FAIL ' "$work/test.txt" | cut -d: -f1-3 | sort -u |
		grep -vxF -f <(grep ': wording ' "$work/test.txt" | cut -d: -f1-3 | sort -u) || true
	status=1
fi

if [ "${OPENSHIFT_CODEGEN:-}" = 1 ]; then
	echo
	echo "== openshift's own CRD generation (hack/update-codegen-crds.sh)"
	copy "$work/openshift"
	cd "$work/openshift"
	/usr/bin/time -f "building its codegen: %e s wall" make -C tools codegen >"$work/codegen-build.txt" 2>&1
	/usr/bin/time -f "openshift's CRD generation: %e s wall, %U s user, %S s system, %M KB" \
		env CODEGEN="$work/openshift/tools/_output/bin/$(go env GOOS)/$(go env GOARCH)/codegen" \
		hack/update-codegen-crds.sh >"$work/codegen.txt" 2>&1 || { tail -5 "$work/codegen.txt"; exit 1; }
	tail -1 "$work/codegen.txt"
fi
exit $status
