package registry

import "github.com/permgate/permgate/effect"

// The downloaders' declarations: what they fetch, what they write and what
// they send. Their read-only and download judgements stay the validator's
// Go code (Check "download"); these say their effects.

// curlUploads are curl's options whose value it sends: data, a form, a file
// to upload, query parts.
var curlUploads = []string{"-d", "--data", "--data-ascii", "--data-binary", "--data-raw", "--data-urlencode", "--json",
	"-F", "--form", "--form-string", "-T", "--upload-file", "--url-query", "--expand-data", "--expand-json", "--expand-url-query"}

// curl fetches URLs; -o writes a file, -O one named after the URL, the
// upload options send data, and the side files (cookie jar, header dump,
// trace) are written too.
func curl() *Program {
	return &Program{Family: "core", Names: []string{"curl"}, Check: "download", Node: Node{
		Grammar: Grammar{Short: "A:b:c:C:d:D:e:E:F:H:K:m:o:P:Q:r:t:T:u:U:w:x:X:y:Y:z:", Long: []string{
			"abstract-unix-socket=", "alt-svc=", "aws-sigv4=", "cacert=", "capath=", "cert=", "cert-type=", "ciphers=", "config=",
			"connect-timeout=", "connect-to=", "continue-at=", "cookie=", "cookie-jar=", "create-file-mode=", "crlfile=", "curves=",
			"data=", "data-ascii=", "data-binary=", "data-raw=", "data-urlencode=", "delegation=", "dns-interface=", "dns-ipv4-addr=",
			"dns-ipv6-addr=", "dns-servers=", "doh-url=", "dump-header=", "ech=", "engine=", "etag-compare=", "etag-save=",
			"expand-data=", "expand-json=", "expand-url=", "expand-url-query=", "expand-output=", "expand-header=",
			"expect100-timeout=", "form=", "form-string=", "ftp-account=", "ftp-alternative-to-user=", "ftp-method=", "ftp-port=",
			"ftp-ssl-ccc-mode=", "happy-eyeballs-timeout-ms=", "haproxy-clientip=", "header=", "hostpubmd5=", "hostpubsha256=",
			"hsts=", "interface=", "ip-tos=", "ipfs-gateway=", "json=", "keepalive-cnt=", "keepalive-time=", "key=", "key-type=",
			"krb=", "libcurl=", "limit-rate=", "local-port=", "login-options=", "mail-auth=", "mail-from=", "mail-rcpt=",
			"max-filesize=", "max-redirs=", "max-time=", "netrc-file=", "noproxy=", "oauth2-bearer=", "output=", "output-dir=",
			"parallel-max=", "pass=", "pinnedpubkey=", "preproxy=", "proto=", "proto-default=", "proto-redir=", "proxy=",
			"proxy-cacert=", "proxy-capath=", "proxy-cert=", "proxy-cert-type=", "proxy-ciphers=", "proxy-crlfile=", "proxy-header=",
			"proxy-key=", "proxy-key-type=", "proxy-pass=", "proxy-pinnedpubkey=", "proxy-service-name=", "proxy-tls13-ciphers=",
			"proxy-tlsauthtype=", "proxy-tlspassword=", "proxy-tlsuser=", "proxy-user=", "proxy1.0=", "pubkey=", "quote=",
			"random-file=", "range=", "rate=", "referer=", "request=", "request-target=", "resolve=", "retry=", "retry-delay=",
			"retry-max-time=", "sasl-authzid=", "service-name=", "socks4=", "socks4a=", "socks5=", "socks5-gssapi-service=",
			"socks5-hostname=", "speed-limit=", "speed-time=", "stderr=", "telnet-option=", "tftp-blksize=", "time-cond=",
			"tls-max=", "tls13-ciphers=", "tlsauthtype=", "tlspassword=", "tlsuser=", "trace=", "trace-ascii=", "trace-config=",
			"unix-socket=", "upload-file=", "url=", "url-query=", "user=", "user-agent=", "variable=", "write-out=",
			"remote-name", "remote-name-all", "remote-header-name", "create-dirs", "verbose", "silent", "show-error", "location",
			"insecure", "include", "head", "fail", "compressed", "get", "globoff", "next", "parallel", "no-progress-meter"}},
		Does: []effect.Class{effect.NetworkInbound},
		Effects: []Effect{
			{Act: Sends, Opts: curlUploads},
			{Act: Writes, Opts: []string{"-o", "--output", "-c", "--cookie-jar", "-D", "--dump-header", "--etag-save", "--hsts",
				"--alt-svc", "--libcurl", "--trace", "--trace-ascii", "--stderr"}},
			{Act: Writes, If: []string{"-O", "--remote-name", "--remote-name-all"}},
			{Act: Writes, Opts: []string{"--output-dir"}, Into: true},
			// A method that changes the server sends, body or not.
			{Act: Sends, If: changingMethods("-X", "--request")},
			// A config file may hold any option: an upload, an output file.
			{Act: Sends, If: []string{"-K", "--config"}},
			{Act: Writes, If: []string{"-K", "--config"}},
		}}}
}

// wget fetches URLs into files named after them unless -O says where (or
// --spider only checks); --post-data and the body options send data.
func wget() *Program {
	return &Program{Family: "core", Names: []string{"wget"}, Check: "download", Node: Node{
		Grammar: Grammar{Short: "a:A:B:D:e:i:I:l:n:o:O:P:Q:R:t:T:U:w:X:", Long: []string{
			"output-file=", "append-output=", "execute=", "input-file=", "base=", "config=", "bind-address=", "bind-dns-address=",
			"dns-servers=", "tries=", "output-document=", "timeout=", "dns-timeout=", "connect-timeout=", "read-timeout=", "wait=",
			"waitretry=", "quota=", "limit-rate=", "directory-prefix=", "cut-dirs=", "user=", "password=", "ftp-user=", "ftp-password=",
			"http-user=", "http-password=", "header=", "max-redirect=", "proxy-user=", "proxy-password=", "referer=", "user-agent=",
			"load-cookies=", "save-cookies=", "post-data=", "post-file=", "method=", "body-data=", "body-file=", "certificate=",
			"certificate-type=", "private-key=", "private-key-type=", "ca-certificate=", "ca-directory=", "crl-file=", "pinnedpubkey=",
			"random-file=", "egd-file=", "level=", "accept=", "reject=", "accept-regex=", "reject-regex=", "regex-type=", "domains=",
			"exclude-domains=", "include-directories=", "exclude-directories=", "default-page=", "restrict-file-names=",
			"secure-protocol=", "ciphers=", "progress=", "local-encoding=", "remote-encoding=", "use-askpass=", "warc-file=",
			"warc-header=", "warc-max-size=", "warc-tempdir=", "warc-cdx=", "rejected-log=", "report-speed=", "hsts-file=",
			"spider", "quiet", "verbose", "recursive", "mirror", "continue", "timestamping", "no-check-certificate", "server-response"}},
		Does: []effect.Class{effect.NetworkInbound},
		Effects: []Effect{
			{Act: Sends, Opts: []string{"--post-data", "--post-file", "--body-data", "--body-file"}},
			{Act: Writes, Opts: []string{"-O", "--output-document", "-o", "--output-file", "--save-cookies", "--warc-file", "--rejected-log"}},
			{Act: Appends, Opts: []string{"-a", "--append-output"}},
			{Act: Writes, Opts: []string{"-P", "--directory-prefix"}, Into: true},
			{Act: Writes, Unless: []string{"-O", "--output-document", "--spider"}},
			{Act: Sends, If: changingMethods("--method")},
			// -e runs a .wgetrc command, --config reads a file of them: any
			// option, an upload included.
			{Act: Sends, If: []string{"-e", "--execute", "--config"}},
		}}}
}

// changingMethods are the conditions "OPT=METHOD" for the HTTP methods that
// change the server, in either case, for each option naming the method.
func changingMethods(opts ...string) []string {
	var out []string
	for _, o := range opts {
		for _, m := range []string{"[Pp][Oo][Ss][Tt]", "[Pp][Uu][Tt]", "[Pp][Aa][Tt][Cc][Hh]", "[Dd][Ee][Ll][Ee][Tt][Ee]"} {
			out = append(out, o+"="+m)
		}
	}
	return out
}
