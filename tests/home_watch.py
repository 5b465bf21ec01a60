"""Which files a test run wrote under a home folder: tests/conftest.py checks the real home
with it at the end of a run. A module of its own, not in a conftest, because pytest keeps
every ``conftest.py`` under the one name ``conftest`` and a test importing it may get
another folder's."""

import os

WATCHED = (".local/state", ".local/share", ".config")


def written_since(home, since, watched=WATCHED):
    """The files under ``home``'s ``watched`` folders changed after ``since``."""
    out = []
    for sub in watched:
        for folder, _, files in os.walk(os.path.join(home, sub)):
            for name in files:
                path = os.path.join(folder, name)
                try:
                    if os.lstat(path).st_mtime > since:
                        out.append(path)
                except OSError:
                    pass
    return sorted(out)
