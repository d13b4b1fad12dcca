package config

import (
	"fmt"
	"maps"
	"slices"

	"github.com/permgate/permgate/effect"
	"github.com/permgate/permgate/policy"
)

// mergeActions adds one file's [actions]: each key an effect class, each value
// allow, ask or deny. An unknown class or value is an error at its line. The
// strictest policy any layer gives a class stands (a deny anywhere wins); a
// file that may only tighten has its allows ignored and returned.
func (cfg *Config) mergeActions(path string, fc *fileConfig, lines lineFinder, trusted bool) ([]string, error) {
	var ignored []string
	for _, key := range slices.Sorted(maps.Keys(fc.Actions)) {
		errAt := func(err error) error {
			return &Error{File: path, Line: lines.key([]string{"actions", key}), Msg: fmt.Sprintf("actions.%s: %v", key, err)}
		}
		c, err := effect.Parse(key)
		if err != nil {
			return nil, errAt(err)
		}
		a, err := policy.ParseAction(fc.Actions[key])
		if err != nil {
			return nil, errAt(err)
		}
		if a == policy.ActionAllow && !trusted {
			ignored = append(ignored, fmt.Sprintf("actions.%s = %q", key, a))
			continue
		}
		cfg.Actions.Set(c, a, fmt.Sprintf("%s:%d", path, lines.key([]string{"actions", key})))
	}
	return ignored, nil
}
