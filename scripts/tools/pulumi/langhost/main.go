// Command pulumi-language-nodejs is a small Node.js language host for the
// Pulumi engine, used by this project's tests and demo when no Pulumi CLI is
// installed.
//
// Why it exists: the upstream language host lives in its own Go module that
// has no release tag, and the Go module proxy reachable from our build
// machines serves only tagged versions. The engine needs a language host to
// run a program, so we build this one from the tagged sdk/v3 module instead.
//
// What it does: it serves the LanguageRuntime gRPC service. Run starts
// `node <program's @pulumi/pulumi/cmd/run> ...` with the flags and environment
// that the Node.js SDK's run script reads (see its index.js), and reports the
// exit. GetRequiredPlugins lists packages under node_modules whose package.json
// declares `"pulumi": {"resource": true}`. RunPlugin runs a plugin written in
// Node.js, a policy pack (`pulumi preview --policy-pack`) among them, with the
// SDK's run-policy-pack (or run-plugin) script, streaming its output to the
// engine. Serving, Handshake, GetPluginInfo
// and the Unimplemented answers to every other method come from the shared
// package ../internal/languagehost.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"

	"pulumi-langsmith/tools/pulumi/internal/languagehost"
)

// hostName is this executable's name, the prefix of its error messages.
const hostName = "pulumi-language-nodejs"

// version is the engine version this host is built for; set with -ldflags.
var version = "3.248.0"

func main() {
	// Flags the engine may pass that this host does not use.
	engineAddress := languagehost.ParseCommandLine("tracing", "root")
	nodeBin := languagehost.MustFindOnPath(hostName, "node", "Node.js 20 or later")
	languagehost.Serve(hostName, &nodeHost{
		Base:    languagehost.Base{Version: version, EngineAddress: engineAddress},
		nodeBin: nodeBin,
	})
}

// nodeHost implements the LanguageRuntime service for Node.js programs.
type nodeHost struct {
	languagehost.Base
	// nodeBin is the path of the `node` executable that runs programs.
	nodeBin string
}

func (h *nodeHost) GetRequiredPlugins(
	_ context.Context, req *pulumirpc.GetRequiredPluginsRequest,
) (*pulumirpc.GetRequiredPluginsResponse, error) {
	dir := languagehost.ProgramDirectory(req.GetInfo(), req.GetPwd())
	plugins, err := resourcePlugins(dir)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GetRequiredPluginsResponse{Plugins: plugins}, nil
}

func (h *nodeHost) Run(_ context.Context, req *pulumirpc.RunRequest) (*pulumirpc.RunResponse, error) {
	programDir := languagehost.ProgramDirectory(req.GetInfo(), req.GetPwd())
	entryPoint := "."
	if info := req.GetInfo(); info != nil && info.GetEntryPoint() != "" {
		entryPoint = info.GetEntryPoint()
	} else if req.GetProgram() != "" {
		entryPoint = req.GetProgram()
	}

	runScript, err := findUpward(programDir, filepath.Join("node_modules", "@pulumi", "pulumi", "cmd", "run", "index.js"))
	if err != nil {
		return &pulumirpc.RunResponse{Error: fmt.Sprintf(
			"the Pulumi Node.js SDK is not installed for the program in %s: run npm install there", programDir)}, nil
	}

	args := []string{runScript}
	appendFlag := func(name, value string) {
		if value != "" {
			args = append(args, "--"+name, value)
		}
	}
	appendFlag("monitor", req.GetMonitorAddress())
	appendFlag("engine", h.EngineAddress)
	appendFlag("organization", req.GetOrganization())
	appendFlag("project", req.GetProject())
	appendFlag("stack", req.GetStack())
	appendFlag("pwd", req.GetPwd())
	if info := req.GetInfo(); info != nil {
		appendFlag("root-directory", info.GetRootDirectory())
	}
	if req.GetDryRun() {
		args = append(args, "--dry-run")
	}
	appendFlag("parallel", strconv.Itoa(int(req.GetParallel())))
	args = append(args, entryPoint)
	args = append(args, req.GetArgs()...)

	configJSON, secretKeysJSON, err := languagehost.ConfigJSON(req)
	if err != nil {
		return nil, err
	}

	cmd := exec.Command(h.nodeBin, args...)
	cmd.Dir = req.GetPwd()
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	cmd.Env = append(os.Environ(),
		"PULUMI_CONFIG="+configJSON,
		"PULUMI_CONFIG_SECRET_KEYS="+secretKeysJSON,
	)
	cmd.Env = append(cmd.Env, runtimeOptionsEnv(req.GetInfo())...)
	return languagehost.RunResponse(cmd.Run(), "node for the program"), nil
}

// RunPlugin runs a plugin written in Node.js from its directory: a policy pack
// (kind "analyzer") through the SDK's cmd/run-policy-pack script, any other
// through cmd/run-plugin, each found in the plugin's own node_modules, with the
// engine's arguments (its address) and the plugin's directory, in that
// directory, with the environment the request adds. Output streams to the
// engine as it comes.
func (h *nodeHost) RunPlugin(req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer) error {
	dir := languagehost.ProgramDirectory(req.GetInfo(), req.GetPwd())
	script := "run-plugin"
	if req.GetKind() == "analyzer" {
		script = "run-policy-pack"
	}
	runScript, err := findUpward(dir, filepath.Join("node_modules", "@pulumi", "pulumi", "cmd", script, "index.js"))
	if err != nil {
		// The engine recognizes this message and tells the user to install the pack's dependencies.
		return fmt.Errorf("could not find @pulumi/pulumi/cmd/%s for the plugin in %s: run npm install there", script, dir)
	}
	args := append([]string{runScript}, req.GetArgs()...)
	args = append(args, dir)
	cmd := exec.Command(h.nodeBin, args...)
	// A plugin runs in its own directory: a policy pack reads its package.json from there.
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), req.GetEnv()...)
	cmd.Env = append(cmd.Env, runtimeOptionsEnv(req.GetInfo())...)
	return languagehost.StreamPlugin(server, cmd, "node for the plugin in "+dir)
}

// runtimeOptionsEnv maps the project's `runtime.options` (Pulumi.yaml) to the
// variables the SDK's run script reads: TypeScript is on unless
// `typescript: false`, and `tsconfig` names the ts-node config file.
func runtimeOptionsEnv(info *pulumirpc.ProgramInfo) []string {
	typescript := true
	var env []string
	if info != nil && info.GetOptions() != nil {
		options := info.GetOptions().AsMap()
		if value, ok := options["typescript"].(bool); ok {
			typescript = value
		}
		if value, ok := options["tsconfig"].(string); ok && value != "" {
			env = append(env, "PULUMI_NODEJS_TSCONFIG_PATH="+value)
		}
	}
	return append(env, "PULUMI_NODEJS_TYPESCRIPT="+strconv.FormatBool(typescript))
}

// findUpward returns the first dir/rel that exists, walking from dir to the root.
func findUpward(dir, rel string) (string, error) {
	for current := dir; ; {
		candidate := filepath.Join(current, rel)
		if _, err := os.Stat(candidate); err == nil {
			return candidate, nil
		}
		parent := filepath.Dir(current)
		if parent == current {
			return "", os.ErrNotExist
		}
		current = parent
	}
}

// packageManifest is the part of a package.json that marks a Pulumi plugin.
type packageManifest struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	Pulumi  struct {
		Resource bool   `json:"resource"`
		Name     string `json:"name"`
		Version  string `json:"version"`
		Server   string `json:"server"`
	} `json:"pulumi"`
}

// resourcePlugins lists the resource plugins that top-level and scoped
// packages in the nearest node_modules declare.
func resourcePlugins(programDir string) ([]*pulumirpc.PluginDependency, error) {
	modules, err := findUpward(programDir, "node_modules")
	if err != nil {
		return nil, nil
	}
	var manifests []string
	entries, err := os.ReadDir(modules)
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", modules, err)
	}
	for _, entry := range entries {
		name := entry.Name()
		if strings.HasPrefix(name, "@") {
			scoped, err := os.ReadDir(filepath.Join(modules, name))
			if err != nil {
				continue
			}
			for _, pkg := range scoped {
				manifests = append(manifests, filepath.Join(modules, name, pkg.Name(), "package.json"))
			}
			continue
		}
		manifests = append(manifests, filepath.Join(modules, name, "package.json"))
	}

	var plugins []*pulumirpc.PluginDependency
	for _, path := range manifests {
		raw, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		var manifest packageManifest
		if json.Unmarshal(raw, &manifest) != nil || !manifest.Pulumi.Resource {
			continue
		}
		name := manifest.Pulumi.Name
		if name == "" {
			name = strings.TrimPrefix(strings.TrimPrefix(manifest.Name, "@pulumi/"), "@")
		}
		pluginVersion := manifest.Pulumi.Version
		if pluginVersion == "" {
			pluginVersion = manifest.Version
		}
		plugins = append(plugins, languagehost.ResourcePlugin(name, pluginVersion, manifest.Pulumi.Server))
	}
	return plugins, nil
}
