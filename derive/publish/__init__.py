"""Publishing from the catalog: table specs built into cells and footnotes, their formats,
and templates whose numbers come from the database."""

__all__ = ["formats", "graph", "roofline", "tables", "templates", "words"]
"""Its modules: import the one needed (`derive.publish.tables`); none is loaded here."""
