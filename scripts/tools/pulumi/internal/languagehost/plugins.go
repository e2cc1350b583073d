package languagehost

import (
	"strings"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
)

// ResourcePlugin is GetRequiredPlugins' entry for the resource plugin name at
// version, with a leading "v" added when missing ("" stays "": any version),
// downloaded from server ("" for the engine's default source).
func ResourcePlugin(name, version, server string) *pulumirpc.PluginDependency {
	if version != "" && !strings.HasPrefix(version, "v") {
		version = "v" + version
	}
	return &pulumirpc.PluginDependency{Name: name, Kind: "resource", Version: version, Server: server}
}
