#!/usr/bin/env bash
# peers.sh measures crdgen against controller-gen v0.23.0 and against the CRDs
# that projects we did not write commit: the kubebuilder book's tutorial
# projects and kubebuilder's scaffolding testdata, and controller-tools' own
# CRD golden files (pkg/crd/testdata).
#
# These projects are Go modules of their own inside other repositories, so
# they are not in the module proxy's zips: the setup step takes them from git
# (a shallow clone from GitHub, or `git archive` from an existing git
# directory named by KUBEBUILDER_GIT / CONTROLLER_TOOLS_GIT). Their
# dependencies come from the Go module proxy. Nothing of theirs is copied into
# this repository; everything lives in the work dir.
#
# For each project (or, for controller-tools, each group of packages that one
# controller-gen invocation covers) it:
#   1. copies the project into WORK/NAME/src and builds it (the baseline);
#   2. runs controller-gen's crd generator with the options the project's
#      Makefile or go:generate line passes, into WORK/NAME/controller-gen;
#   3. runs `crdgen crd` with its default flags (plus only the flags the
#      migration guide maps those options to) into WORK/NAME/crdgen; if it
#      refuses, once more with --unknown-markers=warn into crdgen-warn, so
#      that the output can still be compared;
#   4. compares committed vs crdgen, controller-gen vs crdgen, and committed
#      vs controller-gen (to tell a stale committed file from a crdgen
#      difference) with hack/crdcompare;
#   5. runs `crdgen generate` in a copy (WORK/NAME/gen), lists the Go files it
#      wrote or changed, and builds the copy and runs the generated
#      conversion round-trip tests.
# For kubebuilder's project-v4, project-v4-multigroup and
# project-v4-with-plugins and the book's cronjob-tutorial and
# multiversion-tutorial it then runs the whole-project unit of
# hack/projects.sh: controller-gen with the controller-gen lines of the
# Makefile's manifests and generate targets in one copy, `crdgen generate
# --year YEAR` in another, every file either writes compared (CRDs, role,
# webhook configurations, DeepCopy, apply configurations), and crdgen's
# copy built, vetted and put through a DeepCopy round-trip test.
# It ends with a table; every comparison's full output is in
# WORK/NAME/cmp-*.txt and every tool's messages in WORK/NAME/*.log.
#
# Usage: hack/peers.sh [WORKDIR]     (run by hand; not part of CI)
#
# Environment:
#   KUBEBUILDER_GIT, CONTROLLER_TOOLS_GIT   existing git directories to read the
#                       projects from (default: git clone --depth 1 from GitHub)
#   KUBEBUILDER_REF, CONTROLLER_TOOLS_REF   the revision to read (default HEAD;
#                       another one needs a git dir that has it, not the clone)
#   CONTROLLER_GEN      a controller-gen binary (default: go install v0.23.0
#                       into WORK/bin)
#   PEERS_ONLY          run only the projects whose names match this regular
#                       expression (kb-project-v4, controller-tools, ...)
#   CRDGEN_REF          build crdgen and crdcompare from this revision of this
#                       repository (a `git archive` snapshot in WORK; the
#                       checkout is not touched) instead of the working tree,
#                       for results that do not move while someone edits it
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d -t crdgen-peers.XXXXXX)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
echo "work dir: $work"

cgVersion=v0.23.0
# crdgen's rerun cache goes in the work dir, not the user's cache directory.
export CRDGEN_CACHE="$work/crdgen-cache"
results="$work/results.tsv"   # one row per comparison, for the final table
timings="$work/timings.tsv"   # one row per timed step
: >"$results"
: >"$timings"
lines_tsv="$work/lines.tsv"     # one row per controller-gen line of a whole project
: >"$lines_tsv"

# The year of generated Go headers, for controller-gen's $(YEAR) and
# crdgen's --year: the one kubebuilder's committed files carry, so that the
# copies differ from the committed files only where a generator does.
year=2026
# shellcheck source=hack/projects.sh
. "$repo/hack/projects.sh"

# only NAME reports whether NAME is among the projects to run (PEERS_ONLY).
only() { [[ $1 =~ ${PEERS_ONLY:-.} ]]; }

# ---------------------------------------------------------------------------
# Tools: crdgen from this checkout, crdcompare, and controller-gen.

setup_tools

# ---------------------------------------------------------------------------
# Sources: a git directory per repository, from the environment or cloned.

# gitdir VAR URL NAME prints the git directory to read NAME from: $VAR when
# set, else a shallow bare clone of URL in the work dir (made once).
gitdir() {
	local var=$1 url=$2 name=$3
	if [ -n "${!var:-}" ]; then
		echo "${!var}"
		return
	fi
	if [ ! -d "$work/git/$name" ]; then
		git clone --quiet --depth 1 --bare "$url" "$work/git/$name" >&2
	fi
	echo "$work/git/$name"
}
kbGit=$(gitdir KUBEBUILDER_GIT https://github.com/kubernetes-sigs/kubebuilder kubebuilder)
ctGit=$(gitdir CONTROLLER_TOOLS_GIT https://github.com/kubernetes-sigs/controller-tools controller-tools)
kbRef=${KUBEBUILDER_REF:-HEAD}
ctRef=${CONTROLLER_TOOLS_REF:-HEAD}
echo "kubebuilder: $(git --git-dir="$kbGit" rev-parse "$kbRef") from $kbGit"
echo "controller-tools: $(git --git-dir="$ctGit" rev-parse "$ctRef") from $ctGit"

# extract GITDIR REF PATH DEST copies the tree PATH at REF to the directory DEST.
extract() {
	local git=$1 ref=$2 path=$3 dest=$4 tmp
	tmp=$(mktemp -d "$work/extract.XXXXXX")
	git --git-dir="$git" archive "$ref" "$path" | tar -x -C "$tmp"
	rm -rf "$dest"
	mkdir -p "$(dirname "$dest")"
	mv "$tmp/$path" "$dest"
	rm -rf "$tmp"
}

# ---------------------------------------------------------------------------
# Comparing and recording.

# compare NAME WHAT WANT_LABEL GOT_LABEL WANT_DIR GOT_DIR runs crdcompare,
# keeps its report in NAME/cmp-WHAT.txt (diff headers relabelled, since
# crdcompare calls its sides "committed" and "crdgen") and adds a row to the
# results: counts, and the names of the files that are not equal.
compare() {
	local name=$1 what=$2 wantLabel=$3 gotLabel=$4 want=$5 got=$6 out
	out="$work/$name/cmp-$what.txt"
	"$work/bin/crdcompare" "$want" "$got" |
		sed -e "s|^    --- committed\$|    --- $wantLabel|" -e "s|^    +++ crdgen\$|    +++ $gotLabel|" >"$out" || true
	local summary notEqual
	summary=$(tail -n 1 "$out")
	notEqual=$(awk '$1 == "different" || $1 == "missing" || $1 == "extra" { printf "%s%s:%s", sep, $1, $2; sep = " " }' "$out")
	printf '%s\t%s\t%s\t%s\n' "$name" "$wantLabel vs $gotLabel" "$summary" "$notEqual" >>"$results"
	echo "== $name: $wantLabel vs $gotLabel: $summary"
}

# ---------------------------------------------------------------------------
# One unit: controller-gen and crdgen on the same packages, then the
# comparisons and the generate check.
#
# unit NAME SRC CG_OPTS CRDGEN_FLAGS PATTERNS COMMITTED
#   NAME          the unit's directory under the work dir (may contain /)
#   SRC           the module root (the unit's own copy, or one shared by units)
#   CG_OPTS       controller-gen arguments apart from the output rule
#                 ("crd:maxDescLen=0 paths=./...")
#   CRDGEN_FLAGS  the crdgen flags those options map to ("" for none)
#   PATTERNS      crdgen's package patterns
#   COMMITTED     the directory of committed CRDs to compare with
# The unit runs in SRC/$SUBDIR when SUBDIR is set (controller-tools' gen/,
# plural/ and multiple_versions/ are run from their own directory).
unit() {
	local name=$1 src=$2 cgOpts=$3 flags=$4 patterns=$5 committed=$6
	local d="$work/$name" run="$src${SUBDIR:+/$SUBDIR}" rc
	rm -rf "$d/controller-gen" "$d/crdgen" "$d/crdgen-warn" "$d/gen"
	mkdir -p "$d"

	# controller-gen, with the project's options.
	rc=0
	# shellcheck disable=SC2086
	(cd "$run" && timed "$name: controller-gen" "$CONTROLLER_GEN" $cgOpts "output:crd:artifacts:config=$d/controller-gen") \
		>"$d/controller-gen.log" 2>&1 || rc=$?
	[ "$rc" = 0 ] || refused "$name" controller-gen "$d/controller-gen.log" "$rc"

	# crdgen crd, default flags (and the mapped options), from the module.
	rc=0
	# shellcheck disable=SC2086
	(cd "$run" && timed "$name: crdgen crd" "$crdgen" crd $flags -o "$d/crdgen" $patterns) \
		>"$d/crdgen.log" 2>&1 || rc=$?
	local got="$d/crdgen" gotLabel=crdgen
	if [ "$rc" != 0 ]; then
		refused "$name" crdgen "$d/crdgen.log" "$rc"
		# Again with unknown markers as warnings, to compare what it makes.
		rc=0
		# shellcheck disable=SC2086
		(cd "$run" && timed "$name: crdgen crd --unknown-markers=warn" \
			"$crdgen" crd --unknown-markers=warn $flags -o "$d/crdgen-warn" $patterns) \
			>"$d/crdgen-warn.log" 2>&1 || rc=$?
		if [ "$rc" != 0 ]; then
			refused "$name" "crdgen --unknown-markers=warn" "$d/crdgen-warn.log" "$rc"
			got=""
		else
			got="$d/crdgen-warn"
			gotLabel="crdgen(warn)"
		fi
	fi

	if [ -n "$got" ]; then
		compare "$name" committed-crdgen committed "$gotLabel" "$committed" "$got"
		[ ! -d "$d/controller-gen" ] ||
			compare "$name" controller-gen-crdgen controller-gen "$gotLabel" "$d/controller-gen" "$got"
	fi
	[ ! -d "$d/controller-gen" ] ||
		compare "$name" committed-controller-gen committed controller-gen "$committed" "$d/controller-gen"
}

# generate NAME SRC CRDGEN_FLAGS PATTERNS runs `crdgen generate` in a copy
# of SRC (WORK/NAME/gen), then reports the Go files it wrote, builds the copy
# and runs the conversion round-trip tests it generated. The CRDs go to
# WORK/NAME/gen-crds and are compared with those of `crdgen crd`.
generate() {
	local name=$1 src=$2 flags=$3 patterns=$4
	local d="$work/$name" gen="$work/$name/gen" rc=0
	rm -rf "$gen" "$d/gen-crds"
	cp -a "$src" "$gen"
	# shellcheck disable=SC2086
	(cd "$gen${SUBDIR:+/$SUBDIR}" && timed "$name: crdgen generate" "$crdgen" generate $flags -o "$d/gen-crds" $patterns) \
		>"$d/generate.log" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		refused "$name" "crdgen generate" "$d/generate.log" "$rc"
		# Again with unknown markers as warnings, to see what it writes.
		flags="--unknown-markers=warn $flags"
		rc=0
		# shellcheck disable=SC2086
		(cd "$gen${SUBDIR:+/$SUBDIR}" && timed "$name: crdgen generate --unknown-markers=warn" \
			"$crdgen" generate $flags -o "$d/gen-crds" $patterns) >"$d/generate.log" 2>&1 || rc=$?
		if [ "$rc" != 0 ]; then
			refused "$name" "crdgen generate --unknown-markers=warn" "$d/generate.log" "$rc"
			return
		fi
	fi
	local crds="$d/crdgen"
	[ -d "$crds" ] || crds="$d/crdgen-warn"
	[ ! -d "$crds" ] || compare "$name" crd-generate "crdgen crd" "crdgen generate" "$crds" "$d/gen-crds"

	# The Go files generate wrote, changed or removed, relative to the
	# module root.
	(
		cd "$gen" && find . -name '*.go' | while read -r f; do
			cmp -s "$f" "$src/$f" || echo "${f#./}"
		done
		cd "$src" && find . -name '*.go' | while read -r f; do
			[ -e "$gen/$f" ] || echo "${f#./} (removed)"
		done
	) | sort >"$d/generate-changed.txt"
	note "$name" "generate: Go files written" "$(wc -l <"$d/generate-changed.txt") ($(tr '\n' ' ' <"$d/generate-changed.txt"))"
	echo "== $name: crdgen generate wrote:"
	sed 's/^/    /' "$d/generate-changed.txt"

	# Does the project still build, and do the generated tests pass?
	rc=0
	(cd "$gen" && timed "$name: go build ./... after generate" go build ./...) >"$d/gen-build.log" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		refused "$name" "go build ./... after generate" "$d/gen-build.log" "$rc" failed
	else
		note "$name" "go build ./... after generate" "ok"
	fi
	local dirs
	dirs=$(sed -n 's|^\(.*\)/zz_generated.conversion_test.go$|./\1|p' "$d/generate-changed.txt" | tr '\n' ' ')
	if [ -n "$dirs" ]; then
		rc=0
		# shellcheck disable=SC2086
		(cd "$gen" && timed "$name: go test conversion round trip" go test -short -count=1 -run ConversionRoundTrip $dirs) \
			>"$d/gen-test.log" 2>&1 || rc=$?
		if [ "$rc" != 0 ]; then
			refused "$name" "go test -run ConversionRoundTrip" "$d/gen-test.log" "$rc" failed
		else
			note "$name" "go test -run ConversionRoundTrip" "ok ($dirs)"
		fi
	fi
}

# prepare NAME SRC downloads SRC's dependencies and builds it as it is, so
# that a failure after `crdgen generate` is crdgen's.
prepare() {
	local name=$1 src=$2 rc=0
	# kubebuilder's testdata projects commit no go.sum: make it as a user
	# would (this only records checksums; go.mod is compared afterwards).
	if [ ! -f "$src/go.sum" ]; then
		cp "$src/go.mod" "$work/$name/go.mod.orig"
		(cd "$src" && timed "$name: go mod tidy (no go.sum committed)" go mod tidy) >"$work/$name/tidy.log" 2>&1 || {
			echo "go mod tidy failed in $src (see $work/$name/tidy.log)" >&2
			return 1
		}
		if cmp -s "$src/go.mod" "$work/$name/go.mod.orig"; then
			note "$name" "go.sum" "not committed; made with go mod tidy (go.mod unchanged)"
		else
			note "$name" "go.sum" "not committed; made with go mod tidy, which CHANGED go.mod"
		fi
	fi
	(cd "$src" && timed "$name: go mod download" go mod download) || {
		echo "go mod download failed in $src" >&2
		return 1
	}
	(cd "$src" && timed "$name: go build ./... (baseline)" go build ./...) >"$work/$name/baseline-build.log" 2>&1 || rc=$?
	[ "$rc" = 0 ] || refused "$name" "go build ./... (baseline, before crdgen)" "$work/$name/baseline-build.log" "$rc" failed
}

# ---------------------------------------------------------------------------
# kubebuilder: the book's tutorial projects and the scaffolding testdata.
# Each is a kubebuilder project; its Makefile's manifests target runs
#   controller-gen rbac:roleName=manager-role crd[:OPTS] webhook paths="./..." output:crd:artifacts:config=config/crd/bases
# (only the crd generator is run here). crdgen runs as the table of
# docs/guides/migrating-from-controller-gen.md maps it: crdgen crd -o DIR ./api/...

# kubebuilder NAME PATH CRD_OPTS CRDGEN_FLAGS [whole]
# With "whole", the whole-project unit (hack/projects.sh) follows.
kubebuilder() {
	local name=$1 path=$2 crdOpts=$3 flags=$4 whole=${5:-}
	local src="$work/$name/src"
	only "$name" || return 0
	mkdir -p "$work/$name"
	echo
	echo "#### $name ($path)"
	extract "$kbGit" "$kbRef" "$path" "$src"
	# The Makefile's crd options, to check that the table below is current.
	grep 'output:crd:artifacts:config' "$src/Makefile" | sed 's/^[[:space:]]*//' >"$work/$name/makefile-crd.txt" || true
	echo "Makefile: $(cat "$work/$name/makefile-crd.txt")"
	rm -rf "$work/$name/committed"
	cp -r "$src/config/crd/bases" "$work/$name/committed"
	rm -f "$work/$name/committed/kustomization.yaml"
	prepare "$name" "$src" || return 0
	unit "$name" "$src" "crd$crdOpts paths=./..." "$flags" ./api/... "$work/$name/committed"
	# The migration guide's other form, all packages like controller-gen's
	# paths=./...: does it give the same CRDs?
	local rc=0
	rm -rf "$work/$name/crdgen-all"
	# shellcheck disable=SC2086
	(cd "$src" && timed "$name: crdgen crd ./..." "$crdgen" crd $flags -o "$work/$name/crdgen-all" ./...) \
		>"$work/$name/crdgen-all.log" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		refused "$name" "crdgen crd ./..." "$work/$name/crdgen-all.log" "$rc"
	elif [ -d "$work/$name/crdgen" ]; then
		compare "$name" api-all "crdgen ./api/..." "crdgen ./..." "$work/$name/crdgen" "$work/$name/crdgen-all"
	fi
	generate "$name" "$src" "$flags" ./api/...
	# crdgen generate with no flags but the year, as a kubebuilder user runs it.
	[ -z "$whole" ] || whole "$name" "$src" --year "$year"
}

kb=docs/book/src
kubebuilder kb-cronjob-tutorial $kb/cronjob-tutorial/testdata/project :maxDescLen=0 "--max-description-length 0" whole
kubebuilder kb-getting-started $kb/getting-started/testdata/project "" ""
kubebuilder kb-multiversion-tutorial $kb/multiversion-tutorial/testdata/project :maxDescLen=0 "--max-description-length 0" whole
kubebuilder kb-project-v4 testdata/project-v4 "" "" whole
kubebuilder kb-project-v4-multigroup testdata/project-v4-multigroup "" "" whole
kubebuilder kb-project-v4-with-plugins testdata/project-v4-with-plugins "" "" whole

# ---------------------------------------------------------------------------
# controller-tools: pkg/crd/testdata, a module of its own
# (testdata.kubebuilder.io/cronjob). Its golden CRDs are made by the
# go:generate lines in its packages, run through .run-controller-gen.sh, e.g.
#   cronjob_types.go: controller-gen crd:ignoreUnexportedFields=true,allowDangerousTypes=true paths=./;./deprecated;./unserved;./job/...;./immutable output:dir=.
# and by the parser options of pkg/crd/parser_integration_test.go
# (IgnoreUnexportedFields and AllowDangerousTypes) for those without one.
# Each unit below is one such invocation; crdgen gets the same packages.
# ignoreUnexportedFields is always on in crdgen; allowDangerousTypes maps to
# --allow-dangerous-types, maxDescLen to --max-description-length.

controller_tools() {
	local ct ctOpts p d rc cgrc
	ct=$work/controller-tools/src
	mkdir -p "$work/controller-tools"
	echo
	echo "#### controller-tools (pkg/crd/testdata)"
	extract "$ctGit" "$ctRef" pkg/crd/testdata "$ct"
	git --git-dir="$ctGit" grep -h 'go:generate' "$ctRef" -- pkg/crd/testdata >"$work/controller-tools/go-generate.txt" || true
	prepare controller-tools "$ct" || true

	# ctunit NAME CG_OPTS CRDGEN_FLAGS PATHS COMMITTED_FILE[=AS]...: one controller-gen
	# invocation over PATHS (controller-gen's ;-separated form is built from the
	# space-separated list), compared with the committed files (relative to the
	# unit's directory; =AS names the file it is compared with, for a golden file
	# made with other options).
	ctunit() {
		local name=controller-tools/$1 cgOpts=$2 flags=$3 paths=$4
		shift 4
		local d="$work/$name" f
		rm -rf "$d/committed"
		mkdir -p "$d/committed"
		for f in "$@"; do
			cp "$ct${SUBDIR:+/$SUBDIR}/${f%%=*}" "$d/committed/${f#*=}"
		done
		echo
		echo "## $name"
		unit "$name" "$ct" "$cgOpts paths=$(echo "$paths" | tr ' ' ';')" "$flags" "$paths" "$d/committed"
		generate "$name" "$ct" "$flags" "$paths"
	}

	ctOpts=crd:ignoreUnexportedFields=true,allowDangerousTypes=true
	ctunit cronjob "$ctOpts" --allow-dangerous-types "./ ./deprecated ./unserved ./job/... ./immutable" \
		testdata.kubebuilder.io_cronjobs.yaml testdata.kubebuilder.io_jobs.yaml testdata.kubebuilder.io_immutabletypes.yaml
	# The same packages as parser_integration_test.go loads them, one kind at a
	# time (the go:generate line above loads two packages of version v1, the
	# root and immutable, and two of v1beta1, job and unserved).
	ctunit cronjob-only "$ctOpts" --allow-dangerous-types "./ ./unserved ./deprecated" testdata.kubebuilder.io_cronjobs.yaml
	ctunit job "$ctOpts" --allow-dangerous-types ./job/... testdata.kubebuilder.io_jobs.yaml
	ctunit immutable "$ctOpts" --allow-dangerous-types ./immutable testdata.kubebuilder.io_immutabletypes.yaml
	ctunit oneof "$ctOpts" --allow-dangerous-types ./oneof/... testdata.kubebuilder.io_oneofs.yaml
	ctunit enum "$ctOpts" --allow-dangerous-types ./enum/... testdata.kubebuilder.io_enums.yaml
	ctunit external_docs "$ctOpts" --allow-dangerous-types ./external_docs/... testdata.kubebuilder.io_externaldocs.yaml
	# The nogroup golden file is read by a test only; controller-gen names it
	# _cronjobs.yaml.
	ctunit nogroup "$ctOpts" --allow-dangerous-types ./nogroup testdata._cronjobs.yaml=_cronjobs.yaml
	# internal_version (+kubebuilder:skip) and the type alias packages have no
	# golden CRD: both tools should write nothing for them.
	ctunit internal_version "$ctOpts" --allow-dangerous-types ./internal_version
	ctunit typealias "$ctOpts" --allow-dangerous-types "./typealias_base ./typealias_middle ./typealias_indirect"
	SUBDIR=multiple_versions ctunit multiple_versions crd "" "./v1beta1 ./v1beta2" \
		testdata.kubebuilder.io_versionedresources.yaml
	SUBDIR=gen ctunit gen crd:crdVersions=v1 "" . bar.example.com_foos.yaml
	SUBDIR=gen ctunit gen-maxdesclen crd:crdVersions=v1,maxDescLen=50 "--max-description-length 50" . \
		bar.example.com_foos_maxdesclen.yaml=bar.example.com_foos.yaml
	SUBDIR=gen/zoo ctunit gen-zoo crd:crdVersions=v1 "" . bar.example.com_zoos.yaml
	SUBDIR=plural ctunit plural crd:crdVersions=v1 "" . plural.example.com_testquotas.yaml

	# Packages that controller-tools' tests expect controller-gen to reject:
	# crdgen should refuse them too. Only the exit codes and messages are kept.
	for p in enum_error inline_struct_error oneof_error oneof_missing_tag_error wrong_annotation_format wrong_title_format iface; do
		d="$work/controller-tools/errors/$p"
		mkdir -p "$d"
		rc=0
		(cd "$ct" && timed "controller-tools/errors/$p: controller-gen" \
			"$CONTROLLER_GEN" "$ctOpts" "paths=./$p/..." "output:crd:artifacts:config=$d/controller-gen") >"$d/controller-gen.log" 2>&1 || rc=$?
		cgrc=$rc
		rc=0
		(cd "$ct" && timed "controller-tools/errors/$p: crdgen crd" \
			"$crdgen" crd --allow-dangerous-types -o "$d/crdgen" "./$p/...") >"$d/crdgen.log" 2>&1 || rc=$?
		note "controller-tools/errors/$p" "expected error" "controller-gen exit $cgrc, crdgen exit $rc"
		[ "$cgrc" = 0 ] || refused "controller-tools/errors/$p" controller-gen "$d/controller-gen.log" "$cgrc"
		[ "$rc" = 0 ] || refused "controller-tools/errors/$p" crdgen "$d/crdgen.log" "$rc"
	done
}
if only controller-tools; then controller_tools; fi

# ---------------------------------------------------------------------------
# The tables.

print_tables
print_lines
echo
echo "work dir: $work"
