package gen

import (
	"fmt"
	"strconv"
)

// Positions in a module that other blocks of it refer to.
const (
	posService = 31
)

// coreModule is module m of a core catalog: an application with its
// groups and users, packages, a deep directory tree (nested parents,
// parents left out, a title with a trailing slash, a title that is not
// the path, links by target and by ensure, owners and groups by name
// and by number), execs (multi-line commands, a quoted leading path,
// cwd, onlyif and unless, user), and services; manual require, before,
// notify and subscribe, both to earlier and to later blocks, some of
// them beside an auto edge between the same pair. Users of module m are
// also in module m-1's group, so modules are joined. Every managed path
// starts with root.
func coreModule(m int, root string) []coreBlock {
	grp, grpRO := fmt.Sprintf("grp-%d", m), fmt.Sprintf("grp-%d-ro", m)
	app, ops, svcUser := fmt.Sprintf("u-%d-app", m), fmt.Sprintf("u-%d-ops", m), fmt.Sprintf("u-%d-svc", m)
	srv := root + fmt.Sprintf("/srv/mod-%d", m)
	lib := srv + "/releases/v1/app/lib"
	site := lib + "/python3/site-packages"
	shared := srv + "/shared"
	settings := shared + "/config/settings.ini"
	etc := root + fmt.Sprintf("/etc/mod-%d", m)
	unit := root + fmt.Sprintf("/etc/systemd/system/svc-%d.service", m)
	varLib := root + fmt.Sprintf("/var/lib/mod-%d", m)
	opt := root + fmt.Sprintf("/opt/mod %d/bin", m)
	home := root + "/home/" + app
	svc, pkg := fmt.Sprintf("svc-%d", m), fmt.Sprintf("app-%d", m)
	gid := strconv.Itoa(2000 + m)
	opsGroups := []string{q(grp), q("adm")}
	if m > 0 {
		opsGroups = append(opsGroups, q(fmt.Sprintf("grp-%d", m-1)))
	}

	file := func(path string, lines ...coreLine) coreBlock { return coreBlock{"file", path, lines} }
	dir := func(path string, lines ...coreLine) coreBlock {
		return file(path, append([]coreLine{attr("ensure", q("directory"))}, lines...)...)
	}
	content := func(text string) coreLine { return attr("content", q(text)) }
	return []coreBlock{
		{"group", grp, []coreLine{attr("gid", gid)}},
		{"user", app, []coreLine{attr("gid", q(grp)), attr("groups", list(q(grp))), attr("home", q(home))}},
		{"user", ops, []coreLine{attr("gid", gid), attr("groups", list(opsGroups...))}},
		{"package", pkg, []coreLine{attr("ensure", q("installed"))}},
		{"package", pkg + "-tools", []coreLine{attr("ensure", q("1.2."+strconv.Itoa(m%10)))}},
		{"package", fmt.Sprintf("libapp-%d", m), []coreLine{attr("ensure", q("latest"))}},
		dir(srv, attr("owner", q(app)), attr("group", q(grp)), attr("mode", q("0755"))),
		dir(srv + "/releases/"),
		dir(lib, attr("owner", q("1000")), attr("group", q(gid))),
		file(site+"/mod/__init__.py", content(""), attr("mode", q("0644")), attr("owner", q(app))),
		file(site+"/mod/core.py", content("VERSION = 1\n"), attr("group", q(grp))),
		file(site+"/mod/sub/deep/er/still/x.py", content("pass\n")),
		file(srv+"/current", attr("ensure", q("link")), attr("target", q(lib))),
		file(fmt.Sprintf("mod-%d shared dir", m), attr("path", q(shared)), attr("ensure", q("directory"))),
		dir(shared + "/config"),
		file(settings, content("[app]\nworkers = 4\n"), attr("require", list(ref("package", pkg)))),
		file(shared+"/config/logging.ini", attr("ensure", q(settings))),
		dir(shared+"/log", attr("owner", q(ops)), attr("group", q(grp)), attr("mode", q("2775"))),
		dir(etc),
		file(etc+"/mod.conf", content("listen = 127.0.0.1\n"), coreLine{"notify = " + list(ref("service", svc)), posService}),
		file(unit, content("[Service]\nExecStart="+opt+"/run\n"), coreLine{"before = " + list(ref("service", svc)), posService}),
		file(varLib+"/data/cache/objects/aa/bb", content("")),
		dir(varLib, attr("owner", q(app))),
		dir(home+"/.ssh", attr("owner", q(app)), attr("mode", q("0700"))),
		file(home+"/.ssh/authorized_keys", content("ssh-ed25519 AAAAC3Nza example\n"), attr("mode", q("0600"))),
		dir(opt),
		file(opt+"/run", content("#!/bin/sh\n"), attr("mode", q("0755"))),
		{"exec", fmt.Sprintf("unpack mod-%d", m), []coreLine{
			heredoc("command", "/usr/bin/tar -xzf "+srv+"/releases/v1.tgz -C "+srv+"/releases/v1", "/bin/chown -R "+app+" "+srv+"/releases/v1"),
			attr("cwd", q(srv+"/releases/")), attr("creates", q(srv+"/releases/v1/app")), attr("user", q(app)),
			attr("require", list(ref("package", pkg+"-tools"))),
		}},
		{"exec", fmt.Sprintf("migrate mod-%d", m), []coreLine{
			attr("command", q(`"`+opt+`/run" migrate --noinput`)), attr("cwd", q(shared)),
			attr("onlyif", q("/usr/bin/test -f "+settings)),
			attr("unless", list(q("/bin/grep -q done "+varLib+"/state"), q("/usr/bin/test -e "+srv+"/current"))),
			attr("user", q(ops)), attr("refreshonly", "true"),
			attr("subscribe", list(ref("file", settings))),
		}},
		{"exec", fmt.Sprintf("reindex mod-%d", m), []coreLine{
			attr("command", q("reindex --all --module mod-"+strconv.Itoa(m))), attr("path", list(q("/usr/local/bin"), q("/usr/bin"))),
			attr("user", q(app)), attr("require", list(ref("exec", fmt.Sprintf("migrate mod-%d", m)))),
		}},
		{"exec", "/usr/bin/systemctl daemon-reload # " + svc, []coreLine{
			attr("refreshonly", "true"), attr("subscribe", list(ref("file", unit))),
		}},
		{"service", svc, []coreLine{
			attr("ensure", q("running")), attr("enable", "true"),
			attr("require", list(ref("package", pkg), ref("exec", fmt.Sprintf("migrate mod-%d", m)))),
			attr("subscribe", list(ref("exec", "/usr/bin/systemctl daemon-reload # "+svc))),
		}},
		{"service", svc + "-worker", []coreLine{
			attr("ensure", q("running")), attr("enable", q("true")),
			attr("subscribe", list(ref("file", etc+"/mod.conf"), ref("service", svc))),
		}},
		{"package", pkg + "-extra", []coreLine{attr("before", list(ref("file", etc)))}},
		file(site, attr("ensure", q("directory")), attr("owner", q(svcUser)), attr("require", list(ref("file", lib)))),
		{"user", svcUser, []coreLine{attr("gid", q(grp)), attr("groups", list(q(grp), q(grpRO))), attr("system", "true")}},
		file(varLib+"/state", content("done\n"), attr("notify", list(ref("exec", fmt.Sprintf("reindex mod-%d", m))))),
		{"exec", fmt.Sprintf("cleanup mod-%d", m), []coreLine{
			heredoc("command", "/usr/bin/find "+varLib+"/data/cache -mtime +7 -delete", "/usr/bin/logger cleaned "+varLib),
			attr("cwd", q(varLib+"/data")), attr("onlyif", list(q("/usr/bin/test -d "+varLib+"/data/cache"))),
		}},
		{"group", grpRO, []coreLine{attr("gid", q(strconv.Itoa(3000+m)))}},
		file(shared+"/readonly", attr("ensure", q("directory")), attr("group", q(grpRO)), attr("mode", q("0750"))),
	}
}
