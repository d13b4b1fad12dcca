package registry

// What the downloaders do beyond the files their options name
// (downloaders.go): the effect classes of a fetch that sends by its method,
// of a config file that may add any option, of wget's default download.

// curlMore are curl's effects that name no word: -O writes a file named
// after the URL, a method that changes the server sends, body or not, and a
// config file (-K) may hold any option, an upload or an output file.
func curlMore() []Effect {
	return []Effect{
		{Act: Writes, If: []string{"-O", "--remote-name", "--remote-name-all"}},
		{Act: Sends, If: changingMethods("-X", "--request")},
		{Act: Sends, If: []string{"-K", "--config"}},
		{Act: Writes, If: []string{"-K", "--config"}},
	}
}

// wgetMore are wget's: it writes a file named after the URL unless -O says
// where (or --spider only checks); a changing method sends; -e runs a
// .wgetrc command and --config reads a file of them, an upload included.
func wgetMore() []Effect {
	return []Effect{
		{Act: Writes, Unless: []string{"-O", "--output-document", "--spider"}},
		{Act: Sends, If: changingMethods("--method")},
		{Act: Sends, If: []string{"--post-data", "--body-data"}},
		{Act: Sends, If: []string{"-e", "--execute", "--config"}},
	}
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
