package verdict

import "testing"

func TestModes(t *testing.T) {
	for _, m := range Modes {
		if got, err := ParseMode(string(m)); got != m || err != nil {
			t.Errorf("ParseMode(%q) = %q, %v", m, got, err)
		}
	}
	if _, err := ParseMode("yolo"); err == nil {
		t.Error("ParseMode(yolo) gave no error")
	}
	if !Looser(ModeBypass, ModeAuto) || !Looser(ModeAuto, ModeDefault) || !Looser(ModeDefault, ModePlan) || Looser(ModePlan, ModeDefault) || !Looser("", ModeBypass) {
		t.Error("the modes' order is wrong")
	}
}
