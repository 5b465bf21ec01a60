"""The ``topper`` command: one sub-command a module, ``topper_host.cmd_<name>``.

Each command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``; adding a command means adding a module and its name below.
"""

import argparse
import importlib
import os
import sys

COMMANDS = (
    "replay", "sim", "flash", "build", "monitor", "stats", "logs", "backup", "restore", "web", "serve",
)


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
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        # An option the command does not know: its own usage, not the top-level one.
        (sub.choices.get(args.command) or parser).error("unrecognized arguments: %s" % " ".join(unknown))
    if not args.command:
        parser.print_help()
        return 2
    try:
        return modules[args.command].run(args)
    except KeyboardInterrupt:
        print("topper %s: interrupted" % args.command, file=sys.stderr)
        return 130
    except Exception as e:  # noqa: BLE001
        # Every command reports the errors it foresees itself; reaching here is a bug.
        # One line for the user; TOPPER_DEBUG=1 shows the traceback for the report.
        if os.environ.get("TOPPER_DEBUG"):
            raise
        print(
            "topper %s: internal error (a bug in topper, please report it with the command "
            "line; TOPPER_DEBUG=1 shows where): %s: %s" % (args.command, type(e).__name__, e),
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())
