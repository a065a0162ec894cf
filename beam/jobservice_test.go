package relurlbeam

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/relurl/relurl/graph"
)

// TestJobService runs the pipeline as a user runs it on a cluster: the
// relurl-beam command submits it over Beam's portable API to a job
// service running as a separate process, whose SDK workers are separate
// processes started by a worker pool. .ci/run starts both (Prism as the
// job server, the Go SDK's boot loader as the worker pool) and names them
// in RELURL_BEAM_JOB_ENDPOINT and RELURL_BEAM_WORKER_POOL; docs/crawl.md
// gives the same commands for a Flink or Spark job server.
func TestJobService(t *testing.T) {
	endpoint, pool := os.Getenv("RELURL_BEAM_JOB_ENDPOINT"), os.Getenv("RELURL_BEAM_WORKER_POOL")
	if endpoint == "" || pool == "" {
		const how = "no Beam job service: start one as .ci/run does (go tool prism -job_port 8073, go tool container -worker_pool) and set RELURL_BEAM_JOB_ENDPOINT=localhost:8073 RELURL_BEAM_WORKER_POOL=localhost:50000"
		if os.Getenv("CI") == "true" {
			t.Fatal(how)
		}
		t.Skip(how)
	}
	for _, addr := range []string{endpoint, pool} {
		c, err := net.DialTimeout("tcp", addr, 5*time.Second)
		if err != nil {
			t.Fatalf("job service component at %s is not listening: %v", addr, err)
		}
		c.Close()
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, "relurl-beam")
	if b, err := exec.Command("go", "build", "-o", bin, "./cmd/relurl-beam").CombinedOutput(); err != nil {
		t.Fatalf("building relurl-beam: %v\n%s", err, b)
	}
	list, offs := writeArchives(t, dir)
	out := filepath.Join(dir, "out", "links")
	const shards = 3
	// The worker pool starts one worker process per SDK environment; the
	// binary it runs is the submitted one, staged through the job
	// service's artifact API (-worker_binary spares a second build).
	submit := exec.Command(bin, "-input", list, "-output", out, "-shards", "3", "-graph", "page,host,domain",
		"--runner=universal", "--endpoint="+endpoint,
		"--environment_type=EXTERNAL", "--environment_config="+pool,
		"--worker_binary="+bin)
	b, err := submit.CombinedOutput()
	if err != nil {
		t.Fatalf("relurl-beam on the job service: %v\n%s", err, b)
	}
	checkOutput(t, dir, list, out, shards, offs)
	for _, lv := range levels {
		checkGraph(t, list, out, shards, offs, lv, noHostSaid(t, string(b), lv))
	}
}

// noHostSaid returns the number of links without a host relurl-beam
// said the graph at level lv left out, in its output, 0 if it said none.
func noHostSaid(t *testing.T, output string, lv graph.Level) int64 {
	t.Helper()
	re := regexp.MustCompile(`graph: (\d+) links have no host \(mailto:, data:, file: and the like\): no edge at level ` + lv.String() + `\n`)
	m := re.FindStringSubmatch(output)
	if m == nil {
		return 0
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}
