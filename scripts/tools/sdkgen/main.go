// Command pulumi-langsmith-sdkgen generates a Pulumi package's SDK for one
// language from its schema with the Pulumi CLI's own code generators
// (github.com/pulumi/pulumi/pkg/v3/codegen/{nodejs,python,go}, the same
// functions the language hosts call for `pulumi package gen-sdk`).
//
// Why it exists: `pulumi package gen-sdk` asks each language's host to
// generate, and the hosts for Python and Go (and the upstream Node.js host)
// live in Go modules without release tags, which a module proxy that serves
// only tagged versions cannot provide. This binds the schema exactly as the
// hosts do and calls the same generator (package gen). .NET has its own
// command, pulumi-langsmith-sdkgen-dotnet (../sdkgen-dotnet).
//
// With --render-programs it renders PCL programs (the Registry's example
// usage) into one of the same languages with the program generators of the
// same packages (GenerateProgram, what the language hosts call for
// `pulumi convert` and `pulumi import --out`): a JSON object of example name
// -> PCL text on stdin, a JSON object of example name -> the main file
// (index.ts, __main__.py, main.go) on stdout; see package gen.
//
// Usage:
//
//	pulumi-langsmith-sdkgen --language go|nodejs|python --out <dir> <schema.json>
//	pulumi-langsmith-sdkgen --render-programs --language go|nodejs|python <schema.json> < programs.json > rendered.json
package main

import (
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pygen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"pulumi-langsmith/tools/sdkgen/gen"
)

func main() {
	gen.Main("pulumi-langsmith-sdkgen", map[string]gen.Generator{
		"nodejs": func(tool string, pkg *schema.Package) (map[string][]byte, error) {
			return nodejsgen.GeneratePackage(tool, pkg, nil, nil, false, gen.NoDependencies{})
		},
		"python": func(tool string, pkg *schema.Package) (map[string][]byte, error) {
			files, err := pygen.GeneratePackage(tool, pkg, nil, gen.NoDependencies{})
			if err != nil {
				return nil, err
			}
			return withPythonNames(files), nil
		},
		"go": func(tool string, pkg *schema.Package) (map[string][]byte, error) {
			return gogen.GeneratePackage(tool, pkg, nil)
		},
	}, map[string]gen.ProgramGenerator{
		"nodejs": {Generate: nodejsgen.GenerateProgram, MainFile: "index.ts"},
		"python": {Generate: pygen.GenerateProgram, MainFile: "__main__.py"},
		"go":     {Generate: gogen.GenerateProgram, MainFile: "main.go"},
	})
}
