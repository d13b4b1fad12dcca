// Package pathin tells where a cleaned slash path lies relative to a
// directory, without building a string to compare: the analysis asks it of
// every path a command names.
package pathin

import "strings"

// Within reports whether p is dir or lies under it; "/" holds every path.
func Within(p, dir string) bool {
	if dir == "/" {
		return true
	}
	return strings.HasPrefix(p, dir) && (len(p) == len(dir) || p[len(dir)] == '/')
}

// Under reports whether p lies strictly under dir.
func Under(p, dir string) bool {
	if dir == "/" {
		return p != "/"
	}
	return len(p) > len(dir) && p[len(dir)] == '/' && strings.HasPrefix(p, dir)
}
