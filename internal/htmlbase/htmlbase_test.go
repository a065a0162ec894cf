package htmlbase

import (
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestTrimSpace(t *testing.T) {
	// HTML white space is space, tab, LF, FF and CR; not VT or NBSP.
	for in, want := range map[string]string{
		" \t\n\f\rx y\r\n": "x y",
		"\vx\v":            "\vx\v",
		"\u00a0x":          "\u00a0x",
		"   ":              "",
	} {
		if got := string(TrimSpace([]byte(in))); got != want {
			t.Errorf("TrimSpace(%q) = %q, want %q", in, got, want)
		}
	}
}

// baseOf returns the href of the first BASE with one in the head of doc,
// as package base and package links find it.
func baseOf(doc string) (string, bool) {
	z := html.NewTokenizer(strings.NewReader(doc))
	var head HeadTracker
	for {
		switch tt := z.Next(); tt {
		case html.ErrorToken:
			return "", false
		case html.TextToken:
			if head.Text(z.Raw()) {
				return "", false
			}
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, hasAttr := z.TagName()
			if head.Tag(tt, name) {
				return "", false
			}
			if tt != html.EndTagToken && hasAttr && head.IsBase(name) {
				if href, ok := Href(z); ok {
					return href, true
				}
			}
		default:
			head.Other()
		}
	}
}

func TestHeadTracker(t *testing.T) {
	tests := []struct {
		doc, want string
		ok        bool
	}{
		{`<base href=" a &amp; ">`, "a &", true},
		{`<base target=x><base href=b href=c>`, "b", true},
		{`<html><head><meta charset=utf-8><link rel=x><script><base href=no></script><base href=y>`, "y", true},
		{`<noscript><base href=no></noscript><base href=y>`, "y", true},
		{"\xef\xbb\xbf \n<base href=bom>", "bom", true},
		{`<!-- c --><!DOCTYPE html><base href=y>`, "y", true},
		{`x<base href=no>`, "", false},
		{`<div><base href=no>`, "", false},
		{`</br><base href=no>`, "", false},
		{`</p><base href=y>`, "y", true}, // an end tag other than head, body, html, br does not end it
		{`<head></head><base href=no>`, "", false},
	}
	for _, tt := range tests {
		got, ok := baseOf(tt.doc)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%q: got %q, %v; want %q, %v", tt.doc, got, ok, tt.want, tt.ok)
		}
	}
}
