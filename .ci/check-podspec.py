#!/usr/bin/env python3
"""Checks that Routes.podspec agrees with Package.swift: version, Swift version, deployment
targets and source files. (`pod lib lint` itself needs macOS; this runs anywhere.)"""
import re
import subprocess
import sys

podspec = open("Routes.podspec").read()
manifest = open("Package.swift").read()
problems = []


def pod(key):
    match = re.search(r"s\.%s\s*=\s*(.+)" % re.escape(key), podspec)
    return match.group(1).strip() if match else None


# Version: the podspec's version must be a semantic version, and the newest tag (if any) must match.
version = (pod("version") or "").strip("'\"")
if not re.fullmatch(r"\d+\.\d+\.\d+", version):
    problems.append(f"podspec version {version!r} is not x.y.z")
tags = subprocess.run(["git", "tag", "--list", "[0-9]*"], capture_output=True, text=True).stdout.split()
if tags and version not in tags:
    problems.append(f"podspec version {version} has no git tag (tags: {', '.join(tags)})")

# Swift version: tools version and language mode 6 on one side, swift_versions on the other.
tools = re.search(r"swift-tools-version:\s*(\d+)\.(\d+)", manifest)
swift_versions = re.findall(r"'([\d.]+)'", pod("swift_versions") or "")
if not tools or swift_versions != [f"{tools.group(1)}.{tools.group(2)}"]:
    problems.append(f"swift_versions {swift_versions} != tools version {tools.groups() if tools else None}")
if ".swiftLanguageMode(.v6)" not in manifest:
    problems.append("Package.swift does not set Swift 6 language mode")

# Deployment targets.
platforms = {
    "iOS": "ios", "macOS": "osx", "tvOS": "tvos", "watchOS": "watchos", "visionOS": "visionos",
}
for swift_name, pod_name in platforms.items():
    match = re.search(r"\.%s\(\.v(\d+)(?:_(\d+))?\)" % swift_name, manifest)
    if not match:
        problems.append(f"Package.swift has no {swift_name} platform")
        continue
    expected = f"{match.group(1)}.{match.group(2) or 0}"
    actual = (pod(f"{pod_name}.deployment_target") or "").strip("'\"")
    if actual != expected:
        problems.append(f"{pod_name}.deployment_target {actual!r} != Package.swift {swift_name} {expected}")

# Sources: the podspec glob must be the library target's folder.
if "Sources/Routes/**/*.swift" not in (pod("source_files") or ""):
    problems.append(f"source_files {pod('source_files')} is not Sources/Routes/**/*.swift")
if re.search(r"dependencies:\s*\[\s*\.package", manifest) or ".package(url" in manifest:
    problems.append("Package.swift declares package dependencies; the library must have none")

if problems:
    print("Routes.podspec and Package.swift disagree:")
    for problem in problems:
        print("  -", problem)
    sys.exit(1)
print(f"podspec OK: version {version}, Swift {swift_versions[0]}, 5 platforms, Sources/Routes/**/*.swift")
