package validator

import (
	"strings"
	"testing"
)

// binaryEnv runs permgate from /opt/tools/pg, a name that says nothing of
// permgate; /srv/apps/bin holds another copy, named permgate.
func binaryEnv(asked *int) Env {
	env := corpusEnv
	env.Binary = func() string { *asked++; return "/opt/tools/pg" }
	env.Exists = func(p string) bool { *asked++; return p == "/srv/apps/bin/permgate" }
	return env
}

// TestRunningBinaryByAnyName: the program running now is permgate's own
// file whatever it is called and wherever it lives: a program permgate does
// not know handed it, a glob that matches it, and moving, removing, linking
// over or filling its directory are self_modify, as they are for the config.
func TestRunningBinaryByAnyName(t *testing.T) {
	for _, tt := range []struct {
		command string
		self    bool
	}{
		{`strip /opt/tools/pg`, true},
		{`upx -9 /opt/tools/pg`, true},
		{`objcopy --strip-all /opt/tools/pg /opt/tools/pg`, true},
		{`cd /opt/tools && strip pg`, true},
		{`bash -c 'upx /opt/tools/pg'`, true},
		{`sudo strip /opt/tools/pg`, true},
		{`python3 -c "open('/opt/tools/pg','w').write('')"`, true},
		{`rm /opt/tools/p*`, true},
		{`rm /opt/tools/*`, true},
		{`rm -rf /opt/tools`, true},
		{`rm -rf /opt/t*`, true},
		{`mv /opt/tools /opt/old`, true},
		{`mv ./pg /opt/tools`, true},
		{`mv "$x" /opt/tools`, true},
		{`rsync -a new/ /opt/tools/`, true},
		{`tar -xf x.tar -C /opt/tools`, true},
		{`ln -sfn /tmp/evil /opt/tools`, true},
		{`mv /srv/apps/bin /tmp/x`, true},
		{`rm -rf /srv/apps`, true},
		{`rsync -a t/ /srv/apps/bin/`, true},
		{`rm /srv/apps/bin/perm*`, true},
		// A file landing on it by its name, and the routes the red team found.
		{`cp /tmp/evil/pg /opt/tools/`, true},
		{`cp -t /opt/tools /tmp/evil/pg`, true},
		{`install -D -t /opt/tools /tmp/evil/pg`, true},
		{`ln -sf -t /opt/tools /tmp/evil/pg`, true},
		{`cd /opt/tools && ln -sf /tmp/evil/pg`, true},
		{`rsync /tmp/evil/* /opt/tools/`, true},
		{`rsync -a /tmp/evil/ /opt/t*/`, true},
		{`tar -xf x.tar -C /opt/t*`, true},
		{`cd /opt/tools && cd /tmp && cd - && rm pg`, true},
		{`cd /opt/tools && cd /tmp && cd ~- && rm pg`, true},
		{`pushd /opt/tools; pushd /tmp; popd; rm pg`, true},
		{`echo pg | xargs -I{} rm /opt/tools/{}`, true},
		{`printf '/opt/tools/pg\n' | xargs rm`, true},
		{`find /opt -name pg | xargs rm`, true},
		{`find /opt -name pg -exec cp /tmp/evil/pg {} \;`, true},
		{`vim -es -c '%d' -c wq /opt/tools/pg`, true},
		{`mount -t tmpfs none /opt/tools`, true},
		{`split -b5 -a1 /tmp/in /opt/tools/p`, true},
		{`mytool -o/opt/tools/pg`, true},
		{`mytool a,/opt/tools/pg`, true},
		{`cd /opt/tools && rm /proc/self/cwd/pg`, true},
		{`/opt/tools/pg mode bypass`, true},
		{`/proc/self/root/opt/tools/pg mode bypass`, true},
		{`/opt/tools/pg log`, false},
		{`cd /opt/tools && git stash -u`, true},
		{`cd /opt/tools && git rm -qf pg`, true},
		{`python3 -c 'import os; os.rename("/opt/tools","/tmp/old")'`, true},
		{`gzip -r /opt/tools`, true},
		// The second round: bash's globs, rsync's own options, unquoted
		// substitutions and writers in the program's directory.
		{`rm /opt/tools/[!x]g`, true},
		{`rm /opt/too[!x]s/pg`, true},
		{`rm /opt/tools/[[:lower:]]g`, true},
		{"shopt -s extglob\nrm /opt/tools/@(pg)", true},
		{"shopt -s extglob\nrm /opt/tools/!(README)", true},
		{`rsync -t /tmp/x /opt/tools/pg`, true},
		{`rsync --checksum /tmp/x /opt/tools/pg`, true},
		{`rsync --remove-source-files -r /opt/tools /tmp/`, true},
		{`rsync -a --backup-dir=/opt/tools -b /tmp/s/ /tmp/d/`, true},
		{`rsync -t /tmp/x ~/.config/permgate/config.toml`, true},
		{`rm $(which permgate)`, true},
		{`cd /opt/tools && ar x /tmp/a.a`, true},
		{`cd /opt/tools && curl -JO http://x/dl`, true},
		{`cd /opt/tools && go build ./cmd/pg`, true},
		{`cd /opt/tools && git merge origin/main`, true},
		{`cd /opt/tools && echo pg | xargs rm`, true},
		{`cp -b -S g /tmp/x /opt/tools/p`, true},
		{`SIMPLE_BACKUP_SUFFIX=g cp -b /tmp/x /opt/tools/p`, true},
		{`cd /tmp && cp --parents tools/pg /opt/`, true},
		{`tar -xf a.tar --one-top-level=/opt/tools`, true},
		{`rename s/x/pg/ /opt/tools/x`, true},
		{`pigz -d /opt/tools/pg.gz`, true},
		{`cd /tmp && rm /proc/self/cwd/../opt/tools/pg`, true},
		{`echo /opt/tools/pg | xargs strip`, true},
		{`echo pg | xargs -I{} strip /opt/tools/{}`, true},
		{`find /opt/tools -type f -exec upx {} +`, true},
		{`cd /tmp && cp --parents src/a.go /tmp/out/`, false},
		{`cat urls.txt | xargs -n1 curl -O`, false},
		{`sed -ni '' /opt/tools/pg`, true},
		{`GOBIN=/opt/tools go install ./cmd/pg`, true},
		{`GIT_WORK_TREE=/opt/tools git stash`, true},
		{`GOFLAGS=-o=/opt/tools/pg go build .`, true},
		{`GOFLAGS='-o=/opt/tools/pg -tags=netgo' go build ./cmd/pg`, true},
		{`export GOFLAGS='-tags=netgo -o=/opt/tools/pg'; go build ./cmd/pg`, true},
		{`GOFLAGS='-tags=netgo -trimpath' go build ./cmd/x`, false},
		{`GOBIN=/opt//tools go install ./cmd/pg`, true},
		{`export GOBIN=/opt/x/../tools; go install ./cmd/x`, true},
		{`D=/opt/tools; export GOBIN=$D; go install ./cmd/x`, true},
		{`export GOBIN=$(mktemp -d); go install ./cmd/x`, false},
		{`command export GOBIN=/opt/tools; go install ./cmd/x`, true},
		{`builtin declare -x GOBIN=/opt/tools; go install ./cmd/x`, true},
		{`GOBIN=/tmp/bin go install ./cmd/x`, false},
		// Set earlier in the script, exported or bare (it may be exported
		// already), and inherited by the program that reads it. Every value
		// given is kept: an unset or a new value may not have run.
		{`export GOBIN=/opt/tools; go install ./cmd/pg`, true},
		{`export GOBIN=/opt/tools && cd /tmp && go install example.com/x/pg@latest`, true},
		{`GOBIN=/opt/tools; go install ./cmd/pg`, true},
		{`declare -x GOBIN=/opt/tools; go install ./cmd/pg`, true},
		{`export GIT_WORK_TREE=/opt/tools; git stash`, true},
		{`export GOFLAGS=-o=/opt/tools/pg; go build .`, true},
		{`bash -c 'export GOBIN=/opt/tools; go install ./cmd/pg'`, true},
		{`export GOBIN=/opt/tools; false && unset GOBIN; go install ./cmd/pg`, true},
		{`export GOBIN=/opt/tools; ( unset GOBIN ); go install ./cmd/pg`, true},
		{`export GOBIN=/opt/tools; GOBIN=/tmp/bin go install ./cmd/x`, false},
		{`export GOBIN=/opt/tools; ls /opt/tools`, false},
		{`export GOBIN=/tmp/bin; go install ./cmd/x`, false},
		// A variable no installer reads, or one read by another program,
		// hands nothing to the writer.
		{`export PG=/opt/tools/pg; echo hi > /tmp/out.txt`, false},
		{`TOOLS=/opt/tools; ls $TOOLS; make test`, false},
		{`export GOBIN=/opt/tools; git log > /tmp/log.txt`, false},
		{`export GOBIN=/opt/tools; npm install`, false},
		{`export GOBIN=/opt/tools; go test ./...`, false},
		{`export GOBIN=/opt/tools; gofmt -w .`, false},
		// curl fills #N in -o from what its URL globs matched.
		{`curl -o '/opt/tools/#1' 'http://x/{pg}'`, true},
		{`curl -o '/opt/tools/p#1' 'http://x/[f-h]'`, true},
		{`curl -o 'out/#1.html' 'http://x/{a,b}'`, false},
		{`echo /opt/tools/pg | grep pg | xargs rm`, true},
		{`echo ~/.config/permgate/config.toml | sed 's/x/y/' | xargs rm`, true},
		{`find . -name '*.tmp' | grep -v keep | xargs rm`, false},
		{`sed -n -i '' ~/.config/permgate/config.toml`, true},
		{`rm /opt/tools/[!p]g`, false},
		{`cd /tmp && go build ./cmd/pg`, false},
		{`cp build/*.so /opt/tools/`, false},
		{`cd /tmp && git stash -u`, false},
		// Filling the directory by other names, reading, copying out, and
		// bin directories that hold no permgate are not the program.
		{`mv ./git /opt/tools`, false},
		{`mv -t /opt/tools git`, false},
		{`mv ./git ~/.local/bin`, false},
		{`rsync -a tools/ ~/bin/`, false},
		{`rm -rf /srv/other/bin`, false},
		{`cp /opt/tools/pg /tmp/pg-copy`, false},
		{`strip build/app`, false},
	} {
		asked := 0
		a := New(binaryEnv(&asked)).CheckScript(tt.command)
		if got := hasKind(a, "self_modify"); got != tt.self {
			t.Errorf("%s: self_modify = %v, want %v (%v)", tt.command, got, tt.self, a.Kinds())
		}
		if tt.self && a.Severity != Severe {
			t.Errorf("%s: severity %v, want severe", tt.command, a.Severity)
		}
	}
}

// TestBinaryOnPATH: the name $PATH finds the program under is permgate's.
func TestBinaryOnPATH(t *testing.T) {
	asked := 0
	env := binaryEnv(&asked)
	env.PathDirs = append([]string{"/opt/tools"}, env.PathDirs...)
	for c, self := range map[string]bool{`pg mode bypass`: true, `env pg rules add allow '*'`: true, `rm $(which pg)`: true, `pgx mode bypass`: false} {
		if got := hasKind(New(env).CheckScript(c), "self_modify"); got != self {
			t.Errorf("%s: self_modify = %v, want %v", c, got, self)
		}
	}
}

// TestBinaryByPathReadOnly: the program run by its path is permgate: its
// reads are read-only.
func TestBinaryByPathReadOnly(t *testing.T) {
	asked := 0
	for _, c := range []string{`/opt/tools/pg version`, `/opt/tools/pg log`, `cd /opt/tools && ./pg --help`, `/opt/tools/pg check -- ls`} {
		if a := New(binaryEnv(&asked)).CheckScript(c); !a.AllReadOnly {
			t.Errorf("%s: not read-only (%v)", c, a.Kinds())
		}
	}
}

// TestDescriptorDirWritesAsk: a write inside a directory a file descriptor
// holds, or after the directory stack was lost, may be the program: it asks
// with a finding, never silently.
func TestDescriptorDirWritesAsk(t *testing.T) {
	for _, c := range []string{`exec 3</opt/tools; rm /dev/fd/3/pg`, `rm /dev/stdin/pg < /opt/tools`, `exec 3</opt; mv /dev/fd/3/tools /tmp/x`,
		`pushd /opt/tools; pushd /tmp; pushd +1; rm pg`, `pushd /opt/tools; pushd /tmp; cd ~1; rm pg`, `pushd /opt/tools; pushd /tmp; echo x > ~1/pg`,
		`cd() { builtin cd /opt/tools; }; cd /tmp; rm pg`, `echo L29w | base64 -d | xargs rm`, `echo /opt/tools/gp | rev | xargs rm`, `exec 3</opt/tools; cd /dev/fd/3 && rm pg`} {
		asked := 0
		if a := New(binaryEnv(&asked)).CheckScript(c); !hasKind(a, "protected_write") && !hasKind(a, "self_modify") {
			t.Errorf("%s: no finding (%v)", c, a.Kinds())
		}
	}
}

// TestBinaryNotAskedForReads: a command that only reads never asks where
// the program is, nor the disk whether a bin directory holds it.
func TestBinaryNotAskedForReads(t *testing.T) {
	asked := 0
	v := New(binaryEnv(&asked))
	for _, c := range []string{`ls /opt/tools`, `cat /opt/tools/pg`, `sha256sum /opt/tools/pg`, `file /opt/tools/pg`, `git status && git diff | head`,
		`grep -rn TODO /opt/tools`, `ls /srv/apps/bin`, `cd /opt/tools && git status && ls -la`, `cd /tmp && cd - && ls`} {
		// (run by its path, the program's read-only commands are read-only
		// too: TestBinaryByPathReadOnly, which asks where it is.)
		if a := v.CheckScript(c); !a.AllReadOnly {
			t.Errorf("%s: not read-only (%v)", c, a.Kinds())
		}
	}
	if asked != 0 {
		t.Errorf("the program's path or the disk was asked %d times for read-only commands", asked)
	}
	named := false
	for f := range New(binaryEnv(&asked)).CheckScript(`strip /opt/tools/pg`).All() {
		named = named || f.Kind == "self_modify" && strings.Contains(f.Reason, "the permgate program")
	}
	if !named {
		t.Error("the self_modify finding does not name the permgate program")
	}
}

// TestDescriptorPaths: a path through a file descriptor's directory is in a
// directory known only at run time; /proc/self/cwd is the working directory.
func TestDescriptorPaths(t *testing.T) {
	for p, want := range map[string]string{"/dev/fd/3/pg": "pg", "/dev/fd/3": "", "/dev/stdin/a/b": "a/b", "/proc/self/fd/12/x": "x",
		"/proc/123/fd/1/y/z": "y/z", "/proc/self/fdinfo/1/x": "", "/dev/fd/x/y": "", "/dev/null": ""} {
		if got, ok := fdDirPath(p); ok != (want != "") || ok && got != want {
			t.Errorf("fdDirPath(%s) = %q %v, want %q", p, got, ok, want)
		}
	}
	for p, want := range map[string]string{"/proc/self/cwd/pg": "pg", "/proc/42/cwd/a/b": "a/b", "/proc/self/cwd": "", "/proc/x/cwd/a": ""} {
		if got, ok := procCwd(p); ok != (want != "") || ok && got != want {
			t.Errorf("procCwd(%s) = %q %v, want %q", p, got, ok, want)
		}
	}
}

// TestMovedAwayOrMountedOver: moving /, the home directory or a system or
// top-level directory away, or mounting over one, is severe; mounting on
// /mnt and remounting are not.
func TestMovedAwayOrMountedOver(t *testing.T) {
	for c, severe := range map[string]bool{`mv /var /var2`: true, `mv /opt /opt2`: true, `mv -t /tmp /usr`: true, `mv ~ /tmp/h`: true,
		`mount --bind /tmp /opt`: true, `mount -t tmpfs none ~/.config`: true, `mount /dev/sdb1 /mnt`: false, `mount -o remount,rw /`: false, `mv a.txt b.txt`: false,
		`mount -t tmpfs remount ~/.config`: true, `mount --target ~/.config -t tmpfs none`: true, `mount -o rw,remount /`: false} {
		if got := New(corpusEnv).CheckScript(c).Severity == Severe; got != severe {
			t.Errorf("%s: severe = %v, want %v", c, got, severe)
		}
	}
}

// TestBinaryThroughDiskLinks: a program permgate does not know, handed a
// path that leads to the program through a link on disk, may write it.
func TestBinaryThroughDiskLinks(t *testing.T) {
	asked := 0
	env := binaryEnv(&asked)
	env.Resolve = func(p string) string {
		switch p {
		case "/srv/links/L1/pg", "/srv/links/L3":
			return "/opt/tools/pg"
		}
		return p
	}
	for c, self := range map[string]bool{`strip /srv/links/L1/pg`: true, `strip /srv/links/L3`: true, `strip /srv/links/other`: false} {
		if got := hasKind(New(env).CheckScript(c), "self_modify"); got != self {
			t.Errorf("%s: self_modify = %v, want %v", c, got, self)
		}
	}
}

// TestPipedNames: the names xargs hands a writer are judged where they come
// from when permgate can read them (echo, a here-string, a filter of them,
// find, a lister's operands), and ask wherever it cannot (a file's content,
// a program whose output it does not read, a filter that may rewrite them);
// names of the work tree and read-only uses stay as they were.
func TestPipedNames(t *testing.T) {
	for _, tt := range []struct {
		command string
		want    string // self_modify, protected_write or "" (neither)
	}{
		{`cat <<< /opt/tools/pg | xargs rm`, "self_modify"},
		{`cat <<< ~/.config/permgate/config.toml | xargs rm`, "self_modify"},
		{`grep pg <<< /opt/tools/pg | xargs rm`, "self_modify"},
		{`echo /opt/tools/pg | sort | xargs rm`, "self_modify"},
		{`ls ~/.config/permgate | xargs rm`, "self_modify"},
		{`awk 'BEGIN{print "/opt/tools/pg"}' | xargs rm`, "protected_write"},
		{`echo a | sed 's/a/\/opt\/tools\/pg/' | xargs rm`, "protected_write"},
		{`echo x/opt/tools/pg | cut -c2- | xargs rm`, "protected_write"},
		{`echo x/opt/tools/pg | grep -o '/opt.*' | xargs rm`, "protected_write"},
		{`jq -r .path f.json | xargs rm`, "protected_write"},
		{`some-tool list | xargs rm`, "protected_write"},
		{`git show HEAD:list.txt | xargs rm`, "protected_write"},
		{`xargs rm < list.txt`, "protected_write"},
		{`xargs rm <<< "$files"`, "protected_write"},
		{`sort list.txt | xargs rm`, "protected_write"},
		{`ls $dir | xargs rm`, "protected_write"},
		{`printf '/opt/tools/\160g\n' | xargs rm`, "protected_write"},
		{`printf '%s/tools/pg\n' /opt | xargs rm`, "protected_write"},
		{`printf '%c%c' p g | xargs rm`, "protected_write"},
		{`echo /opt/tools/pgx | head -c13 | xargs rm`, "protected_write"},
		{`echo x | grep -l --label=/opt/tools/pg x | xargs rm`, "protected_write"},
		{`grep -e . /tmp/list | xargs rm`, "protected_write"},
		{`find . -maxdepth 0 -printf '/opt/tools/pg\n' | xargs rm`, "protected_write"},
		{`find . -maxdepth 0 -exec echo /opt/tools/pg \; | xargs rm`, "protected_write"},
		{`sort --files0-from=/tmp/l0 | xargs rm`, "protected_write"},
		{`git diff | xargs rm -f`, "protected_write"},
		{`git ls-files --format=/opt/tools/pg | xargs rm`, "protected_write"},
		{`cd /opt/tools && ls | xargs rm`, "self_modify"},
		{`cd ~/.config/permgate && du -a | xargs rm -f`, "self_modify"},
		{`fd --search-path /opt/tools | xargs rm`, "self_modify"},
		{`printf '%s\n' a.tmp b.tmp | xargs rm`, ""},
		{`git status --porcelain | cut -c4- | xargs git add`, ""},
		{`{ echo /opt/tools/pg; echo a.tmp; } | xargs rm`, "protected_write"},
		{`(echo ~/.config/permgate/config.toml; echo x.o) | xargs rm -f`, "protected_write"},
		{`git ls-files -z | xargs -0 rm`, ""},
		{`find . -name '*.o' | head -n 5 | xargs rm`, ""},
		{`ls -t *.log | tail -n +6 | xargs rm`, ""},
		{`seq 1 5 | xargs -I{} mkdir dir{}`, ""},
		{`date +%F | xargs -I{} cp app.log app-{}.log`, ""},
		{`git rev-parse --short HEAD | xargs -I{} cp dist/a.tgz rel/a-{}.tgz`, ""},
		{`git grep -l foo | xargs sed -i 's/foo/bar/g'`, ""},
		{`echo /opt/tools/pgx | head -c 13 | xargs rm`, "protected_write"},
		{`seq -f /opt/tools/pg 1 | xargs rm`, "protected_write"},
		{`date +/opt/tools/pg | xargs rm`, "protected_write"},
		{`git diff --name-only | grep '\.go$' | xargs gofmt -w`, ""},
		{`grep -rl TODO . | xargs sed -i s/TODO/DONE/`, ""},
		{`find . -name '*.o' | sort | xargs rm`, ""},
		{`ls *.bak | xargs rm`, ""},
		{`echo a.tmp b.tmp | xargs rm`, ""},
		{`grep foo | xargs rm`, ""},
		{`jq -r .path f.json | xargs wc -l`, ""},
		{`cat list.txt | xargs grep -n TODO`, ""},
	} {
		asked := 0
		a := New(binaryEnv(&asked)).CheckScript(tt.command)
		self, protected := hasKind(a, "self_modify"), hasKind(a, "protected_write")
		var got string
		switch {
		case self:
			got = "self_modify"
		case protected:
			got = "protected_write"
		}
		if got != tt.want {
			t.Errorf("%s: got %q, want %q (%v)", tt.command, got, tt.want, a.Kinds())
		}
	}
}

// TestOptionsFileWrites: a downloader handed a file of its own options
// writes where that file says, which is known only at run time: it asks.
func TestOptionsFileWrites(t *testing.T) {
	for c, want := range map[string]bool{
		`curl -K cfg.txt https://example.com/`:      true,
		`curl --config=cfg https://example.com/`:    true,
		`curl -K - <<< 'output=/opt/tools/pg'`:      true,
		`wget --config=w.rc https://example.com/`:   true,
		`aria2c -i list.txt`:                        true,
		`curl -s https://example.com/ | jq .`:       false,
		`wget -q -O - https://example.com/ | head`:  false,
		`aria2c -d /tmp/dl https://example.com/a.z`: false,
	} {
		asked := 0
		a := New(binaryEnv(&asked)).CheckScript(c)
		if got := hasKind(a, "protected_write"); got != want {
			t.Errorf("%s: protected_write = %v, want %v (%v)", c, got, want, a.Kinds())
		}
	}
}

// TestCdOrElse: a cd on the right of || may or may not have run, and the
// one on its left may have failed: where a relative name then lands is not
// known, so writing it is never allowed; cd DIR || exit keeps DIR.
func TestCdOrElse(t *testing.T) {
	for c, want := range map[string]string{
		`cd /opt/tools || cd /tmp; rm pg`:     "protected_write",
		`cd /nowhere || cd /opt/tools; rm pg`: "protected_write",
		`false || cd /opt/tools && strip pg`:  "protected_write",
		`cd /opt/tools || exit 1; rm pg`:      "self_modify",
		`cd /tmp/build || exit 1; rm -f a.o`:  "",
		`cd /tmp/a || cd /tmp/b; ls`:          "",
		`cd "$d" && strip pg`:                 "protected_write",
		`cd "$d" && gcc -o app main.c`:        "",
		// A cd may fail or not run: inside permgate's config, relative
		// names are judged there, before and after.
		`cd ~/.config/permgate; false && cd /tmp; rm x.txt`:  "self_modify",
		`cd ~/.config/permgate; cd /nonexistent; rm x.txt`:   "self_modify",
		`cd /x || cd ~/.config/permgate; rm x.txt`:           "self_modify",
		`cd /tmp && cd ~/.config/permgate || true; rm x.txt`: "self_modify",
	} {
		asked := 0
		a := New(binaryEnv(&asked)).CheckScript(c)
		got := ""
		switch {
		case hasKind(a, "self_modify"):
			got = "self_modify"
		case hasKind(a, "protected_write"):
			got = "protected_write"
		}
		if got != want {
			t.Errorf("%s: got %q, want %q (%v)", c, got, want, a.Kinds())
		}
	}
}

// TestInstallRootVars: a variable naming a root an installer adds bin/ to
// (GOPATH, CARGO_INSTALL_ROOT) set earlier in the script hands the
// installer the program's directory when the program is in ROOT/bin.
func TestInstallRootVars(t *testing.T) {
	env := corpusEnv
	env.Binary = func() string { return "/opt/tools/bin/pg" }
	for c, want := range map[string]bool{
		`export GOPATH=/opt/tools; go install ./cmd/x`:             true,
		`export CARGO_INSTALL_ROOT=/opt/tools; cargo install rg`:   true,
		`GOPATH=/opt/tools; go install ./cmd/x`:                    true,
		`export GOPATH=/opt/other; go install ./cmd/x`:             false,
		`export GOPATH=/opt/tools; go test ./...`:                  false,
		`export CARGO_INSTALL_ROOT=/opt/tools; go install ./cmd/x`: false,
	} {
		if got := hasKind(New(env).CheckScript(c), "self_modify"); got != want {
			t.Errorf("%s: self_modify = %v, want %v", c, got, want)
		}
	}
}
