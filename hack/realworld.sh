#!/usr/bin/env bash
# realworld.sh measures crdgen against the CRDs that real projects commit.
#
# For each project it makes a scratch Go module that requires the project's
# API types module (through the Go module proxy only), runs crdgen on those
# packages, downloads the module that holds the committed CRDs, and compares
# file by file: byte-identical, semantically equal, or different (with a diff).
#
# Usage: hack/realworld.sh [WORKDIR]     (run by hand; not part of CI)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d -t crdgen-realworld.XXXXXX)}
mkdir -p "$work"
echo "work dir: $work"

go build -o "$work/crdgen" "$repo/cmd/crdgen"
(cd "$repo" && go build -o "$work/crdcompare" ./hack/crdcompare)

# project NAME TYPES_MODULE@VERSION "PATTERNS" CRDS_MODULE@VERSION CRD_DIR...
# Extra crdcompare flags can be given in COMPARE_FLAGS.
project() {
	local name=$1 types=$2 patterns=$3 crds=$4
	shift 4
	local mod="$work/$name"
	rm -rf "$mod" && mkdir -p "$mod"
	(
		cd "$mod"
		go mod init "realworld/$name" >/dev/null 2>&1
		# Getting the package patterns (not just the module) records every
		# go.sum entry a build of those packages needs.
		for p in $patterns; do
			go get "$p@${types#*@}" >/dev/null 2>&1
		done
		go mod download -json "$crds" >"$mod/crds.json"
		local crdsDir
		crdsDir=$(sed -n 's/.*"Dir": "\(.*\)",/\1/p' "$mod/crds.json")
		mkdir -p want
		for d in "$@"; do
			cp "$crdsDir/$d"/*.yaml want/
		done
		chmod -R u+w want
		# shellcheck disable=SC2086
		"$work/crdgen" crd --unknown-markers=warn -o got $patterns
	)
	echo
	echo "== $name: $patterns vs $crds $*"
	# shellcheck disable=SC2086
	"$work/crdcompare" ${COMPARE_FLAGS:-} "$mod/want" "$mod/got" || true
}

# cluster-api: all API packages against the CRDs of the core, kubeadm
# bootstrap and control plane, and clusterctl (clusterctl's own types live in
# the main module, not in the api module, so its 2 CRDs are reported missing).
project cluster-api \
	sigs.k8s.io/cluster-api/api@v1.14.2 'sigs.k8s.io/cluster-api/api/...' \
	sigs.k8s.io/cluster-api@v1.14.2 \
	core/config/crd/bases bootstrap/kubeadm/config/crd/bases \
	controlplane/kubeadm/config/crd/bases cmd/clusterctl/config/crd/bases

# prometheus-operator generates example/prometheus-operator-crd from its v1
# and v1alpha1 packages only (Makefile: paths=./v1/. paths=./v1alpha1/.), and
# example/prometheus-operator-crd-full from all of them; its release process
# then adds an operator.prometheus.io/version annotation, which is ignored.
po=github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring
COMPARE_FLAGS="-ignore-annotation operator.prometheus.io/version" project prometheus-operator \
	$po@v0.94.1 "$po/v1 $po/v1alpha1" \
	github.com/prometheus-operator/prometheus-operator@v0.94.1 \
	example/prometheus-operator-crd

COMPARE_FLAGS="-ignore-annotation operator.prometheus.io/version" project prometheus-operator-full \
	$po@v0.94.1 "$po/..." \
	github.com/prometheus-operator/prometheus-operator@v0.94.1 \
	example/prometheus-operator-crd-full

# gateway-api generates two channels from one set of types with its own
# generator (tools/generator), which reads <gateway:...> tags in doc
# comments; crdgen reads them too, given the channels as feature sets in
# crdgen.yaml (the standard channel has the gateway.networking.k8s.io kinds
# only, and does not serve alpha versions; the annotations are the ones
# its generator sets). config/crd/*/gateway.networking.k8s.io_vap_safeupgrades.yaml
# is a hand-written ValidatingAdmissionPolicy, not a CRD: left out.
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
omitVersionAnnotation: true
featureSets:
  standard:
    outputDir: got/standard
    kinds: ["*.gateway.networking.k8s.io"]
    unservedVersions: ["*alpha*"]
    annotations:
      api-approved.kubernetes.io: $approval
      gateway.networking.k8s.io/bundle-version: $version
      gateway.networking.k8s.io/channel: standard
  experimental:
    outputDir: got/experimental
    gates: [experimental]
    annotations:
      api-approved.kubernetes.io: $approval
      gateway.networking.k8s.io/bundle-version: $version
      gateway.networking.k8s.io/channel: experimental
YAML
		local dir
		dir=$(go list -m -f '{{.Dir}}' sigs.k8s.io/gateway-api)
		for ch in standard experimental; do
			mkdir -p "want/$ch"
			cp "$dir/config/crd/$ch"/gateway.networking*.yaml "want/$ch/"
			rm -f "want/$ch"/*_vap_safeupgrades.yaml
		done
		chmod -R u+w want
		"$work/crdgen" crd
	)
	for ch in standard experimental; do
		echo
		echo "== gateway-api $version, $ch channel"
		"$work/crdcompare" "$mod/want/$ch" "$mod/got/$ch" || true
	done
}
gateway_api
