// Package simbench measures the vision detector against the simulator's ground
// truth (package sim/render): recall, precision, position error and identity
// over thousands of rendered frames, in its tests and benchmarks only. It is a
// separate package so that the real-footage tests of package vision do not
// depend on the renderer.
package simbench
