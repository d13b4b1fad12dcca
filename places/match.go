package places

import (
	"github.com/permgate/permgate/internal/lazy"
	"github.com/permgate/permgate/internal/shglob"
	"path"
	"slices"
	"strings"
)

// SecretName reports whether a path names a file that holds secrets.
func SecretName(p string) bool {
	base := path.Base(p)
	idx := secretIndex.Get()
	switch {
	case idx.names[base]:
		return true
	case strings.HasPrefix(base, ".env."):
		switch path.Ext(base) {
		case ".example", ".sample", ".template", ".dist":
			return false
		}
		return true
	case SSHKeyName(base), hostKey(base), keyName(base), sshFolderKey(p, base):
		return true
	case idx.exts[path.Ext(base)]:
		return true
	}
	for _, suffix := range idx.suffixes[base] {
		if strings.HasSuffix(p, suffix) || p == suffix[1:] {
			return true
		}
	}
	return idx.inSecretTree(p)
}

// secretTables holds SecretNames and SecretExtensions as sets, and indexes
// SecretSuffixes by their last name and SecretTrees by their first, so a path is compared only with the entries it can
// match: a path ends in a suffix only if its last name is the suffix's,
// and lies in a tree only if the tree's first name is one of its names.
type secretTables struct {
	names, exts map[string]bool
	suffixes    map[string][]string
	trees       map[string][]string
	// suffixNames holds each of SecretSuffixes split into its names, for
	// matching patterns (SecretPattern).
	suffixNames [][]string
}

// secretIndex builds the index once, on first use.
var secretIndex = lazy.Value[secretTables]{Make: func() secretTables {
	t := secretTables{names: setOf(SecretNames), exts: setOf(SecretExtensions), suffixes: map[string][]string{}, trees: map[string][]string{}}
	for _, s := range SecretSuffixes {
		t.suffixes[path.Base(s)] = append(t.suffixes[path.Base(s)], s)
		t.suffixNames = append(t.suffixNames, strings.Split(s[1:], "/"))
	}
	for _, d := range SecretTrees {
		first, _, _ := strings.Cut(strings.TrimPrefix(d, "/"), "/")
		t.trees[first] = append(t.trees[first], d)
	}
	return t
}}

func setOf(list []string) map[string]bool {
	m := make(map[string]bool, len(list))
	for _, s := range list {
		m[s] = true
	}
	return m
}

// inSecretTree reports p inside one of SecretTrees: each of p's names is
// looked up, and the trees that start with it are tested (inTree).
func (t secretTables) inSecretTree(p string) bool {
	rest := p
	for rest != "" {
		name, after, _ := strings.Cut(rest, "/")
		for _, dir := range t.trees[name] {
			if inTree(p, dir) {
				return true
			}
		}
		rest = after
	}
	return false
}

// inTree reports p inside the folder dir (which starts with /) wherever it
// is, or relative to where the path starts.
func inTree(p, dir string) bool {
	if i := strings.Index(p, dir); i >= 0 && (i+len(dir) == len(p) || p[i+len(dir)] == '/') {
		return true
	}
	return strings.HasPrefix(p, dir[1:]) && (len(p) == len(dir)-1 || p[len(dir)-1] == '/')
}

// hostKey reports an ssh host's private key (ssh_host_ed25519_key).
func hostKey(base string) bool {
	return strings.HasPrefix(base, "ssh_host_") && strings.HasSuffix(base, "_key")
}

// keyName reports a name without an extension that ends as private keys'
// names do (deploy_key, github_rsa).
func keyName(base string) bool {
	if strings.Contains(base, ".") || strings.HasPrefix(base, "-") {
		return false
	}
	for _, end := range KeyNameEnds {
		if strings.HasSuffix(base, end) && len(base) > len(end) {
			return true
		}
	}
	return false
}

// sshFolderKey reports a file directly in a .ssh folder that is none of its
// public files (known_hosts, config, authorized_keys, *.pub): a private key,
// whatever it is called.
func sshFolderKey(p, base string) bool {
	if path.Base(path.Dir(p)) != ".ssh" || strings.HasSuffix(base, ".pub") || !plainName(base) {
		return false
	}
	return !slices.Contains(SSHPublicNames, base)
}

// plainName reports a name of letters, digits and . _ - ~ @ + only: what a
// file is called, not a word of code that holds a path (authorized_keys")).
func plainName(base string) bool {
	for _, r := range base {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', strings.ContainsRune("._-~@+", r):
		default:
			return false
		}
	}
	return base != ""
}

// SSHKeyName reports a private key's file name: id_rsa, id_ed25519 … and
// suffixed copies, never the public half (.pub).
func SSHKeyName(base string) bool {
	if strings.HasSuffix(base, ".pub") {
		return false
	}
	for _, key := range SSHKeys {
		if rest, ok := strings.CutPrefix(base, key); ok && (rest == "" || strings.ContainsAny(rest[:1], "_-.~")) {
			return true
		}
	}
	return false
}

// SecretDir reports a folder (the path itself, not a file in it) that holds
// credentials.
func SecretDir(p string) bool {
	p = strings.TrimSuffix(p, "/")
	for _, d := range SecretDirs {
		if strings.HasSuffix(p, d) || p == d[1:] {
			return true
		}
	}
	return false
}

// SecretPattern reports a glob pattern that can match a file holding
// secrets through a pattern in its folders too (~/.a?s/credentials): the
// pattern's last components are matched against each secret file's.
func SecretPattern(pattern string) bool {
	parts := strings.Split(strings.TrimSuffix(pattern, "/"), "/")
	for _, want := range secretIndex.Get().suffixNames {
		if len(want) > len(parts) {
			continue
		}
		if componentsMatch(parts[len(parts)-len(want):], want) {
			return true
		}
	}
	return false
}

// componentsMatch reports each pattern component matching its name.
func componentsMatch(patterns, names []string) bool {
	for i, pat := range patterns {
		if !shglob.Match(pat, names[i]) {
			return false
		}
	}
	return true
}

// SecretVar reports whether an environment variable's name says it holds a
// secret.
func SecretVar(name string) bool {
	upper := strings.ToUpper(name)
	for _, part := range SecretVarParts {
		if strings.Contains(upper, part) {
			return true
		}
	}
	for _, suffix := range SecretVarSuffixes {
		if strings.HasSuffix(upper, suffix) {
			return true
		}
	}
	return false
}

// SecretDirBase reports a folder name that is the last name of a SecretDirs
// entry: a cheap first test before SecretDir.
func SecretDirBase(name string) bool {
	for _, d := range SecretDirs {
		if path.Base(d) == name {
			return true
		}
	}
	return false
}
