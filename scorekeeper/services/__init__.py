"""Application services the app and the command line share: recording, the catalog of
sessions, settings, the statistics store. Between the rules (core) and the disk (storage)."""
