package pdbtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Server is a running PuppetDB and what a test needs to reach it.
type Server struct {
	// Dir holds the server's files (server.json describes it).
	Dir string
	// URL is PuppetDB's TLS address (https://localhost:PORT): a client
	// needs CACert, and Cert and Key (allow-listed).
	URL string
	// HTTPURL is its plain HTTP address on loopback (http://127.0.0.1:PORT),
	// which takes commands without a certificate.
	HTTPURL string
	// CACert signed the server's certificate and the clients'; OtherCA
	// signed nothing of this server.
	CACert, OtherCA string
	// Cert and Key are a client certificate on PuppetDB's allow-list.
	Cert, Key string
	// DeniedCert and DeniedKey are signed by CACert but not allow-listed:
	// PuppetDB answers 403.
	DeniedCert, DeniedKey string
	// PostgresPort is the port of the server's PostgreSQL, which answers
	// something else than HTTP.
	PostgresPort int
	// StartSeconds is how long the start took (0 when reused).
	StartSeconds float64

	JavaPID     int
	PostgresDir string
}

// Installed reports whether PuppetDB and PostgreSQL are installed
// (Debian's puppetdb and postgresql packages), and what is missing.
func Installed() (bool, string) {
	if _, err := os.Stat(jarPath); err != nil {
		return false, "PuppetDB is not installed (" + jarPath + "): apt-get install -y puppetdb postgresql"
	}
	if _, err := exec.LookPath("java"); err != nil {
		return false, "java is not installed: apt-get install -y puppetdb"
	}
	if pgBin() == "" {
		return false, "PostgreSQL is not installed: apt-get install -y postgresql"
	}
	return true, ""
}

const jarPath = "/usr/share/puppetdb/puppetdb.jar"

// pgBin is the bin directory of the newest installed PostgreSQL.
func pgBin() string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return pgMajor(dirs[i]) < pgMajor(dirs[j]) })
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i]
		}
	}
	return ""
}

func pgMajor(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

// load reads dir/server.json; nil when absent or unreadable.
func load(dir string) *Server {
	data, err := os.ReadFile(filepath.Join(dir, "server.json"))
	if err != nil {
		return nil
	}
	var s Server
	if json.Unmarshal(data, &s) != nil {
		return nil
	}
	return &s
}

// alive reports whether PuppetDB answers as running.
func (s *Server) alive() bool {
	c := &http.Client{Timeout: 3 * time.Second}
	resp, err := c.Get(s.HTTPURL + "/status/v1/services/puppetdb-status")
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	var st struct {
		State string `json:"state"`
	}
	return json.NewDecoder(resp.Body).Decode(&st) == nil && st.State == "running"
}

// start starts PostgreSQL and PuppetDB in dir (created if needed).
func start(dir string) (*Server, error) {
	began := time.Now()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	// PostgreSQL runs as an unprivileged user: it must reach dir.
	if err := os.Chmod(dir, 0o755); err != nil {
		return nil, err
	}
	ports, err := freePorts(3)
	if err != nil {
		return nil, err
	}
	s := &Server{Dir: dir, HTTPURL: fmt.Sprintf("http://127.0.0.1:%d", ports[0]),
		URL: fmt.Sprintf("https://localhost:%d", ports[1]), PostgresPort: ports[2]}
	if err := s.makeCerts(); err != nil {
		return nil, fmt.Errorf("certificates: %w", err)
	}
	if err := s.startPostgres(); err != nil {
		return nil, fmt.Errorf("PostgreSQL: %w", err)
	}
	if err := s.startPuppetDB(); err != nil {
		s.stop()
		return nil, fmt.Errorf("PuppetDB: %w", err)
	}
	s.StartSeconds = time.Since(began).Seconds()
	data, _ := json.MarshalIndent(s, "", "  ")
	return s, os.WriteFile(filepath.Join(dir, "server.json"), data, 0o644)
}

func freePorts(n int) ([]int, error) {
	var out []int
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		out = append(out, l.Addr().(*net.TCPAddr).Port)
	}
	return out, nil
}

func (s *Server) makeCerts() error {
	ssl := filepath.Join(s.Dir, "ssl")
	if err := os.MkdirAll(ssl, 0o755); err != nil {
		return err
	}
	ca, err := newAuthority("Puppet CA: catc tests")
	if err != nil {
		return err
	}
	other, err := newAuthority("Another CA")
	if err != nil {
		return err
	}
	if s.CACert, err = ca.write(ssl, "ca.pem"); err != nil {
		return err
	}
	if s.OtherCA, err = other.write(ssl, "other-ca.pem"); err != nil {
		return err
	}
	if _, _, err = ca.issue(ssl, "localhost", 2, true); err != nil {
		return err
	}
	if s.Cert, s.Key, err = ca.issue(ssl, "catc-client", 3, false); err != nil {
		return err
	}
	s.DeniedCert, s.DeniedKey, err = ca.issue(ssl, "denied-client", 4, false)
	return err
}

// asPostgres runs a PostgreSQL program, as the postgres user when root
// (PostgreSQL refuses to run as root).
func asPostgres(name string, args ...string) *exec.Cmd {
	bin := filepath.Join(pgBin(), name)
	if os.Geteuid() == 0 {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--", bin}, args...)...)
	}
	return exec.Command(bin, args...)
}

func run(cmd *exec.Cmd) error {
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %w\n%s", strings.Join(cmd.Args, " "), err, out)
	}
	return nil
}

func (s *Server) startPostgres() error {
	s.PostgresDir = filepath.Join(s.Dir, "pg")
	if err := os.MkdirAll(s.PostgresDir, 0o700); err != nil {
		return err
	}
	if os.Geteuid() == 0 {
		if err := run(exec.Command("chown", "postgres:", s.PostgresDir)); err != nil {
			return err
		}
	}
	data := filepath.Join(s.PostgresDir, "data")
	if err := run(asPostgres("initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync")); err != nil {
		return err
	}
	// Durability is not wanted of a test database: speed is.
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=40",
		s.PostgresPort, s.PostgresDir)
	if err := run(asPostgres("pg_ctl", "-D", data, "-l", filepath.Join(s.PostgresDir, "log"), "-w", "-o", opts, "start")); err != nil {
		return err
	}
	sql := []string{
		"CREATE ROLE puppetdb LOGIN SUPERUSER",
		"CREATE DATABASE puppetdb OWNER puppetdb ENCODING 'UTF8' TEMPLATE template0",
	}
	for _, q := range sql {
		if err := run(asPostgres("psql", "-h", "127.0.0.1", "-p", strconv.Itoa(s.PostgresPort), "-U", "postgres", "-qc", q)); err != nil {
			return err
		}
	}
	return run(asPostgres("psql", "-h", "127.0.0.1", "-p", strconv.Itoa(s.PostgresPort), "-U", "postgres", "-d", "puppetdb", "-qc", "CREATE EXTENSION pg_trgm"))
}

// The configuration of PuppetDB: one file per section as the package
// lays it out, TLS from the test CA, every client allowed by the
// authorization rules and only catc-client by the certificate allow-list.
func (s *Server) puppetDBConfig() map[string]string {
	ssl := filepath.Join(s.Dir, "ssl")
	port := func(u string) string { return u[strings.LastIndex(u, ":")+1:] }
	return map[string]string{
		"config.ini": fmt.Sprintf(`[global]
vardir = %s
logging-config = %s

[puppetdb]
certificate-allowlist = %s
disable-update-checking = true

[command-processing]
threads = 2

[nrepl]
enabled = false
`, filepath.Join(s.Dir, "var"), filepath.Join(s.Dir, "logback.xml"), filepath.Join(s.Dir, "allowlist")),
		"database.ini": fmt.Sprintf(`[database]
subname = //127.0.0.1:%d/puppetdb
username = puppetdb
password = puppetdb
`, s.PostgresPort),
		"jetty.ini": fmt.Sprintf(`[jetty]
host = 127.0.0.1
port = %s
ssl-host = 127.0.0.1
ssl-port = %s
ssl-key = %s
ssl-cert = %s
ssl-ca-cert = %s
`, port(s.HTTPURL), port(s.URL), filepath.Join(ssl, "localhost.key"), filepath.Join(ssl, "localhost.pem"), s.CACert),
		"auth.conf": `authorization: {
    version: 1
    rules: [
        {
            match-request: { path: "/", type: path }
            allow-unauthenticated: true
            sort-order: 500
            name: "catc tests: everything"
        }
    ]
}
`,
	}
}

const logback = `<configuration>
  <appender name="F" class="ch.qos.logback.core.FileAppender">
    <file>%s</file>
    <encoder><pattern>%%d %%-5p [%%c{2}] %%m%%n</pattern></encoder>
  </appender>
  <root level="warn"><appender-ref ref="F"/></root>
</configuration>
`

func (s *Server) startPuppetDB() error {
	conf := filepath.Join(s.Dir, "conf.d")
	for _, d := range []string{conf, filepath.Join(s.Dir, "var")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	for name, text := range s.puppetDBConfig() {
		if err := os.WriteFile(filepath.Join(conf, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	files := map[string]string{
		"allowlist":   "catc-client\n",
		"logback.xml": fmt.Sprintf(logback, filepath.Join(s.Dir, "puppetdb.log")),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(s.Dir, name), []byte(text), 0o644); err != nil {
			return err
		}
	}
	out, err := os.Create(filepath.Join(s.Dir, "puppetdb.out"))
	if err != nil {
		return err
	}
	defer out.Close()
	// A small heap and the serial collector: the tests' data is small.
	// (Stopping the JIT at C1 starts no faster here and processes
	// commands several times slower.)
	cmd := exec.Command("java", "-Xmx512m", "-Xss2m", "-XX:+UseSerialGC",
		"-Djava.security.egd=/dev/urandom",
		"-cp", jarPath, "clojure.main", "-m", "puppetlabs.puppetdb.core", "services",
		"--config", conf, "--bootstrap-config", "/etc/puppetdb/bootstrap.cfg")
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	s.JavaPID = cmd.Process.Pid
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.Now().Add(5 * time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			log, _ := os.ReadFile(filepath.Join(s.Dir, "puppetdb.out"))
			return fmt.Errorf("exited (%v) before it answered:\n%s", err, tail(log))
		case <-time.After(500 * time.Millisecond):
		}
		if s.alive() {
			return nil
		}
	}
	return errors.New("did not answer within 5 minutes (see " + filepath.Join(s.Dir, "puppetdb.out") + ")")
}

func tail(b []byte) []byte {
	if len(b) > 4000 {
		return b[len(b)-4000:]
	}
	return b
}

// stop stops PuppetDB and PostgreSQL.
func (s *Server) stop() {
	if s.JavaPID > 0 {
		syscall.Kill(-s.JavaPID, syscall.SIGTERM)
		for i := 0; i < 100 && syscall.Kill(s.JavaPID, 0) == nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
		syscall.Kill(-s.JavaPID, syscall.SIGKILL)
	}
	if s.PostgresDir != "" {
		run(asPostgres("pg_ctl", "-D", filepath.Join(s.PostgresDir, "data"), "-m", "immediate", "-w", "stop"))
	}
}
