package registry

// indexSlots is the size of the default registry's name table: a power of
// two about four times the names declared, so that a lookup probes one or
// two slots.
const indexSlots = 4096

// nameIndex finds where a program name is declared, in a table made when
// the declarations change (index_gen.go, by go test ./registry -run
// TestDefaultIndex -update): open addressing over nameHash with linear
// probing. It is static data, so the default registry's thousand names
// cost nothing at start-up, where maps of them took tens of microseconds
// to build in every process.
type nameIndex struct {
	names  *[indexSlots]string // "" is an empty slot
	places *[indexSlots]place
}

// place is where a name is declared: its family's position in the
// registry, its program's in the family, and its own among the program's
// names (so that a lookup checks the place with one comparison).
type place struct {
	family, program, name uint16
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

// find returns where name is declared.
func (x nameIndex) find(name string) (place, bool) {
	if name == "" {
		return place{}, false
	}
	for i, n := nameHash(name)&(indexSlots-1), 0; n < indexSlots; i, n = (i+1)&(indexSlots-1), n+1 {
		switch x.names[i] {
		case name:
			return x.places[i], true
		case "":
			return place{}, false
		}
	}
	return place{}, false
}

// placeNames lays names (with their places) out in a table as find reads
// it, in the order given; false when they do not fit.
func placeNames(names []string, at []place) (slots [indexSlots]string, places [indexSlots]place, ok bool) {
	if len(names) > indexSlots/2 {
		return slots, places, false
	}
	for k, name := range names {
		i := nameHash(name) & (indexSlots - 1)
		for slots[i] != "" {
			i = (i + 1) & (indexSlots - 1)
		}
		slots[i], places[i] = name, at[k]
	}
	return slots, places, true
}
