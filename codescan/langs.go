package codescan

// The families the shared evaluator reads, each its lexical rules, how its
// expressions join strings and name things, and its tables.

// allFamilies builds every family, for families' first use.
func allFamilies() []*family {
	return []*family{python(), javascript(), ruby(), perl(), php(), lua(), awk(), groovy(), elixir(), erlang(), julia(), rlang(), applescript(), tcl(), scheme(), emacsLisp(), powershell()}
}

func python() *family {
	return &family{lang: Python,
		lex: lexRules{special: lexPython, nfkc: true, esc: escRules{keepUnknown: true},
			ops: []string{"**=", "//=", ">>=", "<<=", "**", "//", "==", "!=", "<=", ">=", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", ":=", "<<", ">>"}},
		ev: evalRules{concat: []string{"+"}, adjacentStrings: true, nameSeps: []string{"."}, kwEquals: true, newlineEnds: true,
			stmt: pyStatement},
		calls: pythonCalls.Get(), methods: pythonMethods.Get(), envMaps: setOf("os.environ", "posix.environ", "os.environb"),
	}
}

func javascript() *family {
	return &family{lang: JavaScript,
		lex: lexRules{special: lexJS, identStart: "$", identExtra: "$",
			ops: []string{"===", "!==", "**=", "...", ">>>", "<<=", ">>=", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=", "**", "<<", ">>"}},
		ev:    evalRules{concat: []string{"+"}, nameSeps: []string{"."}, declare: []string{"const", "let", "var"}, stmt: jsStatement},
		calls: jsCalls.Get(), methods: jsMethods.Get(), envMaps: setOf("process.env", "Bun.env", "import.meta.env"),
	}
}

func ruby() *family {
	return &family{lang: Ruby,
		lex: lexRules{special: lexRuby, identEnd: "?!", esc: escRules{sSpace: true},
			ops: []string{"**=", "<=>", "===", "...", "||=", "&&=", "==", "!=", "=~", "!~", "<=", ">=", "&&", "||", "<<", ">>", "**", "::", "..", "=>", "->", "+=", "-=", "*=", "/=", "&."}},
		ev: evalRules{concat: []string{"+", "<<"}, adjacentStrings: true, nameSeps: []string{".", "::"}, parenless: true, bareCalls: true,
			kwColon: true, newlineEnds: true, stmt: rubyStatement},
		calls: rubyCalls.Get(), methods: rubyMethods.Get(), envMaps: setOf("ENV"), heredocInterp: hashBrace,
	}
}

func perl() *family {
	return &family{lang: Perl,
		lex: lexRules{special: lexPerl, esc: escRules{caseMods: true},
			ops: []string{"<=>", "**=", "||=", "//=", "&&=", "...", "->", "=>", "==", "!=", "=~", "!~", "<=", ">=", "&&", "||", "//", "::", "..", "**", "<<", ">>", "+=", "-=", ".=", "*=", "++", "--"}},
		ev: evalRules{concat: []string{"."}, nameSeps: []string{"::", "->"}, parenless: true, bareCalls: true,
			declare: []string{"my", "our", "local", "state"}, stmt: perlStatement},
		calls: perlCalls.Get(), envMaps: setOf("$ENV", "%ENV"), heredocInterp: perlInterp,
	}
}

func php() *family {
	return &family{lang: PHP,
		lex: lexRules{special: lexPHP, esc: escRules{keepUnknown: true},
			ops: []string{"===", "!==", "<=>", "**=", "??=", "...", "?->", "->", "=>", "::", "==", "!=", "<>", "<=", ">=", "&&", "||", "??", "++", "--", "+=", "-=", ".=", "*=", "/=", "**", "<<", ">>"}},
		ev:    evalRules{concat: []string{"."}, nameSeps: []string{"->", "::", "\\", "?->"}, lower: true, stringCallee: true},
		calls: phpCalls.Get(), envMaps: setOf("$_server", "$_env"), heredocInterp: phpInterp,
	}
}

func lua() *family {
	return &family{lang: Lua,
		lex:   lexRules{special: lexLua, esc: escRules{decimal: true}, ops: []string{"...", "..", "==", "~=", "<=", ">=", "::", "//", "<<", ">>"}},
		ev:    evalRules{concat: []string{".."}, nameSeps: []string{".", ":"}, declare: []string{"local"}},
		calls: luaCalls.Get(),
	}
}

func awk() *family {
	return &family{lang: Awk,
		lex: lexRules{special: lexAwk,
			ops: []string{"|&", "||", "&&", "==", "!=", "<=", ">=", ">>", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=", "**", "!~"}},
		ev:    evalRules{juxtapose: true, newlineEnds: true, stmt: awkStatement},
		calls: awkCalls.Get(), envMaps: setOf("ENVIRON"),
	}
}

func groovy() *family {
	return &family{lang: Groovy,
		lex: lexRules{special: lexGroovy, identStart: "$", identExtra: "$",
			ops: []string{"===", "!==", "<=>", "==~", "?.", "*.", ".&", "..<", "...", "..", "->", "==", "!=", "=~", "<=", ">=", "&&", "||", "?:", "++", "--", "+=", "-=", "<<", ">>", "**", "::"}},
		ev: evalRules{concat: []string{"+"}, nameSeps: []string{"."}, parenless: true, kwColon: true, newlineEnds: true,
			declare: []string{"def", "final", "var"}},
		calls: groovyCalls.Get(), methods: groovyMethods.Get(),
	}
}

func elixir() *family {
	return &family{lang: Elixir,
		lex: lexRules{special: lexElixir, identEnd: "?!", esc: escRules{sSpace: true},
			ops: []string{"===", "!==", "|>", "<>", "++", "--", "==", "!=", "=~", "<=", ">=", "&&", "||", "->", "<-", "=>", "::", "..", `\\`}},
		ev:    evalRules{concat: []string{"<>"}, nameSeps: []string{"."}, parenless: true, kwColon: true, newlineEnds: true, pipe: true},
		calls: elixirCalls.Get(),
	}
}

func erlang() *family {
	return &family{lang: Erlang,
		lex: lexRules{special: lexErlang, identExtra: "@", esc: escRules{sSpace: true},
			ops: []string{"=:=", "=/=", "->", "<-", "=<", ">=", "==", "/=", "++", "--", "||", "::", ":=", "=>", "<<", ">>", "<="}},
		ev:    evalRules{concat: []string{"++"}, nameSeps: []string{":"}},
		calls: erlangCalls.Get(),
	}
}

func julia() *family {
	return &family{lang: Julia,
		lex: lexRules{special: lexJulia, identEnd: "!", identStart: "@",
			ops: []string{"===", "!==", "...", "|>", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "::", ".*", "+=", "-=", "*=", "//", "<:", ">:"}},
		ev: evalRules{concat: []string{"*"}, nameSeps: []string{"."}, kwEquals: true, newlineEnds: true, pipe: true,
			declare: []string{"local", "global", "const"}},
		calls: juliaCalls.Get(), envMaps: setOf("ENV"),
	}
}

func rlang() *family {
	return &family{lang: R,
		lex:   lexRules{special: lexR, identExtra: ".", identStart: ".", ops: []string{"<<-", "->>", "<-", "->", "|>", "==", "!=", "<=", ">=", "&&", "||", ":::", "::"}},
		ev:    evalRules{nameSeps: []string{"::", ":::"}, kwEquals: true, newlineEnds: true, pipe: true},
		calls: rCalls.Get(),
	}
}

func applescript() *family {
	return &family{lang: AppleScript,
		lex:   lexRules{special: lexAppleScript},
		ev:    evalRules{concat: []string{"&"}, newlineEnds: true, stmt: appleStatement},
		calls: appleCalls.Get(),
	}
}
