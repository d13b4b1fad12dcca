package cmd

import (
	"bytes"
	"testing"

	"github.com/permgate/permgate/harness"
	"github.com/permgate/permgate/policy"
)

// TestHookProbeDenied: each harness's probe payload, answered by permgate
// hook in every mode, reads back in that harness's protocol as a deny — the
// round trip doctor relies on.
func TestHookProbeDenied(t *testing.T) {
	home := isolatedHome(t)
	for _, name := range harness.Names() {
		h, _ := harness.Lookup(name)
		for _, mode := range policy.Modes {
			var out, errOut bytes.Buffer
			code := Main([]string{"hook", name, "--mode", string(mode)}, bytes.NewReader(h.ProbePayload(home)), &out, &errOut)
			got, err := h.ReadAnswer(out.Bytes(), errOut.Bytes(), code)
			if err != nil || got != policy.Deny {
				t.Errorf("%s --mode %s: probe answered %q/%q/%d, read as %q (%v); want deny", name, mode, out.String(), errOut.String(), code, got, err)
			}
		}
	}
}
