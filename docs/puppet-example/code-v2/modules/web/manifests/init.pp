# web: nginx, two workers a processor, and a status page; a change to
# its configuration restarts it.
class web (
  Integer $workers = $facts['processors']['count'] * 2,
) {
  package { 'nginx': ensure => installed }

  file { '/etc/nginx/nginx.conf':
    content => "worker_processes ${workers};\n",
    require => Package['nginx'],
    notify  => Service['nginx'],
  }

  file { '/etc/nginx/conf.d/status.conf':
    content => "server { listen 127.0.0.1:8080; location /status { stub_status; } }\n",
    require => Package['nginx'],
    notify  => Service['nginx'],
  }

  service { 'nginx':
    ensure => running,
    enable => true,
  }
}
