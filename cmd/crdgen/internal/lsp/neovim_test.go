package lsp

// This test runs crdgen lsp in a real editor: Neovim, headless, with the
// configuration docs/guides/editors.md gives, types a marker typo and a
// broken CEL rule into an unsaved buffer and reads back the diagnostics, a
// hover and a completion.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// checkLua is what the editor does; it writes what it saw to $OUT.
const checkLua = `
local out = {}
vim.cmd("edit " .. os.getenv("TYPES"))
vim.wait(10000, function() local c = vim.lsp.get_active_clients()[1]; return c ~= nil and c.initialized end, 50)
local buf = vim.api.nvim_get_current_buf()
local typo
for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
  if l:find("validation:Maximum=10", 1, true) then
    vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { (l:gsub("Maximum", "Maxmum")) })
    typo = i - 1
  elseif l:find("self.size >= 0", 1, true) then
    vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { (l:gsub("self.size", "self.sise")) })
  end
end
vim.wait(60000, function() return #vim.diagnostic.get(buf, { lnum = typo }) > 0 end, 50)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(out, string.format("diagnostic %d:%d [%s] %s", d.lnum + 1, d.col + 1, tostring(d.code), d.message))
end
local client = vim.lsp.get_active_clients()[1]
local uri = vim.uri_from_bufnr(buf)
local res = client.request_sync("textDocument/hover", { textDocument = { uri = uri }, position = { line = typo + 1, character = 12 } }, 10000, buf)
table.insert(out, "hover " .. ((res and res.result and res.result.contents.value) or "none"):gsub("\n", " "))
res = client.request_sync("textDocument/completion", { textDocument = { uri = uri }, position = { line = typo, character = 31 } }, 10000, buf)
local labels = {}
for _, it in ipairs((res and res.result and res.result.items) or {}) do table.insert(labels, it.label) end
table.insert(out, "completion " .. table.concat(labels, " "))
vim.fn.writefile(out, os.getenv("OUT"))
vim.cmd("qa!")
`

func TestNeovim(t *testing.T) {
	if testing.Short() {
		t.Skip("builds crdgen and runs Neovim")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("no nvim on PATH (Debian's neovim package; .ci/run installs it)")
	}
	dir := module(t)
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(bin, "crdgen"), "github.com/crdgen/crdgen/cmd/crdgen")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := t.TempDir()
	initLua := filepath.Join(work, "init.lua")
	write(t, initLua, guideSnippet(t))
	write(t, filepath.Join(work, "check.lua"), checkLua)
	out := filepath.Join(work, "out.txt")
	cmd := exec.Command(nvim, "--headless", "-u", initLua, "-c", "luafile "+filepath.Join(work, "check.lua"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"TYPES="+filepath.Join(dir, "api", "v1", "types.go"), "OUT="+out, "XDG_STATE_HOME="+work, "XDG_DATA_HOME="+work, "CRDGEN_CACHE=off")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("Neovim wrote nothing: %v", err)
	}
	got := string(data)
	for _, want := range []string{
		"diagnostic 19:5 [unknown-marker] unknown marker +kubebuilder:validation:Maxmum, did you mean +kubebuilder:validation:Maximum",
		"[cel] +kubebuilder:validation:XValidation: rule does not compile: undefined field 'sise'",
		"hover ``` +kubebuilder:validation:Minimum=",
		"completion kubebuilder:validation:MaxItems kubebuilder:validation:MaxLength kubebuilder:validation:MaxProperties kubebuilder:validation:Maximum",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Neovim saw\n%s\nwant a line with %q", got, want)
		}
	}
}

// guideSnippet is the Neovim configuration of docs/guides/editors.md: the
// first lua block under "## Neovim".
func guideSnippet(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "docs", "guides", "editors.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(data), "## Neovim\n")
	_, block, ok := strings.Cut(section, "```lua\n")
	block, _, ok2 := strings.Cut(block, "```")
	if !ok || !ok2 {
		t.Fatal("docs/guides/editors.md has no lua block under ## Neovim")
	}
	return block
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
