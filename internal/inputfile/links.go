package inputfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// A checkout's symbolic links are not trusted: a committed link can name
// any file of the machine (site/env.hcl → /proc/self/environ, a link to
// ~/.ssh or to .git/config, where a CI checkout may keep a token), and
// what catc reads it may quote in a diagnostic. So an input is read only
// where its links lead:
//
//   - never into /proc, /sys or /dev (the environment, memory, devices),
//     whatever the path;
//   - a link that lies in the working directory's tree (where a checkout
//     is) leads to a place inside that tree (CheckNamed), for every path
//     named on the command line, on every component of it;
//   - the file itself, through its links, lies below its root (Within):
//     the directory named on the command line it was found under, or for
//     a file named directly, the directory that holds it; and not inside
//     a .git directory below the root (a CI checkout may keep a token in
//     .git/config).

// systemDirs are the kernel's views of processes, the system and devices.
var systemDirs = []string{"/proc", "/sys", "/dev"}

// Link is a symbolic link met on the way to a path.
type Link struct {
	// Path is where the link lies, the links before it resolved.
	Path string
	// Target is where it leads, every link resolved; "" when it leads
	// nowhere (dangling, or a loop).
	Target string
	// Says is what the link holds (its target as written).
	Says string
	// Last: it is the path's last component.
	Last bool
}

// Links lists the symbolic links met resolving path (relative to the
// working directory) as the kernel does: component by component, ".."
// taken after the links before it. Components that do not exist end the
// walk (an output's directories may be created).
func Links(path string) ([]Link, error) {
	abs := path
	if !filepath.IsAbs(path) {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		abs = wd + string(filepath.Separator) + path
	}
	var parts []string
	for _, p := range strings.Split(abs, string(filepath.Separator)) {
		if p != "" && p != "." {
			parts = append(parts, p)
		}
	}
	last := len(parts) - 1
	if last >= 0 && parts[last] == ".." {
		last = -1 // "x/.." names a directory above its last name
	}
	real := string(filepath.Separator)
	var links []Link
	for i, part := range parts {
		if part == ".." {
			real = filepath.Dir(real)
			continue
		}
		next := filepath.Join(real, part)
		st, err := os.Lstat(next)
		if err != nil {
			return links, nil // created later, or an error the open reports
		}
		if st.Mode()&fs.ModeSymlink == 0 {
			real = next
			continue
		}
		l := Link{Path: next, Last: i == last}
		l.Says, _ = os.Readlink(next)
		target, err := filepath.EvalSymlinks(next)
		if err == nil {
			l.Target = target
		}
		links = append(links, l)
		if err != nil {
			return links, nil
		}
		real = target
	}
	return links, nil
}

// Below reports whether the path p is dir or below it (both clean and
// absolute).
func Below(p, dir string) bool {
	return p == dir || dir == string(filepath.Separator) || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// WorkTree is the working directory with its symbolic links resolved.
func WorkTree() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(wd)
}

// CheckNamed is nil when every symbolic link on the way to path (a path
// named on the command line) that lies in the working directory's tree
// leads to an existing place in that tree, and no link leads into /proc,
// /sys or /dev. Else it is an *fs.PathError naming path.
func CheckNamed(path string) error {
	links, err := Links(path)
	if err != nil || len(links) == 0 {
		return nil
	}
	tree, err := WorkTree()
	if err != nil {
		return nil
	}
	for _, l := range links {
		if why := systemTarget(l); why != "" {
			return &fs.PathError{Op: "read", Path: path, Err: linkError(why)}
		}
		if !Below(filepath.Dir(l.Path), tree) {
			continue // the machine's own links (/tmp → /private/tmp): not the checkout's
		}
		switch {
		case l.Target == "":
			return &fs.PathError{Op: "read", Path: path, Err: linkError(
				LinkName(l) + " is a symbolic link to " + l.Says + ", which does not exist (or loops)")}
		case !Below(l.Target, tree):
			return &fs.PathError{Op: "read", Path: path, Err: linkError(fmt.Sprintf(
				"%s is a symbolic link to %s, outside the working directory %s: a link in the working directory's tree may lead only inside it, so that a checkout's link cannot make catc read the rest of the machine; name the target itself to read it", LinkName(l), l.Target, tree))}
		}
	}
	return nil
}

// LinkName is how a message names the link l of a path it names: "it"
// for the path itself, else "its directory L".
func LinkName(l Link) string {
	if l.Last {
		return "it"
	}
	return "its directory " + l.Path
}

// systemTarget says why the link l may not be followed, or "".
func systemTarget(l Link) string {
	for _, d := range systemDirs {
		if Below(l.Target, d) {
			return fmt.Sprintf("%s is a symbolic link to %s: catc never reads %s through a link (the environment, memory and devices of the machine are there)", LinkName(l), l.Target, d)
		}
	}
	return ""
}

// Within is nil when name, its symbolic links resolved, lies below one
// of roots (absolute, their links resolved: RealDir), not inside a .git
// directory below it, and not in /proc, /sys or /dev. Else it is
// an *fs.PathError naming name. A name that does not resolve is left to
// the open to report.
func Within(name string, roots []string) error {
	if _, err := ResolveIn(name, roots); IsLinkRefusal(err) {
		return err
	}
	return nil
}

// ResolveIn is Within that also gives name with its links resolved (no
// symbolic link left on it; relative when name is and its links keep it
// so): the path to open, without following a link, for the file Within
// allowed. A name that does not resolve is an *fs.PathError as its open
// would be ("open NAME: no such file or directory").
func ResolveIn(name string, roots []string) (string, error) {
	path, err := filepath.EvalSymlinks(name)
	if err != nil {
		return "", unresolved(name, err)
	}
	real := path
	if !filepath.IsAbs(real) {
		if real, err = filepath.Abs(real); err != nil {
			return "", unresolved(name, err)
		}
	}
	if err := refuseOutside(name, real, roots); err != nil {
		return "", err
	}
	return path, nil
}

// refuseOutside is the refusal of Within for name, whose real path
// (absolute, links resolved) is real.
func refuseOutside(name, real string, roots []string) error {
	for _, d := range systemDirs {
		if Below(real, d) && !belowRootIn(real, roots, d) {
			return &fs.PathError{Op: "read", Path: name, Err: linkError(fmt.Sprintf(
				"it is %s: catc never reads %s (the environment, memory and devices of the machine are there)", real, d))}
		}
	}
	for _, root := range roots {
		if !Below(real, root) {
			continue
		}
		rel, _ := filepath.Rel(root, real) // a link to the .git directory itself too
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			if part == ".git" {
				return &fs.PathError{Op: "read", Path: name, Err: linkError(fmt.Sprintf(
					"it leads to %s, inside a .git directory: catc reads nothing of a git directory through a symbolic link (a checkout's config may hold a token)", real))}
			}
		}
		return nil
	}
	return &fs.PathError{Op: "read", Path: name, Err: linkError(fmt.Sprintf(
		"it leads to %s, outside %s: a symbolic link in the input may lead only below the directory it was given in (for a file named directly, the directory holding it); name the target itself to read it", real, strings.Join(roots, " and ")))}
}

// belowRootIn reports whether real lies below a root that is itself in
// the system directory d: a site the user named there (a checkout on the
// tmpfs /dev/shm) is theirs to read, where a link from anywhere else into
// d is refused.
func belowRootIn(real string, roots []string, d string) bool {
	for _, root := range roots {
		if Below(root, d) && Below(real, root) {
			return true
		}
	}
	return false
}

// unresolved is the error of name, whose links do not resolve (err:
// filepath's), as opening it would say it.
func unresolved(name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	} else {
		err = errLoop // EvalSymlinks' own "too many links"
	}
	return &fs.PathError{Op: "open", Path: name, Err: err}
}

// errLoop is a chain of symbolic links that does not end.
var errLoop = errors.New("too many levels of symbolic links")

// RealDir is dir absolute with its symbolic links resolved ("" when it
// cannot be resolved).
func RealDir(dir string) string {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return ""
	}
	abs, err := filepath.Abs(real)
	if err != nil {
		return ""
	}
	return abs
}

// linkError is an input refused for where its symbolic links lead.
type linkError string

func (e linkError) Error() string { return string(e) }

// IsLinkRefusal reports whether err refuses an input for where its
// symbolic links lead.
func IsLinkRefusal(err error) bool {
	var pe *fs.PathError
	if e, ok := err.(*fs.PathError); ok {
		pe = e
	}
	if pe == nil {
		return false
	}
	_, ok := pe.Err.(linkError)
	return ok
}

// checkNamedFile is the check of a file read by Read: the links of its
// path (CheckNamed), and the file below the directory that holds it. It
// gives the path to open, as ResolveIn does.
func checkNamedFile(name string) (string, error) {
	if err := CheckNamed(name); err != nil {
		return "", err
	}
	root := RealDir(filepath.Dir(name))
	if root == "" { // its directory does not resolve (nor, then, does it)
		path, err := filepath.EvalSymlinks(name)
		if err != nil {
			return "", unresolved(name, err)
		}
		return path, nil
	}
	return ResolveIn(name, []string{root})
}
