package config

import "testing"

// FuzzParse: no input makes Parse panic (bad input is an error naming
// the file); what it accepts resolves.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"select = [\"URN\"]\nignore = [\"URN04\"]\n[severity]\nURN001 = \"off\"\n",
		"[[overrides]]\nfiles = [\"a/**\"]\n[overrides.severity]\nURN006 = \"info\"\n[[overrides]]\nfiles = [\"*.md\"]\nprofiles = {urn = \"rfc2141\"}\n",
		"extend = \"../idlint.toml\"\nexclude = [\"build\"]\n[limits]\nmax-len = 9\n",
		"a.b.c = 1\n[x]\ny = [1, [2, {z = 3}]]\n",
		"select = [\n# c\n\"URN001\", # d\n]\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse("/x/idlint.toml", data)
		if err != nil {
			return
		}
		if _, err := resolve([]*File{file}, nil, nil, Limits{}, "/x"); err != nil {
			t.Fatalf("accepted but does not resolve: %v", err)
		}
	})
}
