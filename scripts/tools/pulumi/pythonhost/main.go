// Command pulumi-language-python is a small Python language host for the
// Pulumi engine, with which this project's tests run Python programs on the
// generated Python SDK through the real CLI.
//
// Why it exists: the upstream Python language host lives in a Go module the
// Go module proxy our build machines reach does not serve, and the script it
// runs programs with ships with the CLI's release archive, not with a module
// or a wheel. This one is built from the tagged pkg/v3 and sdk/v3 modules,
// like our Node.js and Go hosts (../langhost, ../golanghost).
//
// What it does: it serves the LanguageRuntime gRPC service.
//   - Run starts `python -u run.py <program directory>` (run.py is embedded:
//     it configures the Pulumi Python SDK from the environment and runs the
//     program's __main__.py inside the stack resource).
//   - GetRequiredPlugins runs plugins.py (embedded), which lists the
//     `pulumi-plugin.json` files of the environment's packages.
//   - GenerateProgram turns PCL into Python with pkg/v3's Python program
//     generator: what `pulumi import --out` and `pulumi convert` write.
//
// The Python is the project's virtual environment when Pulumi.yaml names one
// (`runtime: {name: python, options: {virtualenv: <dir>}}`, relative to the
// project), else `python3` on PATH. Serving, Handshake, GetPluginInfo and the
// Unimplemented answers to every other method come from the shared package
// ../internal/languagehost.
package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-langsmith/tools/pulumi/internal/languagehost"
)

// hostName is this executable's name, the prefix of its error messages.
const hostName = "pulumi-language-python"

// version is the engine version this host is built for; set with -ldflags.
var version = "3.248.0"

//go:embed run.py
var runScript string

//go:embed plugins.py
var pluginsScript string

func main() {
	// Flags the engine may pass that this host does not use.
	engineAddress := languagehost.ParseCommandLine("tracing", "root", "virtualenv", "typechecker", "toolchain")
	languagehost.Serve(hostName, &pythonHost{Base: languagehost.Base{Version: version, EngineAddress: engineAddress}})
}

// pythonHost implements the LanguageRuntime service for Python programs.
type pythonHost struct {
	languagehost.Base
}

// python is the interpreter for the program info describes: the `bin/python`
// of the project's `virtualenv` option (relative to the project's root
// directory), else `python3` on PATH.
func python(info *pulumirpc.ProgramInfo) (string, error) {
	if info != nil && info.GetOptions() != nil {
		if venv, ok := info.GetOptions().AsMap()["virtualenv"].(string); ok && venv != "" {
			if !filepath.IsAbs(venv) {
				venv = filepath.Join(info.GetRootDirectory(), venv)
			}
			interpreter := filepath.Join(venv, "bin", "python")
			if _, err := os.Stat(interpreter); err != nil {
				return "", fmt.Errorf("the project's virtualenv %s has no bin/python: create it (python3 -m venv %s) and install the program's requirements", venv, venv)
			}
			return interpreter, nil
		}
	}
	path, err := exec.LookPath("python3")
	if err != nil {
		return "", fmt.Errorf("python3 was not found on PATH; install Python 3.9 or later, or name a virtualenv in Pulumi.yaml")
	}
	return path, nil
}

// pluginManifest is one entry of plugins.py's answer.
type pluginManifest struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Server  string `json:"server"`
}

func (h *pythonHost) GetRequiredPlugins(
	_ context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	interpreter, err := python(req.GetInfo())
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(interpreter, "-c", pluginsScript)
	cmd.Dir = languagehost.ProgramDirectory(req.GetInfo(), req.GetPwd())
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("listing the Pulumi plugins of the packages %s has: %w", interpreter, err)
	}
	var manifests []pluginManifest
	if err := json.Unmarshal(out, &manifests); err != nil {
		return nil, fmt.Errorf("reading the Pulumi plugins of the packages %s has: %w", interpreter, err)
	}
	plugins := make([]*pulumirpc.PluginDependency, 0, len(manifests))
	seen := map[string]bool{}
	for _, manifest := range manifests {
		if manifest.Name == "" || seen[manifest.Name] {
			continue
		}
		seen[manifest.Name] = true
		plugins = append(plugins, languagehost.ResourcePlugin(manifest.Name, manifest.Version, manifest.Server))
	}
	return &pulumirpc.GetRequiredPluginsResponse{Plugins: plugins}, nil
}

func (h *pythonHost) Run(_ context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	interpreter, err := python(req.GetInfo())
	if err != nil {
		return &pulumirpc.RunResponse{Error: err.Error()}, nil
	}
	programDir := languagehost.ProgramDirectory(req.GetInfo(), req.GetPwd())
	if _, err := os.Stat(filepath.Join(programDir, "__main__.py")); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("the Python program in %s has no __main__.py", programDir)}, nil
	}
	args := append([]string{"-u", "-c", runScript, programDir}, req.GetArgs()...)
	cmd := exec.Command(interpreter, args...)
	cmd.Dir = req.GetPwd()
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	env, err := languagehost.ProgramEnv(req, h.EngineAddress)
	if err != nil {
		return nil, err
	}
	cmd.Env = env
	return languagehost.RunResponse(cmd.Run(), "Python for the program"), nil
}

// GenerateProgram writes the Python program of a PCL program (the engine
// sends PCL for `pulumi import --out` and `pulumi convert`), its packages
// resolved through the engine's schema loader.
func (h *pythonHost) GenerateProgram(
	_ context.Context, req *pulumirpc.GenerateProgramRequest,
) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.GetLoaderTarget())
	if err != nil {
		return nil, fmt.Errorf("connecting to the engine's schema loader: %w", err)
	}
	defer loader.Close()

	parser := syntax.NewParser()
	for path, contents := range req.GetSource() {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, fmt.Errorf("parsing %s: %w", path, err)
		}
	}
	if parser.Diagnostics.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(parser.Diagnostics)}, nil
	}
	var options []pcl.BindOption
	if !req.GetStrict() {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diagnostics, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, fmt.Errorf("binding the program: %w", err)
	}
	if diagnostics.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diagnostics)}, nil
	}
	files, generated, err := pythongen.GenerateProgram(program)
	if err != nil {
		return nil, fmt.Errorf("generating the Python program: %w", err)
	}
	diagnostics = append(diagnostics, generated...)
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: plugin.HclDiagnosticsToRPCDiagnostics(diagnostics)}, nil
}
