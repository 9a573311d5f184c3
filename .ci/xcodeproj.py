#!/usr/bin/env python3
"""Routes.xcodeproj: generated from the file tree, and checked against it.

After adding, moving, renaming or deleting a file under Sources/Routes or Sources/RoutesTesting, or
changing a deployment target in Package.swift or the version in Routes.podspec, run the one command

    python3 .ci/xcodeproj.py generate

and commit Routes.xcodeproj with the change. Never edit the project by hand: the next `generate`
rewrites it.

The project exists for Carthage (which builds only from an Xcode project's shared schemes) and for
anyone who drags it into a workspace. It has two framework targets, as Package.swift has two
library products: `Routes`, which compiles every .swift file under Sources/Routes (except inside a
.docc catalog) and nothing else, and `RoutesTesting`, which compiles those under
Sources/RoutesTesting, depends on `Routes` and links Routes.framework. Both build for iOS, macOS,
tvOS, watchOS and visionOS (devices and simulators) at Package.swift's deployment targets, in Swift
6, with library evolution on, with the package name `Routes` (SWIFT_PACKAGE_NAME: RoutesTesting
uses Routes' `package` declarations, as SwiftPM compiles them); each has a shared scheme of its
name that builds it. The DocC catalogs are in the project navigator as folder references and in no
build phase.

Commands:
    generate   rewrite Routes.xcodeproj/project.pbxproj and the shared scheme from the file tree.
               Object IDs are hashes of paths, so regenerating after files move changes only the
               lines of the files that moved.
    check      read the project with an independent parser (PyPI's pbxproj, pinned in
               .ci/requirements.txt) and the scheme with xml.etree, and fail, naming each
               difference, when a target's source list and its folder differ, when a target is not
               a framework or lacks a platform, a deployment target or a required setting, when
               RoutesTesting does not depend on Routes and link it, or when a shared scheme does
               not build its target.
    interface  compile each target's source list as Xcode does with BUILD_LIBRARY_FOR_DISTRIBUTION
               (library evolution, a verified .swiftinterface), RoutesTesting against the Routes
               module just built, with the package name. Needs swiftc; runs on Linux.
    selftest   generate a project in a temporary copy of the tree, then break it in several ways and
               confirm that `check` fails each time, naming the difference.

CI runs `check`, `interface` and `selftest`. On macOS, `xcodebuild -project Routes.xcodeproj
-scheme Routes` (and `-scheme RoutesTesting`) and `carthage build --no-skip-current
--use-xcframeworks` build the project for real: Linux cannot.
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
PROJECT = "Routes.xcodeproj"
PBXPROJ = PROJECT + "/project.pbxproj"
FRAMEWORK_TYPE = "com.apple.product-type.framework"
# The package name that `package` declarations need (SwiftPM's: the package's name).
PACKAGE_NAME = "Routes"
# The framework targets, in order: each compiles the .swift files of its folder and depends on
# (and links) the targets it names, as in Package.swift.
TARGETS = {
    "Routes": {"sources": "Sources/Routes", "dependencies": []},
    "RoutesTesting": {"sources": "Sources/RoutesTesting", "dependencies": ["Routes"]},
}
SOURCES = [spec["sources"] for spec in TARGETS.values()]


def product_of(name):
    return f"{name}.framework"


def scheme_of(name):
    return f"{PROJECT}/xcshareddata/xcschemes/{name}.xcscheme"


def bundle_identifier_of(name):
    return f"io.github.routes-swift.{name}"

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
    "SWIFT_PACKAGE_NAME": PACKAGE_NAME,
    "SWIFT_VERSION": SWIFT_VERSION,
}


class Problem(Exception):
    pass


# ---------------------------------------------------------------------------------------------
# What the file tree says.


def swift_files(root, folder=None):
    """Every .swift file under a target's folder (all targets' without one), as a sorted list of
    repository-relative paths."""
    if folder is None:
        return sorted(path for sources in SOURCES for path in swift_files(root, sources))
    base = root / folder
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
    return sorted(
        p.relative_to(root).as_posix() for folder in SOURCES for p in (root / folder).rglob("*.docc") if p.is_dir()
    )


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


def target_settings(name, targets, version):
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
        "PRODUCT_BUNDLE_IDENTIFIER": bundle_identifier_of(name),
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
    """The project text, and {target name: its object ID}."""
    objects = {}  # id -> (isa, comment, fields, inline)

    def add(ident, comment, fields, inline=False):
        if ident in objects:
            raise Problem(f"object ID collision: {ident} ({comment})")
        objects[ident] = (fields["isa"], comment, fields, inline)
        return Ref(ident, comment)

    # Groups mirror the folders under each target's folder; a folder's children are its
    # sub-folders, then its files, each sorted by name.
    folders = {"Sources"} | set(SOURCES)
    for path in files + catalogs:
        parent = Path(path).parent
        while parent.as_posix() != "Sources":
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
    products = {}
    for name in TARGETS:
        products[name] = add(
            object_id("product", product_of(name)),
            product_of(name),
            {
                "isa": "PBXFileReference",
                "explicitFileType": "wrapper.framework",
                "includeInIndex": "0",
                "path": product_of(name),
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
    products_group = add(
        object_id("group", "<products>"),
        "Products",
        {"isa": "PBXGroup", "children": list(products.values()), "name": "Products", "sourceTree": "<group>"},
    )
    main_group = add(
        object_id("group", "<main>"),
        None,
        {"isa": "PBXGroup", "children": [group_ref("Sources"), products_group], "sourceTree": "<group>"},
    )

    def phase(isa, target, name, files):
        return add(
            object_id("phase", target, name),
            name,
            {"isa": isa, "buildActionMask": "2147483647", "files": files, "runOnlyForDeploymentPostprocessing": "0"},
        )

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

    project_id = object_id("project")
    target_ids = {name: object_id("target", name) for name in TARGETS}
    native_targets = []
    for name, spec in TARGETS.items():
        build_files = []
        for path in files:
            if not path.startswith(spec["sources"] + "/"):
                continue
            build_files.append(
                add(
                    object_id("build", path),
                    f"{Path(path).name} in Sources",
                    {"isa": "PBXBuildFile", "fileRef": file_refs[path]},
                    inline=True,
                )
            )
        linked = [
            add(
                object_id("build", name, product_of(dependency)),
                f"{product_of(dependency)} in Frameworks",
                {"isa": "PBXBuildFile", "fileRef": products[dependency]},
                inline=True,
            )
            for dependency in spec["dependencies"]
        ]
        dependencies = []
        for dependency in spec["dependencies"]:
            proxy = add(
                object_id("proxy", name, dependency),
                "PBXContainerItemProxy",
                {
                    "isa": "PBXContainerItemProxy",
                    "containerPortal": Ref(project_id, "Project object"),
                    "proxyType": "1",
                    "remoteGlobalIDString": target_ids[dependency],
                    "remoteInfo": dependency,
                },
            )
            dependencies.append(
                add(
                    object_id("dependency", name, dependency),
                    "PBXTargetDependency",
                    {"isa": "PBXTargetDependency", "target": Ref(target_ids[dependency], dependency), "targetProxy": proxy},
                )
            )
        native_targets.append(
            add(
                target_ids[name],
                name,
                {
                    "isa": "PBXNativeTarget",
                    "buildConfigurationList": configuration_list(
                        f"target {name}", f'PBXNativeTarget "{name}"',
                        lambda _, name=name: target_settings(name, targets, version),
                    ),
                    "buildPhases": [
                        phase("PBXSourcesBuildPhase", name, "Sources", build_files),
                        phase("PBXFrameworksBuildPhase", name, "Frameworks", linked),
                        phase("PBXResourcesBuildPhase", name, "Resources", []),
                    ],
                    "buildRules": [],
                    "dependencies": dependencies,
                    "name": name,
                    "productName": name,
                    "productReference": products[name],
                    "productType": FRAMEWORK_TYPE,
                },
            )
        )
    root_object = add(
        project_id,
        "Project object",
        {
            "isa": "PBXProject",
            "attributes": {
                "BuildIndependentTargetsInParallel": "1",
                "LastSwiftUpdateCheck": XCODE_VERSION,
                "LastUpgradeCheck": XCODE_VERSION,
                "TargetAttributes": {ident: {"CreatedOnToolsVersion": "16.0"} for ident in target_ids.values()},
            },
            "buildConfigurationList": configuration_list("project", 'PBXProject "Routes"', project_settings),
            "compatibilityVersion": "Xcode 14.0",
            "developmentRegion": "en",
            "hasScannedForEncodings": "0",
            "knownRegions": ["en", "Base"],
            "mainGroup": main_group,
            "productRefGroup": products_group,
            "projectDirPath": "",
            "projectRoot": "",
            "targets": native_targets,
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
    return "\n".join(out), target_ids


def scheme_text(name, target_id):
    reference = f"""<BuildableReference
               BuildableIdentifier = "primary"
               BlueprintIdentifier = "{target_id}"
               BuildableName = "{product_of(name)}"
               BlueprintName = "{name}"
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
    for name, spec in TARGETS.items():
        if not swift_files(root, spec["sources"]):
            raise Problem(f"no .swift files under {spec['sources']} for target {name}")
    text, target_ids = pbxproj_text(files, catalogs, deployment_targets(root), podspec_version(root))
    for name, ident in target_ids.items():
        (root / scheme_of(name)).parent.mkdir(parents=True, exist_ok=True)
        (root / scheme_of(name)).write_text(scheme_text(name, ident))
    (root / PBXPROJ).write_text(text)
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
    """The project as the check sees it, through pbxproj: (project, objects, root object,
    {target name: target, for each of TARGETS that the project has}, problems)."""
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
    if names != list(TARGETS):
        problems.append(f"the project's targets are {names}; it must have the targets {list(TARGETS)}")
    found = {name: next((t for t in native if t["name"] == name), None) for name in TARGETS}
    return project, objects, root_object, {name: t for name, t in found.items() if t is not None}, problems


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
    name = target["name"]
    phases = [objects[p] for p in as_list(target["buildPhases"])]
    sources = [p for p in phases if p is not None and p.isa == "PBXSourcesBuildPhase"]
    if len(sources) != 1:
        problems.append(f"target {name} has {len(sources)} Sources build phases; it must have one")
    for other in phases:
        if other is None or other.isa in ("PBXSourcesBuildPhase", "PBXFrameworksBuildPhase"):
            continue
        if as_list(other["files"]):
            problems.append(f"target {name}'s {other.isa} has files; the framework must build from its sources only")
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


def check_dependencies(objects, target, targets, problems):
    """The target depends on, and links, exactly the products of the targets TARGETS names for it
    (Package.swift's target dependencies), and links nothing else."""
    name = target["name"]
    expected = TARGETS[name]["dependencies"]
    depends_on = []
    for ident in as_list(target["dependencies"]):
        dependency = objects[ident]
        other = objects[dependency["target"]] if dependency is not None and dependency["target"] else None
        depends_on.append(other["name"] if other is not None else str(ident))
    if sorted(depends_on) != sorted(expected):
        problems.append(f"target {name} depends on {sorted(depends_on)}; Package.swift's {name} depends on {expected}")
    linked = []
    for phase in (objects[p] for p in as_list(target["buildPhases"])):
        if phase is None or phase.isa != "PBXFrameworksBuildPhase":
            continue
        for ident in as_list(phase["files"]):
            build_file = objects[ident]
            reference = objects[build_file["fileRef"]] if build_file is not None else None
            linked.append(str(reference["path"]) if reference is not None else str(ident))
    products = {str(objects[t["productReference"]]["path"]) for t in targets.values() if objects[t["productReference"]]}
    for path in linked:
        if path not in products:
            problems.append(f"target {name} links {path}, which is not a product of the project")
    wanted = sorted(product_of(dependency) for dependency in expected)
    if sorted(linked) != wanted:
        problems.append(f"target {name} links {sorted(linked)}; it must link {wanted}")


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


def check_settings(root, target_name, configurations, problems):
    targets = deployment_targets(root)
    version = podspec_version(root)
    for required in ("Debug", "Release"):
        if required not in configurations:
            problems.append(f"target {target_name} has no {required} configuration")
    for name, settings in sorted(configurations.items()):

        def value(key):
            found = settings.get(key)
            return " ".join(str(v) for v in as_list(found)) if isinstance(found, (list, tuple)) else found

        where = f"target {target_name} ({name})"
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
        elif bundle != bundle_identifier_of(target_name):
            problems.append(f"{where}: PRODUCT_BUNDLE_IDENTIFIER is {bundle!r}, not {bundle_identifier_of(target_name)!r}")
        if value("PRODUCT_NAME") not in ("$(TARGET_NAME)", target_name):
            problems.append(f"{where}: PRODUCT_NAME is {value('PRODUCT_NAME')!r}, not {target_name}")
        if value("MACH_O_TYPE") not in (None, "mh_dylib", "staticlib"):
            problems.append(f"{where}: MACH_O_TYPE {value('MACH_O_TYPE')!r} is not a framework's")
        if value("MARKETING_VERSION") != version:
            problems.append(f"{where}: MARKETING_VERSION is {value('MARKETING_VERSION')!r}; Routes.podspec says {version}")


def check_scheme(root, objects, name, target, configurations, problems):
    scheme_path = scheme_of(name)
    path = root / scheme_path
    if not path.is_file():
        problems.append(f"the shared scheme {scheme_path} does not exist")
        return
    try:
        scheme = ET.parse(path).getroot()
    except ET.ParseError as error:
        problems.append(f"{scheme_path} is not XML: {error}")
        return
    target_id = target.get_id() if target is not None else None
    entries = scheme.findall("./BuildAction/BuildActionEntries/BuildActionEntry")
    builds = [
        entry
        for entry in entries
        for reference in entry.findall("BuildableReference")
        if reference.get("BlueprintIdentifier") == target_id
        and reference.get("BlueprintName") == name
        and reference.get("BuildableName") == product_of(name)
        and reference.get("ReferencedContainer") == f"container:{PROJECT}"
    ]
    if not builds:
        seen = [
            (r.get("BlueprintIdentifier"), r.get("BlueprintName"), r.get("BuildableName"))
            for e in entries
            for r in e.findall("BuildableReference")
        ]
        problems.append(
            f"the build action of the shared scheme {name} does not build target {name} "
            f"({target_id}, {product_of(name)}, container:{PROJECT}); it builds {seen}"
        )
    for entry in builds:
        for action in ("buildForRunning", "buildForArchiving"):
            if entry.get(action) != "YES":
                problems.append(f"the shared scheme {name} builds {name} with {action}={entry.get(action)!r}, not YES")
    known = {t.get_id() for t in objects.get_objects_in_section("PBXNativeTarget")}
    for reference in scheme.iter("BuildableReference"):
        if reference.get("BlueprintIdentifier") not in known:
            problems.append(
                f"the shared scheme {name} refers to {reference.get('BlueprintName')} "
                f"({reference.get('BlueprintIdentifier')}), which is not a target of the project"
            )
    archive = scheme.find("ArchiveAction")
    if archive is None or archive.get("buildConfiguration") not in configurations:
        problems.append(f"the ArchiveAction of the shared scheme {name} does not use a configuration of the target")


def check(root):
    """Every difference between the project, its schemes and the tree, as a list of sentences."""
    _, objects, root_object, targets, problems = read_project(root)
    compiled_by = {}
    for name, spec in TARGETS.items():
        target = targets.get(name)
        configurations = {}
        if target is not None:
            if target["productType"] != FRAMEWORK_TYPE:
                problems.append(f"target {name}'s productType is {target['productType']!r}, not {FRAMEWORK_TYPE!r}")
            product = objects[target["productReference"]]
            if product is None or product["path"] != product_of(name):
                problems.append(f"target {name}'s product is not {product_of(name)}")
            compiled = compiled_files(objects, target, problems)
            for path in compiled:
                compiled_by.setdefault(path, []).append(name)
            on_disk = swift_files(root, spec["sources"])
            for path in sorted({p for p in compiled if compiled.count(p) > 1}):
                problems.append(f"the project compiles {path} {compiled.count(path)} times")
            for path in sorted(set(on_disk) - set(compiled)):
                problems.append(f"{path} is not in the Sources build phase of target {name}")
            for path in sorted(set(compiled) - set(on_disk)):
                problems.append(f"target {name} compiles {path}, which is not a .swift file under {spec['sources']}")
            check_dependencies(objects, target, targets, problems)
            configurations = merged_settings(objects, root_object, target)
            check_settings(root, name, configurations, problems)
        check_scheme(root, objects, name, target, configurations, problems)
    for path, names in sorted(compiled_by.items()):
        if len(set(names)) > 1:
            problems.append(f"{path} is compiled by the targets {sorted(set(names))}")
    return problems


# ---------------------------------------------------------------------------------------------
# interface


def interface(root):
    """Compiles each target's sources as a resilient module, in order (RoutesTesting against the
    Routes module just built), and verifies its textual interfaces; [(target, sources, bytes of
    its .swiftinterface)]."""
    _, objects, _, targets, problems = read_project(root)
    files = {name: compiled_files(objects, target, problems) for name, target in targets.items()}
    if problems or len(targets) != len(TARGETS):
        raise Problem("; ".join(problems))
    swiftc = shutil.which("swiftc")
    if swiftc is None:
        raise Problem("swiftc is not on PATH")
    built = []
    with tempfile.TemporaryDirectory(prefix="routes-interface-") as out:
        for name in TARGETS:
            command = [
                swiftc, "-parse-as-library", "-emit-module", "-module-name", name,
                "-package-name", PACKAGE_NAME, "-I", out,
                "-swift-version", SWIFT_VERSION.split(".")[0], "-enable-library-evolution", "-wmo",
                "-emit-module-path", f"{out}/{name}.swiftmodule",
                "-emit-module-interface-path", f"{out}/{name}.swiftinterface",
                "-emit-private-module-interface-path", f"{out}/{name}.private.swiftinterface",
                "-emit-package-module-interface-path", f"{out}/{name}.package.swiftinterface",
                "-verify-emitted-module-interface",
            ] + files[name]
            result = subprocess.run(command, cwd=root, capture_output=True, text=True)
            # On Linux, Foundation itself is not resilient: the compiler says so once per import.
            lines = [
                line for line in (result.stdout + result.stderr).splitlines()
                if "was not compiled with library evolution support" not in line
            ]
            errors = [line for line in lines if "error:" in line or "warning:" in line]
            if result.returncode != 0 or errors:
                print("\n".join(lines[-60:]))
                raise Problem(f"the {len(files[name])} sources of target {name} do not build with library evolution")
            built.append((name, len(files[name]), os.path.getsize(f"{out}/{name}.swiftinterface")))
    return built


# ---------------------------------------------------------------------------------------------
# selftest


def selftest(root):
    """Breaks a generated project in a temporary copy in several ways; `check` must catch each."""
    failures = []
    results = []

    def copy_tree(dest):
        for folder in SOURCES:
            shutil.copytree(root / folder, dest / folder)
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
        stray = dest / "Sources/RoutesTesting/Stray/Stray.swift"
        stray.parent.mkdir()
        stray.write_text("let stray = 1\n")
        return "Sources/RoutesTesting/Stray/Stray.swift"

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
        edit(dest, scheme_of("Routes"), re.compile(r'BlueprintIdentifier = "[0-9A-F]{24}"'), 'BlueprintIdentifier = "0123456789ABCDEF01234567"', count=0)

    def scheme_name(dest):
        edit(dest, scheme_of("Routes"), 'BlueprintName = "Routes"', 'BlueprintName = "RoutesKit"', count=10)

    def scheme_missing(dest):
        (dest / scheme_of("RoutesTesting")).unlink()

    def scheme_not_archiving(dest):
        edit(dest, scheme_of("RoutesTesting"), 'buildForArchiving = "YES"', 'buildForArchiving = "NO"')

    def no_dependency(dest):
        edit(dest, PBXPROJ, re.compile(r"(\t\t\tdependencies = \()\n\t\t\t\t[0-9A-F]{24} /\* PBXTargetDependency \*/,\n"), r"\1\n")

    def not_linked(dest):
        edit(dest, PBXPROJ, re.compile(r"\n\t\t\t\t[0-9A-F]{24} /\* Routes\.framework in Frameworks \*/,"), "")

    def no_package_name(dest):
        edit(dest, PBXPROJ, re.compile(r"\n\t+SWIFT_PACKAGE_NAME = Routes;"), "", count=0)

    def file_in_other_target(dest):
        # A RoutesTesting source moved into the Sources phase of Routes.
        text = (dest / PBXPROJ).read_text()
        path = swift_files(dest, "Sources/RoutesTesting")[0]
        line = re.search(r"\n\t\t\t\t[0-9A-F]{24} /\* %s in Sources \*/," % re.escape(Path(path).name), text).group(0)
        routes_phase = object_id("phase", "Routes", "Sources")
        text = text.replace(line, "", 1)
        text = re.sub(r"(\t\t%s /\* Sources \*/ = \{\n(?:.*\n)*?\t\t\tfiles = \()" % routes_phase, r"\1" + line, text, count=1)
        (dest / PBXPROJ).write_text(text)
        return path

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
    case("a file left out of the Sources phase", drop_from_phase, lambda p: f"{p} is not in the Sources build phase")
    case("a new file not yet in the project", stray_file, lambda p: f"{p} is not in the Sources build phase of target RoutesTesting")
    case("a deleted file still in the project", deleted_file, lambda p: f"compiles {p}, which is not")
    case("a reference to a file that is not there", renamed_reference, "Elsewhere.swift, which is not a .swift file")
    case("a file compiled twice", duplicate_in_phase, lambda p: f"the project compiles {p} 2 times")
    case("a scheme that builds another blueprint", scheme_identifier, "the build action of the shared scheme Routes does not build target Routes")
    case("a scheme that names another target", scheme_name, "the build action of the shared scheme Routes does not build target Routes")
    case("no shared scheme for RoutesTesting", scheme_missing, "RoutesTesting.xcscheme does not exist")
    case("a scheme that does not archive", scheme_not_archiving, "buildForArchiving='NO'")
    case("a static library target", static_library, "productType is 'com.apple.product-type.library.static'")
    case("no visionOS", no_vision, "SUPPORTED_PLATFORMS lacks xros")
    case("no watchOS deployment target", no_watch_target, "WATCHOS_DEPLOYMENT_TARGET is None")
    case("Package.swift raised a deployment target", package_moved_on, "IPHONEOS_DEPLOYMENT_TARGET is '13.0'; Package.swift's iOS is 15.0")
    case("the podspec's version moved on", version_bumped, "Routes.podspec says 9.9.9")
    case("Swift 5", swift_five, "SWIFT_VERSION is '5.0'")
    case("a resource in the framework", resource_added, "PBXResourcesBuildPhase has files")
    case("a third target", second_target, "it must have the targets ['Routes', 'RoutesTesting']")
    case("RoutesTesting without its dependency on Routes", no_dependency, "target RoutesTesting depends on []")
    case("RoutesTesting not linking Routes.framework", not_linked, "target RoutesTesting links []")
    case("no package name", no_package_name, "SWIFT_PACKAGE_NAME is None")
    case("a RoutesTesting file in the Routes target", file_in_other_target,
         lambda p: f"target Routes compiles {p}, which is not a .swift file under Sources/Routes")

    # Stable output: generating twice gives the same bytes, and a rename changes only its own lines.
    with tempfile.TemporaryDirectory(prefix="routes-xcodeproj-") as tmp:
        dest = Path(tmp)
        copy_tree(dest)
        def texts():
            return [(dest / PBXPROJ).read_text()] + [(dest / scheme_of(name)).read_text() for name in TARGETS]

        first = texts()
        generate(dest)
        second = texts()
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
            schemes = ", ".join(scheme_of(name) for name in TARGETS)
            print(f"wrote {PBXPROJ} ({len(files)} sources) and {schemes}")
        elif command == "check":
            problems = check(root)
            if problems:
                print(f"{PROJECT} disagrees with {', '.join(SOURCES)} (fix: python3 .ci/xcodeproj.py generate):")
                for problem in problems:
                    print("  -", problem)
                return 1
            compiled = "; ".join(
                f"{name} the {len(swift_files(root, spec['sources']))} of {spec['sources']}"
                + (f" (on {', '.join(spec['dependencies'])})" if spec["dependencies"] else "")
                for name, spec in TARGETS.items()
            )
            print(f"{PROJECT} OK: the targets compile the .swift files of their folders ({compiled}) for "
                  f"{', '.join(PLATFORMS)}, with the package name {PACKAGE_NAME}; a shared scheme builds each")
        elif command == "interface":
            built = interface(root)
            print("library evolution OK: " + "; ".join(
                f"{name}, {count} sources, a verified {size}-byte {name}.swiftinterface" for name, count, size in built))
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
