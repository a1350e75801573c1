#!/usr/bin/env bash
# realworld-jsonschema.sh writes the JSON Schemas of real projects' kinds
# with crdgen jsonschema and has kubeconform validate the example manifests
# each project ships in its module, with those schemas only (kinds crdgen
# has no schema of, such as Deployments, are skipped).
#
# It fetches the projects as hack/realworld.sh does: a scratch Go module
# per project, through the Go module proxy only. kubeconform is built from
# the version crdgen's go.mod requires.
#
# Usage: hack/realworld-jsonschema.sh [WORKDIR]   (run by hand; not part of CI)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d -t crdgen-realworld-jsonschema.XXXXXX)}
mkdir -p "$work"
echo "work dir: $work"

go build -o "$work/crdgen" "$repo/cmd/crdgen"
(cd "$repo" && go build -o "$work/kubeconform" github.com/yannh/kubeconform/cmd/kubeconform)

# validate NAME SCHEMAS FILES...: kubeconform, strict, on the strict
# schemas (catalog layout), then a summary of what it said per kind.
validate() {
	local name=$1 schemas=$2
	shift 2
	echo
	echo "== $name: $(find "$schemas" -name '*.json' | wc -l) schemas; kubeconform -strict on $# files"
	"$work/kubeconform" -strict -ignore-missing-schemas -verbose -output json \
		-schema-location "$schemas/{{ .Group }}/{{ .ResourceKind }}_{{ .ResourceAPIVersion }}.json" "$@" \
		>"$work/$name.json" || true
	python3 - "$work/$name.json" <<'PY'
import collections, json, sys
res = json.load(open(sys.argv[1]))["resources"]
# A YAML file that is no Kubernetes object (a linter's settings, a list of
# rules) is not counted.
other = [r for r in res if r["status"] == "statusError" and ("missing 'kind' key" in r.get("msg", "") or "cannot unmarshal array" in r.get("msg", ""))]
res = [r for r in res if r not in other and r["status"] not in ("statusEmpty", "")]
count = collections.Counter(r["status"] for r in res)
kinds = collections.Counter(r["kind"] for r in res if r["status"] != "statusSkipped")
print("objects of kinds crdgen wrote schemas of: %d valid, %d invalid, %d errors; %d objects of other kinds skipped; %d YAML files are no objects" % (
    count["statusValid"], count["statusInvalid"], count["statusError"], count["statusSkipped"], len(other)))
print("  by kind: " + ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
for r in res:
    if r["status"] in ("statusInvalid", "statusError"):
        print("  %s %s %s: %s" % (r["filename"], r["kind"], r["name"], r.get("msg", "")[:400]))
        for e in r.get("validationErrors") or []:
            print("    %s: %s" % (e["path"], e["msg"]))
PY
}

# prometheus-operator: every API package (as realworld.sh's -full), and
# every YAML file of the module that is not a CRD.
prometheus_operator() {
	local version=v0.94.1 mod="$work/prometheus-operator"
	local po=github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring
	rm -rf "$mod" && mkdir -p "$mod"
	(
		cd "$mod"
		go mod init realworld/prometheus-operator >/dev/null 2>&1
		go get "$po/...@$version" >/dev/null 2>&1
		"$work/crdgen" jsonschema --strict --layout catalog --unknown-markers=warn -o schemas "$po/..." 2>"$mod/crdgen-warnings.txt"
	)
	local dir
	dir=$(cd "$mod" && go mod download -json "github.com/prometheus-operator/prometheus-operator@$version" | sed -n 's/.*"Dir": "\(.*\)",/\1/p')
	mapfile -t files < <(find "$dir" \( -name '*.yaml' -o -name '*.yml' \) -not -path '*/prometheus-operator-crd*' -not -path '*/.github/*' | sort)
	validate prometheus-operator "$mod/schemas" "${files[@]}"
}

# gateway-api: both channels as feature sets (realworld.sh's crdgen.yaml),
# and the examples of each channel against its own schemas.
gateway_api() {
	local version=v1.6.3 mod="$work/gateway-api"
	rm -rf "$mod" && mkdir -p "$mod"
	(
		cd "$mod"
		go mod init realworld/gateway-api >/dev/null 2>&1
		go get "sigs.k8s.io/gateway-api/apis/...@$version" "sigs.k8s.io/gateway-api/apisx/...@$version" >/dev/null 2>&1
		local approval=https://github.com/kubernetes-sigs/gateway-api/pull/4530
		cat >crdgen.yaml <<YAML
packages: [sigs.k8s.io/gateway-api/apis/..., sigs.k8s.io/gateway-api/apisx/...]
featureSets:
  standard:
    outputDir: got/standard
    kinds: ["*.gateway.networking.k8s.io"]
    unservedVersions: ["*alpha*"]
    annotations: {api-approved.kubernetes.io: "$approval"}
  experimental:
    outputDir: got/experimental
    gates: [experimental]
    annotations: {api-approved.kubernetes.io: "$approval"}
YAML
		"$work/crdgen" jsonschema --strict --layout catalog -o schemas
	)
	local dir
	dir=$(cd "$mod" && go list -m -f '{{.Dir}}' sigs.k8s.io/gateway-api)
	for ch in standard experimental; do
		mapfile -t files < <(find "$dir/examples/$ch" \( -name '*.yaml' -o -name '*.yml' \) | sort)
		validate "gateway-api-$ch" "$mod/schemas/$ch" "${files[@]}"
	done
}

prometheus_operator
gateway_api
