// Command pulumi-language-go is a small Go language host for the Pulumi
// engine, used only by this project's tests to run Go programs on the
// generated Go SDK (sdk/go) through the real CLI.
//
// Why it exists: the upstream Go language host lives in its own Go module
// with no release tag, and the Go module proxy our build machines reach
// serves only tagged versions; this one is built from the tagged sdk/v3
// module, like our Node.js host (../langhost).
//
// What it does: it serves the LanguageRuntime gRPC service. Run builds the
// program with `go build` in its directory and runs the binary with the
// environment the Go SDK's pulumi.Run reads (PULUMI_MONITOR, PULUMI_ENGINE,
// PULUMI_PROJECT, PULUMI_STACK, PULUMI_CONFIG, ...). GetRequiredPlugins lists
// the `pulumi-plugin.json` files of the packages the program imports.
// Serving, Handshake, GetPluginInfo and the Unimplemented answers to every
// other method come from the shared package ../internal/languagehost.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-langsmith/tools/pulumi/internal/languagehost"
)

// hostName is this executable's name, the prefix of its error messages.
const hostName = "pulumi-language-go"

// version is the engine version this host is built for; set with -ldflags.
var version = "3.248.0"

func main() {
	// Flags the engine may pass that this host does not use.
	engineAddress := languagehost.ParseCommandLine("tracing", "root", "binary", "buildTarget")
	goBin := languagehost.MustFindOnPath(hostName, "go", "Go 1.25 or later")
	languagehost.Serve(hostName, &goHost{
		Base:  languagehost.Base{Version: version, EngineAddress: engineAddress},
		goBin: goBin,
	})
}

// goHost implements the LanguageRuntime service for Go programs.
type goHost struct {
	languagehost.Base
	// goBin is the path of the `go` executable that lists and builds programs.
	goBin string
}

// pluginManifest is a generated SDK package's pulumi-plugin.json.
type pluginManifest struct {
	Resource bool   `json:"resource"`
	Name     string `json:"name"`
	Version  string `json:"version"`
	Server   string `json:"server"`
}

func (h *goHost) GetRequiredPlugins(
	_ context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	dir := languagehost.ProgramDirectory(req.GetInfo(), req.GetPwd())
	cmd := exec.Command(h.goBin, "list", "-deps", "-f", "{{.Dir}}", ".")
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("listing the packages of the Go program in %s: %w", dir, err)
	}
	var plugins []*pulumirpc.PluginDependency
	seen := map[string]bool{}
	for _, pkgDir := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		raw, err := os.ReadFile(filepath.Join(pkgDir, "pulumi-plugin.json"))
		if err != nil {
			continue
		}
		var manifest pluginManifest
		if json.Unmarshal(raw, &manifest) != nil || !manifest.Resource || manifest.Name == "" || seen[manifest.Name] {
			continue
		}
		seen[manifest.Name] = true
		plugins = append(plugins, languagehost.ResourcePlugin(manifest.Name, manifest.Version, manifest.Server))
	}
	return &pulumirpc.GetRequiredPluginsResponse{Plugins: plugins}, nil
}

func (h *goHost) Run(_ context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir := languagehost.ProgramDirectory(req.GetInfo(), req.GetPwd())
	buildDir, err := os.MkdirTemp("", "pulumi-go-program-")
	if err != nil {
		return nil, fmt.Errorf("making a build directory: %w", err)
	}
	defer os.RemoveAll(buildDir)
	binary := filepath.Join(buildDir, "program")

	build := exec.Command(h.goBin, "build", "-o", binary, ".")
	build.Dir = programDir
	build.Stdout = os.Stderr
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("go build of the program in %s failed: %v", programDir, err)}, nil
	}

	cmd := exec.Command(binary, req.GetArgs()...)
	cmd.Dir = req.GetPwd()
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	env, err := languagehost.ProgramEnv(req, h.EngineAddress)
	if err != nil {
		return nil, err
	}
	cmd.Env = env
	return languagehost.RunResponse(cmd.Run(), "the built program"), nil
}
