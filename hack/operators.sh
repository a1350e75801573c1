#!/usr/bin/env bash
# operators.sh measures `crdgen generate` against controller-gen v0.23.0 on
# released operators that commit what controller-gen's crd, object, rbac
# and webhook generators write (CRDs, zz_generated.deepcopy.go,
# config/.../role.yaml and config/.../manifests.yaml), with the
# whole-project unit of hack/projects.sh: controller-gen with the
# controller-gen lines of the operator's own Makefile in one copy,
# crdgen in another, every file either writes compared, then crdgen's copy
# built, vetted and put through a DeepCopy round-trip test.
#
# Each operator is its module's zip from the Go module proxy (go mod
# download: the whole repository but its nested modules), with its
# dependencies from the proxy too. Nothing is copied into this repository;
# everything lives in the work dir.
#
# crdgen runs as a user would switch: with no flags but --year in a
# kubebuilder project (a PROJECT file of a go.kubebuilder.io layout), and
# then, where the Makefile passes options kubebuilder's scaffold does not,
# once per controller-gen line with the flags those options map to (the
# "crdgen as mapped" rows); outside a kubebuilder project only the latter.
#
# Usage: hack/operators.sh [WORKDIR]     (run by hand; not part of CI)
#
# Environment:
#   CONTROLLER_GEN      a controller-gen binary (default: go install v0.23.0
#                       into WORK/bin)
#   CRDGEN_REF          build crdgen and the hack tools from this revision of
#                       this repository instead of the working tree
#   OPERATORS_ONLY      run only the operators whose names match this regular
#                       expression
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d -t crdgen-operators.XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "work dir: $work"

cgVersion=v0.23.0
export CRDGEN_CACHE="$work/crdgen-cache"
results="$work/results.tsv"
timings="$work/timings.tsv"
: >"$results"
: >"$timings"
lines_tsv="$work/lines.tsv"
: >"$lines_tsv"
# The year of generated Go headers (none of these operators' headers has a
# YEAR to replace, and their Makefiles pass no year).
year=2026
# shellcheck source=hack/projects.sh
. "$repo/hack/projects.sh"

setup_tools

# operator NAME MODULE@VERSION TARGETS CRDGEN_ARGS... fetches the module's
# source into WORK/NAME/src, notes which parts of kubebuilder's layout it
# has, downloads its dependencies, and runs the whole-project unit with the
# controller-gen lines of the Makefile targets TARGETS (space-separated;
# WHOLE_MAKE_ARGS passes more to make -n) and CRDGEN_ARGS ("-": crdgen as
# mapped only).
operator() {
	local name=$1 mod=$2 targets=$3
	shift 3
	[[ $name =~ ${OPERATORS_ONLY:-.} ]] || return 0
	local d="$work/$name" dir
	mkdir -p "$d"
	echo
	echo "#### $name ($mod)"
	dir=$(timed "$name: go mod download (source)" go mod download -json "$mod" | sed -n 's/.*"Dir": "\(.*\)",/\1/p') || true
	if [ -z "$dir" ]; then
		note "$name" "source" "go mod download $mod failed"
		return 0
	fi
	rm -rf "$d/src"
	cp -r "$dir" "$d/src"
	chmod -R u+w "$d/src"
	local has="" p
	for p in PROJECT Makefile hack/boilerplate.go.txt api apis internal/controller controllers config/rbac/role.yaml config/webhook/manifests.yaml; do
		[ -e "$d/src/$p" ] && has+="$p " || has+="(no $p) "
	done
	note "$name" "source: $mod" "$has; $(find "$d/src" -name zz_generated.deepcopy.go | wc -l) zz_generated.deepcopy.go"
	if ! (cd "$d/src" && timed "$name: go mod download" go mod download) >"$d/download.log" 2>&1; then
		refused "$name" "go mod download" "$d/download.log" 1 failed
		return 0
	fi
	# shellcheck disable=SC2086
	WHOLE_TARGETS=$targets whole "$name" "$d/src" "$@"
}

# KubeRay's operator: a kubebuilder project (go.kubebuilder.io/v3,
# multigroup, apis/ and controllers/), whose Makefile passes
# crd:maxDescLen=0,generateEmbeddedObjectMeta=true,allowDangerousTypes=true
# and rbac:roleName=kuberay-operator (through $(CRD_OPTIONS)).
operator kuberay github.com/ray-project/kuberay/ray-operator@v1.5.0 "manifests generate" --year "$year"

# Kueue: no PROJECT file; its outputs are under config/components; the
# Makefile's manifests target runs controller-gen twice (CRDs of ./apis/...;
# role and webhooks of ./pkg/...), generate-code once (DeepCopy).
operator kueue sigs.k8s.io/kueue@v0.17.0 "manifests generate-code" -

# Cluster API Provider AWS: a PROJECT file of kubebuilder's version 2, with
# no layout, so not a kubebuilder project to crdgen; one controller-gen
# line does CRDs, DeepCopy, role and webhooks over twelve path patterns, a
# second DeepCopy of ./cmd/... (its conversion-gen and defaulter-gen lines
# are not controller-gen's and are not run; make -n is told not to build
# those tools, which live in a nested module the zip leaves out).
WHOLE_MAKE_ARGS="-o hack/tools/bin/defaulter-gen -o hack/tools/bin/conversion-gen" \
	operator capa sigs.k8s.io/cluster-api-provider-aws/v2@v2.13.0 .build/generate-go-apis -

print_tables
print_lines
echo
echo "work dir: $work"
