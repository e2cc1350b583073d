# Lists the Pulumi resource plugins the packages of a Python environment
# declare, for pulumi-language-python (main.go): every installed
# distribution's `pulumi-plugin.json` with `"resource": true`, printed as one
# JSON array of {name, version, server}.
import importlib.metadata
import json

plugins = []
for distribution in importlib.metadata.distributions():
    for file in distribution.files or []:
        if file.name != "pulumi-plugin.json":
            continue
        try:
            manifest = json.loads(file.read_text() or "{}")
        except (OSError, ValueError):
            continue
        if not manifest.get("resource"):
            continue
        name = manifest.get("name") or distribution.metadata["Name"].removeprefix("pulumi_").removeprefix("pulumi-")
        plugins.append({"name": name, "version": manifest.get("version") or distribution.version, "server": manifest.get("server") or ""})
print(json.dumps(plugins))
