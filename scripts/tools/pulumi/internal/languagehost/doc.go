// Package languagehost holds what this module's two language hosts share:
// pulumi-language-nodejs (../../langhost) and the test-only
// pulumi-language-go (../../golanghost).
//
// That is: reading the command line the engine starts a host with
// (ParseCommandLine), finding the language's tool on PATH (MustFindOnPath),
// serving the LanguageRuntime gRPC service and printing its port (Serve), the
// Handshake and GetPluginInfo answers (Base), and the pieces of Run and
// GetRequiredPlugins that do not depend on the language (ProgramDirectory,
// ConfigJSON, RunResponse, ResourcePlugin). How a program runs and which
// plugins it needs stay in each host's main package.
package languagehost
