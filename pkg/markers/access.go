package markers

// All returns the values of every marker in ms whose value has type T, in
// source order.
func All[T any](ms []Marker) []T {
	var out []T
	for _, m := range ms {
		if v, ok := m.Value.(T); ok {
			out = append(out, v)
		}
	}
	return out
}

// First returns the value and marker of the first marker in ms whose value
// has type T.
func First[T any](ms []Marker) (T, Marker, bool) {
	for _, m := range ms {
		if v, ok := m.Value.(T); ok {
			return v, m, true
		}
	}
	var zero T
	return zero, Marker{}, false
}

// Has reports whether any marker in ms has a value of type T.
func Has[T any](ms []Marker) bool {
	_, _, ok := First[T](ms)
	return ok
}
