package main

import "flag"

// namedValue is the flag.Value of a flag that takes a name from a list,
// parsed by the package of the value's type (parse: rows.ParseFormat,
// graph.ParseLevel...), whose error names the names it takes: the list
// is written once, with the type. The name is checked as the flag is
// parsed, so that a bad one is the usage error of every bad flag value
// (parseFlags: the flag and the value named, then the hint), as a bad
// -spec is.
type namedValue[T any] struct {
	v     T
	name  string // as given: String's, the default -h shows
	parse func(string) (T, error)
}

func (n *namedValue[T]) String() string { return n.name }

func (n *namedValue[T]) Set(s string) error {
	v, err := n.parse(s)
	if err != nil {
		return err
	}
	n.v, n.name = v, s
	return nil
}

// namedFlag defines on fs the flag name, whose value parse parses, with
// the default def, and returns where the value is.
func namedFlag[T any](fs *flag.FlagSet, name, def, usage string, parse func(string) (T, error)) *T {
	n := &namedValue[T]{parse: parse}
	if err := n.Set(def); err != nil {
		panic("flag -" + name + ": default: " + err.Error())
	}
	fs.Var(n, name, usage)
	return &n.v
}
