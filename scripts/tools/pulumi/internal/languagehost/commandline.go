package languagehost

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
)

// ParseCommandLine parses the flags and arguments the engine starts a
// language host with and returns the engine's gRPC address: the last
// positional argument, or "" when there is none.
//
// The engine may pass --logtostderr and -v=N (registered by the SDK's logging
// package) and other flags a host has no use for; each name in ignoredFlags
// that nothing has registered yet is accepted as a string flag (default "")
// and ignored. As with flag.Parse, an unknown flag exits with code 2 and
// -h/--help with code 0.
func ParseCommandLine(ignoredFlags ...string) (engineAddress string) {
	for _, name := range ignoredFlags {
		if flag.Lookup(name) == nil {
			flag.String(name, "", "ignored")
		}
	}
	flag.Parse()
	if flag.NArg() > 0 {
		return flag.Arg(flag.NArg() - 1)
	}
	return ""
}

// MustFindOnPath returns the path of the executable tool (e.g. "node") found
// on PATH. When there is none it prints
// "<host>: <tool> was not found on PATH; install <install>" to stderr and
// exits with code 1; host is the executable's name (e.g.
// "pulumi-language-nodejs") and install what to install (e.g.
// "Node.js 20 or later").
func MustFindOnPath(host, tool, install string) string {
	path, err := exec.LookPath(tool)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %s was not found on PATH; install %s\n", host, tool, install)
		os.Exit(1)
	}
	return path
}
