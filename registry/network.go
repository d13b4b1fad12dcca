package registry

import "github.com/permgate/permgate/effect"

// network are the programs that talk to other machines on their own terms:
// raw connections (nc, socat, openssl s_client), mail, and rclone's copies to
// remotes. The validator's Go code judges what they send (a secret on their
// standard input, a secret file among their addresses or attachments) and
// whether they hand a shell to the network; these say where those words are.
func network() []*Program {
	return []*Program{
		// nc -e PROG and -c CMD (ncat --exec, --sh-exec, --lua-exec) connect a
		// program to the connection. The variants' value letters together:
		// a letter some variant reads as a flag (OpenBSD's -d) is a flag, so
		// that no value swallows an -e after it.
		{Family: "network", Names: []string{"nc", "ncat", "netcat", "nc.traditional", "nc.openbsd"}, Node: Node{
			Grammar: Grammar{Short: "e:c:p:s:w:i:q:T:I:O:V:x:X:M:m:P:W:o:g:G:",
				Long: []string{"exec=", "sh-exec=", "lua-exec=", "output=", "hex-dump=", "idle-timeout=", "wait=", "source-port=", "source=",
					"max-conns=", "delay=", "proxy=", "proxy-type=", "proxy-auth=", "proxy-dns=", "allow=", "deny=", "allowfile=", "denyfile=",
					"ssl-cert=", "ssl-key=", "ssl-trustfile=", "ssl-ciphers=", "ssl-servername=", "ssl-alpn=", "append-output", "listen",
					"keep-open", "udp", "sctp", "ssl", "ssl-verify", "verbose", "nodns", "send-only", "recv-only", "broker", "chat", "telnet",
					"crlf", "no-shutdown", "version", "help", "zero-io"}},
			Effects: []Effect{{Act: Executes, Opts: []string{"-e", "-c", "--exec", "--sh-exec", "--lua-exec"}},
				{Act: Writes, Opts: []string{"-o", "--output", "--hex-dump"}}},
			Does: []effect.Class{effect.NetworkOutbound, effect.NetworkInbound}}},
		// socat ADDRESS ADDRESS: its addresses are operands (EXEC:, OPEN:,
		// TCP: …); -lf, -lp and the other -l words are whole words.
		{Family: "network", Names: []string{"socat"}, Node: Node{
			Grammar: Grammar{Short: "b:t:T:L:W:r:R:", Words: []string{"lf=", "lp=", "ly", "lm", "ls", "lu", "lh", "hh", "hhh", "dd", "ddd", "dddd"}},
			Effects: []Effect{{Act: Writes, Opts: []string{"-lf", "-r", "-R"}}},
			Does:    []effect.Class{effect.NetworkOutbound, effect.NetworkInbound}}},
		// mail -a FILE attaches FILE, -q FILE quotes it in the body; mutt -a
		// attaches, -i includes a file in the body, -H reads a draft.
		{Family: "network", Names: []string{"mail", "mailx"}, Node: Node{
			Grammar: Grammar{Short: "a:b:c:r:s:S:q:A:u:",
				Long: []string{"attach=", "subject=", "cc=", "bcc=", "return-address=", "content-type=", "content-filename=", "encoding=",
					"exec=", "append=", "quote-file=", "alternative", "read", "quiet", "norc", "nosum", "print", "headers", "to", "user="}},
			Effects: []Effect{{Act: Sends, Opts: []string{"-a", "--attach", "-q", "--quote-file"}}},
			Does:    []effect.Class{effect.NetworkOutbound}}},
		{Family: "network", Names: []string{"mutt"}, Node: Node{
			Grammar: Grammar{Short: "a:b:c:d:e:F:f:H:i:m:Q:s:"},
			Effects: []Effect{{Act: Sends, Opts: []string{"-a", "-i", "-H"}}},
			Does:    []effect.Class{effect.NetworkOutbound}}},
		// openssl's verbs; s_client and s_time talk to a server, the others
		// (x509, enc, dgst …) read and print.
		{Family: "network", Names: []string{"openssl"}, Node: Node{Does: []effect.Class{effect.FilesystemRead, effect.FilesystemWrite}, Subs: []*Node{
			{Names: []string{"s_client", "s_time"}, Does: []effect.Class{effect.NetworkOutbound}},
		}}},
		// ssh-keygen -f KEY names the key it makes or reads.
		{Family: "network", Names: []string{"ssh-keygen"}, Node: Node{Does: []effect.Class{effect.FilesystemRead, effect.FilesystemWrite},
			Grammar: Grammar{Short: "a:b:C:D:E:F:f:G:I:J:j:K:M:N:n:O:P:r:s:T:t:V:w:Y:Z:z:"}}},
		// rclone VERB SRC DEST copies between local paths and remotes; a verb
		// it does not declare falls to the destructive-name principle
		// (rclone delete, purge).
		{Family: "network", Names: []string{"rclone"}, Node: Node{
			Grammar: Grammar{
				Long: []string{"config=", "transfers=", "checkers=", "bwlimit=", "log-file=", "log-level=", "exclude=", "include=", "filter=",
					"filter-from=", "exclude-from=", "include-from=", "files-from=", "max-age=", "min-age=", "max-size=", "min-size=",
					"backup-dir=", "suffix=", "timeout=", "contimeout=", "retries=", "low-level-retries=", "stats=", "user-agent=",
					"password-command=", "max-depth=", "order-by=", "compare-dest=", "copy-dest=", "cache-dir=", "buffer-size=",
					"multi-thread-streams=", "tpslimit=", "header=", "header-upload=", "header-download=", "max-transfer=", "cutoff-mode=",
					"dry-run", "interactive", "progress", "verbose", "quiet", "checksum", "update", "ignore-existing", "ignore-times",
					"copy-links", "links", "one-file-system", "metadata", "create-empty-src-dirs", "no-traverse", "fast-list"}},
			Subs: []*Node{
				{Names: []string{"copy", "copyto", "sync", "move", "moveto", "bisync", "copyurl", "mkdir", "touch", "rcat", "mount", "serve"}, Writes: true},
			}}},
	}
}
