# web: nginx, one worker a processor; a change to its configuration
# restarts it.
class web (
  Integer $workers = $facts['processors']['count'],
) {
  package { 'nginx': ensure => installed }

  file { '/etc/nginx/nginx.conf':
    content => "worker_processes ${workers};\n",
    require => Package['nginx'],
    notify  => Service['nginx'],
  }

  service { 'nginx':
    ensure => running,
    enable => true,
  }
}
