// Command pulumi-langsmith-sdkgen generates a Pulumi package's SDK for one
// language from its schema with the Pulumi CLI's own code generators
// (github.com/pulumi/pulumi/pkg/v3/codegen/{nodejs,python,go}, the same
// functions the language hosts call for `pulumi package gen-sdk`).
//
// Why it exists: `pulumi package gen-sdk` asks each language's host to
// generate, and the hosts for Python and Go (and the upstream Node.js host)
// live in Go modules without release tags, which a module proxy that serves
// only tagged versions cannot provide. This binds the schema exactly as the
// hosts do and calls the same generator.
//
// Usage: pulumi-langsmith-sdkgen --language nodejs|python|go --out <dir> <schema.json>
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-langsmith-sdkgen"

// noDependencies is the schema loader of a package that references no other
// package: any request to load one is an error naming it.
type noDependencies struct{}

func (noDependencies) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema references package %q; this generator loads none", pkg)
}

func (l noDependencies) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (l noDependencies) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema references package %q; this generator loads none", pkg)
}

func (l noDependencies) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

func main() {
	language := flag.String("language", "", "nodejs, python or go")
	out := flag.String("out", "", "directory to write the SDK into")
	flag.Parse()
	if *language == "" || *out == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: pulumi-langsmith-sdkgen --language nodejs|python|go --out <dir> <schema.json>")
		os.Exit(2)
	}
	if err := run(*language, *out, flag.Arg(0)); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

func run(language, out, schemaPath string) error {
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return fmt.Errorf("reading %s: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noDependencies{}, schema.ValidationOptions{})
	if err != nil {
		return fmt.Errorf("binding the schema: %w", err)
	}
	if diags.HasErrors() {
		return fmt.Errorf("the schema is not valid: %s", diags.Error())
	}
	var files map[string][]byte
	switch language {
	case "nodejs":
		files, err = nodejsgen.GeneratePackage(tool, pkg, nil, nil, false, noDependencies{})
	case "python":
		files, err = pygen.GeneratePackage(tool, pkg, nil, noDependencies{})
	case "go":
		files, err = gogen.GeneratePackage(tool, pkg, nil)
	default:
		return fmt.Errorf("unknown language %q (nodejs, python or go)", language)
	}
	if err != nil {
		return fmt.Errorf("generating the %s SDK: %w", language, err)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		path := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "%s: wrote %d files of the %s SDK to %s\n", tool, len(names), language, out)
	return nil
}
