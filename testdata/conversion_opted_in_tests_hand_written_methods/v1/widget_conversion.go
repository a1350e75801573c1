package v1

// Hub marks v1 as the version Widget converts through.
func (*Widget) Hub() {}
