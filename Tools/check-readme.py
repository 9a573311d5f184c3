#!/usr/bin/env python3
"""Runs the examples of Tools/README.md and compares their output with the README.

    python3 Tools/check-readme.py BIN_DIR            # exit 1 if an example's output differs
    python3 Tools/check-readme.py BIN_DIR --update   # rewrite the README with the real output

Only ```console blocks are examples. In them, a line starting with `$ ` is a command, run with
bash in Tools/ with BIN_DIR (where `routes` was built) first on PATH; the lines up to the next
command are its expected output, standard output and standard error together.
"""
import os
import re
import subprocess
import sys

tools = os.path.dirname(os.path.abspath(__file__))
readme = os.path.join(tools, "README.md")
bin_dir, update = os.path.abspath(sys.argv[1]), "--update" in sys.argv[2:]
environment = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], COLUMNS="100")

lines = open(readme, encoding="utf-8").read().split("\n")
result, failures, examples, index = [], 0, 0, 0
while index < len(lines):
    line = lines[index]
    result.append(line)
    index += 1
    if line.strip() != "```console":
        continue
    while index < len(lines) and lines[index].strip() != "```":
        command = lines[index]
        if not command.startswith("$ "):
            sys.exit(f"README.md:{index + 1}: a console block must start with a `$ ` command")
        start = index + 1
        index = start
        while index < len(lines) and lines[index].strip() != "```" and not lines[index].startswith("$ "):
            index += 1
        expected = lines[start:index]
        run = subprocess.run(["bash", "-c", command[2:]], cwd=tools, env=environment,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        actual = run.stdout.rstrip("\n").split("\n") if run.stdout.strip("\n") else []
        examples += 1
        if actual != expected:
            failures += 1
            if not update:
                print(f"README.md:{start}: `{command[2:]}` prints something else:")
                for text in actual:
                    print("    " + text)
        result.append(command)
        result.extend(actual)

if update:
    open(readme, "w", encoding="utf-8").write("\n".join(result))
    print(f"README.md: {examples} examples, {failures} updated")
elif failures:
    print(f"README.md: {failures} of {examples} examples are out of date "
          "(python3 Tools/check-readme.py BIN_DIR --update rewrites them)")
    sys.exit(1)
else:
    print(f"README.md: {examples} examples match the real output")
