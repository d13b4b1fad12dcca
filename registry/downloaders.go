package registry

import (
	"github.com/permgate/permgate/internal/lazy"
	"strings"
)

// The downloaders' grammars and effects: curl, wget and aria2c fetch files
// and send data; what they write, upload and post is read from these (the
// validator's Go code judges the values: a URL's file name, @FILE in curl's
// data, a method that changes the server).

// curlValueOpts are curl's long options that take a value (curl --help all,
// 7.88, with the options of later releases added).
const curlValueOpts = `abstract-unix-socket alt-svc aws-sigv4 cacert capath cert cert-type ciphers config connect-timeout connect-to
continue-at cookie cookie-jar create-file-mode crlfile curves data data-ascii data-binary data-raw data-urlencode delegation
dns-interface dns-ipv4-addr dns-ipv6-addr dns-servers doh-url dump-header egd-file engine etag-compare etag-save expect100-timeout
form form-string ftp-account ftp-alternative-to-user ftp-method ftp-port ftp-ssl-ccc-mode happy-eyeballs-timeout-ms header
hostpubmd5 hostpubsha256 hsts interface json keepalive-time key key-type krb libcurl limit-rate local-port login-options mail-auth
mail-from mail-rcpt max-filesize max-redirs max-time netrc-file noproxy oauth2-bearer output output-dir parallel-max pass
pinnedpubkey preproxy proto proto-default proto-redir proxy proxy-cacert proxy-capath proxy-cert proxy-cert-type proxy-ciphers
proxy-crlfile proxy-header proxy-key proxy-key-type proxy-pass proxy-pinnedpubkey proxy-service-name proxy-tls13-ciphers
proxy-tlsauthtype proxy-tlspassword proxy-tlsuser proxy-user proxy1.0 pubkey quote random-file range rate referer request
request-target resolve retry retry-delay retry-max-time sasl-authzid service-name socks4 socks4a socks5 socks5-gssapi-service
socks5-hostname speed-limit speed-time stderr telnet-option tftp-blksize time-cond tls-max tls13-ciphers tlsauthtype tlspassword
tlsuser trace trace-ascii unix-socket upload-file url url-query user user-agent write-out
variable ip-tos vlan-priority ech trace-config upload-flags knownhosts sigalgs ssl-sessions keepalive-cnt haproxy-clientip
parallel-max-host`

// curlFlagOpts are curl's long options that take no value.
const curlFlagOpts = `anyauth append basic cert-status compressed compressed-ssh create-dirs crlf digest disable disable-eprt
disable-epsv disallow-username-in-url doh-cert-status doh-insecure fail fail-early fail-with-body false-start form-escape
ftp-create-dirs ftp-pasv ftp-pret ftp-skip-pasv-ip ftp-ssl-ccc ftp-ssl-control get globoff haproxy-protocol head help http0.9
http1.0 http1.1 http2 http2-prior-knowledge http3 http3-only ignore-content-length include insecure ipv4 ipv6
junk-session-cookies list-only location location-trusted mail-rcpt-allowfails manual metalink negotiate netrc netrc-optional
next no-alpn no-buffer no-clobber no-keepalive no-npn no-progress-meter no-sessionid ntlm ntlm-wb parallel parallel-immediate
path-as-is post301 post302 post303 progress-bar proxy-anyauth proxy-basic proxy-digest proxy-insecure proxy-negotiate
proxy-ntlm proxy-ssl-allow-beast proxy-ssl-auto-client-cert proxy-tlsv1 proxytunnel raw remote-header-name remote-name
remote-name-all remote-time remove-on-error retry-all-errors retry-connrefused sasl-ir show-error silent socks5-basic
socks5-gssapi socks5-gssapi-nec ssl ssl-allow-beast ssl-auto-client-cert ssl-no-revoke ssl-reqd ssl-revoke-best-effort sslv2
sslv3 styled-output suppress-connect-headers tcp-fastopen tcp-nodelay tftp-no-options tlsv1 tlsv1.0 tlsv1.1 tlsv1.2 tlsv1.3
tr-encoding trace-time use-ascii verbose version xattr
ca-native proxy-ca-native mptcp skip-existing trace-ids out-null follow tls-earlydata dump-ca-embed proxy-http2`

// curlGrammar is curl's: its long options take unambiguous abbreviations
// (curl 7.x, 8.x), and since curl 8.3 every option with a value may be
// written --expand-NAME, which expands {{variables}} in the value.
func curlGrammar() Grammar {
	values := strings.Fields(curlValueOpts)
	long := make([]string, 0, 2*len(values)+128)
	for _, v := range values {
		long = append(long, v+"=")
	}
	long = append(long, strings.Fields(curlFlagOpts)...)
	for _, v := range values {
		long = append(long, "expand-"+v+"=")
	}
	return Grammar{Short: "E:K:C:b:c:d:D:F:P:H:m:o:x:U:Q:r:e:X:Y:y:t:z:T:u:A:w:", Long: long}
}

// curlOpts returns the spellings of curl options: -L, --long and
// --expand-long for each long name given.
func curlOpts(short string, long ...string) []string {
	out := make([]string, 0, len(short)+2*len(long))
	for i := 0; i < len(short); i++ {
		out = append(out, "-"+short[i:i+1])
	}
	for _, l := range long {
		out = append(out, "--"+l, "--expand-"+l)
	}
	return out
}

// CurlUploads are curl's options whose value is a file it uploads whole
// (-T FILE); CurlData those whose value is data sent, where @FILE (and -F's
// NAME=@FILE or NAME=<FILE, --data-urlencode's NAME@FILE, --variable's
// NAME@FILE) names a file read and sent.
var (
	CurlUploads = lazy.Value[[]string]{Make: func() []string {
		return curlOpts("T", "upload-file")
	}}
	CurlData = lazy.Value[[]string]{Make: func() []string {
		return curlOpts("dF", "data", "data-binary", "data-ascii", "data-urlencode", "json", "form", "form-string", "url-query", "variable")
	}}
)

// curlEffects: -o FILE and the files curl writes on the side (a cookie jar,
// a header dump, a trace) are written, --output-dir is where -o and -O put
// theirs, and uploads and data are sent.
func curlEffects() []Effect {
	return []Effect{
		{Act: Writes, Opts: curlOpts("o", "output"), In: curlOpts("", "output-dir"), GlobRefs: true},
		{Act: Writes, Opts: curlOpts("K", "config"), Options: true},
		{Act: Writes, Operands: "all", URLName: true, If: curlOpts("O", "remote-name", "remote-name-all"), In: curlOpts("", "output-dir")},
		{Act: Writes, Opts: curlOpts("cD", "cookie-jar", "dump-header", "trace", "trace-ascii", "stderr", "libcurl", "etag-save")},
		{Act: Writes, Opts: curlOpts("", "output-dir"), Into: true},
		{Act: Sends, Opts: CurlUploads.Get()},
		{Act: Sends, Opts: CurlData.Get()},
	}
}

// wgetGrammar is GNU wget's: getopt_long with abbreviations, and the
// two-letter -nv, -nc, -nd, -nH, -np.
var wgetGrammar = Grammar{Short: "e:o:a:i:B:t:O:T:w:Q:P:U:l:A:R:D:I:X:",
	Words: []string{"nv", "nc", "nd", "nH", "np"},
	Long: []string{"version", "help", "background", "execute=", "output-file=", "append-output=", "debug", "quiet", "verbose", "no-verbose",
		"report-speed=", "input-file=", "force-html", "base=", "config=", "no-config", "rejected-log=", "tries=", "retry-connrefused",
		"retry-on-http-error=", "output-document=", "no-clobber", "no-netrc", "continue", "start-pos=", "progress=", "show-progress",
		"timestamping", "no-if-modified-since", "no-use-server-timestamps", "server-response", "spider", "timeout=", "dns-timeout=",
		"connect-timeout=", "read-timeout=", "wait=", "waitretry=", "random-wait", "no-proxy", "quota=", "bind-address=", "limit-rate=",
		"no-dns-cache", "restrict-file-names=", "ignore-case", "inet4-only", "inet6-only", "prefer-family=", "user=", "password=",
		"ask-password", "use-askpass=", "no-iri", "local-encoding=", "remote-encoding=", "unlink", "xattr", "no-directories",
		"force-directories", "no-host-directories", "protocol-directories", "directory-prefix=", "cut-dirs=", "http-user=",
		"http-password=", "no-cache", "default-page=", "adjust-extension", "ignore-length", "header=", "compression=", "max-redirect=",
		"proxy-user=", "proxy-password=", "referer=", "save-headers", "user-agent=", "no-http-keep-alive", "no-cookies", "load-cookies=",
		"save-cookies=", "keep-session-cookies", "post-data=", "post-file=", "method=", "body-data=", "body-file=", "content-disposition",
		"content-on-error", "auth-no-challenge", "secure-protocol=", "https-only", "no-check-certificate", "certificate=",
		"certificate-type=", "private-key=", "private-key-type=", "ca-certificate=", "ca-directory=", "crl-file=", "pinnedpubkey=",
		"ciphers=", "no-hsts", "hsts-file=", "ftp-user=", "ftp-password=", "no-remove-listing", "no-glob", "no-passive-ftp",
		"preserve-permissions", "retr-symlinks", "ftps-implicit", "ftps-resume-ssl", "ftps-clear-data-connection", "ftps-fallback-to-ftp",
		"warc-file=", "warc-header=", "warc-max-size=", "warc-cdx", "warc-dedup=", "no-warc-compression", "no-warc-digests",
		"no-warc-keep-log", "warc-tempdir=", "recursive", "level=", "delete-after", "convert-links", "convert-file-only", "backups=",
		"backup-converted", "mirror", "page-requisites", "strict-comments", "accept=", "reject=", "accept-regex=", "reject-regex=",
		"regex-type=", "domains=", "exclude-domains=", "follow-ftp", "follow-tags=", "ignore-tags=", "span-hosts", "relative",
		"include-directories=", "trust-server-names", "exclude-directories=", "no-parent", "input-metalink=", "metalink-over-http",
		"preferred-location=", "retry-on-host-error"}}

// wgetEffects: -O FILE is the download, -o and -a its log, --save-cookies
// and --rejected-log files of their own, -P the directory downloads land
// in; --post-file and --body-file are sent, and so is the text of
// --post-data and --body-data.
var wgetEffects = []Effect{
	{Act: Writes, Opts: []string{"-O", "--output-document", "-o", "--output-file", "--save-cookies", "--rejected-log"}},
	{Act: Appends, Opts: []string{"-a", "--append-output"}},
	{Act: Writes, Opts: []string{"--config"}, Options: true},
	{Act: Writes, Opts: []string{"-P", "--directory-prefix"}, Into: true},
	{Act: Writes, Operands: "all", URLName: true, In: []string{"-P", "--directory-prefix"},
		Unless: []string{"-O", "--output-document", "--spider", "-i", "--input-file", "-r", "--recursive", "-m", "--mirror", "--delete-after"}},
	{Act: Sends, Opts: []string{"--post-file", "--body-file", "--post-data", "--body-data"}},
}

// aria2cEffects: -o NAME is saved inside -d DIR (the working directory
// when none is given), each URL's last segment without -o.
var aria2cEffects = []Effect{
	{Act: Writes, Opts: []string{"-o", "--out"}, In: []string{"-d", "--dir"}},
	{Act: Writes, Opts: []string{"-d", "--dir"}, Into: true},
	{Act: Writes, Operands: "all", URLName: true, In: []string{"-d", "--dir"}, Unless: []string{"-o", "--out", "-i", "--input-file", "-T", "--torrent-file", "-M", "--metalink-file"}},
	{Act: Writes, Opts: []string{"-l", "--log", "--save-session", "--save-cookies"}},
	{Act: Writes, Opts: []string{"-i", "--input-file", "--conf-path"}, Options: true},
}

// aria2cGrammar is aria2c's: -d DIR is where it saves, -o NAME the name
// (inside -d) it saves under.
var aria2cGrammar = Grammar{Short: "d:o:l:i:j:x:s:k:t:m:T:M:u:",
	Long: []string{"dir=", "out=", "log=", "input-file=", "max-concurrent-downloads=", "max-connection-per-server=", "split=",
		"min-split-size=", "timeout=", "max-tries=", "torrent-file=", "metalink-file=", "max-upload-limit=", "conf-path=",
		"save-session=", "save-cookies=", "load-cookies=", "header=", "user-agent=", "referer=", "all-proxy=", "http-proxy=",
		"https-proxy=", "checksum=", "on-download-complete=", "on-download-start=", "on-download-error=", "on-download-stop=",
		"on-download-pause=", "on-bt-download-complete=", "rpc-secret=", "http-user=", "http-passwd=", "log-level=", "console-log-level="}}
