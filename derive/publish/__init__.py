"""Publishing from the catalog: table specs built into cells and footnotes, their formats,
and templates whose numbers come from the database."""
