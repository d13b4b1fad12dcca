package runfiles

import (
	"reflect"
	"testing"
)

// TestMakeTargetVariables: a target-specific variable set with := or =
// is in force in the target's recipe.
func TestMakeTargetVariables(t *testing.T) {
	for _, mk := range []string{
		"clean: TARGET := $(HOME)\nclean:\n\trm -rf $(TARGET)\n",
		"clean: TARGET = $(HOME)\nclean:\n\trm -rf $(TARGET)\n",
		"clean: override TARGET := $(HOME)\nclean:\n\trm -rf $(TARGET)\n",
	} {
		r := MakeRecipes(Map{"/p/Makefile": mk}, "/p", []string{"clean"}, map[string]string{"HOME": "/h"})
		if got := shells(r); !reflect.DeepEqual(got, []string{"rm -rf /h"}) {
			t.Errorf("%q: texts %q, want rm -rf /h", mk, got)
		}
	}
}
