"""The ``topper`` command: one sub-command a module, ``topper_host.cmd_<name>``.

Each command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``; adding a command means adding a module and its name below.
"""

import argparse
import importlib
import sys

COMMANDS = ("replay", "sim", "flash", "monitor")


def _available():
    found = []
    for name in COMMANDS:
        try:
            found.append((name, importlib.import_module("topper_host.cmd_" + name)))
        except ModuleNotFoundError as e:
            # Only a missing command module is skipped; a broken import inside one is a bug.
            if e.name != "topper_host.cmd_" + name:
                raise
    return found


def _version():
    """"topper 0.1.0 (game core 0.1.0)": the installed distribution and the firmware's core."""
    from topper import VERSION

    from topper_host import payload

    return "topper %s (game core %s)" % (payload.topper_version().split(" ", 1)[1], VERSION)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="topper", description="Topper Table host tools")
    parser.add_argument("--version", action="version", version=_version())
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules = {}
    for name, module in _available():
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        modules[name] = module
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    return modules[args.command].run(args)


if __name__ == "__main__":
    sys.exit(main())
