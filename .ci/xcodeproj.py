#!/usr/bin/env python3
"""Routes.xcodeproj: generated from the file tree, and checked against it.

After adding, moving, renaming or deleting a file under Sources/Routes, or changing a deployment
target in Package.swift or the version in Routes.podspec, run the one command

    python3 .ci/xcodeproj.py generate

and commit Routes.xcodeproj with the change. Never edit the project by hand: the next `generate`
rewrites it.

The project exists for Carthage (which builds only from an Xcode project's shared schemes) and for
anyone who drags it into a workspace. It has one framework target, `Routes`, that compiles every
.swift file under Sources/Routes (except inside a .docc catalog) and nothing else, for iOS, macOS,
tvOS, watchOS and visionOS (devices and simulators) at Package.swift's deployment targets, in Swift
6, with library evolution on; and a shared scheme, `Routes`, that builds it. The DocC catalog is in
the project navigator as a folder reference and in no build phase.

Commands:
    generate   rewrite Routes.xcodeproj/project.pbxproj and the shared scheme from the file tree.
               Object IDs are hashes of paths, so regenerating after files move changes only the
               lines of the files that moved.
    check      read the project with an independent parser (PyPI's pbxproj, pinned in
               .ci/requirements.txt) and the scheme with xml.etree, and fail, naming each
               difference, when the project's source list and Sources/Routes differ, when the target
               is not a framework or lacks a platform, a deployment target or a required setting,
               or when the shared scheme does not build the target.
    interface  compile the project's source list as Xcode does with BUILD_LIBRARY_FOR_DISTRIBUTION
               (library evolution, a verified .swiftinterface). Needs swiftc; runs on Linux.
    selftest   generate a project in a temporary copy of the tree, then break it in several ways and
               confirm that `check` fails each time, naming the difference.

CI runs `check`, `interface` and `selftest`. On macOS, `xcodebuild -project Routes.xcodeproj
-scheme Routes` and `carthage build --no-skip-current --use-xcframeworks` build the project for real:
Linux cannot.
"""
import functools
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = "Sources/Routes"
PROJECT = "Routes.xcodeproj"
PBXPROJ = PROJECT + "/project.pbxproj"
SCHEME = PROJECT + "/xcshareddata/xcschemes/Routes.xcscheme"
TARGET = "Routes"
PRODUCT = "Routes.framework"
FRAMEWORK_TYPE = "com.apple.product-type.framework"
BUNDLE_IDENTIFIER = "io.github.routes-swift.Routes"
SWIFT_VERSION = "6.0"
XCODE_VERSION = "1600"  # Xcode 16: the first with Swift 6 language mode

# Package.swift platform name -> (deployment target build setting, SDKs to build).
PLATFORMS = {
    "iOS": ("IPHONEOS_DEPLOYMENT_TARGET", ["iphoneos", "iphonesimulator"]),
    "macOS": ("MACOSX_DEPLOYMENT_TARGET", ["macosx"]),
    "tvOS": ("TVOS_DEPLOYMENT_TARGET", ["appletvos", "appletvsimulator"]),
    "watchOS": ("WATCHOS_DEPLOYMENT_TARGET", ["watchos", "watchsimulator"]),
    "visionOS": ("XROS_DEPLOYMENT_TARGET", ["xros", "xrsimulator"]),
}
SDKS = sorted(sdk for _, sdks in PLATFORMS.values() for sdk in sdks)
# iPhone, iPad, Apple TV, Apple Watch, Apple Vision.
DEVICE_FAMILIES = "1,2,3,4,7"

# Settings the target must have, in every configuration, exactly (see `target_settings`).
REQUIRED_SETTINGS = {
    "BUILD_LIBRARY_FOR_DISTRIBUTION": "YES",
    "GENERATE_INFOPLIST_FILE": "YES",
    "SDKROOT": "auto",
    "SKIP_INSTALL": "NO",
    "SWIFT_VERSION": SWIFT_VERSION,
}


class Problem(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# What the file tree says.


def swift_files(root):
    """Every .swift file under Sources/Routes, as a sorted list of repository-relative paths."""
    base = root / SOURCES
    found = []
    for path in base.rglob("*.swift"):
        parts = path.relative_to(base).parts
        if any(part.startswith(".") or part.endswith(".docc") for part in parts[:-1]):
            continue
        if path.name.startswith(".") or not path.is_file():
            continue
        found.append(path.relative_to(root).as_posix())
    return sorted(found)


def docc_catalogs(root):
    base = root / SOURCES
    return sorted(p.relative_to(root).as_posix() for p in base.rglob("*.docc") if p.is_dir())


def deployment_targets(root):
    """Package.swift's platforms, {"iOS": "13.0", ...}."""
    manifest = (root / "Package.swift").read_text()
    targets = {}
    for name in PLATFORMS:
        enum = re.search(r"\.%s\(\s*\.v(\d+)(?:_(\d+))?\s*\)" % name, manifest)
        text = re.search(r'\.%s\(\s*"(\d+(?:\.\d+)*)"\s*\)' % name, manifest)
        if enum:
            targets[name] = f"{enum.group(1)}.{enum.group(2) or 0}"
        elif text:
            version = text.group(1)
            targets[name] = version if "." in version else version + ".0"
        else:
            raise Problem(f"Package.swift names no {name} platform")
    return targets


def podspec_version(root):
    match = re.search(r"s\.version\s*=\s*['\"]([^'\"]+)['\"]", (root / "Routes.podspec").read_text())
    if not match:
        raise Problem("Routes.podspec has no s.version")
    return match.group(1)


# ---------------------------------------------------------------------------------------------
# generate


def object_id(*key):
    """A stable 24-digit ID: the hash of what the object is (a path, a role)."""
    return hashlib.sha1("\0".join(key).encode()).hexdigest()[:24].upper()


class Ref:
    def __init__(self, ident, comment=None):
        self.ident, self.comment = ident, comment

    def __str__(self):
        return self.ident if self.comment is None else f"{self.ident} /* {self.comment} */"


def quote(text):
    if text and re.fullmatch(r"[A-Za-z0-9_./]+", text):
        return text
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def sorted_keys(fields):
    return sorted(fields, key=lambda k: (k != "isa", k))


def render(value, depth):
    tabs = "\t" * depth
    if isinstance(value, Ref):
        return str(value)
    if isinstance(value, list):
        return "(\n" + "".join(f"{tabs}\t{render(v, depth + 1)},\n" for v in value) + f"{tabs})"
    if isinstance(value, dict):
        body = "".join(
            f"{tabs}\t{quote(k)} = {render(value[k], depth + 1)};\n" for k in sorted_keys(value)
        )
        return "{\n" + body + f"{tabs}}}"
    return quote(str(value))


def render_inline(fields):
    return "{" + "".join(f"{quote(k)} = {render(fields[k], 0)}; " for k in sorted_keys(fields)) + "}"


def project_settings(configuration):
    debug = configuration == "Debug"
    settings = {
        "ALWAYS_SEARCH_USER_PATHS": "NO",
        "CLANG_ENABLE_MODULES": "YES",
        "COPY_PHASE_STRIP": "NO",
        "DEBUG_INFORMATION_FORMAT": "dwarf" if debug else "dwarf-with-dsym",
        "ENABLE_STRICT_OBJC_MSGSEND": "YES",
        "ENABLE_USER_SCRIPT_SANDBOXING": "YES",
        "GCC_NO_COMMON_BLOCKS": "YES",
        "SWIFT_COMPILATION_MODE": "singlefile" if debug else "wholemodule",
        "SWIFT_OPTIMIZATION_LEVEL": "-Onone" if debug else "-O",
        "VERSIONING_SYSTEM": "apple-generic",
        "VERSION_INFO_PREFIX": "",
    }
    if debug:
        settings.update(
            {
                "ENABLE_TESTABILITY": "YES",
                "GCC_OPTIMIZATION_LEVEL": "0",
                "ONLY_ACTIVE_ARCH": "YES",
                "SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG $(inherited)",
            }
        )
    else:
        settings["ENABLE_NS_ASSERTIONS"] = "NO"
    return settings


def target_settings(targets, version):
    settings = {
        "APPLICATION_EXTENSION_API_ONLY": "YES",
        "CODE_SIGN_IDENTITY": "",
        "CODE_SIGN_STYLE": "Manual",
        "CODE_SIGNING_REQUIRED": "NO",
        "CURRENT_PROJECT_VERSION": "1",
        "DEFINES_MODULE": "YES",
        "DEVELOPMENT_TEAM": "",
        "DYLIB_COMPATIBILITY_VERSION": "1",
        "DYLIB_CURRENT_VERSION": "1",
        "DYLIB_INSTALL_NAME_BASE": "@rpath",
        "INSTALL_PATH": "$(LOCAL_LIBRARY_DIR)/Frameworks",
        "LD_RUNPATH_SEARCH_PATHS": ["$(inherited)", "@executable_path/Frameworks", "@loader_path/Frameworks"],
        "LD_RUNPATH_SEARCH_PATHS[sdk=macosx*]": [
            "$(inherited)",
            "@executable_path/../Frameworks",
            "@loader_path/Frameworks",
        ],
        "MARKETING_VERSION": version,
        "PRODUCT_BUNDLE_IDENTIFIER": BUNDLE_IDENTIFIER,
        "PRODUCT_NAME": "$(TARGET_NAME)",
        "SUPPORTED_PLATFORMS": " ".join(SDKS),
        "SUPPORTS_MACCATALYST": "NO",
        "SWIFT_INSTALL_OBJC_HEADER": "NO",
        "TARGETED_DEVICE_FAMILY": DEVICE_FAMILIES,
    }
    settings.update(REQUIRED_SETTINGS)
    for name, (setting, _) in PLATFORMS.items():
        settings[setting] = targets[name]
    return settings


def pbxproj_text(files, catalogs, targets, version):
    objects = {}  # id -> (isa, comment, fields, inline)

    def add(ident, comment, fields, inline=False):
        if ident in objects:
            raise Problem(f"object ID collision: {ident} ({comment})")
        objects[ident] = (fields["isa"], comment, fields, inline)
        return Ref(ident, comment)

    # Groups mirror the folders under Sources/Routes; a folder's children are its sub-folders, then
    # its files, each sorted by name.
    folders = {"Sources", SOURCES}
    for path in files + catalogs:
        parent = Path(path).parent
        while parent.as_posix().startswith(SOURCES):
            folders.add(parent.as_posix())
            parent = parent.parent
    children = {folder: [] for folder in folders}
    for folder in folders:
        if folder != "Sources":
            children[Path(folder).parent.as_posix()].append(("group", folder))
    for path in catalogs:
        children[Path(path).parent.as_posix()].append(("catalog", path))
    for path in files:
        children[Path(path).parent.as_posix()].append(("file", path))

    file_refs = {}
    for path in files:
        name = Path(path).name
        file_refs[path] = add(
            object_id("file", path),
            name,
            {"isa": "PBXFileReference", "lastKnownFileType": "sourcecode.swift", "path": name, "sourceTree": "<group>"},
            inline=True,
        )
    for path in catalogs:
        name = Path(path).name
        file_refs[path] = add(
            object_id("file", path),
            name,
            {
                "isa": "PBXFileReference",
                "lastKnownFileType": "folder.documentationcatalog",
                "path": name,
                "sourceTree": "<group>",
            },
            inline=True,
        )
    product = add(
        object_id("product", PRODUCT),
        PRODUCT,
        {
            "isa": "PBXFileReference",
            "explicitFileType": "wrapper.framework",
            "includeInIndex": "0",
            "path": PRODUCT,
            "sourceTree": "BUILT_PRODUCTS_DIR",
        },
        inline=True,
    )

    def group_ref(folder):
        return Ref(object_id("group", folder), Path(folder).name)

    for folder in sorted(folders):
        kids = sorted(children[folder], key=lambda kid: (kid[0] != "group", Path(kid[1]).name.lower()))
        refs = [group_ref(path) if kind == "group" else file_refs[path] for kind, path in kids]
        add(
            object_id("group", folder),
            Path(folder).name,
            {"isa": "PBXGroup", "children": refs, "path": Path(folder).name, "sourceTree": "<group>"},
        )
    products = add(
        object_id("group", "<products>"),
        "Products",
        {"isa": "PBXGroup", "children": [product], "name": "Products", "sourceTree": "<group>"},
    )
    main_group = add(
        object_id("group", "<main>"),
        None,
        {"isa": "PBXGroup", "children": [group_ref("Sources"), products], "sourceTree": "<group>"},
    )

    build_files = []
    for path in files:
        name = Path(path).name
        build_files.append(
            add(
                object_id("build", path),
                f"{name} in Sources",
                {"isa": "PBXBuildFile", "fileRef": file_refs[path]},
                inline=True,
            )
        )

    def phase(isa, name, files):
        return add(
            object_id("phase", name),
            name,
            {"isa": isa, "buildActionMask": "2147483647", "files": files, "runOnlyForDeploymentPostprocessing": "0"},
        )

    phases = [
        phase("PBXSourcesBuildPhase", "Sources", build_files),
        phase("PBXFrameworksBuildPhase", "Frameworks", []),
        phase("PBXResourcesBuildPhase", "Resources", []),
    ]

    def configuration_list(owner, label, settings_for):
        configurations = [
            add(
                object_id("configuration", owner, name),
                name,
                {"isa": "XCBuildConfiguration", "buildSettings": settings_for(name), "name": name},
            )
            for name in ("Debug", "Release")
        ]
        return add(
            object_id("configuration-list", owner),
            f"Build configuration list for {label}",
            {
                "isa": "XCConfigurationList",
                "buildConfigurations": configurations,
                "defaultConfigurationIsVisible": "0",
                "defaultConfigurationName": "Release",
            },
        )

    target_id = object_id("target", TARGET)
    target = add(
        target_id,
        TARGET,
        {
            "isa": "PBXNativeTarget",
            "buildConfigurationList": configuration_list(
                "target", f'PBXNativeTarget "{TARGET}"', lambda _: target_settings(targets, version)
            ),
            "buildPhases": phases,
            "buildRules": [],
            "dependencies": [],
            "name": TARGET,
            "productName": TARGET,
            "productReference": product,
            "productType": FRAMEWORK_TYPE,
        },
    )
    root_object = add(
        object_id("project"),
        "Project object",
        {
            "isa": "PBXProject",
            "attributes": {
                "BuildIndependentTargetsInParallel": "1",
                "LastSwiftUpdateCheck": XCODE_VERSION,
                "LastUpgradeCheck": XCODE_VERSION,
                "TargetAttributes": {target_id: {"CreatedOnToolsVersion": "16.0"}},
            },
            "buildConfigurationList": configuration_list("project", f'PBXProject "{TARGET}"', project_settings),
            "compatibilityVersion": "Xcode 14.0",
            "developmentRegion": "en",
            "hasScannedForEncodings": "0",
            "knownRegions": ["en", "Base"],
            "mainGroup": main_group,
            "productRefGroup": products,
            "projectDirPath": "",
            "projectRoot": "",
            "targets": [target],
        },
    )

    out = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 56;", "\tobjects = {"]
    for isa in sorted({entry[0] for entry in objects.values()}):
        out.append("")
        out.append(f"/* Begin {isa} section */")
        for ident in sorted(i for i, entry in objects.items() if entry[0] == isa):
            _, comment, fields, inline = objects[ident]
            body = render_inline(fields) if inline else render(fields, 2)
            out.append(f"\t\t{Ref(ident, comment)} = {body};")
        out.append(f"/* End {isa} section */")
    out += ["\t};", f"\trootObject = {root_object};", "}", ""]
    return "\n".join(out), target_id


def scheme_text(target_id):
    reference = f"""<BuildableReference
               BuildableIdentifier = "primary"
               BlueprintIdentifier = "{target_id}"
               BuildableName = "{PRODUCT}"
               BlueprintName = "{TARGET}"
               ReferencedContainer = "container:{PROJECT}">
            </BuildableReference>"""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<Scheme
   LastUpgradeVersion = "{XCODE_VERSION}"
   version = "1.7">
   <BuildAction
      parallelizeBuildables = "YES"
      buildImplicitDependencies = "YES">
      <BuildActionEntries>
         <BuildActionEntry
            buildForTesting = "YES"
            buildForRunning = "YES"
            buildForProfiling = "YES"
            buildForArchiving = "YES"
            buildForAnalyzing = "YES">
            {reference}
         </BuildActionEntry>
      </BuildActionEntries>
   </BuildAction>
   <TestAction
      buildConfiguration = "Debug"
      selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"
      selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"
      shouldUseLaunchSchemeArgsEnv = "YES">
   </TestAction>
   <LaunchAction
      buildConfiguration = "Debug"
      selectedDebuggerIdentifier = "Xcode.DebuggerFoundation.Debugger.LLDB"
      selectedLauncherIdentifier = "Xcode.DebuggerFoundation.Launcher.LLDB"
      launchStyle = "0"
      useCustomWorkingDirectory = "NO"
      ignoresPersistentStateOnLaunch = "NO"
      debugDocumentVersioning = "YES"
      debugServiceExtension = "internal"
      allowLocationSimulation = "YES">
   </LaunchAction>
   <ProfileAction
      buildConfiguration = "Release"
      shouldUseLaunchSchemeArgsEnv = "YES"
      savedToolIdentifier = ""
      useCustomWorkingDirectory = "NO"
      debugDocumentVersioning = "YES">
      <MacroExpansion>
         {reference.replace(chr(10) + "   ", chr(10))}
      </MacroExpansion>
   </ProfileAction>
   <AnalyzeAction
      buildConfiguration = "Debug">
   </AnalyzeAction>
   <ArchiveAction
      buildConfiguration = "Release"
      revealArchiveInOrganizer = "YES">
   </ArchiveAction>
</Scheme>
"""


def generate(root):
    files, catalogs = swift_files(root), docc_catalogs(root)
    if not files:
        raise Problem(f"no .swift files under {SOURCES}")
    text, target_id = pbxproj_text(files, catalogs, deployment_targets(root), podspec_version(root))
    (root / SCHEME).parent.mkdir(parents=True, exist_ok=True)
    (root / PBXPROJ).write_text(text)
    (root / SCHEME).write_text(scheme_text(target_id))
    return files


# ---------------------------------------------------------------------------------------------
# check


@functools.lru_cache(maxsize=None)
def load_pbxproj():
    try:
        from pbxproj import XcodeProject
    except ImportError:
        raise Problem(
            "the check needs PyPI's pbxproj: python3 -m pip install -r .ci/requirements.txt"
        ) from None
    from importlib.metadata import version

    pinned = (ROOT / ".ci" / "requirements.txt").read_text().split("pbxproj==")[1].split()[0]
    if version("pbxproj") != pinned:
        print(f"note: pbxproj {version('pbxproj')} is installed; .ci/requirements.txt pins {pinned}")
    return XcodeProject


def as_list(value):
    """pbxproj turns a one-element list into its element; undo that."""
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        return list(value)
    return [value]


def read_project(root):
    """The project as the check sees it, through pbxproj: (objects, target or None, problems)."""
    XcodeProject = load_pbxproj()
    path = root / PBXPROJ
    if not path.is_file():
        raise Problem(f"{PBXPROJ} does not exist: run python3 .ci/xcodeproj.py generate")
    try:
        project = XcodeProject.load(str(path))
    except Exception as error:  # the parser's own errors have no common type
        raise Problem(f"{PBXPROJ} does not parse: {error}") from None
    objects = project.objects
    root_object = objects[project.rootObject]
    problems = []
    targets = [objects[t] for t in as_list(root_object["targets"])]
    native = [t for t in targets if t is not None and t.isa == "PBXNativeTarget"]
    names = [t["name"] for t in native]
    if names != [TARGET]:
        problems.append(f"the project's targets are {names}; it must have one target, {TARGET!r}")
    target = next((t for t in native if t["name"] == TARGET), None)
    return project, objects, root_object, target, problems


def parents_of(objects):
    parent = {}
    for isa in ("PBXGroup", "PBXVariantGroup"):
        for group in objects.get_objects_in_section(isa):
            for child in as_list(group["children"]):
                parent[str(child)] = group
    return parent


def file_path(objects, parent, reference):
    """The repository-relative path of a file reference, following its groups."""
    parts = []
    node = reference
    while node is not None:
        tree = node["sourceTree"]
        if node["path"] is not None:
            parts.append(str(node["path"]))
        if tree == "SOURCE_ROOT":
            break
        if tree != "<group>":
            return None  # absolute, or relative to the SDK or to built products
        node = parent.get(node.get_id())
    return os.path.normpath("/".join(reversed(parts))).replace(os.sep, "/")


def compiled_files(objects, target, problems):
    """The paths the target's Sources phase compiles, in order (duplicates kept)."""
    parent = parents_of(objects)
    phases = [objects[p] for p in as_list(target["buildPhases"])]
    sources = [p for p in phases if p is not None and p.isa == "PBXSourcesBuildPhase"]
    if len(sources) != 1:
        problems.append(f"target {TARGET} has {len(sources)} Sources build phases; it must have one")
    for other in phases:
        if other is not None and other.isa != "PBXSourcesBuildPhase" and as_list(other["files"]):
            problems.append(
                f"target {TARGET}'s {other.isa} has files; the framework must build from its sources only"
            )
    paths = []
    for phase in sources:
        for build_file_id in as_list(phase["files"]):
            build_file = objects[build_file_id]
            reference = objects[build_file["fileRef"]] if build_file is not None else None
            if reference is None:
                problems.append(f"the Sources phase lists {build_file_id}, which names no file reference")
                continue
            path = file_path(objects, parent, reference)
            if path is None:
                problems.append(
                    f"the Sources phase compiles {reference['path']} with sourceTree "
                    f"{reference['sourceTree']}; sources must be relative to their group"
                )
                continue
            paths.append(path)
    return paths


def merged_settings(objects, root_object, target):
    """{configuration name: project settings overlaid with the target's}."""

    def by_name(list_id):
        configuration_list = objects[list_id]
        result = {}
        for ident in as_list(configuration_list["buildConfigurations"] if configuration_list else None):
            configuration = objects[ident]
            settings = configuration["buildSettings"]
            result[configuration["name"]] = {
                key: settings[key] for key in (settings.get_keys() if settings is not None else [])
            }
        return result

    project = by_name(root_object["buildConfigurationList"])
    merged = {}
    for name, settings in by_name(target["buildConfigurationList"]).items():
        merged[name] = {**project.get(name, {}), **settings}
    return merged


def check_settings(root, configurations, problems):
    targets = deployment_targets(root)
    version = podspec_version(root)
    for required in ("Debug", "Release"):
        if required not in configurations:
            problems.append(f"target {TARGET} has no {required} configuration")
    for name, settings in sorted(configurations.items()):

        def value(key):
            found = settings.get(key)
            return " ".join(str(v) for v in as_list(found)) if isinstance(found, (list, tuple)) else found

        where = f"target {TARGET} ({name})"
        platforms = set((value("SUPPORTED_PLATFORMS") or "").split())
        for sdk in SDKS:
            if sdk not in platforms:
                problems.append(f"{where}: SUPPORTED_PLATFORMS lacks {sdk}")
        for extra in sorted(platforms - set(SDKS)):
            problems.append(f"{where}: SUPPORTED_PLATFORMS has {extra}, which Package.swift does not name")
        for platform, (setting, _) in PLATFORMS.items():
            if value(setting) != targets[platform]:
                problems.append(
                    f"{where}: {setting} is {value(setting)!r}; Package.swift's {platform} is {targets[platform]}"
                )
        for key, expected in REQUIRED_SETTINGS.items():
            if value(key) != expected:
                problems.append(f"{where}: {key} is {value(key)!r}, not {expected!r}")
        families = set((value("TARGETED_DEVICE_FAMILY") or "").split(","))
        if not set(DEVICE_FAMILIES.split(",")) <= families:
            problems.append(f"{where}: TARGETED_DEVICE_FAMILY is {value('TARGETED_DEVICE_FAMILY')!r}, not {DEVICE_FAMILIES}")
        bundle = value("PRODUCT_BUNDLE_IDENTIFIER") or ""
        if not re.fullmatch(r"[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+", bundle):
            problems.append(f"{where}: PRODUCT_BUNDLE_IDENTIFIER {bundle!r} is not a reverse-DNS identifier")
        if value("PRODUCT_NAME") not in ("$(TARGET_NAME)", TARGET):
            problems.append(f"{where}: PRODUCT_NAME is {value('PRODUCT_NAME')!r}, not {TARGET}")
        if value("MACH_O_TYPE") not in (None, "mh_dylib", "staticlib"):
            problems.append(f"{where}: MACH_O_TYPE {value('MACH_O_TYPE')!r} is not a framework's")
        if value("MARKETING_VERSION") != version:
            problems.append(f"{where}: MARKETING_VERSION is {value('MARKETING_VERSION')!r}; Routes.podspec says {version}")


def check_scheme(root, objects, target, configurations, problems):
    path = root / SCHEME
    if not path.is_file():
        problems.append(f"the shared scheme {SCHEME} does not exist")
        return
    try:
        scheme = ET.parse(path).getroot()
    except ET.ParseError as error:
        problems.append(f"{SCHEME} is not XML: {error}")
        return
    target_id = target.get_id() if target is not None else None
    entries = scheme.findall("./BuildAction/BuildActionEntries/BuildActionEntry")
    builds = [
        entry
        for entry in entries
        for reference in entry.findall("BuildableReference")
        if reference.get("BlueprintIdentifier") == target_id
        and reference.get("BlueprintName") == TARGET
        and reference.get("BuildableName") == PRODUCT
        and reference.get("ReferencedContainer") == f"container:{PROJECT}"
    ]
    if not builds:
        seen = [
            (r.get("BlueprintIdentifier"), r.get("BlueprintName"), r.get("BuildableName"))
            for e in entries
            for r in e.findall("BuildableReference")
        ]
        problems.append(
            f"the shared scheme's build action does not build target {TARGET} "
            f"({target_id}, {PRODUCT}, container:{PROJECT}); it builds {seen}"
        )
    for entry in builds:
        for action in ("buildForRunning", "buildForArchiving"):
            if entry.get(action) != "YES":
                problems.append(f"the shared scheme builds {TARGET} with {action}={entry.get(action)!r}, not YES")
    known = {t.get_id() for t in objects.get_objects_in_section("PBXNativeTarget")}
    for reference in scheme.iter("BuildableReference"):
        if reference.get("BlueprintIdentifier") not in known:
            problems.append(
                f"the shared scheme refers to {reference.get('BlueprintName')} "
                f"({reference.get('BlueprintIdentifier')}), which is not a target of the project"
            )
    archive = scheme.find("ArchiveAction")
    if archive is None or archive.get("buildConfiguration") not in configurations:
        problems.append("the shared scheme's ArchiveAction does not use a configuration of the target")


def check(root):
    """Every difference between the project, its scheme and the tree, as a list of sentences."""
    _, objects, root_object, target, problems = read_project(root)
    configurations = {}
    if target is not None:
        if target["productType"] != FRAMEWORK_TYPE:
            problems.append(f"target {TARGET}'s productType is {target['productType']!r}, not {FRAMEWORK_TYPE!r}")
        product = objects[target["productReference"]]
        if product is None or product["path"] != PRODUCT:
            problems.append(f"target {TARGET}'s product is not {PRODUCT}")
        compiled = compiled_files(objects, target, problems)
        on_disk = swift_files(root)
        for path in sorted({p for p in compiled if compiled.count(p) > 1}):
            problems.append(f"the project compiles {path} {compiled.count(path)} times")
        for path in sorted(set(on_disk) - set(compiled)):
            problems.append(f"{path} is not in the project's Sources build phase")
        for path in sorted(set(compiled) - set(on_disk)):
            problems.append(f"the project compiles {path}, which is not a .swift file under {SOURCES}")
        configurations = merged_settings(objects, root_object, target)
        check_settings(root, configurations, problems)
    check_scheme(root, objects, target, configurations, problems)
    return problems


# ---------------------------------------------------------------------------------------------
# interface


def interface(root):
    """Compiles the project's sources as a resilient module and verifies its textual interface."""
    _, objects, _, target, problems = read_project(root)
    if target is None:
        raise Problem("; ".join(problems))
    files = compiled_files(objects, target, problems)
    if problems:
        raise Problem("; ".join(problems))
    swiftc = shutil.which("swiftc")
    if swiftc is None:
        raise Problem("swiftc is not on PATH")
    with tempfile.TemporaryDirectory(prefix="routes-interface-") as out:
        command = [
            swiftc, "-parse-as-library", "-emit-module", "-module-name", TARGET,
            "-swift-version", SWIFT_VERSION.split(".")[0], "-enable-library-evolution", "-wmo",
            "-emit-module-path", f"{out}/{TARGET}.swiftmodule",
            "-emit-module-interface-path", f"{out}/{TARGET}.swiftinterface",
            "-emit-private-module-interface-path", f"{out}/{TARGET}.private.swiftinterface",
            "-verify-emitted-module-interface",
        ] + files
        result = subprocess.run(command, cwd=root, capture_output=True, text=True)
        # On Linux, Foundation itself is not resilient: the compiler says so once per import.
        lines = [
            line for line in (result.stdout + result.stderr).splitlines()
            if "was not compiled with library evolution support" not in line
        ]
        errors = [line for line in lines if "error:" in line or "warning:" in line]
        if result.returncode != 0 or errors:
            print("\n".join(lines[-60:]))
            raise Problem(f"the project's {len(files)} sources do not build with library evolution")
        size = os.path.getsize(f"{out}/{TARGET}.swiftinterface")
    return len(files), size


# ---------------------------------------------------------------------------------------------
# selftest


def selftest(root):
    """Breaks a generated project in a temporary copy in several ways; `check` must catch each."""
    failures = []
    results = []

    def copy_tree(dest):
        shutil.copytree(root / SOURCES, dest / SOURCES)
        for name in ("Package.swift", "Routes.podspec"):
            shutil.copy(root / name, dest / name)
        generate(dest)

    def case(name, mutate, expected):
        with tempfile.TemporaryDirectory(prefix="routes-xcodeproj-") as tmp:
            dest = Path(tmp)
            copy_tree(dest)
            detail = mutate(dest)
            problems = check(dest)
            wanted = expected(detail) if callable(expected) else expected
            if wanted is None:
                ok = not problems
            else:
                ok = any(wanted in problem for problem in problems)
            results.append((name, ok, problems))
            if not ok:
                failures.append(f"{name}: expected {'no problem' if wanted is None else repr(wanted)}, got {problems}")

    def edit(dest, relative, old, new, count=1):
        path = dest / relative
        text = path.read_text()
        if old not in text if isinstance(old, str) else not re.search(old, text):
            raise Problem(f"selftest: {old!r} not found in {relative}")
        if isinstance(old, str):
            text = text.replace(old, new, count)
        else:
            text = re.sub(old, new, text, count=count)
        path.write_text(text)

    def some_file(dest):
        files = swift_files(dest)
        return files[len(files) // 2]

    def drop_from_phase(dest):
        path = some_file(dest)
        name = Path(path).name
        pattern = r"\n\t\t\t\t[0-9A-F]{24} /\* %s in Sources \*/," % re.escape(name)
        edit(dest, PBXPROJ, re.compile(pattern), "")
        return path

    def stray_file(dest):
        stray = dest / SOURCES / "Stray" / "Stray.swift"
        stray.parent.mkdir()
        stray.write_text("let stray = 1\n")
        return f"{SOURCES}/Stray/Stray.swift"

    def deleted_file(dest):
        path = some_file(dest)
        (dest / path).unlink()
        return path

    def renamed_reference(dest):
        path = some_file(dest)
        name = Path(path).name
        edit(dest, PBXPROJ, f"path = {quote(name)};", "path = Elsewhere.swift;")
        return path

    def duplicate_in_phase(dest):
        path = some_file(dest)
        line = re.search(r"\n\t\t\t\t[0-9A-F]{24} /\* %s in Sources \*/," % re.escape(Path(path).name),
                         (dest / PBXPROJ).read_text()).group(0)
        edit(dest, PBXPROJ, line, line + line)
        return path

    def scheme_identifier(dest):
        edit(dest, SCHEME, re.compile(r'BlueprintIdentifier = "[0-9A-F]{24}"'), 'BlueprintIdentifier = "0123456789ABCDEF01234567"', count=0)

    def scheme_name(dest):
        edit(dest, SCHEME, 'BlueprintName = "Routes"', 'BlueprintName = "RoutesKit"', count=10)

    def scheme_missing(dest):
        (dest / SCHEME).unlink()

    def scheme_not_archiving(dest):
        edit(dest, SCHEME, 'buildForArchiving = "YES"', 'buildForArchiving = "NO"')

    def static_library(dest):
        edit(dest, PBXPROJ, f'productType = "{FRAMEWORK_TYPE}";', 'productType = "com.apple.product-type.library.static";')

    def no_vision(dest):
        edit(dest, PBXPROJ, " xros xrsimulator\";", "\";", count=2)

    def no_watch_target(dest):
        edit(dest, PBXPROJ, re.compile(r"\n\t+WATCHOS_DEPLOYMENT_TARGET = [0-9.]+;"), "", count=0)

    def package_moved_on(dest):
        edit(dest, "Package.swift", ".iOS(.v13)", ".iOS(.v15)")

    def version_bumped(dest):
        edit(dest, "Routes.podspec", re.compile(r"s\.version(\s*)= '[^']*'"), r"s.version\1= '9.9.9'")

    def swift_five(dest):
        edit(dest, PBXPROJ, "SWIFT_VERSION = 6.0;", "SWIFT_VERSION = 5.0;", count=2)

    def resource_added(dest):
        # the DocC catalog moved into the Resources phase
        text = (dest / PBXPROJ).read_text()
        catalog = re.search(r"([0-9A-F]{24}) /\* Routes\.docc \*/", text)
        if catalog is None:
            raise Problem("selftest: no Routes.docc reference to move")
        build_file = f"\t\tFEEDFACEFEEDFACEFEEDFACE /* Routes.docc in Resources */ = {{isa = PBXBuildFile; fileRef = {catalog.group(0)}; }};\n"
        edit(dest, PBXPROJ, "/* Begin PBXBuildFile section */\n", "/* Begin PBXBuildFile section */\n" + build_file)
        edit(dest, PBXPROJ, re.compile(r"(/\* Resources \*/ = \{\n(?:.*\n)*?\t\t\tfiles = \()"),
             r"\1\n\t\t\t\tFEEDFACEFEEDFACEFEEDFACE /* Routes.docc in Resources */,")

    def second_target(dest):
        edit(dest, PBXPROJ, re.compile(r"(\t\t\ttargets = \(\n)"), r"\1\t\t\t\tFEEDFACEFEEDFACEFEEDFACE,\n")
        edit(dest, PBXPROJ, "/* Begin PBXNativeTarget section */\n",
             "/* Begin PBXNativeTarget section */\n\t\tFEEDFACEFEEDFACEFEEDFACE = {isa = PBXNativeTarget; name = RoutesTests; "
             "productType = \"com.apple.product-type.bundle.unit-test\"; };\n")

    case("a freshly generated project", lambda dest: None, None)
    case("a file left out of the Sources phase", drop_from_phase, lambda p: f"{p} is not in the project's Sources build phase")
    case("a new file not yet in the project", stray_file, lambda p: f"{p} is not in the project's Sources build phase")
    case("a deleted file still in the project", deleted_file, lambda p: f"the project compiles {p}, which is not")
    case("a reference to a file that is not there", renamed_reference, "Elsewhere.swift, which is not a .swift file")
    case("a file compiled twice", duplicate_in_phase, lambda p: f"the project compiles {p} 2 times")
    case("a scheme that builds another blueprint", scheme_identifier, "the shared scheme's build action does not build target Routes")
    case("a scheme that names another target", scheme_name, "the shared scheme's build action does not build target Routes")
    case("no shared scheme", scheme_missing, "does not exist")
    case("a scheme that does not archive", scheme_not_archiving, "buildForArchiving='NO'")
    case("a static library target", static_library, "productType is 'com.apple.product-type.library.static'")
    case("no visionOS", no_vision, "SUPPORTED_PLATFORMS lacks xros")
    case("no watchOS deployment target", no_watch_target, "WATCHOS_DEPLOYMENT_TARGET is None")
    case("Package.swift raised a deployment target", package_moved_on, "IPHONEOS_DEPLOYMENT_TARGET is '13.0'; Package.swift's iOS is 15.0")
    case("the podspec's version moved on", version_bumped, "Routes.podspec says 9.9.9")
    case("Swift 5", swift_five, "SWIFT_VERSION is '5.0'")
    case("a resource in the framework", resource_added, "PBXResourcesBuildPhase has files")
    case("a second target", second_target, "it must have one target")

    # Stable output: generating twice gives the same bytes, and a rename changes only its own lines.
    with tempfile.TemporaryDirectory(prefix="routes-xcodeproj-") as tmp:
        dest = Path(tmp)
        copy_tree(dest)
        first = (dest / PBXPROJ).read_text(), (dest / SCHEME).read_text()
        generate(dest)
        second = (dest / PBXPROJ).read_text(), (dest / SCHEME).read_text()
        results.append(("generating twice gives the same bytes", first == second, []))
        if first != second:
            failures.append("generate is not deterministic")
        old = some_file(dest)
        new = str(Path(old).with_name("Renamed" + Path(old).name))
        (dest / old).rename(dest / new)
        generate(dest)
        before, after = first[0].splitlines(), (dest / PBXPROJ).read_text().splitlines()
        removed = [line for line in before if line not in after]
        added = [line for line in after if line not in before]
        names = (Path(old).name, Path(new).name)
        stray = [line for line in removed + added if not any(name in line for name in names)]
        ok = len(removed) == len(added) == 4 and not stray
        results.append((f"renaming {Path(old).name} changes 4 lines", ok, removed + added))
        if not ok:
            failures.append(f"a rename changed {len(removed)} lines and added {len(added)}, other lines: {stray}")

        # The generated text is formatted as pbxproj writes it back (Xcode's own layout).
        XcodeProject = load_pbxproj()
        written = str(XcodeProject.load(str(dest / PBXPROJ))) + "\n"
        same = written == (dest / PBXPROJ).read_text()
        results.append(("pbxproj writes the generated file back unchanged", same, []))
        if not same:
            failures.append("pbxproj writes the generated project back differently")

    for name, ok, problems in results:
        shown = f" -> {problems[0]}" if problems and ok else ""
        print(f"  {'ok  ' if ok else 'FAIL'} {name}{shown}")
    return failures, len(results)


# ---------------------------------------------------------------------------------------------


def main(argv):
    command = argv[1] if len(argv) > 1 else "check"
    root = Path(argv[2]).resolve() if len(argv) > 2 else ROOT
    try:
        if command == "generate":
            files = generate(root)
            print(f"wrote {PBXPROJ} ({len(files)} sources) and {SCHEME}")
        elif command == "check":
            problems = check(root)
            if problems:
                print(f"{PROJECT} disagrees with {SOURCES} (fix: python3 .ci/xcodeproj.py generate):")
                for problem in problems:
                    print("  -", problem)
                return 1
            print(f"{PROJECT} OK: target {TARGET} compiles the {len(swift_files(root))} .swift files of "
                  f"{SOURCES} for {', '.join(PLATFORMS)}; the shared scheme builds it")
        elif command == "interface":
            count, size = interface(root)
            print(f"library evolution OK: {count} sources, a verified {size}-byte Routes.swiftinterface")
        elif command == "selftest":
            failures, count = selftest(root)
            if failures:
                print("selftest failed:")
                for failure in failures:
                    print("  -", failure)
                return 1
            print(f"selftest OK: {count} cases")
        else:
            print(__doc__)
            return 2
    except Problem as problem:
        print(f"error: {problem}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
