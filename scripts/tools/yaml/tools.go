//go:build tools

// Package tools pins the YAML language host (pulumi-language-yaml, from the
// tagged module github.com/pulumi/pulumi-yaml) that the native provider's
// YAML tests run; scripts/build-yaml.sh builds it from this module.
package tools

import _ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
