#!/usr/bin/env bash
# apidocs-realworld.sh writes the API reference of two real projects with
# crdgen docs and checks it with goldmark (hack/apidocs check: every link
# and anchor resolves, no raw HTML), printing its size: prometheus-operator
# (every API package) and gateway-api (both channels, as feature sets, in
# one reference). The types come through the Go module proxy only, as
# hack/realworld.sh gets them.
#
# Usage: hack/apidocs-realworld.sh [WORKDIR]     (run by hand; not part of CI)
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d -t crdgen-apidocs.XXXXXX)}
mkdir -p "$work"
echo "work dir: $work"
go build -o "$work/crdgen" "$repo/cmd/crdgen"
(cd "$repo" && go build -o "$work/apidocs" ./hack/apidocs)

# scratch NAME PACKAGE@VERSION...: a module that requires the packages.
scratch() {
	local mod="$work/$1"
	shift
	rm -rf "$mod" && mkdir -p "$mod"
	(cd "$mod" && go mod init "realworld/$(basename "$mod")" >/dev/null 2>&1 && go get "$@" >/dev/null 2>&1)
}

po=github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring
scratch prometheus-operator "$po/...@v0.94.1"
# Their warnings go to WORKDIR/<project>.stderr.
(cd "$work/prometheus-operator" && time "$work/crdgen" docs --unknown-markers=warn -o docs "$po/..." 2>"$work/prometheus-operator.stderr")

version=v1.6.3 approval=https://github.com/kubernetes-sigs/gateway-api/pull/4530
scratch gateway-api "sigs.k8s.io/gateway-api/apis/...@$version" "sigs.k8s.io/gateway-api/apisx/...@$version"
cat >"$work/gateway-api/crdgen.yaml" <<YAML
packages: [sigs.k8s.io/gateway-api/apis/..., sigs.k8s.io/gateway-api/apisx/...]
omitVersionAnnotation: true
docs:
  outputDir: docs
featureSets:
  standard:
    outputDir: got/standard
    kinds: ["*.gateway.networking.k8s.io"]
    unservedVersions: ["*alpha*"]
    annotations: {api-approved.kubernetes.io: $approval}
  experimental:
    outputDir: got/experimental
    gates: [experimental]
    annotations: {api-approved.kubernetes.io: $approval}
YAML
(cd "$work/gateway-api" && time "$work/crdgen" docs 2>"$work/gateway-api.stderr")

echo
"$work/apidocs" check "$work/prometheus-operator/docs" "$work/gateway-api/docs"
