//go:build !js

// Package redistest runs a redis-server of a test's own, for the tests of
// the hub's shared rooms. It needs nothing of the hub, so that the hub's
// own tests may use it too.
package redistest

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Redis is a redis-server of the test's own: loopback only, no
// persistence, in a directory under t.TempDir(). Stop and Start stop it
// and start it again on the same port, empty, as a restart without
// persistence leaves it.
type Redis struct {
	t    testing.TB
	bin  string
	dir  string
	port int
	cmd  *exec.Cmd
	exit chan struct{}
}

// Start starts a redis-server for the test and stops it when the
// test ends. Without redis-server on PATH the test is skipped, loudly,
// unless GYGY_REQUIRE_REDIS=1 makes that a failure.
func Start(t testing.TB) *Redis {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		if os.Getenv("GYGY_REQUIRE_REDIS") == "1" {
			t.Fatalf("redis-server not found and GYGY_REQUIRE_REDIS=1: %v", err)
		}
		t.Skipf("SKIP: redis-server not found (%v): the shared-room tests need it (apt-get install redis-server)", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	r := &Redis{t: t, bin: bin, dir: t.TempDir(), port: port}
	r.Start()
	t.Cleanup(r.Stop)
	return r
}

// URL is the server's redis:// URL.
func (r *Redis) URL() string { return "redis://127.0.0.1:" + strconv.Itoa(r.port) + "/0" }

// Start starts the server (again) and waits until it answers.
func (r *Redis) Start() {
	r.t.Helper()
	if r.cmd != nil {
		return
	}
	log, err := os.Create(filepath.Join(r.dir, fmt.Sprintf("redis-%d.log", time.Now().UnixNano())))
	if err != nil {
		r.t.Fatal(err)
	}
	cmd := exec.Command(r.bin, "--bind", "127.0.0.1", "--port", strconv.Itoa(r.port),
		"--save", "", "--appendonly", "no", "--dir", r.dir, "--protected-mode", "yes", "--maxclients", "20000")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		log.Close()
		r.t.Fatalf("start redis-server: %v", err)
	}
	r.cmd, r.exit = cmd, make(chan struct{})
	go func() { cmd.Wait(); log.Close(); close(r.exit) }()
	deadline := time.Now().Add(10 * time.Second)
	for !r.answers() {
		select {
		case <-r.exit:
			out, _ := os.ReadFile(log.Name())
			r.cmd = nil
			r.t.Fatalf("redis-server exited at start:\n%s", out)
		default:
		}
		if time.Now().After(deadline) {
			r.t.Fatal("redis-server does not answer within 10 s")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// answers reports whether the server answers a PING.
func (r *Redis) answers() bool {
	c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(r.port), time.Second)
	if err != nil {
		return false
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return false
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	return err == nil && strings.HasPrefix(line, "+PONG")
}

// Stop kills the server and waits for it to exit; what it held is lost.
func (r *Redis) Stop() {
	if r.cmd == nil {
		return
	}
	r.cmd.Process.Kill()
	<-r.exit
	r.cmd = nil
}

// Addr is the server's host:port.
func (r *Redis) Addr() string { return "127.0.0.1:" + strconv.Itoa(r.port) }

// UsedMemory is the server's used_memory (INFO memory), in bytes.
func (r *Redis) UsedMemory() (int64, error) { return r.Info("memory", "used_memory") }

// Info is a number field of one section of the server's INFO, e.g.
// ("stats", "total_commands_processed").
func (r *Redis) Info(section, field string) (int64, error) {
	c, err := net.DialTimeout("tcp", r.Addr(), time.Second)
	if err != nil {
		return 0, err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := c.Write([]byte("INFO " + section + "\r\n")); err != nil {
		return 0, err
	}
	rd := bufio.NewReader(c)
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			return 0, fmt.Errorf("redistest: INFO %s: no %s: %w", section, field, err)
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), field+":"); ok {
			return strconv.ParseInt(v, 10, 64)
		}
	}
}
