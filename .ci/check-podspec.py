#!/usr/bin/env python3
"""Checks that Routes.podspec agrees with Package.swift: version, Swift version, the deployment
target of each of the five platforms (and no other), the CocoaPods version that visionOS needs,
an author without a placeholder e-mail, and the subspecs: one per library product (`Core` for
`Routes`, the default subspec; `Testing` for `RoutesTesting`, depending on `Core` as the product's
target depends on `Routes`), each with its target's source files and nothing compiled twice. The
subspecs compile into one module, so the podspec must set ROUTES_ONE_MODULE (the tools' sources
then leave out `import Routes`, which every one of them must guard with it) and a package name
(`package` declarations). Fuzz/build.sh compiles both folders that way, with zero warnings.
(`pod lib lint` itself needs macOS; this runs anywhere.)"""
import glob
import re
import subprocess
import sys

podspec = open("Routes.podspec").read()
manifest = open("Package.swift").read()
problems = []


def pod(key):
    match = re.search(r"s\.%s\s*=\s*(.+)" % re.escape(key), podspec)
    return match.group(1).strip() if match else None


# Version: the podspec's version must be a semantic version, and either the newest release tag or
# the next release (newer than every tag: the version being prepared, tagged when it is released).
version = (pod("version") or "").strip("'\"")
if not re.fullmatch(r"\d+\.\d+\.\d+", version):
    problems.append(f"podspec version {version!r} is not x.y.z")
else:
    listed = subprocess.run(["git", "tag", "--list", "[0-9]*"], capture_output=True, text=True).stdout.split()
    tags = sorted((tuple(map(int, t.split("."))) for t in listed if re.fullmatch(r"\d+\.\d+\.\d+", t)))
    if tags and tuple(map(int, version.split("."))) < tags[-1]:
        newest = ".".join(map(str, tags[-1]))
        problems.append(f"podspec version {version} is older than the newest tag, {newest}")

# Swift version: tools version and language mode 6 on one side, swift_versions on the other.
tools = re.search(r"swift-tools-version:\s*(\d+)\.(\d+)", manifest)
swift_versions = re.findall(r"'([\d.]+)'", pod("swift_versions") or "")
if not tools or swift_versions != [f"{tools.group(1)}.{tools.group(2)}"]:
    problems.append(f"swift_versions {swift_versions} != tools version {tools.groups() if tools else None}")
if ".swiftLanguageMode(.v6)" not in manifest:
    problems.append("Package.swift does not set Swift 6 language mode")

# Deployment targets: each of the five platforms, at Package.swift's version, and no other platform.
platforms = {
    "iOS": "ios", "macOS": "osx", "tvOS": "tvos", "watchOS": "watchos", "visionOS": "visionos",
}
named = set(re.findall(r"s\.(\w+)\.deployment_target", podspec))
for extra in sorted(named - set(platforms.values())):
    problems.append(f"the podspec names platform {extra}, which Package.swift does not")
if re.search(r"s\.platforms?\s*=", podspec):
    problems.append("the podspec sets s.platform(s); name each platform's deployment_target instead")
for swift_name, pod_name in platforms.items():
    match = re.search(r"\.%s\(\.v(\d+)(?:_(\d+))?\)" % swift_name, manifest)
    if not match:
        problems.append(f"Package.swift has no {swift_name} platform")
        continue
    expected = f"{match.group(1)}.{match.group(2) or 0}"
    actual = (pod(f"{pod_name}.deployment_target") or "").strip("'\"")
    if actual != expected:
        problems.append(f"{pod_name}.deployment_target {actual!r} != Package.swift {swift_name} {expected}")

# visionOS: CocoaPods knows it from 1.13.0 on, so the podspec must require at least that.
required = re.fullmatch(r"['\"]>=\s*(\d+)\.(\d+)(?:\.\d+)?['\"]", pod("cocoapods_version") or "")
if not required or (int(required.group(1)), int(required.group(2))) < (1, 13):
    problems.append(f"cocoapods_version {pod('cocoapods_version')!r} is not '>= 1.13.0' (visionOS needs it)")

# Author: present, and no placeholder e-mail (an author without an e-mail is fine).
author = pod("author") or pod("authors")
if not author:
    problems.append("the podspec has no s.author")
placeholder_domains = ("example.com", "example.org", "example.net")
placeholder_suffixes = (".example", ".test", ".invalid", ".localhost", ".local")
for email in re.findall(r"[\w.+-]+@[\w.-]+", podspec):
    local, domain = email.lower().split("@", 1)
    if (
        domain in placeholder_domains
        or domain.endswith(placeholder_suffixes)
        or domain.endswith(tuple("." + d for d in placeholder_domains))
        or local in ("you", "your", "yourname", "email", "name", "user", "todo", "me")
    ):
        problems.append(f"the podspec has a placeholder e-mail, {email}")

# Subspecs: one per library product of Package.swift, each compiling its target's folder.
SUBSPECS = {"Routes": "Core", "RoutesTesting": "Testing"}
products = re.findall(r'\.library\(\s*name:\s*"(\w+)",\s*targets:\s*\["(\w+)"\]\s*\)', manifest)
if sorted(name for name, _ in products) != sorted(SUBSPECS):
    problems.append(f"Package.swift's library products are {products}; the podspec has subspecs for {sorted(SUBSPECS)}")
# Each subspec's block: `s.subspec 'Name' do |x|` up to its `end` (indented two spaces).
blocks = {
    name: body for name, body in re.findall(r"s\.subspec\s+'(\w+)'\s+do\s+\|\w+\|(.*?)\n  end", podspec, re.S)
}
for extra in sorted(set(blocks) - set(SUBSPECS.values())):
    problems.append(f"the podspec has a subspec {extra!r} that no product of Package.swift has")


def target_dependencies(target):
    match = re.search(r'\.target\(\s*name:\s*"%s",(.*?)\n        \)' % re.escape(target), manifest, re.S)
    if not match:
        return None
    listed = re.search(r"dependencies:\s*\[([^\]]*)\]", match.group(1))
    return re.findall(r'"(\w+)"', listed.group(1)) if listed else []


for product, target in products:
    subspec = SUBSPECS.get(product)
    if subspec is None:
        continue
    body = blocks.get(subspec)
    if body is None:
        problems.append(f"the podspec has no subspec {subspec!r} for the product {product}")
        continue
    files = re.findall(r"\.source_files\s*=\s*'([^']*)'", body)
    if files != [f"Sources/{target}/**/*.swift"]:
        problems.append(f"subspec {subspec}'s source_files {files} is not ['Sources/{target}/**/*.swift']")
    dependencies = target_dependencies(target)
    if dependencies is None:
        problems.append(f"Package.swift has no target {target} for the product {product}")
        continue
    expected = sorted(f"Routes/{SUBSPECS[p]}" for p, t in products if t in dependencies)
    declared = sorted(re.findall(r"\.dependency\s+'([^']*)'", body))
    if declared != expected:
        problems.append(f"subspec {subspec} depends on {declared}; its target {target} depends on {expected}")
default = re.findall(r"'([^']*)'", pod("default_subspecs") or pod("default_subspec") or "")
if default != ["Core"]:
    problems.append(f"default_subspecs {default} is not ['Core']: `pod 'Routes'` must be what an app links")
if pod("source_files"):
    problems.append("the podspec sets source_files outside its subspecs: those files would be compiled twice")

# One module: the tools' sources compile without `import Routes`, and `package` needs a name.
xcconfig = podspec[podspec.find("pod_target_xcconfig"):]
xcconfig = xcconfig[: xcconfig.find("}") + 1]
if not re.search(r"'SWIFT_ACTIVE_COMPILATION_CONDITIONS'\s*=>\s*'[^']*\bROUTES_ONE_MODULE\b", xcconfig):
    problems.append("pod_target_xcconfig does not add ROUTES_ONE_MODULE to SWIFT_ACTIVE_COMPILATION_CONDITIONS")
if not re.search(r"'OTHER_SWIFT_FLAGS'\s*=>\s*'[^']*-package-name\s+\w+", xcconfig):
    problems.append("pod_target_xcconfig does not pass -package-name in OTHER_SWIFT_FLAGS")
for path in sorted(glob.glob("Sources/RoutesTesting/**/*.swift", recursive=True)):
    text = open(path).read()
    for match in re.finditer(r"^[ \t]*(?:@[\w()]+[ \t]+)*import[ \t]+Routes\b", text, re.M):
        guard = text.rfind("#if", 0, match.start())
        if guard < 0 or not text.startswith("#if !ROUTES_ONE_MODULE", guard) or "#endif" in text[guard : match.start()]:
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path}:{line} imports Routes outside `#if !ROUTES_ONE_MODULE`")
if re.search(r"dependencies:\s*\[\s*\.package", manifest) or ".package(url" in manifest:
    problems.append("Package.swift declares package dependencies; the library must have none")

if problems:
    print("Routes.podspec and Package.swift disagree:")
    for problem in problems:
        print("  -", problem)
    sys.exit(1)
print(
    f"podspec OK: version {version}, Swift {swift_versions[0]}, {', '.join(platforms)} at Package.swift's "
    "deployment targets; subspecs Core (default, Sources/Routes) and Testing (Sources/RoutesTesting, "
    "on Core), one module with ROUTES_ONE_MODULE and a package name"
)
