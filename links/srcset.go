package links

// nextCandidate returns the URL of the first image candidate of a srcset
// attribute value at or after v[i:], and the index after the candidate;
// ok is false when there is none. It follows the HTML Living Standard's
// "parse a srcset attribute" algorithm as far as the URLs go: candidates
// are separated by commas; a candidate is a URL (a run of non-white-space
// characters, trailing commas removed) followed by descriptors, which may
// hold commas inside parentheses. Descriptors are skipped, not checked.
func nextCandidate(v []byte, i int) (url []byte, next int, ok bool) {
	for {
		// Skip white space and commas before a candidate.
		for i < len(v) && (isSpace(v[i]) || v[i] == ',') {
			i++
		}
		if i >= len(v) {
			return nil, i, false
		}
		start := i
		for i < len(v) && !isSpace(v[i]) {
			i++
		}
		url = v[start:i]
		if url[len(url)-1] == ',' {
			// "a.png, b.png": trailing commas end the candidate, which
			// has no descriptors ("a.png,b.png" is one URL, commas
			// inside a URL being kept).
			for len(url) > 0 && url[len(url)-1] == ',' {
				url = url[:len(url)-1]
			}
		} else {
			// Skip the descriptors up to a comma outside parentheses.
			depth := 0
		desc:
			for ; i < len(v); i++ {
				switch v[i] {
				case '(':
					depth = 1
				case ')':
					depth = 0
				case ',':
					if depth == 0 {
						i++
						break desc
					}
				}
			}
		}
		if len(url) > 0 {
			return url, i, true
		}
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}
