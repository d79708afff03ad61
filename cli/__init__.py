"""The `facts` command line: parsing and rendering only (the work is `db.api`'s).

The entry point is `cli.main:main`; each `*_commands` module registers its commands.
Nothing is exported from the package itself.
"""

__all__: list[str] = []
