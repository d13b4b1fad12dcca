package validator

import "testing"

// TestSecretNamesBeyondKeys checks that the credentials a harness, a build
// tool, a browser or a shell keeps in the home are secrets, as the keys
// are: Gemini CLI's OAuth file, Maven's server passwords, the keyrings, a
// browser's saved logins, and the histories of what was typed at a prompt.
func TestSecretNamesBeyondKeys(t *testing.T) {
	for p, want := range map[string]bool{
		"/home/u/.gemini/oauth_creds.json":                 true,
		"/home/u/.m2/settings.xml":                         true,
		"/home/u/.local/share/keyrings/login.keyring":      true,
		"/home/u/.mozilla/firefox/abc.default/logins.json": true,
		"/home/u/.config/google-chrome/Default/Login Data": true,
		"/home/u/.bash_history":                            true,
		"/home/u/.zsh_history":                             true,
		".python_history":                                  true,
		"/home/u/project/settings.xml":                     false,
		"/home/u/project/docs/bash_history.md":             false,
		"/home/u/.config/google-chrome-themes/x":           false,
	} {
		if got := secretName(p); got != want {
			t.Errorf("secretName(%q) = %v, want %v", p, got, want)
		}
	}
}
