#!/usr/bin/env bash
# Builds golangci-lint, at the version kubebuilder v4.16's scaffold pins
# (GOLANGCI_LINT_VERSION in its Makefile), with crdgen's module plugin from
# this checkout, the way a kubebuilder project's make lint does it
# (golangci-lint custom reading .custom-gcl.yml), and runs the plugin's
# test with it: on a kubebuilder project, what the custom golangci-lint
# reports must be what crdgen crd reports.
#
# Usage: hack/gclplugin.sh [WORKDIR]
#
# WORKDIR (default: a new temporary directory) keeps the binaries between
# runs. Outside the repository by design: nothing is built inside it.
set -euo pipefail
version=v2.12.2
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d -t crdgen-gcl.XXXXXX)}
mkdir -p "$work/bin"
work=$(cd "$work" && pwd)

if ! GOBIN=$work/bin go install "github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$version"; then
	echo "hack/gclplugin.sh: golangci-lint $version cannot be installed here (no module proxy): skipped"
	exit 0
fi

# golangci-lint custom clones golangci-lint's repository at the version's
# tag. Where GitHub cannot be reached, it clones the module's source of the
# same version instead (the module proxy's copy of that tag's tree), through
# git's url.<base>.insteadOf, which it passes on as GIT_CONFIG_*.
upstream=https://github.com/golangci/golangci-lint.git
if ! timeout 20 git ls-remote --exit-code "$upstream" "refs/tags/$version" >/dev/null 2>&1; then
	mirror=$work/golangci-lint.git
	if [ ! -d "$mirror" ]; then
		src=$(go mod download -json "github.com/golangci/golangci-lint/v2@$version" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
		tree=$work/golangci-lint-src
		rm -rf "$tree"
		cp -r "$src" "$tree"
		chmod -R u+w "$tree"
		git -C "$tree" init -q
		git -C "$tree" add -A
		git -C "$tree" -c user.name=crdgen -c user.email=crdgen@example.invalid commit -qm "golangci-lint $version, its module's source"
		git -C "$tree" tag "$version"
		git clone -q --bare "$tree" "$mirror"
		rm -rf "$tree"
	fi
	export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0="url.file://$mirror.insteadOf" GIT_CONFIG_VALUE_0="$upstream"
fi

# .custom-gcl.yml as the guide (docs/guides/lint.md) has it, with this
# checkout's path instead of a version.
cat >"$work/.custom-gcl.yml" <<YAML
version: $version
name: golangci-lint-crdgen
destination: $work/bin
plugins:
  - module: github.com/crdgen/crdgen
    import: github.com/crdgen/crdgen/cmd/crdgen/gclplugin
    path: $root
YAML
start=$SECONDS
(cd "$work" && "$work/bin/golangci-lint" custom -v)
echo "golangci-lint custom: $((SECONDS - start)) s"

cd "$root"
CRDGEN_GOLANGCI_LINT=$work/bin/golangci-lint-crdgen go test ./cmd/crdgen/gclplugin -run TestGolangciLint -count=1 -v
