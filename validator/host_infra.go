package validator

import (
	"github.com/permgate/permgate/judge/cloud"
	"github.com/permgate/permgate/judge/containers"
	"github.com/permgate/permgate/shellparse"
)

// The methods below are what the infrastructure rooms (judge/containers,
// judge/cloud) ask of the command being judged beyond host.go's; each calls
// the validator's own judge.

var (
	_ containers.Host = (*checker)(nil)
	_ cloud.Host      = (*checker)(nil)
)

// ContainerRealPaths returns the paths p may be once its symbolic links are
// followed, p first.
func (ck *checker) ContainerRealPaths(p string) []string { return ck.realPaths(p) }

// ContainerMountsSelf reports a path that is one of permgate's own files or
// a directory above them: a container it is mounted into can rewrite them.
func (ck *checker) ContainerMountsSelf(p string) bool {
	return ck.v.self.File(p) != "" || ck.v.self.Ancestor(p, true)
}

// ContainerCritical says why writing p is catastrophic, or "".
func (ck *checker) ContainerCritical(p string) string { return ck.v.critical(p) }

// ContainerDeclared adds the findings the registry declares for a command
// judged as another (minikube kubectl ARGS is kubectl ARGS).
func (ck *checker) ContainerDeclared(c shellparse.SimpleCommand, base string, args []shellparse.Word) {
	ck.declared(c, base, args)
}

// CloudWriteInto judges a file a copy writes: the target may be a directory
// the copy puts its file in, or a name known only at run time.
func (ck *checker) CloudWriteInto(w shellparse.Word, how string) {
	ck.intoDir = true
	ck.writeTargetOpt(w, how, true)
	ck.intoDir = false
}

// CloudVar returns what the script knows of a variable before the command:
// its value, whether the value is known, whether it is set at all.
func (ck *checker) CloudVar(name string) (value string, known, set bool) {
	value, known = ck.vars[name]
	return value, known, known || ck.assigned[name]
}

// CloudOperands returns a command's operands by its declared grammar (an
// undeclared program's words that do not start with a dash).
func (ck *checker) CloudOperands(c shellparse.SimpleCommand) []shellparse.Word { return operandsOf(c) }

// CloudStdinFrom returns the commands of the script whose output the
// command reads on its standard input (cat ~/.ssh/id_rsa | aws s3 cp - …).
func (ck *checker) CloudStdinFrom(c shellparse.SimpleCommand) []shellparse.SimpleCommand {
	var out []shellparse.SimpleCommand
	for _, i := range c.Stdin.From {
		if i >= 0 && i < len(ck.res.Commands) {
			out = append(out, ck.res.Commands[i])
		}
	}
	return out
}

// judgeContainer and judgeCloud are the rooms' dispatch entries.
func judgeContainer(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	containers.Judge(ck, c, args)
}

func judgeCloud(ck *checker, c shellparse.SimpleCommand, args []shellparse.Word) {
	cloud.Judge(ck, c, args)
}
