"""Storage: engines, the schema and its migrations, catalog reads and writes."""
