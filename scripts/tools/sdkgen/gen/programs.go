package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// ProgramGenerator renders one language's program from a PCL program: the
// language's own GenerateProgram (the function its language host calls for
// `pulumi convert` and `pulumi import --out`), with MainFile the name of the
// program's source file among the files it returns (index.ts, __main__.py,
// main.go, Program.cs, Main.yaml).
type ProgramGenerator struct {
	Generate func(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error)
	MainFile string
}

// PackageLoader is the schema loader of the program binder: it serves one
// bound package (the one the schema describes) under its name, whatever
// version a program asks for, and refuses every other package, so binding
// needs no plugin host and no network.
type PackageLoader struct {
	Package *schema.Package
}

// LoadPackage serves the package under its name and refuses any other.
func (l PackageLoader) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	if name != l.Package.Name {
		return nil, fmt.Errorf("the program uses package %q; only %q is loaded", name, l.Package.Name)
	}
	return l.Package, nil
}

// LoadPackageV2 serves the package under its name and refuses any other.
func (l PackageLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, d.Version)
}

// LoadPackageReference serves the package under its name and refuses any other.
func (l PackageLoader) LoadPackageReference(name string, version *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.LoadPackage(name, version)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

// LoadPackageReferenceV2 serves the package under its name and refuses any other.
func (l PackageLoader) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, d.Version)
}

// RenderPrograms renders each PCL program of sources (example name -> PCL
// source text) into the language of generate against the bound package pkg:
// it parses the program as the file "<name>.pp", binds it strictly (as
// `pulumi convert --strict` does, through PackageLoader) and returns the main
// file's text per example name. Warnings go to warnings (one line each, naming
// the example); any error diagnostic, error or panic of any example fails the
// whole call with an error naming every example that failed and its
// diagnostics.
func RenderPrograms(pkg *schema.Package, sources map[string]string, generate ProgramGenerator,
	warnings io.Writer,
) (map[string]string, error) {
	names := make([]string, 0, len(sources))
	for name := range sources {
		names = append(names, name)
	}
	sort.Strings(names)
	rendered := make(map[string]string, len(sources))
	var failures []string
	for _, name := range names {
		text, diags, err := renderProgram(pkg, name, sources[name], generate)
		for _, d := range diags {
			if d.Severity == hcl.DiagWarning {
				fmt.Fprintf(warnings, "example %q: warning: %s\n", name, formatDiagnostic(d))
			}
		}
		if err != nil {
			failures = append(failures, fmt.Sprintf("example %q: %v", name, err))
			continue
		}
		rendered[name] = text
	}
	if len(failures) > 0 {
		return nil, fmt.Errorf("%d of %d programs failed:\n%s", len(failures), len(names), strings.Join(failures, "\n"))
	}
	return rendered, nil
}

// renderProgram parses, binds and renders one program; diags are all the
// diagnostics seen (for the warnings), err says what failed with the error
// diagnostics.
func renderProgram(pkg *schema.Package, name, source string, generate ProgramGenerator,
) (text string, diags hcl.Diagnostics, err error) {
	stage := "parsing the program"
	defer func() {
		if r := recover(); r != nil {
			text, err = "", fmt.Errorf("%s: panic: %v", stage, r)
		}
	}()
	parser := syntax.NewParser()
	if err := parser.ParseFile(strings.NewReader(source), name+".pp"); err != nil {
		return "", nil, fmt.Errorf("%s: %w", stage, err)
	}
	diags = append(diags, parser.Diagnostics...)
	if parser.Diagnostics.HasErrors() {
		return "", diags, diagnosticsError(stage, parser.Diagnostics)
	}

	stage = "binding the program"
	program, bindDiags, err := pcl.BindProgram(parser.Files, PackageLoader{Package: pkg})
	diags = append(diags, bindDiags...)
	if bindDiags.HasErrors() {
		return "", diags, diagnosticsError(stage, bindDiags)
	}
	if err != nil {
		return "", diags, fmt.Errorf("%s: %w", stage, err)
	}
	if program == nil {
		return "", diags, fmt.Errorf("%s: the binder returned no program", stage)
	}

	stage = "generating the program"
	files, genDiags, err := generate.Generate(program)
	diags = append(diags, genDiags...)
	if genDiags.HasErrors() {
		return "", diags, diagnosticsError(stage, genDiags)
	}
	if err != nil {
		return "", diags, fmt.Errorf("%s: %w", stage, err)
	}
	main, ok := files[generate.MainFile]
	if !ok {
		returned := make([]string, 0, len(files))
		for path := range files {
			returned = append(returned, path)
		}
		sort.Strings(returned)
		return "", diags, fmt.Errorf("%s: the generator returned no %s (it returned %s)",
			stage, generate.MainFile, strings.Join(returned, ", "))
	}
	return string(main), diags, nil
}

// diagnosticsError is the error of a stage listing its error diagnostics,
// one an indented line.
func diagnosticsError(stage string, diags hcl.Diagnostics) error {
	var lines []string
	for _, d := range diags {
		if d.Severity == hcl.DiagError {
			lines = append(lines, "    "+formatDiagnostic(d))
		}
	}
	return fmt.Errorf("%s:\n%s", stage, strings.Join(lines, "\n"))
}

// formatDiagnostic is a diagnostic on one line: where (when it says), the
// summary, and the detail when it adds to the summary.
func formatDiagnostic(d *hcl.Diagnostic) string {
	text := d.Summary
	if d.Detail != "" && d.Detail != d.Summary {
		text += "; " + d.Detail
	}
	if d.Subject != nil {
		text = d.Subject.String() + ": " + text
	}
	return text
}

// renderMain is the --render-programs mode of Main: the schema at
// schemaPath, the programs as a JSON object on stdin, the rendered main
// files as a JSON object (keys sorted) on stdout.
func renderMain(tool, language string, generate ProgramGenerator, schemaPath string,
	stdin io.Reader, stdout, stderr io.Writer,
) error {
	pkg, err := bindSchema(schemaPath)
	if err != nil {
		return err
	}
	var sources map[string]string
	decoder := json.NewDecoder(stdin)
	if err := decoder.Decode(&sources); err != nil {
		return fmt.Errorf("reading the programs (a JSON object of example name -> PCL text) from stdin: %w", err)
	}
	if sources == nil {
		return fmt.Errorf("reading the programs from stdin: expected a JSON object, got null")
	}
	rendered, err := RenderPrograms(pkg, sources, generate, stderr)
	if err != nil {
		return fmt.Errorf("rendering %s programs: %w", language, err)
	}
	var out bytes.Buffer
	encoder := json.NewEncoder(&out)
	encoder.SetEscapeHTML(false)
	encoder.SetIndent("", "  ")
	if err := encoder.Encode(rendered); err != nil {
		return err
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%s: rendered %d %s programs\n", tool, len(rendered), language)
	return nil
}
