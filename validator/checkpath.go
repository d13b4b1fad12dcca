package validator

import (
	"fmt"
	"github.com/permgate/permgate/internal/shglob"
	"github.com/permgate/permgate/places"
	"path"
	"strings"

	"github.com/permgate/permgate/finding"
	"github.com/permgate/permgate/judge/self"
)

// PathOp is what a file tool does with a path.
type PathOp int

// Path operations.
const (
	// PathRead reads the file (Read, read_many_files, Grep).
	PathRead PathOp = iota
	// PathWrite writes, edits, creates or deletes the file (Write, Edit,
	// apply_patch, replace, write_file).
	PathWrite
)

// CheckPath judges a file tool's path exactly as a shell command touching the
// same path would be: reading a secret is secret_access; writing permgate's
// own files or a harness's hook settings is self_modify; writing a critical
// path is critical_write; writing into a protected folder or a project's
// .permgate.toml is protected_write. A relative path is taken against Env.Cwd,
// ~ against Env.Home, and Env.Resolve follows symlinks on disk.
func (v *Validator) CheckPath(op PathOp, p string) []Finding {
	if p == "" {
		return nil
	}
	abs := p
	switch {
	case (p == "~" || strings.HasPrefix(p, "~/")) && v.env.Home != "":
		abs = v.env.Home + p[1:]
	case !strings.HasPrefix(p, "/"):
		abs = path.Join(v.env.Cwd, p)
	}
	abs = path.Clean(abs)
	paths := []string{abs}
	cut := false
	if v.env.Resolve != nil {
		if r := v.lookup(abs); r != "" && path.Clean(r) != abs {
			paths = append(paths, path.Clean(r))
		}
		cut = v.lookupsCut
	}
	var out []Finding
	if cut {
		// Past the look-ups one validator makes, a link is not followed:
		// where the path leads is not known.
		out = append(out, Finding{Kind: finding.TooComplex, Severity: NonSevere, ID: string(finding.TooComplex) + ".lookups", Command: p,
			Reason: OneLine(fmt.Sprintf("more than %d paths to look up on disk; %s was judged by its name only", maxLookups, p))})
	}
	add := func(kind finding.Kind, name string, sev Severity, reason string) {
		f := Finding{Kind: kind, Severity: sev, Reason: OneLine(reason), ID: string(kind) + "." + name, Command: p}
		if !hasFinding(out, f) {
			out = append(out, f)
		}
	}
	for _, q := range paths {
		shown := p
		if q != abs {
			shown = p + " (through a link to " + q + ")"
		}
		if op == PathRead {
			// A folder of secrets (~/.ssh, ~/.aws) is read whole by a search
			// tool (Grep's path), as grep -r ~/.ssh reads it.
			folder := !hasGlob(q) && places.SecretDirBase(path.Base(q)) && secretDir(q)
			if secretName(q) || hasGlob(q) && globSecret(q) || folder {
				add("secret_access", "read_secret", NonSevere, "reads "+shown+", which holds secrets")
			} else if v.self.CoversSealKey(q) {
				add("secret_access", "read_seal_key", NonSevere, "reads "+shown+", which holds the key that seals permgate's config and state")
			}
			continue
		}
		if hasGlob(q) {
			if in, _ := v.self.Glob(q); in {
				add("self_modify", "self_glob", Severe, "writes "+shown+", which may name "+self.Reason)
			} else if in, _ := v.self.GlobBinary(q); in {
				add("self_modify", "self_glob", Severe, "writes "+shown+", which may name "+self.BinaryReason)
			}
		}
		if why := v.self.Write(q); why != "" {
			add("self_modify", "self_path", Severe, "writes "+shown+", "+why)
		}
		if crit := v.critical(q); crit != "" {
			add("critical_write", "write_path", Severe, "writes "+shown+": "+crit)
		} else if prot := protected(q); prot != "" && v.self.File(q) == "" {
			add("protected_write", "write_path", NonSevere, "writes "+shown+" into "+prot)
		}
	}
	return out
}

// globSecret reports a pattern (read_many_files takes globs) that may match a
// secret file: ~/.ssh/id_*, **/.env*, or anything in a secrets folder.
func globSecret(pattern string) bool {
	dir, base := path.Split(pattern)
	dir = path.Clean(dir)
	if strings.Trim(globBrackets.Get().ReplaceAllString(base, ""), "*?") == "" {
		// * alone: secret only in a folder of secrets
		return secretName(dir+"/x") || path.Base(dir) == ".ssh"
	}
	for _, ex := range secretExamples {
		if strings.HasPrefix(ex, ".") && !strings.HasPrefix(base, ".") {
			continue
		}
		if shglob.Match(base, ex) {
			return true
		}
	}
	return secretName(dir + "/" + globStandIn(base))
}
