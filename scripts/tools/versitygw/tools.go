//go:build tools

// Package tools records the versitygw S3 gateway as a dependency, so that
// go.mod and go.sum list exactly what it needs.
package tools

import (
	_ "github.com/versity/versitygw/cmd/versitygw"
)
