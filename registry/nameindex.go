package registry

// indexSlots is the size of the default registry's name table: a power of
// two about four times the names declared, so that a lookup probes one or
// two slots.
const indexSlots = 4096

// nameIndex finds the family that declares a program name, in a table made
// when the declarations change (index_gen.go, by go test ./registry -run
// TestDefaultIndex -update): open addressing over nameHash with linear
// probing. It is static data, so the default registry's thousand names
// cost nothing at start-up, where a map of them took tens of microseconds
// to build in every process.
type nameIndex struct {
	names    *[indexSlots]string // "" is an empty slot
	families *[indexSlots]uint16
}

// nameHash is 32-bit FNV-1a.
func nameHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// find returns the family that declares name.
func (x nameIndex) find(name string) (uint16, bool) {
	if name == "" {
		return 0, false
	}
	for i, n := nameHash(name)&(indexSlots-1), 0; n < indexSlots; i, n = (i+1)&(indexSlots-1), n+1 {
		switch x.names[i] {
		case name:
			return x.families[i], true
		case "":
			return 0, false
		}
	}
	return 0, false
}

// placeNames lays names (with their families) out in a table as find
// reads it, in the order given; false when they do not fit.
func placeNames(names []string, families []uint16) (slots [indexSlots]string, fams [indexSlots]uint16, ok bool) {
	if len(names) > indexSlots/2 {
		return slots, fams, false
	}
	for k, name := range names {
		i := nameHash(name) & (indexSlots - 1)
		for slots[i] != "" {
			i = (i + 1) & (indexSlots - 1)
		}
		slots[i], fams[i] = name, families[k]
	}
	return slots, fams, true
}
