// Package sim is cueref's deterministic pool simulator: an event-based physics model
// of balls on the bed (sliding, rolling, spinning, cushions, pocket jaws, the rare
// ball thrown off the table) and automatic players that play whole racks through the
// rules engine, producing exact ground truth for the tracker, the rules and the
// benchmarks.
//
// Physics follows the analytic equations of motion of Leckie & Greenspan as used by
// pooltool's event-based model: between events every ball moves on a closed-form
// quadratic path, and the next ball–ball, ball–cushion, ball–jaw, pocket or
// state-transition event is solved exactly (a quartic at worst). Motion keeps the
// piecewise-analytic segments so that every ball's state can be read at any time.
// Internally the package works in SI units; its API speaks the contract's
// millimetres and seconds.
//
// The package is pure Go (no cgo) and builds for any GOARCH with CGO_ENABLED=0.
package sim
