package harness

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/permgate/permgate/internal/shword"
)

// notJSON is a payload that is not one JSON object.
type notJSON struct{ err error }

func (e notJSON) Error() string { return e.err.Error() }
func (e notJSON) Unwrap() error { return e.err }

// readObject reads the members of one JSON object, keys exactly as written
// (after unescaping), and nothing after it.
func readObject(data []byte, lastWins bool) (map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, notJSON{err}
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, notJSON{errors.New("not a JSON object")}
	}
	out, err := readMembers(dec, lastWins)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != nil {
		return nil, notJSON{err}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, notJSON{errors.New("data after the object")}
	}
	return out, nil
}

// readMembers reads an object's members, after its opening brace, up to its
// closing one; a repeated key is an error unless lastWins, when the last
// one's value stands.
func readMembers(dec *json.Decoder, lastWins bool) (map[string]json.RawMessage, error) {
	out := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, notJSON{err}
		}
		key, ok := tok.(string)
		if !ok {
			return nil, notJSON{errors.New("an object key is not a string")}
		}
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, notJSON{err}
		}
		if _, dup := out[key]; dup && !lastWins {
			return nil, fmt.Errorf("the key %q is repeated", key)
		}
		out[key] = val
	}
	return out, nil
}

// stringFields reads the optional string members fields names into where
// each points (see stringField); the first error stops it.
func stringFields(obj map[string]json.RawMessage, fields map[string]*string) error {
	for key, dst := range fields {
		var err error
		if *dst, err = stringField(obj, key); err != nil {
			return err
		}
	}
	return nil
}

// stringField reads an optional string member: absent or null is "", another
// type or text that is not UTF-8 is an error.
func stringField(obj map[string]json.RawMessage, key string) (string, error) {
	raw, ok := obj[key]
	if !ok || string(raw) == "null" {
		return "", nil
	}
	s, valid, err := jsonString(raw)
	switch {
	case err != nil:
		return "", fmt.Errorf("%s is not a string", key)
	case !valid:
		return "", fmt.Errorf("%s is not valid UTF-8", key)
	}
	return s, nil
}

// jsonString decodes a JSON string and reports whether it was valid Unicode:
// invalid UTF-8 bytes and lone surrogate escapes, which encoding/json turns
// into U+FFFD without a word, make it invalid.
func jsonString(raw json.RawMessage) (s string, valid bool, err error) {
	if len(raw) == 0 || raw[0] != '"' {
		return "", false, errors.New("not a string")
	}
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false, err
	}
	if !utf8.Valid(raw) {
		return s, false, nil
	}
	if loneSurrogate(raw) {
		return s, false, nil
	}
	return s, true, nil
}

// loneSurrogate reports a \uD800–\uDFFF escape in an encoded JSON string that
// is not half of a pair (encoding/json turns it into U+FFFD without a word).
func loneSurrogate(raw []byte) bool {
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		r, ok := unicodeEscape(raw, i)
		if !ok {
			i++ // an escape such as \\ or \": its second byte is not a new escape
			continue
		}
		switch {
		case isLowSurrogate(r):
			return true // a low half with no high half before it
		case isHighSurrogate(r):
			low, ok := unicodeEscape(raw, i+6)
			if !ok || !isLowSurrogate(low) {
				return true
			}
			i += 11
			continue
		}
		i += 5
	}
	return false
}

// unicodeEscape reads the \uXXXX escape at raw[i:]; ok is false when there is
// none there.
func unicodeEscape(raw []byte, i int) (r rune, ok bool) {
	if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
		return 0, false
	}
	v, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 32)
	return rune(v), err == nil
}

// isHighSurrogate reports the first half of a UTF-16 surrogate pair.
func isHighSurrogate(r rune) bool { return r >= 0xd800 && r <= 0xdbff }

// isLowSurrogate reports the second half of a UTF-16 surrogate pair.
func isLowSurrogate(r rune) bool { return r >= 0xdc00 && r <= 0xdfff }

// stringList decodes a JSON array of strings, reporting whether every one was
// valid Unicode.
func stringList(raw json.RawMessage) ([]string, bool, error) {
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, false, errors.New("not a list of strings")
	}
	out := make([]string, len(items))
	allValid := true
	for i, it := range items {
		s, valid, err := jsonString(it)
		if err != nil {
			return nil, false, errors.New("not a list of strings")
		}
		out[i], allValid = s, allValid && valid
	}
	return out, allValid, nil
}

// shellCommand reads a shell tool call's command, given as a string or as a
// list of words (quoted into one script). valid is false when the command is
// not valid Unicode: it is then analysed as a parse error, never allowed. A
// missing, null or other command is an error.
func shellCommand(raw json.RawMessage) (command string, valid bool, err error) {
	switch {
	case len(raw) == 0:
		return "", false, errors.New("the shell tool call has no command")
	case string(raw) == "null":
		return "", false, errors.New("the shell tool call's command is null")
	case raw[0] == '"':
		return jsonString(raw)
	case raw[0] == '[':
		argv, valid, err := stringList(raw)
		if err == nil && len(argv) > 0 {
			quoted := make([]string, len(argv))
			for i, a := range argv {
				quoted[i] = shword.Quote(a)
			}
			return strings.Join(quoted, " "), valid, nil
		}
	}
	return "", false, errors.New("the shell tool call's command is neither a string nor a list of words")
}
