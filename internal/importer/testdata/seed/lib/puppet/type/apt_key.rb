# frozen_string_literal: true

require 'puppet/resource_api'

Puppet::ResourceApi.register_type(
  name: 'apt_key',
  docs: <<~EOS,
    Manages GPG keys needed by apt to perform package validation.
  EOS
  attributes: {
    ensure: {
      type: 'Enum[present, absent]',
      desc: 'Whether this apt key should be present or absent on the target system.',
    },
    id: {
      type: 'Variant[Pattern[/\A(0x)?[0-9a-fA-F]{8}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{16}\Z/], Pattern[/\A(0x)?[0-9a-fA-F]{40}\Z/]]',
      behaviour: :namevar,
      desc: 'The ID of the key you want to manage.',
    },
    source: {
      type: 'String',
      desc: 'Where to retrieve the key from, can be a HTTP(s) URL, or a local file.',
    },
    created: {
      type: 'String',
      behaviour: :read_only,
      desc: 'Date the key was created, in ISO format.',
    },
  },
  autorequire: {
    file: '$source', # evaluated by the Resource API per resource
    package: 'apt',
  },
  features: ['canonicalize'],
)
