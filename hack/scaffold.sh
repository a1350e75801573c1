#!/usr/bin/env bash
# scaffold.sh scaffolds a kubebuilder project with a released kubebuilder
# (multigroup: two versions of one kind with a conversion webhook, a
# defaulting and validating webhook, a kind with Server-Side Apply support,
# --ssa, which adds the applyconfiguration generator to the manifests
# line, and controllers with their RBAC markers) and runs
# hack/projects.sh's whole-project unit on it: controller-gen v0.23.0 with
# the Makefile's own lines in one copy, crdgen migrate and the migrated
# Makefile's lines in another, crdgen generate --year 2026 in a third, each
# line on its own, every file compared; then the build, vet and DeepCopy
# round trip.
#
# Usage: hack/scaffold.sh [WORKDIR]     (run by hand; not part of CI)
#
# Environment:
#   KUBEBUILDER_VERSION  the kubebuilder release to scaffold with (v4.16.0)
#   KUBEBUILDER          a kubebuilder binary of that release (default: go
#                        install it into WORK/bin)
#   CONTROLLER_GEN       a controller-gen binary (default: go install v0.23.0)
#   MIGRATE_ONLY         stop each unit after crdgen migrate's comparison
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d -t crdgen-scaffold.XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "work dir: $work"

cgVersion=v0.23.0
kbVersion=${KUBEBUILDER_VERSION:-v4.16.0}
export CRDGEN_CACHE="$work/crdgen-cache"
results="$work/results.tsv"
timings="$work/timings.tsv"
lines_tsv="$work/lines.tsv"
: >"$results"
: >"$timings"
: >"$lines_tsv"
year=2026
. "$repo/hack/projects.sh"

setup_tools
kb=${KUBEBUILDER:-$work/bin/kubebuilder}
if [ -z "${KUBEBUILDER:-}" ]; then
	timed "setup: install kubebuilder $kbVersion" env GOBIN="$work/bin" go install "sigs.k8s.io/kubebuilder/v4@$kbVersion"
fi
"$kb" version | grep -q "$kbVersion" || echo "warning: $kb is not kubebuilder $kbVersion" >&2

name=scaffold
src="$work/$name/src"
rm -rf "$src"
mkdir -p "$src"
(
	cd "$src"
	timed "$name: kubebuilder init" "$kb" init --domain example.com --repo example.com/shop --project-name shop
	timed "$name: kubebuilder edit --multigroup" "$kb" edit --multigroup=true
	timed "$name: create api shop/v1 Widget" "$kb" create api --group shop --version v1 --kind Widget --resource --controller
	timed "$name: create api shop/v2 Widget" "$kb" create api --group shop --version v2 --kind Widget --resource --controller=false
	timed "$name: create api ops/v1 Gizmo --ssa" "$kb" create api --group ops --version v1 --kind Gizmo --resource --controller --ssa
	timed "$name: create webhook shop/v1 Widget" "$kb" create webhook --group shop --version v1 --kind Widget \
		--defaulting --programmatic-validation --conversion --spoke v2
) >"$work/$name.log" 2>&1 || {
	echo "scaffolding failed:"
	tail -n 20 "$work/$name.log"
	exit 1
}
note "$name" "source" "kubebuilder $kbVersion: $(grep -c . "$src/PROJECT") lines of PROJECT; $(find "$src" -name '*_types.go' | wc -l) types files"

WHOLE_TARGETS="manifests generate" whole "$name" "$src" --year "$year"

print_tables
print_lines
echo
echo "work dir: $work"
