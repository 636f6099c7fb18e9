# frozen_string_literal: true

# A Puppet::Type.newtype type written for catc's tests, with every shape
# catc import reads and some it does not.
Puppet::Type.newtype(:demo_line) do
  desc 'A line in a file.'

  ensurable do
    defaultto :present
  end

  newparam(:name, namevar: true) do
    desc 'Any name.'
  end

  newparam(:path) do
    validate do |value|
      raise ArgumentError, 'not absolute' unless value.start_with?('/')
    end
  end

  newproperty(:line) do
    desc 'The line.'
  end

  newparam(:owner)
  newparam(:tag)

  newparam(:conf) do
    isnamevar if false
  end

  autorequire(:file) do
    self[:path]
  end

  autorequire(:user) { [self[:owner], 'root'] }
  autorequire(:package) { 'demo-tools' }
  autorequire(:class) { 'demo' }
  autobefore(:service) { ["demo-#{self[:name]}"] }

  autorequire(:file) do
    Pathname.new(self[:path]).parent.to_s
  end

  def self.title_patterns
    [[%r{(.*)}m, [[:name]]]]
  end
end
