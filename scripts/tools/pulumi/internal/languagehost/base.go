package languagehost

import (
	"context"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/types/known/emptypb"
)

// Base answers the LanguageRuntime methods that every host answers the same
// way: Handshake, GetPluginInfo, and each method the host does not implement
// (Unimplemented, which the engine treats as "not supported by this host").
// A host embeds it by value in its service type and adds Run and
// GetRequiredPlugins.
type Base struct {
	pulumirpc.UnimplementedLanguageRuntimeServer

	// Version is the engine version the host is built for, without a
	// leading "v" (e.g. "3.248.0"); GetPluginInfo reports it.
	Version string

	// EngineAddress is the engine's gRPC address, which the host passes on
	// to programs: the one from the command line (see ParseCommandLine),
	// replaced by Handshake's when that is not empty; "" when neither gave one.
	EngineAddress string
}

// Handshake records the engine's address from req, when it has one, and
// answers with an empty response.
func (b *Base) Handshake(
	_ context.Context, req *pulumirpc.LanguageHandshakeRequest,
) (*pulumirpc.LanguageHandshakeResponse, error) {
	if req.GetEngineAddress() != "" {
		b.EngineAddress = req.GetEngineAddress()
	}
	return &pulumirpc.LanguageHandshakeResponse{}, nil
}

// GetPluginInfo reports the host's Version.
func (b *Base) GetPluginInfo(context.Context, *emptypb.Empty) (*pulumirpc.PluginInfo, error) {
	return &pulumirpc.PluginInfo{Version: b.Version}, nil
}
