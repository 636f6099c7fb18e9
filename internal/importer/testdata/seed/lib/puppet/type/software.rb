Puppet::ResourceApi.register_type(
  name: 'software',
  desc: "Manages software packages " \
        'from several package managers.',
  title_patterns: [
    {
      pattern: %r{^(?<package>.*[^-])-(?<manager>.*)$},
      desc: 'Where the package and the manager are provided with a hyphen separator',
    },
    {
      pattern: %r{^(?<package>.*)$},
      desc: 'Where only the package is provided',
    },
  ],
  attributes: {
    ensure: { type: 'Enum[present, absent]', default: 'present' },
    package: { type: 'String', behaviour: :namevar },
    manager: { type: 'String', behaviour: :namevar },
  },
)
