#!/usr/bin/env python3
"""Checks that Routes.podspec agrees with Package.swift: version, Swift version, the deployment
target of each of the five platforms (and no other), the CocoaPods version that visionOS needs,
an author without a placeholder e-mail, and source files. (`pod lib lint` itself needs macOS; this
runs anywhere.)"""
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
print(
    f"podspec OK: version {version}, Swift {swift_versions[0]}, {', '.join(platforms)} at Package.swift's "
    "deployment targets, Sources/Routes/**/*.swift"
)
