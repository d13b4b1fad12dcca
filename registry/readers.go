package registry

// readers are more everyday tools that only read, or read with the options
// that say so (tar -t, unzip -l).
func readers() []*Program {
	return []*Program{
		{Family: "core", Names: []string{"shuf"}, Node: Node{Read: true, Grammar: Grammar{Short: "n:o:e::i:", Long: []string{"output=", "head-count=", "input-range=", "random-source="}}, Output: []string{"-o", "--output"}}},
		// Interactive builtins people type daily: job control resumes a job that was
		// judged when it started; unset and the directory jumpers change only the
		// shell (the guard's own names are judged apart, as self_modify).
		{Family: "core", Names: []string{"fg", "bg", "disown", "rehash", "unset", "z", "zi", "j"}, Node: Node{Read: true}},
		{Family: "core", Names: []string{"setopt", "unsetopt"}, Node: Node{Bare: true}},
		// ack PATTERN FILES, as grep.
		{Family: "core", Names: []string{"ack", "ack-grep"}, Node: Node{Read: true, Grammar: Grammar{Short: "A:B:C:g:m:",
			Long: []string{"after-context=", "before-context=", "context=", "max-count=", "type=", "ignore-dir=", "ignore-file=", "match=",
				"output=", "color-match=", "color-filename=", "color-lineno=", "type-add=", "type-set=", "type-del=", "ackrc=", "pager="}}}},
		{Family: "core", Names: []string{"yes", "tsort", "dircolors", "pathchk", "locate", "plocate", "mlocate", "bc", "units", "namei", "tabs", "rgrep", "zipinfo", "git-sizer", "jot", "pv"},
			Node: Node{Read: true}},
		{Family: "toolchains", Names: []string{"jabba"}, Node: Node{Subs: []*Node{
			{Names: []string{"ls", "ls-remote", "current", "which", "--version", "help"}, Read: true},
			{Names: []string{"install", "uninstall", "use", "alias", "unalias"}, Writes: true},
		}}},
		// tar -x and unzip write the files the archive names, which the
		// command line does not (Node.WritesTree).
		{Family: "core", Names: []string{"tar", "bsdtar", "gtar"}, Check: "tar",
			Node: Node{WritesTree: true, Effects: []Effect{{Act: DeletesTree, Operands: "all", If: []string{"--remove-files"}},
				{Act: Writes, Opts: []string{"-C", "--directory"}, If: []string{"-x", "--extract", "--get"}, Into: true},
				// tar runs the commands these name: --to-command through sh -c,
				// -I, -F and the scripts as a program and its arguments.
				{Act: RunsShell, Opts: []string{"--to-command", "-I", "--use-compress-program", "-F", "--info-script", "--new-volume-script", "--rsh-command"}},
				{Act: RunsShell, Opts: []string{"--checkpoint-action"}, Prefixes: []string{"exec="}}}, Grammar: Grammar{OldStyle: true, Short: "f:C:T:X:b:I:L:g:H:K:N:V:F:", Long: []string{"file=", "directory=", "files-from=", "exclude-from=", "to-command=", "use-compress-program=", "checkpoint-action=", "info-script=", "new-volume-script=", "rsh-command=", "index-file=", "extract", "get", "absolute-names",
				"listed-incremental=", "format=", "label=", "newer=", "after-date=", "newer-mtime=", "tape-length=", "starting-file=", "blocking-factor=", "record-size=", "exclude=", "transform=", "xform=", "owner=", "group=", "mode=", "mtime=", "strip-components=", "suffix=", "backup=?", "volno-file=", "warning=", "concatenate"}},
				ReadIf: []string{"-t", "--list"}, Unless: []string{"--to-command", "-I", "--use-compress-program", "--checkpoint-action", "--info-script", "--new-volume-script", "-F", "--rsh-command", "--index-file", "-x", "--extract", "--get", "-c", "--create", "-r", "--append", "-u", "--update", "--delete", "-A", "--catenate"}}},
		// tar -x -C DIR and unzip -d DIR unpack into DIR.
		{Family: "core", Names: []string{"unzip"},
			Node: Node{WritesTree: true, Grammar: Grammar{Short: "d:x:"}, ReadIf: []string{"-l", "-p", "-t", "-v", "-Z", "-z"},
				Effects: []Effect{{Act: Writes, Opts: []string{"-d"}, Unless: []string{"-l", "-p", "-t", "-v", "-Z", "-z"}, Into: true}}}},
		// gzip, bzip2 and xz replace each file with its compressed (or, with
		// -d, its decompressed) form: the file named is moved into another,
		// unless -c or -k keeps it. zstd and lz4 keep it unless --rm.
		{Family: "core", Names: []string{"gzip", "bzip2", "xz", "lzma"}, Node: compressor(false, compressorGrammar, nil)},
		{Family: "core", Names: []string{"gunzip", "bunzip2", "unxz", "unlzma"}, Node: compressor(true, compressorGrammar, nil)},
		{Family: "core", Names: []string{"zstd", "lz4"}, Node: compressor(false, zstdGrammar, []string{"--rm"})},
		{Family: "core", Names: []string{"unzstd"}, Node: compressor(true, zstdGrammar, []string{"--rm"})},
	}
}

// compressedSuffixes are the names the compressors give what they write; a
// decompression writes the file without one.
var compressedSuffixes = []string{".gz", ".z", ".Z", ".bz2", ".xz", ".lzma", ".zst", ".lz4", ".tgz"}

// compressorGrammar is gzip's, bzip2's and xz's; zstdGrammar zstd's and lz4's.
var (
	compressorGrammar = Grammar{Short: "cdfhklLnNqrtvVzZe0123456789S:T:F:C:M:", Long: []string{"stdout", "to-stdout", "decompress", "uncompress", "force", "keep", "list",
		"no-name", "name", "quiet", "recursive", "test", "verbose", "suffix=", "threads=", "format=", "check=", "memlimit=", "fast", "best", "rsyncable", "synchronous"}}
	zstdGrammar = Grammar{Short: "cdfhklqrtvVz0123456789o:T:D:", Long: []string{"stdout", "decompress", "uncompress", "force", "keep", "list", "quiet", "test",
		"verbose", "rm", "threads=", "output-dir-flat=", "ultra", "fast=?", "long=?"}}
)

// compressor declares a compressor: each file it is given is moved into its
// compressed (or, decompressing, its plain) form unless -c or -k keeps it,
// or only with one of removes (zstd --rm); decompressing (always, or with
// -d) writes the file named without its suffix.
func compressor(decompresses bool, g Grammar, removes []string) Node {
	keeps := []string{"-c", "--stdout", "--to-stdout", "-l", "--list", "-t", "--test", "-o"}
	moves := Effect{Act: Moves, Operands: "all", If: removes, Unless: append([]string{"-k", "--keep"}, keeps...)}
	writes := Effect{Act: Writes, Operands: "all", Unless: keeps, Strip: compressedSuffixes}
	if !decompresses {
		writes.If = []string{"-d", "--decompress", "--uncompress"}
	}
	return Node{ReadIf: []string{"-l", "--list", "-t", "--test"}, Unless: []string{"-f", "--force", "-d", "--decompress"}, Grammar: g,
		Effects: []Effect{moves, writes, {Act: Writes, Opts: []string{"-o"}}}}
}
