package shellparse

import (
	"os"
	"slices"
	"testing"
)

// valueDiffCases are scripts whose last statement prints words (printf
// '%s\0' @@ WORDS): permgate must resolve every word statically, from the
// values the script gives its variables, and bash must print exactly those
// words. The expected values come from bash, never from permgate.
var valueDiffCases = []string{
	`x=rm; printf '%s\0' @@ $x -rf`,
	`x='rm -rf'; printf '%s\0' @@ $x`,
	`x=r; x+=m; printf '%s\0' @@ "$x"`,
	`x=a y=$x; printf '%s\0' @@ "$y"`,
	`export X=v; printf '%s\0' @@ "$X"`,
	`declare -r X=v; printf '%s\0' @@ "$X"`,
	`declare "X=v w"; printf '%s\0' @@ "$X"`,
	`n=X; declare "$n=v"; printf '%s\0' @@ "$X"`,
	`printf -v c 'r%s' m; printf '%s\0' @@ "$c"`,
	`printf -v c '%s-%s|' a b c; printf '%s\0' @@ "$c"`,
	`printf -v c '%03d:%x' 7 255; printf '%s\0' @@ "$c"`,
	`printf -v c -- '%s' x; printf '%s\0' @@ "$c"`,
	`printf -v c '%s\n' a; printf '%s\0' @@ "$c"`,
	`v=C; printf -v "$v" %s w; printf '%s\0' @@ "$C"`,
	`read -r c a <<< 'rm -rf x'; printf '%s\0' @@ "$c" "$a"`,
	`read -r c a <<< '  rm   -rf   x  '; printf '%s\0' @@ "$c" "$a"`,
	`read -r a b c <<< 'one'; printf '%s\0' @@ "$a" "$b" "$c"`,
	`read -r t <<< ~/.ssh; printf '%s\0' @@ "$t"`,
	"read -r a b <<EOF\nx y z\nsecond line\nEOF\nprintf '%s\\0' @@ \"$a\" \"$b\"",
	"read -r a <<'EOF'\n$HOME\nEOF\nprintf '%s\\0' @@ \"$a\"",
	`read -ra w <<< 'a b  c'; printf '%s\0' @@ "${w[@]}"`,
	`a=(rm -rf ~); printf '%s\0' @@ "${a[@]}"`,
	`a=(x 'y z'); printf '%s\0' @@ "${a[@]}" "${a[1]}" "${#a[@]}"`,
	`a=(x y); printf '%s\0' @@ "${a[*]}" $a "${a[-1]}"`,
	`a=(x); a+=(y z); a[1]=w; printf '%s\0' @@ "${a[@]}"`,
	`a=({b,c}d e); printf '%s\0' @@ "${a[@]}"`,
	`a=(x rm -rf y); printf '%s\0' @@ "${a[@]:1}" "${a[@]:1:2}" "${a[@]:9}"`,
	`declare -a t=(/ /usr); printf '%s\0' @@ "${t[0]}"`,
	`declare -A m=([cmd]=rm [k]='a b'); printf '%s\0' @@ ${m[cmd]} "${m[k]}"`,
	`declare -A m; m[cmd]=rm; printf '%s\0' @@ "${m[cmd]}"`,
	`x=ls; declare -n r=x; printf '%s\0' @@ "$r"`,
	`declare -n r=x; x=ls; printf '%s\0' @@ "$r"`,
	`f=$(dirname ~/.codex/config.toml); printf '%s\0' @@ "$f"`,
	`f=$(basename ~/.ssh/id_rsa); printf '%s\0' @@ "$f"`,
	`f=$(printf '%s/.config' ~); printf '%s\0' @@ "$f"`,
	`f=$(echo ~); printf '%s\0' @@ "$f"`,
	`x=a; f=$(echo "$x" b); printf '%s\0' @@ "$f" $(echo $f)`,
	`f=$(realpath /); printf '%s\0' @@ "$f"`,
	`printf '%s\0' @@ "$(command -v printf)"`,
	`x=a; eval "printf '%s\\0' @@ \"\$x\" b"`,
	`x=abc; printf '%s\0' @@ ${#x} ${x^} ${x^^} ${x%c} ${x#?} ${x//[ab]/z} ${x:-d} ${x:+alt} "${x/[!a]/-}"`,
	`x=; printf '%s\0' @@ "${x:-def}" "${x-set}" "${x:+no}" "${x+yes}"`,
	`x=/a/b/c.txt; printf '%s\0' @@ "${x%.*}" "${x##*.}" "${x%/*}" "${x#*/}" "${x%%/*}" "${x##*/}"`,
	`x=rx; printf '%s\0' @@ ${x/x/m} "${x//[!r]/y}" "${x/?/}"`,
	`x='a*b'; printf '%s\0' @@ "${x#a\*}" "${x#a?}"`,
	`x=RM; printf '%s\0' @@ ${x,,} ${x,} "${x^}"`,
	`x=ab; printf '%s\0' @@ "${x#"a"}" "${x%\b}" "${x/"a"/c}"`,
	`x=rm; y=x; printf '%s\0' @@ ${!y} "${!y}"`,
	`x=rrm; printf '%s\0' @@ ${x:1} ${x:0:2} "${x:5}" "${x:1:0}"`,
	`f=$(realpath //usr/./bin/); printf '%s\0' @@ "$f"`,
	`read -d '' x <<< 'a'; printf '%s\0' @@ "$x"`,
	`declare -u x=rm; printf '%s\0' @@ "$x"`,
	`typeset -l c=RM; printf '%s\0' @@ "$c"`,
	`declare -l c; c=RM; c+=X; printf '%s\0' @@ "$c"`,
	`declare -l c; read -r c <<< 'A B'; printf '%s\0' @@ "$c"`,
	`declare -xu c=ls; printf '%s\0' @@ "$c"`,
	`for c in echo rm; do :; done; printf '%s\0' @@ "$c"`,
	`for c in a 'b c'; do x=1; done; printf '%s\0' @@ "$c"`,
	`case x in y) ;; x) c=rm;; esac; printf '%s\0' @@ "$c"`,
	`case ab in a) ;; a*) c=rm; d=$c;; *) e=ls;; esac; printf '%s\0' @@ "$d"`,
	`c=ls; f() { printf '%s\0' @@ "$c"; }; f`,
	`set -- ls rm; shift; printf '%s\0' @@ "$1"`,
	`set -- a b rm x; shift 2; printf '%s\0' @@ "$@"`,
	`set -- a b; shift 3; printf '%s\0' @@ "$1"`,
	`x=$(( 1 )); a=(ls rm); printf '%s\0' @@ "${a[x]}" "${a[x-1]}" $(( (x + 2) * 3 % 4 )) $((-7 / 2))`,
	`x=4; printf '%s\0' @@ $(( $x * 2 )) "$(( x - 10 ))"`,
	`f() { local c=rm; printf '%s\0' @@ "$c"; }; f`,
	`eval "c=rm"; printf '%s\0' @@ "$c"`,
	`x=rm; eval 'c=$x' "d=1"; printf '%s\0' @@ "$c" "$d"`,
	`x=ls; eval y=1; printf '%s\0' @@ "$x"`,
	`f() { read -r c d <<< 'a b'; printf '%s\0' @@ "$c" "$d"; }; f`,
	`export c=rm; bash -c 'printf "%s\0" @@ "$c"'`,
	`c=rm; export c; bash -c 'printf "%s\0" @@ "$c"'`,
	`c=ls bash -c 'printf "%s\0" @@ "$c"'`,
	`export c=rm; bash -c 'c=ls; printf "%s\0" @@ "$c"'`,
	`read -r -d '' a b <<< $'x\ny z'; printf '%s\0' @@ "$a" "$b"`,
	`read -d : a <<< 'x y:z'; printf '%s\0' @@ "$a"`,
	`IFS=: read -r a b <<< 'rm:-rf'; printf '%s\0' @@ "$a" "$b"`,
	`IFS=: read -r a b c <<< ' x :y:z'; printf '%s\0' @@ "$a" "$b" "$c"`,
	`IFS=': ' read -r a b <<< ' x : y '; printf '%s\0' @@ "$a" "$b"`,
	`IFS= read -r a b <<< '  x y  '; printf '%s\0' @@ "$a" "$b"`,
	`IFS=: read -ra w <<< 'a::b:'; printf '%s\0' @@ "${w[@]}"`,
	`read a < <(echo rm); printf '%s\0' @@ "$a"`,
	`read a b < <(printf '%s %s\n' x y); printf '%s\0' @@ "$a" "$b"`,
	`mapfile -t c <<< rm; printf '%s\0' @@ "${c[0]}" "${#c[@]}"`,
	"mapfile c <<EOF\nx\ny\nEOF\nprintf '%s\\0' @@ \"${c[@]}\"",
	`mapfile -d '' c <<< rm; printf '%s\0' @@ "${c[@]}"`,
	`mapfile -t -d : -s 1 -n 2 c <<< 'a:b:c:d'; printf '%s\0' @@ "${c[@]}"`,
	`readarray -t <<< $'a\nb'; printf '%s\0' @@ "${MAPFILE[@]}"`,
	`mapfile -t c < <(printf '%s\n' ls rm); printf '%s\0' @@ "${c[1]}"`,
}

// valueDynamicCases are scripts whose printed words must stay dynamic: the
// value may be anything, so it is never taken as known.
var valueDynamicCases = []string{
	`read -r x < /etc/hostname; printf '%s\0' @@ "$x"`,
	`echo rm | read -r x; printf '%s\0' @@ "$x"`,
	`read -r x <<< "$line"; printf '%s\0' @@ "$x"`,
	`x=rm; x=ls; printf '%s\0' @@ "$x"`,
	`x=rm; eval "$y"; printf '%s\0' @@ "$x"`,
	`IFS=,; x=a; printf '%s\0' @@ "$x"`,
	`x=$(whoami); printf '%s\0' @@ "$x"`,
	`printf -v x '%s' "$(whoami)"; printf '%s\0' @@ "$x"`,
	`f() { x=ls; }; x=rm; f; printf '%s\0' @@ "$x"`,
	`x=rm; printf -v "$v" %s ls; printf '%s\0' @@ "$x"`,
	`declare -n r="$v"; printf '%s\0' @@ "$r"`,
	`a=(*); printf '%s\0' @@ "${a[0]}"`,
	`declare -A m=([a]=1 [b]=2); printf '%s\0' @@ "${m[@]}"`,
	`declare -i x=1+1; printf '%s\0' @@ "$x"`,
	`declare -u x; x=(rm); printf '%s\0' @@ "${x[0]}"`,
	`if y; then declare -l x; fi; x=RM; printf '%s\0' @@ "$x"`,
	`echo() { printf x; }; printf '%s\0' @@ "$(echo rm)"`,
	`PATH=/tmp/evil:$PATH; printf '%s\0' @@ "$(dirname /a/b)"`,
	`source ./lib.sh; printf '%s\0' @@ "$(dirname /a/b)"`,
	`alias echo=printf; printf '%s\0' @@ "$(echo rm)"`,
	`printf '%s\0' @@ "$(realpath /tmp/l/..)"`,
	`printf '%s\0' @@ "$(pwd -P)"`,
	`read x <<< 'a\ b'; printf '%s\0' @@ "$x"`,
	`read x < <(cat /etc/hostname); printf '%s\0' @@ "$x"`,
	`mapfile -t c < /etc/hostname; printf '%s\0' @@ "${c[0]}"`,
	`mapfile -u 3 -t c <<< rm; printf '%s\0' @@ "${c[0]}"`,
	`IFS=: read -r a b <<< 'x:y:z'; printf '%s\0' @@ "$b"`,
	`IFS=$v read -r a b <<< 'x:y'; printf '%s\0' @@ "$a"`,
	`if x; then mapfile -t c <<< rm; fi; printf '%s\0' @@ "${c[0]}"`,
	`read -n 1 a <<< rm; printf '%s\0' @@ "$a"`,
	`for c in rm ls; do break; done; printf '%s\0' @@ "$c"`,
	`f() { break; }; for c in rm ls; do f; done; printf '%s\0' @@ "$c"`,
	`for c in /*; do :; done; printf '%s\0' @@ "$c"`,
	`case $1 in x) c=rm;; esac; printf '%s\0' @@ "$c"`,
	`case x in x) c=rm;& y) c=ls;; esac; printf '%s\0' @@ "$c"`,
	`f() { printf '%s\0' @@ "$c"; }; c=ls; f`,
	`set -- ls rm; if x; then shift; fi; printf '%s\0' @@ "$1"`,
	`set -- ls rm; shift $n; printf '%s\0' @@ "$1"`,
	`printf '%s\0' @@ $(( y + 1 ))`,
	`printf '%s\0' @@ $(( 010 ))`,
	`x=$(( 1 )); x=2; a=(ls rm); printf '%s\0' @@ "${a[x]}"`,
	`printf '%s\0' @@ $(( z = 1 ))`,
	`f() { local c=rm; g; printf '%s\0' @@ "$c"; }; g() { c=ls; }; f`,
	`f() { if x; then local c=rm; fi; printf '%s\0' @@ "$c"; }; f`,
	`f() { local c=$1; printf '%s\0' @@ "$c"; }; f rm`,
	`eval "c=$x"; printf '%s\0' @@ "$c"`,
	`eval "eval c=ls"; printf '%s\0' @@ "$c"`,
	`if y; then eval "c=rm"; fi; printf '%s\0' @@ "$c"`,
	`c=ls; eval "c=rm"; printf '%s\0' @@ "$c"`,
	`export c=rm; c=$x bash -c 'printf "%s\0" @@ "$c"'`,
	`c=rm; bash -c 'printf "%s\0" @@ "$c"'`,
	`c=ls; f() { printf '%s\0' @@ "$c"; }; eval "$x"; f`,
	`x=a; (x=b); printf '%s\0' @@ "$x"`,
	`PATH=/tmp/x:$PATH; printf '%s\0' @@ "$(command -v rm)"`,
	`printf '%s\0' @@ "$(command -v ./rm)"`,
	`x=ls; exec {x}>/dev/null; printf '%s\0' @@ "$x"`,
	`x=ls; coproc x { cat; }; printf '%s\0' @@ "$x"`,
	`n=x; x=ls; : "${!n:=rm}"; printf '%s\0' @@ "$x"`,
	`x=$(echo 'r\x6d'); printf '%s\0' @@ "$x"`,
	`for f in a b; do coproc f { :; }; printf '%s\0' @@ "$f"; done`,
	`x=$(for f in a; do eval "$g"; printf '%s\0' @@ "$f"; done)`,
}

// valueWords parses a script and returns the words of its last printf
// '%s\0' @@ command (in a substitution or an eval too) that is not an alternative
// reading, after the sentinel.
func valueWords(t *testing.T, script string) []Word {
	t.Helper()
	res := NewParser(Options{Home: diffHome}).ParseScript(script)
	if len(res.Problems) > 0 {
		t.Fatalf("%q: permgate problems: %+v", script, res.Problems)
	}
	for i := len(res.Commands) - 1; i >= 0; i-- {
		c := res.Commands[i]
		if c.Name != "printf" || c.Alternative || len(c.Argv) < 3 || c.Argv[2].Text != diffSentinel {
			continue
		}
		return c.Argv[3:]
	}
	t.Fatalf("%q: no printf @@ command", script)
	return nil
}

// TestDifferentialValues checks the values analysis against bash: each
// case's words are static, and bash prints them.
func TestDifferentialValues(t *testing.T) {
	if _, err := os.Stat(bashPath); err != nil {
		t.Skipf("%s not available: %v", bashPath, err)
	}
	dir := t.TempDir()
	for i, script := range valueDiffCases {
		t.Run(caseName(i, script), func(t *testing.T) {
			words := valueWords(t, script)
			for _, w := range words {
				if !w.Static {
					t.Fatalf("%q: word %q left dynamic, want the value bash prints", script, w.Text)
				}
			}
			got, err := bashScriptWords(t, dir, script)
			if err != nil {
				t.Fatalf("%q: bash: %v", script, err)
			}
			if !slices.Equal(texts(words), got) {
				t.Errorf("%q:\n  bash:     %q\n  permgate: %q", script, got, texts(words))
			}
		})
	}
}

// TestValuesStayUnknown: a value that could be anything is never taken as
// known, whatever it was before.
func TestValuesStayUnknown(t *testing.T) {
	for i, script := range valueDynamicCases {
		t.Run(caseName(i, script), func(t *testing.T) {
			words := valueWords(t, script)
			for _, w := range words {
				if w.Static {
					t.Errorf("%q: word %q is static, want it known only at run time", script, w.Text)
				}
			}
		})
	}
}

// bashScriptWords runs a whole script with bash and returns the words its
// last printf printed after the sentinel.
func bashScriptWords(t *testing.T, dir, script string) ([]string, error) {
	t.Helper()
	words, err := bashWords(t, dir, "\n"+script)
	if err != nil {
		return nil, err
	}
	// bashWords ran diffPrefix first: an empty printf, then the script's.
	for i, w := range words {
		if w == diffSentinel {
			return words[i+1:], nil
		}
	}
	return words, nil
}
