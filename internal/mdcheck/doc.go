// Package mdcheck reads Markdown pages as goldmark does (GitHub-flavoured
// Markdown, with auto heading IDs) to check them, and renders them as HTML.
//
// Input: pages, by slash path, and the raw HTML they may hold. Output: the
// problems Check finds (a relative link or #anchor that no page or heading
// id answers, a link with a scheme other than http, https or mailto, raw
// HTML not allowed), and HTML of a page (HTML). The tests of pkg/apidocs
// and hack/apidocs use it; it does no I/O.
package mdcheck
