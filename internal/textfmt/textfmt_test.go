package textfmt

import (
	"bytes"
	"testing"
)

func TestColumns(t *testing.T) {
	var b bytes.Buffer
	Columns(&b, [][]string{{"Bytes", "Name", "Note"}, {"1,024", "widgets", ""}, {"7", "a", "x"}}, 1)
	want := "Bytes  Name     Note\n" +
		"1,024  widgets\n" +
		"    7  a        x\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
	b.Reset()
	Columns(&b, nil, 1)
	if b.Len() != 0 {
		t.Errorf("no rows wrote %q", b.String())
	}
}

func TestThousands(t *testing.T) {
	for in, want := range map[string]string{
		"0": "0", "999": "999", "1000": "1,000", "123456": "123,456",
		"18446744073709551615": "18,446,744,073,709,551,615",
		"-1000":                "-1,000", "-12": "-12",
	} {
		if got := Thousands(in); got != want {
			t.Errorf("Thousands(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRender(t *testing.T) {
	text := func() []byte { return []byte("text\n") }
	md := func() []byte { return []byte("md\n") }
	report := struct {
		A int `json:"a"`
	}{1}
	for format, want := range map[string]string{"": "text\n", FormatText: "text\n", FormatMarkdown: "md\n", FormatJSON: "{\n  \"a\": 1\n}\n"} {
		got, err := Render(report, format, text, md)
		if err != nil || string(got) != want {
			t.Errorf("Render(%q) = %q, %v; want %q", format, got, err, want)
		}
	}
	if _, err := Render(report, "yaml", text, md); err == nil {
		t.Error("Render(yaml): no error")
	}
}
