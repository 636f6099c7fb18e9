# Puppet 7.23's `yumrepo` type, as catc knows it built in (internal/coretypes/doc.go).
type "yumrepo" {
  desc = "A yum or dnf repository definition in a .repo file."

  attribute "name" {
    type      = "String"
    behaviour = "namevar"
    desc      = "The repository id, in brackets in the .repo file; taken from the title by default."
  }

  attribute "provider" {
    type      = "Optional[String]"
    behaviour = "parameter"
    desc      = "The provider that manages it on the node; the agent picks one when not set. Puppet 7.23's own: inifile (modules may add more)."
  }

  attribute "ensure" {
    type = "Optional[Enum[present, absent]]"
    desc = "Whether the repository is defined."
  }

  attribute "descr" {
    type = "Optional[Data]"
    desc = "The repository's human-readable name."
  }

  attribute "mirrorlist" {
    type = "Optional[Data]"
    desc = "A URL listing mirrors; absent removes the setting."
  }

  attribute "baseurl" {
    type = <<-T
      Optional[Variant[Enum[absent], Pattern[/^(\s*(http|https|file|ftp|s3):\/\/\S+)+\s*$/]]]
    T
    desc = "URLs of the repository; absent removes the setting."
  }

  attribute "enabled" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether the repository is used; absent removes the setting."
  }

  attribute "gpgcheck" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether package signatures are checked; absent removes the setting."
  }

  attribute "payload_gpgcheck" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether package payload signatures are checked; absent removes the setting."
  }

  attribute "repo_gpgcheck" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether repository metadata signatures are checked; absent removes the setting."
  }

  attribute "gpgkey" {
    type = "Optional[Data]"
    desc = "URLs of signing keys; absent removes the setting."
  }

  attribute "mirrorlist_expire" {
    type = "Optional[Variant[Integer, Enum[absent], Pattern[/^[0-9]+$/]]]"
    desc = "Seconds before the mirror list is fetched again; absent removes the setting."
  }

  attribute "include" {
    type = "Optional[Data]"
    desc = "A URL of more configuration; absent removes the setting."
  }

  attribute "exclude" {
    type = "Optional[Data]"
    desc = "Packages never taken from this repository; absent removes the setting."
  }

  attribute "gpgcakey" {
    type = "Optional[Data]"
    desc = "A URL of a CA key for the signing keys; absent removes the setting."
  }

  attribute "includepkgs" {
    type = "Optional[Data]"
    desc = "The only packages taken from this repository; absent removes the setting."
  }

  attribute "enablegroups" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether package groups are used; absent removes the setting."
  }

  attribute "module_hotfixes" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether packages bypass module filtering; absent removes the setting."
  }

  attribute "failovermethod" {
    type = "Optional[Variant[Enum[absent], Pattern[/^roundrobin|priority$/]]]"
    desc = "How mirrors are chosen (roundrobin or priority); absent removes the setting."
  }

  attribute "keepalive" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether HTTP keep-alive is used; absent removes the setting."
  }

  attribute "retries" {
    type = "Optional[Variant[Integer, Enum[absent], Pattern[/^[0-9]+$/]]]"
    desc = "Download attempts before failing; absent removes the setting."
  }

  attribute "http_caching" {
    type = "Optional[Variant[Enum[absent], Pattern[/^(packages|all|none)$/]]]"
    desc = "What proxies may cache (all, packages, none); absent removes the setting."
  }

  attribute "timeout" {
    type = <<-T
      Optional[Variant[Integer, Enum[absent], Pattern[/^\d+$/]]]
    T
    desc = "Seconds before a connection times out; absent removes the setting."
  }

  attribute "metadata_expire" {
    type = "Optional[Variant[Integer[0], Enum[absent], Pattern[/^([0-9]+[dhm]?|never)$/]]]"
    desc = "How long metadata stays fresh (seconds, with d, h or m, or never); absent removes the setting."
  }

  attribute "protect" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether packages are protected from other repositories; absent removes the setting."
  }

  attribute "priority" {
    type = "Optional[Variant[Integer[1, 100], Enum[absent], Pattern[/^[1-9][0-9]?$|^100$/]]]"
    desc = "The repository's priority (lower wins); absent removes the setting."
  }

  attribute "minrate" {
    type = <<-T
      Optional[Variant[Integer, Enum[absent], Pattern[/^\d+$/]]]
    T
    desc = "The slowest download rate accepted; absent removes the setting."
  }

  attribute "throttle" {
    type = <<-T
      Optional[Variant[Integer, Enum[absent], Pattern[/^\d+[kMG%]?$/]]]
    T
    desc = "A download rate limit; absent removes the setting."
  }

  attribute "bandwidth" {
    type = <<-T
      Optional[Variant[Integer, Enum[absent], Pattern[/^\d+[kMG]?$/]]]
    T
    desc = "The bandwidth the throttle is relative to; absent removes the setting."
  }

  attribute "cost" {
    type = <<-T
      Optional[Variant[Integer, Enum[absent], Pattern[/^\d+$/]]]
    T
    desc = "The cost of using the repository; absent removes the setting."
  }

  attribute "proxy" {
    type = "Optional[Data]"
    desc = "A proxy URL, or _none_; absent removes the setting."
  }

  attribute "proxy_username" {
    type = "Optional[Data]"
    desc = "The proxy user; absent removes the setting."
  }

  attribute "proxy_password" {
    type      = "Optional[Data]"
    sensitive = true
    desc      = "The proxy password; kept out of every output; absent removes the setting."
  }

  attribute "s3_enabled" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether the repository is on S3; absent removes the setting."
  }

  attribute "sslcacert" {
    type = "Optional[Data]"
    desc = "A CA certificate file; absent removes the setting."
  }

  attribute "sslverify" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether TLS certificates are verified; absent removes the setting."
  }

  attribute "sslclientcert" {
    type = "Optional[Data]"
    desc = "A client certificate file; absent removes the setting."
  }

  attribute "sslclientkey" {
    type = "Optional[Data]"
    desc = "A client key file; absent removes the setting."
  }

  attribute "metalink" {
    type = "Optional[Data]"
    desc = "A URL of a metalink file; absent removes the setting."
  }

  attribute "skip_if_unavailable" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether an unreachable repository is skipped; absent removes the setting."
  }

  attribute "assumeyes" {
    type = "Optional[Variant[Boolean, Integer[0, 1], Enum[absent], Pattern[/^(true|false|0|1|no|yes)$/]]]"
    desc = "Whether prompts are answered yes; absent removes the setting."
  }

  attribute "deltarpm_percentage" {
    type = <<-T
      Optional[Variant[Integer, Enum[absent], Pattern[/^\d+$/]]]
    T
    desc = "When delta RPMs are used; absent removes the setting."
  }

  attribute "deltarpm_metadata_percentage" {
    type = <<-T
      Optional[Variant[Integer, Enum[absent], Pattern[/^\d+$/]]]
    T
    desc = "When delta metadata is used; absent removes the setting."
  }

  attribute "username" {
    type = "Optional[Data]"
    desc = "The repository user; absent removes the setting."
  }

  attribute "password" {
    type      = "Optional[Data]"
    sensitive = true
    desc      = "The repository password; kept out of every output; absent removes the setting."
  }

  attribute "target" {
    type      = "Optional[Data]"
    behaviour = "parameter"
    desc      = "The .repo file, when it is not the default one."
  }
}
