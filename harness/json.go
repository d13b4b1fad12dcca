package harness

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/permgate/permgate/internal/shword"
)

// notJSON is a payload that is not one JSON object.
type notJSON struct{ err error }

func (e notJSON) Error() string { return e.err.Error() }
func (e notJSON) Unwrap() error { return e.err }

// readObject reads data as one JSON object, its members as they are
// written: the whole value is checked once (json.Valid), then split where
// it lies (members). A repeated key is an error unless lastWins, when the
// last one's value stands.
func readObject(data []byte, lastWins bool) (map[string]json.RawMessage, error) {
	if err := validJSON(data); err != nil {
		return nil, notJSON{err}
	}
	return members(data, lastWins)
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
	s, valid, ok := unquote(raw)
	if !ok {
		return "", false, errors.New("not a string")
	}
	return s, valid, nil
}

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
