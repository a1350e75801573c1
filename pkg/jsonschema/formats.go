package jsonschema

// This file implements the formats: what each format the API server
// checks on a string becomes in JSON Schema. The server's formats are
// go-openapi's (k8s.io/kube-openapi/pkg/validation/strfmt, the list in
// apiextensions-apiserver's validation/formats.go), and most differ from
// JSON Schema's formats of the same name: "uri" takes an absolute path,
// "email" takes "Name <a@b>", "datetime" takes a lower-case "t", "ipv4"
// takes leading zeros. A JSON Schema format would reject what the server
// accepts, so each row says it with a pattern the server's own check
// implies: exact where the check is a regular expression, a necessary
// condition (a value the server accepts always matches) where it is a
// parser. Only "date" keeps its format: both are RFC 3339's full-date,
// read by time.Parse.

// formatRule is what one format becomes.
type formatRule struct {
	// format is kept as the JSON Schema format (the same meaning in both).
	format string
	// pattern and maxLength are what a value must satisfy.
	pattern   string
	maxLength int64
	// annotation keeps the format as an annotation only: the server does
	// not check it on this type (int32 on an integer).
	annotation bool
}

// Patterns shared by several rows.
const (
	dnsLabel     = `[a-z0-9]([-a-z0-9]*[a-z0-9])?`
	dnsSubdomain = dnsLabel + `(\.` + dnsLabel + `)*`
	octet        = `0*(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])`
	hex2         = `[0-9A-Fa-f]{2}`
	hex4         = `[0-9A-Fa-f]{4}`
	// isbn is what an ISBN is made of: digits, X, spaces and hyphens.
	isbn = `^[0-9Xx\s-]+$`
)

// formatRules are the formats of strings the API server checks, by name
// as the server normalizes it (go-openapi drops dashes: date-time is
// datetime).
func formatRules() map[string]formatRule {
	uuid := func(version, variant string) formatRule {
		h := `[0-9a-fA-F]`
		return formatRule{pattern: `^` + h + `{8}-?` + h + `{4}-?` + version + h + `{3}-?` + variant + h + `{3}-?` + h + `{12}$`}
	}
	mac := func(sep string) string {
		return hex2 + `(` + sep + hex2 + `){5}|` + hex2 + `(` + sep + hex2 + `){7}|` + hex2 + `(` + sep + hex2 + `){19}`
	}
	return map[string]formatRule{
		"date": {format: "date"},
		// strfmt.IsDateTime: a date, "t" in any case, and the time of day.
		"datetime": {pattern: `^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])[Tt]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$`},
		"uuid":     uuid(`[0-9a-fA-F]`, `[0-9a-fA-F]`),
		"uuid3":    uuid(`3`, `[0-9a-fA-F]`),
		"uuid4":    uuid(`4`, `[89abAB]`),
		"uuid5":    uuid(`5`, `[89abAB]`),
		// strfmt.HostnamePattern, and at most 255 bytes.
		"hostname": {pattern: `^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$`, maxLength: 255},
		// net/mail.ParseAddress: an address has an @.
		"email": {pattern: `@`},
		// url.ParseRequestURI: an absolute URI or an absolute path.
		"uri": {pattern: `^(/|[A-Za-z][A-Za-z0-9+.-]*:)`},
		// ParseIPSloppy with a dot: four decimal octets, leading zeros
		// allowed, or an IPv6 address with an IPv4 part.
		"ipv4": {pattern: `^((` + octet + `\.){3}` + octet + `|[0-9A-Fa-f:]*:[0-9A-Fa-f:]*` + `(` + octet + `\.){3}` + octet + `)$`},
		// net.ParseIP with a colon.
		"ipv6": {pattern: `^[0-9A-Fa-f.]*:[0-9A-Fa-f:.]*$`},
		// ParseCIDRSloppy.
		"cidr": {pattern: `^[0-9A-Fa-f:.]+/[0-9]+$`},
		// net.ParseMAC: 6, 8 or 20 octets, by colons, dashes, or dots
		// between groups of four digits.
		"mac":          {pattern: `^(` + mac(":") + `|` + mac("-") + `|` + hex4 + `(\.` + hex4 + `){2}|` + hex4 + `(\.` + hex4 + `){3}|` + hex4 + `(\.` + hex4 + `){9})$`},
		"bsonobjectid": {pattern: `^[0-9a-fA-F]{24}$`},
		// govalidator's patterns; ISBNs and card numbers also carry a
		// checksum, which no pattern checks.
		"isbn":       {pattern: isbn},
		"isbn10":     {pattern: isbn},
		"isbn13":     {pattern: isbn},
		"creditcard": {pattern: `[0-9]`},
		"ssn":        {pattern: `^[0-9]{3}[- ][0-9]{2}[- ][0-9]{4}$`},
		"hexcolor":   {pattern: `^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`},
		"rgbcolor":   {pattern: `^rgb\(\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*,\s*(0|[1-9]\d?|1\d\d?|2[0-4]\d|25[0-5])\s*\)$`},
		"byte":       {pattern: `^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$`},
		// strfmt.ParseDuration: Go's durations and Scala's; both need a digit.
		"duration":     {pattern: `[0-9]`},
		"password":     {},
		"k8sshortname": {pattern: `^` + dnsLabel + `$`, maxLength: 63},
		"k8slongname":  {pattern: `^` + dnsSubdomain + `$`, maxLength: 253},
	}
}

// formatOf is what format f on a node of type typ becomes; ok is false
// when the server ignores it there (an unknown format, or a string format
// on a number), and it is left out.
func formatOf(f, typ string) (formatRule, bool) {
	switch typ {
	case "integer":
		return formatRule{format: f, annotation: true}, f == "int32" || f == "int64"
	case "number":
		return formatRule{format: f, annotation: true}, f == "float" || f == "double"
	case "string":
		r, ok := formatRules()[stripDashes(f)]
		return r, ok
	}
	return formatRule{}, false
}

func stripDashes(s string) string {
	out := make([]byte, 0, len(s))
	for i := range len(s) {
		if s[i] != '-' {
			out = append(out, s[i])
		}
	}
	return string(out)
}
