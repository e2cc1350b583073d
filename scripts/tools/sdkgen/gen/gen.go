// Package gen is the common part of the SDK generator commands
// (pulumi-langsmith-sdkgen and pulumi-langsmith-sdkgen-dotnet): it reads a
// Pulumi package schema, binds it exactly as the language hosts do for
// `pulumi package gen-sdk`, runs one language's generator and writes the
// files it returns; or, with --render-programs (programs.go), renders PCL
// programs into one language with its program generator, as `pulumi convert`
// does, for the Registry's example usage.
package gen

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// Generator makes one language's SDK files (path -> content) from a bound
// package; generators that load referenced packages get NoDependencies{}.
type Generator func(tool string, pkg *schema.Package) (map[string][]byte, error)

// NoDependencies is the schema loader of a package that references no other
// package: any request to load one is an error naming it.
type NoDependencies struct{}

// LoadPackage refuses every package.
func (NoDependencies) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema references package %q; this generator loads none", pkg)
}

// LoadPackageV2 refuses every package.
func (l NoDependencies) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

// LoadPackageReference refuses every package.
func (l NoDependencies) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema references package %q; this generator loads none", pkg)
}

// LoadPackageReferenceV2 refuses every package.
func (l NoDependencies) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

// Main is a command's main. Two modes:
//
//	<tool> --language <one of generators> --out <dir> <schema.json>
//	<tool> --render-programs --language <one of programs> <schema.json> < programs.json > rendered.json
//
// The first writes the language's SDK into dir; the second reads a JSON
// object of example name -> PCL program text on stdin and writes a JSON
// object of example name -> the program's main file in the language on
// stdout (see RenderPrograms). Either map may be empty when the command has
// no such mode for any language.
func Main(tool string, generators map[string]Generator, programs map[string]ProgramGenerator) {
	sdkLanguages := sortedKeys(generators)
	programLanguages := sortedKeys(programs)
	language := flag.String("language", "", "the language: "+sdkLanguages+" (SDK), "+programLanguages+" (with --render-programs)")
	out := flag.String("out", "", "directory to write the SDK into")
	render := flag.Bool("render-programs", false,
		"render the PCL programs of a JSON object on stdin into the language, as a JSON object on stdout")
	flag.Parse()
	usage := func() {
		if len(generators) > 0 {
			fmt.Fprintf(os.Stderr, "usage: %s --language %s --out <dir> <schema.json>\n", tool, sdkLanguages)
		}
		if len(programs) > 0 {
			fmt.Fprintf(os.Stderr, "usage: %s --render-programs --language %s <schema.json> < programs.json > rendered.json\n",
				tool, programLanguages)
		}
		os.Exit(2)
	}
	if *render {
		if *language == "" || *out != "" || flag.NArg() != 1 {
			usage()
		}
		generate, ok := programs[*language]
		if !ok {
			fmt.Fprintf(os.Stderr, "%s: unknown language %q for --render-programs (%s)\n", tool, *language, programLanguages)
			os.Exit(2)
		}
		if err := renderMain(tool, *language, generate, flag.Arg(0), os.Stdin, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
			os.Exit(1)
		}
		return
	}
	if *language == "" || *out == "" || flag.NArg() != 1 {
		usage()
	}
	generate, ok := generators[*language]
	if !ok {
		fmt.Fprintf(os.Stderr, "%s: unknown language %q (%s)\n", tool, *language, sdkLanguages)
		os.Exit(2)
	}
	if err := run(tool, *language, generate, *out, flag.Arg(0)); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

// sortedKeys is the keys of a map of languages, sorted and joined with "|".
func sortedKeys[V any](languages map[string]V) string {
	names := make([]string, 0, len(languages))
	for name := range languages {
		names = append(names, name)
	}
	sort.Strings(names)
	return strings.Join(names, "|")
}

func run(tool, language string, generate Generator, out, schemaPath string) error {
	pkg, err := bindSchema(schemaPath)
	if err != nil {
		return err
	}
	files, err := generate(tool, pkg)
	if err != nil {
		return fmt.Errorf("generating the %s SDK: %w", language, err)
	}
	paths := make([]string, 0, len(files))
	for path := range files {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, name := range paths {
		path := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "%s: wrote %d files of the %s SDK to %s\n", tool, len(paths), language, out)
	return nil
}

// bindSchema reads the package schema at schemaPath and binds it as the
// language hosts do (referencing no other package).
func bindSchema(schemaPath string) (*schema.Package, error) {
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		return nil, err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(data, &spec); err != nil {
		return nil, fmt.Errorf("reading %s: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, NoDependencies{}, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("binding the schema: %w", err)
	}
	if diags.HasErrors() {
		return nil, fmt.Errorf("the schema is not valid: %s", diags.Error())
	}
	return pkg, nil
}
