// Command pulumi-langsmith-sdkgen-dotnet generates a Pulumi package's .NET
// SDK from its schema with pulumi-dotnet's own code generator
// (github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3/codegen, the
// function the .NET language host calls for `pulumi package gen-sdk`),
// through the shared package gen of ../sdkgen.
//
// A module of its own because that generator (v3.110.0) needs pkg/v3
// v3.255.0, while pulumi-langsmith-sdkgen keeps the CLI's v3.248.0 for the
// other languages.
//
// The generator downloads the package icon (logo.png) over HTTP; this
// command answers that request itself with a blank 1x1 PNG, so generation
// works offline and never reaches the network.
//
// With --render-programs it renders PCL programs (the Registry's example
// usage) into C# with the program generator of the same codegen package, or
// into YAML with pulumi-yaml's (github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen
// v1.38.1): both GenerateProgram, what the language hosts call for
// `pulumi convert` and `pulumi import --out`;
// a JSON object of example name -> PCL text on stdin, a JSON object of example
// name -> the main file (Program.cs, Main.yaml) on stdout; see package gen.
// YAML lives here, not in pulumi-langsmith-sdkgen, because pulumi-yaml's
// codegen follows pkg/v3's API: v1.38.1 pins v3.255.0, this module's
// version, while v1.37.0 (built on v3.247.0) does not compile against the
// other module's v3.248.0.
//
// Usage:
//
//	pulumi-langsmith-sdkgen-dotnet --language dotnet --out <dir> <schema.json>
//	pulumi-langsmith-sdkgen-dotnet --render-programs --language dotnet|yaml <schema.json> < programs.json > rendered.json
package main

import (
	"bytes"
	"io"
	"net/http"

	dotnetgen "github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3/codegen"
	yamlgen "github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"pulumi-langsmith/tools/sdkgen/gen"
)

// blankPNG is a transparent 1x1 PNG, the package icon.
var blankPNG = []byte{
	0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
	0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
	0x89, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x00, 0x02, 0x00,
	0x00, 0x05, 0x00, 0x01, 0x7a, 0x5e, 0xab, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
	0xae, 0x42, 0x60, 0x82,
}

// iconOnly answers every HTTP request with the blank icon: the generator's
// only request is for the package icon, and nothing should leave the machine.
type iconOnly struct{}

func (iconOnly) RoundTrip(req *http.Request) (*http.Response, error) {
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": []string{"image/png"}},
		Body:       io.NopCloser(bytes.NewReader(blankPNG)),
		Request:    req,
	}, nil
}

func main() {
	http.DefaultTransport = iconOnly{}
	http.DefaultClient.Transport = iconOnly{}
	gen.Main("pulumi-langsmith-sdkgen-dotnet", map[string]gen.Generator{
		"dotnet": func(tool string, pkg *schema.Package) (map[string][]byte, error) {
			return dotnetgen.GeneratePackage(tool, pkg, nil, nil)
		},
	}, map[string]gen.ProgramGenerator{
		"dotnet": {Generate: dotnetgen.GenerateProgram, MainFile: "Program.cs"},
		"yaml":   {Generate: yamlgen.GenerateProgram, MainFile: "Main.yaml"},
	})
}
