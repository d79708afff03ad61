"""The `facts` command line: parsing and rendering only."""
