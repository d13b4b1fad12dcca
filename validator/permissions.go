package validator

import (
	"github.com/permgate/permgate/internal/lazyre"
	"strings"

	"github.com/permgate/permgate/judge/self"
	"github.com/permgate/permgate/shellparse"
)

var worldWritable = lazyre.Regexp{Src: `^0*[0-7]?[0-7][0-7][2367]$`}

var setID = lazyre.Regexp{Src: `^0*[2-7][0-7]{3}$`}

// chmod judges modes that open files to everyone or set setuid/setgid, and
// recursive changes on critical paths.
func (ck *checker) chmod(c shellparse.SimpleCommand, args []shellparse.Word) {
	p := readPerm("chmod", args)
	if p.mode != nil {
		ck.chmodMode(p.mode.Text)
	}
	if p.recursive {
		ck.recursiveOnCritical(c, p.targets)
	}
	ck.permsOnSelfDirs(c.Name, p.targets)
}

// chmodMode judges a mode that lets every user write, or sets setuid
// (setgid alone, chmod g+s DIR, only keeps the folder's group on new files).
func (ck *checker) chmodMode(mode string) {
	open, setid := judgeMode(mode)
	if setid && (setUID(mode) || open) {
		ck.addSafer("permissions_open", "setuid", Severe, "chmod "+mode+" sets setuid/setgid, letting others run it as its owner", "chmod u+x (or 755) makes it runnable without running as its owner")
	}
	if open {
		ck.addSafer("permissions_open", "chmod_777", Severe, "chmod "+mode+" lets every user write the files", "give only the access needed: chmod 755 or u+x for a program, 644 for a file")
	}
}

// setfacl changes a file's access control list: on a directory above
// permgate's files or the hook settings, as chmod does. Its operands are the
// files; the ACL specs are option values (registry).
func (ck *checker) setfacl(c shellparse.SimpleCommand, _ []shellparse.Word) {
	ck.permsOnSelfDirs(c.Name, operandsOf(c))
}

// permsOnSelfDirs: changing the mode or owner of a directory above
// permgate's files or a harness's hook settings (chmod 000 ~/.cursor) can hide
// the settings from the harness, which then runs no hook.
func (ck *checker) permsOnSelfDirs(name string, targets []shellparse.Word) {
	for _, t := range targets {
		self.TreeSelf(ck, t, name+" on "+t.Text+", which", false)
	}
}

// judgeMode reads an octal or symbolic chmod mode: does it give others write
// permission, and does it set setuid or setgid?
func judgeMode(mode string) (open, setid bool) {
	if worldWritable.Get().MatchString(mode) {
		return true, setID.Get().MatchString(mode)
	}
	if setID.Get().MatchString(mode) {
		return false, true
	}
	for _, clause := range strings.Split(mode, ",") {
		o, s := judgeClause(clause)
		open, setid = open || o, setid || s
	}
	return open, setid
}

// judgeClause reads one clause of a symbolic mode (go+w, o-x+w).
func judgeClause(clause string) (open, setid bool) {
	who := strings.TrimLeft(clause, "ugoa")
	whoLetters := clause[:len(clause)-len(who)]
	others := whoLetters == "" || strings.ContainsAny(whoLetters, "oa")
	// Each action is an operator followed by permissions: o-x+w is two actions.
	for _, action := range splitActions(who) {
		op, perm := action[0], action[1:]
		if op == '-' {
			continue
		}
		grantsWrite := strings.Contains(perm, "w") || strings.ContainsAny(perm, "ug") && perm != "o"
		if others && grantsWrite && (whoLetters != "" || op == '=') {
			open = true
		}
		if strings.Contains(perm, "s") {
			setid = true
		}
	}
	return open, setid
}

// splitActions splits "+w-x=r" into "+w", "-x", "=r".
func splitActions(s string) []string {
	var out []string
	for len(s) > 0 {
		end := strings.IndexAny(s[1:], "+-=")
		if end < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:end+1])
		s = s[end+1:]
	}
	return out
}

// chown judges chown and chgrp: on a directory above permgate's files, and
// recursively on a critical one.
func (ck *checker) chown(c shellparse.SimpleCommand, args []shellparse.Word) {
	p := readPerm(c.Name, args)
	ck.permsOnSelfDirs(c.Name, p.targets)
	if p.recursive {
		ck.recursiveOnCritical(c, p.targets)
	}
}

// recursiveOnCritical: chmod -R and chown -R on a critical or top-level
// directory change everything in it.
func (ck *checker) recursiveOnCritical(c shellparse.SimpleCommand, targets []shellparse.Word) {
	for _, t := range targets {
		if !t.Static {
			continue
		}
		p := ck.resolve(t.Text)
		crit := ck.v.critical(p)
		if crit == "" && (topDir(p) != "" || p == "/usr/local") {
			crit = p + " (a top-level directory)"
		}
		if crit != "" {
			ck.add("permissions_open", "recursive_critical", Severe, c.Name+" -R changes the permissions of everything in "+crit)
		}
	}
}

// install -m MODE sets a mode like chmod does.
func (ck *checker) install(c shellparse.SimpleCommand, _ []shellparse.Word) {
	for _, m := range valuesOf(c, "-m", "--mode") {
		open, setid := judgeMode(m.Text)
		if open || setid {
			ck.add("permissions_open", "install_mode", Severe, "install -m "+m.Text+" makes the file writable by everyone or setuid/setgid")
		}
	}
}

// setcapDangerous are capabilities that make a program root.
var setcapDangerous = []string{"cap_setuid", "cap_setgid", "cap_sys_admin", "cap_dac_override", "cap_dac_read_search", "cap_sys_ptrace",
	"cap_sys_module", "cap_chown", "cap_fowner", "cap_sys_rawio", "cap_bpf", "cap_sys_boot", "cap_setfcap", "cap_setpcap", "all"}

// setcap: giving a program a capability that makes it root is a way to root.
func (ck *checker) setcap(c shellparse.SimpleCommand, _ []shellparse.Word) {
	for _, a := range operandsOf(c) {
		t := strings.ToLower(a.Text)
		if !strings.ContainsAny(t, "+=") {
			continue
		}
		_, flags, _ := strings.Cut(strings.NewReplacer("=", "+").Replace(t), "+")
		if !strings.Contains(flags, "e") && !strings.HasPrefix(t, "=") && !strings.Contains(t, "=e") {
			continue
		}
		for _, capName := range setcapDangerous {
			if strings.Contains(t, capName) || t == "=ep" || strings.HasPrefix(t, "=e") {
				ck.addFinding(Finding{Kind: "privilege_escalation", Severity: Severe, ID: "privilege_escalation.setcap",
					Reason: OneLine("setcap " + a.Text + " lets the program act as root for whoever runs it")})
				return
			}
		}
	}
}

// setUID reports a mode that sets the setuid bit (4xxx, u+s, +s, a+s).
func setUID(mode string) bool {
	if isDigits(mode) {
		return len(mode) >= 4 && (mode[len(mode)-4]-'0')&4 != 0
	}
	for _, clause := range strings.Split(mode, ",") {
		who := strings.TrimLeft(clause, "ugoa")
		whoLetters := clause[:len(clause)-len(who)]
		if whoLetters != "" && !strings.ContainsAny(whoLetters, "ua") {
			continue
		}
		for _, action := range splitActions(who) {
			if action[0] != '-' && strings.Contains(action, "s") {
				return true
			}
		}
	}
	return false
}

// tighteningMode reports a mode that gives group and others no write and sets
// no special bit (600, 700, 644, go-rwx, u+x): it can only close a file.
func tighteningMode(mode string) bool {
	if isDigits(mode) {
		return tighteningOctal(mode)
	}
	for _, clause := range strings.Split(mode, ",") {
		if !tighteningClause(clause) {
			return false
		}
	}
	return true
}

// tighteningOctal reports an octal mode with no write for group and others
// and no special bit.
func tighteningOctal(mode string) bool {
	n := 0
	for _, d := range mode {
		if d > '7' {
			return false
		}
		n = n*8 + int(d-'0')
	}
	return n&0o7022 == 0
}

// tighteningClause reports a clause of a symbolic mode that only takes
// access away, or gives the owner what is not special.
func tighteningClause(clause string) bool {
	who := strings.TrimLeft(clause, "ugoa")
	whoLetters := clause[:len(clause)-len(who)]
	if who == "" {
		return false
	}
	for _, action := range splitActions(who) {
		op, perm := action[0], action[1:]
		switch {
		case op == '-':
		case op == '=' && perm == "":
		case whoLetters == "u" && !strings.ContainsAny(perm, "sgo"):
		case op == '=' && !strings.ContainsAny(perm, "wsgo") && whoLetters != "" && !strings.Contains(whoLetters, "a"):
		default:
			return false
		}
	}
	return true
}
