Pod::Spec.new do |s|
  s.name             = 'Routes'
  s.version          = '1.0.0'
  s.summary          = 'A pure-Swift URL router with JLRoutes semantics and a lookup that does not grow with the table.'
  s.description      = <<-DESC
    Routes turns deep links and universal links into calls of your handlers: per-scheme route
    tables, :parameters, wildcards, optional groups, fragments and priorities, as JLRoutes does,
    with a segment-trie index, Swift 6 strict concurrency and no dependencies.
  DESC
  s.homepage         = 'https://github.com/routes-swift/Routes'
  s.license          = { :type => 'MIT', :file => 'LICENSE' }
  s.author           = 'Routes contributors'
  s.source           = { :git => 'https://github.com/routes-swift/Routes.git', :tag => s.version.to_s }

  # CocoaPods 1.13 is the first that knows visionOS.
  s.cocoapods_version = '>= 1.13.0'
  s.swift_versions    = ['6.0']

  s.ios.deployment_target      = '13.0'
  s.osx.deployment_target      = '10.15'
  s.tvos.deployment_target     = '13.0'
  s.watchos.deployment_target  = '6.0'
  s.visionos.deployment_target = '1.0'

  s.frameworks       = 'Foundation'

  # Two subspecs, as Package.swift has two products. CocoaPods compiles the subspecs a target
  # uses into ONE module, Routes: the tools' sources then compile without `import Routes`
  # (ROUTES_ONE_MODULE), and `package` declarations need a package name, as SwiftPM gives one.
  s.pod_target_xcconfig = {
    'SWIFT_ACTIVE_COMPILATION_CONDITIONS' => '$(inherited) ROUTES_ONE_MODULE',
    'OTHER_SWIFT_FLAGS' => '$(inherited) -package-name Routes',
  }
  s.default_subspecs = 'Core'

  # What an app links: `pod 'Routes'`.
  s.subspec 'Core' do |core|
    core.source_files = 'Sources/Routes/**/*.swift'
  end

  # The tools, for an app's test target, debug builds and build scripts (SwiftPM's RoutesTesting):
  # `pod 'Routes/Testing'`; they come with `import Routes`.
  s.subspec 'Testing' do |testing|
    testing.dependency 'Routes/Core'
    testing.source_files = 'Sources/RoutesTesting/**/*.swift'
  end
end
