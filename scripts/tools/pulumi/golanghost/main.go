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
// the `pulumi-plugin.json` files of the packages the program imports. Every
// other method answers Unimplemented, which the engine treats as "not
// supported by this host".
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/types/known/emptypb"
)

// version is the engine version this host is built for; set with -ldflags.
var version = "3.248.0"

// exitAfterLoggedError is the exit code the Go SDK uses when it has already
// shown the user the error (so the engine should not print a second one).
const exitAfterLoggedError = 32

func main() {
	// The engine may pass --logtostderr and -v=N (already registered by the
	// SDK's logging package), --tracing, --root and --binary; this host uses none of them.
	for _, name := range []string{"tracing", "root", "binary", "buildTarget"} {
		if flag.Lookup(name) == nil {
			flag.String(name, "", "ignored")
		}
	}
	flag.Parse()

	engineAddress := ""
	if flag.NArg() > 0 {
		engineAddress = flag.Arg(flag.NArg() - 1)
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		fmt.Fprintln(os.Stderr, "pulumi-language-go: go was not found on PATH; install Go 1.25 or later")
		os.Exit(1)
	}

	handle, err := rpcutil.ServeWithOptions(rpcutil.ServeOptions{
		Init: func(srv *grpc.Server) error {
			pulumirpc.RegisterLanguageRuntimeServer(srv, &goHost{goBin: goBin, engineAddress: engineAddress})
			return nil
		},
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-go: could not start the gRPC server: %v\n", err)
		os.Exit(1)
	}
	// The engine reads the port from the first line of stdout.
	fmt.Printf("%d\n", handle.Port)
	if err := <-handle.Done; err != nil {
		fmt.Fprintf(os.Stderr, "pulumi-language-go: gRPC server stopped: %v\n", err)
		os.Exit(1)
	}
}

// goHost implements the LanguageRuntime service for Go programs.
type goHost struct {
	pulumirpc.UnimplementedLanguageRuntimeServer
	goBin         string
	engineAddress string
}

func (h *goHost) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		h.engineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

func (h *goHost) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: version}, nil
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
	dir := programDirectory(req.GetInfo(), req.GetPwd())
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
		pluginVersion := manifest.Version
		if pluginVersion != "" && !strings.HasPrefix(pluginVersion, "v") {
			pluginVersion = "v" + pluginVersion
		}
		plugins = append(plugins, &pulumirpc.PluginDependency{
			Name: manifest.Name, Kind: "resource", Version: pluginVersion, Server: manifest.Server,
		})
	}
	return &pulumirpc.GetRequiredPluginsResponse{Plugins: plugins}, nil
}

func (h *goHost) Run(_ context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir := programDirectory(req.GetInfo(), req.GetPwd())
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

	configJSON, err := json.Marshal(req.GetConfig())
	if err != nil {
		return nil, fmt.Errorf("serializing the stack configuration: %w", err)
	}
	secretKeys := req.GetConfigSecretKeys()
	if secretKeys == nil {
		secretKeys = []string{}
	}
	secretKeysJSON, err := json.Marshal(secretKeys)
	if err != nil {
		return nil, fmt.Errorf("serializing the secret configuration keys: %w", err)
	}
	rootDir := ""
	if info := req.GetInfo(); info != nil {
		rootDir = info.GetRootDirectory()
	}

	cmd := exec.Command(binary, req.GetArgs()...)
	cmd.Dir = req.GetPwd()
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(),
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+h.engineAddress,
		"PULUMI_ORGANIZATION="+req.GetOrganization(),
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_ROOT_DIRECTORY="+rootDir,
		"PULUMI_CONFIG="+string(configJSON),
		"PULUMI_CONFIG_SECRET_KEYS="+string(secretKeysJSON),
		"PULUMI_DRY_RUN="+strconv.FormatBool(req.GetDryRun()),
		"PULUMI_PARALLEL="+strconv.Itoa(int(req.GetParallel())),
	)
	if err := cmd.Run(); err != nil {
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			if exitErr.ExitCode() == exitAfterLoggedError {
				return &pulumirpc.RunResponse{Bail: true}, nil
			}
			return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}, nil
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not start the built program: %v", err)}, nil
	}
	return &pulumirpc.RunResponse{}, nil
}

// programDirectory prefers the engine's ProgramInfo and falls back to pwd.
func programDirectory(info *pulumirpc.ProgramInfo, pwd string) string {
	if info != nil && info.GetProgramDirectory() != "" {
		return info.GetProgramDirectory()
	}
	return pwd
}
