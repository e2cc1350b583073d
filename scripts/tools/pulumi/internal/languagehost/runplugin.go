package languagehost

import (
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// StreamPlugin runs cmd for RunPlugin: its standard output and error are sent
// to the engine as they come (the engine reads a plugin's port from its first
// line of output), then its exit code, the last message. An exit code is not
// an error; a process that cannot start is.
func StreamPlugin(server pulumirpc.LanguageRuntime_RunPluginServer, cmd *exec.Cmd, what string) error {
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("connecting to the output of %s: %w", what, err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return fmt.Errorf("connecting to the error output of %s: %w", what, err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("could not start %s: %w", what, err)
	}
	var sending sync.Mutex
	send := func(response *pulumirpc.RunPluginResponse) error {
		sending.Lock()
		defer sending.Unlock()
		return server.Send(response)
	}
	forward := func(from io.Reader, wrap func([]byte) *pulumirpc.RunPluginResponse, done *sync.WaitGroup) {
		defer done.Done()
		buffer := make([]byte, 32*1024)
		for {
			n, readErr := from.Read(buffer)
			if n > 0 {
				chunk := append([]byte(nil), buffer[:n]...)
				if send(wrap(chunk)) != nil {
					return
				}
			}
			if readErr != nil {
				return
			}
		}
	}
	var done sync.WaitGroup
	done.Add(2)
	go forward(stdout, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}}
	}, &done)
	go forward(stderr, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}}
	}, &done)
	done.Wait()
	code := 0
	if err := cmd.Wait(); err != nil {
		var exitErr *exec.ExitError
		if !errors.As(err, &exitErr) {
			return fmt.Errorf("waiting for %s: %w", what, err)
		}
		code = exitErr.ExitCode()
	}
	return send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: int32(code)}})
}
