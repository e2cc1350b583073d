package languagehost

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// ExitAfterLoggedError is the exit code (32) with which the Node.js SDK's run
// script and the Go SDK end a program after showing the user its error, so
// the engine should not print a second, generic one.
const ExitAfterLoggedError = 32

// ProgramDirectory returns the program's directory: info's ProgramDirectory,
// or pwd when info is nil or has none.
func ProgramDirectory(info *pulumirpc.ProgramInfo, pwd string) string {
	if info != nil && info.GetProgramDirectory() != "" {
		return info.GetProgramDirectory()
	}
	return pwd
}

// ConfigJSON returns req's stack configuration (a JSON object of key to
// value, "null" when there is none) and its secret configuration keys (a
// JSON array, "[]" when there are none): the values of PULUMI_CONFIG and
// PULUMI_CONFIG_SECRET_KEYS that the SDKs read.
func ConfigJSON(req *pulumirpc.RunRequest) (config, secretKeys string, err error) {
	configJSON, err := json.Marshal(req.GetConfig())
	if err != nil {
		return "", "", fmt.Errorf("serializing the stack configuration: %w", err)
	}
	keys := req.GetConfigSecretKeys()
	if keys == nil {
		keys = []string{}
	}
	secretKeysJSON, err := json.Marshal(keys)
	if err != nil {
		return "", "", fmt.Errorf("serializing the secret configuration keys: %w", err)
	}
	return string(configJSON), string(secretKeysJSON), nil
}

// RunResponse is Run's answer for a program process that ended with err
// (what exec.Cmd.Run returned): empty on success; Bail when the program exited
// with ExitAfterLoggedError; "Program exited with non-zero exit code: N" on
// any other exit code; and "could not start <what>: <err>" when the process
// did not start, where what names it (e.g. "node for the program").
func RunResponse(err error, what string) *pulumirpc.RunResponse {
	if err == nil {
		return &pulumirpc.RunResponse{}
	}
	var exitErr *exec.ExitError
	if errors.As(err, &exitErr) {
		if exitErr.ExitCode() == ExitAfterLoggedError {
			return &pulumirpc.RunResponse{Bail: true}
		}
		return &pulumirpc.RunResponse{Error: fmt.Sprintf("Program exited with non-zero exit code: %d", exitErr.ExitCode())}
	}
	return &pulumirpc.RunResponse{Error: fmt.Sprintf("could not start %s: %v", what, err)}
}

// ProgramEnv is the environment a program's process runs with: the host's
// own, plus what the Go and Python SDKs read to reach the engine
// (PULUMI_MONITOR, PULUMI_ENGINE, PULUMI_PROJECT, PULUMI_STACK,
// PULUMI_ORGANIZATION, PULUMI_ROOT_DIRECTORY, PULUMI_CONFIG,
// PULUMI_CONFIG_SECRET_KEYS, PULUMI_DRY_RUN, PULUMI_PARALLEL) from req and
// the engine's address.
func ProgramEnv(req *pulumirpc.RunRequest, engineAddress string) ([]string, error) {
	configJSON, secretKeysJSON, err := ConfigJSON(req)
	if err != nil {
		return nil, err
	}
	rootDir := ""
	if info := req.GetInfo(); info != nil {
		rootDir = info.GetRootDirectory()
	}
	return append(os.Environ(),
		"PULUMI_MONITOR="+req.GetMonitorAddress(),
		"PULUMI_ENGINE="+engineAddress,
		"PULUMI_ORGANIZATION="+req.GetOrganization(),
		"PULUMI_PROJECT="+req.GetProject(),
		"PULUMI_STACK="+req.GetStack(),
		"PULUMI_ROOT_DIRECTORY="+rootDir,
		"PULUMI_CONFIG="+configJSON,
		"PULUMI_CONFIG_SECRET_KEYS="+secretKeysJSON,
		"PULUMI_DRY_RUN="+strconv.FormatBool(req.GetDryRun()),
		"PULUMI_PARALLEL="+strconv.Itoa(int(req.GetParallel())),
	), nil
}
