package runfiles

import (
	"strings"
	"testing"
)

// The readers never panic, whatever the file holds.

func FuzzMakeRecipes(f *testing.F) {
	for _, seed := range []string{"all: b\n\techo $(X)\nb:\n\t$(shell id)\n", "ifeq ($(A),b)\nx:\n\ty\nelse\nendif\n", "define X\n$(1)\nendef\n$(eval $(call X,a:))\n",
		"%.o: %.c ; cc $<\n", "a: b: c\n", "$(", "x:\n\t$(foreach a,$(b),$(if $(a),$(call $(a))))\n", ".RECIPEPREFIX=\n", "a::b\n\t\\\n", "define X\n$X1)\nendef\n$(\x01val $(call X,a:))\n"} {
		f.Add(seed, "")
	}
	f.Fuzz(func(t *testing.T, text, args string) {
		files := Map{"/p/Makefile": text, "/p/a.mk": text}
		MakeRecipes(files, "/p", strings.Fields(args), map[string]string{"HOME": "/h"})
	})
}

func FuzzJustRecipes(f *testing.F) {
	for _, seed := range []string{"a: b\n    echo {{x}}\nb:\n  #!/bin/sh\n", "x := if `a` == 'b' { 'c' } else { d }\n", "[script]\na p='(':\n    {{\n", "a +b=(c 'd'):\n",
		"x := env('A',\n", "set shell := [\n", "import\n", "a: (b\n"} {
		f.Add(seed, "")
	}
	f.Fuzz(func(t *testing.T, text, args string) {
		files := Map{"/p/justfile": text}
		JustRecipes(files, "/p", strings.Fields(args), map[string]string{"HOME": "/h"})
	})
}

func FuzzPackageScripts(f *testing.F) {
	f.Add(`{"scripts":{"test":"x"}}`, "run test")
	f.Add(`{"scripts":null}`, "-- --")
	f.Fuzz(func(t *testing.T, text, args string) {
		files := Map{"/p/package.json": text}
		for _, m := range []string{"npm", "yarn", "pnpm", "bun"} {
			PackageScripts(files, "/p", m, strings.Fields(args))
		}
	})
}

func FuzzTaskRunner(f *testing.F) {
	f.Add("[tool.pdm.scripts]\nx = {composite = [\"x\", {cmd = 1}]}\n", "version: '3'\ntasks:\n  x:\n    cmds: [{task: x}, 1, {defer: y}]\n", "run x")
	f.Add("[tool.hatch.envs.a.scripts]\nx = [1]\n[tasks.x]\nrun = [1]\ndepends = [2]\n", "tasks: [1]\n", "x")
	f.Fuzz(func(t *testing.T, toml, yaml, args string) {
		files := Map{"/p/pyproject.toml": toml, "/p/mise.toml": toml, "/p/Taskfile.yml": yaml, "/p/package.json": `{"scripts":{"a":"b"},"workspaces":["*"]}`, "/p/pnpm-workspace.yaml": yaml}
		for _, tool := range TaskRunners {
			TaskRunner(files, "/p", tool, strings.Fields(args))
		}
	})
}

func FuzzGlobMatch(f *testing.F) {
	f.Add("**/*.{js,ts}", "a/b/c.js")
	f.Add("{a,{b}}/**/**", "x")
	f.Fuzz(func(t *testing.T, pattern, rel string) {
		if len(pattern) > 64 || len(rel) > 128 {
			return
		}
		globMatch(pattern, rel)
	})
}
