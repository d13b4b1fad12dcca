package codescan

import (
	"github.com/permgate/permgate/internal/lazy"
)

// The calls each family's code makes that the report records or the scanner
// follows, by the qualified name the scanner gives them. Data only: what a
// call does is its op (see apply.go).

var (
	shell      = callSpec{op: opShell}
	shellJoin  = callSpec{op: opShellJoin}
	process    = callSpec{op: opProcess}
	system     = callSpec{op: opSystem}
	execv      = callSpec{op: opExecv}
	execl      = callSpec{op: opExecl}
	spawn      = callSpec{op: opSpawn}
	argv       = callSpec{op: opArgv}
	remove     = callSpec{op: opDelete}
	removeTree = callSpec{op: opDeleteTree}
	removeOpt  = callSpec{op: opDeleteOpt, opt: "recursive"}
	fork       = callSpec{op: opFork}
	eval       = callSpec{op: opEval}
	homeDir    = callSpec{op: vHome}
	tempDir    = callSpec{op: vTemp}
	freshTemp  = callSpec{op: vTempFresh}
	cwd        = callSpec{op: vCwd}
	getenv     = callSpec{op: vEnv}
	expandUser = callSpec{op: vExpand}
	pathJoin   = callSpec{op: vJoin}
	pathObject = callSpec{op: vPath}
	strConcat  = callSpec{op: vConcat}
	module     = callSpec{op: vModule}
	same       = callSpec{op: vIdentity}
	chars      = callSpec{op: vChr}
	unbase64   = callSpec{op: vBase64}
	unhex      = callSpec{op: vHex}
	sendCall   = callSpec{op: vSend}
	network    = callSpec{op: opNetwork}
)

// specs builds a table from names sharing a spec.
func specs(groups ...any) map[string]callSpec {
	m := map[string]callSpec{}
	var names []string
	for _, g := range groups {
		switch v := g.(type) {
		case string:
			names = append(names, v)
		case callSpec:
			for _, n := range names {
				m[n] = v
			}
			names = names[:0]
		}
	}
	return m
}

var pythonCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"urllib.request.urlopen", "urllib.request.Request", "urllib.request.build_opener", "urllib.urlopen", "urllib2.urlopen", "urllib2.Request",
		"requests.get", "requests.post", "requests.put", "requests.patch", "requests.delete", "requests.head", "requests.request", "requests.Session",
		"httpx.get", "httpx.post", "httpx.put", "httpx.patch", "httpx.request", "httpx.stream", "httpx.Client", "httpx.AsyncClient",
		"http.client.HTTPConnection", "http.client.HTTPSConnection", "httplib.HTTPConnection", "httplib.HTTPSConnection",
		"urllib3.PoolManager", "urllib3.request", "aiohttp.ClientSession", "aiohttp.request",
		"socket.socket", "socket.create_connection", "smtplib.SMTP", "smtplib.SMTP_SSL", "ftplib.FTP", "ftplib.FTP_TLS", "xmlrpc.client.ServerProxy", network,
		"os.system", "posix.system", "os.popen", "posix.popen", "commands.getoutput", "commands.getstatusoutput",
		"subprocess.getoutput", "subprocess.getstatusoutput", "asyncio.create_subprocess_shell", shell,
		"subprocess.run", "subprocess.call", "subprocess.check_call", "subprocess.check_output", "subprocess.Popen", process,
		"asyncio.create_subprocess_exec", "pty.spawn", argv,
		"os.execv", "os.execve", "os.execvp", "os.execvpe", "os.posix_spawn", "os.posix_spawnp", "posix.execv", execv,
		"os.execl", "os.execle", "os.execlp", "os.execlpe", execl,
		"os.spawnv", "os.spawnve", "os.spawnvp", "os.spawnvpe", "posix.spawnv", "posix.spawnve", callSpec{op: opExecv, skip: 1},
		"os.spawnl", "os.spawnle", "os.spawnlp", "os.spawnlpe", "posix.spawnl", "posix.spawnlp", callSpec{op: opExecl, skip: 1},
		"os.popen2", "os.popen3", "os.popen4", "popen2.popen2", "popen2.popen3", "popen2.popen4", "platform.popen", shell,
		"shutil.rmtree", removeTree,
		"os.remove", "os.unlink", "os.rmdir", "os.removedirs", "posix.remove", "posix.unlink", "posix.rmdir", remove,
		"os.fork", "os.forkpty", "pty.fork", "posix.fork", fork,
		"eval", "exec", "compile", "builtins.eval", "builtins.exec", eval,
		"os.path.expanduser", "posixpath.expanduser", expandUser,
		"os.getenv", "os.environ.get", "os.environ.setdefault", "posix.getenv", getenv,
		"os.getcwd", "posix.getcwd", "pathlib.Path.cwd", "Path.cwd", cwd,
		"os.path.join", "posixpath.join", pathJoin,
		"pathlib.Path", "Path", "pathlib.PosixPath", "PosixPath", "pathlib.PurePath", "PurePath", "pathlib.PurePosixPath", pathObject,
		"pathlib.Path.home", "Path.home", callSpec{op: vPathHome},
		"tempfile.gettempdir", tempDir, "tempfile.mkdtemp", freshTemp,
		"os.path.abspath", "os.path.realpath", "os.path.normpath", "str", "os.fspath", "os.fsencode", "os.fsdecode", "bytes", same,
		"__import__", "importlib.import_module", "importlib.__import__", "runpy.run_module", module, "vars", same,
		"runpy.run_path", callSpec{op: opRunFile},
		"getattr", callSpec{op: vGetattr},
		"chr", chars,
		"base64.b64decode", "base64.standard_b64decode", "base64.urlsafe_b64decode", "base64.decodebytes", "base64.decodestring", unbase64,
		"bytes.fromhex", "binascii.unhexlify", "binascii.a2b_hex", unhex,
	)
}}

var pythonMethods = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs("unlink", "rmdir", callSpec{op: mDelete})
}}

var jsCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"fetch", "http.request", "http.get", "https.request", "https.get", "http2.connect", "net.connect", "net.createConnection", "tls.connect",
		"dgram.createSocket", "axios", "axios.get", "axios.post", "axios.put", "axios.patch", "axios.request", "axios.create",
		"XMLHttpRequest", "WebSocket", "navigator.sendBeacon", "undici.request", "undici.fetch", "got", "got.post", "node-fetch", "Deno.connect", "Bun.connect", network,
		"child_process.exec", "child_process.execSync", "Bun.$", "bun.$", "$", "zx.$", "execa.execaCommand", "execa.execaCommandSync",
		"execaCommand", "execaCommandSync", "shelljs.exec", "Application@.doShellScript", shell,
		"child_process.spawn", "child_process.spawnSync", "child_process.execFile", "child_process.execFileSync", "Deno.Command",
		"execa", "execa.execa", "execa.execaSync", "execaSync", spawn,
		"Bun.spawn", "Bun.spawnSync", "bun.spawn", "bun.spawnSync", "Deno.run", argv,
		"fs.rmSync", "fs.rm", "fs.rmdirSync", "fs.rmdir", "fs.promises.rm", "fs.promises.rmdir", "Deno.remove", "Deno.removeSync", removeOpt,
		"fs.unlinkSync", "fs.unlink", "fs.promises.unlink", remove,
		"fs-extra.removeSync", "fs-extra.remove", "fs-extra.emptyDirSync", "fs-extra.emptyDir", "rimraf", "rimraf.sync",
		"rimraf.rimraf", "rimraf.rimrafSync", "rimraf.native", "rimraf.nativeSync", removeTree,
		"child_process.fork", "cluster.fork", fork,
		"eval", "Function", "vm.runInThisContext", "vm.runInNewContext", "vm.runInContext", "vm.Script", eval,
		"os.homedir", homeDir, "os.tmpdir", tempDir, "process.cwd", "Deno.cwd", cwd,
		"path.join", "path.resolve", "path.posix.join", "path.posix.resolve", pathJoin,
		"require", "process.mainModule.require", "module.require", "import", module,
		"Deno.env.get", getenv,
		"String", "String.raw", same,
		"String.fromCharCode", "String.fromCodePoint", chars,
		"atob", unbase64, "Buffer.from", callSpec{op: vBuffer},
		"Application.currentApplication", "Application", callSpec{op: vObject, to: "Application@"},
	)
}}

var jsMethods = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs("doShellScript", callSpec{op: mShell})
}}

var rubyCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"Net.HTTP.get", "Net.HTTP.get_response", "Net.HTTP.post", "Net.HTTP.post_form", "Net.HTTP.start", "Net.HTTP.new", "Net.SMTP.start",
		"TCPSocket.new", "TCPSocket.open", "Socket.tcp", "UDPSocket.new", "HTTParty.get", "HTTParty.post", "Faraday.new", "Faraday.get", "Faraday.post",
		"RestClient.get", "RestClient.post", "RestClient.put", network,
		"system", "Kernel.system", "exec", "Kernel.exec", "spawn", "Kernel.spawn", "Process.spawn", "Process.exec", "IO.popen",
		"Open3.capture2", "Open3.capture2e", "Open3.capture3", "Open3.popen2", "Open3.popen2e", "Open3.popen3", "PTY.spawn",
		"sh", "FileUtils.sh", "ruby", system, // Rake's sh and ruby, FileUtils mixed into a Rakefile
		"open", "Kernel.open", "IO.read", "IO.readlines", "IO.foreach", "IO.write", "URI.open", callSpec{op: opPipePath},
		"FileUtils.rm_rf", "FileUtils.rm_r", "FileUtils.remove_dir", "FileUtils.remove_entry", "FileUtils.remove_entry_secure",
		"FileUtils.rmtree", "FileUtils.rmdir_p", "rm_rf", "rm_r", "rmtree", "remove_dir", removeTree,
		"FileUtils.rm", "FileUtils.rm_f", "FileUtils.remove", "FileUtils.remove_file", "FileUtils.safe_unlink", "FileUtils.rmdir",
		"File.delete", "File.unlink", "Dir.rmdir", "Dir.delete", "Dir.unlink", remove,
		"fork", "Kernel.fork", "Process.fork", fork,
		"eval", "Kernel.eval", "instance_eval", "class_eval", "module_eval", "binding.eval", eval,
		"send", "public_send", "__send__", "Kernel.send", "Kernel.public_send", sendCall,
		"Dir.home", "Etc.getpwuid.dir", homeDir, "Dir.tmpdir", tempDir, "Dir.mktmpdir", freshTemp, "Dir.pwd", "Dir.getwd", cwd,
		"ENV.fetch", getenv, "File.expand_path", expandUser, "File.join", pathJoin,
		"Pathname.new", "Pathname", pathObject, "File.absolute_path", "String", same,
		"Base64.decode64", "Base64.strict_decode64", "Base64.urlsafe_decode64", unbase64,
	)
}}

var rubyMethods = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs("rmtree", callSpec{op: mTree}, "rmdir", "unlink", "delete", callSpec{op: mDelete},
		"send", "public_send", "__send__", sendCall, "join", callSpec{op: mJoinSep})
}}

var perlCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"LWP.UserAgent.new", "HTTP.Tiny.new", "IO.Socket.INET.new", "IO.Socket.SSL.new", "Net.SMTP.new", "Net.FTP.new", "LWP.Simple.get",
		"LWP.Simple.getstore", "Mojo.UserAgent.new", "socket", network,
		"system", "exec", system, "readpipe", shell, "open", callSpec{op: opPipeOpen},
		"rmtree", "File.Path.rmtree", "remove_tree", "File.Path.remove_tree", "File.Path.rmtree", removeTree,
		"unlink", "rmdir", remove,
		"fork", "POSIX.fork", fork,
		"eval", eval,
		"glob", "File.Glob.bsd_glob", expandUser,
		"File.HomeDir.my_home", homeDir, "File.Spec.tmpdir", tempDir, "File.Temp.tempdir", "tempdir", freshTemp,
		"Cwd.getcwd", "getcwd", "cwd", "Cwd.cwd", cwd,
		"File.Spec.catfile", "File.Spec.catdir", "catfile", "catdir", pathJoin,
		"MIME.Base64.decode_base64", "decode_base64", unbase64, "chr", chars,
		"lc", callSpec{op: vLowerFn}, "uc", callSpec{op: vUpperFn}, "reverse", callSpec{op: vReverseFn}, "join", callSpec{op: vImplode},
	)
}}

var phpCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"curl_init", "curl_exec", "fsockopen", "pfsockopen", "stream_socket_client", "socket_connect", "mail", network,
		"system", "exec", "shell_exec", "passthru", "popen", "proc_open", "expect_popen", shell,
		"pcntl_exec", spawn,
		"unlink", "rmdir", remove,
		"pcntl_fork", fork,
		"eval", "assert", eval,
		"call_user_func", sendCall, "call_user_func_array", callSpec{op: vSendList},
		"getenv", getenv, "sys_get_temp_dir", tempDir, "getcwd", cwd, "base64_decode", unbase64, "hex2bin", unhex, "chr", chars,
		"strtolower", callSpec{op: vLowerFn}, "strtoupper", callSpec{op: vUpperFn}, "strrev", callSpec{op: vReverseFn},
		"implode", "join", callSpec{op: vImplode},
	)
}}

var luaCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"socket.http.request", "http.request", "socket.connect", "socket.tcp", "socket.udp", "ssl.https.request", network,
		"os.execute", "io.popen", shell,
		"os.remove", remove,
		"os.getenv", getenv, "os.tmpname", freshTemp,
		"load", "loadstring", eval,
		"require", module, "posix.fork", "posix.unistd.fork", fork, "string.char", chars,
		"string.lower", callSpec{op: vLowerFn}, "string.upper", callSpec{op: vUpperFn}, "string.reverse", callSpec{op: vReverseFn},
	)
}}

var awkCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs("system", shell)
}}

var groovyCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"URL", "java.net.URL", "URI.create", "HttpClient.newHttpClient", "java.net.http.HttpClient.newHttpClient", "Socket", "java.net.Socket", network,
		"Runtime.getRuntime", callSpec{op: vObject, to: "Runtime@"}, "Runtime@.exec", shell,
		"ProcessBuilder", argv,
		"Process", "sys.process.Process", "scala.sys.process.Process", "stringToProcess", shell,
		"Seq", "List", "List.of", "Arrays.asList", callSpec{op: vList},
		"File", "Paths.get", "Path.of", "java.io.File", pathObject,
		"System.getenv", getenv, "System.getProperty", callSpec{op: vProperty},
		"FileUtils.deleteDirectory", "org.apache.commons.io.FileUtils.deleteDirectory", removeTree,
		"Files.delete", "Files.deleteIfExists", remove,
		"Eval.me", "Eval.x", "evaluate", eval,
	)
}}

var groovyMethods = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs("execute", callSpec{op: mShell}, "deleteDir", callSpec{op: mTree}, "delete", callSpec{op: mDelete},
		"join", callSpec{op: mJoinSep})
}}

var elixirCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"HTTPoison.get", "HTTPoison.post", "HTTPoison.put", "Req.get", "Req.post", "Req.put", "Req.request", "httpc.request", "Tesla.get",
		"Tesla.post", "Finch.request", "gen_tcp.connect", "Mint.HTTP.connect", network,
		"System.cmd", spawn, "System.shell", "os.cmd", shell,
		"File.rm_rf", "File.rm_rf!", removeTree, "File.rm", "File.rm!", "File.rmdir", "File.rmdir!", remove,
		"System.user_home", "System.user_home!", homeDir, "System.get_env", "System.fetch_env!", "System.fetch_env", getenv,
		"System.tmp_dir", "System.tmp_dir!", tempDir, "File.cwd", "File.cwd!", cwd,
		"Path.expand", expandUser, "Path.join", pathJoin,
		"String.to_charlist", "to_charlist", "List.to_string", "to_string", "String.to_char_list", same,
		"Code.eval_string", eval, "Base.decode64!", "Base.decode64", unbase64,
	)
}}

var erlangCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"httpc.request", "gen_tcp.connect", "gen_udp.open", "ssl.connect", network,
		"os.cmd", shell,
		"file.del_dir_r", removeTree, "file.delete", "file.del_dir", remove,
		"os.getenv", getenv, "filename.join", pathJoin, "lists.concat", "lists.flatten", strConcat,
		"base64.decode", "base64.decode_to_string", unbase64,
	)
}}

var juliaCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"HTTP.get", "HTTP.post", "HTTP.put", "HTTP.request", "Downloads.download", "Downloads.request", "download", "Sockets.connect", "connect", network,
		"rm", "Base.rm", "Filesystem.rm", "Base.Filesystem.rm", removeOpt,
		"homedir", homeDir, "tempdir", tempDir, "mktempdir", freshTemp, "pwd", cwd,
		"joinpath", pathJoin, "expanduser", expandUser, "string", strConcat,
		"Cmd", argv,
		"eval", "Core.eval", "Base.eval", eval, "Meta.parse", same,
	)
}}

var rCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs(
		"httr.GET", "httr.POST", "httr.PUT", "httr.PATCH", "httr2.request", "httr2.req_perform", "curl.curl", "curl.curl_fetch_memory",
		"curl.new_handle", "RCurl.postForm", "RCurl.getURL", "download.file", "url", "socketConnection", network,
		"system", "shell", "pipe", shell, "system2", shellJoin,
		"unlink", callSpec{op: opDeleteOpt, opt: "recursive", tilde: true}, "file.remove", callSpec{op: opDelete, tilde: true},
		"path.expand", "normalizePath", expandUser, "Sys.getenv", getenv, "file.path", pathJoin,
		"paste0", strConcat, "paste", callSpec{op: vPaste}, "tempdir", tempDir, "getwd", cwd,
	)
}}

var appleCalls = lazy.Value[map[string]callSpec]{Make: func() map[string]callSpec {
	return specs("do shell script", shell)
}}
