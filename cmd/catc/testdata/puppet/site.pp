class profile::base {
  package { 'curl': ensure => installed }
}
class profile::web(Sensitive[String] $secret) {
  contain profile::base
  package { 'nginx': ensure => installed }
  file { '/etc/nginx/nginx.conf':
    ensure  => file,
    content => $secret,
    require => Package['nginx'],
    notify  => Service['nginx'],
  }
  service { 'nginx': ensure => running }
}
define site::vhost(String $docroot) {
  file { "/etc/nginx/sites/${title}.conf": ensure => file, content => "root ${docroot};\n" }
  file { $docroot: ensure => directory, recurse => true }
}
class { 'profile::web': secret => Sensitive('TOPSECRET-value') }
site::vhost { 'www': docroot => '/var/www', require => Class['profile::web'] }
notify { 'deferred': message => Deferred('join', [['a', 'b'], '-']) }
