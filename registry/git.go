package registry

// gitGlobal is git's grammar before its subcommand (git -C DIR -c K=V VERB).
// git's verbs are judged by Go code (validator/git.go): force pushes, resets,
// cleans and the read-only verbs need their operands understood.
var gitGlobal = Grammar{Short: "C:c:", Long: []string{"git-dir=", "work-tree=", "namespace=", "config-env=", "super-prefix=", "attr-source=",
	"exec-path=?", "list-cmds=", "paginate", "no-pager", "no-replace-objects", "no-lazy-fetch", "no-optional-locks", "no-advice", "bare",
	"literal-pathspecs", "glob-pathspecs", "noglob-pathspecs", "icase-pathspecs", "html-path", "man-path", "info-path", "version", "help"},
	Exact: true, Posix: true}

func git() []*Program {
	return []*Program{
		{Family: "git", Names: []string{"git"}, Check: "git", Node: Node{Grammar: gitGlobal}},
	}
}
