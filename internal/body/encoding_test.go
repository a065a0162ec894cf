package body

import "testing"

// FuzzSniffEncoding holds SniffEncoding's shortcut (no prescan for a
// UTF-8 head without "charset") to the prescan itself.
func FuzzSniffEncoding(f *testing.F) {
	for _, s := range []string{"", "<meta charset=shift_jis>", "<META CHARSET=latin1>", "<meta http-equiv=content-type content='text/html;charset=euc-jp'>", "\xe9<p>", "<p>\xc3\xa9", "<p>\xe6\x97", "cHaRsEt", "\xef\xbb\xbf"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, head []byte) {
		if len(head) > PrescanLen {
			head = head[:PrescanLen]
		}
		got := SniffEncoding(head, "")
		if len(head) >= 2 && (head[0] == 0xfe && head[1] == 0xff || head[0] == 0xff && head[1] == 0xfe || len(head) >= 3 && string(head[:3]) == "\xef\xbb\xbf") {
			if got != "" {
				t.Fatalf("%q: BOM, got %q", head, got)
			}
			return
		}
		if want := prescanEncoding(head, validHead(head)); got != want {
			t.Fatalf("%q: got %q, prescan says %q", head, got, want)
		}
	})
}
