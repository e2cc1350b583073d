package main

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// pyOAuthFunction matches a generated Python function whose name the Python
// generator split inside the acronym "OAuth" (getOAuthProviders becomes
// get_o_auth_providers), with its _output form.
var pyOAuthFunction = regexp.MustCompile(`(?m)^def ((?:\w+_)?o_auth_\w+)\(`)

// withPythonNames adds, to each generated Python module defining functions
// whose names the Python generator split inside "OAuth", the names a Python
// user writes (get_oauth_providers, get_oauth_providers_output) as aliases
// exported beside the generated ones. The generator keeps its own spelling
// (it is what other providers have shipped); both work.
func withPythonNames(files map[string][]byte) map[string][]byte {
	for path, content := range files {
		if !strings.HasSuffix(path, ".py") {
			continue
		}
		matches := pyOAuthFunction.FindAllSubmatch(content, -1)
		if len(matches) == 0 {
			continue
		}
		var names []string
		for _, match := range matches {
			names = append(names, string(match[1]))
		}
		sort.Strings(names)
		var aliases strings.Builder
		aliases.WriteString("\n\n# The same functions under the names Python users write: the generator splits \"OAuth\" (o_auth).\n")
		var exported []string
		for _, name := range names {
			alias := strings.ReplaceAll(name, "o_auth_", "oauth_")
			fmt.Fprintf(&aliases, "%s = %s\n", alias, name)
			exported = append(exported, fmt.Sprintf("'%s'", alias))
		}
		fmt.Fprintf(&aliases, "__all__ += [%s]\n", strings.Join(exported, ", "))
		files[path] = append([]byte(strings.TrimRight(string(content), "\n")), []byte(aliases.String())...)
	}
	return files
}
