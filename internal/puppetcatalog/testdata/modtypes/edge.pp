# Edge cases of the shipped module types' auto rules (catc TestModuleTypeAutoRules).
file { '/': }
ini_setting { 'root': path => '/catc-app.ini', section => 'a', setting => 'b', value => 'c' }
file { '/tmp/catc-pcat': ensure => directory }
ini_setting { 'trailing': path => '/tmp/catc-pcat/x/', section => 'a', setting => 'b', value => 'c' }
anchor { 'postgresql::server::service::end::main': }
anchor { 'postgresql::server::service::end::other': }
postgresql_psql { 'a': command => 'SELECT 1' }
postgresql_psql { 'b': command => 'SELECT 1', instance => 'other' }
mysql_user { 'bob@LOCALHOST': }
mysql_grant { 'bob@localhost/app.*': user => 'bob@localhost', table => 'app.*', privileges => ['ALL'] }
file { '/tmp/catc-pcat/k.gpg': }
apt_key { '6F6B15509CF8E59E6E469F327F438280EF8D349F': source => '/tmp/catc-pcat/k.gpg' }
package { 'mysql-server': ensure => absent }
mysql_datadir { '/tmp/catc-pcat/mysql': }
