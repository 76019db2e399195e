package tracking

import "testing"

// TestMetBesideAsked: camera model at 30 fps. Seed 36, 8-ball shot 164: the
// cue ball, at 4 m/s, met the 3 and 8 ms later the 4, which flew off the
// table unread; its track was taken for lifted. Seed 45, 9-ball shot 182:
// the cue ball met the 5 and 2 ms later the 7, which flew off the same way.
// Both pots were ruled legal, unasked, where the truth is
// object_ball_off_table (see metBeside). Each must be asked about, the
// ball gone named.
func TestMetBesideAsked(t *testing.T) {
	wantEachAsked(t, []askedCase{
		{"testdata/metbeside-8ball-30fps-s36-norender.json.gz", 15, 1080.6559, "ball 4 on the table"},
		{"testdata/metbeside-9ball-30fps-s45-norender.json.gz", 9, 1243.6507, "ball 7 on the table"},
	})
}
