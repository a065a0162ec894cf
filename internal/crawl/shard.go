package crawl

// Runs over many inputs: lists of inputs and shards of them (issue 7).

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Shard is a share of a list of inputs: the inputs whose position modulo
// N is I. The zero Shard takes every input. It is a flag.Value ("I/N").
type Shard struct{ I, N int }

func (s *Shard) String() string {
	if s.N == 0 {
		return ""
	}
	return strconv.Itoa(s.I) + "/" + strconv.Itoa(s.N)
}

// Set parses "I/N" with 0 <= I < N.
func (s *Shard) Set(v string) error {
	is, ns, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return fmt.Errorf("want I/N with 0 <= I < N, such as 0/4")
	}
	s.I, s.N = i, n
	return nil
}

// Takes reports whether the input at position pos belongs to the shard.
// By position rather than by a hash of the name, so that N shards of a
// list get equal numbers of inputs (to within one), and a list of files
// of similar size equal work.
func (s Shard) Takes(pos int) bool { return s.N == 0 || pos%s.N == s.I }

// ReadList reads a list of inputs, one per line (CRLF or LF), ignoring
// blank lines. A line is taken as it is, spaces included: a file name may
// hold them.
func ReadList(r io.Reader) ([]string, error) {
	var list []string
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadString('\n')
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if line != "" {
			list = append(list, line)
		}
		if err == io.EOF {
			return list, nil
		}
		if err != nil {
			return list, err
		}
	}
}
