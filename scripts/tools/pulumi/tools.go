//go:build tools

// Package tools records the Pulumi CLI as a dependency, so that go.mod and
// go.sum list exactly what it needs.
package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)
