# shellcheck shell=bash
# projects.sh is sourced by hack/peers.sh and hack/operators.sh. It holds
# how they record results (timed, note, refused, the final tables) and the
# whole-project unit: controller-gen with a project's own Makefile lines in
# one copy of it, `crdgen generate` in another, every file either writes
# compared, then a build, go vet and a DeepCopy round-trip test of
# crdgen's copy.
#
# The sourcing script sets, before calling anything here:
#   repo            the crdgen checkout the script is in
#   work            the work dir (everything is written under it)
#   results         a TSV file, one row per comparison or check
#   lines_tsv       a TSV file, one row per controller-gen line (line_unit)
#   timings         a TSV file, one row per timed step
#   cgVersion       the controller-gen version compared with
#   year            the year given to controller-gen ($(YEAR)) and to crdgen
# and calls setup_tools, which sets crdgen and CONTROLLER_GEN.

# setup_tools builds crdgen, crdcompare and roundtrip into $work/bin from
# the working tree, or from the revision CRDGEN_REF when set (a snapshot in
# $work/crdgen-src), and installs controller-gen $cgVersion there unless
# CONTROLLER_GEN names one. It sets crdgen and CONTROLLER_GEN and prints
# where crdgen came from and both versions.
setup_tools() {
	mkdir -p "$work/bin"
	local src=$repo
	if [ -n "${CRDGEN_REF:-}" ]; then
		src=$work/crdgen-src
		rm -rf "$src" && mkdir -p "$src"
		git -C "$repo" archive "$CRDGEN_REF" | tar -x -C "$src"
		echo "crdgen source: $repo at $(git -C "$repo" rev-parse --short "$CRDGEN_REF") (snapshot in $src)"
	else
		echo "crdgen source: $repo working tree, HEAD $(git -C "$repo" rev-parse --short HEAD)," \
			"$(git -C "$repo" --no-optional-locks status --porcelain | wc -l) uncommitted paths"
	fi
	local tool
	for tool in cmd/crdgen hack/crdcompare hack/roundtrip; do
		timed "setup: build ${tool##*/}" sh -c "cd '$src' && go build -o '$work/bin/${tool##*/}' ./$tool"
	done
	crdgen=$work/bin/crdgen
	if [ -z "${CONTROLLER_GEN:-}" ]; then
		timed "setup: install controller-gen" \
			env GOBIN="$work/bin" go install "sigs.k8s.io/controller-tools/cmd/controller-gen@$cgVersion"
		CONTROLLER_GEN=$work/bin/controller-gen
	fi
	if ! "$CONTROLLER_GEN" --version | grep -q "$cgVersion"; then
		echo "warning: $CONTROLLER_GEN is $("$CONTROLLER_GEN" --version), not $cgVersion" >&2
	fi
	echo "crdgen: $("$crdgen" version); controller-gen: $("$CONTROLLER_GEN" --version)"
}

# timed NAME COMMAND...: runs COMMAND, records how long it took under NAME,
# and returns its exit code (without stopping the script under set -e).
timed() {
	local name=$1 start rc=0
	shift
	start=$EPOCHREALTIME
	"$@" || rc=$?
	awk -v n="$name" -v s="$start" -v e="$EPOCHREALTIME" -v rc="$rc" \
		'BEGIN { printf "%s\t%.1f\t%s\n", n, e - s, rc }' >>"$timings"
	return "$rc"
}

# refused NAME TOOL LOG RC [VERB] records a tool that exited non-zero (VERB:
# refused, or failed for a build), with the first lines of what it printed.
refused() {
	local name=$1 tool=$2 log=$3 rc=$4 verb=${5:-refused}
	printf '%s\t%s %s\texit %s\t%s\n' "$name" "$tool" "$verb" "$rc" \
		"$(grep -v '^\s*$' "$log" | head -n 3 | tr '\n' '|' | sed 's/|$//')" >>"$results"
	echo "== $name: $tool exited $rc:"
	sed -n 1,10p "$log"
}

# note NAME WHAT TEXT adds a free-form row to the results.
note() { printf '%s\t%s\t%s\t\n' "$1" "$2" "$3" >>"$results"; }

# print_tables prints the results and the timings.
print_tables() {
	echo
	echo "#### Results. equal: byte-identical or only the tool annotation (CRDs) or the generator's"
	echo "#### name (Go) differs (of which tool: those); sem: semantically equal; diff: different;"
	echo "#### miss: in the first tree only; extra: in the second only. Diffs: WORK/NAME/cmp-*.txt; logs: WORK/NAME/*.log"
	awk -F '\t' '
	function cut(s, n) { return length(s) > n ? substr(s, 1, n) "..." : s }
	BEGIN { printf "%-40s %-36s %5s %5s %4s %4s %4s %4s %5s  %s\n", "project", "comparison", "files", "equal", "tool", "sem", "diff", "miss", "extra", "details" }
	{
		if ($3 ~ /files:/) {
			# "N files: a byte-identical, b identical but the tool annotation, c semantically-equal,
			# d equal as the API server reads them, e different, f missing, g extra"
			n = split($3, w, /[^0-9]+/)
			printf "%-40s %-36s %5d %5d %4d %4d %4d %4d %5d  %s\n", $1, $2, w[1], w[2] + w[3], w[3], w[4] + w[5], w[6], w[7], w[8], $4
		} else {
			printf "%-40s %-36s %s  %s\n", $1, $2, $3, cut($4, 200)
		}
	}' "$results"
	echo
	echo "#### Timings (seconds, exit code)"
	awk -F '\t' '{ printf "%-70s %7s  %s\n", $1, $2, $3 }' "$timings"
}

# ---------------------------------------------------------------------------
# The whole-project unit.

# cg_lines DIR TARGET... prints the controller-gen command lines that
# `make TARGET...` runs in DIR, expanded by make itself (so a Makefile's
# variables such as $(CRD_OPTIONS) count), one a line, with the binary as
# __CONTROLLER_GEN__ and $(YEAR) as $year. make -n runs no recipe but those
# of recursive makes and $(shell) calls, so it runs in a throwaway copy of
# DIR, and the placeholder keeps every recipe away from the real binary
# (-o: make need not know how to build it). WHOLE_MAKE_ARGS adds arguments,
# such as -o for other tools a target needs. A line that first changes
# directory ("cd DIR; controller-gen ..." or "cd DIR && ...") is kept with
# its cd.
cg_lines() {
	local dir=$1 tmp
	shift
	tmp=$(mktemp -d "$work/make-n.XXXXXX")
	cp -a "$dir/." "$tmp"
	# shellcheck disable=SC2086
	make -n --no-print-directory -C "$tmp" "$@" CONTROLLER_GEN=__CONTROLLER_GEN__ YEAR="$year" \
		-o __CONTROLLER_GEN__ ${WHOLE_MAKE_ARGS:-} 2>/dev/null |
		sed -e ':a' -e '/\\$/{N;s/\\\n[[:space:]]*/ /;ba' -e '}' |
		grep -E '^(cd [^;&]+(;|&&) *)?"?__CONTROLLER_GEN__"? ' || true
	rm -rf "$tmp"
}

# crdgen_line LINE DIR prints the crdgen command line a controller-gen
# line of the project in DIR maps to, as `crdgen migrate --line` maps it
# (cmd/crdgen/internal/migrate holds the one mapping, the table of
# docs/guides/migrating-from-controller-gen.md): "[cd SUB && ]crdgen
# generate --generators G FLAGS... PATTERNS...", or "unmapped: ..." with
# crdgen's error when an option has no crdgen flag or setting.
crdgen_line() {
	local out
	if out=$(cd "${2:-.}" && "$crdgen" migrate --line "$1" 2>&1); then
		echo "$out"
	else
		echo "unmapped: $(grep 'error:' <<<"$out" | sed 's/^line:[0-9]*:[0-9]*: error: //' | head -n 3 | tr '\n' ' ')"
	fi
}

# run_crdgen NAME LABEL DIR LOG ARGS... runs `crdgen generate ARGS` in DIR;
# if it refuses, once more with --unknown-markers=warn, so that what it
# writes can still be compared. It returns non-zero when both refuse.
run_crdgen() {
	local name=$1 label=$2 dir=$3 log=$4 rc=0
	shift 4
	(cd "$dir" && timed "$name: $label" "$crdgen" generate "$@") >"$log" 2>&1 || rc=$?
	[ "$rc" = 0 ] && return 0
	refused "$name" "$label" "$log" "$rc"
	rc=0
	(cd "$dir" && timed "$name: $label --unknown-markers=warn" "$crdgen" generate --unknown-markers=warn "$@") \
		>"${log%.log}-warn.log" 2>&1 || rc=$?
	[ "$rc" = 0 ] && return 0
	refused "$name" "$label --unknown-markers=warn" "${log%.log}-warn.log" "$rc"
	return 1
}

# changed_paths SRC COPY prints the files of COPY that are not in SRC or
# differ from it, and those of SRC that COPY lacks, relative to both.
changed_paths() {
	local src=$1 copy=$2
	diff -rq "$src" "$copy" 2>/dev/null |
		sed -n -e "s|^Files $src/\(.*\) and $copy/.* differ\$|\1|p" \
			-e "s|^Only in $copy/*\(.*\): \(.*\)\$|\1/\2|p" \
			-e "s|^Only in $src/*\(.*\): \(.*\)\$|\1/\2|p" |
		sed 's|^/||' || true
}

# compare_trees NAME WHAT SRC WANT GOT compares, file by file, every file
# that either copy of SRC changed (and every file controller-gen wrote in
# WANT since $WANT.stamp, changed or not: it rewrites all its outputs),
# with crdcompare -paths: a row with the counts, and a row per file that is
# not equal, with its first difference. A directory either tool added is
# listed file by file. A Go file or CRD of controller-gen's that crdgen
# left in GOT untouched since $GOT.stamp is one crdgen did not write (its
# own would name crdgen): missing, not equal.
compare_trees() {
	local name=$1 what=$2 src=$3 want=$4 got=$5 d="$work/$1"
	local slug=${2// /_}
	local paths="$d/paths-$slug.txt" left="$d/not-written-$slug.txt" out="$d/cmp-$slug.txt"
	{
		(cd "$want" && find . -type f -newer "$want.stamp" | sed 's|^\./||')
		changed_paths "$src" "$want"
		changed_paths "$src" "$got"
	} | while read -r p; do
		# An added directory is reported as one "Only in" line.
		if [ -d "$want/$p" ] || [ -d "$got/$p" ]; then
			(cd "$want" 2>/dev/null && find "$p" -type f 2>/dev/null)
			(cd "$got" 2>/dev/null && find "$p" -type f 2>/dev/null)
		else
			echo "$p"
		fi
	done | sort -u >"$paths"
	while read -r p; do
		if [ -f "$got/$p" ] && [ ! "$got/$p" -nt "$got.stamp" ] && cmp -s "$got/$p" "$src/$p" &&
			grep -qE '^// Code generated by controller-gen\. DO NOT EDIT\.$|controller-gen\.kubebuilder\.io/version' "$got/$p"; then
			echo "$p"
		fi
	done <"$paths" >"$left"
	"$work/bin/crdcompare" -diff-lines 60 -paths "$paths" -not-written "$left" "$want" "$got" |
		sed -e "s|^    --- committed\$|    --- controller-gen|" -e "s|^    +++ crdgen\$|    +++ crdgen|" >"$out" || true
	local summary notEqual
	summary=$(tail -n 1 "$out")
	notEqual=$(awk '$1 == "different" || $1 == "missing" || $1 == "extra" { printf "%s%s:%s", sep, $1, $2; sep = " " }' "$out")
	printf '%s\t%s\t%s\t%s\n' "$name" "controller-gen vs $what" "$summary" "$notEqual" >>"$results"
	echo "== $name: controller-gen vs $what: $summary"
	# A row per file that is not equal, with its first difference.
	awk -v n="$name" -v w="$what" '
		function row(st, why) { printf "%s\t  %s: %s\t%s\t%s\n", n, w, file, st, why }
		/^[a-z-]+ +[^ ]/ {
			st = $1; file = $2; pending = st == "different"
			if (st == "missing") {
				why = "written by controller-gen only"
				if ((getline nxt) > 0 && nxt ~ /not written/) why = why "; crdgen left the committed file in place"
				row(st, why)
			}
			if (st == "extra") row(st, "written by crdgen only")
			next
		}
		pending && /^    / { sub(/^    (first difference: )?/, ""); row("different", $0); pending = 0 }
	' "$out" >>"$results"
}

# whole NAME SRC CRDGEN_ARGS... is the whole-project unit, in WORK/NAME:
#   - SRC copied to whole-controller-gen, where the controller-gen lines of
#     the Makefile's manifests and generate targets ($WHOLE_TARGETS to
#     name others) run as the Makefile has them;
#   - unless CRDGEN_ARGS is "-" (there is no kubebuilder PROJECT file),
#     SRC copied to whole-crdgen, where `crdgen generate CRDGEN_ARGS` runs
#     (in a kubebuilder project: none but --year), compared with the first
#     (compare_trees);
#   - each controller-gen line on its own (line_unit): run in a copy of
#     SRC, and the crdgen line it maps to (crdgen_line) in another, the two
#     compared: a row of WORK/lines.tsv;
#   - SRC copied to whole-lines, where the crdgen lines run one after
#     another as the Makefile's do, compared with the first copy;
#   - go build ./... and go vet ./... in the first copy crdgen wrote
#     into (whole-crdgen, else whole-lines), and the DeepCopy round trip
#     (hack/roundtrip) of every package with a zz_generated.deepcopy.go
#     there.
whole() {
	local name=$1 src=$2
	shift 2
	local d="$work/$name" cg="$work/$name/whole-controller-gen" cr="$work/$name/whole-crdgen"
	local lines="$work/$name/whole-lines" line rc i
	mkdir -p "$d"
	rm -rf "$cg" "$cr" "$lines" "$cg.stamp" "$cr.stamp" "$lines.stamp" "$d"/cmp-* "$d"/paths-* "$d"/not-written-* "$d"/line-*
	echo
	echo "## $name: the whole project"

	# controller-gen, line by line as the Makefile has them.
	# shellcheck disable=SC2086
	cg_lines "$src" ${WHOLE_TARGETS:-manifests generate} >"$d/whole-cg-lines.txt"
	if [ ! -s "$d/whole-cg-lines.txt" ]; then
		note "$name" "whole: Makefile" "no controller-gen line in ${WHOLE_TARGETS:-manifests generate}"
		return 0
	fi
	note "$name" "whole: Makefile's controller-gen" "$(sed 's/__CONTROLLER_GEN__/controller-gen/; s/"controller-gen"/controller-gen/' "$d/whole-cg-lines.txt" | tr '\n' '|' | sed 's/|$//; s/|/ | /g')"
	cp -a "$src" "$cg"
	touch "$cg.stamp"
	sleep 1 # a file written in the same clock tick is not -newer
	i=0
	: >"$d/whole-controller-gen.log"
	while IFS= read -r line; do
		i=$((i + 1))
		rc=0
		(cd "$cg" && timed "$name: controller-gen line $i" bash -c "${line//__CONTROLLER_GEN__/$CONTROLLER_GEN}") \
			>>"$d/whole-controller-gen.log" 2>&1 || rc=$?
		[ "$rc" = 0 ] || refused "$name" "controller-gen line $i" "$d/whole-controller-gen.log" "$rc"
	done <"$d/whole-cg-lines.txt"
	local stale
	stale=$(changed_paths "$src" "$cg" | tr '\n' ' ')
	note "$name" "whole: controller-gen vs committed" "${stale:-no committed file changed}"

	# crdgen migrate, then the migrated Makefile's targets.
	migrated "$name" "$src" "$cg"
	[ -z "${MIGRATE_ONLY:-}" ] || return 0

	# crdgen generate, as given. The build, vet and round trip check the
	# first copy crdgen wrote into.
	local checked=""
	if [ "${1:-}" != "-" ]; then
		cp -a "$src" "$cr"
		touch "$cr.stamp"
		sleep 1
		if run_crdgen "$name" "crdgen generate $*" "$cr" "$d/whole-crdgen.log" "$@"; then
			checked=$cr
			compare_trees "$name" "crdgen generate $*" "$src" "$cg" "$cr"
		fi
	fi

	# Each line on its own, then all of them in order.
	i=0
	while IFS= read -r line; do
		i=$((i + 1))
		line_unit "$name" "$src" "$i" "$line"
	done <"$d/whole-cg-lines.txt"
	if whole_lines "$name" "$src" "$lines"; then
		checked=${checked:-$lines}
		compare_trees "$name" "crdgen, line by line" "$src" "$cg" "$lines"
	fi
	if [ -z "$checked" ]; then
		note "$name" "whole: build, vet, round trip" "not run: crdgen wrote nothing"
		return 0
	fi
	check_copy "$name" "$checked"
}

# make_lines DIR PATTERN TARGET... prints the command lines matching
# PATTERN that `make -n TARGET...` prints in a throwaway copy of DIR, with
# controller-gen as __CONTROLLER_GEN__ and crdgen as __CRDGEN__ (-o: make
# need not install either), continuation lines joined.
make_lines() {
	local dir=$1 pattern=$2 tmp
	shift 2
	tmp=$(mktemp -d "$work/make-n.XXXXXX")
	cp -a "$dir/." "$tmp"
	# shellcheck disable=SC2086
	make -n --no-print-directory -C "$tmp" "$@" CONTROLLER_GEN=__CONTROLLER_GEN__ CRDGEN=__CRDGEN__ YEAR="$year" \
		-o __CONTROLLER_GEN__ -o __CRDGEN__ ${WHOLE_MAKE_ARGS:-} 2>/dev/null |
		sed -e ':a' -e '/\\$/{N;s/\\\n[[:space:]]*/ /;ba' -e '}' |
		grep -E "^(cd [^;&]+(;|&&) *)?\"?$pattern\"? " || true
	rm -rf "$tmp"
}

# migrated NAME SRC CG copies SRC to WORK/NAME/whole-migrate and runs
# crdgen migrate there (a row says which files it changed; go.mod and
# go.sum must not be among them), then, one after another, the crdgen
# lines that the migrated Makefile's targets run (make -n), and compares
# every file with controller-gen's copy CG. A controller-gen line left in
# those targets is reported.
migrated() {
	local name=$1 src=$2 cg=$3 d="$work/$1" mg="$work/$1/whole-migrate" line rc i=0 changed left
	rm -rf "$mg" "$mg.stamp" "$d/migrated" "$d"/migrate-run*.log
	cp -a "$src" "$mg"
	touch "$mg.stamp"
	sleep 1
	rc=0
	(cd "$mg" && timed "$name: crdgen migrate" "$crdgen" migrate --crdgen-version v0.0.0) >"$d/migrate.log" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		refused "$name" "crdgen migrate" "$d/migrate.log" "$rc"
		return 0
	fi
	changed=$(changed_paths "$src" "$mg" | tr '\n' ' ')
	note "$name" "migrate: files changed" "${changed:-none}"
	case " $changed " in *" go.mod "* | *" go.sum "*) note "$name" "migrate: go.mod/go.sum" "CHANGED" ;; esac
	# shellcheck disable=SC2086
	make_lines "$mg" __CRDGEN__ ${WHOLE_TARGETS:-manifests generate} >"$d/migrate-lines.txt"
	# shellcheck disable=SC2086
	left=$(make_lines "$mg" __CONTROLLER_GEN__ ${WHOLE_TARGETS:-manifests generate} | wc -l)
	[ "$left" = 0 ] || note "$name" "migrate: controller-gen lines left" "$left"
	note "$name" "migrate: make's crdgen lines" "$(sed 's/"\{0,1\}__CRDGEN__"\{0,1\}/crdgen/' "$d/migrate-lines.txt" | tr '\n' '|' | sed 's/|$//; s/|/ | /g')"
	: >"$d/migrate-run.log"
	while IFS= read -r line; do
		i=$((i + 1))
		rc=0
		(cd "$mg" && timed "$name: migrated line $i" bash -c "${line//__CRDGEN__/$crdgen}") >>"$d/migrate-run.log" 2>&1 || rc=$?
		[ "$rc" = 0 ] && continue
		# As run_crdgen does: once more with --unknown-markers=warn, so that
		# what it writes can still be compared.
		refused "$name" "migrated line $i" "$d/migrate-run.log" "$rc"
		line=${line/__CRDGEN__\" generate /__CRDGEN__\" generate --unknown-markers=warn }
		line=${line/__CRDGEN__ generate /__CRDGEN__ generate --unknown-markers=warn }
		rc=0
		(cd "$mg" && timed "$name: migrated line $i --unknown-markers=warn" bash -c "${line//__CRDGEN__/$crdgen}") \
			>>"$d/migrate-run-warn.log" 2>&1 || rc=$?
		[ "$rc" = 0 ] || refused "$name" "migrated line $i --unknown-markers=warn" "$d/migrate-run-warn.log" "$rc"
	done <"$d/migrate-lines.txt"
	# The files migrate changed are kept in WORK/NAME/migrated/ and put
	# back, so that the comparison is of what the lines wrote.
	local p
	for p in $changed; do
		mkdir -p "$(dirname "$d/migrated/$p")"
		cp "$mg/$p" "$d/migrated/$p"
		cp "$src/$p" "$mg/$p"
	done
	compare_trees "$name" "crdgen migrate, make" "$src" "$cg" "$mg"
}

# run_line NAME LABEL DIR LOG CRDGEN_LINE runs a line of crdgen_line in
# DIR (its cd, then crdgen generate with its arguments) with run_crdgen.
run_line() {
	local name=$1 label=$2 dir=$3 log=$4 line=$5 sub=.
	if [[ $line == "cd "* ]]; then
		sub=${line#cd }
		sub=${sub%% && *}
		line=${line#* && }
	fi
	local args
	eval "args=(${line#crdgen generate })"
	run_crdgen "$name" "$label" "$dir/$sub" "$log" "${args[@]}"
}

# line_unit NAME SRC I LINE runs the controller-gen line I of the Makefile
# in a copy of SRC, and the crdgen line it maps to in another, compares
# the two, and adds a row to WORK/lines.tsv: the project, the line, the
# crdgen line, and what the comparison found (equal: every file either
# wrote is byte-identical, or identical but for the tool annotation of a
# CRD; "refused" when crdgen refused, and "warn" when it wrote only with
# --unknown-markers=warn).
line_unit() {
	local name=$1 src=$2 i=$3 line=$4 d="$work/$1" rc=0 mapped verdict
	local cg="$d/line-$i-controller-gen" cr="$d/line-$i-crdgen" cgLine
	cgLine=$(sed 's/"\{0,1\}__CONTROLLER_GEN__"\{0,1\}/controller-gen/' <<<"$line")
	mapped=$(crdgen_line "$line" "$src")
	cp -a "$src" "$cg"
	cp -a "$src" "$cr"
	touch "$cg.stamp" "$cr.stamp"
	sleep 1
	(cd "$cg" && timed "$name: line $i, controller-gen" bash -c "${line//__CONTROLLER_GEN__/$CONTROLLER_GEN}") \
		>"$d/line-$i-controller-gen.log" 2>&1 || rc=$?
	[ "$rc" = 0 ] || refused "$name" "line $i: controller-gen" "$d/line-$i-controller-gen.log" "$rc"
	if [[ $mapped == unmapped:* ]]; then
		verdict="not run: $mapped"
	elif run_line "$name" "line $i: crdgen" "$cr" "$d/line-$i-crdgen.log" "$mapped"; then
		compare_trees "$name" "line $i" "$src" "$cg" "$cr"
		verdict=$(tail -n 1 "$d/cmp-line_$i.txt")
		[ ! -e "$d/line-$i-crdgen-warn.log" ] || verdict="warn: $verdict"
		local notEqual
		notEqual=$(awk '$1 == "different" || $1 == "missing" || $1 == "extra" { printf "%s%s:%s", sep, $1, $2; sep = " " }' "$d/cmp-line_$i.txt")
		verdict+=${notEqual:+; $notEqual}
	else
		verdict="refused: $(grep -v '^\s*$' "$d/line-$i-crdgen-warn.log" | head -n 2 | tr '\n' '|')"
	fi
	printf '%s\t%s\t%s\t%s\n' "$name" "$cgLine" "$mapped" "$verdict" >>"$lines_tsv"
}

# whole_lines NAME SRC DIR copies SRC to DIR and runs there the crdgen
# lines the Makefile's controller-gen lines map to, one after another.
# It returns non-zero when no line could run.
whole_lines() {
	local name=$1 src=$2 dir=$3 d="$work/$1" line mapped i=0 ran=0
	cp -a "$src" "$dir"
	touch "$dir.stamp"
	sleep 1
	: >"$d/whole-lines.txt"
	while IFS= read -r line; do
		i=$((i + 1))
		mapped=$(crdgen_line "$line" "$src")
		echo "$mapped" >>"$d/whole-lines.txt"
		if [[ $mapped == unmapped:* ]]; then
			note "$name" "whole: line $i" "$mapped"
			continue
		fi
		run_line "$name" "crdgen line $i" "$dir" "$d/whole-lines-$i.log" "$mapped" && ran=1
	done <"$d/whole-cg-lines.txt"
	[ "$ran" = 1 ]
}

# print_lines prints WORK/lines.tsv: each controller-gen line, the crdgen
# line it maps to, and whether every file is equal.
print_lines() {
	echo
	echo "#### Each controller-gen line and the crdgen line it maps to, run each in a copy of its own (counts"
	echo "#### of the files either tool wrote; identical but the tool annotation: a CRD's annotation or a Go"
	echo "#### file's Code generated line; warn: crdgen refused, and wrote with --unknown-markers=warn)"
	awk -F '\t' '{ printf "%s\n  controller-gen: %s\n  crdgen:         %s\n  result:         %s\n", $1, $2, $3, $4 }' "$lines_tsv"
}

# check_copy NAME DIR builds and vets the copy crdgen wrote into, then
# runs the DeepCopy round trip there. A failing build or vet is run again
# in the controller-gen copy, to tell the project's failure from crdgen's.
check_copy() {
	local name=$1 dir=$2 d="$work/$1" rc what
	note "$name" "whole: checking" "${dir#"$d"/}"
	for what in build vet; do
		rc=0
		(cd "$dir" && timed "$name: go $what ./... (crdgen's copy)" go "$what" ./...) >"$d/whole-$what.log" 2>&1 || rc=$?
		if [ "$rc" = 0 ]; then
			note "$name" "whole: go $what ./..." "ok"
			continue
		fi
		refused "$name" "whole: go $what ./..." "$d/whole-$what.log" "$rc" failed
		rc=0
		(cd "$d/whole-controller-gen" && timed "$name: go $what ./... (controller-gen's copy)" go "$what" ./...) \
			>"$d/whole-$what-controller-gen.log" 2>&1 || rc=$?
		note "$name" "whole: go $what ./... in controller-gen's copy" "exit $rc"
	done
	roundtrip "$name" "$dir"
}

# roundtrip NAME DIR writes hack/roundtrip's test into every package of DIR
# with a zz_generated.deepcopy.go, adds sigs.k8s.io/randfill to DIR's
# go.mod, and runs the tests.
roundtrip() {
	local name=$1 dir=$2 d="$work/$1" rc=0 pkgs
	pkgs=$(cd "$dir" && find . -name zz_generated.deepcopy.go -not -path './vendor/*' -not -path '*/testdata/*' |
		xargs -r -n1 dirname | sort)
	if [ -z "$pkgs" ]; then
		note "$name" "whole: DeepCopy round trip" "no zz_generated.deepcopy.go"
		return 0
	fi
	# shellcheck disable=SC2086
	(cd "$dir" && go get sigs.k8s.io/randfill@v1.0.0 && "$work/bin/roundtrip" $pkgs) >"$d/whole-roundtrip-gen.log" 2>&1 || rc=$?
	if [ "$rc" != 0 ]; then
		refused "$name" "whole: writing the round-trip tests" "$d/whole-roundtrip-gen.log" "$rc" failed
		return 0
	fi
	local types
	types=$(awk '{ n += $2 } END { print n }' <(grep -E ': [0-9]+ types$' "$d/whole-roundtrip-gen.log"))
	# shellcheck disable=SC2086
	(cd "$dir" && timed "$name: go test DeepCopy round trip" \
		go test -v -count=1 -run '^TestDeepCopy(Object)?RoundTrip$' $pkgs) >"$d/whole-roundtrip.log" 2>&1 || rc=$?
	local log="$d/whole-roundtrip.log" passed skipped
	passed=$(grep -c -- '--- PASS: TestDeepCopy.*RoundTrip/' "$log" || true)
	skipped=$(grep -c -- '--- SKIP' "$log" || true)
	if [ "$rc" = 0 ]; then
		note "$name" "whole: DeepCopy round trip" "ok: $types types in $(wc -w <<<"$pkgs") packages ($passed subtests passed, $skipped skipped)"
		return 0
	fi
	# Per package: passed, failed (with the failing types), or not built.
	local ok failed broken types_failed
	ok=$(grep -c '^ok ' "$log" || true)
	broken=$(sed -n 's/^FAIL\s\+\(\S\+\) \[build failed\]$/\1/p' "$log" | tr '\n' ' ')
	failed=$(awk '/^FAIL[ \t]+[^ \t]+[ \t]+[0-9.]+s$/ { printf "%s ", $2 }' "$log")
	types_failed=$(sed -n 's/^\s*--- FAIL: TestDeepCopy\(Object\)\{0,1\}RoundTrip\/\(\S\+\).*/\2/p' "$log" | sort -u | tr '\n' ' ')
	printf '%s\t%s\t%s\t%s\n' "$name" "whole: DeepCopy round trip failed" "exit $rc" \
		"$ok packages ok ($passed subtests passed, $skipped skipped); failing: ${failed:-none}${types_failed:+(types: $types_failed)}; not built: ${broken:-none}; $(grep -m 3 -E '^\s+zz_deepcopy_roundtrip_test.go:[0-9]+:|^\S+\.go:[0-9]+:[0-9]+: ' "$log" | sed 's/^\s*//' | tr '\n' '|' | sed 's/|$//')" >>"$results"
	echo "== $name: DeepCopy round trip failed:"
	sed -n 1,20p "$log"
}
